/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * uc_bare.c - the speed of Unicorn itself on a benchmark case: the firmware
 * image run in Unicorn with no block, code or memory hook (only the
 * interrupt hook that serves semihosting, called once per line printed), the
 * memory map of an MCU model as plain memory, the system and peripheral
 * ranges as plain RAM (no SysTick: the emulator images wait for nothing).
 * From the reset vector to main, where the case selection is written as
 * cyclesim writes it, then to the selected case's bench_case_done: the same
 * instructions as `cyclesim run ELF --mcu MCU --case NAME` up to a few
 * (no SysTick exception, no exit).  Prints the CPU seconds of the emulation;
 * bench/speed.sh divides cyclesim's instructions by them.
 * With --hooked, the floor of any simulator that sees every block and every
 * data access: one block hook and one memory hook on the whole address space,
 * both doing nothing, and the SRAM mapped as cyclesim maps it on this
 * Unicorn (src/backends/emu_unicorn.c: MMIO backed by a buffer on 2.0.x,
 * plain memory without EXEC on 2.1 and later).  Fewer mappings than cyclesim
 * makes, so Unicorn's mapping search costs no more than in cyclesim.
 * usage: uc_bare [--hooked] ELF MCU CASE_INDEX [MODELS_DIR]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unicorn/unicorn.h>

#include "cyclesim/backends/elf.h"
#include "cyclesim/model/model.h"

#ifndef CSIM_MODELS_DIR
#define CSIM_MODELS_DIR "models"
#endif

static int fail(const char *what, uc_err err)
{
    fprintf(stderr, "uc_bare: %s: %s\n", what, err ? uc_strerror(err) : "failed");
    return 1;
}

static uint32_t sym(const csim_elf *e, const char *name)
{
    const csim_symbol *s = csim_elf_find(e, name);
    if (!s) {
        fprintf(stderr, "uc_bare: %s: no symbol %s\n", e->path, name);
        exit(1);
    }
    return s->addr;
}

/* Semihosting (BKPT 0xAB): text is dropped, an exit ends the run. */
static void on_intr(uc_engine *uc, uint32_t intno, void *user)
{
    int *exited = user;
    uint32_t r0 = 0;
    (void)intno;
    uc_reg_read(uc, UC_ARM_REG_R0, &r0);
    *exited = r0 == 0x18 || r0 == 0x20;
    uc_emu_stop(uc);
}

/* Runs from pc until `until`, past semihosting calls; false on an error or exit. */
static bool run_to(uc_engine *uc, uint32_t pc, uint32_t until)
{
    for (;;) {
        int exited = 0;
        uc_hook h;
        uc_hook_add(uc, &h, UC_HOOK_INTR, (void *)on_intr, &exited, 1, 0);
        uc_err err = uc_emu_start(uc, pc | 1u, until, 0, 0);
        uc_hook_del(uc, h);
        uc_reg_read(uc, UC_ARM_REG_PC, &pc);
        if (err || exited) {
            fprintf(stderr, "uc_bare: stopped at 0x%08x: %s\n", pc, err ? uc_strerror(err) : "exit");
            return false;
        }
        if ((pc & ~1u) == until) {
            return true;
        }
        pc += 2; /* past the BKPT */
    }
}

static void on_block(uc_engine *uc, uint64_t addr, uint32_t size, void *user)
{
    (void)uc;
    (void)addr;
    (void)size;
    ++*(uint64_t *)user;
}

static void on_access(uc_engine *uc, uc_mem_type type, uint64_t addr, int size, int64_t value, void *user)
{
    (void)uc;
    (void)type;
    (void)addr;
    (void)size;
    (void)value;
    ++*(uint64_t *)user;
}

/* SRAM as MMIO over a buffer of ours, little-endian as the target. */
static uint64_t traced_read(uc_engine *uc, uint64_t off, unsigned size, void *user)
{
    (void)uc;
    uint32_t v = 0;
    memcpy(&v, (const uint8_t *)user + off, size < 4 ? size : 4);
    return v;
}

static void traced_write(uc_engine *uc, uint64_t off, unsigned size, uint64_t value, void *user)
{
    (void)uc;
    const uint32_t v = (uint32_t)value;
    memcpy((uint8_t *)user + off, &v, size < 4 ? size : 4);
}

static bool unicorn_2_1_or_later(void)
{
    unsigned major = 0, minor = 0;
    uc_version(&major, &minor);
    return major > 2 || (major == 2 && minor >= 1);
}

static double cpu_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
    const bool hooked = argc > 1 && strcmp(argv[1], "--hooked") == 0;
    argc -= hooked;
    argv += hooked;
    if (argc < 4) {
        fprintf(stderr, "usage: uc_bare [--hooked] ELF MCU CASE_INDEX [MODELS_DIR]\n");
        return 2;
    }
    csim_diag d = {0};
    csim_elf *e = NULL;
    csim_model m;
    if (csim_elf_load(argv[1], &e, &d) || csim_model_load(&m, argc > 4 ? argv[4] : CSIM_MODELS_DIR, argv[2], &d)) {
        fprintf(stderr, "uc_bare: %s\n", d.msg);
        return 1;
    }
    uint32_t first = (uint32_t)strtoul(argv[3], NULL, 0), one = 1;
    uc_engine *uc;
    uc_err err = uc_open(UC_ARCH_ARM, UC_MODE_THUMB | UC_MODE_MCLASS, &uc);
    if (!err) {
        err = uc_ctl_set_cpu_model(uc, e->arch == CSIM_ELF_ARCH_V6M ? UC_CPU_ARM_CORTEX_M0 : UC_CPU_ARM_CORTEX_M33);
    }
    if (!err) {
        err = uc_mem_map(uc, m.flash.flash_base, m.flash.flash_size, UC_PROT_READ | UC_PROT_EXEC);
    }
    const bool traced = hooked && !unicorn_2_1_or_later();
    uint8_t *sram[CSIM_MAX_REGIONS] = {NULL};
    for (unsigned i = 0; !err && i < m.n_sram; i++) {
        if (traced) {
            sram[i] = calloc(m.sram[i].size, 1);
            err = sram[i] ? uc_mmio_map(uc, m.sram[i].base, m.sram[i].size, traced_read, sram[i], traced_write, sram[i])
                          : UC_ERR_NOMEM;
        } else {
            err = uc_mem_map(uc, m.sram[i].base, m.sram[i].size, hooked ? UC_PROT_READ | UC_PROT_WRITE : UC_PROT_ALL);
        }
    }
    if (!err) {
        err = uc_mem_map(uc, 0x40000000u, 0x10000000u, UC_PROT_READ | UC_PROT_WRITE);
    }
    if (!err) {
        err = uc_mem_map(uc, 0xE0000000u, 0x00100000u, UC_PROT_READ | UC_PROT_WRITE);
    }
    for (size_t i = 0; !err && i < e->n_segs; i++) {
        const uint32_t a = e->segs[i].paddr, n = e->segs[i].filesz;
        bool done = false;
        for (unsigned k = 0; traced && n && k < m.n_sram; k++) {
            if (a - m.sram[k].base < m.sram[k].size && n <= m.sram[k].size - (a - m.sram[k].base)) {
                memcpy(sram[k] + (a - m.sram[k].base), e->segs[i].data, n);
                done = true;
            }
        }
        if (n && !done) {
            err = uc_mem_write(uc, a, e->segs[i].data, n);
        }
    }
    uint64_t blocks = 0, accesses = 0;
    uc_hook hb, hm;
    if (!err && hooked) {
        err = uc_hook_add(uc, &hb, UC_HOOK_BLOCK, (void *)on_block, &blocks, 1, 0);
    }
    if (!err && hooked) {
        err = uc_hook_add(uc, &hm, UC_HOOK_MEM_READ | UC_HOOK_MEM_WRITE, (void *)on_access, &accesses, 1, 0);
    }
    if (err) {
        return fail("memory map", err);
    }
    uint32_t vec[2];
    uc_mem_read(uc, m.flash.flash_base, vec, sizeof(vec));
    uc_reg_write(uc, UC_ARM_REG_SP, &vec[0]);
    double t0 = cpu_s();
    if (!run_to(uc, vec[1], sym(e, "main"))) {
        return 1;
    }
    const uint32_t at_first = sym(e, "bench_case_first"), at_count = sym(e, "bench_case_count");
    bool poked = false;
    for (unsigned k = 0; traced && k < m.n_sram; k++) {
        if (at_first - m.sram[k].base < m.sram[k].size - 3 && at_count - m.sram[k].base < m.sram[k].size - 3) {
            memcpy(sram[k] + (at_first - m.sram[k].base), &first, 4);
            memcpy(sram[k] + (at_count - m.sram[k].base), &one, 4);
            poked = true;
        }
    }
    if (!poked) {
        uc_mem_write(uc, at_first, &first, 4);
        uc_mem_write(uc, at_count, &one, 4);
    }
    if (!run_to(uc, sym(e, "main"), sym(e, "bench_case_done"))) {
        return 1;
    }
    printf("%.3f\n", cpu_s() - t0);
    if (hooked) {
        fprintf(stderr, "uc_bare: %llu blocks, %llu data accesses\n", (unsigned long long)blocks,
                (unsigned long long)accesses);
    }
    uc_close(uc);
    for (unsigned i = 0; i < m.n_sram; i++) {
        free(sram[i]);
    }
    csim_elf_free(e);
    return 0;
}
