/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * published.h - measured results: a published performance page
 * (data/published/<mcu>.json) or a board's calibration output (the "@case" lines
 * of firmware/bench/runner.c), as rows keyed like the firmware cases
 * (docs/row-keys.md).  Used by `compare` and `calibrate`.
 */
#ifndef CYCLESIM_PUBLISHED_H
#define CYCLESIM_PUBLISHED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cyclesim/common/diag.h"
#include "cyclesim/model/model.h"

typedef enum csim_row_kind { CSIM_ROW_CYCLES, CSIM_ROW_FOOTPRINT } csim_row_kind;

/* What a CSIM_ROW_CYCLES row publishes: cycles (ST's pages, board output), a
 * throughput or a time (Oryx Embedded's pages); compare turns the last two
 * into cycles at the model's clock. */
typedef enum csim_pub_measure { CSIM_PUB_CYCLES, CSIM_PUB_RATE, CSIM_PUB_TIME } csim_pub_measure;

/* A figure that a row does not give is NAN. */
typedef struct csim_pub_row {
    char key[96];            /* row key; footprint rows may hold '*' segments */
    csim_row_kind kind;
    csim_pub_measure measure;
    char section[16];        /* "2.1.1" (published), "" (board output) */
    char section_title[96];
    double cycles, time_us;
    double rate_MBps;        /* rate rows: as published, in the page's MB (csim_pub_table.mb_bytes) */
    double code, const_data, global_data, stack, workbuf;
    bool flagged;            /* the page's known slip: kept as published, flagged */
    char text[256];          /* the row as published, or the board's line */
} csim_pub_row;

typedef struct csim_pub_table {
    char source[256];        /* file it came from */
    char title[128];
    char mcu[32];            /* part number as published ("STM32L552ZET6Q") */
    char board[32];
    char library[32];        /* "CycloneCRYPTO"; "" for ST's CMOX pages (the default) */
    char library_version[16];/* "040000B1"; "" when unknown */
    int library_major;       /* 4, 5; 0 unknown */
    uint32_t clock_hz;
    int latency;             /* flash wait states; -1 unknown */
    int icache;              /* 1 on, 0 off, -1 unknown */
    double mb_bytes;         /* bytes in the page's MB: 1e6 or 2^20 (setup.mb_bytes); 0: no rates */
    bool board_output;       /* read from a board's "@case" lines */
    csim_pub_row *rows;
    size_t n_rows;
} csim_pub_table;

/** csim_pub_load - a published JSON page or a board output, told apart by content.
 *  CSIM_ERR_IO (cannot read) or CSIM_ERR_INPUT (malformed, message in diag). */
csim_err csim_pub_load(const char *path, csim_pub_table *t, csim_diag *diag);
/** csim_pub_load_board - the "@cyclesim-bench"/"@case" lines of a board's output. */
csim_err csim_pub_load_board(const char *path, csim_pub_table *t, csim_diag *diag);
void csim_pub_free(csim_pub_table *t);
/** csim_pub_board_mcu_check - a board output (header mcu=) set against model
 *  m: the board's MCU must be m or a base of its extends chain; CSIM_ERR_INPUT
 *  naming both otherwise.  CSIM_OK for a published page. */
csim_err csim_pub_board_mcu_check(const csim_pub_table *t, const csim_model *m, csim_diag *diag);

/** csim_pub_find - the row of `kind` for a case's row key: an exact key, or for
 *  footprint rows a key whose '*' segments match one whole segment each. */
const csim_pub_row *csim_pub_find(const csim_pub_table *t, const char *key, csim_row_kind kind);

#endif
