#ifndef CGIT2_SHIM_H
#define CGIT2_SHIM_H

#include <git2.h>
#include <git2/sys/repository.h>
#include <zlib.h>
#include <libdeflate.h>
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

/* git_libgit2_opts is variadic, which Swift cannot call: one small wrapper per option we set. */

static inline int cgit2_set_strict_hash_verification(int enabled) {
  return git_libgit2_opts(GIT_OPT_ENABLE_STRICT_HASH_VERIFICATION, enabled);
}

static inline int cgit2_set_caching(int enabled) {
  return git_libgit2_opts(GIT_OPT_ENABLE_CACHING, enabled);
}

/* Whether opening a repository another user owns fails (git's safe.directory check). */
static inline int cgit2_set_owner_validation(int enabled) {
  return git_libgit2_opts(GIT_OPT_SET_OWNER_VALIDATION, enabled);
}

/* How much of each pack libgit2 maps at once, and in all: mapped pages count as resident memory,
   and a walk reads the commits of a pack roughly in order, so small windows suffice. */
static inline int cgit2_set_mwindow_size(size_t bytes) {
  return git_libgit2_opts(GIT_OPT_SET_MWINDOW_SIZE, bytes);
}

static inline int cgit2_set_mwindow_mapped_limit(size_t bytes) {
  return git_libgit2_opts(GIT_OPT_SET_MWINDOW_MAPPED_LIMIT, bytes);
}

/* Repository extensions that a reader of history may ignore, as git's own readers do:
   worktreeConfig (per-worktree config), partialclone (objects a promisor remote holds; commits
   are all present in blob- and tree-less clones), preciousObjects (a rule for gc). */
static inline int cgit2_allow_reader_extensions(void) {
  const char *extensions[] = {"worktreeconfig", "partialclone", "preciousobjects"};
  return git_libgit2_opts(GIT_OPT_SET_EXTENSIONS, extensions, (size_t)3);
}

/* inflateInit is a macro that passes zlib's version and the stream's size: one wrapper. */
static inline int cgit2_inflate_init(z_stream *stream) {
  return inflateInit(stream);
}

/* CRC-32 (zlib's, of a pack entry's compressed bytes, checked against the pack index) folded
   with carry-less multiplication where the processor has it: zlib 1.2's own table-driven loop
   spent 3 to 5 % of a cold walk on it. The method is Intel's ("Fast CRC Computation for Generic
   Polynomials Using PCLMULQDQ", 2009): four 128-bit lanes folded 64 bytes at a time, folded into
   one, reduced to 64 and then 32 bits (Barrett). The constants are powers of x modulo the CRC-32
   polynomial, bit-reflected. What is left after the last whole 16 bytes goes to zlib, which
   continues from the folded value; so do short buffers and processors without the instruction. */
#if defined(__x86_64__)
#include <cpuid.h>
#include <immintrin.h>

__attribute__((target("pclmul,sse4.1")))
static inline uint32_t cgit2_crc32_folded(uint32_t crc, const unsigned char *bytes, size_t length) {
  /* length is a multiple of 16, at least 64; crc is zlib's value before its final inversion. */
  const __m128i k1k2 = _mm_set_epi64x(0x1c6e41596, 0x154442bd4);
  const __m128i k3k4 = _mm_set_epi64x(0x0ccaa009e, 0x1751997d0);
  const __m128i k5 = _mm_set_epi64x(0, 0x163cd6124);
  const __m128i poly = _mm_set_epi64x(0x1f7011641, 0x1db710641);
  const __m128i mask32 = _mm_set_epi32(0, 0, 0, -1);
  __m128i x1 = _mm_loadu_si128((const __m128i *)bytes);
  __m128i x2 = _mm_loadu_si128((const __m128i *)(bytes + 16));
  __m128i x3 = _mm_loadu_si128((const __m128i *)(bytes + 32));
  __m128i x4 = _mm_loadu_si128((const __m128i *)(bytes + 48));
  x1 = _mm_xor_si128(x1, _mm_cvtsi32_si128((int)crc));
  bytes += 64;
  length -= 64;
  while (length >= 64) {
#define CGIT2_FOLD(x, data)                                                     \
  x = _mm_xor_si128(                                                            \
    _mm_xor_si128(_mm_clmulepi64_si128(x, k1k2, 0x00), _mm_clmulepi64_si128(x, k1k2, 0x11)), \
    _mm_loadu_si128((const __m128i *)(data)))
    CGIT2_FOLD(x1, bytes);
    CGIT2_FOLD(x2, bytes + 16);
    CGIT2_FOLD(x3, bytes + 32);
    CGIT2_FOLD(x4, bytes + 48);
#undef CGIT2_FOLD
    bytes += 64;
    length -= 64;
  }
#define CGIT2_FOLD_INTO(x, next)                                                  \
  _mm_xor_si128(                                                                  \
    _mm_xor_si128(_mm_clmulepi64_si128(x, k3k4, 0x00), _mm_clmulepi64_si128(x, k3k4, 0x11)), \
    next)
  x1 = CGIT2_FOLD_INTO(x1, x2);
  x1 = CGIT2_FOLD_INTO(x1, x3);
  x1 = CGIT2_FOLD_INTO(x1, x4);
  while (length >= 16) {
    x1 = CGIT2_FOLD_INTO(x1, _mm_loadu_si128((const __m128i *)bytes));
    bytes += 16;
    length -= 16;
  }
#undef CGIT2_FOLD_INTO
  /* 128 bits to 64. */
  x1 = _mm_xor_si128(_mm_clmulepi64_si128(x1, k3k4, 0x10), _mm_srli_si128(x1, 8));
  /* 64 bits to 32. */
  x1 = _mm_xor_si128(
    _mm_clmulepi64_si128(_mm_and_si128(x1, mask32), k5, 0x00), _mm_srli_si128(x1, 4));
  /* Barrett reduction. */
  __m128i t = _mm_clmulepi64_si128(_mm_and_si128(x1, mask32), poly, 0x10);
  t = _mm_clmulepi64_si128(_mm_and_si128(t, mask32), poly, 0x00);
  return (uint32_t)_mm_extract_epi32(_mm_xor_si128(x1, t), 1);
}

static inline int cgit2_has_carryless_multiply(void) {
  static int known = -1;
  if (known < 0) {
    unsigned int a = 0, b = 0, c = 0, d = 0;
    known = __get_cpuid(1, &a, &b, &c, &d) && (c & bit_PCLMUL) && (c & bit_SSE4_1);
  }
  return known;
}
#endif

/* zlib's crc32, the same value, faster on long buffers where the processor allows. */
static inline uint32_t cgit2_crc32(uint32_t crc, const unsigned char *bytes, size_t length) {
#if defined(__x86_64__)
  if (length >= 64 && cgit2_has_carryless_multiply()) {
    size_t folded = length & ~(size_t)15;
    crc = ~cgit2_crc32_folded(~crc, bytes, folded);
    bytes += folded;
    length -= folded;
  }
#endif
  return (uint32_t)crc32_z(crc, bytes, length);
}

/* gzip streams for the per-commit export: deflateInit2 and inflateInit2 are macros too. Window
   bits 31 write a gzip wrapper (with no name and a zero time, so the same input gives the same
   bytes); 47 read gzip or zlib, whichever the header says. */
static inline int cgit2_deflate_init_gzip(z_stream *stream, int level) {
  return deflateInit2(stream, level, Z_DEFLATED, 31, 8, Z_DEFAULT_STRATEGY);
}

static inline int cgit2_inflate_init_gzip(z_stream *stream) {
  return inflateInit2(stream, 47);
}

#endif
