/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * memsys_registry.c - the registry of flash interfaces: each row of
 * CSIM_MS_INTERFACES (include/cyclesim/memsys/memsys.h) with its policy, and
 * what the layers above ask of it (names, keys, cache, how reuse keeps tags).
 */
#include "memsys/memsys_internal.h"

#include <string.h>

static const ms_policy *const policies[CSIM_MS_COUNT] = {
#define MS_POLICY_ROW(id, name) [id] = &ms_policy_##name,
    CSIM_MS_INTERFACES(MS_POLICY_ROW)
#undef MS_POLICY_ROW
};

const char *const csim_ms_names[CSIM_MS_COUNT + 1] = {
#define MS_NAME_ROW(id, name) [id] = #name,
    CSIM_MS_INTERFACES(MS_NAME_ROW)
#undef MS_NAME_ROW
};

const ms_policy *ms_policy_of(csim_ms_type t) { return (unsigned)t < CSIM_MS_COUNT ? policies[t] : NULL; }

bool csim_ms_has_cache(csim_ms_type t)
{
    const ms_policy *p = ms_policy_of(t);
    return p && p->cache;
}

const char *const *csim_ms_keys(csim_ms_type t)
{
    const ms_policy *p = ms_policy_of(t);
    return p ? p->keys : NULL;
}

static bool listed(const char *const *keys, const char *key)
{
    for (; *keys; keys++)
        if (strcmp(*keys, key) == 0)
            return true;
    return false;
}

int csim_ms_reads_key(csim_ms_type t, const char *key)
{
    const ms_policy *p = ms_policy_of(t);
    if (p && listed(p->keys, key))
        return 1;
    for (unsigned i = 0; i < CSIM_MS_COUNT; i++)
        if (listed(policies[i]->keys, key))
            return 0;
    return -1;
}

bool csim_ms_logs_tags(csim_ms_type t)
{
    const ms_policy *p = ms_policy_of(t);
    return p && p->reuse.tag_log;
}
