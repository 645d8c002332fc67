#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's standard input, output and error.
public enum StandardDescriptors {
  /// Opens `/dev/null` on any of descriptors 0, 1 and 2 that is closed, as git's
  /// `sanitize_stdfds` does at start: else the next file opened (a cache, a pack) would take
  /// the closed descriptor's number, and what is printed would go into it.
  public static func reserve() {
    while true {
      let descriptor = open("/dev/null", O_RDWR)
      if descriptor < 0 { return }
      if descriptor > 2 {
        close(descriptor)
        return
      }
    }
  }
}
