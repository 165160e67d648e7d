/* SPDX-License-Identifier: GPL-2.0-or-later */
/* libFuzzer: published result pages (JSON) and board output ("@case"
 * lines), told apart by content as `compare --published` does, and the row
 * lookups made on what loads. */
#include "cyclesim/analysis/published.h"
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    csim_pub_table t;
    csim_diag d = {0};
    if (csim_pub_load(fuzz_file("page.txt", data, size), &t, &d) == CSIM_OK) {
        for (size_t i = 0; i < t.n_rows && i < 16; i++) {
            csim_pub_find(&t, t.rows[i].key, t.rows[i].kind);
        }
        csim_pub_find(&t, "aes/cbc/encrypt/128", CSIM_ROW_FOOTPRINT);
        csim_pub_free(&t);
    }
    return 0;
}
