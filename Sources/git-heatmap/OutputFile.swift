import Foundation

/// Writes a whole output file at once: to a temporary file beside the target, then a rename, so a
/// failure leaves the old file (or none) and never half of a new one.
enum OutputFile {
  struct Failure: Error {
    var message: String
  }

  static func write(_ text: String, to path: String) throws(Failure) {
    let url = URL(fileURLWithPath: path)
    let directory = url.deletingLastPathComponent().path
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
      isDirectory.boolValue
    {
      throw Failure(message: "cannot write '\(path)': it is a directory")
    }
    guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory),
      isDirectory.boolValue
    else {
      throw Failure(message: "cannot write '\(path)': no such directory '\(directory)'")
    }
    let temporary = directory + "/." + url.lastPathComponent + ".tmp-\(getpid())"
    let data = Data(text.utf8)
    guard FileManager.default.createFile(atPath: temporary, contents: data) else {
      throw Failure(message: "cannot write '\(path)': \(String(cString: strerror(errno)))")
    }
    if rename(temporary, path) != 0 {
      let reason = String(cString: strerror(errno))
      unlink(temporary)
      throw Failure(message: "cannot write '\(path)': \(reason)")
    }
  }
}
