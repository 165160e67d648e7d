/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_timing.c - the timing module (src/timing) without the emulator: a
 * loop block priced on two twins, one that reuses pricings and one that
 * prices every run.  Reuse must replay (from the second run from one state
 * on) and change no cycle, bucket or flash-interface statistic; a flash
 * interface whose state changed (a reset, as a cold region does) must not be
 * replayed.
 */
#include <stdio.h>
#include <string.h>

#include "cyclesim/timing/pricing.h"

#include "check.h"

#define LOOP 0x08000100u
#define LITERAL 0x08000200u
#define DATA 0x20000100u
#define N_INSNS 6

/* One core, its flash interface and its pricer, with its own copy of the block. */
typedef struct twin {
    csim_memsys *flash;
    csim_core core;
    csim_pricer pricer;
    csim_insn insns[N_INSNS];
    csim_tm_block block;
} twin;

static csim_insn insn_f(uint32_t addr, unsigned size, csim_iclass k, uint16_t rd, uint16_t wr, uint16_t flags)
{
    csim_insn i = insn(addr, size, k, rd, wr);
    i.flags |= flags;
    return i;
}

/* ALU; LDR of a literal in flash; ALU; LDR and STR of SRAM; B back to the start. */
static void make_loop(csim_insn *in)
{
    in[0] = insn_f(LOOP, 2, CSIM_IC_ALU, 1u << 1, 1u << 1, CSIM_IF_SETS_FLAGS);
    in[1] = insn_f(LOOP + 2, 2, CSIM_IC_LOAD, 1u << 15, 1u << 2, CSIM_IF_LITERAL);
    in[1].lit_addr = LITERAL;
    in[2] = insn_f(LOOP + 4, 2, CSIM_IC_ALU, 1u << 2, 1u << 3, 0);
    in[3] = insn_f(LOOP + 6, 2, CSIM_IC_LOAD, 1u << 4, 1u << 5, 0);
    in[3].addr_regs = 1u << 4;
    in[4] = insn_f(LOOP + 8, 2, CSIM_IC_STORE, 1u << 4 | 1u << 5, 0, 0);
    in[4].addr_regs = 1u << 4;
    in[5] = insn_f(LOOP + 10, 2, CSIM_IC_B, 0, 1u << 15,
                 CSIM_IF_WRITES_PC | CSIM_IF_DIRECT | CSIM_IF_UNCOND_FLOW);
    in[5].target = LOOP;
}

static void twin_init(twin *t, const csim_core_params *p, const csim_ms_cfg *cfg, bool reuse)
{
    t->flash = csim_memsys_new(cfg);
    csim_core_init(&t->core, p, t->flash);
    csim_core_redirect(&t->core, LOOP);
    csim_pricer_init(&t->pricer, &t->core, t->flash, reuse);
    make_loop(t->insns);
    memset(&t->block, 0, sizeof(t->block));
    t->block = (csim_tm_block){.addr = LOOP, .n = N_INSNS, .insns = t->insns};
}

static void twin_free(twin *t)
{
    csim_tm_block_release(&t->block);
    csim_memsys_free(t->flash);
}

/* One run of the loop block, with its transfers as the emulator reports them. */
static void run_block(twin *t)
{
    csim_pricer_begin(&t->pricer, &t->block);
    csim_pricer_record(&t->pricer, LITERAL, 4, false, CSIM_TC_FLASH);
    csim_pricer_record(&t->pricer, DATA, 4, false, CSIM_TC_SRAM);
    csim_pricer_record(&t->pricer, DATA, 4, true, CSIM_TC_SRAM | CSIM_TC_WRITE);
    csim_pricer_finish(&t->pricer, LOOP);
}

static void check_same(const char *what, const twin *a, const twin *b)
{
    char msg[160];
    snprintf(msg, sizeof(msg), "%s: the same cycle", what);
    CHECK_EQ(msg, csim_core_now(&a->core), csim_core_now(&b->core));
    snprintf(msg, sizeof(msg), "%s: the same breakdown", what);
    CHECK_EQ(msg, memcmp(&a->core.bd, &b->core.bd, sizeof(a->core.bd)), 0);
    snprintf(msg, sizeof(msg), "%s: the same flash-interface statistics", what);
    CHECK_EQ(msg, memcmp(csim_memsys_stats(a->flash), csim_memsys_stats(b->flash), sizeof(csim_ms_stats)), 0);
}

/* The loop on a core and flash interface, reused and not; then both flash
 * interfaces reset (the state a cold region starts from). */
static void test_twins(const char *name, const csim_core_params *p, const csim_ms_cfg *cfg)
{
    twin reused, priced;
    twin_init(&reused, p, cfg, true);
    twin_init(&priced, p, cfg, false);
    char what[160];
    uint64_t replayed_dt = 0, priced_dt = 0;
    for (unsigned k = 0; k < 24; k++) {
        const uint64_t hits = reused.pricer.stats.hits, t0 = csim_core_now(&reused.core);
        run_block(&reused);
        run_block(&priced);
        snprintf(what, sizeof(what), "%s, run %u", name, k);
        check_same(what, &reused, &priced);
        if (reused.pricer.stats.hits > hits) {
            replayed_dt = csim_core_now(&reused.core) - t0;
        } else if (k) {
            priced_dt = csim_core_now(&reused.core) - t0;
        }
    }
    snprintf(what, sizeof(what), "%s: the loop is replayed from its second run from one state on", name);
    CHECK_EQ(what, reused.pricer.stats.hits >= 20, 1);
    snprintf(what, sizeof(what), "%s: a replay takes the cycles of a pricing from that state", name);
    CHECK_EQ(what, replayed_dt, priced_dt ? priced_dt : replayed_dt);
    CHECK_EQ("the twin that does not reuse never replays", priced.pricer.stats.hits, 0);

    csim_memsys_reset(reused.flash);
    csim_memsys_reset(priced.flash);
    const uint64_t hits = reused.pricer.stats.hits, flash_state = reused.pricer.stats.why[4];
    run_block(&reused);
    run_block(&priced);
    snprintf(what, sizeof(what), "%s, after a flash-interface reset", name);
    check_same(what, &reused, &priced);
    snprintf(what, sizeof(what), "%s: a changed flash-interface state is not replayed", name);
    CHECK_EQ(what, reused.pricer.stats.hits, hits);
    snprintf(what, sizeof(what), "%s: ... and the reason is the flash-interface state", name);
    CHECK_EQ(what, reused.pricer.stats.why[4], flash_state + 1);
    twin_free(&reused);
    twin_free(&priced);
}

int main(void)
{
    /* STM32L073-like NVM (6 buffers, prefetch) at 1 wait state: state replay. */
    const csim_ms_cfg l0 = {.type = CSIM_MS_L0_NVM, .flash_base = 0x08000000u, .flash_size = 192u * 1024,
                            .wait_states = 1, .flash_read_bytes = 4, .prefetch = true, .buffers = true,
                            .nvm_buffers = 6};
    /* STM32L552-like ICACHE before flash at 5 wait states: replay of cache hits. */
    const csim_ms_cfg ic = {.type = CSIM_MS_ICACHE, .flash_base = 0x08000000u, .flash_size = 512u * 1024,
                            .alias_base = 0x0C000000u, .wait_states = 5, .flash_read_bytes = 8,
                            .cache_enabled = true, .cache_bytes = 8192, .cache_ways = 2, .cache_line_bytes = 16,
                            .cache_data = true, .prefetch_words = 1, .hit_under_miss = true};
    const csim_core_params m0p = {.kind = csim_core_find("m0plus"), .mul_cycles = 1, .exception_entry = 15,
                                  .exception_return = 15};
    const csim_core_params m33 = {.kind = csim_core_find("m33"), .m33_load_latency = 2, .m33_shift_latency = 2,
                                  .m33_mac_latency = 2, .m33_mull_issue = 1, .m33_macl_issue = 1,
                                  .m33_mull_latency = 2, .m33_div_cycles = 7, .m33_fetch_words = 2,
                                  .m33_dual_issue = true, .exception_entry = 12, .exception_return = 12};
    test_twins("M0+ on the L0 NVM", &m0p, &l0);
    test_twins("M33 on the ICACHE", &m33, &ic);
    printf("%d checks, %d failures\n", checks, failures);
    return failures ? 1 : 0;
}
