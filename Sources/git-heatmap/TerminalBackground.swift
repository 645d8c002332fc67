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
  /// The terminal's modes while a query is under way, for the signal handler to put back. In
  /// memory of its own: a global `termios` is laid out by the Swift compiler (6.3, debug builds)
  /// three bytes shorter than the C struct, so that assigning one wrote past it (the address
  /// sanitizer's `global-buffer-overflow`).
  nonisolated(unsafe) private static let saved = UnsafeMutablePointer<termios>.allocate(
    capacity: 1)
  nonisolated(unsafe) private static var savedDescriptor: Int32 = -1

  /// The background color, or nil when there is no terminal, when keys typed ahead are waiting
  /// (they are the user's: the query would read them, so it is not made), or when the terminal
  /// does not say within `timeoutMilliseconds`. Only the reply is read, a byte at a time up to
  /// the end of the DA1 answer; a key typed while the reply comes is given back to the terminal
  /// (`TIOCSTI`, where the system still allows it). The mode is changed with `TCSANOW`, which
  /// flushes nothing. Under a pager, stdout is a pipe: the terminal is still `/dev/tty`.
  static func query(timeoutMilliseconds: Int32 = 100) -> RGB? {
    guard isatty(STDIN_FILENO) == 1 else { return nil }
    let descriptor = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var original = termios()
    guard tcgetattr(descriptor, &original) == 0 else { return nil }
    var raw = original
    raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
    saved.pointee = original
    savedDescriptor = descriptor
    TemporaryFiles.beforeExit = { TerminalBackground.restore() }
    guard tcsetattr(descriptor, TCSANOW, &raw) == 0 else { return nil }
    defer { restore() }
    // Out of canonical mode, a line typed ahead (even without its Enter) is readable: then the
    // keys are the user's, and they stay where they are.
    var pending = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    if poll(&pending, 1, 0) > 0 { return nil }
    let request = "\u{1B}]11;?\u{1B}\\\u{1B}[c"
    let writer = DescriptorWriter(descriptor: descriptor)
    writer.write(request)
    guard writer.failure == 0 else { return nil }
    var reply: [UInt8] = []
    let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(timeoutMilliseconds) * 1_000_000
    var byte: UInt8 = 0
    while !endsWithDeviceAttributes(reply) {
      let now = DispatchTime.now().uptimeNanoseconds
      guard now < deadline else { break }
      var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      let left = Int32((deadline - now) / 1_000_000) + 1
      guard poll(&poller, 1, left) > 0 else { break }
      guard read(descriptor, &byte, 1) == 1 else { break }
      reply.append(byte)
    }
    giveBack(typed(in: reply), to: descriptor)
    return parse(reply)
  }

  /// The bytes of `reply` that are not the terminal's answers (OSC 11 and DA1): keys typed
  /// while they came.
  static func typed(in reply: [UInt8]) -> [UInt8] {
    var keys: [UInt8] = []
    var index = 0
    while index < reply.count {
      guard reply[index] == 0x1B, index + 1 < reply.count else {
        keys.append(reply[index])
        index += 1
        continue
      }
      var end = index + 2
      if reply[index + 1] == UInt8(ascii: "]") {
        // OSC: to BEL or to ST (ESC \).
        while end < reply.count && reply[end] != 0x07
          && !(reply[end] == 0x1B && end + 1 < reply.count && reply[end + 1] == 0x5C)
        {
          end += 1
        }
        end += end < reply.count && reply[end] == 0x07 ? 1 : 2
      } else if reply[index + 1] == UInt8(ascii: "[") {
        // CSI: parameters, then a final byte from @ to ~.
        while end < reply.count && !(0x40...0x7E).contains(reply[end]) { end += 1 }
        end += 1
      } else {
        keys.append(reply[index])
        index += 1
        continue
      }
      index = min(end, reply.count)
    }
    return keys
  }

  /// Puts keys back into the terminal's input, where the shell will read them.
  private static func giveBack(_ keys: [UInt8], to descriptor: Int32) {
    for var key in keys {
      _ = ioctl(descriptor, UInt(TIOCSTI), &key)
    }
  }

  /// Puts the terminal's modes back; safe to call from the signal handler.
  static func restore() {
    guard savedDescriptor >= 0 else { return }
    tcsetattr(savedDescriptor, TCSANOW, saved)
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
