/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cores.c - the table of cores (include/cyclesim/core/core.h).  One entry per
 * core: its name, which is the model key core.type's value, and the
 * descriptor csim_core_<name> that its own file in src/core defines.
 * The order is the kinds' order; append new cores.
 */
#include <string.h>

#include "core/core_internal.h"

#define CSIM_CORES(X) X(m0plus) X(m33)

#define DECLARE(name) extern const csim_core_desc csim_core_##name;
CSIM_CORES(DECLARE)

#define DESCRIPTOR(name) &csim_core_##name,
static const csim_core_desc *const cores[] = {CSIM_CORES(DESCRIPTOR)};

#define NAME(name) #name,
const char *const csim_core_names[] = {CSIM_CORES(NAME) NULL};

const char *const csim_arch_names[] = {"armv6-m", "armv8-m.main", NULL};

const csim_core_desc *csim_core_desc_of(int kind) { return cores[kind]; }

int csim_core_find(const char *name)
{
    for (int i = 0; csim_core_names[i]; i++) {
        if (strcmp(csim_core_names[i], name) == 0) {
            return i;
        }
    }
    return -1;
}

int csim_core_key_owner(const char *key)
{
    for (int i = 0; csim_core_names[i]; i++) {
        const char *prefix = cores[i]->key_prefix;
        if (prefix && strncmp(key, prefix, strlen(prefix)) == 0) {
            return i;
        }
    }
    return -1;
}
