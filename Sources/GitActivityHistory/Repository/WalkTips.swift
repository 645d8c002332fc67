import CGit2

/// The commits a walk starts from and the commits whose history it leaves out.
struct WalkTips: Equatable {
  var included: [ObjectID] = []
  var excluded: [ObjectID] = []
}
