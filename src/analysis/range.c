/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * range.c - the range of a case's cycles over the model's uncertain keys
 * (range.h, docs/accuracy.md "Ranges").
 *
 * One key at a time: bench/range_extremes.sh compares its ends with every
 * corner of the keys that move the bundled images most.  Each variant is a
 * run of its own: a key that changes the pricing can change what the firmware
 * reads from SysTick or DWT, so runs are not shared.
 */
#include <stdio.h>
#include <string.h>

#include "analysis/calibrate.h"
#include "cyclesim/analysis/range.h"

size_t csim_range_plan(const csim_model *m, csim_range_variant *out, size_t max, unsigned *n_unstated)
{
    size_t n_keys, n = 0;
    const csim_key *keys = csim_keys(&n_keys);
    unsigned unstated = 0;
    for (size_t i = 0; i < n_keys; i++) {
        const csim_key *k = &keys[i];
        if (!calib_fittable_type(k) || !csim_key_uncertain(k, m) || !csim_key_applies(k, m)) {
            continue;
        }
        const csim_alts a = csim_key_alternatives(k, m);
        unstated += a.n == 0;
        const double own = calib_key_number(m, k);
        for (unsigned j = 0; j < a.n && n < max; j++) {
            if (a.v[j] != own) {
                out[n++] = (csim_range_variant){k, a.v[j]};
            }
        }
    }
    if (n_unstated) {
        *n_unstated = unstated;
    }
    return n;
}

csim_err csim_range_model(const csim_model *m, const csim_range_variant *v, csim_model *out, csim_diag *d)
{
    *out = *m;
    csim_err err = calib_set_key(out, v->key, v->value, d);
    if (!err) {
        err = csim_model_check(out, d);
    }
    if (err) {
        char why[sizeof(d->msg)];
        snprintf(why, sizeof(why), "%s", d->msg);
        return csim_fail(d, CSIM_ERR_MODEL, "--range: %s with %s = %.0f: %s", m->name, v->key->name, v->value, why);
    }
    return CSIM_OK;
}

static const csim_case_result *same_case(const csim_run_result *r, const csim_case_result *c, size_t hint)
{
    if (hint < r->n_cases && strcmp(r->cases[hint].name, c->name) == 0) {
        return &r->cases[hint];
    }
    for (size_t i = 0; i < r->n_cases; i++) {
        if (strcmp(r->cases[i].name, c->name) == 0) {
            return &r->cases[i];
        }
    }
    return NULL;
}

void csim_range_envelope(csim_run_result *nominal, const csim_run_result *variants, size_t n)
{
    for (size_t i = 0; i < nominal->n_cases; i++) {
        csim_case_result *c = &nominal->cases[i];
        c->ranged = true;
        c->cycles_low = c->cycles_high = c->cycles;
        for (size_t v = 0; v < n; v++) {
            const csim_case_result *o = same_case(&variants[v], c, i);
            if (o && o->cycles < c->cycles_low) {
                c->cycles_low = o->cycles;
            }
            if (o && o->cycles > c->cycles_high) {
                c->cycles_high = o->cycles;
            }
        }
    }
}
