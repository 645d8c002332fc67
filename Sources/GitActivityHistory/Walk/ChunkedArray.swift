import Foundation

/// An array of plain values that grows a chunk at a time, each chunk in its own anonymous
/// mapping: a million elements never cost a doubling copy (old and new buffers at once) nor more
/// than a chunk of unused room, and a chunk freed goes back to the kernel at once (the heap would
/// keep it). A walk's results grow one commit at a time without knowing how many there will be,
/// and are freed chunk by chunk as they are merged.
///
/// Not copy-on-write: copies share their chunks, so after a copy only one of them may append
/// (a worker appends to its own result, and only reads happen after it hands the result over).
///
/// Thread safety: an array is written only by the worker that owns it and crosses threads only
/// inside a `WorkerResult`, once that worker has finished; its pointers are why it is
/// `@unchecked Sendable`.
package struct ChunkedArray<Element: BitwiseCopyable & Sendable>: @unchecked Sendable {
  /// One chunk: a mapping of `capacity` elements, freed with the last array that holds it.
  @usableFromInline final class Chunk {
    @usableFromInline let base: UnsafeMutablePointer<Element>
    private let bytes: Int
    private let isMapped: Bool

    @usableFromInline init(capacity: Int) {
      bytes = capacity * MemoryLayout<Element>.stride
      let mapped = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
      if let mapped, mapped != MAP_FAILED {
        base = mapped.bindMemory(to: Element.self, capacity: capacity)
        isMapped = true
      } else {
        base = .allocate(capacity: capacity)
        isMapped = false
      }
    }

    deinit {
      if isMapped { munmap(base, bytes) } else { base.deallocate() }
    }
  }

  // Inlinable, as the walk's and the export reader's loops read and append across modules.
  @usableFromInline static var shift: Int { 15 }
  @usableFromInline static var chunkSize: Int { 1 << shift }
  @usableFromInline var chunks: [Chunk] = []
  /// Where the next element goes in the last chunk: appending touches no reference count.
  @usableFromInline var tail: UnsafeMutablePointer<Element>?
  package internal(set) var count = 0

  package init() {}

  var indices: Range<Int> { 0..<count }
  var isEmpty: Bool { count == 0 }

  /// The elements, a buffer per chunk, valid while this array lives.
  package var buffers: [UnsafeBufferPointer<Element>] {
    chunks.enumerated().map { index, chunk in
      UnsafeBufferPointer(
        start: chunk.base, count: min(Self.chunkSize, count - index * Self.chunkSize))
    }
  }

  @inlinable package mutating func append(_ element: Element) {
    if count & (Self.chunkSize - 1) == 0 {
      let chunk = Chunk(capacity: Self.chunkSize)
      chunks.append(chunk)
      tail = chunk.base
    }
    tail.unsafelyUnwrapped.initialize(to: element)
    tail = tail.unsafelyUnwrapped + 1
    count += 1
  }

  /// Appends the elements to `array` and empties this array, a chunk at a time: each chunk is
  /// given back as soon as it is copied, so that the two never hold every element at once (the
  /// room `array` reserves is not resident until written).
  package mutating func moveAll(into array: inout [Element]) {
    array.reserveCapacity(array.count + count)
    var left = count
    chunks.reverse()
    while let chunk = chunks.popLast() {
      let taken = min(Self.chunkSize, left)
      array.append(contentsOf: UnsafeBufferPointer(start: chunk.base, count: taken))
      left -= taken
    }
    count = 0
    tail = nil
  }

  mutating func append(contentsOf elements: some Sequence<Element>) {
    for element in elements { append(element) }
  }

  @inlinable package subscript(index: Int) -> Element {
    chunks[index >> Self.shift].base[index & (Self.chunkSize - 1)]
  }
}
