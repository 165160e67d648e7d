/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_exit_codes.c - every error of the enum maps to its documented exit
 * code (docs/exit-codes.md): no error is left to a default. */
#include <stdio.h>

#include "cli/cli.h"

int main(void)
{
    static const struct {
        csim_err err;
        int code;
    } want[] = {
        {CSIM_OK, 0},          {CSIM_ERR_CASE, 1},      {CSIM_ERR_USAGE, 2}, {CSIM_ERR_ELF, 3},
        {CSIM_ERR_MODEL, 4},   {CSIM_ERR_UNKNOWN_MCU, 4}, {CSIM_ERR_FAULT, 5}, {CSIM_ERR_LIMIT, 6},
        {CSIM_ERR_IO, 7},      {CSIM_ERR_INPUT, 9},     {CSIM_ERR_NOMEM, 10}, {CSIM_ERR_INTERNAL, 10},
    };
    int bad = 0;
    for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
        int got = cli_exit_code(want[i].err);
        if (got != want[i].code) {
            printf("FAIL %s: exit %d, expected %d\n", csim_strerror(want[i].err), got, want[i].code);
            bad = 1;
        }
    }
    return bad;
}
