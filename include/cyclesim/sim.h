/*
 * sim.h - run a firmware ELF on an MCU model and time its benchmark cases
 * (or one function, --call).  Ties the emulator, decoder, core and memory
 * models and peripherals together.
 */
#ifndef CYCLESIM_SIM_H
#define CYCLESIM_SIM_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "cyclesim/elf.h"
#include "cyclesim/model.h"
#include "cyclesim/timing.h"

typedef struct csim_run_opts {
    uint64_t max_insns;      /* instruction limit (runaway firmware) */
    bool warm;               /* keep cache/buffer state across cases (default cold) */
    bool no_reuse;           /* price every block in full (checks that block reuse changes nothing) */
    FILE *console;           /* firmware text output, NULL to discard */
    const char *call;        /* time this function instead of the bench cases */
    uint32_t call_args[4];
    unsigned n_call_args;
} csim_run_opts;

typedef struct csim_case_result {
    char name[96];
    char row[96];
    uint64_t cycles;         /* region minus the empty region */
    csim_breakdown bd;       /* region minus the empty region */
    csim_ms_stats ms;        /* flash-interface statistics of the region */
    uint32_t fw_cycles;      /* what the firmware measured itself (DWT/SysTick) */
    uint32_t status;         /* enum bench_status */
    uint32_t workbuf;
} csim_case_result;

typedef struct csim_run_result {
    csim_case_result *cases;
    size_t n_cases;
    uint64_t total_cycles, total_insns;
    bool exited;             /* semihosting exit or --call return */
    uint32_t exit_status;
    uint32_t call_result;    /* r0 after --call */
    double host_seconds;
} csim_run_result;

/** csim_run - returns CSIM_OK, or CSIM_ERR_ELF (image does not fit the model),
 *  CSIM_ERR_FAULT / CSIM_ERR_LIMIT (diag: cause, PC, symbol+offset). */
csim_err csim_run(const csim_elf *elf, const csim_model *model, const csim_run_opts *opts,
                  csim_run_result *res, csim_diag *diag);
void csim_run_result_free(csim_run_result *res);

#endif
