/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * bench_abi.h - the benchmark ABI of firmware/include/bench.h (bench_abi.c):
 * the markers, the case table, the inputs, and a case's result.
 */
#ifndef CSIM_ENGINE_BENCH_ABI_H
#define CSIM_ENGINE_BENCH_ABI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cyclesim/core/timing.h"
#include "cyclesim/engine/sim.h"

#define BENCH_CASE_BYTES 28 /* sizeof(bench_case_t) of that version */

typedef struct sim sim;

typedef struct bench_abi {
    uint32_t m_begin, m_end, m_done, cases_lo, cases_hi; /* markers, case table */
    uint32_t m_secret;     /* bench_secret (0: not in the image) */
    uint32_t workbuf_var;  /* the runner's bench_workbuf_bytes (0: none) */
    uint32_t attempts_var; /* bench_sign_attempts (0: not in the image) */
    uint32_t region_ret;   /* return address of bench_region_begin */
    uint32_t region_case;  /* its case pointer (outside the table: the empty case) */
    bool in_region;
    uint64_t r_cycles;
    csim_breakdown r_bd;
    csim_ms_stats r_ms;
    csim_case_result cur, empty;
    uint64_t *assumed_runs; /* per instruction id: runs priced by assumption in the region */
    bool have_empty;
    size_t cap_cases;
    /* case selection and inputs: written when main starts (start-up code has
     * initialised RAM by then) */
    uint32_t m_main, v_case_first, v_case_count, v_seed;
} bench_abi;

csim_err abi_setup(sim *s);
/** abi_is_marker - whether a block at addr is one the ABI acts on (abi_marker). */
static inline bool abi_is_marker(const bench_abi *a, uint32_t addr)
{
    return addr && (addr == a->m_begin || addr == a->m_end || addr == a->m_done || addr == a->m_main || addr == a->m_secret ||
                    addr == a->region_ret);
}

/* What a marker did to the measured region.  The run loop (sim.c) starts
 * and stops the region's observers (footprint, profile) on it: the ABI
 * reports, and never calls back into the run loop. */
typedef enum abi_region_event { ABI_REGION_SAME, ABI_REGION_BEGAN, ABI_REGION_ENDED } abi_region_event;

/** abi_marker - a block starts at marker addr: the marker's work, and what
 *  it did to the region. */
abi_region_event abi_marker(sim *s, uint32_t addr);
/** abi_region_end - the measured region ends (nothing if none runs): the
 *  case's differences; whether a region ended. */
bool abi_region_end(sim *s);
/** abi_count_assumed - a block of the region ran: count its n instructions
 *  that the core prices by assumption (csim_core_desc.assumed). */
void abi_count_assumed(sim *s, const csim_insn *insns, unsigned n);
/** sim_in_force_begin - a measured region begins: record the configuration in force (sim.h). */
void sim_in_force_begin(sim *s);
void sim_read_cstr(sim *s, uint32_t addr, char *out, size_t len);

#endif
