/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * bench_abi.c - the benchmark ABI of firmware/include/bench.h: its markers, the case
 * table (one reader for the emulator and the ELF), the inputs cyclesim writes.
 */
#include <ctype.h>

#include "engine/sim_internal.h"

/* Target memory as the case table is read from it: the running emulator, or
 * the ELF's loadable segments (before a run). */
typedef bool (*mem_reader)(const void *src, uint32_t addr, void *out, uint32_t len);

static bool emu_reader(const void *src, uint32_t addr, void *out, uint32_t len)
{
    return csim_emu_read((csim_emu *)src, addr, out, len) == CSIM_OK;
}

/* Copies len bytes at addr from the ELF's loadable segments (as loaded). */
static bool elf_reader(const void *src, uint32_t addr, void *out, uint32_t len)
{
    const csim_elf *e = src;
    for (size_t i = 0; i < e->n_segs; i++) {
        const csim_segment *g = &e->segs[i];
        if (addr - g->vaddr < g->filesz && len <= g->filesz - (addr - g->vaddr)) {
            memcpy(out, g->data + (addr - g->vaddr), len);
            return true;
        }
    }
    return false;
}

/* Reads the string at addr into out; whether it ended within len - 1 bytes
 * (false: it was cut, or runs past the end of the memory). */
static bool read_cstr(mem_reader rd, const void *src, uint32_t addr, char *out, size_t len)
{
    out[0] = 0;
    if (!addr) {
        return true;
    }
    bool ended;
    if (rd(src, addr, out, (uint32_t)len - 1)) {
        char next = 1;
        ended = memchr(out, 0, len - 1) || (rd(src, addr + (uint32_t)len - 1, &next, 1) && next == 0);
    } else {
        /* The buffer would run past the end of the memory: the string may
         * still end before it, so read up to the NUL a byte at a time. */
        size_t i = 0;
        while (i + 1 < len && rd(src, addr + (uint32_t)i, &out[i], 1) && out[i]) {
            i++;
        }
        ended = i + 1 < len && out[i] == 0;
        out[i] = 0;
    }
    out[len - 1] = 0;
    return ended;
}

void sim_read_cstr(sim *s, uint32_t addr, char *out, size_t len) { (void)read_cstr(emu_reader, s->emu, addr, out, len); }

/* The strings of the bench_case_t at desc (BENCH_ABI_VERSION 1: name, row,
 * params, then the functions); a NULL buffer is not read.  Whether each
 * string read ended within len - 1 bytes. */
static bool read_case(mem_reader rd, const void *src, uint32_t desc, char *name, char *row, char *params,
                      size_t len)
{
    uint32_t ptrs[3] = {0, 0, 0};
    rd(src, desc, ptrs, sizeof(ptrs));
    char *out[3] = {name, row, params};
    bool ended = true;
    for (int i = 0; i < 3; i++) {
        if (out[i]) {
            ended &= read_cstr(rd, src, ptrs[i], out[i], len);
        }
    }
    return ended;
}

/* Cold: the begin marker runs from the reset state as well, so what the
 * firmware does in it (restarting its cycle counter, reading it for its own
 * measurement, fw_cycles) takes the same time whatever ran before the case;
 * the region itself starts from the reset state at the marker's return. */
static void abi_begin_marker(sim *s, uint32_t addr)
{
    if (!s->opts->warm) {
        csim_memsys_reset(s->flash);
        csim_core_redirect(&s->core, addr);
        lanes_begin_marker(s, addr);
    }
}

static void abi_region_start(sim *s)
{
    if (!s->opts->warm) {
        csim_memsys_reset(s->flash);
        csim_core_redirect(&s->core, s->abi.region_ret);
        lanes_region_start(s);
    }
    s->abi.r_cycles = csim_core_now(&s->core);
    s->abi.r_bd = s->core.bd;
    s->abi.r_ms = *csim_memsys_stats(s->flash);
    sim_in_force_begin(s);
}

void sim_in_force_begin(sim *s)
{
    const csim_ms_cfg *cfg = csim_memsys_config(s->flash);
    s->abi.cur.in_force = (csim_in_force){true, false, cfg->cache_enabled, cfg->prefetch, cfg->wait_states,
                                          s->model->clock_hz};
    s->abi.in_region = true;
}

void abi_count_assumed(sim *s, const csim_insn *insns, unsigned n)
{
    if (!s->abi.assumed_runs && !(s->abi.assumed_runs = calloc(csim_disasm_ids(), sizeof(uint64_t)))) {
        return; /* out of memory: the counts stay empty, as does the rest of a failing run */
    }
    for (unsigned i = 0; i < n; i++) {
        s->abi.assumed_runs[insns[i].id] += (s->core.desc->assumed >> insns[i].iclass) & 1u;
    }
}

/* The region's counts into case c, most frequent first, and cleared. */
static void take_assumed(sim *s, csim_case_result *c)
{
    uint64_t *runs = s->abi.assumed_runs;
    for (unsigned id = 1; runs && id < csim_disasm_ids(); id++) {
        if (!runs[id]) {
            continue;
        }
        unsigned k = c->n_assumed < CSIM_MAX_ASSUMED ? c->n_assumed++ : CSIM_MAX_ASSUMED;
        if (k == CSIM_MAX_ASSUMED) { /* full: the least frequent goes to assumed_other */
            csim_assumed *last = &c->assumed[CSIM_MAX_ASSUMED - 1];
            if (last->count >= runs[id]) {
                c->assumed_other += runs[id];
                runs[id] = 0;
                continue;
            }
            c->assumed_other += last->count;
            k = CSIM_MAX_ASSUMED - 1;
        }
        for (; k > 0 && c->assumed[k - 1].count < runs[id]; k--) {
            c->assumed[k] = c->assumed[k - 1];
        }
        csim_assumed *a = &c->assumed[k];
        a->count = runs[id];
        snprintf(a->mnemonic, sizeof(a->mnemonic), "%s", csim_disasm_name(s->dis, id));
        for (char *p = a->mnemonic; *p; p++) {
            *p = (char)toupper((unsigned char)*p);
        }
        runs[id] = 0;
    }
}

bool abi_region_end(sim *s)
{
    if (!s->abi.in_region) {
        return false;
    }
    s->abi.in_region = false;
    csim_breakdown *d = &s->abi.cur.bd;
    csim_tm_breakdown_diff(d, &s->core.bd, &s->abi.r_bd);
    d->cycles = csim_core_now(&s->core) - s->abi.r_cycles;
    lanes_region_end(s);
    csim_tm_ms_stats_diff(&s->abi.cur.ms, csim_memsys_stats(s->flash), &s->abi.r_ms);
    fp_measure(s, &s->abi.cur);
    take_assumed(s, &s->abi.cur);
    csim_profile_free(s->abi.cur.profile);
    s->abi.cur.profile = s->prof ? csim_prof_end(s->prof) : NULL;
    csim_insn_trace_free(s->abi.cur.trace);
    s->abi.cur.trace = s->trace ? itrace_end(s->trace) : NULL;
    if (!s->opts->call && (s->abi.region_case < s->abi.cases_lo || s->abi.region_case >= s->abi.cases_hi)) {
        /* The runner's empty case: the overhead to subtract, measured the
         * same way as the board does (firmware/bench/runner.c). */
        csim_profile_free(s->abi.cur.profile);
        s->abi.cur.profile = NULL;
        csim_insn_trace_free(s->abi.cur.trace);
        s->abi.cur.trace = NULL;
        s->abi.empty = s->abi.cur;
        s->abi.have_empty = true;
        lanes_took_empty(s);
        memset(&s->abi.cur, 0, sizeof(s->abi.cur));
    }
    return true;
}

static void abi_case_done(sim *s, uint32_t desc, uint32_t fw_cycles, uint32_t status)
{
    csim_case_result *c = &s->abi.cur;
    c->fw_cycles = fw_cycles;
    c->status = status;
    if (desc < s->abi.cases_lo || desc >= s->abi.cases_hi) {
        csim_profile_free(c->profile);
        csim_insn_trace_free(c->trace);
        memset(c, 0, sizeof(*c));
        return;
    }
    if (s->abi.workbuf_var) {
        csim_emu_read(s->emu, s->abi.workbuf_var, &c->workbuf, sizeof(c->workbuf));
    }
    if (s->abi.attempts_var) { /* set by the case's check(), cleared for the next case */
        static const uint32_t zero;
        csim_emu_read(s->emu, s->abi.attempts_var, &c->attempts, sizeof(c->attempts));
        csim_emu_write(s->emu, s->abi.attempts_var, &zero, sizeof(zero));
    }
    _Static_assert(sizeof(c->name) == sizeof(c->row) && sizeof(c->row) == sizeof(c->params), "one string size");
    read_case(emu_reader, s->emu, desc, c->name, c->row, c->params, sizeof(c->name));
    uint64_t raw = c->bd.cycles;
    if (s->abi.have_empty) {
        csim_breakdown *d = &c->bd;
        const csim_breakdown *e = &s->abi.empty.bd;
        uint64_t others = 0;
#define SUBE(f, label, event, bucket) d->f = d->f > e->f ? d->f - e->f : 0;
        CSIM_BREAKDOWN_FIELDS(SUBE)
#undef SUBE
        /* Keep the buckets summing to the total after the subtraction. */
#define OTHER(f, label, event, bucket) others += bucket && CSIM_BD_##f != CSIM_BD_core ? d->f : 0;
        CSIM_BREAKDOWN_FIELDS(OTHER)
#undef OTHER
        d->core = d->cycles > others ? d->cycles - others : 0;
    }
    if (c->profile) {
        c->profile->overhead_cycles = raw - c->bd.cycles;
    }
    c->cycles = c->bd.cycles;
    csim_run_result *r = s->res;
    if (r->n_cases == s->abi.cap_cases) {
        s->abi.cap_cases = s->abi.cap_cases ? 2 * s->abi.cap_cases : 64;
        csim_case_result *n = realloc(r->cases, s->abi.cap_cases * sizeof(*n));
        if (!n) {
            csim_profile_free(c->profile);
            csim_insn_trace_free(c->trace);
            memset(c, 0, sizeof(*c));
            return;
        }
        r->cases = n;
    }
    r->cases[r->n_cases++] = *c;
    lanes_case_done(s, c);
    memset(c, 0, sizeof(*c));
    if (s->opts->case_done) {
        s->opts->case_done(s->opts->progress_ctx, r->cases[r->n_cases - 1].name);
    }
}

/* ---- hooks ---------------------------------------------------------- */

/* bench_secret(ptr, len) starts: the case's setup marks [ptr, ptr + len) as
 * secret; with opts.fill_secret the bytes are replaced before setup goes on,
 * so whatever setup derives from them (a key schedule) follows.  splitmix64
 * (Steele, Lea, Flood 2014) draws them: reproducible, not cryptographic. */
static void abi_secret(sim *s)
{
    const uint32_t ptr = csim_emu_reg(s->emu, CSIM_R0), len = csim_emu_reg(s->emu, CSIM_R1);
    csim_case_result *c = &s->abi.cur;
    c->n_secrets++;
    c->secret_bytes += len;
    if (!s->opts->fill_secret) {
        return;
    }
    uint64_t x = (uint64_t)s->opts->secret_seed << 32 | c->n_secrets;
    uint8_t buf[64];
    for (uint32_t done = 0; done < len;) {
        uint32_t n = len - done < sizeof(buf) ? len - done : (uint32_t)sizeof(buf);
        for (uint32_t i = 0; i < n; i += 8) {
            uint64_t z = (x += 0x9E3779B97F4A7C15ull);
            z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
            z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
            z ^= z >> 31;
            for (uint32_t k = 0; k < 8 && i + k < n; k++) {
                buf[i + k] = s->opts->secret_seed ? (uint8_t)(z >> (8 * k)) : 0;
            }
        }
        if (csim_emu_write(s->emu, ptr + done, buf, n) != CSIM_OK) {
            c->secret_unwritable = true;
            return;
        }
        done += n;
    }
}

/* Case selection and the input seed, once start-up has initialised RAM. */
static void abi_write_inputs(sim *s)
{
    const csim_run_opts *o = s->opts;
    if (o->case_count) {
        csim_emu_write(s->emu, s->abi.v_case_first, &o->case_first, 4);
        csim_emu_write(s->emu, s->abi.v_case_count, &o->case_count, 4);
    }
    if (o->input_seed) {
        csim_emu_write(s->emu, s->abi.v_seed, &o->input_seed, 4);
    }
}

static csim_err setup_inputs(sim *s)
{
    const csim_run_opts *o = s->opts;
    const csim_symbol *sym;
    if (o->call || (!o->case_count && !o->input_seed)) {
        return CSIM_OK;
    }
    if (o->case_count) {
        s->abi.v_case_first = (sym = csim_elf_find(s->elf, "bench_case_first")) ? sym->addr : 0;
        s->abi.v_case_count = (sym = csim_elf_find(s->elf, "bench_case_count")) ? sym->addr : 0;
        if (!s->abi.v_case_first || !s->abi.v_case_count) {
            return csim_fail(s->diag, CSIM_ERR_ELF,
                             "%s: firmware has no case selection (bench_case_first/bench_case_count): "
                             "build it with a current firmware/bench/runner.c", s->elf->path);
        }
    }
    if (o->input_seed) {
        s->abi.v_seed = (sym = csim_elf_find(s->elf, "bench_input_seed")) ? sym->addr : 0;
        if (!s->abi.v_seed) {
            return csim_fail(s->diag, CSIM_ERR_USAGE,
                             "%s: firmware has no random-input support (bench_input_seed)", s->elf->path);
        }
    }
    s->abi.m_main = (sym = csim_elf_find(s->elf, "main")) && sym->type == CSIM_SYM_FUNC ? sym->addr : 0;
    if (!s->abi.m_main) {
        return csim_fail(s->diag, CSIM_ERR_ELF, "%s: no main function: cannot select cases or inputs",
                         s->elf->path);
    }
    return CSIM_OK;
}

/* The case table of e: the address of its first entry and its stride; the
 * number of cases (0: no table). */
static size_t case_table(const csim_elf *e, uint32_t *first, uint32_t *stride)
{
    const csim_symbol *lo = csim_elf_find(e, "__start_bench_cases"), *hi = csim_elf_find(e, "__stop_bench_cases");
    if (!lo || !hi || hi->addr <= lo->addr) {
        return 0;
    }
    /* The runner's empty case is a bench_case_t too: its size is the stride. */
    const csim_symbol *empty = csim_elf_find(e, "bench_empty_case");
    *first = lo->addr;
    *stride = empty && empty->size >= 8 ? empty->size : BENCH_CASE_BYTES;
    size_t n = (hi->addr - lo->addr) / *stride;
    /* The table is data of the image: bounds that no segment holds (4 GiB
     * apart in a crafted ELF) are not a table of 150 million cases. */
    bool held = false;
    for (size_t i = 0; i < e->n_segs && !held; i++) {
        const csim_segment *g = &e->segs[i];
        held = lo->addr - g->vaddr < g->filesz && hi->addr - lo->addr <= g->filesz - (lo->addr - g->vaddr);
    }
    return held ? n : 0;
}

size_t csim_case_list(const csim_elf *e, char (*names)[96], char (*rows)[96], size_t max)
{
    uint32_t lo, stride;
    size_t n = case_table(e, &lo, &stride);
    for (size_t i = 0; i < n && i < max; i++) {
        read_case(elf_reader, e, lo + (uint32_t)(i * stride), names ? names[i] : NULL, rows ? rows[i] : NULL, NULL,
                  sizeof(names[i]));
    }
    return n;
}

typedef struct named_case {
    char name[sizeof(((csim_case_result *)0)->name)];
    size_t index;
} named_case;

static int by_name_then_index(const void *a, const void *b)
{
    const named_case *x = a, *y = b;
    int c = strcmp(x->name, y->name);
    return c ? c : (x->index > y->index) - (x->index < y->index);
}

csim_err csim_case_table_check(const csim_elf *e, csim_diag *diag)
{
    uint32_t lo, stride;
    size_t n = case_table(e, &lo, &stride);
    named_case *t = n ? malloc(n * sizeof(*t)) : NULL;
    if (n && !t) {
        return csim_fail(diag, CSIM_ERR_NOMEM, "%s: out of memory for its case table", e->path);
    }
    csim_err err = CSIM_OK;
    for (size_t i = 0; i < n && !err; i++) {
        char row[sizeof(t[i].name)];
        t[i].index = i;
        if (!read_case(elf_reader, e, lo + (uint32_t)(i * stride), t[i].name, row, NULL, sizeof(t[i].name))) {
            err = csim_fail(diag, CSIM_ERR_ELF, "%s: case %zu (\"%.48s...\"): its name or row is longer than %zu "
                            "bytes, the bound of a case's strings", e->path, i, t[i].name, sizeof(t[i].name) - 1);
        }
    }
    /* check, compare, merge and the callgrind files find a case by its name
     * (no table, no sort: qsort takes no NULL, even for no element) */
    if (!err && n) {
        qsort(t, n, sizeof(*t), by_name_then_index);
    }
    for (size_t i = 1; i < n && !err; i++) {
        if (strcmp(t[i - 1].name, t[i].name) == 0) {
            err = csim_fail(diag, CSIM_ERR_ELF, "%s: cases %zu and %zu are both named \"%s\": a case's name must "
                            "be unique", e->path, t[i - 1].index, t[i].index, t[i].name);
        }
    }
    free(t);
    return err;
}

/* The markers, the case table and the runner's variables, by symbol; an image
 * that says it was built for another ABI version is refused (its tables
 * would be misread). */
csim_err abi_setup(sim *s)
{
    const csim_elf *e = s->elf;
    const csim_symbol *sym = csim_elf_find(e, "bench_abi_version");
    uint32_t version = CSIM_BENCH_ABI_VERSION;
    if (sym && (sym->size != 4 || !elf_reader(e, sym->addr, &version, 4))) {
        return csim_fail(s->diag, CSIM_ERR_ELF, "%s: bench_abi_version is not a 4-byte constant of the image",
                         e->path);
    }
    if (version != CSIM_BENCH_ABI_VERSION) {
        return csim_fail(s->diag, CSIM_ERR_ELF, "%s: built for benchmark ABI version %u; this cyclesim reads "
                         "version %u (firmware/include/bench.h)", e->path, version, CSIM_BENCH_ABI_VERSION);
    }
#define ADDR(name) ((sym = csim_elf_find(e, name)) ? sym->addr : 0)
    s->abi.m_begin = ADDR("bench_region_begin");
    s->abi.m_end = ADDR("bench_region_end");
    s->abi.m_done = ADDR("bench_case_done");
    s->abi.m_secret = ADDR("bench_secret");
    s->abi.cases_lo = ADDR("__start_bench_cases");
    s->abi.cases_hi = ADDR("__stop_bench_cases");
    s->abi.workbuf_var = ADDR("bench_workbuf_bytes");
    s->abi.attempts_var = ADDR("bench_sign_attempts");
    s->fp.io_lo = ADDR("__bench_io_start");
    s->fp.io_hi = ADDR("__bench_io_end");
    s->fp.ioc_lo = ADDR("__bench_io_const_start");
    s->fp.ioc_hi = ADDR("__bench_io_const_end");
#undef ADDR
    csim_err err = s->opts->call ? CSIM_OK : csim_case_table_check(e, s->diag);
    return err ? err : setup_inputs(s);
}

abi_region_event abi_marker(sim *s, uint32_t addr)
{
    bench_abi *a = &s->abi;
    if ((addr == a->m_begin || addr == a->m_end || addr == a->m_done || addr == a->m_main) && addr) {
        watch_progress(&s->watch, s->insns);
    }
    if (addr == a->m_begin && a->m_begin) {
        a->region_ret = csim_emu_reg(s->emu, CSIM_LR) & ~1u;
        a->region_case = csim_emu_reg(s->emu, CSIM_R0);
        abi_begin_marker(s, addr);
    } else if (addr == a->region_ret && a->region_ret && !a->in_region) {
        abi_region_start(s);
        a->region_ret = 0;
        return ABI_REGION_BEGAN;
    } else if (addr == a->m_end && a->m_end) {
        return abi_region_end(s) ? ABI_REGION_ENDED : ABI_REGION_SAME;
    } else if (addr == a->m_done && a->m_done) {
        abi_case_done(s, csim_emu_reg(s->emu, CSIM_R0), csim_emu_reg(s->emu, CSIM_R1), csim_emu_reg(s->emu, CSIM_R2));
    } else if (addr == a->m_secret && a->m_secret) {
        abi_secret(s);
    } else if (addr == a->m_main && a->m_main) {
        abi_write_inputs(s);
    }
    return ABI_REGION_SAME;
}
