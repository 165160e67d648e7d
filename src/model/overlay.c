/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * overlay.c - the overlay file format (docs/calibrate.md), read and written
 * through cyclesim/backends/json.h.  Reading applies every key through the key table,
 * so an overlay is validated exactly as `--set` is.
 */
#include <stdlib.h>
#include <string.h>

#include "cyclesim/common/file.h"
#include "cyclesim/backends/json.h"
#include "cyclesim/model/model_keys.h"
#include "cyclesim/model/overlay.h"

#define MAX_FILE (1u << 20)

static char *read_text(const char *path, csim_diag *diag, csim_err *err)
{
    csim_read r;
    char *buf = csim_read_file(path, MAX_FILE, &r);
    if (!buf) {
        *err = csim_read_fail(diag, path, &r, MAX_FILE, CSIM_ERR_INPUT);
    }
    return buf;
}

static csim_err apply_key(csim_model *m, const csim_json *v, const char *path, csim_diag *diag)
{
    const csim_key *k = csim_key_find(csim_json_name(v));
    if (!k || !csim_key_scalar(k)) {
        return csim_fail(diag, CSIM_ERR_INPUT, "%s: keys: \"%s\" is not a model key that --set accepts",
                         path, csim_json_name(v));
    }
    csim_err err;
    if (csim_json_is_number(v)) {
        err = csim_key_set_number(m, k, csim_json_num(v), path, diag);
    } else if (csim_json_is_bool(v)) {
        err = csim_key_set_string(m, k, csim_json_true(v) ? "true" : "false", path, diag);
    } else if (csim_json_is_string(v)) {
        err = csim_key_set_string(m, k, csim_json_str_of(v), path, diag);
    } else {
        return csim_fail(diag, CSIM_ERR_INPUT, "%s: keys: %s: expected a number, boolean or string",
                         path, k->name);
    }
    if (err) {
        return CSIM_ERR_INPUT;
    }
    csim_key_mark_origin(m, k);
    return CSIM_OK;
}

csim_err csim_overlay_apply(csim_model *m, const char *path, csim_diag *diag)
{
    csim_err err = CSIM_OK;
    char *text = read_text(path, diag, &err);
    if (!text) {
        return err;
    }
    char why[sizeof(diag->msg)];
    csim_json *doc = csim_json_parse_input(path, text, why, sizeof(why));
    if (!doc) {
        free(text);
        return csim_fail(diag, CSIM_ERR_INPUT, "%s", why);
    }
    char what[200];
    snprintf(what, sizeof(what), "@%s", path);
    err = csim_model_add_source(m, CSIM_SOURCE_OVERLAY, what, text, strlen(text), diag);
    free(text);
    if (err) {
        csim_json_free(doc);
        return err;
    }
    if (!csim_json_is_object(doc)) {
        csim_json_free(doc);
        return csim_fail(diag, CSIM_ERR_INPUT, "%s: not a JSON object (an overlay, docs/calibrate.md)", path);
    }
    const csim_json *ver = csim_json_get(doc, "cyclesim_overlay");
    const csim_json *base = csim_json_get(doc, "base_model");
    const csim_json *keys = csim_json_get(doc, "keys");
    const csim_json *member;
    csim_json_each(member, doc)
    {
        const char *name = csim_json_name(member);
        if (strcmp(name, "cyclesim_overlay") && strcmp(name, "base_model") && strcmp(name, "keys") &&
            strcmp(name, "provenance")) {
            err = csim_fail(diag, CSIM_ERR_INPUT, "%s: unknown member \"%s\"", path, name);
        }
    }
    if (err) {
        /* already reported */
    } else if (!csim_json_is_number(ver) || csim_json_num(ver) != CSIM_OVERLAY_VERSION) {
        err = csim_fail(diag, CSIM_ERR_INPUT, "%s: cyclesim_overlay: expected version %d", path,
                        CSIM_OVERLAY_VERSION);
    } else if (!csim_json_is_string(base) || !csim_json_is_object(keys)) {
        err = csim_fail(diag, CSIM_ERR_INPUT, "%s: needs \"base_model\" (a string) and \"keys\" (an object)",
                        path);
    } else if (strcmp(csim_json_str_of(base), m->name) != 0) {
        err = csim_fail(diag, CSIM_ERR_INPUT, "%s: an overlay for %s, not for %s", path,
                        csim_json_str_of(base), m->name);
    } else {
        const csim_json *v;
        csim_json_each(v, keys)
        {
            if ((err = apply_key(m, v, path, diag))) {
                break;
            }
        }
    }
    csim_json_free(doc);
    return err;
}
