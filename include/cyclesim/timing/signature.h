/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * signature.h - the core's timing state relative to the current cycle, the
 * key of block reuse (src/timing/signature.c): two cores in states with
 * equal signatures price the same instructions identically.  The times and
 * the fetch queue every core has come first (CSIM_SIG_SHARED bytes), then
 * the core's own part (csim_core_desc.sign, at most CSIM_CORE_OWN_SIG_BYTES).
 */
#ifndef CYCLESIM_TIMING_SIGNATURE_H
#define CYCLESIM_TIMING_SIGNATURE_H

#include <stdbool.h>
#include <stdint.h>

#include "cyclesim/core/timing.h"

#define CSIM_SIG_SHARED 40
#define CSIM_SIG_BYTES (CSIM_SIG_SHARED + CSIM_CORE_OWN_SIG_BYTES)
typedef struct csim_core_sig {
    uint8_t b[CSIM_SIG_BYTES];
} csim_core_sig;

/** csim_core_signature - the state relative to now, with fetch-queue words
 *  relative to `base`; false when it does not fit (far-future times). */
bool csim_core_signature(const csim_core *c, uint32_t base, csim_core_sig *sig);

/** csim_core_sig_earliest_request - csim_core_earliest_request of a signed
 *  state, relative to its now. */
int64_t csim_core_sig_earliest_request(const csim_core_sig *sig);

/** csim_core_sig_shift - whether signature `now` is `rec` with every fetch-side
 *  time shifted by *delta (the rest equal, both fetch sides in the past;
 *  csim_core_lag_begin/end give the shifts a pricing holds for). */
bool csim_core_sig_shift(const csim_core_sig *now, const csim_core_sig *rec, int64_t *delta);

/** csim_core_shift_fetch - move every fetch-side time by `delta`. */
void csim_core_shift_fetch(csim_core *c, int64_t delta);

/** csim_core_restore - advance by `dt` cycles into the state `sig` (relative to
 *  the new cycle) and add `d` to the breakdown: a block priced before from the
 *  same signature, with the same transfers and memory answers. */
void csim_core_restore(csim_core *c, uint32_t base, const csim_core_sig *sig, uint64_t dt,
                       const csim_breakdown *d);

#endif
