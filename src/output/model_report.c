/* SPDX-License-Identifier: GPL-2.0-or-later */
/* model_report.c - the output of `cyclesim model show` (model_report.h). */
#include "cyclesim/model/model_keys.h"
#include "cyclesim/output/in_force.h"
#include "output/escape.h"
#include "output/formats_internal.h"
#include "output/model_report.h"

#define VALUE_LEN 2048

struct model_writer {
    void (*begin)(FILE *f, const csim_model *m);
    void (*key)(FILE *f, const csim_model *m, const csim_key *k, const csim_model_source *origin, bool first);
    void (*end)(FILE *f);
};

/* ---- text: "ORIGIN<TAB>KEY=VALUE", as git config --show-origin ------------------ */

static void text_begin(FILE *f, const csim_model *m)
{
    char prov[4096];
    fprintf(f, "# %s: %s\n", m->name, csim_prov_text(prov, sizeof(prov), m));
}

static void text_key(FILE *f, const csim_model *m, const csim_key *k, const csim_model_source *origin, bool first)
{
    (void)first;
    char value[VALUE_LEN];
    csim_key_value_text(m, k, value, sizeof(value));
    if (!origin) {
        fputs("default", f);
    } else if (origin->kind == CSIM_SOURCE_FILE) {
        fprintf(f, "file:%s", origin->what);
    } else {
        fprintf(f, "--set %s", origin->what);
    }
    fprintf(f, "\t%s=%s\n", k->name, value);
}

/* ---- JSON -------------------------------------------------------------------------- */

static void json_begin(FILE *f, const csim_model *m)
{
    fputs("{\"mcu\": ", f);
    csim_json_str(f, m->name);
    fputs(",\n \"provenance\": ", f);
    csim_prov_json(f, m, 1);
    fputs(",\n \"keys\": [", f);
}

static void json_key(FILE *f, const csim_model *m, const csim_key *k, const csim_model_source *origin, bool first)
{
    char value[VALUE_LEN];
    csim_key_value_text(m, k, value, sizeof(value));
    fputs(first ? "\n  {\"key\": " : ",\n  {\"key\": ", f);
    csim_json_str(f, k->name);
    fputs(", \"value\": ", f);
    if (k->type == CSIM_K_U32 || k->type == CSIM_K_INT || k->type == CSIM_K_BOOL) {
        fputs(value, f);
    } else {
        csim_json_str(f, value);
    }
    if (origin) {
        fprintf(f, ", \"origin\": {\"%s\": ", csim_source_kind_names[origin->kind]);
        csim_json_str(f, origin->what + (origin->kind == CSIM_SOURCE_OVERLAY));
        fputs("}}", f);
    } else {
        fputs(", \"origin\": null}", f);
    }
}

static void json_end(FILE *f)
{
    fputs("\n ]}\n", f);
}

const struct model_writer model_text_writer = {text_begin, text_key, NULL};
const struct model_writer model_json_writer = {json_begin, json_key, json_end};

void model_show_write(const csim_output_format *fmt, FILE *f, const csim_model *m)
{
    const struct model_writer *w = fmt->w.model;
    size_t n;
    const csim_key *keys = csim_keys(&n);
    w->begin(f, m);
    bool first = true;
    for (size_t i = 0; i < n; i++) {
        if (!csim_key_applies(&keys[i], m)) {
            continue;
        }
        w->key(f, m, &keys[i], m->origin[i] ? &m->source[m->origin[i] - 1] : NULL, first);
        first = false;
    }
    if (w->end) {
        w->end(f);
    }
}
