extension HistoryWalker {
  /// Whether `cache` says what the objects it names say, on a sample: its newest commit and up
  /// to fifteen others spread over it, each read from the object store and compared (author and
  /// committer times and offsets, parents, and the identities' bytes). A cache someone rewrote
  /// to move commits (it would otherwise be believed for every later run) fails here and is read
  /// again from the objects. The limit: a change to a commit outside the sample is not seen (the
  /// cache is also trusted only when this user owns it and no one else can write it).
  package func vouches(for cache: HistoryCache, samples: Int = 16) -> Bool {
    guard cache.count > 0 else { return true }
    let step = max(1, cache.count / samples)
    var indices = Set(stride(from: 0, to: cache.count, by: step).prefix(samples))
    indices.insert(cache.count - 1)
    guard let reader = try? ObjectReader(repository: repository) else { return false }
    let identities = cache.identities
    for index in indices.sorted() {
      var interner = IdentityInterner()
      var parents: [ObjectID] = []
      guard
        let read = try? reader.readFacts(
          cache.ids[index], substitutions: Substitutions(), interner: &interner, parents: &parents)
      else { return false }
      let cached = cache.facts[index]
      guard read.facts.author == cached.author, read.facts.committer == cached.committer,
        read.facts.parentCount == cached.parentCount
      else { return false }
      let known = interner.rawIdentities()
      func same(_ made: Int32, _ stored: Int32) -> Bool {
        guard made >= 0, stored >= 0 else { return made < 0 && stored < 0 }
        guard Int(made) < known.count, Int(stored) < identities.count else { return false }
        return known[Int(made)] == identities[Int(stored)]
      }
      guard same(read.facts.identity, cached.identity),
        same(read.facts.committerIdentity, cached.committerIdentity)
      else { return false }
    }
    return true
  }
}
