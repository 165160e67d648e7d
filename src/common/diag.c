/* SPDX-License-Identifier: GPL-2.0-or-later */
/* diag.c - error text and diagnostics formatting. */
#include <string.h>

#include "cyclesim/common/diag.h"
#include "cyclesim/common/text.h"

csim_err csim_vfail(csim_diag *diag, csim_err err, const char *fmt, va_list ap)
{
    if (diag) {
        /* Names and values in a message come from files: escaped once here. */
        char raw[sizeof(diag->msg)];
        vsnprintf(raw, sizeof(raw), fmt, ap);
        csim_text_escape(diag->msg, sizeof(diag->msg), raw);
    }
    return err;
}

csim_err csim_fail(csim_diag *diag, csim_err err, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    csim_vfail(diag, err, fmt, ap);
    va_end(ap);
    return err;
}

void csim_warn(csim_diag *diag, const char *fmt, ...)
{
    if (!diag) {
        return;
    }
    size_t used = strlen(diag->warning);
    if (used + 2 >= sizeof(diag->warning)) {
        return;
    }
    char raw[sizeof(diag->warning)];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(raw, sizeof(raw), fmt, ap);
    va_end(ap);
    csim_text_escape(diag->warning + used, sizeof(diag->warning) - used - 1, raw);
    strcat(diag->warning, "\n");
}

const char *csim_strerror(csim_err err)
{
    switch (err) {
    case CSIM_OK: return "ok";
    case CSIM_ERR_USAGE: return "usage error";
    case CSIM_ERR_INPUT: return "bad input file";
    case CSIM_ERR_IO: return "I/O error";
    case CSIM_ERR_ELF: return "bad ELF";
    case CSIM_ERR_MODEL: return "bad model";
    case CSIM_ERR_UNKNOWN_MCU: return "unknown MCU";
    case CSIM_ERR_FAULT: return "firmware fault";
    case CSIM_ERR_LIMIT: return "instruction limit reached";
    case CSIM_ERR_CASE: return "benchmark case failed";
    case CSIM_ERR_NOMEM: return "out of memory";
    case CSIM_ERR_INTERNAL: return "internal error";
    }
    return "?";
}
