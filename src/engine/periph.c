/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * periph.c - peripheral models.  Registers not modelled specially are plain
 * storage inside the blocks listed by the model (periph.registers); the
 * model's ready/mirror rules make clock set-up polls complete.
 */
#include <stdlib.h>
#include <string.h>

#include "cyclesim/engine/periph.h"
#include "cyclesim/engine/periph_aes.h"

#define SYST_CSR 0xE000E010u
#define SYST_RVR 0xE000E014u
#define SYST_CVR 0xE000E018u
#define SYST_CALIB 0xE000E01Cu
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

struct csim_periph {
    csim_model m;
    csim_periph_env env;
    uint32_t reg_addr[REG_SLOTS];
    uint32_t reg_val[REG_SLOTS];
    uint8_t reg_used[REG_SLOTS];
    uint32_t crc;
    csim_aes *aes;  /* NULL: the model has no AES peripheral */
    csim_aes *saes; /* NULL: no SAES */
    /* SysTick */
    uint32_t syst_csr, syst_rvr;
    uint64_t syst_epoch;     /* cycle at which the counter was last loaded */
    uint64_t syst_flag_seen; /* wraps already reported through COUNTFLAG */
    uint64_t syst_taken;     /* wraps already turned into exceptions */
    /* DWT */
    uint32_t dwt_ctrl, cyccnt_base;
    uint64_t cyccnt_epoch;
    csim_ms_cfg flash;
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

csim_periph *csim_periph_new(const csim_model *m, const csim_periph_env *env)
{
    csim_periph *p = calloc(1, sizeof(*p));
    if (!p) {
        return NULL;
    }
    p->m = *m;
    p->env = *env;
    p->crc = 0xFFFFFFFFu;
    p->flash = m->flash;
    if ((m->aes_base && !(p->aes = csim_aes_new(m->aes_ip == 1 ? CSIM_AES_IP_U3 : CSIM_AES_IP_U0))) ||
        (m->saes_base && !(p->saes = csim_aes_new(CSIM_AES_IP_SAES)))) {
        csim_aes_free(p->aes);
        free(p);
        return NULL;
    }
    /* Reset values the firmware may read back. */
    if (m->flash_acr) {
        uint32_t acr = m->flash.wait_states;
        switch (m->acr_layout) {
        case CSIM_ACR_L0:
            acr |= (m->flash.prefetch ? 1u << 1 : 0) | (m->flash.buffers ? 0 : 1u << 5) |
                   (m->flash.preread ? 1u << 6 : 0);
            break;
        case CSIM_ACR_U0:
            acr |= (m->flash.prefetch ? 1u << 8 : 0) | (m->flash.cache_enabled ? 1u << 9 : 0);
            break;
        case CSIM_ACR_U3:
            acr |= m->flash.prefetch ? 1u << 8 : 0;
            break;
        default:
            break;
        }
        *reg_slot(p, m->flash_acr) = acr;
    }
    if (m->icache_base) {
        *reg_slot(p, m->icache_base) = (m->flash.cache_enabled ? 1u : 0) |
                                       (m->flash.cache_ways > 1 ? 1u << 2 : 0);
    }
    return p;
}

void csim_periph_free(csim_periph *p)
{
    if (p) {
        csim_aes_free(p->aes);
        csim_aes_free(p->saes);
        free(p);
    }
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
    const csim_model *m = &p->m;
    add_page(base, size, &n, max, 0xE000E000u, 0x1000); /* SysTick, NVIC, SCB */
    if (csim_core_desc_of(m->core.kind)->features & CSIM_CF_DWT_CYCCNT) {
        add_page(base, size, &n, max, DWT_CTRL, 0x1000);
    }
    if (m->crc_base) {
        add_page(base, size, &n, max, m->crc_base, 0x400);
    }
    if (m->aes_base) {
        add_page(base, size, &n, max, m->aes_base, CSIM_AES_SIZE);
    }
    if (m->saes_base) {
        add_page(base, size, &n, max, m->saes_base, CSIM_AES_SIZE);
    }
    if (m->flash_acr) {
        add_page(base, size, &n, max, m->flash_acr, 4);
    }
    if (m->icache_base) {
        add_page(base, size, &n, max, m->icache_base, 4);
    }
    if (m->uart_tdr) {
        add_page(base, size, &n, max, m->uart_tdr, 4);
    }
    for (unsigned i = 0; i < m->n_periph_ram; i++) {
        add_page(base, size, &n, max, m->periph_ram[i].base, m->periph_ram[i].size);
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

static uint64_t syst_period(const csim_periph *p) { return (uint64_t)(p->syst_rvr & 0xFFFFFFu) + 1; }

static uint64_t syst_wraps(const csim_periph *p, uint64_t now)
{
    if (!(p->syst_csr & 1u) || now < p->syst_epoch) {
        return 0;
    }
    return (now - p->syst_epoch) / syst_period(p);
}

uint64_t csim_periph_systick_due(const csim_periph *p)
{
    if ((p->syst_csr & 3u) != 3u) {
        return UINT64_MAX;
    }
    return p->syst_epoch + (p->syst_taken + 1) * syst_period(p);
}

void csim_periph_systick_taken(csim_periph *p) { p->syst_taken++; }

uint32_t csim_periph_vtor(const csim_periph *p)
{
    csim_periph *q = (csim_periph *)p;
    return *reg_slot(q, SCB_VTOR);
}

uint32_t csim_periph_reg(csim_periph *p, uint32_t addr) { return *reg_slot(p, addr & ~3u); }

void csim_periph_set_bits(csim_periph *p, uint32_t addr, uint32_t bits) { *reg_slot(p, addr & ~3u) |= bits; }

static void reconfigure_flash(csim_periph *p)
{
    const csim_model *m = &p->m;
    csim_ms_cfg c = p->flash;
    uint32_t acr = m->flash_acr ? *reg_slot(p, m->flash_acr) : 0;
    switch (m->acr_layout) {
    case CSIM_ACR_L0:
        c.wait_states = acr & 1u;
        c.prefetch = (acr >> 1) & 1u;
        c.buffers = !((acr >> 5) & 1u);
        c.preread = (acr >> 6) & 1u;
        break;
    case CSIM_ACR_U0:
        c.wait_states = acr & 7u;
        c.prefetch = (acr >> 8) & 1u;
        c.cache_enabled = (acr >> 9) & 1u;
        break;
    case CSIM_ACR_L5:
        c.wait_states = acr & 15u;
        break;
    case CSIM_ACR_U3:
        c.wait_states = acr & 15u;
        c.prefetch = (acr >> 8) & 1u;
        break;
    default:
        break;
    }
    if (m->icache_base) {
        uint32_t cr = *reg_slot(p, m->icache_base);
        c.cache_enabled = cr & 1u;
        c.cache_ways = (cr >> 2) & 1u ? 2 : 1;
    }
    if (memcmp(&c, &p->flash, sizeof(c)) != 0) {
        p->flash = c;
        if (p->env.flash_config) {
            p->env.flash_config(p->env.user, &c);
        }
    }
}

uint32_t csim_periph_read(void *opaque, uint32_t addr, unsigned size)
{
    csim_periph *p = opaque;
    const csim_model *m = &p->m;
    uint32_t a = addr & ~3u, shift = (addr & 3u) * 8, v;
    uint64_t now = p->env.now(p->env.user);
    if (m->crc_base && a == m->crc_base) {
        v = p->crc;
    } else if (p->aes && a - m->aes_base < CSIM_AES_SIZE) {
        v = csim_aes_read(p->aes, a - m->aes_base, now);
    } else if (p->saes && a - m->saes_base < CSIM_AES_SIZE) {
        v = csim_aes_read(p->saes, a - m->saes_base, now);
    } else if (a == SYST_CVR) {
        uint64_t per = syst_period(p);
        v = (p->syst_csr & 1u) ? (uint32_t)(p->syst_rvr - (now - p->syst_epoch) % per) & 0xFFFFFFu : 0;
    } else if (a == SYST_CSR) {
        uint64_t w = syst_wraps(p, now);
        v = p->syst_csr | (w > p->syst_flag_seen ? 1u << 16 : 0);
        p->syst_flag_seen = w; /* COUNTFLAG clears on read */
    } else if (a == SYST_RVR) {
        v = p->syst_rvr;
    } else if (a == SYST_CALIB) {
        v = 0;
    } else if (a == DWT_CYCCNT) {
        v = (p->dwt_ctrl & 1u) ? p->cyccnt_base + (uint32_t)(now - p->cyccnt_epoch) : p->cyccnt_base;
    } else if (a == DWT_CTRL) {
        v = p->dwt_ctrl;
    } else {
        v = *reg_slot(p, a);
        for (unsigned i = 0; i < m->n_ready; i++) {
            if (m->ready[i].addr == a) {
                v |= m->ready[i].set;
            }
        }
        for (unsigned i = 0; i < m->n_mirror; i++) {
            const csim_mirror_rule *r = &m->mirror[i];
            if (r->addr == a) {
                uint32_t field = (v & r->src_mask) >> r->src_shift;
                v = (v & ~((r->src_mask >> r->src_shift) << r->dst_shift)) | field << r->dst_shift;
            }
        }
    }
    v >>= shift;
    return size >= 4 ? v : v & ((1u << (size * 8)) - 1);
}

void csim_periph_write(void *opaque, uint32_t addr, unsigned size, uint32_t value)
{
    csim_periph *p = opaque;
    const csim_model *m = &p->m;
    uint32_t a = addr & ~3u;
    uint64_t now = p->env.now(p->env.user);
    if (m->crc_base && a == m->crc_base) {
        if (size == 4) {
            p->crc = csim_crc32_step(p->crc, value);
        }
        return;
    }
    if (p->aes && a - m->aes_base < CSIM_AES_SIZE) {
        csim_aes_write(p->aes, a - m->aes_base, value, now); /* 32-bit accesses only (RM0503) */
        return;
    }
    if (p->saes && a - m->saes_base < CSIM_AES_SIZE) {
        csim_aes_write(p->saes, a - m->saes_base, value, now);
        return;
    }
    if (m->crc_base && a == m->crc_base + 8) {
        if (value & 1u) {
            p->crc = 0xFFFFFFFFu; /* CR.RESET */
        }
        *reg_slot(p, a) = value & ~1u;
        return;
    }
    if (m->uart_tdr && a == m->uart_tdr) {
        if (p->env.console) {
            fputc((int)(value & 0xFF), p->env.console);
        }
        return;
    }
    switch (a) {
    case SYST_CSR:
        if ((value & 1u) && !(p->syst_csr & 1u)) {
            p->syst_epoch = now;
            p->syst_flag_seen = p->syst_taken = 0;
        }
        p->syst_csr = value & 7u;
        return;
    case SYST_RVR:
        p->syst_rvr = value & 0xFFFFFFu;
        return;
    case SYST_CVR: /* any write clears the counter: it reloads now */
        p->syst_epoch = now;
        p->syst_flag_seen = p->syst_taken = 0;
        return;
    case DWT_CYCCNT:
        p->cyccnt_base = value;
        p->cyccnt_epoch = now;
        return;
    case DWT_CTRL:
        if ((value & 1u) && !(p->dwt_ctrl & 1u)) {
            p->cyccnt_epoch = now;
        } else if (!(value & 1u) && (p->dwt_ctrl & 1u)) {
            p->cyccnt_base += (uint32_t)(now - p->cyccnt_epoch);
        }
        p->dwt_ctrl = value;
        return;
    default:
        break;
    }
    uint32_t *r = reg_slot(p, a);
    if (a == SCB_CFSR || a == SCB_HFSR) { /* fault status: write one to clear */
        *r &= ~(size >= 4 ? value : (value & ((1u << (size * 8)) - 1)) << (addr & 3u) * 8);
        return;
    }
    if (size >= 4) {
        *r = value;
    } else {
        uint32_t shift = (addr & 3u) * 8, mask = ((1u << (size * 8)) - 1) << shift;
        *r = (*r & ~mask) | ((value << shift) & mask);
    }
    if (a == SCB_CCR && p->env.ccr) {
        p->env.ccr(p->env.user, *r);
    }
    if ((m->flash_acr && a == m->flash_acr) || (m->icache_base && a == m->icache_base)) {
        if (m->icache_base && a == m->icache_base && (*r & 2u)) {
            *r &= ~2u; /* CACHEINV completes at once */
            if (p->env.cache_invalidate) {
                p->env.cache_invalidate(p->env.user);
            }
        }
        reconfigure_flash(p);
    }
}
