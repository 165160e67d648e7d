/* SPDX-License-Identifier: GPL-2.0-or-later */
/* libFuzzer: model files along their `extends` chain.  The input holds up to
 * three files separated by a line "@@": fz0.json (the model loaded), fz1.json
 * and fz2.json, in a directory that also holds the repository's models, so
 * an input may extend its own files or the real ones (and loop). */
#include "cyclesim/model/model.h"
#include "fuzz_common.h"

#ifndef FUZZ_MODELS_DIR
#error FUZZ_MODELS_DIR: the repository's models/
#endif

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    char cmd[1024];
    snprintf(cmd, sizeof(cmd), "cp '%s'/*.json '%s'/", FUZZ_MODELS_DIR, fuzz_dir());
    if (system(cmd) != 0) {
        abort();
    }
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const uint8_t *p = data, *end = data + size;
    for (int i = 0; i < 3; i++) {
        const uint8_t *q = p;
        while (q < end && !(q + 4 <= end && memcmp(q, "\n@@\n", 4) == 0)) {
            q++;
        }
        char name[16];
        snprintf(name, sizeof(name), "fz%d.json", i);
        fuzz_file(name, p, (size_t)(q - p));
        p = q < end ? q + 4 : end;
    }
    csim_model *m = malloc(sizeof(*m));
    csim_diag d = {0};
    if (m) {
        csim_model_load(m, fuzz_dir(), "fz0", &d);
    }
    free(m);
    return 0;
}
