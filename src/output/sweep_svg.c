/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sweep_svg.c - SVG chart of a sweep (sweep_svg.h).  The time axis is
 * logarithmic when the times span more than a factor of 20 (cases of very
 * different sizes share one chart), linear otherwise.
 */
#include <math.h>
#include <string.h>

#include "output/sweep_svg.h"
#include "cyclesim/output/in_force.h"
#include "output/escape.h"
#include "output/svg.h"

#define W 960.0
#define PLOT_H 440.0
#define LEFT 90.0
#define RIGHT 30.0
#define TOP 40.0
#define LEGEND_ROW 16.0

static const char *const colors[] = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd",
                                     "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"};
static const char *const dashes[] = {"", "6 3", "2 2", "8 3 2 3"};
#define N_COLORS (sizeof(colors) / sizeof(colors[0]))
#define N_DASHES (sizeof(dashes) / sizeof(dashes[0]))

static void tick_label(char *buf, size_t len, double v)
{
    snprintf(buf, len, "%g", v);
}

/* The y of a time: a time of 0 (none) at the bottom of a log axis. */
static double y_px(const csim_svg_axis *y, double us)
{
    return csim_svg_px(y, us > 0 ? us : y->lo);
}

/* Widens [*lo, *hi] to the positive times of v[0..n) (v NULL: none). */
static void extent(const double *v, size_t n, double *lo, double *hi)
{
    for (size_t k = 0; v && k < n; k++) {
        if (v[k] > 0) {
            *lo = fmin(*lo, v[k]);
            *hi = fmax(*hi, v[k]);
        }
    }
}

/* Line i's colour and dash pattern ("" solid). */
static const char *color_of(size_t i)
{
    return colors[i % N_COLORS];
}

static const char *dash_of(size_t i)
{
    return dashes[(i / N_COLORS) % N_DASHES];
}

/* A band of a line: low from left to right, then high back. */
static void band(FILE *f, const csim_svg_axis *x, const csim_svg_axis *y, const sweep_line *l, size_t i,
                 const char *cls, double opacity, const double *low, const double *high, const char *what)
{
    fprintf(f, "<polygon class=\"%s\" fill=\"%s\" fill-opacity=\"%.2f\" stroke=\"none\" points=\"", cls,
            color_of(i), opacity);
    for (size_t k = 0; k < 2 * l->n; k++) {
        const size_t at = k < l->n ? k : 2 * l->n - 1 - k;
        fprintf(f, "%s%.1f,%.1f", k ? " " : "", csim_svg_px(x, l->mhz[at]), y_px(y, k < l->n ? low[at] : high[at]));
    }
    fputs("\"><title>", f);
    csim_xml_text(f, l->label);
    fputs(": ", f);
    csim_xml_text(f, what);
    fputs("</title></polygon>\n", f);
}

bool sweep_svg_write(FILE *f, const char *title, const char *range_over, const sweep_line *lines, size_t n)
{
    double xmin = INFINITY, xmax = -INFINITY, ymin = INFINITY, ymax = -INFINITY;
    bool bands = false, intervals = false;
    for (size_t i = 0; i < n; i++) {
        for (size_t k = 0; k < lines[i].n; k++) {
            xmin = fmin(xmin, lines[i].mhz[k]);
            xmax = fmax(xmax, lines[i].mhz[k]);
        }
        extent(lines[i].us, lines[i].n, &ymin, &ymax);
        extent(lines[i].us_low, lines[i].n, &ymin, &ymax);
        extent(lines[i].us_high, lines[i].n, &ymin, &ymax);
        extent(lines[i].us_int_low, lines[i].n, &ymin, &ymax);
        extent(lines[i].us_int_high, lines[i].n, &ymin, &ymax);
        bands |= lines[i].us_low != NULL;
        intervals |= lines[i].us_int_low != NULL;
    }
    if (!(xmin <= xmax)) {
        xmin = 0, xmax = 1;
    }
    if (!(ymin <= ymax)) {
        ymin = 1, ymax = 10;
    }
    if (xmax - xmin < 1e-9) {
        xmin -= 1, xmax += 1;
    }
    csim_svg_axis x = {xmin, xmax, false, LEFT, W - RIGHT};
    csim_svg_axis y = {ymin, ymax, ymax / ymin > 20, TOP + PLOT_H, TOP};
    if (y.log) {
        y.lo = pow(10, floor(log10(ymin)));
        y.hi = pow(10, ceil(log10(ymax)));
    } else {
        double step = csim_svg_nice_step(ymax - ymin > 0 ? ymax - ymin : ymax, 6);
        y.lo = floor(ymin / step) * step;
        y.hi = ceil(ymax / step) * step;
        if (y.hi - y.lo < step) {
            y.hi = y.lo + step;
        }
    }
    double legend_top = TOP + PLOT_H + 60;
    /* after the ring's row, the band's and the interval's */
    double first_line = legend_top + LEGEND_ROW * (1 + bands + intervals);
    double h = first_line + LEGEND_ROW * (double)n + 10;

    csim_svg_begin(f, W, h, 12, true);
    fputs("<text x=\"480\" y=\"22\" text-anchor=\"middle\" font-size=\"15\">", f);
    csim_xml_text(f, title);
    fputs("</text>\n", f);

    /* Axes, grid and ticks. */
    fprintf(f, "<g stroke=\"#000\" fill=\"none\"><rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\"/></g>\n",
            LEFT, TOP, W - RIGHT - LEFT, PLOT_H);
    char lab[32];
    double xs = csim_svg_nice_step(x.hi - x.lo, 10);
    for (double v = ceil(x.lo / xs) * xs; v <= x.hi + xs * 1e-6; v += xs) {
        double px = csim_svg_px(&x, v);
        tick_label(lab, sizeof(lab), v);
        fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>"
                   "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#000\"/>"
                   "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%s</text>\n",
                px, TOP, px, TOP + PLOT_H, px, TOP + PLOT_H, px, TOP + PLOT_H + 5, px, TOP + PLOT_H + 18, lab);
    }
    if (y.log) {
        for (double d = y.lo; d <= y.hi * 1.0001; d *= 10) {
            for (int m = 1; m < 10 && d * m <= y.hi * 1.0001; m++) {
                double py = csim_svg_px(&y, d * m);
                fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>", LEFT, py,
                        W - RIGHT, py, m == 1 ? "#ccc" : "#f0f0f0");
                if (m == 1) {
                    tick_label(lab, sizeof(lab), d);
                    fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%s</text>", LEFT - 6, py + 4, lab);
                }
                fputc('\n', f);
            }
        }
    } else {
        double ys = csim_svg_nice_step(y.hi - y.lo, 6);
        for (double v = y.lo; v <= y.hi + ys * 1e-6; v += ys) {
            double py = csim_svg_px(&y, v);
            tick_label(lab, sizeof(lab), v);
            fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>"
                       "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%s</text>\n",
                    LEFT, py, W - RIGHT, py, LEFT - 6, py + 4, lab);
        }
    }
    fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">core clock (MHz)</text>\n",
            (LEFT + W - RIGHT) / 2, TOP + PLOT_H + 40);
    fprintf(f, "<text x=\"20\" y=\"%.1f\" text-anchor=\"middle\" transform=\"rotate(-90 20 %.1f)\">"
               "time (\u00b5s%s)</text>\n",
            TOP + PLOT_H / 2, TOP + PLOT_H / 2, y.log ? ", log scale" : "");

    /* The bands first, under every line; then one polyline per line, rings
     * marking the points outside the reference manual. */
    for (size_t i = 0; i < n; i++) {
        if (lines[i].us_int_low) {
            band(f, &x, &y, &lines[i], i, "interval", 0.08, lines[i].us_int_low, lines[i].us_int_high,
                 "the calibrated interval");
        }
    }
    char what[CSIM_RANGE_KEYS_TEXT + 96];
    snprintf(what, sizeof(what), "the range over %s", range_over);
    for (size_t i = 0; i < n; i++) {
        if (lines[i].us_low) {
            band(f, &x, &y, &lines[i], i, "band", 0.18, lines[i].us_low, lines[i].us_high, what);
        }
    }
    for (size_t i = 0; i < n; i++) {
        const sweep_line *l = &lines[i];
        const char *c = color_of(i), *d = dash_of(i);
        fprintf(f, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"1.5\"%s%s%s points=\"", c,
                *d ? " stroke-dasharray=\"" : "", d, *d ? "\"" : "");
        for (size_t k = 0; k < l->n; k++) {
            fprintf(f, "%s%.1f,%.1f", k ? " " : "", csim_svg_px(&x, l->mhz[k]), y_px(&y, l->us[k]));
        }
        fputs("\"><title>", f);
        csim_xml_text(f, l->label);
        fputs("</title></polyline>\n", f);
        for (size_t k = 0; k < l->n; k++) {
            if (l->outside[k]) {
                fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"none\" stroke=\"%s\"/>\n",
                        csim_svg_px(&x, l->mhz[k]), y_px(&y, l->us[k]), c);
            }
        }
    }

    /* Legend below the plot. */
    fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"none\" stroke=\"#000\"/>"
               "<text x=\"%.1f\" y=\"%.1f\">outside the reference manual (clock above the maximum or latency "
               "below the minimum)</text>\n",
            LEFT + 12, legend_top - 4, LEFT + 30, legend_top);
    if (bands) {
        fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"24\" height=\"10\" fill=\"#000\" fill-opacity=\"0.18\"/>"
                   "<text x=\"%.1f\" y=\"%.1f\">band: ",
                LEFT, legend_top + LEGEND_ROW - 9, LEFT + 30, legend_top + LEGEND_ROW);
        csim_xml_text(f, what);
        fputs(" (docs/sweep.md)</text>\n", f);
    }
    if (intervals) {
        const double row = legend_top + LEGEND_ROW * (1 + bands);
        fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"24\" height=\"10\" fill=\"#000\" fill-opacity=\"0.08\"/>"
                   "<text x=\"%.1f\" y=\"%.1f\">light band: the calibrated interval, the range widened by the "
                   "model's measured error (docs/accuracy.md)</text>\n",
                LEFT, row - 9, LEFT + 30, row);
    }
    for (size_t i = 0; i < n; i++) {
        double yy = first_line + LEGEND_ROW * (double)i;
        const char *c = color_of(i), *d = dash_of(i);
        fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"2\"%s%s%s/>"
                   "<text x=\"%.1f\" y=\"%.1f\">",
                LEFT, yy - 4, LEFT + 24, yy - 4, c, *d ? " stroke-dasharray=\"" : "", d, *d ? "\"" : "",
                LEFT + 30, yy);
        csim_xml_text(f, lines[i].label);
        fputs("</text>\n", f);
    }
    csim_svg_end(f);
    return !ferror(f);
}
