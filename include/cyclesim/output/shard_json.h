/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * shard_json.h - the writers of the "shard" member of a --shard run's JSON
 * output (src/output/shard_json.c); what it holds, and its reader, are the
 * analysis layer's (cyclesim/analysis/shard.h, docs/ci.md).
 */
#ifndef CYCLESIM_OUTPUT_SHARD_JSON_H
#define CYCLESIM_OUTPUT_SHARD_JSON_H

#include <stdio.h>

#include "cyclesim/analysis/compare.h"
#include "cyclesim/analysis/shard.h"
#include "cyclesim/backends/elf.h"
#include "cyclesim/engine/sim.h"
#include "cyclesim/model/model.h"

/** csim_shard_case_write - every field of a case result as one JSON object,
 *  the run-time helpers of its profile included, and its configuration in
 *  force where it is not the model's `m` unchanged (sim.h). */
void csim_shard_case_write(FILE *f, const csim_model *m, const csim_case_result *c);
/** csim_shard_head_write - `"shard": {"version", "command", "k", "n", "sets"`
 *  (the object left open). */
void csim_shard_head_write(FILE *f, const char *command, const csim_shard *s);
/** csim_shard_image_write - an image: path, sha256, arch, rt, backend and
 *  the names of its case table in table order. */
void csim_shard_image_write(FILE *f, const csim_elf *elf, const char *rt, const char *backend);
/** csim_shard_model_write - the model's figures the reports print. */
void csim_shard_model_write(FILE *f, const csim_model *m);

/** csim_shard_compare_write - the "shard" member of a compare JSON report. */
void csim_shard_compare_write(FILE *f, const csim_comparison *cmp, const csim_shard *s);

#endif
