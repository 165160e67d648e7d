/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * memsys_zero_wait.c - ideal memory: every access is ready at now + 1, with
 * no buffer, cache or statistics of its own (the core tables at zero wait
 * states; compare's zero_wait runs).  Only the address range is used.
 */
#include "memsys/memsys_internal.h"

static const char *zero_wait_problem(const csim_ms_cfg *c)
{
    return ms_range_ok(c->flash_base, c->flash_size) && ms_range_ok(c->alias_base, c->flash_size)
               ? NULL
               : "flash.base or flash.alias plus flash.size runs past 4 GiB";
}

/* flash.read_bytes is not checked here: one word per byte keeps the shift of
 * every address defined. */
static void zero_wait_derive(csim_memsys *ms) { ms->word_shift = 0; }

static uint64_t zero_wait_read(csim_memsys *ms, uint64_t now, uint32_t word, csim_ms_kind kind)
{
    (void)ms;
    (void)word;
    (void)kind;
    return now + 1;
}

/* A data read costs the same and changes nothing wherever it goes. */
static bool zero_wait_data_anywhere(const csim_memsys *ms)
{
    (void)ms;
    return true;
}

static const char *const zero_wait_keys[] = {NULL};

const ms_policy ms_policy_zero_wait = {
    .keys = zero_wait_keys,
    .cfg_problem = zero_wait_problem,
    .derive = zero_wait_derive,
    .read = zero_wait_read,
    .reuse = {.data_anywhere = zero_wait_data_anywhere},
};
