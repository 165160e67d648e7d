/* SPDX-License-Identifier: GPL-2.0-or-later */
/* model.c - cross-key validation, the latency-versus-clock rule and the
 * coding of the flash-configuration registers' fields. */
#include <string.h>

#include "cyclesim/model/model_keys.h"

static bool pow2(unsigned v) { return v && !(v & (v - 1)); }

static const csim_latency_range *range_of(const csim_model *m)
{
    for (unsigned i = 0; i < m->n_latency; i++) {
        if (m->latency[i].range == m->voltage_range) {
            return &m->latency[i];
        }
    }
    return NULL;
}

int csim_model_min_latency(const csim_model *m, uint32_t hz)
{
    const csim_latency_range *r = range_of(m);
    if (!r) {
        return -1;
    }
    for (unsigned w = 0; w < r->n; w++) {
        if (hz <= r->max_hz[w]) {
            return (int)w;
        }
    }
    return -1;
}

csim_err csim_model_check(csim_model *m, csim_diag *diag)
{
    const char *n = m->name;
    if (m->clock_hz == 0) {
        return csim_fail(diag, CSIM_ERR_MODEL, "%s: clock.hz: missing", n);
    }
    if (m->flash.flash_size == 0) {
        return csim_fail(diag, CSIM_ERR_MODEL, "%s: flash.size: missing", n);
    }
    if (m->n_sram == 0) {
        return csim_fail(diag, CSIM_ERR_MODEL, "%s: memory.sram: at least one region is needed", n);
    }
    const csim_core_desc *core = csim_core_desc_of(m->core.kind);
    if (!csim_arch_covers(core->arch, m->arch)) {
        return csim_fail(diag, CSIM_ERR_MODEL, "%s: core.arch: a %s runs %s only", n, core->title,
                         csim_arch_names[core->arch]);
    }
    const csim_ms_cfg *f = &m->flash;
    if (f->cache_enabled || f->cache_bytes) {
        if (!pow2(f->cache_line_bytes) || !pow2(f->cache_ways) || !pow2(f->cache_bytes) ||
            f->cache_bytes < f->cache_line_bytes * f->cache_ways) {
            return csim_fail(diag, CSIM_ERR_MODEL,
                             "%s: cache.size/ways/line: powers of two with size >= ways x line", n);
        }
    }
    if (!pow2(f->flash_read_bytes)) {
        return csim_fail(diag, CSIM_ERR_MODEL, "%s: flash.read_bytes: a power of two", n);
    }
    if (m->n_latency) {
        const csim_latency_range *r = range_of(m);
        if (!r) {
            return csim_fail(diag, CSIM_ERR_MODEL,
                             "%s: clock.voltage_range: %d has no row in flash.latency_table", n,
                             m->voltage_range);
        }
        int need = csim_model_min_latency(m, m->clock_hz);
        if (need < 0) {
            csim_warn(diag, "%s: %u Hz is above the reference manual's maximum (%u Hz) in voltage range %d",
                      n, m->clock_hz, r->max_hz[r->n - 1], m->voltage_range);
        } else if ((int)f->wait_states < need) {
            csim_warn(diag, "%s: %u wait state(s) at %u Hz is below the reference manual's minimum of %d "
                      "in voltage range %d (modelled as configured)",
                      n, f->wait_states, m->clock_hz, need, m->voltage_range);
        }
    }
    return CSIM_OK;
}

uint32_t csim_reg_field_mask(const csim_reg_field *f)
{
    return (uint32_t)(((1ull << f->width) - 1) << f->shift);
}

uint32_t csim_reg_encode(const csim_reg_layout *r, const void *c)
{
    uint32_t v = 0;
    for (unsigned i = 0; i < r->n_fields; i++) {
        const csim_reg_field *f = &r->field[i];
        const char *member = (const char *)c + f->cfg_offset;
        const uint32_t key = f->is_bool ? *(const bool *)member : *(const uint32_t *)member;
        uint32_t field = 0;
        switch (f->coding) {
        case CSIM_FIELD_VALUE: field = key; break;
        case CSIM_FIELD_INVERTED: field = !key; break;
        case CSIM_FIELD_LOG2:
            while (field < 31 && (2u << field) <= key) {
                field++;
            }
            break;
        default: break; /* an invalidate bit reads 0 */
        }
        v |= (field << f->shift) & csim_reg_field_mask(f);
    }
    return v;
}

void csim_reg_decode(const csim_reg_layout *r, uint32_t value, void *c)
{
    for (unsigned i = 0; i < r->n_fields; i++) {
        const csim_reg_field *f = &r->field[i];
        const uint32_t field = (value & csim_reg_field_mask(f)) >> f->shift;
        uint32_t key;
        switch (f->coding) {
        case CSIM_FIELD_VALUE: key = field; break;
        case CSIM_FIELD_INVERTED: key = !field; break;
        case CSIM_FIELD_LOG2: key = 1u << field; break;
        default: continue;
        }
        char *member = (char *)c + f->cfg_offset;
        if (f->is_bool) {
            *(bool *)member = key != 0;
        } else {
            *(uint32_t *)member = key;
        }
    }
}

uint32_t csim_reg_invalidate_mask(const csim_reg_layout *r)
{
    uint32_t mask = 0;
    for (unsigned i = 0; i < r->n_fields; i++) {
        if (r->field[i].coding == CSIM_FIELD_INVALIDATE) {
            mask |= csim_reg_field_mask(&r->field[i]);
        }
    }
    return mask;
}

bool csim_reg_drives(const csim_reg_layout *r, const char *key)
{
    size_t n;
    const csim_key *keys = csim_keys(&n);
    for (unsigned i = 0; i < r->n_fields; i++) {
        if (r->field[i].coding != CSIM_FIELD_INVALIDATE && strcmp(keys[r->field[i].key].name, key) == 0) {
            return true;
        }
    }
    return false;
}
