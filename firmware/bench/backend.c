/* SPDX-License-Identifier: MIT */
/*
 * backend.c - which implementation the image's cases run: "open" (the
 * firmware's own crypto/) or "cmox<major>" (ST's library, firmware/cmox/,
 * whose cmox.cmake defines BENCH_CMOX_MAJOR).  Built into every image by
 * fw_image(); `cyclesim compare` reads it from the ELF by symbol to tell an
 * open-versus-ST comparison from a model-error one, and a CMOX version that
 * differs from the page's.  ld/common.ld keeps it although nothing calls it.
 */
#define BACKEND_STR_(x) #x
#define BACKEND_STR(x) BACKEND_STR_(x)

#ifdef BENCH_CMOX_MAJOR
const char bench_backend[] = "cmox" BACKEND_STR(BENCH_CMOX_MAJOR);
#else
const char bench_backend[] = "open";
#endif
