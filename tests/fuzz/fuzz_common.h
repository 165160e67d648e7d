/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fuzz_common.h - shared by the libFuzzer harnesses (tests/fuzz/README.md):
 * the project's loaders take file paths, so each input is written to a file
 * in a private temporary directory first.
 */
#ifndef CYCLESIM_FUZZ_COMMON_H
#define CYCLESIM_FUZZ_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The harness's own directory (made once per process). */
static const char *fuzz_dir(void)
{
    static char dir[64];
    if (!dir[0]) {
        snprintf(dir, sizeof(dir), "%s/csim-fuzz-XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
        if (!mkdtemp(dir)) {
            perror("mkdtemp");
            abort();
        }
    }
    return dir;
}

/* Writes data to dir/name; returns the path (static buffer per slot). */
static const char *fuzz_file(const char *name, const uint8_t *data, size_t size)
{
    static char path[4][256];
    static unsigned slot;
    char *p = path[slot++ % 4];
    snprintf(p, 256, "%s/%s", fuzz_dir(), name);
    FILE *f = fopen(p, "wb");
    if (!f || fwrite(data, 1, size, f) != size || fclose(f) != 0) {
        perror(p);
        abort();
    }
    return p;
}

#endif
