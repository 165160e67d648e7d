/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * trace_report.c - a timeline as Chrome trace JSON (trace_report.h): the
 * "traceEvents" array of the Trace Event Format with one complete event
 * (ph "X") per instruction on the core's track and, where the flash
 * interface did something meanwhile, one on its track; ts and dur in
 * microseconds at the clock the case ran at, "displayTimeUnit" ns.
 */
#include <string.h>

#include "cyclesim/common/outfile.h"
#include "cyclesim/output/in_force.h"
#include "output/escape.h"
#include "output/trace_report.h"

enum { TRACK_CORE = 1, TRACK_FLASH = 2 };

static void thread_name(FILE *f, int tid, const char *name)
{
    fprintf(f, ",\n  {\"name\": \"thread_name\", \"ph\": \"M\", \"pid\": 1, \"tid\": %d, \"args\": {\"name\": ", tid);
    csim_json_str(f, name);
    fputs("}}", f);
}

/* " \"ts\": T, \"dur\": D" of cycles [start, start + n) at `mhz`: both ends
 * from the same formula, so that consecutive events meet exactly. */
static void span(FILE *f, uint64_t start, uint64_t n, double mhz)
{
    const double a = (double)start / mhz, b = (double)(start + n) / mhz;
    fprintf(f, "\"ts\": %.6f, \"dur\": %.6f", a, b - a);
}

/* The names of the flash interface's events in ms ("fetches+misses+flash_reads"), "" for none. */
static const char *flash_events(const csim_ms_stats *ms, char *buf, size_t len)
{
    size_t n = 0;
    buf[0] = 0;
#define NAME(field, reported) \
    if (reported && ms->field && n < len) n += (size_t)snprintf(buf + n, len - n, "%s%s", n ? "+" : "", #field);
    CSIM_MS_STATS_FIELDS(NAME)
#undef NAME
    return buf;
}

csim_err trace_write(const char *path, const csim_model *m, const csim_case_result *c, csim_lines *lines,
                     csim_diag *diag)
{
    csim_out out;
    csim_err err = csim_out_open(&out, path, diag);
    if (err) {
        return err;
    }
    FILE *f = out.f;
    const csim_profile *p = c->profile;
    const csim_in_force in = csim_in_force_of(m, c);
    const double mhz = in.clock_hz / 1e6;
    char prov[4096];
    fputs("{\"displayTimeUnit\": \"ns\",\n \"otherData\": {\"mcu\": ", f);
    csim_json_str(f, m->name);
    fputs(", \"case\": ", f);
    csim_json_str(f, c->name);
    fprintf(f, ", \"clock_hz\": %u, \"instructions\": %zu, \"capped\": %s, \"cap\": %d, \"provenance\": ",
            in.clock_hz, p->n_trace, p->trace_capped ? "true" : "false", CSIM_TRACE_CAP);
    csim_json_str(f, csim_prov_text(prov, sizeof(prov), m));
    fputs("},\n \"traceEvents\": [\n  {\"name\": \"process_name\", \"ph\": \"M\", \"pid\": 1, \"args\": {\"name\": ", f);
    char title[256];
    snprintf(title, sizeof(title), "%s: %s", m->name, c->name);
    csim_json_str(f, title);
    fputs("}}", f);
    thread_name(f, TRACK_CORE, "core: instructions");
    thread_name(f, TRACK_FLASH, "flash interface");
    for (size_t i = 0; i < p->n_trace; i++) {
        const csim_trace_insn *t = &p->trace[i];
        const csim_fn_cost *fn = &p->fns[t->fn];
        char name[160];
        snprintf(name, sizeof(name), "%s+0x%x", fn->name, t->addr - fn->addr);
        fputs(",\n  {\"name\": ", f);
        csim_json_str(f, name);
        fprintf(f, ", \"cat\": \"insn\", \"ph\": \"X\", \"pid\": 1, \"tid\": %d, ", TRACK_CORE);
        span(f, t->start, t->bd.cycles, mhz);
        fprintf(f, ", \"args\": {\"addr\": \"0x%08x\", \"issue_cycle\": %llu, \"source\": ", t->addr,
                (unsigned long long)t->start);
        csim_src_pos pos;
        if (lines && csim_lines_at(lines, t->addr, &pos)) {
            const char *base = strrchr(pos.file, '/');
            snprintf(title, sizeof(title), "%s:%u", base ? base + 1 : pos.file, pos.line);
            csim_json_str(f, title);
        } else {
            fputs("null", f);
        }
#define ARG(field, label, event, bucket) \
    if (CSIM_BD_##field == CSIM_BD_cycles || bucket) fprintf(f, ", \"%s\": %llu", #field, (unsigned long long)t->bd.field);
        CSIM_BREAKDOWN_FIELDS(ARG)
#undef ARG
        fputs("}}", f);
        if (flash_events(&t->ms, name, sizeof(name))[0]) {
            fputs(",\n  {\"name\": ", f);
            csim_json_str(f, name);
            fprintf(f, ", \"cat\": \"flash\", \"ph\": \"X\", \"pid\": 1, \"tid\": %d, ", TRACK_FLASH);
            span(f, t->start, t->bd.cycles, mhz);
            fputs(", \"args\": {", f);
            const char *sep = "";
#define MS(field, reported) \
    if (reported) fprintf(f, "%s\"%s\": %llu", sep, #field, (unsigned long long)t->ms.field), sep = ", ";
            CSIM_MS_STATS_FIELDS(MS)
#undef MS
            fputs("}}", f);
        }
    }
    fputs("\n ]}\n", f);
    return csim_out_close(&out, diag);
}
