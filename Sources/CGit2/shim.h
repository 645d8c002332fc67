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
