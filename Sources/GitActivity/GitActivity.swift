// GitActivity is the module a user imports: it brings every layer of the library, each
// through the one above it (docs/library.md lists the public API).
@_exported import GitActivityRendering
