import Foundation

/// A repository made once for a suite, each test given a copy of its own
/// (`TemporaryRepository.copy()`): a history of hundreds of commits is made by hundreds of git
/// processes, and most suites ask for the same one in every test. Its objects are packed once
/// made (a copy is then a few files, not a thousand loose objects), and the folder is removed
/// when the test process exits.
public final class SharedRepository: @unchecked Sendable {
  // `@unchecked Sendable`: `made` is set once under `lock`, then only copied (read). An
  // `NSLock`, as `Locked` in the library: the thread sanitizer sees a pthread mutex, not the
  // futex of `Synchronization.Mutex`.
  private let make: @Sendable () throws -> TemporaryRepository
  private let lock = NSLock()
  private var made: Result<TemporaryRepository, any Error>?

  /// A repository `make` makes, the first time a test asks for one.
  public init(_ make: @escaping @Sendable () throws -> TemporaryRepository) {
    self.make = make
  }

  /// A copy of the repository, made first if no test has asked yet (a failure to make it is
  /// each test's failure).
  public func copy() throws -> TemporaryRepository {
    let template = lock.withLock {
      if let made { return made }
      let result = Result {
        let repository = try make()
        SharedRepository.removeAtExit(repository.root.path)
        try repository.packEveryRepository()
        return repository
      }
      made = result
      return result
    }
    return try template.get().copy()
  }

  /// The folders of the repositories made, removed by the first call's `atexit` handler: a
  /// static repository is never released. Behind an `NSLock`, as `made` is.
  private static let madeFoldersLock = NSLock()
  nonisolated(unsafe) private static var madeFolders: [String] = []

  private static func removeAtExit(_ folder: String) {
    let first = madeFoldersLock.withLock {
      madeFolders.append(folder)
      return madeFolders.count == 1
    }
    guard first else { return }
    atexit {
      for folder in SharedRepository.madeFoldersLock.withLock({ SharedRepository.madeFolders }) {
        try? FileManager.default.removeItem(atPath: folder)
      }
    }
  }
}
