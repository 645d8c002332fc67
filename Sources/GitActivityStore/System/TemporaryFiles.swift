import Foundation

/// Temporary files that an interrupted run must not leave behind.
///
/// A file is registered before it is created and unregistered once it has been renamed into
/// place or removed. On SIGINT, SIGTERM or SIGHUP the handler unlinks every registered path and
/// exits as a shell reports a run ended by that signal (128 + its number). The handler uses only
/// async-signal-safe calls (`unlink`, `_exit`) and reads a fixed table of C strings: a slot is
/// filled with a complete, never-freed copy of the path by one aligned pointer store, so the
/// handler sees either nothing or a whole path, whatever thread it interrupts.
public enum TemporaryFiles {
  static let capacity = 256
  /// The slots; nil is free. Allocated once and never freed.
  nonisolated(unsafe) private static let slots: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> =
    {
      let slots = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
      slots.initialize(repeating: nil, count: capacity)
      return slots
    }()
  private static let lock = NSLock()
  /// The copies of unregistered paths: never freed (the handler may be reading one), and kept
  /// here so that they stay reachable, which leak checkers (LeakSanitizer in the tests' ASan
  /// runs) do not count as leaked.
  nonisolated(unsafe) private static var retired: [UnsafeMutablePointer<CChar>] = []
  /// Functions run first by the handler, such as giving a terminal back; set before any signal.
  nonisolated(unsafe) public static var beforeExit: (@convention(c) () -> Void)?

  /// Registers `path`; returns a token for `unregister`, or nil when the table is full (the file
  /// is then only removed by the caller, or by the next sweep).
  static func register(_ path: String) -> Int? {
    _ = slots
    guard let copy = RawPath.withCString(path, { strdup($0) }) else { return nil }
    return lock.withLock {
      for index in 0..<capacity where slots[index] == nil {
        slots[index] = copy
        return index
      }
      free(copy)
      return nil
    }
  }

  /// Forgets a registered path. Its copy is not freed: the handler may be reading it.
  static func unregister(_ token: Int?) {
    guard let token else { return }
    lock.withLock {
      if let copy = slots[token] { retired.append(copy) }
      slots[token] = nil
    }
  }

  /// Installs the handler for SIGINT, SIGTERM and SIGHUP, and unblocks them (a parent may have
  /// blocked them). A signal the parent set to be ignored (`nohup`, a background job's SIGINT)
  /// stays ignored. Called once, by the executable.
  public static func installSignalHandlers() {
    _ = slots
    var unblock = sigset_t()
    sigemptyset(&unblock)
    for signal in [SIGINT, SIGTERM, SIGHUP] {
      var previous = sigaction()
      sigaction(signal, nil, &previous)
      let ignored = unsafeBitCast(SIG_IGN, to: Int.self)
      if Platform.handlerAddress(previous) == ignored {
        continue
      }
      sigaddset(&unblock, signal)
      var action = sigaction()
      Platform.setHandler(&action) { number in
        TemporaryFiles.beforeExit?()
        TemporaryFiles.unlinkAll()
        _exit(128 + number)
      }
      sigemptyset(&action.sa_mask)
      action.sa_flags = 0
      sigaction(signal, &action, nil)
    }
    sigprocmask(SIG_UNBLOCK, &unblock, nil)
    // Past `ulimit -f`, a write fails (EFBIG) rather than the process being killed by SIGXFSZ,
    // so that the temporary file is removed and the error said.
    signal(SIGXFSZ, SIG_IGN)
    installOutOfMemoryHandler()
  }

  /// Under an address-space limit (`ulimit -v`), an allocation the Swift runtime cannot make
  /// aborts the process, and libgit2 1.5, failing to allocate the record of an allocation
  /// failure, recurses until its stack overflows: either is then turned into one line that
  /// says so, temporaries removed, and exit status 1 (each thread has a small stack of its own
  /// for it, see `prepareThread`). Without a limit, an abort or a crash stays what it is.
  private static func installOutOfMemoryHandler() {
    var limit = rlimit()
    #if canImport(Glibc)
      let resource = __rlimit_resource_t(RLIMIT_AS.rawValue)
    #else
      let resource = RLIMIT_AS
    #endif
    guard getrlimit(resource, &limit) == 0, limit.rlim_cur != rlim_t.max else { return }
    let megabytes = UInt64(limit.rlim_cur) >> 20
    let line = Array(
      "git-heatmap: out of memory: the address space is limited to \(megabytes) MB (ulimit -v)\n"
        .utf8)
    outOfMemoryLine = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: line.count)
    _ = outOfMemoryLine?.initialize(from: line)
    var action = sigaction()
    Platform.setHandler(&action) { _ in
      if let line = TemporaryFiles.outOfMemoryLine {
        _ = write(STDERR_FILENO, line.baseAddress, line.count)
      }
      TemporaryFiles.unlinkAll()
      _exit(1)
    }
    sigemptyset(&action.sa_mask)
    action.sa_flags = Int32(SA_ONSTACK)
    for signal in [SIGABRT, SIGSEGV, SIGBUS] { sigaction(signal, &action, nil) }
    prepareThread()
  }

  /// Removes every temporary still registered; safe in a signal handler (it only reads the
  /// slots and calls `unlink`).
  private static func unlinkAll() {
    for index in 0..<capacity {
      if let path = slots[index] { unlink(path) }
    }
  }

  /// The line the out-of-memory handler writes, made before it can be needed; nil without an
  /// address-space limit.
  nonisolated(unsafe) private static var outOfMemoryLine: UnsafeMutableBufferPointer<UInt8>?

  /// Gives the calling thread a stack of its own for the out-of-memory handler, where there is
  /// one (a thread whose stack overflowed cannot run a handler on it). Every thread of ours
  /// calls it first (see `Threads`); it lives as long as the process.
  static func prepareThread() {
    guard outOfMemoryLine != nil else { return }
    let size = 64 << 10
    guard let memory = malloc(size) else { return }
    var stack = stack_t()
    stack.ss_sp = memory
    stack.ss_size = size
    stack.ss_flags = 0
    sigaltstack(&stack, nil)
  }

  /// Removes temporaries that processes no longer running left in `directory` (killed with
  /// SIGKILL, or by a power cut): names that start with one of `prefixes` followed by
  /// `PID-`, where no process has that id.
  static func sweep(directory: String, prefixes: [String]) {
    guard let names = RawDirectory.names(directory) else { return }
    for name in names {
      for prefix in prefixes where name.hasPrefix(prefix) {
        let digits = name.dropFirst(prefix.count).prefix { $0.isASCII && $0.isNumber }
        guard let pid = pid_t(digits), pid > 0,
          name.dropFirst(prefix.count + digits.count).first == "-"
        else { continue }
        if pid != getpid() && kill(pid, 0) != 0 && errno == ESRCH {
          RawPath.withCString(directory + "/" + name) { _ = unlink($0) }
        }
      }
    }
  }
}
