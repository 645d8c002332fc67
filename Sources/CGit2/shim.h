#ifndef CGIT2_SHIM_H
#define CGIT2_SHIM_H

#include <git2.h>

/* git_libgit2_opts is variadic, which Swift cannot call: one small wrapper per option we set. */

static inline int cgit2_set_strict_hash_verification(int enabled) {
  return git_libgit2_opts(GIT_OPT_ENABLE_STRICT_HASH_VERIFICATION, enabled);
}

static inline int cgit2_set_caching(int enabled) {
  return git_libgit2_opts(GIT_OPT_ENABLE_CACHING, enabled);
}

#endif
