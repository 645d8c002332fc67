import Foundation
import Synchronization

/// A repository made once for a suite, each test given a copy of its own
/// (`TemporaryRepository.copy()`): a history of hundreds of commits is made by hundreds of git
/// processes, and most suites ask for the same one in every test.
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
      let result = Made(result: Result { try make() })
      made = result
      return result
    }
    return try template.result.get().copy()
  }
}
