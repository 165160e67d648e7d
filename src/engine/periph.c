/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * periph.c - peripheral models as modules: each answers the address ranges
 * its instances take on the model (the core's system registers, the bases
 * periph.modules lists, the FLASH_ACR/ICACHE_CR layouts) with read, write
 * and reset operations, registered in one table.
 * Registers no module claims are plain storage (the blocks listed by
 * periph.registers); the model's ready/mirror rules make clock set-up polls
 * complete.
 */
#include <stdlib.h>
#include <string.h>

#include "cyclesim/engine/periph.h"
#include "cyclesim/engine/periph_aes.h"

#define SYST_CSR 0xE000E010u
#define SYST_RVR 0xE000E014u
#define SYST_CVR 0xE000E018u
#define SYST_CALIB 0xE000E01Cu
#define SCB_CPUID 0xE000ED00u
#define SCB_VTOR 0xE000ED08u
#define DWT_CTRL 0xE0001000u
#define DWT_CYCCNT 0xE0001004u
#define DEMCR 0xE000EDFCu

#define SCB_CCR 0xE000ED14u
#define SCB_CFSR 0xE000ED28u
#define SCB_HFSR 0xE000ED2Cu

/* Open addressing, a power of two: twice the words of the 64 pages
 * csim_periph_pages can map, so the table is never full and a probe ends. */
#define REG_SLOTS (1u << 17)

typedef struct periph_module periph_module;

/* One instance of a module: the address range it answers and its state. */
typedef struct periph_range {
    uint32_t base, size;
    const periph_module *mod;
    void *state;
} periph_range;

/* A peripheral module (simavr's avr_io_t): where its instances are on a
 * model, and what a read, a write and a reset do. */
struct periph_module {
    const char *name;
    /* The instances' ranges on model m, in out[]; returns how many.  NULL:
     * the instances periph.modules lists, each `size` bytes from its base. */
    unsigned (*instances)(const csim_model *m, csim_region *out);
    uint32_t size;
    /* Reset values and state; false: out of memory. */
    bool (*reset)(csim_periph *p, periph_range *r);
    /* The word at a (word-aligned); the byte lanes are cut by the caller. */
    uint32_t (*read)(csim_periph *p, const periph_range *r, uint32_t a, uint64_t now);
    void (*write)(csim_periph *p, const periph_range *r, uint32_t addr, unsigned size, uint32_t value,
                  uint64_t now);
    void (*release)(void *state);
    unsigned lane; /* LANE_*: what another model's pricing of the same run cannot share */
};

/* A read whose value depends on the cycle count (the firmware can branch on
 * it), and a register whose reset value or effect is the model's flash
 * configuration: csim_periph_lane_events. */
enum { LANE_TIMED = 1u, LANE_CONFIG = 2u };

#define MAX_RANGES 32

struct csim_periph {
    csim_model m;
    csim_periph_env env;
    uint32_t reg_addr[REG_SLOTS];
    uint32_t reg_val[REG_SLOTS];
    uint8_t reg_used[REG_SLOTS];
    /* In registry order: the first range that holds an address answers it;
     * an address none holds is a plain register (fallback). */
    periph_range range[MAX_RANGES];
    unsigned n_ranges;
    periph_range fallback;
    uint32_t crc;
    uint64_t timed_reads, config_accesses; /* csim_periph_lane_events */
    /* SysTick */
    uint32_t syst_csr, syst_rvr;
    uint64_t syst_epoch;     /* cycle at which the counter was last loaded */
    uint64_t syst_flag_seen; /* wraps already reported through COUNTFLAG */
    uint64_t syst_taken;     /* wraps already turned into exceptions */
    /* DWT */
    uint32_t dwt_ctrl, cyccnt_base;
    uint64_t cyccnt_epoch;
    csim_ms_cfg flash;
    csim_xm_cfg xmem;
};

_Static_assert(REG_SLOTS >= 2 * 64 * (0x1000 / 4), "register table smaller than the pages it may hold");

uint32_t csim_crc32_step(uint32_t crc, uint32_t word)
{
    /* Polynomial 0x04C11DB7, MSB first, 32-bit input, no reflection, no final
     * XOR: the STM32 CRC unit after reset (RM CRC chapter; docs/sources.md). */
    crc ^= word;
    for (int i = 0; i < 32; i++) {
        crc = (crc & 0x80000000u) ? (crc << 1) ^ 0x04C11DB7u : crc << 1;
    }
    return crc;
}

static uint32_t *reg_slot(csim_periph *p, uint32_t addr)
{
    uint32_t h = (addr >> 2) * 2654435761u & (REG_SLOTS - 1);
    while (p->reg_used[h] && p->reg_addr[h] != addr) {
        h = (h + 1) & (REG_SLOTS - 1);
    }
    if (!p->reg_used[h]) {
        p->reg_used[h] = 1;
        p->reg_addr[h] = addr;
        p->reg_val[h] = 0;
    }
    return &p->reg_val[h];
}

/* ---- plain registers: storage with the model's ready/mirror rules ----- */
static uint32_t *store(csim_periph *p, uint32_t addr, unsigned size, uint32_t value)
{
    uint32_t *r = reg_slot(p, addr & ~3u);
    if (size >= 4) {
        *r = value;
    } else {
        uint32_t shift = (addr & 3u) * 8, mask = ((1u << (size * 8)) - 1) << shift;
        *r = (*r & ~mask) | ((value << shift) & mask);
    }
    return r;
}

static uint32_t registers_read(csim_periph *p, const periph_range *r, uint32_t a, uint64_t now)
{
    (void)r, (void)now;
    const csim_model *m = &p->m;
    uint32_t v = *reg_slot(p, a);
    for (unsigned i = 0; i < m->n_ready; i++) {
        if (m->ready[i].addr == a) {
            v |= m->ready[i].set;
        }
    }
    for (unsigned i = 0; i < m->n_mirror; i++) {
        const csim_mirror_rule *mr = &m->mirror[i];
        if (mr->addr == a) {
            uint32_t field = (v & mr->src_mask) >> mr->src_shift;
            v = (v & ~((mr->src_mask >> mr->src_shift) << mr->dst_shift)) | field << mr->dst_shift;
        }
    }
    return v;
}

static void registers_write(csim_periph *p, const periph_range *r, uint32_t addr, unsigned size, uint32_t value,
                            uint64_t now)
{
    (void)r, (void)now;
    store(p, addr, size, value);
}

static unsigned registers_at(const csim_model *m, csim_region *out)
{
    memcpy(out, m->periph_ram, m->n_periph_ram * sizeof(*out));
    return m->n_periph_ram;
}

/* One instance at base (none when base is 0). */
static unsigned one_at(uint32_t base, uint32_t size, csim_region *out)
{
    out->base = base;
    out->size = size;
    return base != 0;
}

/* ---- SysTick ----------------------------------------------------------- */
static uint64_t syst_period(const csim_periph *p) { return (uint64_t)(p->syst_rvr & 0xFFFFFFu) + 1; }

static uint64_t syst_wraps(const csim_periph *p, uint64_t now)
{
    if (!(p->syst_csr & 1u) || now < p->syst_epoch) {
        return 0;
    }
    return (now - p->syst_epoch) / syst_period(p);
}

static unsigned systick_at(const csim_model *m, csim_region *out)
{
    (void)m;
    return one_at(SYST_CSR, 0x10, out);
}

static uint32_t systick_read(csim_periph *p, const periph_range *r, uint32_t a, uint64_t now)
{
    switch (a) {
    case SYST_CVR:
        return (p->syst_csr & 1u) ? (uint32_t)(p->syst_rvr - (now - p->syst_epoch) % syst_period(p)) & 0xFFFFFFu : 0;
    case SYST_CSR: {
        uint64_t w = syst_wraps(p, now);
        uint32_t v = p->syst_csr | (w > p->syst_flag_seen ? 1u << 16 : 0);
        p->syst_flag_seen = w; /* COUNTFLAG clears on read */
        return v;
    }
    case SYST_RVR: return p->syst_rvr;
    case SYST_CALIB: return 0;
    default: return registers_read(p, r, a, now);
    }
}

static void systick_restart(csim_periph *p, uint64_t now)
{
    p->syst_epoch = now;
    p->syst_flag_seen = p->syst_taken = 0;
}

static void systick_write(csim_periph *p, const periph_range *r, uint32_t addr, unsigned size, uint32_t value,
                          uint64_t now)
{
    bool restarted = false;
    switch (addr & ~3u) {
    case SYST_CSR:
        restarted = (value & 1u) && !(p->syst_csr & 1u);
        if (restarted) {
            systick_restart(p, now);
        }
        p->syst_csr = value & 7u;
        break;
    case SYST_RVR: p->syst_rvr = value & 0xFFFFFFu; break;
    case SYST_CVR: /* any write clears the counter: it reloads now */
        systick_restart(p, now);
        restarted = true;
        break;
    default: registers_write(p, r, addr, size, value, now); return;
    }
    if (p->env.systick_written) {
        p->env.systick_written(p->env.user, restarted);
    }
}

/* ---- SCB: fault status is write-one-to-clear; CCR sets the fault traps -- */
static unsigned scb_at(const csim_model *m, csim_region *out)
{
    (void)m;
    return one_at(SCB_CPUID, 0x40, out);
}

static void scb_write(csim_periph *p, const periph_range *r, uint32_t addr, unsigned size, uint32_t value,
                      uint64_t now)
{
    (void)r, (void)now;
    uint32_t a = addr & ~3u;
    if (a == SCB_CFSR || a == SCB_HFSR) {
        *reg_slot(p, a) &= ~(size >= 4 ? value : (value & ((1u << (size * 8)) - 1)) << (addr & 3u) * 8);
        return;
    }
    uint32_t *reg = store(p, addr, size, value);
    if (a == SCB_CCR && p->env.ccr) {
        p->env.ccr(p->env.user, *reg);
    }
}

/* ---- DWT cycle counter --------------------------------------------------- */
static unsigned dwt_at(const csim_model *m, csim_region *out)
{
    return one_at(csim_core_desc_of(m->core.kind)->features & CSIM_CF_DWT_CYCCNT ? DWT_CTRL : 0, 8, out);
}

static uint32_t dwt_read(csim_periph *p, const periph_range *r, uint32_t a, uint64_t now)
{
    (void)r;
    if (a == DWT_CYCCNT) {
        return (p->dwt_ctrl & 1u) ? p->cyccnt_base + (uint32_t)(now - p->cyccnt_epoch) : p->cyccnt_base;
    }
    return p->dwt_ctrl;
}

static void dwt_write(csim_periph *p, const periph_range *r, uint32_t addr, unsigned size, uint32_t value,
                      uint64_t now)
{
    (void)r, (void)size;
    if ((addr & ~3u) == DWT_CYCCNT) {
        p->cyccnt_base = value;
        p->cyccnt_epoch = now;
        return;
    }
    if ((value & 1u) && !(p->dwt_ctrl & 1u)) {
        p->cyccnt_epoch = now;
    } else if (!(value & 1u) && (p->dwt_ctrl & 1u)) {
        p->cyccnt_base += (uint32_t)(now - p->cyccnt_epoch);
    }
    p->dwt_ctrl = value;
}

/* ---- CRC unit: DR at +0, CR at +8 -------------------------------------- */
static bool crc_reset(csim_periph *p, periph_range *r)
{
    (void)r;
    p->crc = 0xFFFFFFFFu;
    return true;
}

static uint32_t crc_read(csim_periph *p, const periph_range *r, uint32_t a, uint64_t now)
{
    return a == r->base ? p->crc : registers_read(p, r, a, now);
}

static void crc_write(csim_periph *p, const periph_range *r, uint32_t addr, unsigned size, uint32_t value,
                      uint64_t now)
{
    uint32_t a = addr & ~3u;
    if (a == r->base) {
        if (size == 4) {
            p->crc = csim_crc32_step(p->crc, value);
        }
    } else if (a == r->base + 8) {
        if (value & 1u) {
            p->crc = 0xFFFFFFFFu; /* CR.RESET */
        }
        *reg_slot(p, a) = value & ~1u;
    } else {
        registers_write(p, r, addr, size, value, now);
    }
}

/* ---- AES and SAES (periph_aes.c): one module per IP ------------------------ */
static bool aes_u0_reset(csim_periph *p, periph_range *r)
{
    (void)p;
    return (r->state = csim_aes_new(CSIM_AES_IP_U0)) != NULL;
}

static bool aes_u3_reset(csim_periph *p, periph_range *r)
{
    (void)p;
    return (r->state = csim_aes_new(CSIM_AES_IP_U3)) != NULL;
}

static bool saes_reset(csim_periph *p, periph_range *r)
{
    (void)p;
    return (r->state = csim_aes_new(CSIM_AES_IP_SAES)) != NULL;
}

static uint32_t aes_read(csim_periph *p, const periph_range *r, uint32_t a, uint64_t now)
{
    (void)p;
    return csim_aes_read(r->state, a - r->base, now);
}

static void aes_write(csim_periph *p, const periph_range *r, uint32_t addr, unsigned size, uint32_t value,
                      uint64_t now)
{
    (void)p, (void)size; /* 32-bit accesses only (RM0503) */
    csim_aes_write(r->state, (addr & ~3u) - r->base, value, now);
}

static void aes_release(void *state) { csim_aes_free(state); }

/* ---- FLASH_ACR and ICACHE_CR: fields as the model's layouts give them ---- */
static unsigned acr_at(const csim_model *m, csim_region *out) { return one_at(m->flash_acr.addr, 4, out); }
static unsigned icache_at(const csim_model *m, csim_region *out) { return one_at(m->icache_cr.addr, 4, out); }

static bool acr_reset(csim_periph *p, periph_range *r)
{
    r->state = &p->m.flash_acr;
    *reg_slot(p, r->base) = csim_reg_encode(r->state, &p->m.flash);
    return true;
}

static bool icache_reset(csim_periph *p, periph_range *r)
{
    r->state = &p->m.icache_cr;
    *reg_slot(p, r->base) = csim_reg_encode(r->state, &p->m.flash);
    return true;
}

/* Both registers decide the configuration (ICACHE_CR after FLASH_ACR). */
static void reconfigure_flash(csim_periph *p)
{
    csim_ms_cfg c = p->flash;
    const csim_reg_layout *regs[] = {&p->m.flash_acr, &p->m.icache_cr};
    for (unsigned i = 0; i < sizeof(regs) / sizeof(regs[0]); i++) {
        if (regs[i]->addr) {
            csim_reg_decode(regs[i], *reg_slot(p, regs[i]->addr), &c);
        }
    }
    if (memcmp(&c, &p->flash, sizeof(c)) != 0) {
        p->flash = c;
        if (p->env.flash_config) {
            p->env.flash_config(p->env.user, &c);
        }
    }
}

/* Store a write to a cache control register; its invalidate bits complete
 * at once (they read 0) and call `invalidate`, if the run gave one. */
static uint32_t *store_control(csim_periph *p, const periph_range *r, uint32_t addr, unsigned size, uint32_t value,
                               void (*invalidate)(void *user))
{
    uint32_t *reg = store(p, addr, size, value);
    const uint32_t bits = *reg & csim_reg_invalidate_mask(r->state);
    if (bits) {
        *reg &= ~bits;
        if (invalidate) {
            invalidate(p->env.user);
        }
    }
    return reg;
}

static void flash_reg_write(csim_periph *p, const periph_range *r, uint32_t addr, unsigned size, uint32_t value,
                            uint64_t now)
{
    (void)now;
    store_control(p, r, addr, size, value, p->env.cache_invalidate);
    reconfigure_flash(p);
}

/* ---- DCACHE_CR: fields as the model's layout gives them (dcache.* keys) ---- */
static unsigned dcache_at(const csim_model *m, csim_region *out) { return one_at(m->dcache_cr.addr, 4, out); }

static bool dcache_reset(csim_periph *p, periph_range *r)
{
    r->state = &p->m.dcache_cr;
    *reg_slot(p, r->base) = csim_reg_encode(r->state, &p->m.xmem);
    return true;
}

static void dcache_write(csim_periph *p, const periph_range *r, uint32_t addr, unsigned size, uint32_t value,
                         uint64_t now)
{
    (void)now;
    const uint32_t *reg = store_control(p, r, addr, size, value, p->env.xmem_invalidate);
    csim_xm_cfg c = p->xmem;
    csim_reg_decode(r->state, *reg, &c);
    if (memcmp(&c, &p->xmem, sizeof(c)) != 0) {
        p->xmem = c;
        if (p->env.xmem_config) {
            p->env.xmem_config(p->env.user, &c);
        }
    }
}

/* ---- console USART/LPUART: bytes written to TDR go to the console ------- */
#define USART_TDR 0x28u    /* the STM32 USART's and LPUART's TDR offset */
#define USART_DR 0x04u     /* the F4's older USART: DR (stm32f407xx.h USART_TypeDef) */

/* A write to the data register at `data` goes to the console; the others are
 * plain registers. */
static void console_write(csim_periph *p, const periph_range *r, uint32_t addr, unsigned size, uint32_t value,
                          uint64_t now, uint32_t data)
{
    if ((addr & ~3u) != r->base + data) {
        registers_write(p, r, addr, size, value, now);
    } else if (p->env.console) {
        fputc((int)(value & 0xFF), p->env.console);
    }
}

static void usart_console_write(csim_periph *p, const periph_range *r, uint32_t addr, unsigned size,
                                uint32_t value, uint64_t now)
{
    console_write(p, r, addr, size, value, now, USART_TDR);
}

static void uart_dr_console_write(csim_periph *p, const periph_range *r, uint32_t addr, unsigned size,
                                   uint32_t value, uint64_t now)
{
    console_write(p, r, addr, size, value, now, USART_DR);
}

/* The registry: a new kind of peripheral is one module here; a model places
 * its instances through periph.modules.  The plain registers come last: a
 * module's range wins. */
static const periph_module modules[] = {
    {"systick", systick_at, 0, NULL, systick_read, systick_write, NULL, LANE_TIMED},
    {"scb", scb_at, 0, NULL, registers_read, scb_write, NULL, 0},
    {"dwt", dwt_at, 0, NULL, dwt_read, dwt_write, NULL, LANE_TIMED},
    {"crc", NULL, 0x400, crc_reset, crc_read, crc_write, NULL, 0},
    {"aes-u0", NULL, CSIM_AES_SIZE, aes_u0_reset, aes_read, aes_write, aes_release, LANE_TIMED},
    {"aes-u3", NULL, CSIM_AES_SIZE, aes_u3_reset, aes_read, aes_write, aes_release, LANE_TIMED},
    {"saes", NULL, CSIM_AES_SIZE, saes_reset, aes_read, aes_write, aes_release, LANE_TIMED},
    {"usart-console", NULL, 0x400, NULL, registers_read, usart_console_write, NULL, 0},
    {"uart-dr-console", NULL, 0x400, NULL, registers_read, uart_dr_console_write, NULL, 0},
    {"flash_acr", acr_at, 0, acr_reset, registers_read, flash_reg_write, NULL, LANE_CONFIG},
    {"icache_cr", icache_at, 0, icache_reset, registers_read, flash_reg_write, NULL, LANE_CONFIG},
    {"dcache_cr", dcache_at, 0, dcache_reset, registers_read, dcache_write, NULL, LANE_CONFIG},
    {"registers", registers_at, 0, NULL, registers_read, registers_write, NULL, 0},
};

static const periph_module *const plain = &modules[sizeof(modules) / sizeof(modules[0]) - 1];

_Static_assert(MAX_RANGES >= sizeof(modules) / sizeof(modules[0]) + CSIM_MAX_PERIPHS + CSIM_MAX_REGIONS,
               "a range for each module, each listed instance and each register block");

/* The instances of module `mod` on model m, in out[]; returns how many. */
static unsigned instances_of(const periph_module *mod, const csim_model *m, csim_region *out)
{
    if (mod->instances) {
        return mod->instances(m, out);
    }
    unsigned n = 0;
    for (unsigned i = 0; i < m->n_periph; i++) {
        if (strcmp(m->periph[i].module, mod->name) == 0) {
            out[n++] = (csim_region){m->periph[i].base, mod->size};
        }
    }
    return n;
}

const char *csim_periph_unknown(const csim_model *m)
{
    for (unsigned i = 0; i < m->n_periph; i++) {
        bool known = false;
        for (size_t k = 0; k < sizeof(modules) / sizeof(modules[0]); k++) {
            known |= !modules[k].instances && strcmp(modules[k].name, m->periph[i].module) == 0;
        }
        if (!known) {
            return m->periph[i].module;
        }
    }
    return NULL;
}

static const periph_range *range_at(const csim_periph *p, uint32_t a)
{
    for (unsigned i = 0; i < p->n_ranges; i++) {
        if (a - p->range[i].base < p->range[i].size) {
            return &p->range[i];
        }
    }
    return &p->fallback;
}

const char *csim_periph_module_at(const csim_periph *p, uint32_t addr) { return range_at(p, addr & ~3u)->mod->name; }

void csim_periph_free(csim_periph *p)
{
    if (p) {
        for (unsigned i = 0; i < p->n_ranges; i++) {
            if (p->range[i].mod->release) {
                p->range[i].mod->release(p->range[i].state);
            }
        }
        free(p);
    }
}

csim_periph *csim_periph_new(const csim_model *m, const csim_periph_env *env)
{
    csim_periph *p = calloc(1, sizeof(*p));
    if (!p) {
        return NULL;
    }
    p->m = *m;
    p->env = *env;
    p->flash = m->flash;
    p->xmem = m->xmem;
    p->fallback.mod = plain;
    for (size_t i = 0; i < sizeof(modules) / sizeof(modules[0]); i++) {
        csim_region at[CSIM_MAX_REGIONS > CSIM_MAX_PERIPHS ? CSIM_MAX_REGIONS : CSIM_MAX_PERIPHS];
        const unsigned n = instances_of(&modules[i], &p->m, at);
        for (unsigned k = 0; k < n; k++) {
            periph_range *r = &p->range[p->n_ranges++];
            *r = (periph_range){at[k].base, at[k].size, &modules[i], NULL};
            if (r->mod->reset && !r->mod->reset(p, r)) {
                p->n_ranges--;
                csim_periph_free(p);
                return NULL;
            }
        }
    }
    if (csim_arch_has(m->arch, CSIM_AF_FPU)) {
        *reg_slot(p, CSIM_FPCCR) = CSIM_FPCCR_ASPEN | CSIM_FPCCR_LSPEN;
    }
    return p;
}

static void add_page(uint32_t *base, uint32_t *size, unsigned *n, unsigned max, uint32_t addr, uint32_t len)
{
    uint32_t lo = addr & ~0xFFFu;
    uint32_t hi = (uint32_t)(((uint64_t)addr + len + 0xFFF) & ~0xFFFull);
    for (uint32_t a = lo; a < hi && *n < max; a += 0x1000) {
        bool dup = false;
        for (unsigned i = 0; i < *n; i++) {
            dup |= a >= base[i] && a < base[i] + size[i];
        }
        if (!dup) {
            base[*n] = a;
            size[*n] = 0x1000;
            (*n)++;
        }
    }
}

unsigned csim_periph_pages(const csim_periph *p, uint32_t *base, uint32_t *size, unsigned max)
{
    unsigned n = 0;
    for (unsigned i = 0; i < p->n_ranges; i++) {
        add_page(base, size, &n, max, p->range[i].base, p->range[i].size);
    }
    /* In address order, adjacent pages joined: fewer mappings for the
     * emulator to search on every access (csim_emu_map_mmio). */
    for (unsigned i = 1; i < n; i++) {
        for (unsigned j = i; j > 0 && base[j - 1] > base[j]; j--) {
            uint32_t b = base[j], z = size[j];
            base[j] = base[j - 1], size[j] = size[j - 1];
            base[j - 1] = b, size[j - 1] = z;
        }
    }
    unsigned joined = 0;
    for (unsigned i = 0; i < n; i++) {
        if (joined && base[joined - 1] + size[joined - 1] == base[i]) {
            size[joined - 1] += size[i];
        } else {
            base[joined] = base[i], size[joined++] = size[i];
        }
    }
    return joined;
}

uint64_t csim_periph_systick_due(const csim_periph *p)
{
    if ((p->syst_csr & 3u) != 3u) {
        return UINT64_MAX;
    }
    return p->syst_epoch + (p->syst_taken + 1) * syst_period(p);
}

void csim_periph_systick_taken(csim_periph *p) { p->syst_taken++; }

bool csim_periph_systick_window(const csim_periph *p, uint64_t *epoch, uint64_t *period)
{
    *epoch = p->syst_epoch;
    *period = syst_period(p);
    return (p->syst_csr & 3u) == 3u;
}

void csim_periph_lane_events(const csim_periph *p, uint64_t *timed_reads, uint64_t *config_accesses)
{
    *timed_reads = p->timed_reads;
    *config_accesses = p->config_accesses;
}

uint32_t csim_periph_vtor(const csim_periph *p)
{
    csim_periph *q = (csim_periph *)p;
    return *reg_slot(q, SCB_VTOR);
}

uint32_t csim_periph_reg(csim_periph *p, uint32_t addr) { return *reg_slot(p, addr & ~3u); }

void csim_periph_set_bits(csim_periph *p, uint32_t addr, uint32_t bits) { *reg_slot(p, addr & ~3u) |= bits; }

uint32_t csim_periph_read(void *opaque, uint32_t addr, unsigned size)
{
    csim_periph *p = opaque;
    const uint32_t a = addr & ~3u;
    const uint64_t now = p->env.now(p->env.user);
    const periph_range *r = range_at(p, a);
    const uint32_t word = r->mod->read(p, r, a, now);
    p->timed_reads += (r->mod->lane & LANE_TIMED) != 0;
    p->config_accesses += (r->mod->lane & LANE_CONFIG) != 0;
    if (p->env.read) {
        p->env.read(p->env.user, a, word);
    }
    const uint32_t v = word >> (addr & 3u) * 8;
    return size >= 4 ? v : v & ((1u << (size * 8)) - 1);
}

void csim_periph_write(void *opaque, uint32_t addr, unsigned size, uint32_t value)
{
    csim_periph *p = opaque;
    const uint64_t now = p->env.now(p->env.user);
    const periph_range *r = range_at(p, addr & ~3u);
    p->config_accesses += (r->mod->lane & LANE_CONFIG) != 0;
    r->mod->write(p, r, addr, size, value, now);
}
