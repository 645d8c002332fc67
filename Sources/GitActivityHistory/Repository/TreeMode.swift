/// Tree entry modes, as git canonicalises them (`canon_mode`).
enum TreeMode {
  static let folder: UInt32 = 0o040000
  static let link: UInt32 = 0o120000
  static let submodule: UInt32 = 0o160000

  static func isFolder(_ mode: UInt32) -> Bool { mode & 0o170000 == folder }
  static func isSubmodule(_ mode: UInt32) -> Bool { mode & 0o170000 == submodule }

  /// A regular file is 100644 or 100755 by its owner's execute bit, whatever else it says.
  static func canonical(_ mode: UInt32) -> UInt32 {
    switch mode & 0o170000 {
    case 0o100000: return 0o100000 | (mode & 0o100 != 0 ? 0o755 : 0o644)
    case link: return link
    case folder: return folder
    default: return submodule
    }
  }
}
