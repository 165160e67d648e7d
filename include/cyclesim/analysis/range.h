/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * range.h - the range of a case's cycles over the model's uncertain keys
 * (docs/accuracy.md "Ranges"): each uncertain key that applies takes the
 * values its source leaves open (a boolean both ways, a numeric key its
 * stated alternatives); a search over those configurations finds the fewest
 * and the most cycles.
 */
#ifndef CYCLESIM_ANALYSIS_RANGE_H
#define CYCLESIM_ANALYSIS_RANGE_H

#include <stdbool.h>
#include <stddef.h>

#include "cyclesim/engine/jobs.h"
#include "cyclesim/engine/sim.h"
#include "cyclesim/model/model_keys.h"

#define CSIM_RANGE_MAX_DIMS 32

/* One uncertain key and the values the range gives it: the model's own
 * first, then its alternatives. */
typedef struct csim_range_dim {
    const csim_key *key;
    unsigned n;
    double v[1 + CSIM_MAX_ALTS];
} csim_range_dim;

/** csim_range_dims - the keys a range of model m varies, in key-table order
 *  (at most max): uncertain, applying to m, integer or boolean, with another
 *  value than m's; `only` (NULL: every such key) restricts them to the n_only
 *  keys named.  *n_unstated (may be NULL) counts the uncertain numeric keys
 *  that apply to m but state no alternative, which the range cannot try. */
size_t csim_range_dims(const csim_model *m, const char *const *only, size_t n_only, csim_range_dim *out, size_t max,
                       unsigned *n_unstated);

/* What a search cost and where it ended. */
typedef struct csim_range_stats {
    unsigned configs;     /* configurations run besides the model's own */
    unsigned steps;       /* rounds of the search */
    unsigned refused;     /* configurations that failed the model check (not run) */
    unsigned alone;       /* configurations that one shared emulation could not price (run on their own) */
} csim_range_stats;

/** csim_range_search - sets the range of every case of `nominal` (the model's
 *  own run over the cases of the n_runs run options `runs`): from the
 *  model's own configuration, each round runs every one-key move from the
 *  configuration with the most and the one with the fewest cycles over all
 *  the cases, and moves each end to its best move while that extends it;
 *  each case's ends are its fewest and most cycles over every configuration
 *  run.  With no dimension, low = high = the estimate.  Returns CSIM_OK or the
 *  first run's error (diag names the model and the key values). */
csim_err csim_range_search(const csim_elf *elf, const csim_model *m, const csim_range_dim *dims, size_t n_dims,
                           const csim_run_opts *runs, size_t n_runs, const csim_jobs_opts *jo,
                           csim_run_result *nominal, csim_range_stats *st, csim_diag *d);

/** csim_range_jobs - the range over every uncertain key of the cases of
 *  each job that ran (on its own ELF, or `elf`); a job that failed or holds
 *  a failed case is left without one, for its caller to report.  Returns
 *  CSIM_OK or the first search's error. */
csim_err csim_range_jobs(const csim_elf *elf, csim_job *jobs, size_t n, const csim_jobs_opts *jo, csim_diag *d);

/** csim_range_envelope - widens the range of every case of `into` (set to
 *  its estimate the first time) by the same case, matched by name, of `r`. */
void csim_range_envelope(csim_run_result *into, const csim_run_result *r);

/** csim_range_jobs_over - csim_range_jobs over the n_only uncertain keys
 *  named (only NULL: every one): one search per job.  *sum (may be NULL)
 *  adds up what the searches cost; *n_unstated (may be NULL) is the most
 *  uncertain numeric keys without an alternative on one job's model. */
csim_err csim_range_jobs_over(const csim_elf *elf, csim_job *jobs, size_t n, const char *const *only, size_t n_only,
                              const csim_jobs_opts *jo, csim_range_stats *sum, unsigned *n_unstated, csim_diag *d);

/** csim_range_rt_alt - widens the range of every case of `into` (model m's
 *  ranged result over the n_runs run options `runs`) by the range of the
 *  same case in `alt`, the same firmware built with the other run-time helper
 *  set (csim_rt_alt_check), searched over the same keys (`only`, n_only; NULL:
 *  every one), and records the case's estimate there (rt_alt_cycles): the
 *  helpers a precompiled library meets on the board are another toolchain's.
 *  *st (may be NULL) is what the search cost.  Returns CSIM_OK or the error
 *  of a run or a failed case of `alt`. */
csim_err csim_range_rt_alt(const csim_elf *alt, const csim_model *m, const csim_run_opts *runs, size_t n_runs,
                           const char *const *only, size_t n_only, const csim_jobs_opts *jo, csim_run_result *into,
                           csim_range_stats *st, csim_diag *d);

/** csim_range_jobs_rt_alt - csim_range_rt_alt on each of the n jobs whose
 *  alt[j] is not NULL (one run each); a job that failed or holds a failed case
 *  is left without, as csim_range_jobs_over leaves it. */
csim_err csim_range_jobs_rt_alt(const csim_elf *const *alt, csim_job *jobs, size_t n, const char *const *only,
                                size_t n_only, const csim_jobs_opts *jo, csim_diag *d);

/** csim_range_state_sensitive - whether case i of `r` and the same case of
 *  `other` (the other start state: cold <-> warm) differ by more than pct %
 *  of the cold one (r_warm: r is the warm run). */
bool csim_range_state_sensitive(const csim_case_result *r, const csim_case_result *other, bool r_warm, double pct);

/** csim_range_union_state - widens the range of each state-sensitive case of
 *  `r` (csim_range_state_sensitive) by the same case's range in `other`
 *  (same cases, same order, ranged): a page's start state is not known, so
 *  the range covers both.  Returns the number of cases widened. */
size_t csim_range_union_state(csim_run_result *r, const csim_run_result *other, bool r_warm, double pct);

/** csim_range_jobs_states - csim_range_jobs_over, and each job j that holds a
 *  case state-sensitive against other[j] (the same cases from the other start
 *  state; other NULL: none) is searched from that state too and its
 *  state-sensitive cases take both ranges (csim_range_union_state): compare's
 *  range against a page that does not say which state a row started from.
 *  *sum (may be NULL) adds up what every search cost, and *n_searches (may
 *  be NULL) counts them (the other state's included). */
csim_err csim_range_jobs_states(const csim_elf *elf, csim_job *jobs, csim_job *other, size_t n,
                                const char *const *only, size_t n_only, bool warm, double pct,
                                const csim_jobs_opts *jo, csim_range_stats *sum, size_t *n_searches,
                                csim_diag *d);

#endif
