/* SPDX-License-Identifier: GPL-2.0-or-later */
/* svg.c - the shared pieces of the SVG charts (svg.h). */
#include <math.h>

#include "output/svg.h"

double csim_svg_px(const csim_svg_axis *a, double v)
{
    double t = a->log ? (log10(v) - log10(a->lo)) / (log10(a->hi) - log10(a->lo)) : (v - a->lo) / (a->hi - a->lo);
    return a->px0 + t * (a->px1 - a->px0);
}

double csim_svg_nice_step(double span, int want)
{
    double raw = span / want, mag = pow(10, floor(log10(raw))), r = raw / mag;
    return (r < 1.5 ? 1 : r < 3.5 ? 2 : r < 7.5 ? 5 : 10) * mag;
}

double csim_svg_nice_ceil(double v)
{
    double p = pow(10, floor(log10(v)));
    return v <= p ? p : v <= 2 * p ? 2 * p : v <= 5 * p ? 5 * p : 10 * p;
}

void csim_svg_begin(FILE *f, double w, double h, int font_size, bool standalone)
{
    if (standalone) {
        fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", f);
    }
    fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" "
               "%sfont-family=\"sans-serif\" font-size=\"%d\">\n",
            w, h, w, h, standalone ? "" : "role=\"img\" ", font_size);
    if (standalone) {
        fputs("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n", f);
    }
}

void csim_svg_end(FILE *f)
{
    fputs("</svg>\n", f);
}
