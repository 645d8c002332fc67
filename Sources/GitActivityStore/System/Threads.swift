import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Threads of the process's own (POSIX threads), not libdispatch's workers: libdispatch traps
/// when it cannot have the descriptors its event loop needs (`ulimit -n 5`), and a worker
/// it cannot start leaves its group waiting. When no thread can be had (`ulimit -v`, `ulimit
/// -u`), the work runs on the calling thread instead: slower, never wrong, never stuck.
public enum Threads {
  /// A started piece of work, to wait for once.
  public final class Handle: Sendable {
    private let thread: Locked<pthread_t?>

    init(_ thread: pthread_t?) { self.thread = Locked(thread) }

    /// Returns when the work has ended (at once when it ran on the calling thread).
    public func wait() {
      guard let thread = self.thread.withLock({ thread in thread.take() }) else { return }
      pthread_join(thread, nil)
    }
  }

  private final class Work {
    let body: () -> Void
    init(_ body: @escaping () -> Void) { self.body = body }
  }

  /// Starts `body` on a thread of its own, or runs it now when no thread can be had. Each
  /// thread's stack is 2 MiB (none recurses), so that a tight address-space limit
  /// still has room for some.
  public static func start(_ body: @escaping @Sendable () -> Void) -> Handle {
    let work = Unmanaged.passRetained(Work(body)).toOpaque()
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setstacksize(&attributes, 2 << 20)
    #if canImport(Glibc)
      var thread = pthread_t()
      let status = pthread_create(&thread, &attributes, Self.entry, work)
      guard status == 0 else {
        Unmanaged<Work>.fromOpaque(work).takeRetainedValue().body()
        return Handle(nil)
      }
      return Handle(thread)
    #else
      var thread: pthread_t?
      let status = pthread_create(&thread, &attributes, Self.entry, work)
      guard status == 0, let thread else {
        Unmanaged<Work>.fromOpaque(work).takeRetainedValue().body()
        return Handle(nil)
      }
      return Handle(thread)
    #endif
  }

  #if canImport(Glibc)
    private static let entry:
      @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? =
        { raw in
          guard let raw else { return nil }
          TemporaryFiles.prepareThread()
          Unmanaged<Work>.fromOpaque(raw).takeRetainedValue().body()
          return nil
        }
  #else
    private static let entry: @convention(c) (UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? =
      { raw in
        TemporaryFiles.prepareThread()
        Unmanaged<Work>.fromOpaque(raw).takeRetainedValue().body()
        return nil
      }
  #endif

  /// Calls `body` with every index of `0..<count`, on up to `width` threads (the calling one
  /// among them), each taking the next index until none is left.
  public static func concurrentPerform(
    iterations count: Int, width: Int, _ body: @escaping @Sendable (Int) -> Void
  ) {
    let next = Atomic<Int>(0)
    let share: @Sendable () -> Void = {
      while true {
        let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
        if index >= count { return }
        body(index)
      }
    }
    let handles = (0..<max(0, min(width, count) - 1)).map { _ in start(share) }
    share()
    handles.forEach { $0.wait() }
  }
}
