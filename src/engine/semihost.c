/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * semihost.c - the semihosting calls the firmware makes (BKPT 0xAB): console and exit.
 */
#include "engine/sim_internal.h"

void sim_semihost(sim *s)
{
    uint32_t op = csim_emu_reg(s->emu, CSIM_R0), arg = csim_emu_reg(s->emu, CSIM_R1);
    switch (op) {
    case 0x03: { /* SYS_WRITEC */
        char ch = 0;
        csim_emu_read(s->emu, arg, &ch, 1);
        if (s->opts->console) {
            fputc(ch, s->opts->console);
        }
        break;
    }
    case 0x04: { /* SYS_WRITE0 */
        char buf[256];
        for (uint32_t a = arg;; a += sizeof(buf) - 1) {
            sim_read_cstr(s, a, buf, sizeof(buf));
            if (s->opts->console) {
                fputs(buf, s->opts->console);
            }
            if (strlen(buf) < sizeof(buf) - 1) {
                break;
            }
        }
        break;
    }
    case 0x18: /* SYS_EXIT: r1 = reason */
        s->res->exited = true;
        s->res->exit_status = arg == 0x20026 ? 0 : 1;
        s->act = ACT_DONE;
        return;
    case 0x20: { /* SYS_EXIT_EXTENDED: r1 -> {reason, status} */
        uint32_t blk[2] = {0, 1};
        csim_emu_read(s->emu, arg, blk, sizeof(blk));
        s->res->exited = true;
        s->res->exit_status = blk[0] == 0x20026 ? blk[1] : 1;
        s->act = ACT_DONE;
        return;
    }
    default:
        csim_emu_set_reg(s->emu, CSIM_R0, (uint32_t)-1);
        break;
    }
    s->act = ACT_NONE;
    s->act_pc += 2;
}
