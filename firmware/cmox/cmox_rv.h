/* SPDX-License-Identifier: MIT */
/*
 * cmox_rv.h - bench_cmox_rv() (cmox_glue.c) for the CMOX cases: every result
 * of a cmox_* call they test passes through it, outside the timed region.
 * V5 builds report an implementation error loudly; V4 builds compile it
 * away, so their images stay as they were.
 */
#ifndef CMOX_RV_H
#define CMOX_RV_H

#include <stdint.h>

#ifdef BENCH_CMOX_LIB_V5
uint32_t bench_cmox_rv(uint32_t rv, const char *call);
#else
#define bench_cmox_rv(rv, call) (rv)
#endif

#endif
