import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The few C spellings that differ between Linux (Glibc) and macOS (Darwin), each with both
/// beside each other, so that a reader can check them; the rest of the library calls these.
package enum Platform {
  /// A file's modification time, in whole seconds.
  static func modificationSeconds(_ status: stat) -> Int {
    #if canImport(Glibc)
      return status.st_mtim.tv_sec
    #else
      return status.st_mtimespec.tv_sec
    #endif
  }

  /// A file's time of last status change, in nanoseconds.
  static func changeNanoseconds(_ status: stat) -> Int64 {
    #if canImport(Glibc)
      return Int64(status.st_ctim.tv_sec) * 1_000_000_000 + Int64(status.st_ctim.tv_nsec)
    #else
      return Int64(status.st_ctimespec.tv_sec) * 1_000_000_000 + Int64(status.st_ctimespec.tv_nsec)
    #endif
  }

  /// `mmap` flags for anonymous memory filled at once: Linux's `MAP_POPULATE` asks for every
  /// page up front (one fault instead of one per page); Darwin has no such flag.
  static let populatedAnonymous: Int32 = {
    #if canImport(Glibc)
      return MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE
    #else
      return MAP_PRIVATE | MAP_ANONYMOUS
    #endif
  }()

  /// Sets the plain handler of a `sigaction` (glibc: `__sigaction_handler.sa_handler`,
  /// Darwin: `__sigaction_u.__sa_handler`).
  static func setHandler(
    _ action: inout sigaction, _ handler: (@convention(c) (Int32) -> Void)?
  ) {
    #if canImport(Glibc)
      action.__sigaction_handler.sa_handler = handler
    #else
      action.__sigaction_u.__sa_handler = handler
    #endif
  }

  /// The plain handler a `sigaction` holds, as an address (to compare with `SIG_IGN`).
  static func handlerAddress(_ action: sigaction) -> Int {
    #if canImport(Glibc)
      return unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self)
    #else
      return unsafeBitCast(action.__sigaction_u.__sa_handler, to: Int.self)
    #endif
  }

  /// The `newlocale` mask of what regcomp and regexec consult: character classes and
  /// collation (glibc's and Darwin's masks are both named, with different values).
  package static let regexLocaleMask: Int32 = LC_CTYPE_MASK | LC_COLLATE_MASK
}
