import CGit2
import Foundation

/// A failed libgit2 call, with libgit2's own explanation, or a problem we found in git's data.
public struct GitError: Error, Hashable, Sendable, CustomStringConvertible {
  /// libgit2's error code (`GIT_ENOTFOUND` …), or -1 for errors of our own.
  package var code: Int32
  /// libgit2's error class (`GIT_ERROR_ODB` …), 0 when there is none.
  var errorClass: Int32
  /// What went wrong, in a form fit for a one-line message.
  public var message: String
  /// The libgit2 function that failed, or the operation of ours.
  package var function: String
  /// What kind of failure it is, for a caller to switch on.
  public var kind: Kind

  /// The kinds of failure a caller may want to tell apart.
  public enum Kind: Hashable, Sendable {
    /// The folder is not a git repository (nor any above it, where they were searched).
    case notARepository
    /// Another user owns the repository and `safe.directory` does not trust it.
    case dubiousOwnership
    /// A revision or ref that names nothing (`unknown revision`, `bad object`).
    case unknownRevision
    /// A repository libgit2 cannot read (SHA-256 objects, an unknown extension).
    case unsupportedRepository
    /// An object, pack or index that is damaged: a checksum, a length or a parse failed.
    case damagedObject
    /// A request malformed in itself: a pathspec git would not parse, a bad pattern.
    case invalidRequest
    /// The walk was cancelled (`WalkProgress.cancel()`, or the task of an `async` report).
    case cancelled
    /// Anything else libgit2 or the file system reported.
    case other

    /// What a failed read of an object is, by libgit2's code: an object that is not there is
    /// an unknown revision, any other failure a damaged object.
    package static func objectRead(_ status: Int32) -> Kind {
      Code(status) == .notFound ? .unknownRevision : .damagedObject
    }

    /// `GIT_EOWNER` is dubious ownership whatever the call; any other status is `kind`.
    static func owned(_ status: Int32, else kind: Kind) -> Kind {
      Code(status) == .owner ? .dubiousOwnership : kind
    }
  }

  /// An error with libgit2's code and class, or -1 and 0 for one of ours, and the kind the
  /// thrower names: no kind is inferred from the words of the message.
  public init(
    code: Int32 = -1, errorClass: Int32 = 0, message: String, function: String, kind: Kind
  ) {
    self.code = code
    self.errorClass = errorClass
    self.message = message
    self.function = function
    self.kind = kind
  }

  public var description: String { message }

  /// Whether the request itself is malformed (a pathspec git would not parse), rather than
  /// the repository failing it.
  public var isUsage: Bool { function == "parse_pathspec" }

  /// Whether libgit2 said that something was not found.
  package var isNotFound: Bool { Code(code) == .notFound }

  /// libgit2's return codes (`git_error_code`) by name, so that no caller compares raw numbers.
  package struct Code: RawRepresentable, Hashable, Sendable {
    package var rawValue: Int32
    package init(rawValue: Int32) { self.rawValue = rawValue }
    package init(_ status: Int32) { rawValue = status }

    static let ok = Code(GIT_OK.rawValue)
    package static let notFound = Code(GIT_ENOTFOUND.rawValue)
    static let ambiguous = Code(GIT_EAMBIGUOUS.rawValue)
    package static let unbornBranch = Code(GIT_EUNBORNBRANCH.rawValue)
    package static let owner = Code(GIT_EOWNER.rawValue)
    /// The end of an iteration: the one negative status that is not an error.
    package static let iterationOver = Code(GIT_ITEROVER.rawValue)
  }

  /// Throws when `status` is an error, reading `git_error_last()` before anything else can.
  @inline(__always)
  package static func check(
    _ status: Int32, _ function: @autoclosure () -> String, kind: Kind
  ) throws(GitError) {
    guard status < 0 else { return }
    throw GitError.last(status: status, function: function(), kind: kind)
  }

  /// The error libgit2 recorded for the failing call. The corresponding C function is
  /// `git_error_last`.
  package static func last(status: Int32, function: String, kind: Kind) -> GitError {
    var message = "\(function) failed (\(status))"
    var errorClass: Int32 = 0
    if let last = git_error_last(), let text = last.pointee.message {
      message = String(
        decoding: UnsafeRawBufferPointer(start: text, count: strlen(text)), as: UTF8.self)
      errorClass = last.pointee.klass
    }
    return GitError(
      code: status, errorClass: errorClass, message: message, function: function,
      kind: .owned(status, else: kind))
  }
}

extension GitError: LocalizedError {
  /// The message, for `localizedDescription`.
  public var errorDescription: String? { message }
}
