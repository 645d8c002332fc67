// git-heatmap reads repositories on this machine and never connects to a remote, yet
// `git_libgit2_init` has the mbedTLS build of libgit2 (Debian's) parse every certificate of the
// system's store: 3 of a warm run's 27 ms. The executable defines the two mbedTLS functions that
// read the store, as doing nothing and succeeding; the dynamic linker binds libgit2's calls to the
// executable's definitions before the library's (ELF interposition), so libgit2 starts with an
// empty list of trusted roots. A TLS connection, were one ever made, would fail verification,
// never succeed unverified. With a libgit2 built on another TLS library these are never called.

/// `int mbedtls_x509_crt_parse_file(mbedtls_x509_crt *chain, const char *path)`: the store as
/// one file (`/etc/ssl/certs/ca-certificates.crt`).
@_cdecl("mbedtls_x509_crt_parse_file")
public func skipCertificateFile(_ chain: UnsafeMutableRawPointer?, _ path: UnsafePointer<CChar>?)
  -> Int32
{
  0
}

/// `int mbedtls_x509_crt_parse_path(mbedtls_x509_crt *chain, const char *path)`: the store as a
/// folder of files.
@_cdecl("mbedtls_x509_crt_parse_path")
public func skipCertificateFolder(_ chain: UnsafeMutableRawPointer?, _ path: UnsafePointer<CChar>?)
  -> Int32
{
  0
}
