import Foundation
import GitActivity

/// The terminal's background color, asked of the terminal itself with the OSC 11 query, as
/// editors and pagers do, so that a light profile gets the light palette.
///
/// The query goes to `/dev/tty` in raw mode, followed by a primary device-attributes query
/// (DA1, `ESC [ c`) that every terminal answers: a terminal that does not know OSC 11 answers
/// only DA1, so the wait ends at once rather than at the time limit. The terminal's modes are
/// put back before returning, and by the signal handler if a signal comes meanwhile.
enum TerminalBackground {
  /// The terminal's modes while a query is under way, for the signal handler to put back.
  nonisolated(unsafe) private static var saved = termios()
  nonisolated(unsafe) private static var savedDescriptor: Int32 = -1

  /// The background color, or nil when there is no terminal on stdin and stdout, or it does not
  /// say within `timeoutMilliseconds`.
  static func query(timeoutMilliseconds: Int32 = 200) -> RGB? {
    guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { return nil }
    let descriptor = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var original = termios()
    guard tcgetattr(descriptor, &original) == 0 else { return nil }
    var raw = original
    raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
    saved = original
    savedDescriptor = descriptor
    TemporaryFiles.beforeExit = { TerminalBackground.restore() }
    guard tcsetattr(descriptor, TCSANOW, &raw) == 0 else { return nil }
    defer { restore() }
    let request = "\u{1B}]11;?\u{1B}\\\u{1B}[c"
    let writer = DescriptorWriter(descriptor: descriptor)
    writer.write(request)
    guard writer.failure == 0 else { return nil }
    var reply: [UInt8] = []
    let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(timeoutMilliseconds) * 1_000_000
    var buffer = [UInt8](repeating: 0, count: 256)
    while !endsWithDeviceAttributes(reply) {
      let now = DispatchTime.now().uptimeNanoseconds
      guard now < deadline else { break }
      var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      let left = Int32((deadline - now) / 1_000_000) + 1
      guard poll(&poller, 1, left) > 0 else { break }
      let count = read(descriptor, &buffer, buffer.count)
      guard count > 0 else { break }
      reply += buffer[0..<count]
    }
    return parse(reply)
  }

  /// Puts the terminal's modes back; safe to call from the signal handler.
  static func restore() {
    guard savedDescriptor >= 0 else { return }
    tcsetattr(savedDescriptor, TCSANOW, &saved)
    savedDescriptor = -1
  }

  /// Whether the bytes end with the DA1 answer, `ESC [ ? … c`.
  private static func endsWithDeviceAttributes(_ bytes: [UInt8]) -> Bool {
    guard bytes.last == UInt8(ascii: "c"),
      let start = bytes.lastIndex(of: 0x1B), start + 2 < bytes.count
    else { return false }
    return bytes[start + 1] == UInt8(ascii: "[") && bytes[start + 2] == UInt8(ascii: "?")
  }

  /// The color in an OSC 11 answer: `ESC ] 11 ; rgb:RRRR/GGGG/BBBB` ended by BEL or ST, with
  /// one to four hex digits per channel.
  static func parse(_ bytes: [UInt8]) -> RGB? {
    let text = String(decoding: bytes, as: UTF8.self)
    guard let start = text.range(of: "]11;rgb:") else { return nil }
    let rest = text[start.upperBound...]
    let body = rest.prefix { $0.isHexDigit || $0 == "/" }
    let parts = body.split(separator: "/")
    guard parts.count == 3 else { return nil }
    var channels: [UInt8] = []
    for part in parts {
      guard (1...4).contains(part.count), let value = UInt32(part, radix: 16) else { return nil }
      let maximum = (UInt32(1) << (4 * UInt32(part.count))) - 1
      channels.append(UInt8((value * 255 + maximum / 2) / maximum))
    }
    return RGB(red: channels[0], green: channels[1], blue: channels[2])
  }
}
