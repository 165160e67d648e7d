/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fsync_sigterm.c - LD_PRELOAD shim for budget_write.sh: the first fsync
 * raises SIGTERM, as a user or CI runner stopping `cyclesim check --update`
 * while it writes the budget file would.
 */
#include <signal.h>

int fsync(int fd);

int fsync(int fd)
{
    (void)fd;
    raise(SIGTERM);
    return 0;
}
