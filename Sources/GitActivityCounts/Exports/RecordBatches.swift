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
  private var current: RecordBatch?
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

  /// Adds a line (read by copies of `parser`); full batches are started, and the oldest handed
  /// over when `width` are under way.
  mutating func add(
    _ line: UnsafeRawBufferPointer, number: Int, parser: CommitRecordParser,
    _ body: (RecordView, Int) -> Void
  ) throws(LineReader.Failure) {
    let batch = current ?? spare.popLast() ?? RecordBatch(parser: parser)
    if current == nil { batch.reset(parser: parser) }
    current = batch
    batch.append(line, number: number)
    guard batch.byteCount >= batchBytes else { return }
    current = nil
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

  /// Parses what is left and hands every record over, in order.
  mutating func finish(_ body: (RecordView, Int) -> Void) throws(LineReader.Failure) {
    if let batch = current {
      current = nil
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
    current = nil
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
  private var bytes: [UInt8] = []
  /// Where each line ends in `bytes`, and its number in the file.
  private var lineEnds: [Int] = []
  private var lineNumbers: [Int] = []
  private var parser: CommitRecordParser
  /// Each record read: its line, what it holds, and where its decoded texts are in `scratch`.
  private var records: [(line: Int, content: RecordView.Content, scratch: Range<Int>)] = []
  private var scratch: [UInt8] = []
  private var failure: (line: Int, message: String)?

  init(parser: CommitRecordParser) {
    self.parser = parser
  }

  var byteCount: Int { bytes.count }

  /// Empties the batch for new lines, keeping its memory.
  func reset(parser: CommitRecordParser) {
    self.parser = parser
    bytes.removeAll(keepingCapacity: true)
    lineEnds.removeAll(keepingCapacity: true)
    lineNumbers.removeAll(keepingCapacity: true)
    records.removeAll(keepingCapacity: true)
    scratch.removeAll(keepingCapacity: true)
    failure = nil
  }

  func append(_ line: UnsafeRawBufferPointer, number: Int) {
    bytes.append(contentsOf: line)
    lineEnds.append(bytes.count)
    lineNumbers.append(number)
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
    records.reserveCapacity(lineEnds.count)
    bytes.withUnsafeBytes { all in
      var start = 0
      for (index, end) in lineEnds.enumerated() {
        let line = UnsafeRawBufferPointer(rebasing: all[start..<end])
        start = end
        do throws(CommitRecordParser.Failure) {
          try parser.parse(line) { view in
            let first = scratch.count
            if !view.scratch.isEmpty { scratch.append(contentsOf: view.scratch) }
            records.append((index, view.content, first..<scratch.count))
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
    bytes.withUnsafeBytes { all in
      scratch.withUnsafeBytes { decoded in
        for record in records {
          let start = record.line == 0 ? 0 : lineEnds[record.line - 1]
          let view = RecordView(
            line: UnsafeRawBufferPointer(rebasing: all[start..<lineEnds[record.line]]),
            scratch: UnsafeRawBufferPointer(rebasing: decoded[record.scratch]),
            content: record.content)
          body(view, lineNumbers[record.line])
        }
      }
    }
    if let failure {
      throw LineReader.Failure(message: "\(lineNumbers[failure.line]): \(failure.message)")
    }
  }
}
