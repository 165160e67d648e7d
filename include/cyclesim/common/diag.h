/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * diag.h - error codes and diagnostics shared by every module.
 *
 * Library code never prints and never exits: it returns a csim_err and fills
 * a csim_diag with the message (file, key, address...).  Only the CLI prints,
 * and it maps errors to the documented exit codes (docs/exit-codes.md).
 */
#ifndef CYCLESIM_DIAG_H
#define CYCLESIM_DIAG_H

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

typedef enum csim_err {
    CSIM_OK = 0,
    CSIM_ERR_USAGE,       /* bad command line */
    CSIM_ERR_IO,          /* a file could not be read or written */
    CSIM_ERR_ELF,         /* not an ELF / not 32-bit ARM / outside the memory map / wrong arch */
    CSIM_ERR_MODEL,       /* malformed model file, unknown key, wrong type, out of range */
    CSIM_ERR_UNKNOWN_MCU, /* no model of that name */
    CSIM_ERR_FAULT,       /* the firmware faulted (unmapped access, undefined insn, HardFault, stack) */
    CSIM_ERR_LIMIT,       /* the instruction limit was reached (runaway firmware) */
    CSIM_ERR_CASE,        /* a benchmark case failed its own check */
    CSIM_ERR_NOMEM,       /* out of memory: an internal error, not the firmware's fault */
    CSIM_ERR_INTERNAL,    /* emulator or library error that is not the firmware's fault */
    CSIM_ERR_INPUT,       /* an input file that does not parse: overlay, budgets, published page, measured */
} csim_err;

typedef struct csim_diag {
    char msg[512];      /* the error, complete ("models/x.json: flash.wait_states: ...") */
    char warning[1024]; /* accumulated warnings, newline-separated */
} csim_diag;

/** csim_fail - format diag->msg (if diag) and return err.  The message is
 *  escaped for a terminal (csim_text_escape: controls and invalid UTF-8 of
 *  a name from a file as \xNN), as csim_warn's lines are. */
csim_err csim_fail(csim_diag *diag, csim_err err, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/** csim_vfail - csim_fail with a va_list. */
csim_err csim_vfail(csim_diag *diag, csim_err err, const char *fmt, va_list ap)
    __attribute__((format(printf, 3, 0)));

/** csim_warn - append one warning line to diag->warning. */
void csim_warn(csim_diag *diag, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

const char *csim_strerror(csim_err err);

#endif
