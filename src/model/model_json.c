/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * model_json.c - reads model files along their `extends` chain into a
 * csim_model, driven by the key table (JSON through cyclesim/backends/json.h).
 */
#include <dirent.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <errno.h>
#include <string.h>

#include "cyclesim/common/file.h"
#include "cyclesim/backends/json.h"
#include "cyclesim/model/model_keys.h"

#define MAX_CHAIN 8
#define MAX_FILE (1u << 20)

/* A model file; a missing one is an unknown MCU (the caller says which). */
static char *read_file(const char *path, csim_diag *diag, csim_err *err)
{
    csim_read r;
    char *buf = csim_read_file(path, MAX_FILE, &r);
    if (!buf) {
        *err = r.st == CSIM_READ_OPEN && r.errnum == ENOENT ? CSIM_ERR_UNKNOWN_MCU
                                                            : csim_read_fail(diag, path, &r, MAX_FILE, CSIM_ERR_MODEL);
    }
    return buf;
}

static double num_field(const csim_json *o, const char *name, const char *where, const char *key,
                        bool *ok, csim_diag *diag, csim_err *err)
{
    const csim_json *v = csim_json_get(o, name);
    /* Hex digits only: strtoull takes a sign ("0x-1" is 2^64 - 1). */
    const char *s = csim_json_str_of(v);
    if (s && strncmp(s, "0x", 2) == 0 && strlen(s) <= 10 && s[2] &&
        strspn(s + 2, "0123456789abcdefABCDEF") == strlen(s + 2)) {
        return (double)strtoull(s + 2, NULL, 16);
    }
    double d = csim_json_num(v);
    if (!csim_json_is_number(v) || d < 0 || d > 4294967295.0) {
        *ok = false;
        *err = csim_fail(diag, CSIM_ERR_MODEL, "%s: %s: each entry needs an unsigned number (or \"0x...\") \"%s\"",
                         where, key, name);
        return 0;
    }
    return d;
}

static csim_err set_array(csim_model *m, const csim_key *k, const csim_json *v, const char *where,
                          csim_diag *diag)
{
    if (!csim_json_is_array(v)) {
        return csim_fail(diag, CSIM_ERR_MODEL, "%s: %s: expected an array", where, k->name);
    }
    unsigned *count = (unsigned *)((char *)m + k->size);
    unsigned cap = k->type == CSIM_K_REGIONS ? CSIM_MAX_REGIONS
                   : k->type == CSIM_K_LATENCY ? CSIM_MAX_RANGES : CSIM_MAX_RULES;
    unsigned n = (unsigned)csim_json_count(v);
    if (n > cap) {
        return csim_fail(diag, CSIM_ERR_MODEL, "%s: %s: at most %u entries", where, k->name, cap);
    }
    csim_err err = CSIM_OK;
    bool ok = true;
    unsigned i = 0;
    const csim_json *e;
    csim_json_each(e, v)
    {
        if (!csim_json_is_object(e)) {
            return csim_fail(diag, CSIM_ERR_MODEL, "%s: %s: entries must be objects", where, k->name);
        }
        switch (k->type) {
        case CSIM_K_REGIONS: {
            csim_region *r = (csim_region *)((char *)m + k->offset) + i;
            r->base = (uint32_t)num_field(e, "base", where, k->name, &ok, diag, &err);
            r->size = (uint32_t)num_field(e, "size", where, k->name, &ok, diag, &err);
            if (ok && (uint64_t)r->base + r->size > 0x100000000ull) {
                return csim_fail(diag, CSIM_ERR_MODEL, "%s: %s: region beyond 4 GiB", where, k->name);
            }
            break;
        }
        case CSIM_K_READY: {
            csim_ready_rule *r = (csim_ready_rule *)((char *)m + k->offset) + i;
            r->addr = (uint32_t)num_field(e, "addr", where, k->name, &ok, diag, &err);
            r->set = (uint32_t)num_field(e, "set", where, k->name, &ok, diag, &err);
            break;
        }
        case CSIM_K_MIRROR: {
            csim_mirror_rule *r = (csim_mirror_rule *)((char *)m + k->offset) + i;
            r->addr = (uint32_t)num_field(e, "addr", where, k->name, &ok, diag, &err);
            r->src_mask = (uint32_t)num_field(e, "src_mask", where, k->name, &ok, diag, &err);
            r->src_shift = (uint8_t)num_field(e, "src_shift", where, k->name, &ok, diag, &err);
            r->dst_shift = (uint8_t)num_field(e, "dst_shift", where, k->name, &ok, diag, &err);
            if (ok && (r->src_shift > 31 || r->dst_shift > 31)) {
                return csim_fail(diag, CSIM_ERR_MODEL, "%s: %s: shifts are 0..31", where, k->name);
            }
            break;
        }
        case CSIM_K_LATENCY: {
            csim_latency_range *r = (csim_latency_range *)((char *)m + k->offset) + i;
            r->range = (int)num_field(e, "range", where, k->name, &ok, diag, &err);
            const csim_json *hz = csim_json_get(e, "max_hz");
            unsigned nh = csim_json_is_array(hz) ? (unsigned)csim_json_count(hz) : 0;
            if (ok && (nh == 0 || nh > CSIM_MAX_WS)) {
                return csim_fail(diag, CSIM_ERR_MODEL, "%s: %s: max_hz must list 1..%d clocks", where,
                                 k->name, CSIM_MAX_WS);
            }
            r->n = 0;
            const csim_json *h;
            csim_json_each(h, hz)
            {
                if (!csim_json_is_number(h) || csim_json_num(h) <= 0 || csim_json_num(h) > UINT32_MAX ||
                    (r->n && csim_json_num(h) < r->max_hz[r->n - 1])) {
                    return csim_fail(diag, CSIM_ERR_MODEL,
                                     "%s: %s: max_hz must be positive, at most %u and non-decreasing", where,
                                     k->name, UINT32_MAX);
                }
                r->max_hz[r->n++] = (uint32_t)csim_json_num(h);
            }
            break;
        }
        default:
            return csim_fail(diag, CSIM_ERR_INTERNAL, "%s: %s: not an array key", where, k->name);
        }
        if (!ok) {
            return err;
        }
        i++;
    }
    *count = n;
    return CSIM_OK;
}

static const char *const coding_names[] = {"value", "inverted", "log2", NULL};

/* The configuration a register's keys belong to: the external memory's for
 * DCACHE_CR, the flash interface's for the others. */
typedef struct reg_target {
    size_t base, size;
    const char *keys; /* their prefixes, for the message */
} reg_target;

/* One field of a register layout: "key" names the key of its target it sets
 * (with a "coding"), or "action": "invalidate" makes it a cache-invalidate bit. */
static csim_err set_field(csim_reg_field *f, const csim_json *e, const char *where, const char *name,
                          const reg_target *t, csim_diag *diag)
{
    csim_err err = CSIM_OK;
    bool ok = true;
    const csim_json *m;
    csim_json_each(m, e)
    {
        const char *member = csim_json_name(m);
        if (strcmp(member, "name") && strcmp(member, "shift") && strcmp(member, "width") && strcmp(member, "key") &&
            strcmp(member, "action") && strcmp(member, "coding")) {
            return csim_fail(diag, CSIM_ERR_MODEL, "%s: %s: fields: unknown member \"%s\"", where, name, member);
        }
    }
    const char *fname = csim_json_str_of(csim_json_get(e, "name"));
    if (!fname || !*fname || strlen(fname) >= sizeof(f->name)) {
        return csim_fail(diag, CSIM_ERR_MODEL, "%s: %s: each field needs a \"name\" of 1..%zu characters", where,
                         name, sizeof(f->name) - 1);
    }
    snprintf(f->name, sizeof(f->name), "%s", fname);
    const double shift = num_field(e, "shift", where, name, &ok, diag, &err);
    const double width = csim_json_get(e, "width") ? num_field(e, "width", where, name, &ok, diag, &err) : 1;
    if (!ok) {
        return err;
    }
    if (width < 1 || shift + width > 32) {
        return csim_fail(diag, CSIM_ERR_MODEL, "%s: %s: %s: shift + width must lie within 32 bits", where, name,
                         fname);
    }
    f->shift = (uint8_t)shift;
    f->width = (uint8_t)width;
    const char *key = csim_json_str_of(csim_json_get(e, "key"));
    const char *action = csim_json_str_of(csim_json_get(e, "action"));
    const char *coding = csim_json_str_of(csim_json_get(e, "coding"));
    if (!key == !action) {
        return csim_fail(diag, CSIM_ERR_MODEL, "%s: %s: %s: give either \"key\" or \"action\"", where, name, fname);
    }
    if (action) {
        if (strcmp(action, "invalidate") != 0 || coding) {
            return csim_fail(diag, CSIM_ERR_MODEL, "%s: %s: %s: the only action is \"invalidate\" (no coding)", where,
                             name, fname);
        }
        f->coding = CSIM_FIELD_INVALIDATE;
        return CSIM_OK;
    }
    const csim_key *k = csim_key_find(key);
    if (!k || (k->type != CSIM_K_U32 && k->type != CSIM_K_BOOL) || k->offset < t->base ||
        k->offset >= t->base + t->size) {
        return csim_fail(diag, CSIM_ERR_MODEL, "%s: %s: %s: \"%s\" is not a %s number or boolean", where, name,
                         fname, key, t->keys);
    }
    size_t n_keys;
    f->key = (uint16_t)(k - csim_keys(&n_keys));
    f->cfg_offset = (uint16_t)(k->offset - t->base);
    f->is_bool = k->type == CSIM_K_BOOL;
    f->coding = CSIM_FIELD_VALUE;
    for (int i = 0; coding && coding_names[i]; i++) {
        if (strcmp(coding, coding_names[i]) == 0) {
            f->coding = (uint8_t)i;
            coding = NULL;
        }
    }
    if (coding) {
        return csim_fail(diag, CSIM_ERR_MODEL, "%s: %s: %s: coding \"%s\" is not value, inverted or log2", where,
                         name, fname, coding);
    }
    if ((f->is_bool || f->coding == CSIM_FIELD_INVERTED) && (f->width != 1 || f->coding == CSIM_FIELD_LOG2)) {
        return csim_fail(diag, CSIM_ERR_MODEL, "%s: %s: %s: a boolean or inverted key takes a one-bit field", where,
                         name, fname);
    }
    return CSIM_OK;
}

static csim_err set_register(csim_model *m, const csim_key *k, const csim_json *v, const char *where,
                             csim_diag *diag)
{
    const csim_json *fields = csim_json_get(v, "fields");
    const csim_json *member;
    csim_json_each(member, v)
    {
        if (strcmp(csim_json_name(member), "addr") && strcmp(csim_json_name(member), "fields")) {
            return csim_fail(diag, CSIM_ERR_MODEL, "%s: %s: unknown member \"%s\"", where, k->name,
                             csim_json_name(member));
        }
    }
    if (!csim_json_is_object(v) || !csim_json_is_array(fields)) {
        return csim_fail(diag, CSIM_ERR_MODEL, "%s: %s: expected {\"addr\": n, \"fields\": [...]}", where, k->name);
    }
    csim_reg_layout *r = (csim_reg_layout *)((char *)m + k->offset);
    memset(r, 0, sizeof(*r));
    csim_err err = CSIM_OK;
    bool ok = true;
    r->addr = (uint32_t)num_field(v, "addr", where, k->name, &ok, diag, &err);
    if (!ok) {
        return err;
    }
    if (r->addr & 3u || csim_json_count(fields) > CSIM_MAX_FIELDS) {
        return csim_fail(diag, CSIM_ERR_MODEL, "%s: %s: a word-aligned addr and at most %d fields", where, k->name,
                         CSIM_MAX_FIELDS);
    }
    const reg_target target = k->offset == offsetof(csim_model, dcache_cr)
                                  ? (reg_target){offsetof(csim_model, xmem), sizeof(csim_xm_cfg), "dcache.*"}
                                  : (reg_target){offsetof(csim_model, flash), sizeof(csim_ms_cfg), "flash.* or cache.*"};
    uint32_t used = 0;
    const csim_json *e;
    csim_json_each(e, fields)
    {
        csim_reg_field *f = &r->field[r->n_fields];
        if (!csim_json_is_object(e)) {
            return csim_fail(diag, CSIM_ERR_MODEL, "%s: %s: fields must be objects", where, k->name);
        }
        if ((err = set_field(f, e, where, k->name, &target, diag))) {
            return err;
        }
        const uint32_t mask = csim_reg_field_mask(f);
        if (used & mask) {
            return csim_fail(diag, CSIM_ERR_MODEL, "%s: %s: %s overlaps another field", where, k->name, f->name);
        }
        used |= mask;
        r->n_fields++;
    }
    return CSIM_OK;
}

/* `periph.modules`: each member a module name and its base; added to (or,
 * with base 0, removed from) the instances of the models this file extends. */
static csim_err set_periphs(csim_model *m, const csim_key *k, const csim_json *v, const char *where,
                            csim_diag *diag)
{
    if (!csim_json_is_object(v)) {
        return csim_fail(diag, CSIM_ERR_MODEL, "%s: %s: expected {\"module\": base, ...}", where, k->name);
    }
    const csim_json *e;
    csim_json_each(e, v)
    {
        const char *module = csim_json_name(e);
        csim_err err = CSIM_OK;
        bool ok = true;
        const uint32_t base = (uint32_t)num_field(v, module, where, k->name, &ok, diag, &err);
        if (!ok) {
            return err;
        }
        if (strlen(module) >= sizeof(m->periph[0].module)) {
            return csim_fail(diag, CSIM_ERR_MODEL, "%s: %s: module name \"%s\" longer than %zu characters", where,
                             k->name, module, sizeof(m->periph[0].module) - 1);
        }
        unsigned i = 0;
        while (i < m->n_periph && strcmp(m->periph[i].module, module) != 0) {
            i++;
        }
        if (!base) {
            if (i < m->n_periph) {
                memmove(&m->periph[i], &m->periph[i + 1], (m->n_periph - i - 1) * sizeof(m->periph[0]));
                memset(&m->periph[--m->n_periph], 0, sizeof(m->periph[0]));
            }
            continue;
        }
        if (i == CSIM_MAX_PERIPHS) {
            return csim_fail(diag, CSIM_ERR_MODEL, "%s: %s: at most %d along the extends chain", where, k->name,
                             CSIM_MAX_PERIPHS);
        }
        snprintf(m->periph[i].module, sizeof(m->periph[i].module), "%s", module);
        m->periph[i].base = base;
        m->n_periph += i == m->n_periph;
    }
    return CSIM_OK;
}

/* An `uncertain` entry's alternatives: numbers in the key's range, at most
 * CSIM_MAX_ALTS, for a numeric key (a boolean's are false and true). */
static csim_err read_alternatives(const csim_key *u, const csim_json *a, csim_alts *out, const char *where,
                                  csim_diag *diag)
{
    if (u->type != CSIM_K_U32 && u->type != CSIM_K_INT) {
        return csim_fail(diag, CSIM_ERR_MODEL, "%s: uncertain: %s: alternatives are for numeric keys (a boolean "
                         "is tried both ways)", where, u->name);
    }
    if (!csim_json_is_array(a)) {
        return csim_fail(diag, CSIM_ERR_MODEL, "%s: uncertain: %s: \"alternatives\" must be an array of numbers",
                         where, u->name);
    }
    const csim_json *e;
    out->n = 0;
    csim_json_each(e, a)
    {
        const double v = csim_json_num(e);
        if (out->n == CSIM_MAX_ALTS) {
            return csim_fail(diag, CSIM_ERR_MODEL, "%s: uncertain: %s: at most %d alternatives", where, u->name,
                             CSIM_MAX_ALTS);
        }
        if (!csim_json_is_number(e) || v != floor(v) || v < u->min || v > u->max) {
            return csim_fail(diag, CSIM_ERR_MODEL, "%s: uncertain: %s: alternatives must be integers in [%.0f, %.0f]",
                             where, u->name, u->min, u->max);
        }
        out->v[out->n++] = v;
    }
    if (out->n == 0) {
        return csim_fail(diag, CSIM_ERR_MODEL, "%s: uncertain: %s: an empty list of alternatives", where, u->name);
    }
    return CSIM_OK;
}

/* `uncertain`: adds the keys to the list of the models this file extends (a
 * union; a key already there is not added twice).  An entry is a key name, or
 * {"key": name, "alternatives": [values]} with the plausible values its
 * source gives on this model; a key uncertain on every model may be named
 * only this way, to state its alternatives here. */
static csim_err add_uncertain(csim_model *m, const csim_key *k, const csim_json *v, const char *where,
                              csim_diag *diag)
{
    if (!csim_json_is_array(v)) {
        return csim_fail(diag, CSIM_ERR_MODEL, "%s: %s: expected an array of key names", where, k->name);
    }
    size_t n_keys;
    const csim_key *all = csim_keys(&n_keys);
    const csim_json *e;
    csim_json_each(e, v)
    {
        const csim_json *alts = csim_json_is_object(e) ? csim_json_get(e, "alternatives") : NULL;
        const char *name = csim_json_str_of(csim_json_is_object(e) ? csim_json_get(e, "key") : e);
        const csim_key *u = name ? csim_key_find(name) : NULL;
        if (!name || (csim_json_is_object(e) && !alts)) {
            return csim_fail(diag, CSIM_ERR_MODEL, "%s: %s: entries must be key names (strings) or "
                             "{\"key\": name, \"alternatives\": [values]}", where, k->name);
        }
        if (!u || u->type == CSIM_K_KEYS) {
            return csim_fail(diag, CSIM_ERR_MODEL, "%s: %s: \"%s\" is not a model key (see docs/model-keys.md)",
                             where, k->name, name);
        }
        if (!alts && csim_key_uncertain_everywhere(u)) {
            return csim_fail(diag, CSIM_ERR_MODEL,
                             "%s: %s: \"%s\" is uncertain on every model already (its source says so)", where,
                             k->name, name);
        }
        unsigned i = 0;
        while (i < m->n_uncertain && &all[m->uncertain[i]] != u) {
            i++;
        }
        if (i == CSIM_MAX_UNCERTAIN) {
            return csim_fail(diag, CSIM_ERR_MODEL, "%s: %s: at most %d keys along the extends chain", where,
                             k->name, CSIM_MAX_UNCERTAIN);
        }
        if (i == m->n_uncertain) {
            m->uncertain[m->n_uncertain++] = (uint16_t)(u - all);
            m->uncertain_alts[i].n = 0;
        }
        csim_err err = alts ? read_alternatives(u, alts, &m->uncertain_alts[i], where, diag) : CSIM_OK;
        if (err) {
            return err;
        }
    }
    return CSIM_OK;
}

/* Applies every key of object `o` (path prefix `prefix`) to m. */
static csim_err apply_object(csim_model *m, const csim_json *o, const char *prefix, const char *where,
                             csim_diag *diag)
{
    const csim_json *v;
    csim_json_each(v, o)
    {
        char name[128];
        const char *member = csim_json_name(v);
        snprintf(name, sizeof(name), "%s%s%s", prefix, *prefix ? "." : "", member);
        if (!*prefix && (strcmp(member, "version") == 0 || strcmp(member, "extends") == 0 ||
                         strcmp(member, "kind") == 0 || strcmp(member, "name") == 0 ||
                         strcmp(member, "sources") == 0)) {
            continue;
        }
        const csim_key *k = csim_key_find(name);
        if (!k && csim_json_is_object(v)) {
            csim_err err = apply_object(m, v, name, where, diag);
            if (err) {
                return err;
            }
            continue;
        }
        if (!k) {
            return csim_fail(diag, CSIM_ERR_MODEL, "%s: %s: unknown key (see docs/model-keys.md)",
                             where, name);
        }
        csim_err err;
        if (k->type == CSIM_K_KEYS) {
            err = add_uncertain(m, k, v, where, diag);
        } else if (k->type == CSIM_K_REGISTER) {
            err = set_register(m, k, v, where, diag);
        } else if (k->type == CSIM_K_PERIPHS) {
            err = set_periphs(m, k, v, where, diag);
        } else if (k->type >= CSIM_K_REGIONS) {
            err = set_array(m, k, v, where, diag);
        } else if (csim_json_is_number(v)) {
            err = csim_key_set_number(m, k, csim_json_num(v), where, diag);
        } else if (csim_json_is_bool(v)) {
            if (k->type != CSIM_K_BOOL) {
                return csim_fail(diag, CSIM_ERR_MODEL, "%s: %s: a boolean is not valid here", where, name);
            }
            *(bool *)((char *)m + k->offset) = csim_json_true(v);
            err = CSIM_OK;
        } else if (csim_json_is_string(v)) {
            if ((k->type == CSIM_K_U32 || k->type == CSIM_K_INT) && strncmp(csim_json_str_of(v), "0x", 2) != 0) {
                return csim_fail(diag, CSIM_ERR_MODEL, "%s: %s: expected a number (or a \"0x...\" string)",
                                 where, name);
            }
            err = csim_key_set_string(m, k, csim_json_str_of(v), where, diag);
        } else {
            return csim_fail(diag, CSIM_ERR_MODEL, "%s: %s: wrong type", where, name);
        }
        if (err) {
            return err;
        }
        csim_key_mark_origin(m, k);
    }
    return CSIM_OK;
}

static bool valid_name(const char *s)
{
    if (!*s || strlen(s) > 48) {
        return false;
    }
    for (; *s; s++) {
        if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') || *s == '-' || *s == '_')) {
            return false;
        }
    }
    return true;
}

static csim_err load_chain(csim_model *m, const char *dir, const char *name, unsigned depth,
                           csim_diag *diag)
{
    if (depth >= MAX_CHAIN) {
        return csim_fail(diag, CSIM_ERR_MODEL, "%s: extends chain longer than %d (a loop?)", name,
                         MAX_CHAIN);
    }
    if (!valid_name(name)) {
        return csim_fail(diag, depth ? CSIM_ERR_MODEL : CSIM_ERR_UNKNOWN_MCU,
                         "\"%s\" is not a model name (lower-case letters, digits, - and _)", name);
    }
    char path[1024];
    snprintf(path, sizeof(path), "%s/%s.json", dir, name);
    csim_err err = CSIM_OK;
    char *text = read_file(path, diag, &err);
    if (!text) {
        if (err == CSIM_ERR_UNKNOWN_MCU && depth == 0) {
            char names[32][64];
            unsigned n = csim_model_list(dir, names, 32);
            char list[512] = "";
            for (unsigned i = 0; i < n; i++) {
                strncat(list, i ? ", " : "", sizeof(list) - strlen(list) - 1);
                strncat(list, names[i], sizeof(list) - strlen(list) - 1);
            }
            return n ? csim_fail(diag, CSIM_ERR_UNKNOWN_MCU, "unknown MCU \"%s\" (models: %s)", name, list)
                     : csim_fail(diag, CSIM_ERR_UNKNOWN_MCU, "unknown MCU \"%s\": no MCU model in %s", name, dir);
        }
        return err == CSIM_ERR_UNKNOWN_MCU ? csim_fail(diag, CSIM_ERR_MODEL,
                                                       "%s: cannot open: %s (named by an extends)", path,
                                                       strerror(ENOENT))
                                           : err;
    }
    char why[sizeof(diag->msg)];
    csim_json *root = csim_json_parse_input(path, text, why, sizeof(why));
    if (!root) {
        free(text);
        return csim_fail(diag, CSIM_ERR_MODEL, "%s", why);
    }
    const char *where = path;
    if (!csim_json_is_object(root)) {
        err = csim_fail(diag, CSIM_ERR_MODEL, "%s: the top level must be an object", where);
        goto out;
    }
    double ver;
    if (!csim_json_double(csim_json_get(root, "version"), &ver)) {
        err = csim_fail(diag, CSIM_ERR_MODEL, "%s: version: missing (this cyclesim reads version %d)",
                        where, CSIM_MODEL_VERSION);
        goto out;
    }
    if (ver != CSIM_MODEL_VERSION) {
        err = csim_fail(diag, CSIM_ERR_MODEL, "%s: version: %g is %s; this cyclesim reads version %d",
                        where, ver, ver > CSIM_MODEL_VERSION ? "newer" : "older", CSIM_MODEL_VERSION);
        goto out;
    }
    const char *kind = csim_json_str_of(csim_json_get(root, "kind"));
    if (!kind || (strcmp(kind, "core") && strcmp(kind, "family") && strcmp(kind, "mcu"))) {
        err = csim_fail(diag, CSIM_ERR_MODEL, "%s: kind: expected \"core\", \"family\" or \"mcu\"", where);
        goto out;
    }
    if (depth == 0 && strcmp(kind, "mcu") != 0) {
        err = csim_fail(diag, CSIM_ERR_UNKNOWN_MCU, "\"%s\" is a %s model, not an MCU", name,
                        kind);
        goto out;
    }
    const csim_json *ext = csim_json_get(root, "extends");
    if (ext && !csim_json_is_string(ext)) {
        err = csim_fail(diag, CSIM_ERR_MODEL, "%s: extends: expected a model name", where);
        goto out;
    }
    if (ext) {
        err = load_chain(m, dir, csim_json_str_of(ext), depth + 1, diag);
        if (err) {
            goto out;
        }
    } else if (strcmp(kind, "core") != 0) {
        err = csim_fail(diag, CSIM_ERR_MODEL, "%s: extends: a %s model must extend another", where,
                        kind);
        goto out;
    }
    m->version = CSIM_MODEL_VERSION;
    char file[80];
    snprintf(file, sizeof(file), "%s.json", name);
    if ((err = csim_model_add_source(m, CSIM_SOURCE_FILE, file, text, strlen(text), diag))) {
        goto out;
    }
    /* Prepend this file to the chain: "mcu <- family <- core". */
    size_t nl = strlen(name), sep = m->chain[0] ? 4 : 0, old = strlen(m->chain);
    if (nl + sep + old < sizeof(m->chain)) {
        memmove(m->chain + nl + sep, m->chain, old + 1);
        memcpy(m->chain, name, nl);
        if (sep) {
            memcpy(m->chain + nl, " <- ", sep);
        }
    }
    err = apply_object(m, root, "", where, diag);
    /* A core's own section (named as core.type names the core) in a model of
     * another core would change nothing. */
    for (int i = 0; !err && csim_core_names[i]; i++) {
        if (i != m->core.kind && csim_json_get(root, csim_core_names[i])) {
            err = csim_fail(diag, CSIM_ERR_MODEL, "%s: %s: keys of the %s core in a model of another core", where,
                            csim_core_names[i], csim_core_desc_of(i)->title);
        }
    }
out:
    csim_json_free(root);
    free(text);
    return err;
}

csim_err csim_model_load(csim_model *m, const char *dir, const char *name, csim_diag *diag)
{
    memset(m, 0, sizeof(*m));
    csim_err err = load_chain(m, dir, name, 0, diag);
    if (err) {
        return err;
    }
    snprintf(m->name, sizeof(m->name), "%s", name);
    return CSIM_OK;
}

static int cmp_names(const void *a, const void *b) { return strcmp(a, b); }

unsigned csim_model_list(const char *dir, char names[][64], unsigned max)
{
    DIR *d = opendir(dir);
    if (!d) {
        return 0;
    }
    unsigned n = 0;
    struct dirent *e;
    while ((e = readdir(d)) && n < max) {
        size_t len = strlen(e->d_name);
        if (len < 6 || len >= 64 + 5 || strcmp(e->d_name + len - 5, ".json") != 0) {
            continue;
        }
        char path[1024];
        snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
        csim_err err;
        char *text = read_file(path, NULL, &err);
        char why[512];
        csim_json *root = text ? csim_json_parse_input(path, text, why, sizeof(why)) : NULL;
        free(text);
        const char *kind = csim_json_str_of(csim_json_get(root, "kind"));
        if (kind && strcmp(kind, "mcu") == 0) {
            memcpy(names[n], e->d_name, len - 5);
            names[n][len - 5] = 0;
            n++;
        }
        csim_json_free(root);
    }
    closedir(d);
    qsort(names, n, sizeof(names[0]), cmp_names);
    return n;
}
