/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * calibrate_report.h - the report of `cyclesim calibrate` (analysis/calibrate.h)
 * in a format of the registry (formats.h: the table of keys, rows and errors,
 * or the overlay JSON; docs/calibrate.md).
 */
#ifndef CYCLESIM_OUTPUT_CALIBRATE_REPORT_H
#define CYCLESIM_OUTPUT_CALIBRATE_REPORT_H

#include <stdio.h>

#include "analysis/calibrate.h"
#include "cyclesim/output/formats.h"

/** calib_write - the report `k` of the fit of c in `fmt`, a
 *  CSIM_REPORT_CALIBRATE format; `overlay` is the overlay JSON of k
 *  (csim_overlay_json), what the json format prints. */
void calib_write(const csim_output_format *fmt, FILE *f, const csim_calibration *k, const calib *c,
                 const char *overlay);

#endif
