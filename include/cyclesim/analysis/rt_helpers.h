/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * rt_helpers.h - the toolchain's run-time helpers in a firmware image: which
 * set it links (bench_rt, firmware/rt/) and the cycles a profiled case spent
 * in them, so that a gap to a page measured with another toolchain (IAR,
 * ARMCC) can be read at a glance (docs/profile.md, docs/compare.md).
 */
#ifndef CYCLESIM_RT_HELPERS_H
#define CYCLESIM_RT_HELPERS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cyclesim/backends/elf.h"
#include "cyclesim/engine/sim.h"

#define CSIM_RT_MAX_FNS 16

/* The helpers a case ran, by self cycles (descending). */
typedef struct csim_rt_usage {
    uint64_t cycles;           /* self cycles of every helper together */
    size_t n_fns;              /* helpers that ran (at most CSIM_RT_MAX_FNS listed) */
    struct {
        const char *name;      /* owned by the profile's csim_elf */
        uint64_t cycles, calls;
    } fns[CSIM_RT_MAX_FNS];
} csim_rt_usage;

/** csim_rt_is_helper - a run-time helper of the compiler or C library
 *  (__aeabi_*, libgcc's __muldi3 and friends, memcpy, memset, ...). */
bool csim_rt_is_helper(const char *name);

/** csim_rt_set - the image's bench_rt string ("cyclesim-fast"), or
 *  "toolchain" when it has none (libgcc and newlib-nano for the GNU build). */
void csim_rt_set(const csim_elf *e, char *out, size_t len);

/** csim_rt_alt_check - CSIM_OK when `alt` can stand for `e` built with the
 *  other run-time helper set (--rt-alt): the same case table (names in
 *  order) and another bench_rt; else CSIM_ERR_USAGE, diag saying which. */
csim_err csim_rt_alt_check(const csim_elf *e, const csim_elf *alt, csim_diag *d);

/** csim_rt_usage_of - the helpers of a profile (p may be NULL: no usage). */
void csim_rt_usage_of(const csim_profile *p, csim_rt_usage *u);

/** csim_rt_names - "name cycles, name cycles" of u into out ("" if none). */
void csim_rt_names(const csim_rt_usage *u, char *out, size_t len);

#endif
