/// The lines of an export parsed on other threads, a batch of lines at a time, and handed over
/// on the calling thread in the file's order, each record with its line number: what was one
/// core's work (parsing is three quarters of a `--from` read) is spread over the cores, and
/// everything the records are handed to still happens in order on one thread. A failure is
/// reported where it is in the file: the records before it are handed over first, none after.
struct RecordBatches {
  /// Batches being parsed at once; at 1 each batch is parsed on the calling thread.
  let width: Int
  /// About how many bytes of lines a batch holds (a longer line makes a longer batch).
  let batchBytes: Int
  /// The lines of the batch being gathered: in the struct, not in a batch object, so that a
  /// line's three appends take no reference count and no run-time access check (a tenth of the
  /// reading thread's time). Handed to a batch whole when it is full.
  private var lines = RecordBatch.Lines()
  private var parser: CommitRecordParser?
  /// Batches handed over, kept to be filled again: a new batch's memory is the kernel's to map
  /// and clear, a megabyte at a time, hundreds of times a pass.
  private var spare: [RecordBatch] = []
  private var parsing: [(batch: RecordBatch, handle: Threads.Handle?)] = []
  /// Whether a batch handed over failed: nothing more is handed over.
  private(set) var hasFailed = false

  init(width: Int, batchBytes: Int = 1 << 20) {
    self.width = max(1, width)
    self.batchBytes = max(1, batchBytes)
  }

  /// Adds a line (read by copies of `parser`, as it is when the batch's first line is added);
  /// full batches are started, and the oldest handed over when `width` are under way.
  mutating func add(
    _ line: UnsafeRawBufferPointer, number: Int, parser: CommitRecordParser,
    _ body: (RecordView, Int) -> Void
  ) throws(LineReader.Failure) {
    if lines.lineEnds.isEmpty { self.parser = parser }
    lines.append(line, number: number)
    guard lines.bytes.count >= batchBytes else { return }
    let batch = nextBatch()
    if width == 1 {
      batch.parse()
      try deliver(batch, body)
      return
    }
    parsing.append((batch, Threads.start { batch.parse() }))
    if parsing.count >= width {
      let oldest = parsing.removeFirst()
      oldest.handle?.wait()
      try deliver(oldest.batch, body)
    }
  }

  /// A batch holding the lines gathered (a spare one if there is one); the gathering starts
  /// again empty, with the memory of the lines the batch held before.
  private mutating func nextBatch() -> RecordBatch {
    let batch = spare.popLast() ?? RecordBatch()
    batch.take(&lines, parser: parser ?? CommitRecordParser())
    return batch
  }

  /// Parses what is left and hands every record over, in order.
  mutating func finish(_ body: (RecordView, Int) -> Void) throws(LineReader.Failure) {
    if !lines.lineEnds.isEmpty {
      let batch = nextBatch()
      parsing.append((batch, nil))
      batch.parse()
    }
    while !parsing.isEmpty {
      let oldest = parsing.removeFirst()
      oldest.handle?.wait()
      try deliver(oldest.batch, body)
    }
  }

  /// Waits for every batch under way and hands nothing more over (after a failure).
  mutating func abandon() {
    for (_, handle) in parsing { handle?.wait() }
    parsing = []
    lines.removeAll()
  }

  private mutating func deliver(_ batch: RecordBatch, _ body: (RecordView, Int) -> Void)
    throws(LineReader.Failure)
  {
    guard !hasFailed else { return }
    do {
      try batch.deliver(body)
      spare.append(batch)
    } catch {
      hasFailed = true
      abandon()
      throw error
    }
  }
}

/// One batch of lines, owned by one thread at a time: filled by the reading thread, parsed by
/// the thread started for it (the start hands it over, the join hands it back), then read by
/// the reading thread. Hence `@unchecked Sendable`: it is never used by two threads at once.
final class RecordBatch: @unchecked Sendable {
  /// Lines one after another, where each ends, and its number in the file.
  struct Lines {
    var bytes: [UInt8] = []
    var lineEnds: [Int] = []
    var lineNumbers: [Int] = []

    mutating func append(_ line: UnsafeRawBufferPointer, number: Int) {
      bytes.append(contentsOf: line)
      lineEnds.append(bytes.count)
      lineNumbers.append(number)
    }

    /// Empties them, keeping their memory.
    mutating func removeAll() {
      bytes.removeAll(keepingCapacity: true)
      lineEnds.removeAll(keepingCapacity: true)
      lineNumbers.removeAll(keepingCapacity: true)
    }
  }

  private var lines = Lines()
  private var parser = CommitRecordParser()
  /// Each record read: its line, what it holds, and where its decoded texts are in `scratch`.
  /// (A struct, not a tuple: an array of tuples is emptied through the runtime's generic
  /// destroy, an element at a time.)
  private struct Parsed {
    var line: Int
    var content: RecordView.Content
    var scratch: Range<Int>
  }
  private var records: [Parsed] = []
  private var scratch: [UInt8] = []
  private var failure: (line: Int, message: String)?

  /// Takes `lines` to parse with `parser`, and leaves in their place its own earlier lines,
  /// emptied: the two sets of buffers take turns, and neither is allocated again.
  func take(_ gathered: inout Lines, parser: CommitRecordParser) {
    self.parser = parser
    swap(&lines, &gathered)
    gathered.removeAll()
    records.removeAll(keepingCapacity: true)
    scratch.removeAll(keepingCapacity: true)
    failure = nil
  }

  /// Reads every line, up to the first that is not a record. (In locals, handed back at the
  /// end: the class's own properties, changed inside the parser's closure, were checked for
  /// exclusive access at every record.)
  func parse() {
    var parser = self.parser
    // Taken out, not shared, so that they grow in place.
    var records = self.records
    self.records = []
    var scratch = self.scratch
    self.scratch = []
    var failure: (line: Int, message: String)?
    records.reserveCapacity(lines.lineEnds.count)
    lines.bytes.withUnsafeBytes { all in
      var start = 0
      for (index, end) in lines.lineEnds.enumerated() {
        let line = UnsafeRawBufferPointer(rebasing: all[start..<end])
        start = end
        do throws(CommitRecordParser.Failure) {
          try parser.parse(line) { view in
            let first = scratch.count
            if !view.scratch.isEmpty { scratch.append(contentsOf: view.scratch) }
            records.append(
              Parsed(line: index, content: view.content, scratch: first..<scratch.count))
          }
        } catch {
          failure = (index, error.message)
          return
        }
      }
    }
    self.records = records
    self.scratch = scratch
    self.failure = failure
  }

  /// Hands each record over with its line number; then the failure, if a line was not a record.
  func deliver(_ body: (RecordView, Int) -> Void) throws(LineReader.Failure) {
    // In locals: a class's properties read in the loop are access-checked at every record.
    let (ends, numbers, records) = (lines.lineEnds, lines.lineNumbers, records)
    lines.bytes.withUnsafeBytes { all in
      scratch.withUnsafeBytes { decoded in
        for record in records {
          let start = record.line == 0 ? 0 : ends[record.line - 1]
          let view = RecordView(
            line: UnsafeRawBufferPointer(rebasing: all[start..<ends[record.line]]),
            scratch: UnsafeRawBufferPointer(rebasing: decoded[record.scratch]),
            content: record.content)
          body(view, numbers[record.line])
        }
      }
    }
    if let failure {
      throw LineReader.Failure(message: "\(lines.lineNumbers[failure.line]): \(failure.message)")
    }
  }
}
