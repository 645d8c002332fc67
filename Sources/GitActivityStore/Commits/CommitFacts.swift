/// What one commit contributes to a graph, read from its header and nothing more.
///
/// Stored in 36 bytes of 4-byte words (the dates' seconds in two halves each, a missing date as
/// an impossible offset), so that millions of them, as a draw from exports holds, stay small.
public struct CommitFacts: Hashable, Sendable, BitwiseCopyable {
  private var authorLow: UInt32
  private var authorHigh: UInt32
  private var committerLow: UInt32
  private var committerHigh: UInt32
  /// The offsets in minutes; `missing` when the date is nil.
  private var authorOffset: Int32
  private var committerOffset: Int32
  /// The index of the author in `History.identities`, or -1 when the commit names no author.
  package var identity: Int32
  /// How many parents the commit has (more than one: a merge).
  package var parentCount: Int32
  /// The index of the committer in `History.identities`, or -1 when the commit names none.
  package var committerIdentity: Int32

  /// No offset git can write (its offsets stay within ±1,288,490,206 minutes).
  private static let missing = Int32.min

  /// A commit's facts, as read from its header.
  package init(
    author: Timestamp?, committer: Timestamp?, identity: Int32, parentCount: Int32,
    committerIdentity: Int32 = -1
  ) {
    (authorLow, authorHigh, authorOffset) = (0, 0, Self.missing)
    (committerLow, committerHigh, committerOffset) = (0, 0, Self.missing)
    self.identity = identity
    self.parentCount = parentCount
    self.committerIdentity = committerIdentity
    self.author = author
    self.committer = committer
  }

  /// The author date; nil when git would show no date (no timestamp or no offset).
  public var author: Timestamp? {
    get { Self.stamp(authorLow, authorHigh, authorOffset) }
    set { (authorLow, authorHigh, authorOffset) = Self.parts(newValue) }
  }

  /// The committer date; nil likewise.
  public var committer: Timestamp? {
    get { Self.stamp(committerLow, committerHigh, committerOffset) }
    set { (committerLow, committerHigh, committerOffset) = Self.parts(newValue) }
  }

  @inline(__always)
  private static func stamp(_ low: UInt32, _ high: UInt32, _ offset: Int32) -> Timestamp? {
    guard offset != missing else { return nil }
    let seconds = Int64(bitPattern: UInt64(high) << 32 | UInt64(low))
    return Timestamp(seconds: seconds, offsetMinutes: offset)
  }

  @inline(__always)
  private static func parts(_ stamp: Timestamp?) -> (UInt32, UInt32, Int32) {
    guard let stamp else { return (0, 0, missing) }
    let bits = UInt64(bitPattern: stamp.seconds)
    // The one offset that cannot be stored is one no commit has; it is read as its neighbour.
    let offset = stamp.offsetMinutes == missing ? missing + 1 : stamp.offsetMinutes
    return (UInt32(truncatingIfNeeded: bits), UInt32(truncatingIfNeeded: bits >> 32), offset)
  }

  /// Whether the commit is a merge.
  package var isMerge: Bool { parentCount > 1 }
}
