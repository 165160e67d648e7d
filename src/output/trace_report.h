/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * trace_report.h - a case's timeline (csim_profile.trace) as Chrome trace
 * JSON, the Trace Event Format that Perfetto and chrome://tracing open
 * (docs/profile.md, "Timeline").
 */
#ifndef CYCLESIM_OUTPUT_TRACE_REPORT_H
#define CYCLESIM_OUTPUT_TRACE_REPORT_H

#include "cyclesim/backends/dwarf.h"
#include "cyclesim/engine/sim.h"
#include "cyclesim/model/model.h"

/** trace_write - case c's timeline into the file at path (the output
 *  layer's: an error names the file in diag); lines: its source lines. */
csim_err trace_write(const char *path, const csim_model *m, const csim_case_result *c, csim_lines *lines,
                     csim_diag *diag);

#endif
