import Foundation

/// How a walk chooses and stops.
public struct WalkOptions: Sendable, Equatable {
  /// `--first-parent`: follow only the first parent of merges.
  public var followsFirstParentOnly = false
  /// Do not walk past commits committed before this time (seconds since the epoch): a commit
  /// older than the window does not lead back into it, except through clock skew, which the
  /// caller's margin absorbs. Such a commit is still counted when it is reached; only its
  /// parents are not read. Nil reads all history.
  public var committedNoEarlierThan: Int64?
  /// How many threads read commits; each opens its own `git_repository`.
  public var workerCount = ProcessInfo.processInfo.activeProcessorCount
  /// Counts the commits read, for a progress display.
  public var progress: WalkProgress?
  /// Whether `History.ids` is filled: needed to count a commit once across repositories,
  /// 24 bytes a commit otherwise.
  public var recordsCommitIDs = true
  /// Whether git's `commit-graph` file may tell the walk which commits to read before it reads
  /// them, so that all cores inflate commits at once.
  public var usesCommitGraph = true
  /// Whether commits are read straight out of the packs, with libgit2 for whatever the packs
  /// do not give; false reads every commit through libgit2.
  public var readsPacksDirectly = true
  /// How many commits a worker reads before it takes the walk for a long one
  /// (`PackCursor.shortWalk` unless set; tests set 0, so that small histories are read as long
  /// ones are).
  var shortWalkReads: Int?
  /// Where replace refs live (git's `GIT_REPLACE_REF_BASE`), or nil to read every object as it
  /// is (`--no-replace-objects`, `GIT_NO_REPLACE_OBJECTS`).
  public var replaceRefBase: String? = "refs/replace/"
  /// The graft file (`GIT_GRAFT_FILE`); nil means `info/grafts` in the git directory.
  public var graftFile: String?
  /// Whether to read each commit's message for the trailers a count reads: `Co-authored-by`
  /// (`--co-authors`) and those that mark AI-assisted work (`assistedTrailerKeys`). A cache
  /// made without them (or with other keys) is set aside: such a walk reads every commit.
  public var readsTrailers = false
  /// The trailer keys that mark a commit AI-assisted (`Assisted-by`, `Generated-by` and those of
  /// `heatmap.assistedTrailer`), compared without regard to case.
  public var assistedTrailerKeys = CommitTrailers.builtInAssistedKeys {
    didSet { keyBytes = Self.bytes(of: assistedTrailerKeys) }
  }
  /// `assistedTrailerKeys` as `trailerKeys` gives them, made when they are set: walks read
  /// them for every commit.
  private var keyBytes = bytes(of: CommitTrailers.builtInAssistedKeys)
  /// The keys a walk reads trailers for, as lowercase bytes; nil when it reads none.
  var trailerKeys: [[UInt8]]? { readsTrailers ? keyBytes : nil }
  /// What a cache made by this walk says about the trailers it holds (see
  /// `HistoryCache.trailerKeys`): the keys, sorted and lowercase, one a line; nil for none.
  var cachedTrailerKeys: String? {
    readsTrailers ? Self.normalized(assistedTrailerKeys).joined(separator: "\n") : nil
  }

  /// `normalized(keys)` as bytes.
  private static func bytes(of keys: [String]) -> [[UInt8]] {
    normalized(keys).map { Array($0.utf8) }
  }

  /// Keys lowercase, each once, sorted.
  static func normalized(_ keys: [String]) -> [String] {
    Array(Set(keys.map { $0.lowercased() })).sorted()
  }
  /// With `--follow`: how the followed file's lines are counted, commit by commit, as git log
  /// --follow --numstat shows them (the walk counts them: the file's name changes on the way);
  /// nil when lines are not counted.
  package var followLines: LineCountingOptions?
  /// Whether each commit's tree is kept beside its facts in the cache the walk makes (in memory
  /// only: the cache file holds none), for a pathspec walk that compares trees after it.
  var recordsTrees = false
  /// For tests: a pathspec walk waits until its helper has answered all it can, so that every
  /// answer the helper can give is the helper's.
  var waitsForHelper = false

  /// Options for a walk: first parent only, where to stop, how many threads.
  public init(
    followsFirstParentOnly: Bool = false, committedNoEarlierThan: Int64? = nil,
    workerCount: Int = ProcessInfo.processInfo.activeProcessorCount
  ) {
    self.followsFirstParentOnly = followsFirstParentOnly
    self.committedNoEarlierThan = committedNoEarlierThan
    self.workerCount = workerCount
  }
}

extension WalkOptions {
  /// The packs a walk of `repository` reads commits from directly, unless these options say to
  /// read every commit through libgit2.
  func packStore(in repository: Repository) -> PackStore? {
    readsPacksDirectly ? PackStore(objectsDirectory: repository.objectsDirectory) : nil
  }
}
