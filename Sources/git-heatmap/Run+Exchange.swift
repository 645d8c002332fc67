import Foundation
import GitActivity

/// Activity as data: the per-commit export (`--format commits`), and drawing from exports
/// (`--from`) made anywhere.
extension Run {
  /// `--format commits`: every commit the selection reaches (the window and filters are readings,
  /// left to the draw), one record each, written a piece at a time.
  func exportCommits(_ sources: [Source]) -> Output {
    let writer = CommitExportWriter(
      form: invocation.exportShape.form, includesCoAuthors: invocation.countsCoAuthors)
    let single =
      sources.count == 1 && invocation.repositories.isEmpty
      && invocation.scanDirectories.isEmpty
    let isGzipped = invocation.exportShape.isGzipped && invocation.output != nil
    return Output(text: "") { write in
      withoutActuallyEscaping(write) { write in
        let compressor = isGzipped ? GzipCompressor(sink: write) : nil
        func emit(_ bytes: [UInt8]) {
          if let compressor { bytes.withUnsafeBytes { compressor.write($0) } } else { write(bytes) }
        }
        emit(writer.header)
        for source in sources {
          let name =
            invocation.repositoryName
            ?? (single ? source.remoteURL.map(Self.withoutCredentials) ?? source.path : source.path)
          writer.write(source.history, repository: name, mailmap: source.mailmap, to: emit)
        }
        compressor?.finish()
      }
    }
  }

  /// A remote URL without the user and password it may carry (`https://user:token@host/…`): an
  /// export is shared, and the name must not leak a credential.
  static func withoutCredentials(_ url: String) -> String {
    guard let scheme = url.range(of: "://") else { return url }
    let rest = url[scheme.upperBound...]
    let hostEnd = rest.firstIndex(of: "/") ?? rest.endIndex
    guard let at = rest[..<hostEnd].lastIndex(of: "@") else { return url }
    return String(url[..<scheme.upperBound]) + String(rest[rest.index(after: at)...])
  }

  /// `--from`: the exports read, copies of a commit counted once, as one source.
  func readExports() throws(CommandError) -> Source {
    var commits = ExportedCommits(usesMailmap: invocation.usesMailmap)
    for file in try exportPaths() {
      let descriptor: Int32
      if file == "-" {
        descriptor = STDIN_FILENO
      } else {
        descriptor = RawPath.withCString(absolute(file)) { open($0, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else {
          throw .failure(
            "cannot read '\(RawPath.display(file))': \(String(cString: strerror(errno)))")
        }
        var status = stat()
        if fstat(descriptor, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR {
          close(descriptor)
          throw .failure("cannot read '\(RawPath.display(file))': it is a directory")
        }
      }
      defer { if descriptor != STDIN_FILENO { close(descriptor) } }
      do {
        try phase("read \(file)") { () throws(GitError) in
          try commits.read(
            descriptor: descriptor, name: file == "-" ? "standard input" : RawPath.display(file))
        }
      } catch {
        throw .failure(error.message)
      }
    }
    if invocation.countsCoAuthors, let place = commits.firstWithoutCoAuthors {
      throw .failure(
        "\(place): this export holds no co-authors: export again with --co-authors to count them")
    }
    let keepsIDs = invocation.listedDay != nil || invocation.isInteractive
    let result = phase("deduplicate") { commits.finish(keepsIDs: keepsIDs) }
    var userEmail: String?
    if invocation.isMe {
      let entries = try? GitConfiguration.entries(
        sections: ["user"], from: context.currentDirectory, environment: context.environment)
      userEmail = entries?.last { $0.name.lowercased() == "user.email" }?.value
    }
    return Source(
      path: result.repositories.joined(separator: ", "), exportedNames: result.repositories,
      commonDirectory: "", gitDirectory: "", history: result.history, mailmap: Mailmap(),
      warnings: result.warnings, userEmail: userEmail?.isEmpty == false ? userEmail : nil,
      remoteURL: nil, cacheToSave: nil)
  }

  /// The exports `--from` names, globs expanded (sorted, as a shell expands them): a pattern
  /// that matches nothing is an error, never a silently smaller graph.
  func exportPaths() throws(CommandError) -> [String] {
    var paths: [String] = []
    for argument in invocation.exportFiles {
      if argument == "-" || RawDirectory.kind(absolute(argument)).exists
        || !argument.contains(where: { "*?[".contains($0) })
      {
        paths.append(argument)
        continue
      }
      var found = glob_t()
      defer { globfree(&found) }
      let status = RawPath.withCString(argument.hasPrefix("/") ? argument : absolute(argument)) {
        glob($0, 0, nil, &found)
      }
      guard status == 0, found.gl_pathc > 0 else {
        throw .failure("no export matches '\(RawPath.display(argument))'")
      }
      var matches: [String] = []
      for index in 0..<Int(found.gl_pathc) {
        if let path = found.gl_pathv[index] { matches.append(RawPath.string(cString: path)) }
      }
      paths += matches.sorted()
    }
    return paths
  }
}
