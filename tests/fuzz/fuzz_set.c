/* SPDX-License-Identifier: GPL-2.0-or-later */
/* libFuzzer: `--set KEY=VALUE` lines applied to a real model (one line per
 * assignment), then an overlay file (`--set @FILE`): the input's text after
 * a line "@@", applied to the result. */
#include "cyclesim/model/model.h"
#include "cyclesim/model/overlay.h"
#include "fuzz_common.h"

#ifndef FUZZ_MODELS_DIR
#error FUZZ_MODELS_DIR: the repository's models/
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static csim_model base[2];
    static int loaded;
    csim_diag d = {0};
    if (!loaded) {
        if (csim_model_load(&base[0], FUZZ_MODELS_DIR, "stm32l073rz", &d) ||
            csim_model_load(&base[1], FUZZ_MODELS_DIR, "stm32u385rg", &d)) {
            fprintf(stderr, "%s\n", d.msg);
            abort();
        }
        loaded = 1;
    }
    csim_model *m = malloc(sizeof(*m));
    char *text = malloc(size + 1);
    if (!m || !text) {
        free(m);
        free(text);
        return 0;
    }
    memcpy(text, data, size);
    text[size] = 0;
    *m = base[size & 1];
    char *overlay = strstr(text, "\n@@\n");
    if (overlay) {
        *overlay = 0;
        overlay += 4;
    }
    csim_err err = CSIM_OK;
    for (char *line = text, *next; line && !err; line = next) {
        next = strchr(line, '\n');
        if (next) {
            *next++ = 0;
        }
        err = csim_model_set(m, line, &d);
    }
    if (overlay) {
        csim_overlay_apply(m, fuzz_file("overlay.json", (const uint8_t *)overlay, strlen(overlay)), &d);
    }
    free(text);
    free(m);
    return 0;
}
