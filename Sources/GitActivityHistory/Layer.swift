// The history layer (Repository, Changes, Walk) reads through the store below it.
@_exported import GitActivityStore
