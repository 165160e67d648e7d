/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * calibrate_report.c - the report of `cyclesim calibrate` (calibrate_report.h):
 * the table of the fitted keys, the rows before and after and the error
 * statistics, or the overlay JSON alone (docs/calibrate.md).
 */
#include "cyclesim/output/in_force.h"
#include "output/calibrate_report.h"
#include "output/formats_internal.h"

struct calib_writer {
    void (*write)(FILE *f, const csim_calibration *k, const calib *c, const char *overlay);
};

static void print_stats(FILE *f, const char *what, const csim_err_stats *s)
{
    if (s->n) {
        fprintf(f, "%-16s %5zu %8.3f %8.3f %8.3f\n", what, s->n, s->median, s->p90, s->max);
    } else {
        fprintf(f, "%-16s %5zu\n", what, s->n);
    }
}

static void table_write(FILE *f, const csim_calibration *k, const calib *c, const char *overlay)
{
    (void)overlay;
    fprintf(f, "calibrate ");
    for (unsigned i = 0; i < k->n_elfs; i++) {
        fprintf(f, "%s%s", i ? ", " : "", k->elfs[i]->path);
    }
    fprintf(f, " on %s: %zu rows matched in %u file(s), %zu fitted, %zu held out; "
               "%u iteration(s), %u runs, %s, state %s\n",
            k->model->name, k->n_rows, k->n_measured, c->n_fit, c->n_rows - c->n_fit, k->iterations, k->runs,
            k->converged ? "converged" : "NOT converged", c->warm ? "warm" : "cold");
    char prov[4096];
    fprintf(f, "provenance: %s\n\n", csim_prov_text(prov, sizeof(prov), k->model));
    fprintf(f, "%-24s %6s %6s  %-9s %9s  %-24s  %s\n", "parameter", "start", "fitted", "state", "rows",
            "cycles/unit min/med/max", "held-out |error %| med/max (rows)");
    for (size_t j = 0; j < k->n_params; j++) {
        const csim_calib_param *p = &k->params[j];
        if (!calib_fitted_state(p->state)) {
            fprintf(f, "%-24s %6g %6s  %s\n", p->key, p->start, "-", csim_fit_state_name(p->state));
            continue;
        }
        char rows[32], unit[64], held[64];
        snprintf(rows, sizeof(rows), "%zu/%zu", p->rows_sensitive, c->n_fit);
        snprintf(unit, sizeof(unit), "%g/%g/%g", p->per_unit_min, p->per_unit_median, p->per_unit_max);
        if (p->held_out.n) {
            snprintf(held, sizeof(held), "%.3f/%.3f (%zu)", p->held_out.median, p->held_out.max, p->held_out.n);
        } else {
            snprintf(held, sizeof(held), "- (no held-out row depends on it)");
        }
        fprintf(f, "%-24s %6g %6g  %-9s %9s  %-24s  %s\n", p->key, p->start, p->fitted,
                csim_fit_state_name(p->state), rows, unit, held);
    }
    /* Say which parameters are uncertain on this model only (its `uncertain` list). */
    const char *sep = "\nuncertain on this model only (its uncertain list): ";
    for (size_t j = 0; j < c->n_params; j++) {
        const csim_key *key = c->params[j].key;
        if (!csim_key_uncertain_everywhere(key) && csim_key_uncertain(key, c->model)) {
            fprintf(f, "%s%s", sep, key->name);
            sep = ", ";
        }
    }
    if (sep[0] != '\n') {
        fprintf(f, "\n");
    }
    fprintf(f, "\n%-40s %-8s %12s %12s %12s %9s %9s\n", "row", "role", "measured", "before", "after", "before %",
            "after %");
    for (size_t r = 0; r < k->n_rows; r++) {
        const csim_calib_row *w = &k->rows[r];
        fprintf(f, "%-40s %-8s %12.0f %12.0f %12.0f %9.3f %9.3f\n", w->key, w->held_out ? "held-out" : "fitted",
                w->measured, w->before, w->after, calib_pct(w->before, w->measured),
                calib_pct(w->after, w->measured));
    }
    fprintf(f, "\n%-16s %5s %8s %8s %8s\n", "|error %|", "rows", "median", "p90", "max");
    print_stats(f, "fitted, before", &k->fit_before);
    print_stats(f, "fitted, after", &k->fit_after);
    print_stats(f, "held-out, before", &k->held_before);
    print_stats(f, "held-out, after", &k->held_after);
}

static void json_write(FILE *f, const csim_calibration *k, const calib *c, const char *overlay)
{
    (void)k, (void)c;
    fprintf(f, "%s\n", overlay);
}

const struct calib_writer calib_table_writer = {table_write};
const struct calib_writer calib_json_writer = {json_write};

void calib_write(const csim_output_format *fmt, FILE *f, const csim_calibration *k, const calib *c,
                 const char *overlay)
{
    fmt->w.calibrate->write(f, k, c, overlay);
}
