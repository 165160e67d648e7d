/* SPDX-License-Identifier: GPL-2.0-or-later */
/* in_force.c - the provenance and the configuration in force as the reports print them (in_force.h). */

#include "cyclesim/common/version.h"
#include "cyclesim/output/in_force.h"
#include "output/escape.h"

csim_in_force csim_in_force_of(const csim_model *m, const csim_case_result *c)
{
    if (c && c->in_force.known) {
        return c->in_force;
    }
    return (csim_in_force){true, false, m->flash.cache_enabled, m->flash.prefetch, m->flash.wait_states, m->clock_hz};
}

csim_in_force csim_in_force_of_cases(const csim_model *m, const csim_case_result *cases, size_t n)
{
    csim_in_force f = csim_in_force_of(m, n ? &cases[0] : NULL);
    for (size_t i = 0; i < n; i++) {
        csim_in_force c = csim_in_force_of(m, &cases[i]);
        f.changed |= c.changed || !csim_in_force_same(&c, &f);
    }
    return f;
}

bool csim_in_force_same(const csim_in_force *a, const csim_in_force *b)
{
    return !a->changed && !b->changed && a->wait_states == b->wait_states && a->cache_enabled == b->cache_enabled &&
           a->prefetch == b->prefetch && a->clock_hz == b->clock_hz;
}

const char *csim_in_force_text(char *buf, size_t len, const csim_in_force *f)
{
    snprintf(buf, len, "%u WS, cache %s, prefetch %s", f->wait_states, f->cache_enabled ? "on" : "off",
             f->prefetch ? "on" : "off");
    return buf;
}

const char *csim_in_force_note(char *buf, size_t len, const csim_in_force *f)
{
    char cfg[64];
    snprintf(buf, len, "%.3g MHz, %s%s", f->clock_hz / 1e6, csim_in_force_text(cfg, sizeof(cfg), f),
             f->changed ? " at the start, changed by the firmware during the case" : "");
    return buf;
}

void csim_in_force_json(FILE *f, const csim_in_force *in)
{
    fprintf(f, "\"clock_hz\": %u, \"flash_latency\": %u, \"icache\": %s, \"prefetch\": %s%s", in->clock_hz,
            in->wait_states, in->cache_enabled ? "true" : "false", in->prefetch ? "true" : "false",
            in->changed ? ", \"flash_changed\": true" : "");
}

const char *csim_state_text(bool warm, const csim_in_force *f)
{
    if (f->changed) {
        return warm ? "warm (flash changed)" : "cold (flash changed)";
    }
    return warm ? "warm" : "cold";
}

/* ---- instructions priced by assumption ---------------------------------- */

const char *csim_assumed_text(char *buf, size_t len, const csim_case_result *c)
{
    if (!c || (!c->n_assumed && !c->assumed_other)) {
        return NULL;
    }
    size_t n = 0;
    buf[0] = '\0';
    for (unsigned i = 0; i <= c->n_assumed && n < len; i++) {
        const bool other = i == c->n_assumed;
        if (!other || c->assumed_other) {
            n += (size_t)snprintf(buf + n, len - n, "%s%s x%llu", i ? ", " : "", other ? "others" : c->assumed[i].mnemonic,
                                  (unsigned long long)(other ? c->assumed_other : c->assumed[i].count));
        }
    }
    return buf;
}

void csim_assumed_json(FILE *f, const csim_case_result *c)
{
    if (!c->n_assumed && !c->assumed_other) {
        return;
    }
    fputs(", \"priced_by_assumption\": {", f);
    for (unsigned i = 0; i < c->n_assumed; i++) {
        fprintf(f, "%s\"%s\": %llu", i ? ", " : "", c->assumed[i].mnemonic, (unsigned long long)c->assumed[i].count);
    }
    if (c->assumed_other) {
        fprintf(f, ", \"others\": %llu", (unsigned long long)c->assumed_other);
    }
    fputc('}', f);
}

/* ---- provenance --------------------------------------------------------- */

/* The files of the extends chain, MCU first: the reverse of their order of application. */
static size_t prov_files(char *buf, size_t len, const csim_model *m, bool with_hash)
{
    size_t n = 0;
    buf[0] = '\0';
    for (unsigned i = m->n_sources; i-- > 0 && n < len;) {
        const csim_model_source *s = &m->source[i];
        if (s->kind == CSIM_SOURCE_FILE) {
            n += (size_t)snprintf(buf + n, len - n, "%s%s", n ? " <- " : "", s->what);
            if (with_hash && n < len) {
                n += (size_t)snprintf(buf + n, len - n, " (sha256 %s)", s->sha256);
            }
        }
    }
    return n;
}

/* The --set assignments and overlays, in their order ("" for none). */
static size_t prov_settings(char *buf, size_t len, const csim_model *m, const char *sep, bool with_hash)
{
    size_t n = 0;
    buf[0] = '\0';
    for (unsigned i = 0; i < m->n_sources && n < len; i++) {
        const csim_model_source *s = &m->source[i];
        if (s->kind != CSIM_SOURCE_FILE) {
            n += (size_t)snprintf(buf + n, len - n, "%s--set %s", n ? sep : "", s->what);
            if (with_hash && s->kind == CSIM_SOURCE_OVERLAY && n < len) {
                n += (size_t)snprintf(buf + n, len - n, " (sha256 %s)", s->sha256);
            }
        }
    }
    return n;
}

const char *csim_prov_text(char *buf, size_t len, const csim_model *m)
{
    char files[1024], settings[2048];
    prov_files(files, sizeof(files), m, true);
    prov_settings(settings, sizeof(settings), m, ", ", true);
    snprintf(buf, len, "cyclesim %s; model files %s; settings: %s", csim_tool_version(), files,
             settings[0] ? settings : "none");
    return buf;
}

void csim_range_keys_json(FILE *f, const char *const *keys, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        fputs(i ? ", " : "[", f);
        csim_json_str(f, keys[i]);
    }
    fputs(n ? "]" : "null", f);
}

const char *csim_range_keys_text(char *buf, size_t len, const char *const *keys, size_t n, const char *sep)
{
    size_t used = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < n && used < len; i++) {
        const int w = snprintf(buf + used, len - used, "%s%s", i ? sep : "", keys[i]);
        used += w > 0 ? (size_t)w : 0;
    }
    return buf;
}

void csim_prov_json(FILE *f, const csim_model *models, size_t n)
{
    fputs("{\"tool_version\": ", f);
    csim_json_str(f, csim_tool_version());
    fputs(", \"models\": [", f);
    for (size_t k = 0; k < n; k++) {
        const csim_model *m = &models[k];
        fprintf(f, "%s{\"mcu\": ", k ? ", " : "");
        csim_json_str(f, m->name);
        fputs(", \"model_files\": [", f);
        const char *sep = "";
        for (unsigned i = m->n_sources; i-- > 0;) {
            if (m->source[i].kind == CSIM_SOURCE_FILE) {
                fprintf(f, "%s{\"file\": ", sep);
                csim_json_str(f, m->source[i].what);
                fprintf(f, ", \"sha256\": \"%s\"}", m->source[i].sha256);
                sep = ", ";
            }
        }
        fputs("], \"settings\": [", f);
        sep = "";
        for (unsigned i = 0; i < m->n_sources; i++) {
            const csim_model_source *s = &m->source[i];
            if (s->kind == CSIM_SOURCE_SET) {
                fprintf(f, "%s{\"set\": ", sep);
                csim_json_str(f, s->what);
                fputc('}', f);
            } else if (s->kind == CSIM_SOURCE_OVERLAY) {
                fprintf(f, "%s{\"overlay\": ", sep);
                csim_json_str(f, s->what + 1);
                fprintf(f, ", \"sha256\": \"%s\"}", s->sha256);
            } else {
                continue;
            }
            sep = ", ";
        }
        fputs("]}", f);
    }
    fputs("]}", f);
}

void csim_prov_csv(FILE *f, const csim_model *m)
{
    char files[1024], settings[2048];
    prov_files(files, sizeof(files), m, true);
    prov_settings(settings, sizeof(settings), m, " ", true);
    const char *const field[] = {csim_tool_version(), files, settings};
    for (int i = 0; i < 3; i++) {
        fputc(',', f);
        csim_csv_field(f, field[i]);
    }
}

void csim_interval_json(FILE *f, const csim_case_result *c)
{
    if (!c->has_interval) {
        fputs("\"interval\": null", f);
        return;
    }
    fprintf(f, "\"interval\": {\"low\": %llu, \"high\": %llu, \"class\": \"%s\", \"coverage\": %.2f, "
            "\"table\": \"%s\"}", (unsigned long long)c->interval_low, (unsigned long long)c->interval_high,
            c->op_class, c->interval_pct / 100.0, c->interval_table);
}

void csim_interval_csv(FILE *f, const csim_case_result *c)
{
    if (!c->has_interval) {
        fputs(",,,,,", f);
        return;
    }
    fprintf(f, ",%llu,%llu,%s,%.2f,%s", (unsigned long long)c->interval_low, (unsigned long long)c->interval_high,
            c->op_class, c->interval_pct / 100.0, c->interval_table);
}

const char *csim_interval_note(char *buf, size_t len, const csim_case_result *cases, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (cases[i].has_interval) {
            snprintf(buf, len, "interval: nominal %u %% (int_low, int_high: the range widened by the measured "
                     "error of the case's class, table %s; docs/accuracy.md)", cases[i].interval_pct,
                     cases[i].interval_table);
            return buf;
        }
    }
    return NULL;
}

void csim_rt_alt_json(FILE *f, const csim_elf *alt, const char *set)
{
    fputs("{\"path\": ", f);
    csim_json_str(f, alt->path);
    fprintf(f, ", \"sha256\": \"%s\", \"rt\": ", alt->sha256_hex);
    csim_json_str(f, set);
    fputc('}', f);
}
