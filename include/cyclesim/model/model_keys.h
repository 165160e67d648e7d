/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * model_keys.h - the one table of model keys (internal to the model module).
 * Loading, validation, `--set` and docs/model-keys.md are all driven by it.
 */
#ifndef CYCLESIM_MODEL_KEYS_H
#define CYCLESIM_MODEL_KEYS_H

#include "cyclesim/model/model.h"

typedef enum csim_key_type {
    CSIM_K_U32,     /* unsigned / uint32_t field */
    CSIM_K_BOOL,
    CSIM_K_INT,
    CSIM_K_ENUM,    /* int-sized enum; names[] gives the accepted strings */
    CSIM_K_STR,     /* char array of `size` bytes */
    CSIM_K_REGIONS, /* [{"base": n, "size": n}, ...] */
    CSIM_K_READY,   /* [{"addr": n, "set": n}, ...] */
    CSIM_K_MIRROR,  /* [{"addr": n, "src_mask": n, "src_shift": n, "dst_shift": n}, ...] */
    CSIM_K_LATENCY, /* [{"range": n, "max_hz": [n, ...]}, ...] */
    CSIM_K_KEYS,    /* ["key.name", ...]: indices into the key table, merged along extends */
    CSIM_K_REGISTER, /* {"addr": n, "fields": [{"name", "shift", "width", "key" | "action"}, ...]} */
    CSIM_K_PERIPHS, /* {"module": base, ...}: merged along extends (base 0 removes one) */
} csim_key_type;

typedef struct csim_key {
    const char *name;
    csim_key_type type;
    size_t offset;       /* field in csim_model */
    size_t size;         /* CSIM_K_STR: capacity; arrays: offset of the count */
    double min, max;     /* numeric range (inclusive) */
    const char *const *names; /* CSIM_K_ENUM */
    const char *doc;
    const char *source;  /* document and section, or "uncertain: ..." */
} csim_key;

const csim_key *csim_keys(size_t *n);
const csim_key *csim_key_find(const char *name);
/** csim_key_applies - whether the key can change anything on model m (an
 *  m33.* key on a Cortex-M0+, a cache key without a cache do not). */
bool csim_key_applies(const csim_key *k, const csim_model *m);
/** csim_key_uncertain - no document gives the key's value on model m: its
 *  source says "uncertain" (every model) or m's `uncertain` list names it. */
bool csim_key_uncertain(const csim_key *k, const csim_model *m);
/** csim_key_scalar - a key with one value (number, boolean, name, text), as
 *  `--set` and overlays take it. */
bool csim_key_scalar(const csim_key *k);
/** csim_key_uncertain_everywhere - the key's source starts with "uncertain". */
bool csim_key_uncertain_everywhere(const csim_key *k);

/** csim_key_value_text - the key's value on m as text, whatever its type (a
 *  number, a name, "0x20000000+0x9000, ..." for regions; cyclesim model show). */
void csim_key_value_text(const csim_model *m, const csim_key *k, char *buf, size_t len);

/** csim_key_mark_origin - key k was set by the model's last source (model.h). */
void csim_key_mark_origin(csim_model *m, const csim_key *k);

/* Setters used by the JSON loader and by --set; `where` prefixes messages. */
csim_err csim_key_set_number(csim_model *m, const csim_key *k, double v, const char *where,
                             csim_diag *diag);
csim_err csim_key_set_string(csim_model *m, const csim_key *k, const char *v, const char *where,
                             csim_diag *diag);

#endif
