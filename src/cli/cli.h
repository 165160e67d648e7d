/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cli.h - what the subcommands (src/cmd_*.c) share: exit codes
 * (docs/exit-codes.md), the models directory, loading the --mcu list with
 * its --set overrides, and error printing.  Only the subcommands print
 * results and choose exit codes.
 */
#ifndef CYCLESIM_CLI_H
#define CYCLESIM_CLI_H

#include <stdbool.h>
#include <stdio.h>

#include "analysis/hints.h"
#include "analysis/selection.h"
#include "cyclesim/analysis/interval.h"
#include "cyclesim/common/outfile.h"
#include "cyclesim/backends/elf.h"
#include "cyclesim/model/model.h"
#include "cyclesim/engine/jobs.h"
#include "cyclesim/engine/sim.h"

/* Exit codes: docs/exit-codes.md. */
enum {
    EXIT_OK = 0,
    EXIT_CASE_FAILED = 1,
    EXIT_USAGE = 2,
    EXIT_BAD_ELF = 3,
    EXIT_BAD_MODEL = 4,
    EXIT_FAULT = 5,
    EXIT_LIMIT = 6,
    EXIT_IO = 7,
    EXIT_OVER_BUDGET = 8,
    EXIT_BAD_INPUT = 9,
    EXIT_INTERNAL = 10,
};

/* What each exit code means, one line each, indexed by the code; NULL-terminated. */
extern const char *const cli_exit_meanings[];

#define CLI_MAX_MODELS 64

int cli_exit_code(csim_err e);
/** cli_models_dir - the MCU models: $CYCLESIM_MODELS, else the checkout's
 *  models/ for a build tree's executable, else <bindir>/../share/cyclesim/models
 *  (docs/install.md). */
const char *cli_models_dir(void);
/** cli_published_dir - the published pages: $CYCLESIM_PUBLISHED, else the
 *  checkout's data/published or <bindir>/../share/cyclesim/published. */
const char *cli_published_dir(void);
/** cli_apply_intervals - the calibrated interval (analysis/interval.h) of
 *  r's ranged cases, from the table $CYCLESIM_INTERVALS names, else the
 *  checkout's data/accuracy/intervals.json or
 *  <bindir>/../share/cyclesim/accuracy/intervals.json (read once; when the
 *  default table does not exist, a note unless quiet, and no interval); an exit code. */
int cli_apply_intervals(bool quiet, csim_run_result *r);
/** cli_jobs_intervals - cli_apply_intervals on each job's result, unless the
 *  range was over n_range_keys keys only (its margins hold for the range over
 *  every uncertain key): an exit code. */
int cli_jobs_intervals(bool quiet, csim_job *jobs, size_t n, size_t n_range_keys);
/** cli_range_jobs - csim_range_jobs (analysis/range.h) and the interval of
 *  each job's cases: an exit code, the error printed. */
int cli_range_jobs(bool quiet, const csim_elf *elf, csim_job *jobs, size_t n, const csim_jobs_opts *jo);
/** cli_list_models - the names of the models in cli_models_dir(); none is an
 *  error naming the directory (printed, *rc set to EXIT_BAD_MODEL). */
unsigned cli_list_models(char names[][64], unsigned max, int *rc);

/* The progress on stderr (progress.c). */
#define PROGRESS_LOG_PERIOD 10.0 /* seconds between two plain lines, by default */
#define PROGRESS_TTY_PERIOD 0.25 /* seconds between two redraws of the line on a terminal, by default */
typedef struct cli_progress {
    bool tty;             /* stderr is a terminal: one line redrawn; else plain lines (CI logs) */
    double period;        /* seconds between two draws: $CYCLESIM_PROGRESS_SECONDS, else 0.25 (terminal) or 10 */
    double t0, last_draw; /* seconds */
    size_t drawn;         /* characters of the line on screen; plain lines printed */
} cli_progress;

/** cli_progress_draw - csim_jobs_progress_fn on a cli_progress: on a terminal
 *  redraws one line at most every quarter second and erases it at the end;
 *  elsewhere prints a plain line at most every `period` seconds,
 *  the first after as long (a short run prints nothing), and a last one at
 *  the end when it printed any. */
void cli_progress_draw(void *ctx, csim_jobs_event ev, const csim_jobs_status *s);

/* What a subcommand passes the engine's jobs: -j, the cost hints that start
 * the cases the published pages give the most cycles first (analysis/hints.h),
 * and the progress line.  opts points into the struct: it must not move. */
typedef struct cli_jobs {
    csim_jobs_opts opts;
    hints hints; /* the pages, read at the first hint asked for */
    cli_progress line;
} cli_jobs;

/** cli_jobs_init - `workers` at a time, with hints, and the progress
 *  (cli_progress_draw) when `progress` is set.  Free with cli_jobs_free. */
void cli_jobs_init(cli_jobs *j, unsigned workers, bool progress);
void cli_jobs_free(cli_jobs *j);
/** Prints "cyclesim: error: ..." and returns the exit code of e. */
int cli_fail(csim_err e, const csim_diag *d);
/** cli_say - "cyclesim: KIND: FMT" on stderr (a warning or a note), unless quiet (-q). */
void cli_say(bool quiet, const char *kind, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/** cli_say_lines - each line of text as one cli_say of its own. */
void cli_say_lines(bool quiet, const char *kind, const char *text);
/** cli_error - prints "cyclesim: error: FMT" and returns the exit code of e. */
int cli_error(csim_err e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/** cli_open_out - csim_out_open (cyclesim/common/outfile.h) of an output
 *  option's path (NULL or "-": stdout): false with the message printed and
 *  *rc set when refused.  Commands open their outputs once the inputs are
 *  read and before the runs, so that a bad path fails at once. */
bool cli_open_out(csim_out *o, const char *path, int *rc);
/** cli_close_out - csim_out_close with its message printed; rc, or the exit
 *  code of the write error when rc is EXIT_OK. */
int cli_close_out(csim_out *o, int rc);
/** cli_out_of_memory - the message and exit code (internal error) of a failed allocation. */
int cli_out_of_memory(void);

/** cli_no_cases - the one message of an ELF without a benchmark case table; exit 3 (bad ELF). */
int cli_no_cases(const csim_elf *elf);
/** cli_need_cases - true when the ELF has a benchmark case table; else the one
 *  message every subcommand gives and *rc = exit 3 (bad ELF). */
bool cli_need_cases(const csim_elf *elf, int *rc);

/** cli_apply_sets - the --set list on a loaded model, in order ("key=value" or
 *  "@FILE": a model overlay, docs/calibrate.md), then the model's check. */
csim_err cli_apply_sets(csim_model *m, const char *const *sets, unsigned n_sets, csim_diag *d);

/** cli_load_models - the models named by `mcus` ("a,b" or "all"), each with
 *  the --set overrides applied in order ("key=value", or "@FILE": a model
 *  overlay, docs/calibrate.md) and checked; with "all", models that cannot
 *  run `elf` (architecture) are left out, with a note.  Warnings and the note
 *  go to stderr unless quiet.  Returns the count (0 on error: message
 *  printed, *rc set). */
unsigned cli_load_models(const char *mcus, const char *const *sets, unsigned n_sets,
                         const csim_elf *elf, csim_model *out, unsigned max, bool quiet, int *rc);

/** cli_parse_u64 - a positive integer option value, or false (message printed). */
bool cli_parse_u64(const char *opt, const char *arg, unsigned long long *out);

/* What a subcommand that cannot report an empty selection returns when its
 * --shard holds no case (the note printed): it exits 0 with no report. */
#define CLI_EMPTY_SHARD (-2)

/** cli_case_ranges - case_ranges (analysis/selection.h) with its message
 *  printed: a malloc'ed array (*n set; 0 with a note printed when the shard
 *  holds no case), or NULL with the message printed and *rc set (a glob
 *  matching nothing is a usage error). */
case_range *cli_case_ranges(const csim_elf *elf, const case_selection *sel, bool quiet, unsigned *n, int *rc);

/** cli_case_ranges_images - case_ranges_images with its message printed; one
 *  image: exactly cli_case_ranges.  false with the message printed and *rc set. */
bool cli_case_ranges_images(const csim_elf *const *elfs, unsigned n_elfs, const case_selection *sel, bool quiet,
                            case_range **ranges, unsigned *n, int *rc);

/** cli_unique_keys - case_keys_unique: false (message printed, *rc =
 *  EXIT_USAGE) when two images give a measured row the same key. */
bool cli_unique_keys(const csim_elf *const *elfs, unsigned n_elfs, case_range *const *ranges,
                     const unsigned *n_ranges, int *rc);

/** cli_load_elfs - loads every path (NULL on the first failure: message printed,
 *  *rc set, nothing left loaded); free with cli_free_elfs. */
csim_elf **cli_load_elfs(char *const *paths, unsigned n, int *rc);
void cli_free_elfs(csim_elf **elfs, unsigned n);

/** cli_failed_cases - the one message of each case that failed its own check
 *  on model m; EXIT_CASE_FAILED when one did, else EXIT_OK. */
int cli_failed_cases(const csim_model *m, const csim_case_result *c, size_t n);

/** cli_range_keys - EXIT_OK when each of the n --range-keys names a model key
 *  uncertain on m; else the exit code of the error it printed. */
int cli_range_keys(const csim_model *m, const char *const *keys, size_t n);

/** cli_range_unstated - the note that n uncertain numeric keys of m state no
 *  alternative, so that --range does not try them (nothing for n = 0 or quiet). */
void cli_range_unstated(bool quiet, const csim_model *m, unsigned n);

/** cli_call_returned - after --call, the r0 and r1 the function returned on model m, on stderr. */
void cli_call_returned(const csim_model *m, const char *call, const csim_run_result *res);

/** cli_job_error - the exit code of job j's error, after its message; EXIT_OK
 *  when it has none.  A runaway (CSIM_ERR_LIMIT: a firmware whose main ends in
 *  `for (;;);` after its last case) returns EXIT_OK too and leaves EXIT_LIMIT
 *  in *runaway (its message said once): the cases it completed are reported
 *  all the same, and the command exits with *runaway after its report. */
int cli_job_error(const csim_job *j, int *runaway);

/** cli_append_result - moves the cases of `from` behind those of `into` and
 *  adds its totals (several selections run on one model). */
bool cli_append_result(csim_run_result *into, csim_run_result *from);

/** cli_parse_jobs - the -j value: N worker threads, 0 for one per online CPU;
 *  false on a bad value (message printed). */
bool cli_parse_jobs(const char *arg, unsigned *workers);

int cmd_run(int argc, char **argv);
int cmd_merge(int argc, char **argv);
int cmd_profile(int argc, char **argv);
int cmd_leak(int argc, char **argv);
int cmd_annotate(int argc, char **argv);
int cmd_sweep(int argc, char **argv);
int cmd_compare(int argc, char **argv);
int cmd_calibrate(int argc, char **argv);
int cmd_check(int argc, char **argv);
int cmd_list_cases(int argc, char **argv);
int cmd_model(int argc, char **argv);

#endif
