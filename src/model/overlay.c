/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * overlay.c - the overlay file format (docs/calibrate.md), read and written
 * with cJSON.  Reading applies every key through the key table, so an
 * overlay is validated exactly as `--set` is.
 */
#include <cjson/cJSON.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cyclesim/model_keys.h"
#include "cyclesim/overlay.h"

#define MAX_FILE (1u << 20)

static char *read_text(const char *path, csim_diag *diag, csim_err *err)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        *err = csim_fail(diag, CSIM_ERR_IO, "%s: cannot open", path);
        return NULL;
    }
    char *buf = malloc(MAX_FILE + 1);
    size_t n = buf ? fread(buf, 1, MAX_FILE + 1, f) : 0;
    fclose(f);
    if (!buf || n > MAX_FILE) {
        free(buf);
        *err = csim_fail(diag, CSIM_ERR_INPUT, "%s: unreadable or larger than 1 MiB", path);
        return NULL;
    }
    buf[n] = 0;
    return buf;
}

static bool scalar_key(const csim_key *k)
{
    return k->type == CSIM_K_U32 || k->type == CSIM_K_INT || k->type == CSIM_K_BOOL ||
           k->type == CSIM_K_ENUM || k->type == CSIM_K_STR;
}

static csim_err apply_key(csim_model *m, const cJSON *v, const char *path, csim_diag *diag)
{
    const csim_key *k = csim_key_find(v->string);
    if (!k || !scalar_key(k)) {
        return csim_fail(diag, CSIM_ERR_INPUT, "%s: keys: \"%s\" is not a model key that --set accepts",
                         path, v->string);
    }
    csim_err err;
    if (cJSON_IsNumber(v)) {
        err = csim_key_set_number(m, k, v->valuedouble, path, diag);
    } else if (cJSON_IsBool(v)) {
        err = csim_key_set_string(m, k, cJSON_IsTrue(v) ? "true" : "false", path, diag);
    } else if (cJSON_IsString(v)) {
        err = csim_key_set_string(m, k, v->valuestring, path, diag);
    } else {
        return csim_fail(diag, CSIM_ERR_INPUT, "%s: keys: %s: expected a number, boolean or string",
                         path, k->name);
    }
    return err ? CSIM_ERR_INPUT : CSIM_OK;
}

csim_err csim_overlay_apply(csim_model *m, const char *path, csim_diag *diag)
{
    csim_err err = CSIM_OK;
    char *text = read_text(path, diag, &err);
    if (!text) {
        return err;
    }
    cJSON *doc = cJSON_Parse(text);
    if (!doc) {
        unsigned line = 1;
        for (const char *p = text, *end = cJSON_GetErrorPtr(); end && p < end && *p; p++) {
            line += *p == '\n';
        }
        free(text);
        return csim_fail(diag, CSIM_ERR_INPUT, "%s:%u: not valid JSON", path, line);
    }
    free(text);
    if (!cJSON_IsObject(doc)) {
        cJSON_Delete(doc);
        return csim_fail(diag, CSIM_ERR_INPUT, "%s: not a JSON object (an overlay, docs/calibrate.md)", path);
    }
    const cJSON *ver = cJSON_GetObjectItemCaseSensitive(doc, "cyclesim_overlay");
    const cJSON *base = cJSON_GetObjectItemCaseSensitive(doc, "base_model");
    const cJSON *keys = cJSON_GetObjectItemCaseSensitive(doc, "keys");
    const cJSON *member;
    cJSON_ArrayForEach(member, doc)
    {
        if (strcmp(member->string, "cyclesim_overlay") && strcmp(member->string, "base_model") &&
            strcmp(member->string, "keys") && strcmp(member->string, "provenance")) {
            err = csim_fail(diag, CSIM_ERR_INPUT, "%s: unknown member \"%s\"", path, member->string);
        }
    }
    if (err) {
        /* already reported */
    } else if (!cJSON_IsNumber(ver) || ver->valuedouble != CSIM_OVERLAY_VERSION) {
        err = csim_fail(diag, CSIM_ERR_INPUT, "%s: cyclesim_overlay: expected version %d", path,
                        CSIM_OVERLAY_VERSION);
    } else if (!cJSON_IsString(base) || !cJSON_IsObject(keys)) {
        err = csim_fail(diag, CSIM_ERR_INPUT, "%s: needs \"base_model\" (a string) and \"keys\" (an object)",
                        path);
    } else if (strcmp(base->valuestring, m->name) != 0) {
        err = csim_fail(diag, CSIM_ERR_INPUT, "%s: an overlay for %s, not for %s", path,
                        base->valuestring, m->name);
    } else {
        const cJSON *v;
        cJSON_ArrayForEach(v, keys)
        {
            if ((err = apply_key(m, v, path, diag))) {
                break;
            }
        }
    }
    cJSON_Delete(doc);
    return err;
}

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
static cJSON *key_value(const csim_model *m, const csim_key *k)
{
    char text[160];
    if (!csim_model_get(m, k->name, text, sizeof(text))) {
        return NULL;
    }
    switch (k->type) {
    case CSIM_K_U32:
    case CSIM_K_INT: return cJSON_CreateNumber(strtod(text, NULL));
    case CSIM_K_BOOL: return cJSON_CreateBool(strcmp(text, "true") == 0);
    default: return cJSON_CreateString(text);
    }
}

/* Percentages to 1e-3: the figures are for reading, and print the same everywhere. */
static double round_pct(double v) { return round(v * 1000.0) / 1000.0; }

static cJSON *stats_json(const csim_err_stats *s)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddNumberToObject(o, "rows", (double)s->n);
    if (s->n) {
        cJSON_AddNumberToObject(o, "median_abs", round_pct(s->median));
        cJSON_AddNumberToObject(o, "p90_abs", round_pct(s->p90));
        cJSON_AddNumberToObject(o, "max_abs", round_pct(s->max));
    }
    return o;
}

static double pct(double model, double measured) { return 100.0 * (model - measured) / measured; }


static cJSON *elf_json(const csim_elf *e)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "path", e->path);
    cJSON_AddStringToObject(o, "sha256", e->sha256_hex);
    return o;
}

char *csim_overlay_json(const csim_calibration *c)
{
    cJSON *doc = cJSON_CreateObject();
    cJSON_AddNumberToObject(doc, "cyclesim_overlay", CSIM_OVERLAY_VERSION);
    cJSON_AddStringToObject(doc, "base_model", c->model->name);

    /* keys: every scalar key that differs from the base file, and every
     * fitted parameter even where it equals the base value. */
    cJSON *keys = cJSON_AddObjectToObject(doc, "keys");
    size_t nk;
    const csim_key *all = csim_keys(&nk);
    for (size_t i = 0; i < nk; i++) {
        const csim_key *k = &all[i];
        char now[160], was[160];
        if (!scalar_key(k) || !csim_model_get(c->model, k->name, now, sizeof(now)) ||
            !csim_model_get(c->base, k->name, was, sizeof(was))) {
            continue;
        }
        bool fitted = false;
        for (size_t j = 0; j < c->n_params; j++) {
            fitted |= strcmp(c->params[j].key, k->name) == 0 &&
                      (c->params[j].state == CSIM_FIT_FREE || c->params[j].state == CSIM_FIT_AT_BOUND);
        }
        if (fitted || strcmp(now, was) != 0) {
            cJSON_AddItemToObject(keys, k->name, key_value(c->model, k));
        }
    }

    cJSON *prov = cJSON_AddObjectToObject(doc, "provenance");
    cJSON_AddStringToObject(prov, "command", "calibrate");
    /* "elf": the first image (schema 1 had only one); "elfs": every one. */
    cJSON_AddItemToObject(prov, "elf", elf_json(c->elfs[0]));
    cJSON *elfs = cJSON_AddArrayToObject(prov, "elfs");
    for (unsigned i = 0; i < c->n_elfs; i++) {
        cJSON_AddItemToArray(elfs, elf_json(c->elfs[i]));
    }
    cJSON *measured = cJSON_AddArrayToObject(prov, "measured");
    for (unsigned i = 0; i < c->n_measured; i++) {
        cJSON_AddItemToArray(measured, cJSON_CreateString(c->measured[i]));
    }
    cJSON *sets = cJSON_AddArrayToObject(prov, "sets");
    for (unsigned i = 0; i < c->n_sets; i++) {
        cJSON_AddItemToArray(sets, cJSON_CreateString(c->sets[i]));
    }
    cJSON_AddStringToObject(prov, "state", c->warm ? "warm" : "cold");
    cJSON_AddNumberToObject(prov, "holdout", c->holdout);
    cJSON_AddNumberToObject(prov, "iterations", c->iterations);
    cJSON_AddNumberToObject(prov, "runs", c->runs);
    cJSON_AddBoolToObject(prov, "converged", c->converged);

    cJSON *params = cJSON_AddArrayToObject(prov, "parameters");
    for (size_t j = 0; j < c->n_params; j++) {
        const csim_calib_param *p = &c->params[j];
        bool ok = p->state == CSIM_FIT_FREE || p->state == CSIM_FIT_AT_BOUND;
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "key", p->key);
        cJSON_AddNumberToObject(o, "start", p->start);
        if (ok) {
            cJSON_AddNumberToObject(o, "fitted", p->fitted);
        } else {
            cJSON_AddNullToObject(o, "fitted");
        }
        cJSON_AddStringToObject(o, "state", csim_fit_state_name(p->state));
        cJSON_AddNumberToObject(o, "sensitive_rows", (double)p->rows_sensitive);
        if (p->rows_sensitive) {
            cJSON *u = cJSON_AddObjectToObject(o, "cycles_per_unit");
            cJSON_AddNumberToObject(u, "min", p->per_unit_min);
            cJSON_AddNumberToObject(u, "median", p->per_unit_median);
            cJSON_AddNumberToObject(u, "max", p->per_unit_max);
        }
        if (ok) {
            cJSON_AddItemToObject(o, "held_out_error_pct", stats_json(&p->held_out));
        }
        cJSON_AddItemToArray(params, o);
    }

    cJSON *rows = cJSON_AddArrayToObject(prov, "rows");
    for (size_t i = 0; i < c->n_rows; i++) {
        const csim_calib_row *r = &c->rows[i];
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "key", r->key);
        cJSON_AddStringToObject(o, "elf", c->elfs[r->elf]->path);
        cJSON_AddNumberToObject(o, "measured_file", r->file);
        cJSON_AddStringToObject(o, "role", r->held_out ? "held-out" : "fitted");
        cJSON_AddNumberToObject(o, "measured", r->measured);
        cJSON_AddNumberToObject(o, "before", r->before);
        cJSON_AddNumberToObject(o, "after", r->after);
        cJSON_AddNumberToObject(o, "error_pct_before", round_pct(pct(r->before, r->measured)));
        cJSON_AddNumberToObject(o, "error_pct_after", round_pct(pct(r->after, r->measured)));
        cJSON_AddItemToArray(rows, o);
    }

    cJSON *err = cJSON_AddObjectToObject(prov, "error_pct");
    cJSON *fit = cJSON_AddObjectToObject(err, "fitted");
    cJSON_AddItemToObject(fit, "before", stats_json(&c->fit_before));
    cJSON_AddItemToObject(fit, "after", stats_json(&c->fit_after));
    cJSON *held = cJSON_AddObjectToObject(err, "held_out");
    cJSON_AddItemToObject(held, "before", stats_json(&c->held_before));
    cJSON_AddItemToObject(held, "after", stats_json(&c->held_after));

    char *text = cJSON_Print(doc);
    cJSON_Delete(doc);
    return text;
}
