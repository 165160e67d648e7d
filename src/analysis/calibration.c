/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * calibration.c - a calibration's overlay document (docs/calibrate.md): the
 * fitted keys in the key table's types, with the measurements, rows and
 * residuals they came from, through cyclesim/backends/json.h.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cyclesim/backends/json.h"
#include "cyclesim/common/version.h"
#include "cyclesim/model/model_keys.h"
#include "cyclesim/model/overlay.h"
#include "cyclesim/analysis/calibration.h"

const char *csim_fit_state_name(csim_fit_state s)
{
    switch (s) {
    case CSIM_FIT_FREE: return "fitted";
    case CSIM_FIT_AT_BOUND: return "at bound";
    case CSIM_FIT_INSENSITIVE: return "not identifiable: no fitted row depends on it";
    case CSIM_FIT_DEPENDENT: return "not identifiable: the fitted rows cannot tell it from the other parameters";
    }
    return "?";
}

/* A key's value in the type its JSON takes (numbers, booleans, names). */
static csim_json *key_value(const csim_model *m, const csim_key *k)
{
    char text[160];
    if (!csim_model_get(m, k->name, text, sizeof(text))) {
        return NULL;
    }
    switch (k->type) {
    case CSIM_K_U32:
    case CSIM_K_INT: return csim_json_new_number(strtod(text, NULL));
    case CSIM_K_BOOL: return csim_json_new_bool(strcmp(text, "true") == 0);
    default: return csim_json_new_string(text);
    }
}

/* Percentages to 1e-3: the figures are for reading, and print the same everywhere. */
static double round_pct(double v) { return round(v * 1000.0) / 1000.0; }

static csim_json *stats_json(const csim_err_stats *s)
{
    csim_json *o = csim_json_new_object();
    csim_json_add_number(o, "rows", (double)s->n);
    if (s->n) {
        csim_json_add_number(o, "median_abs", round_pct(s->median));
        csim_json_add_number(o, "p90_abs", round_pct(s->p90));
        csim_json_add_number(o, "max_abs", round_pct(s->max));
    }
    return o;
}

static double pct(double model, double measured) { return 100.0 * (model - measured) / measured; }


static csim_json *elf_json(const csim_elf *e)
{
    csim_json *o = csim_json_new_object();
    csim_json_add_string(o, "path", e->path);
    csim_json_add_string(o, "sha256", e->sha256_hex);
    return o;
}

char *csim_overlay_json(const csim_calibration *c)
{
    csim_json *doc = csim_json_new_object();
    csim_json_add_number(doc, "cyclesim_overlay", CSIM_OVERLAY_VERSION);
    csim_json_add_string(doc, "base_model", c->model->name);

    /* keys: every scalar key that differs from the base file, and every
     * fitted parameter even where it equals the base value. */
    csim_json *keys = csim_json_add_object(doc, "keys");
    size_t nk;
    const csim_key *all = csim_keys(&nk);
    for (size_t i = 0; i < nk; i++) {
        const csim_key *k = &all[i];
        char now[160], was[160];
        if (!csim_key_scalar(k) || !csim_model_get(c->model, k->name, now, sizeof(now)) ||
            !csim_model_get(c->base, k->name, was, sizeof(was))) {
            continue;
        }
        bool fitted = false;
        for (size_t j = 0; j < c->n_params; j++) {
            fitted |= strcmp(c->params[j].key, k->name) == 0 &&
                      (c->params[j].state == CSIM_FIT_FREE || c->params[j].state == CSIM_FIT_AT_BOUND);
        }
        if (fitted || strcmp(now, was) != 0) {
            csim_json_add(keys, k->name, key_value(c->model, k));
        }
    }

    csim_json *prov = csim_json_add_object(doc, "provenance");
    csim_json_add_string(prov, "command", "calibrate");
    csim_json_add_string(prov, "tool_version", csim_tool_version());
    /* The files of the base model's extends chain, the MCU's first (docs/output.md, "Provenance"). */
    csim_json *files = csim_json_add_array(prov, "model_files");
    for (unsigned i = c->base->n_sources; i-- > 0;) {
        const csim_model_source *s = &c->base->source[i];
        if (s->kind == CSIM_SOURCE_FILE) {
            csim_json *o = csim_json_new_object();
            csim_json_add_string(o, "file", s->what);
            csim_json_add_string(o, "sha256", s->sha256);
            csim_json_push(files, o);
        }
    }
    /* "elf": the first image (schema 1 had only one); "elfs": every one. */
    csim_json_add(prov, "elf", elf_json(c->elfs[0]));
    csim_json *elfs = csim_json_add_array(prov, "elfs");
    for (unsigned i = 0; i < c->n_elfs; i++) {
        csim_json_push(elfs, elf_json(c->elfs[i]));
    }
    csim_json *measured = csim_json_add_array(prov, "measured");
    for (unsigned i = 0; i < c->n_measured; i++) {
        csim_json_push(measured, csim_json_new_string(c->measured[i]));
    }
    csim_json *sets = csim_json_add_array(prov, "sets");
    for (unsigned i = 0; i < c->n_sets; i++) {
        csim_json_push(sets, csim_json_new_string(c->sets[i]));
    }
    csim_json_add_string(prov, "state", c->warm ? "warm" : "cold");
    csim_json_add_number(prov, "holdout", c->holdout);
    csim_json_add_number(prov, "iterations", c->iterations);
    csim_json_add_number(prov, "runs", c->runs);
    csim_json_add_bool(prov, "converged", c->converged);

    csim_json *params = csim_json_add_array(prov, "parameters");
    for (size_t j = 0; j < c->n_params; j++) {
        const csim_calib_param *p = &c->params[j];
        bool ok = p->state == CSIM_FIT_FREE || p->state == CSIM_FIT_AT_BOUND;
        csim_json *o = csim_json_new_object();
        csim_json_add_string(o, "key", p->key);
        csim_json_add_number(o, "start", p->start);
        if (ok) {
            csim_json_add_number(o, "fitted", p->fitted);
        } else {
            csim_json_add_null(o, "fitted");
        }
        csim_json_add_string(o, "state", csim_fit_state_name(p->state));
        csim_json_add_number(o, "sensitive_rows", (double)p->rows_sensitive);
        if (p->rows_sensitive) {
            csim_json *u = csim_json_add_object(o, "cycles_per_unit");
            csim_json_add_number(u, "min", p->per_unit_min);
            csim_json_add_number(u, "median", p->per_unit_median);
            csim_json_add_number(u, "max", p->per_unit_max);
        }
        if (ok) {
            csim_json_add(o, "held_out_error_pct", stats_json(&p->held_out));
        }
        csim_json_push(params, o);
    }

    csim_json *rows = csim_json_add_array(prov, "rows");
    for (size_t i = 0; i < c->n_rows; i++) {
        const csim_calib_row *r = &c->rows[i];
        csim_json *o = csim_json_new_object();
        csim_json_add_string(o, "key", r->key);
        csim_json_add_string(o, "elf", c->elfs[r->elf]->path);
        csim_json_add_number(o, "measured_file", r->file);
        csim_json_add_string(o, "role", r->held_out ? "held-out" : "fitted");
        csim_json_add_number(o, "measured", r->measured);
        csim_json_add_number(o, "before", r->before);
        csim_json_add_number(o, "after", r->after);
        csim_json_add_number(o, "error_pct_before", round_pct(pct(r->before, r->measured)));
        csim_json_add_number(o, "error_pct_after", round_pct(pct(r->after, r->measured)));
        csim_json_push(rows, o);
    }

    csim_json *err = csim_json_add_object(prov, "error_pct");
    csim_json *fit = csim_json_add_object(err, "fitted");
    csim_json_add(fit, "before", stats_json(&c->fit_before));
    csim_json_add(fit, "after", stats_json(&c->fit_after));
    csim_json *held = csim_json_add_object(err, "held_out");
    csim_json_add(held, "before", stats_json(&c->held_before));
    csim_json_add(held, "after", stats_json(&c->held_after));

    char *text = csim_json_print(doc, true);
    csim_json_free(doc);
    return text;
}
