import Foundation
import Synchronization

/// A repository made once for a suite, each test given a copy of its own
/// (`TemporaryRepository.copy()`): a history of hundreds of commits is made by hundreds of git
/// processes, and most suites ask for the same one in every test. Its objects are packed once
/// made (a copy is then a few files, not a thousand loose objects), and the folder is removed
/// when the test process exits.
public final class SharedRepository: Sendable {
  // `@unchecked Sendable`: made once under the lock, then only copied (read).
  private struct Made: @unchecked Sendable {
    let result: Result<TemporaryRepository, any Error>
  }

  private let make: @Sendable () throws -> TemporaryRepository
  private let made = Mutex<Made?>(nil)

  /// A repository `make` makes, the first time a test asks for one.
  public init(_ make: @escaping @Sendable () throws -> TemporaryRepository) {
    self.make = make
  }

  /// A copy of the repository, made first if no test has asked yet (a failure to make it is
  /// each test's failure).
  public func copy() throws -> TemporaryRepository {
    let template = made.withLock { made in
      if let made { return made }
      let result = Made(
        result: Result {
          let repository = try make()
          SharedRepository.removeAtExit(repository.root.path)
          try repository.packEveryRepository()
          return repository
        })
      made = result
      return result
    }
    return try template.result.get().copy()
  }

  /// The folders of the repositories made, removed by the first call's `atexit` handler: a
  /// static repository is never released.
  private static let madeFolders = Mutex<[String]>([])

  private static func removeAtExit(_ folder: String) {
    let first = madeFolders.withLock { folders in
      folders.append(folder)
      return folders.count == 1
    }
    guard first else { return }
    atexit {
      for folder in SharedRepository.madeFolders.withLock({ $0 }) {
        try? FileManager.default.removeItem(atPath: folder)
      }
    }
  }
}
