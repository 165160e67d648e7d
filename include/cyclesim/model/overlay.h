/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * overlay.h - model overlays (docs/calibrate.md): a base model name and key
 * values to apply on top of it.  `--set @FILE` applies one; `cyclesim
 * calibrate -o FILE` writes one (cyclesim/analysis/calibration.h).
 */
#ifndef CYCLESIM_OVERLAY_H
#define CYCLESIM_OVERLAY_H

#include <stdbool.h>
#include <stddef.h>

#include "cyclesim/common/diag.h"
#include "cyclesim/model/model.h"

#define CSIM_OVERLAY_VERSION 1

/** csim_overlay_apply - apply the overlay file at path to m, every key through
 *  the key table as `--set` does.  CSIM_ERR_IO (cannot read) or CSIM_ERR_INPUT
 *  (malformed, made for another base model, unknown key, bad value). */
csim_err csim_overlay_apply(csim_model *m, const char *path, csim_diag *diag);

#endif
