/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sweep_svg.h - the chart of `cyclesim sweep --svg`: time versus clock, one
 * polyline per (case, configuration), with --range a translucent band from
 * its low to its high end and a lighter one for its calibrated interval.
 * Self-contained SVG, no scripts.
 */
#ifndef CYCLESIM_SWEEP_SVG_H
#define CYCLESIM_SWEEP_SVG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef struct sweep_line {
    char label[192];
    size_t n;
    double *mhz;      /* sorted ascending */
    double *us;
    bool *outside;    /* outside the reference manual: drawn as a ring */
    double *us_low, *us_high; /* --range: a band from low to high; NULL: none */
    double *us_int_low, *us_int_high; /* its calibrated interval: a lighter band; NULL: none */
} sweep_line;

/** sweep_svg_write - writes the chart, its bands captioned as the range over
 *  `range_over` ("the model's uncertain keys"); false on a write error. */
bool sweep_svg_write(FILE *f, const char *title, const char *range_over, const sweep_line *lines, size_t n);

#endif
