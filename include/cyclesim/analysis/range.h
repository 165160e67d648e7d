/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * range.h - the range of a case's cycles over the model's uncertain keys
 * (docs/accuracy.md "Ranges"): each uncertain key that applies, one at a
 * time, at each alternative its source gives (a boolean both ways); the low
 * and high ends are the fewest and the most cycles of those runs and the
 * estimate.
 */
#ifndef CYCLESIM_ANALYSIS_RANGE_H
#define CYCLESIM_ANALYSIS_RANGE_H

#include <stddef.h>

#include "cyclesim/engine/sim.h"
#include "cyclesim/model/model_keys.h"

/* One run of a range: the model with one key at one other value. */
typedef struct csim_range_variant {
    const csim_key *key;
    double value;
} csim_range_variant;

#define CSIM_RANGE_MAX_VARIANTS 64

/** csim_range_plan - the variants a range of model m runs, in key-table
 *  order (at most max); *n_unstated (may be NULL) counts the uncertain numeric
 *  keys that apply to m but state no alternative, which the range cannot try. */
size_t csim_range_plan(const csim_model *m, csim_range_variant *out, size_t max, unsigned *n_unstated);

/** csim_range_model - *out = m with the variant applied, checked as --set's
 *  models are (CSIM_ERR_MODEL, diag naming the key and value, if it fails). */
csim_err csim_range_model(const csim_model *m, const csim_range_variant *v, csim_model *out, csim_diag *d);

/** csim_range_envelope - sets the range of every case of `nominal` from the
 *  same cases (matched by name) in the n runs of its variants: low and high
 *  are the fewest and most cycles among the estimate and the variants; with
 *  no variant, low = high = the estimate. */
void csim_range_envelope(csim_run_result *nominal, const csim_run_result *variants, size_t n);

#endif
