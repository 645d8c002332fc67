import CGit2
import Foundation

/// Compresses a stream of bytes as gzip (`.gz`), handing the compressed bytes on as they come:
/// nothing is held but zlib's window and one output buffer.
public final class GzipCompressor {
  private let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
  private var output = [UInt8](repeating: 0, count: 1 << 16)
  private let isReady: Bool
  private let sink: ([UInt8]) -> Void

  /// A compressor that gives its output to `sink`, a piece at a time.
  public init(sink: @escaping ([UInt8]) -> Void) {
    self.sink = sink
    stream.initialize(to: z_stream())
    isReady = cgit2_deflate_init_gzip(stream, 6) == Z_OK
  }

  deinit {
    if isReady { deflateEnd(stream) }
    stream.deinitialize(count: 1)
    stream.deallocate()
  }

  /// Compresses `bytes`.
  public func write(_ bytes: UnsafeRawBufferPointer) {
    run(bytes, flush: Z_NO_FLUSH)
  }

  /// Ends the stream: the last compressed bytes and gzip's trailer (its CRC and length).
  public func finish() {
    run(UnsafeRawBufferPointer(start: nil, count: 0), flush: Z_FINISH)
  }

  private func run(_ bytes: UnsafeRawBufferPointer, flush: Int32) {
    guard isReady else { return }
    stream.pointee.next_in = UnsafeMutablePointer(
      mutating: bytes.baseAddress?.assumingMemoryBound(to: UInt8.self))
    stream.pointee.avail_in = UInt32(bytes.count)
    repeat {
      let produced = output.withUnsafeMutableBufferPointer { buffer -> Int in
        stream.pointee.next_out = buffer.baseAddress
        stream.pointee.avail_out = UInt32(buffer.count)
        _ = deflate(stream, flush)
        return buffer.count - Int(stream.pointee.avail_out)
      }
      if produced > 0 { sink(Array(output[0..<produced])) }
    } while stream.pointee.avail_out == 0 || stream.pointee.avail_in > 0
  }
}
