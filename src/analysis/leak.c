/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * leak.c - the constant-time screen (leak.h, docs/leak.md).
 *
 * The runs of a case differ only in their secret (or, for a case without
 * marks, in all its inputs), so every difference between two runs'
 * statistics of an instruction depends on it.  The union of the addresses
 * that ran in any run is walked once, each run's sorted statistics with a
 * cursor of its own.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/leak.h"

const char *leak_cause_name(unsigned bit)
{
    switch (bit) {
    case LEAK_FLOW: return "control flow";
    case LEAK_ADDRESS: return "secret-dependent address";
    case LEAK_HIT_MISS: return "cache or flash-buffer hit/miss";
    case LEAK_PREFETCH: return "prefetch-buffer hit";
    case LEAK_FLASH_READS: return "flash array reads (wait states)";
    case 1u << CSIM_BD_core: return "issue (operand-dependent instruction timing)";
    case 1u << CSIM_BD_branch: return "branch refill";
    case 1u << CSIM_BD_fetch_stall: return "fetch wait";
    case 1u << CSIM_BD_data_wait: return "data wait";
    case 1u << CSIM_BD_bus_conflict: return "bus (data transfer waiting for a fetch)";
    case 1u << CSIM_BD_load_use: return "load-use";
    case 1u << CSIM_BD_exception: return "exception";
    default: return "other";
    }
}

const char *leak_verdict_name(leak_verdict v)
{
    return v == LEAK_TIMING ? "leaks"
           : v == LEAK_HIDDEN ? "constant-time on this model; secret-dependent memory accesses"
                              : "constant-time";
}

/* Welch's t of the two classes (sample variances), with their means and SDs. */
static void welch(leak_case *lc)
{
    for (int k = 0; k < 2; k++) {
        double sum = 0, sq = 0;
        for (size_t i = 0; i < lc->n; i++) {
            sum += (double)lc->cycles[k][i];
        }
        lc->mean[k] = sum / (double)lc->n;
        for (size_t i = 0; i < lc->n; i++) {
            const double d = (double)lc->cycles[k][i] - lc->mean[k];
            sq += d * d;
        }
        lc->sd[k] = sqrt(sq / (double)(lc->n - 1));
    }
    const double diff = lc->mean[0] - lc->mean[1];
    const double se = sqrt((lc->sd[0] * lc->sd[0] + lc->sd[1] * lc->sd[1]) / (double)lc->n);
    lc->t = se > 0 ? diff / se : diff == 0 ? 0 : diff > 0 ? INFINITY : -INFINITY;
    lc->t_leaks = fabs(lc->t) > LEAK_T_THRESHOLD;
}

static void note(uint64_t v, uint64_t *lo, uint64_t *hi, bool first)
{
    *lo = first || v < *lo ? v : *lo;
    *hi = first || v > *hi ? v : *hi;
}

bool leak_analyse(leak_case *lc, const csim_case_result *const *fixed, const csim_case_result *const *random,
                  size_t n)
{
    memset(lc, 0, sizeof(*lc));
    const size_t runs = 2 * n;
    const csim_insn_trace **tr = malloc(runs * sizeof(*tr));
    size_t *at = calloc(runs, sizeof(*at));
    lc->cycles[0] = malloc(n * sizeof(uint64_t));
    lc->cycles[1] = malloc(n * sizeof(uint64_t));
    bool ok = tr && at && lc->cycles[0] && lc->cycles[1];
    for (size_t r = 0; ok && r < runs; r++) {
        const csim_case_result *c = r < n ? fixed[r] : random[r - n];
        tr[r] = c->trace;
        lc->cycles[r >= n][r % n] = c->cycles;
        ok = c->trace != NULL;
    }
    if (ok) {
        snprintf(lc->name, sizeof(lc->name), "%s", fixed[0]->name);
        lc->n_secrets = fixed[0]->n_secrets;
        lc->secret_bytes = fixed[0]->secret_bytes;
        lc->n = n;
        welch(lc);
    }
    for (;;) {
        uint32_t addr = UINT32_MAX;
        bool any = false;
        for (size_t r = 0; ok && r < runs; r++) {
            if (at[r] < tr[r]->n && tr[r]->insns[at[r]].addr <= addr) {
                addr = tr[r]->insns[at[r]].addr;
                any = true;
            }
        }
        if (!any) {
            break;
        }
        leak_insn li = {addr, 0, 0, 0, 0, 0, 0};
        uint64_t bd_lo[CSIM_BD_FIELDS], bd_hi[CSIM_BD_FIELDS];
        csim_ms_stats ms_lo, ms_hi;
        const csim_insn_stat *first = NULL;
        for (size_t r = 0; r < runs; r++) {
            const csim_insn_stat *s = at[r] < tr[r]->n && tr[r]->insns[at[r]].addr == addr ? &tr[r]->insns[at[r]++]
                                                                                               : NULL;
            const csim_insn_stat none = {.addr = addr, .data_hash = 0};
            const csim_insn_stat *v = s ? s : &none;
            li.id = s ? s->id : li.id;
            note(v->count, &li.count_min, &li.count_max, r == 0);
            note(v->cycles, &li.cycles_min, &li.cycles_max, r == 0);
            for (unsigned f = 0; f < CSIM_BD_FIELDS; f++) {
                note(v->bd[f], &bd_lo[f], &bd_hi[f], r == 0);
            }
#define NOTE_MS(f, reported) note(v->ms.f, &ms_lo.f, &ms_hi.f, r == 0);
            CSIM_MS_STATS_FIELDS(NOTE_MS)
#undef NOTE_MS
            if (!first) {
                first = v == &none ? NULL : s;
            } else if (s && s->count == first->count && s->data_hash != first->data_hash) {
                li.causes |= LEAK_ADDRESS;
            }
        }
        if (li.count_min != li.count_max) {
            li.causes |= LEAK_FLOW;
        } else {
#define BUCKET(f, label, event, bucket)                                                                          \
    li.causes |= bucket && bd_lo[CSIM_BD_##f] != bd_hi[CSIM_BD_##f] ? 1u << CSIM_BD_##f : 0;
            CSIM_BREAKDOWN_FIELDS(BUCKET)
#undef BUCKET
            li.causes |= ms_lo.hits != ms_hi.hits || ms_lo.misses != ms_hi.misses ? LEAK_HIT_MISS : 0;
            li.causes |= ms_lo.prefetch_hits != ms_hi.prefetch_hits ? LEAK_PREFETCH : 0;
            li.causes |= ms_lo.flash_reads != ms_hi.flash_reads ? LEAK_FLASH_READS : 0;
        }
        const bool timing = li.count_min != li.count_max || li.cycles_min != li.cycles_max;
        if (!li.causes && !timing) {
            continue;
        }
        if (lc->n_insns % 64 == 0) {
            leak_insn *a = realloc(lc->insns, (lc->n_insns + 64) * sizeof(*a));
            if (!a) {
                ok = false;
                break;
            }
            lc->insns = a;
        }
        lc->insns[lc->n_insns++] = li;
        lc->n_timing += timing;
    }
    free(tr);
    free(at);
    if (!ok) {
        leak_case_free(lc);
        return false;
    }
    lc->verdict = lc->n_timing ? LEAK_TIMING : lc->n_insns ? LEAK_HIDDEN : LEAK_CONSTANT;
    lc->agree = lc->t_leaks == (lc->n_timing > 0);
    return true;
}

void leak_case_free(leak_case *lc)
{
    free(lc->cycles[0]);
    free(lc->cycles[1]);
    free(lc->insns);
    memset(lc, 0, sizeof(*lc));
}
