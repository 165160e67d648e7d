/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * in_force.h - how a result was made, as every report records it: the
 * provenance of its model (docs/output.md, "Provenance": the tool version, the
 * model files of the extends chain with their hashes, every --set and
 * overlay, recorded by the model as it is loaded: model.h) and the
 * configuration a case ran with (csim_in_force, sim.h), as
 * every report prints it (docs/output.md, "Configuration in force"): the
 * writers take clock, wait states, cache and prefetch from here, never from
 * the model, so that firmware writing FLASH_ACR shows in every output.
 */
#ifndef CYCLESIM_OUTPUT_IN_FORCE_H
#define CYCLESIM_OUTPUT_IN_FORCE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "cyclesim/backends/elf.h"
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

/** csim_assumed_text - the instructions case c priced by assumption
 *  (csim_case_result.assumed): "VSQRT x100, VDIV x100" (", others x3"
 *  beyond them), or NULL when none: the text formats print it after
 *  CSIM_ASSUMED_LABEL, the CSV formats as one field (empty: none). */
#define CSIM_ASSUMED_LABEL "priced by assumption: "
const char *csim_assumed_text(char *buf, size_t len, const csim_case_result *c);

/** csim_assumed_json - `, "priced_by_assumption": {"VSQRT": 100, ...}`
 *  ("others": N beyond them), nothing when the case priced none. */
void csim_assumed_json(FILE *f, const csim_case_result *c);

/** csim_prov_text - one line: "cyclesim 0.1.0; model files stm32u083rc.json
 *  (sha256 0123456789abcdef) <- stm32u0.json (...) <- ...; settings: --set
 *  k=v, --set @cal.json (sha256 ...)" ("settings: none"), for the text,
 *  Markdown, HTML (escaped by the caller), JUnit and callgrind formats. */
const char *csim_prov_text(char *buf, size_t len, const csim_model *m);

/** csim_prov_json - the value of a "provenance" member: {"tool_version",
 *  "models": [{"mcu", "model_files": [{"file", "sha256"}], "settings":
 *  [{"set"} | {"overlay", "sha256"}]}]} for the n models of the document. */
void csim_prov_json(FILE *f, const csim_model *models, size_t n);

/** The CSV formats' provenance columns (docs/output.md): their names, and
 *  one record's values (quoted where needed), each led by a comma. */
#define CSIM_PROV_CSV_HEAD ",tool_version,model_files,settings"
void csim_prov_csv(FILE *f, const csim_model *m);

/** csim_range_keys_json - the value of a "range_keys" member: null for a
 *  range over every uncertain key (n = 0), else the --range-keys list. */
void csim_range_keys_json(FILE *f, const char *const *keys, size_t n);

/* Room for the --range-keys as text: at most 32 keys (CSIM_RANGE_MAX_DIMS) of at most 40 characters. */
#define CSIM_RANGE_KEYS_TEXT 1400

/** csim_range_keys_text - the n --range-keys joined by sep ("" for none),
 *  for the text formats (escaped by the caller) and one CSV field. */
const char *csim_range_keys_text(char *buf, size_t len, const char *const *keys, size_t n, const char *sep);

/** csim_rt_alt_json - the value of an "rt_alt" member: {"path", "sha256",
 *  "rt"} of the image with the other run-time helper set (--rt-alt). */
void csim_rt_alt_json(FILE *f, const csim_elf *alt, const char *set);

/** csim_interval_json - `"interval": {"low", "high", "class", "coverage",
 *  "table"}` of a ranged case, `"interval": null` when its class has no
 *  interval (docs/output.md). */
void csim_interval_json(FILE *f, const csim_case_result *c);

/** csim_interval_csv - the CSV fields CSIM_INTERVAL_CSV_HEAD names, each
 *  with its leading comma (empty when the case has no interval). */
#define CSIM_INTERVAL_CSV_HEAD ",interval_low,interval_high,op_class,interval_coverage,interval_table"
void csim_interval_csv(FILE *f, const csim_case_result *c);

/** csim_interval_note - "interval: nominal 90 % (table 0123456789abcdef)"
 *  of the first case of cases that has one, or NULL (the text formats). */
const char *csim_interval_note(char *buf, size_t len, const csim_case_result *cases, size_t n);

#endif
