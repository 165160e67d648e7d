/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * check_rows.h - the rows of `cyclesim check` (check.h): each case of the
 * checked ELF held to each budget of the file that covers it, or, against a
 * baseline build alone, each case both ELFs have on each MCU.  The command
 * (src/cli/cmd_check.c) loads the ELFs, the budget file and the models and
 * chooses the cases; nothing here prints.
 */
#ifndef CYCLESIM_ANALYSIS_CHECK_ROWS_H
#define CYCLESIM_ANALYSIS_CHECK_ROWS_H

#include "analysis/check.h"
#include "cyclesim/common/diag.h"
#include "cyclesim/model/model.h"

/* Loads the model `name` as the command sets models up (its directory, --set),
 * into *m; CSIM_ERR_UNKNOWN_MCU for a name without a model. */
typedef csim_err (*check_model_loader)(void *ctx, csim_model *m, const char *name, csim_diag *d);

/** check_rows_from_file - budget mode: a row per budget of c->file and
 *  selected case its pattern matches, on the budgets' MCUs (only those of the
 *  comma-separated `mcus` unless NULL), each loaded once through `load` into
 *  c->models (room for max_models).  CSIM_ERR_INPUT: a budget's MCU unknown,
 *  a pattern that matches no case, a case missing from the baseline or held
 *  to two budgets on one MCU; CSIM_ERR_USAGE: an MCU of `mcus` without a
 *  budget; a loader's error as it reported it. */
csim_err check_rows_from_file(check *c, const char *mcus, unsigned max_models, check_model_loader load, void *ctx,
                              csim_diag *d);

/** check_rows_from_baseline - baseline mode without a budget file: a row per
 *  model of c->models and selected case that the baseline has too;
 *  *only_new: the selected cases the baseline has not (not compared).
 *  CSIM_ERR_INPUT: no case in common. */
csim_err check_rows_from_baseline(check *c, unsigned *only_new, csim_diag *d);

#endif
