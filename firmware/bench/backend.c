/* SPDX-License-Identifier: MIT */
/*
 * backend.c - the implementation the image's cases run: "open" (crypto/),
 * "cmox<major>" (ST's library: cmox.cmake defines BENCH_CMOX_MAJOR) or
 * "cyclone" (CycloneCRYPTO: cyclone.cmake defines BENCH_CYCLONE).  In every
 * image (fw_image()); `cyclesim compare` reads it by symbol to tell a model
 * error from an open-versus-library ratio.  ld/common.ld keeps it.
 */
#define BACKEND_STR_(x) #x
#define BACKEND_STR(x) BACKEND_STR_(x)
#ifdef BENCH_CMOX_MAJOR
const char bench_backend[] = "cmox" BACKEND_STR(BENCH_CMOX_MAJOR);
#elif defined(BENCH_CYCLONE)
const char bench_backend[] = "cyclone";
#else
const char bench_backend[] = "open";
#endif
