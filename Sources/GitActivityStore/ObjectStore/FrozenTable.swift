import Foundation

/// A table of 32-bit numbers made once and never changed, at an address that stays valid as long
/// as the table lives: readers on every thread index it through `values` without touching a
/// reference count (an array shared by the workers would have its count bounced between cores on
/// every read). Immutable once made, hence `@unchecked Sendable`.
final class FrozenTable: @unchecked Sendable {
  let values: UnsafeBufferPointer<UInt32>

  init(_ array: [UInt32]) {
    let buffer = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: max(array.count, 1))
    _ = buffer.initialize(from: array)
    values = UnsafeBufferPointer(rebasing: buffer[0..<array.count])
  }

  deinit {
    UnsafeMutableRawPointer(mutating: values.baseAddress)?.deallocate()
  }
}
