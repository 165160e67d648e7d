/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * svg.h - what the charts of the reports share (sweep --svg, the HTML of
 * compare): the document element, axes mapping values to pixels on a linear
 * or logarithmic scale, and round tick values.  Text goes through escape.h.
 */
#ifndef CYCLESIM_OUTPUT_SVG_H
#define CYCLESIM_OUTPUT_SVG_H

#include <stdbool.h>
#include <stdio.h>

/* An axis: the values lo..hi drawn from pixel px0 to px1, log10 when log. */
typedef struct csim_svg_axis {
    double lo, hi;
    bool log;
    double px0, px1;
} csim_svg_axis;

/** csim_svg_px - the pixel position of v on the axis. */
double csim_svg_px(const csim_svg_axis *a, double v);

/** csim_svg_nice_step - a round tick step (1, 2 or 5 x 10^k) giving about
 *  `want` intervals over span. */
double csim_svg_nice_step(double span, int want);

/** csim_svg_nice_ceil - the round value (1, 2 or 5 x 10^k) at or above v: a
 *  linear axis' end. */
double csim_svg_nice_ceil(double v);

/** csim_svg_begin - the <svg> element of a w x h chart: a file of its own
 *  (standalone: XML declaration, white background) or inline in HTML (role
 *  img).  csim_svg_end closes it. */
void csim_svg_begin(FILE *f, double w, double h, int font_size, bool standalone);
void csim_svg_end(FILE *f);

#endif
