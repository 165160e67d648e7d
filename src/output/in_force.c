/* SPDX-License-Identifier: GPL-2.0-or-later */
/* in_force.c - the configuration in force as the reports print it (in_force.h). */
#include "cyclesim/output/in_force.h"

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
