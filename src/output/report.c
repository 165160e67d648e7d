/* SPDX-License-Identifier: GPL-2.0-or-later */
/* report.c - table, JSON and CSV output of run results. */
#include <stdlib.h>
#include <string.h>

#include "cyclesim/report.h"
#include "cyclesim/rt_helpers.h"

#define SCHEMA_VERSION 1

struct csim_report {
    FILE *out;
    csim_format fmt;
    const csim_elf *elf;
    unsigned records;
    char rt[32];    /* its run-time helper set (bench_rt) */
};

bool csim_report_format(const char *name, csim_format *out)
{
    if (strcmp(name, "table") == 0) {
        *out = CSIM_FMT_TABLE;
    } else if (strcmp(name, "json") == 0) {
        *out = CSIM_FMT_JSON;
    } else if (strcmp(name, "csv") == 0) {
        *out = CSIM_FMT_CSV;
    } else {
        return false;
    }
    return true;
}

csim_report *csim_report_new(FILE *out, csim_format fmt, const csim_elf *elf)
{
    csim_report *r = calloc(1, sizeof(*r));
    if (!r) {
        return NULL;
    }
    *r = (csim_report){out, fmt, elf, 0, ""};
    csim_rt_set(elf, r->rt, sizeof(r->rt));
    if (fmt == CSIM_FMT_JSON) {
        fprintf(out, "{\"schema_version\": %d, \"elf\": {\"path\": \"%s\", \"sha256\": \"%s\", \"arch\": \"%s\", "
                     "\"rt\": \"%s\"},\n \"records\": [",
                SCHEMA_VERSION, elf->path, elf->sha256_hex, elf->arch_name, r->rt);
    } else if (fmt == CSIM_FMT_CSV) {
        fprintf(out, "mcu,clock_hz,latency,icache,prefetch,state,case,row,cycles,time_us,instructions,core,"
                     "branch,fetch_stall,data_wait,bus_conflict,load_use,exception,cache_hits,cache_misses,"
                     "fw_cycles,status,model_version,elf_sha256,workbuf,stack,code,const,data,attempts,"
                     "cycles_per_attempt\n");
    }
    return r;
}

static void json_str(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"' || *s == '\\') {
            fputc('\\', f);
            fputc(*s, f);
        } else if ((unsigned char)*s < 0x20) {
            fprintf(f, "\\u%04x", *s);
        } else {
            fputc(*s, f);
        }
    }
    fputc('"', f);
}

static void add_cases(csim_report *r, const csim_model *m, const csim_run_result *res, bool warm)
{
    FILE *f = r->out;
    const csim_ms_cfg *fl = &m->flash;
    double mhz = m->clock_hz / 1e6;
    if (r->fmt == CSIM_FMT_TABLE) {
        fprintf(f, "\n%s (%s): %.3g MHz, %u WS, cache %s, prefetch %s, state %s, model v%u, run-time helpers %s\n",
                m->name, m->chain, mhz, fl->wait_states, fl->cache_enabled ? "on" : "off",
                fl->prefetch ? "on" : "off", warm ? "warm" : "cold", m->version, r->rt);
        fprintf(f, "%-44s %12s %11s %11s %10s %8s %9s %9s %9s %8s %8s %8s %7s\n", "case", "cycles", "time_us",
                "insns", "core", "branch", "fetch", "data_ws", "bus", "ld_use", "hits", "misses", "stack");
    }
    for (size_t i = 0; i < res->n_cases; i++) {
        const csim_case_result *c = &res->cases[i];
        const csim_breakdown *b = &c->bd;
        double us = (double)c->cycles / mhz;
        switch (r->fmt) {
        case CSIM_FMT_TABLE:
            fprintf(f, "%-44s %12llu %11.2f %11llu %10llu %8llu %9llu %9llu %9llu %8llu %8llu %8llu %7u%s\n", c->name,
                    (unsigned long long)c->cycles, us, (unsigned long long)b->instructions,
                    (unsigned long long)b->core, (unsigned long long)b->branch,
                    (unsigned long long)b->fetch_stall, (unsigned long long)b->data_wait,
                    (unsigned long long)b->bus_conflict, (unsigned long long)b->load_use,
                    (unsigned long long)c->ms.hits, (unsigned long long)c->ms.misses, c->stack_bytes,
                    c->status ? "  FAILED" : "");
            if (c->attempts) {
                fprintf(f, "%-44s %12llu per attempt (%u signing attempts)\n", "",
                        (unsigned long long)(c->cycles / c->attempts), c->attempts);
            }
            break;
        case CSIM_FMT_CSV:
            fprintf(f, "%s,%u,%u,%d,%d,%s,%s,%s,%llu,%.3f,%llu,%llu,%llu,%llu,%llu,%llu,%llu,%llu,%llu,%llu,%u,%u,%u,%s,"
                       "%u,%u,%u,%u,%u,",
                    m->name, m->clock_hz, fl->wait_states, fl->cache_enabled, fl->prefetch, warm ? "warm" : "cold",
                    c->name, c->row, (unsigned long long)c->cycles, us, (unsigned long long)b->instructions,
                    (unsigned long long)b->core, (unsigned long long)b->branch, (unsigned long long)b->fetch_stall,
                    (unsigned long long)b->data_wait, (unsigned long long)b->bus_conflict,
                    (unsigned long long)b->load_use, (unsigned long long)b->exception,
                    (unsigned long long)c->ms.hits, (unsigned long long)c->ms.misses, c->fw_cycles, c->status,
                    m->version, r->elf->sha256_hex, c->workbuf, c->stack_bytes, c->code_bytes, c->const_bytes,
                    c->data_bytes);
            if (c->attempts) { /* empty for a case that reports no attempts */
                fprintf(f, "%u,%llu", c->attempts, (unsigned long long)(c->cycles / c->attempts));
            } else {
                fputc(',', f);
            }
            fprintf(f, ",%s\n", r->rt);
            break;
        case CSIM_FMT_JSON:
            fprintf(f, "%s\n  {\"mcu\": \"%s\", \"model_chain\": \"%s\", \"model_version\": %u, \"clock_hz\": %u, "
                       "\"flash_latency\": %u, \"icache\": %s, \"prefetch\": %s, \"state\": \"%s\", "
                       "\"elf_sha256\": \"%s\", \"case\": ",
                    r->records++ ? "," : "", m->name, m->chain, m->version, m->clock_hz, fl->wait_states,
                    fl->cache_enabled ? "true" : "false", fl->prefetch ? "true" : "false", warm ? "warm" : "cold",
                    r->elf->sha256_hex);
            json_str(f, c->name);
            fputs(", \"row\": ", f);
            json_str(f, c->row);
            fprintf(f, ", \"attempts\": %u, \"cycles_per_attempt\": ", c->attempts);
            if (c->attempts) {
                fprintf(f, "%llu", (unsigned long long)(c->cycles / c->attempts));
            } else {
                fputs("null", f);
            }
            fprintf(f, ", \"cycles\": %llu, \"time_us\": %.3f, \"instructions\": %llu, \"status\": %u, "
                       "\"fw_cycles\": %u, \"workbuf\": %u, \"stack\": %u, \"code\": %u, \"const\": %u, "
                       "\"data\": %u, \"breakdown\": {\"core\": %llu, \"branch\": %llu, "
                       "\"fetch_stall\": %llu, \"data_wait\": %llu, \"bus_conflict\": %llu, \"load_use\": %llu, "
                       "\"exception\": %llu}, \"flash\": {\"fetches\": %llu, \"data_reads\": %llu, \"hits\": %llu, "
                       "\"misses\": %llu, \"prefetch_hits\": %llu, \"flash_reads\": %llu}}",
                    (unsigned long long)c->cycles, us, (unsigned long long)b->instructions, c->status,
                    c->fw_cycles, c->workbuf, c->stack_bytes, c->code_bytes, c->const_bytes, c->data_bytes,
                    (unsigned long long)b->core, (unsigned long long)b->branch,
                    (unsigned long long)b->fetch_stall, (unsigned long long)b->data_wait,
                    (unsigned long long)b->bus_conflict, (unsigned long long)b->load_use,
                    (unsigned long long)b->exception, (unsigned long long)c->ms.fetches,
                    (unsigned long long)c->ms.data_reads, (unsigned long long)c->ms.hits,
                    (unsigned long long)c->ms.misses, (unsigned long long)c->ms.prefetch_hits,
                    (unsigned long long)c->ms.flash_reads);
            break;
        }
    }
}

void csim_report_add(csim_report *r, const csim_model *m, const csim_run_result *res, bool warm)
{
    if (!r) {
        return;
    }
    add_cases(r, m, res, warm);
    if (r->fmt == CSIM_FMT_TABLE) {
        fprintf(r->out, "%-44s %12llu %11s %11llu   (whole run, %.3f s host, %.1f MIPS)\n", "total",
                (unsigned long long)res->total_cycles, "", (unsigned long long)res->total_insns,
                res->host_seconds, res->host_seconds > 0 ? res->total_insns / res->host_seconds / 1e6 : 0.0);
    }
}

void csim_report_partial(csim_report *r, const csim_model *m, const csim_run_result *res)
{
    if (r && res->n_cases) {
        add_cases(r, m, res, false);
    }
}

void csim_report_finish(csim_report *r)
{
    if (!r) {
        return;
    }
    if (r->fmt == CSIM_FMT_JSON) {
        fputs("\n ]}\n", r->out);
    }
    free(r);
}
