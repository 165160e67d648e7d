/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * in_force.h - the configuration a case ran with (csim_in_force, sim.h), as
 * every report prints it (docs/output.md, "Configuration in force"): the
 * writers take clock, wait states, cache and prefetch from here, never from
 * the model, so that firmware writing FLASH_ACR shows in every output.
 */
#ifndef CYCLESIM_OUTPUT_IN_FORCE_H
#define CYCLESIM_OUTPUT_IN_FORCE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "cyclesim/engine/sim.h"
#include "cyclesim/model/model.h"

/** csim_in_force_of - what case c ran with: its record, or the model's
 *  configuration where it has none (c NULL; a case read back from a shard
 *  that needed none). */
csim_in_force csim_in_force_of(const csim_model *m, const csim_case_result *c);

/** csim_in_force_of_cases - what a set of cases ran with: the first case's
 *  (the model's for none), `changed` when any case changed it or began with
 *  another. */
csim_in_force csim_in_force_of_cases(const csim_model *m, const csim_case_result *cases, size_t n);

/** csim_in_force_same - the same configuration, neither changed during its case. */
bool csim_in_force_same(const csim_in_force *a, const csim_in_force *b);

/** csim_in_force_text - "N WS, cache on|off, prefetch on|off" (the text formats). */
const char *csim_in_force_text(char *buf, size_t len, const csim_in_force *f);

/** csim_in_force_note - "56 MHz, 1 WS, cache on, prefetch on" and, when the
 *  firmware changed it during the case, " at the start, changed by the firmware
 *  during the case" (the note under a case's row, an MCU's line in check). */
const char *csim_in_force_note(char *buf, size_t len, const csim_in_force *f);

/** csim_in_force_json - the members `"clock_hz", "flash_latency", "icache",
 *  "prefetch"` and, only when the firmware changed it, `"flash_changed": true`. */
void csim_in_force_json(FILE *f, const csim_in_force *in);

/** csim_state_text - "cold" or "warm", followed by " (flash changed)" when the
 *  configuration changed (the state column of the CSV formats). */
const char *csim_state_text(bool warm, const csim_in_force *f);

#endif
