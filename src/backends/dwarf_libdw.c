/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * dwarf_libdw.c - dwarf.h on elfutils' libdw: the compilation unit of an
 * address (its .debug_aranges or ranges), the line-table row that covers it
 * (dwarf_getsrc_die), its file joined with the unit's directory, and the scopes that contain it (dwarf_getscopes) for the
 * innermost inlined subroutine.
 */
#include <dwarf.h>
#include <elfutils/libdw.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cyclesim/backends/dwarf.h"

/* A relative file name joined with its unit's directory, kept for the table's life. */
typedef struct joined {
    struct joined *next;
    const char *dir, *file; /* libdw's strings it was made of */
    char path[];
} joined;

struct csim_lines {
    int fd;
    Dwarf *dw; /* NULL: no DWARF */
    joined *paths;
};

csim_err csim_lines_open(const char *path, csim_lines **out, csim_diag *diag)
{
    *out = NULL;
    csim_lines *l = calloc(1, sizeof(*l));
    if (!l) {
        return csim_fail(diag, CSIM_ERR_NOMEM, "%s: out of memory reading its line table", path);
    }
    l->fd = open(path, O_RDONLY);
    if (l->fd < 0) {
        const int e = errno;
        free(l);
        return csim_fail(diag, CSIM_ERR_IO, "%s: %s", path, strerror(e));
    }
    l->dw = dwarf_begin(l->fd, DWARF_C_READ);
    *out = l;
    return CSIM_OK;
}

void csim_lines_free(csim_lines *l)
{
    if (l) {
        dwarf_end(l->dw);
        close(l->fd);
        for (joined *j = l->paths, *next; j; j = next) {
            next = j->next;
            free(j);
        }
        free(l);
    }
}

int csim_lines_has(const csim_lines *l) { return l->dw != NULL; }

static const char *innermost_inline(Dwarf_Die *cu, uint32_t addr)
{
    Dwarf_Die *scopes = NULL;
    const int n = dwarf_getscopes(cu, addr, &scopes);
    const char *name = NULL;
    for (int i = 0; i < n && !name; i++) {
        if (dwarf_tag(&scopes[i]) == DW_TAG_inlined_subroutine) {
            name = dwarf_diename(&scopes[i]);
        }
    }
    free(scopes);
    return name;
}

/* file as a path from the root, as binutils' addr2line prints it: relative
 * names (newlib's, for one) are relative to the unit's DW_AT_comp_dir. */
static const char *full_path(csim_lines *l, Dwarf_Die *cu, const char *file)
{
    Dwarf_Attribute attr;
    const char *dir = file[0] == '/' ? NULL : dwarf_formstring(dwarf_attr(cu, DW_AT_comp_dir, &attr));
    if (!dir) {
        return file;
    }
    for (const joined *j = l->paths; j; j = j->next) {
        if (j->dir == dir && j->file == file) {
            return j->path;
        }
    }
    const size_t n = strlen(dir) + strlen(file) + 2;
    joined *j = malloc(sizeof(*j) + n);
    if (!j) {
        return file;
    }
    *j = (joined){l->paths, dir, file};
    snprintf(j->path, n, "%s/%s", dir, file);
    l->paths = j;
    return j->path;
}

int csim_lines_at(csim_lines *l, uint32_t addr, csim_src_pos *pos)
{
    Dwarf_Die cu;
    if (!l->dw || !dwarf_addrdie(l->dw, addr, &cu)) {
        return 0;
    }
    Dwarf_Line *row = dwarf_getsrc_die(&cu, addr);
    int line = 0;
    const char *file = row ? dwarf_linesrc(row, NULL, NULL) : NULL;
    if (!file || dwarf_lineno(row, &line) != 0 || line <= 0) {
        return 0;
    }
    *pos = (csim_src_pos){full_path(l, &cu, file), (uint32_t)line, innermost_inline(&cu, addr)};
    return 1;
}
