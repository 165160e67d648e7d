/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * budget.h - the budget files of `cyclesim check` (docs/budgets.md): read
 * and validate them, write them back atomically (--update).  JSON stays
 * inside budget.c.  Nothing here prints: errors come back as one message.
 */
#ifndef CYCLESIM_BUDGET_H
#define CYCLESIM_BUDGET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cyclesim/common/diag.h"
#include "cyclesim/common/outfile.h"
#include "cyclesim/core/timing.h"
#include "cyclesim/model/model.h"

#define BUDGET_SCHEMA_VERSION 1

/* The kinds of cycles a budget records (--update) so that a failure can say
 * which kind grew: the run breakdown's buckets in their order (timing.h),
 * then the cache misses. */
#define BUDGET_BUCKET(field, label, event, bucket) +bucket
enum { BUDGET_CACHE_MISSES = 0 CSIM_BREAKDOWN_FIELDS(BUDGET_BUCKET), BUDGET_KINDS };
#undef BUDGET_BUCKET
extern const char *const budget_kind_names[BUDGET_KINDS + 1]; /* JSON names, then NULL */

/* A function's self cycles in the case, as recorded by --update. */
typedef struct budget_fn {
    char *name;
    uint64_t cycles;
} budget_fn;

typedef struct budget {
    char *case_pat;          /* case name or glob (fnmatch) */
    char *mcu;
    uint64_t cycles;
    double tolerance_pct;    /* 0 when absent */
    bool has_tolerance, has_stack, has_code, has_kinds;
    uint64_t stack_bytes, code_bytes;
    uint64_t kinds[BUDGET_KINDS];
    budget_fn *fns;          /* self cycles, largest first */
    size_t n_fns;
} budget;

/* The model files one MCU's budgets were recorded with (MCU first). */
typedef struct budget_model {
    char mcu[64];
    csim_model_source files[CSIM_MAX_SOURCES];
    unsigned n_files;
} budget_model;

/* What --update recorded the budgets with (docs/budgets.md, "Settings"):
 * absent from files written before it, which are checked as ever. */
typedef struct budget_settings {
    char tool_version[32];
    csim_model_source sets[CSIM_MAX_SOURCES]; /* --set and overlays, in order */
    unsigned n_sets;
    budget_model *models;
    size_t n_models;
} budget_settings;

typedef struct budget_file {
    char *elf;               /* the ELF's file name, NULL when absent */
    budget *b;
    size_t n;
    bool has_settings;
    budget_settings settings;
} budget_file;

typedef enum budget_err { BUDGET_OK = 0, BUDGET_ERR_IO, BUDGET_ERR_BAD } budget_err;

/** budget_load - read and check a budget file; BUDGET_ERR_BAD names the
 *  file and the offending key in diag->msg ("f.json: budgets[2].cycles: ..."). */
budget_err budget_load(const char *path, budget_file *out, csim_diag *diag);

/** budget_write - the file to `out` (csim_out_open_replacing: a temporary
 *  file beside the budget file, renamed over it, keeping its permissions; a
 *  read-only one refused), closed. */
budget_err budget_write(csim_out *out, const budget_file *f, csim_diag *diag);
/** budget_save - budget_write to path, opened here. */
budget_err budget_save(const char *path, const budget_file *f, csim_diag *diag);

void budget_free(budget_file *f);

/** budget_settings_of - the settings of models (each loaded with the same
 *  --set list) as --update records them into s; the model files s recorded
 *  for MCUs not among models are kept (an --update with --mcu).  false when
 *  out of memory. */
bool budget_settings_of(budget_settings *s, const csim_model *models, unsigned n);

/** budget_is_glob - whether a case pattern has glob characters. */
bool budget_is_glob(const char *pattern);

/** budget_set_fns - replace the recorded functions (names are copied). */
bool budget_set_fns(budget *b, const budget_fn *fns, size_t n);

#endif
