/* SPDX-License-Identifier: GPL-2.0-or-later */
/* compare_inputs.c - the page of --published auto and each image's code (compare_inputs.h). */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/compare_inputs.h"
#include "cyclesim/analysis/rt_helpers.h"

static int cmp_name(const void *a, const void *b)
{
    return strcmp(a, b);
}

bool cmp_page_is_models(const csim_pub_table *page, const csim_model *m)
{
    if (page->board_output || page->library[0]) {
        return false;
    }
    char mcu[sizeof(page->mcu)];
    size_t k = 0;
    for (; page->mcu[k]; k++) {
        mcu[k] = (char)tolower((unsigned char)page->mcu[k]);
    }
    mcu[k] = '\0';
    return strncmp(mcu, m->name, strlen(m->name)) == 0;
}

csim_err cmp_page_auto(const char *dir, const csim_model *m, csim_pub_table *page, csim_diag *d)
{
    DIR *dp = opendir(dir);
    if (!dp) {
        return csim_fail(d, CSIM_ERR_IO, "%s: cannot open the published pages' directory: %s", dir, strerror(errno));
    }
    char names[64][256];
    unsigned n = 0;
    for (struct dirent *e; (e = readdir(dp)) && n < 64;) {
        size_t len = strlen(e->d_name);
        if (len > 5 && len < sizeof(names[0]) && strcmp(e->d_name + len - 5, ".json") == 0) {
            snprintf(names[n++], sizeof(names[0]), "%s", e->d_name);
        }
    }
    closedir(dp);
    qsort(names, n, sizeof(names[0]), cmp_name);
    char seen[512] = "";
    for (unsigned i = 0; i < n; i++) {
        char path[1024];
        snprintf(path, sizeof(path), "%.700s/%.255s", dir, names[i]);
        csim_err e = csim_pub_load(path, page, d);
        if (e) {
            return e;
        }
        if (cmp_page_is_models(page, m)) {
            return CSIM_OK;
        }
        size_t used = strlen(seen);
        snprintf(seen + used, sizeof(seen) - used, "%s%s", used ? ", " : "", page->mcu);
        csim_pub_free(page);
    }
    return csim_fail(d, CSIM_ERR_INPUT, "--published auto: no page in %s for %s (pages for: %s); name a file "
                     "with --published", dir, m->name, seen[0] ? seen : "none");
}

void cmp_image_of(csim_cmp_image *img, const csim_elf *elf, size_t first_case)
{
    img->elf = elf;
    img->first_case = first_case;
    const csim_symbol *s = csim_elf_find(elf, "bench_backend");
    img->backend[0] = '\0';
    if (s && s->size > 0 && s->size <= sizeof(img->backend) &&
        csim_elf_read(elf, s->addr, img->backend, s->size) == 0) {
        img->backend[s->size - 1] = '\0';
    }
    csim_rt_set(elf, img->rt, sizeof(img->rt));
}
