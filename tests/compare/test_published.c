/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_published.c - the measured-results loader (src/analysis/published.c) on the
 * three bundled pages, on hand-written board outputs and on bad inputs.
 *
 * usage: test_published DATA_DIR FIXTURES_DIR
 *
 * Expected counts and values are read off the page texts in
 * data/published/source/ by hand (line numbers in the comments), not from the
 * JSON files the loader reads.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "cyclesim/analysis/published.h"

static int failures, checks;
static const char *data_dir, *fix_dir;

#define CHECK(what, cond)                                                  \
    do {                                                                   \
        checks++;                                                          \
        if (!(cond)) {                                                     \
            failures++;                                                    \
            printf("FAIL %s:%d %s\n", __FILE__, __LINE__, what);           \
        }                                                                  \
    } while (0)

#define CHECK_NUM(what, got, want)                                                             \
    do {                                                                                       \
        double g_ = (got), w_ = (want);                                                        \
        checks++;                                                                              \
        if (!(g_ == w_)) {                                                                     \
            failures++;                                                                        \
            printf("FAIL %s:%d %s: got %.17g, want %.17g\n", __FILE__, __LINE__, what, g_, w_); \
        }                                                                                      \
    } while (0)

static size_t count(const csim_pub_table *t, csim_row_kind kind)
{
    size_t n = 0;
    for (size_t i = 0; i < t->n_rows; i++) {
        n += t->rows[i].kind == kind;
    }
    return n;
}

static const csim_pub_row *row(const csim_pub_table *t, const char *key, csim_row_kind kind)
{
    const csim_pub_row *r = csim_pub_find(t, key, kind);
    if (!r) {
        printf("FAIL no %s row \"%s\" in %s\n", kind == CSIM_ROW_CYCLES ? "cycles" : "footprint", key, t->source);
        failures++;
    }
    return r;
}

static bool load(const char *dir, const char *file, csim_pub_table *t)
{
    char path[512];
    csim_diag d = {0};
    snprintf(path, sizeof(path), "%s/%s", dir, file);
    csim_err e = csim_pub_load(path, t, &d);
    if (e) {
        printf("FAIL %s: %s\n", path, d.msg);
        failures++;
    }
    return e == CSIM_OK;
}

/* Row counts per kind, from the structure of each page's tables:
 *   AES-CBC sole buffer: {enc,dec} x {128,192,256} x {Small,Fast} x sizes, the
 *     L5 page with 16/32/64/128 bytes (4), U0 and U3 with 32/64/128 (3);
 *   AES-CBC data flow: 2 x 3 x 2 x chunks {128,512,1024,2048} = 48;
 *   hash sole: {SHA256,SHA384} x sizes (4 on L5, 3 on U0/U3); flow 2 x 4 = 8; final tag 2;
 *   ECDSA: {P-256,P-384} x {sign,verify} x 2 math configurations x {Low,High} = 16;
 *   EdDSA: {sign,verify} x {Small,SuperFast} x {OptLow,OptHigh} = 8;
 *   RSA: sign {CRT,No CRT} x {Small,Fast} x {Low,Mid,High} = 12, verify {Small,Fast} = 2;
 *   ML-DSA (U3 only): {44,65,87} x {keyGen, Signature, Signature Low RAM,
 *     Verification, Verification Low RAM} = 15.
 * Footprint: AES 2 ops x 2 configurations per mode (4 + 4), hash 2 + 2, and one
 * footprint row per ECDSA, EdDSA and RSA cycle row (16 + 8 + 14) = 50 on every page. */
static void test_pages(void)
{
    static const struct {
        const char *file;
        size_t cycles, footprint;
        const char *mcu;
        uint32_t hz;
        int latency, major;
    } pages[] = {
        {"stm32l552ze.json", 48 + 48 + 8 + 8 + 2 + 16 + 8 + 14, 50, "STM32L552ZET6Q", 110000000, 5, 4},
        {"stm32u083rc.json", 36 + 48 + 6 + 8 + 2 + 16 + 8 + 14, 50, "STM32U083RCTx", 56000000, 1, 4},
        {"stm32u385rg.json", 36 + 48 + 6 + 8 + 2 + 16 + 8 + 14 + 15, 50, "STM32U385RGTxQ", 96000000, 2, 5},
    };
    for (size_t i = 0; i < sizeof(pages) / sizeof(pages[0]); i++) {
        csim_pub_table t;
        if (!load(data_dir, pages[i].file, &t)) {
            continue;
        }
        printf("%s: %zu cycle rows, %zu footprint rows\n", pages[i].file, count(&t, CSIM_ROW_CYCLES),
               count(&t, CSIM_ROW_FOOTPRINT));
        CHECK_NUM("cycle rows", (double)count(&t, CSIM_ROW_CYCLES), (double)pages[i].cycles);
        CHECK_NUM("footprint rows", (double)count(&t, CSIM_ROW_FOOTPRINT), (double)pages[i].footprint);
        CHECK("mcu", strcmp(t.mcu, pages[i].mcu) == 0);
        CHECK_NUM("clock", t.clock_hz, pages[i].hz);
        CHECK_NUM("latency", t.latency, pages[i].latency);
        CHECK_NUM("library major", t.library_major, pages[i].major);
        CHECK_NUM("icache", t.icache, 1);
        CHECK("not a board output", !t.board_output);
        csim_pub_free(&t);
    }
}

/* Oryx Embedded's STM32U0 page: 7 tables, 68 rate rows (ciphers 28, AEAD 28,
 * hashes 12) and 46 time rows, one per published figure; MB = 2^20 bytes;
 * flash latency and cache not stated. */
static void test_oryx(void)
{
    csim_pub_table t;
    if (!load(data_dir, "oryx-stm32u0.json", &t)) {
        return;
    }
    size_t rates = 0, times = 0;
    for (size_t i = 0; i < t.n_rows; i++) {
        rates += t.rows[i].measure == CSIM_PUB_RATE;
        times += t.rows[i].measure == CSIM_PUB_TIME;
    }
    CHECK_NUM("rate rows", (double)rates, 68);
    CHECK_NUM("time rows", (double)times, 46);
    CHECK_NUM("MB", t.mb_bytes, 1048576);
    CHECK_NUM("clock", t.clock_hz, 56000000);
    CHECK_NUM("latency not stated", t.latency, -1);
    CHECK_NUM("icache not stated", t.icache, -1);
    CHECK("library", strcmp(t.library, "CycloneCRYPTO") == 0 && strcmp(t.library_version, "2.5.4") == 0);
    const csim_pub_row *r = csim_pub_find(&t, "oryx/aes128-cbc/dec/hw", CSIM_ROW_CYCLES);
    CHECK("AES128-CBC hardware decryption 4.29 MB/s", r && r->measure == CSIM_PUB_RATE && r->rate_MBps == 4.29);
    r = csim_pub_find(&t, "oryx/x448/shared/sw", CSIM_ROW_CYCLES);
    CHECK("X448 shared secret 891.8 ms", r && r->measure == CSIM_PUB_TIME && fabs(r->time_us - 891800) < 1e-6);
    csim_pub_free(&t);
}

static void test_values(void)
{
    csim_pub_table t;
    const csim_pub_row *r;
    /* L5 page, line 54: "AES CBC 128Bits 16 bytes Encryption Small 4524 41". */
    if (load(data_dir, "stm32l552ze.json", &t)) {
        if ((r = row(&t, "aes-cbc/enc/128/small/sole/16", CSIM_ROW_CYCLES))) {
            CHECK_NUM("L5 AES cycles", r->cycles, 4524);
            CHECK_NUM("L5 AES time", r->time_us, 41);
            CHECK("L5 AES section", strcmp(r->section, "2.1.1") == 0);
            CHECK("L5 AES not flagged", !r->flagged);
            CHECK("L5 AES text", strcmp(r->text, "AES CBC 128Bits 16 bytes Encryption Small 4524 41") == 0);
        }
        /* Line 268: "SECP256R1 SHA-256 Signature Small Low 2921944 26" (ms);
         * line 290: footprint "... Signature Small Low 11636 1184 1 328 628". */
        if ((r = row(&t, "ecdsa/p256/sign/small/low", CSIM_ROW_CYCLES))) {
            CHECK_NUM("L5 ECDSA cycles", r->cycles, 2921944);
            CHECK_NUM("L5 ECDSA time (ms -> us)", r->time_us, 26000);
            CHECK("L5 ECDSA has no footprint in its cycle row", isnan(r->code) && isnan(r->stack));
        }
        if ((r = row(&t, "ecdsa/p256/sign/small/low", CSIM_ROW_FOOTPRINT))) {
            CHECK_NUM("L5 ECDSA code", r->code, 11636);
            CHECK_NUM("L5 ECDSA const", r->const_data, 1184);
            CHECK_NUM("L5 ECDSA global", r->global_data, 1);
            CHECK_NUM("L5 ECDSA stack", r->stack, 328);
            CHECK_NUM("L5 ECDSA workbuf", r->workbuf, 628);
            CHECK("L5 ECDSA footprint has no cycles", isnan(r->cycles));
        }
        /* The L5 hash sole table: 16 bytes costs more than 32 bytes, flagged non_monotonic. */
        if ((r = row(&t, "sha256/sole/16", CSIM_ROW_CYCLES))) {
            CHECK_NUM("L5 sha256/16 cycles", r->cycles, 5781);
            CHECK("L5 sha256/16 flagged", r->flagged);
        }
        csim_pub_free(&t);
    }
    /* U0 page, line 337: "v2.2 CRT SHA-256 3K Signature Small Low 1 008 687 664 18 012 ms". */
    if (load(data_dir, "stm32u083rc.json", &t)) {
        if ((r = row(&t, "rsa3072/pss-sha256/sign/crt/small/low", CSIM_ROW_CYCLES))) {
            CHECK_NUM("U0 RSA cycles", r->cycles, 1008687664);
            CHECK_NUM("U0 RSA time", r->time_us, 18012000);
        }
        /* The EdDSA footprint rows all read "Signature Small": a published slip, flagged. */
        if ((r = row(&t, "eddsa/ed25519/verify/superfast/opthigh", CSIM_ROW_FOOTPRINT))) {
            CHECK("U0 EdDSA footprint slip flagged", r->flagged);
        }
        csim_pub_free(&t);
    }
    if (load(data_dir, "stm32u385rg.json", &t)) {
        /* U3 line 366: "ML-DSA-65 keyGen 3 443 896 35 476 8140": cycles, ms, stack, working buffer. */
        if ((r = row(&t, "mldsa65/keygen", CSIM_ROW_CYCLES))) {
            CHECK_NUM("U3 ML-DSA cycles", r->cycles, 3443896);
            CHECK_NUM("U3 ML-DSA time", r->time_us, 35000);
            CHECK_NUM("U3 ML-DSA stack", r->stack, 476);
            CHECK_NUM("U3 ML-DSA workbuf", r->workbuf, 8140);
            CHECK("U3 ML-DSA section", strcmp(r->section, "2.6") == 0);
        }
        /* Line 371: "ML-DSA-65 Signature Low RAM 5 797 488 60 756 15 436". */
        if ((r = row(&t, "mldsa65/sign/lowram", CSIM_ROW_CYCLES))) {
            CHECK_NUM("U3 ML-DSA lowram cycles", r->cycles, 5797488);
            CHECK_NUM("U3 ML-DSA lowram workbuf", r->workbuf, 15436);
        }
        /* Line 298: "Ed25519 1023 bytes Verification SuperFast OptHigh 4 013 480 41 ms". */
        if ((r = row(&t, "eddsa/ed25519/verify/superfast/opthigh", CSIM_ROW_CYCLES))) {
            CHECK_NUM("U3 EdDSA cycles", r->cycles, 4013480);
        }
        /* Line 198: "SHA256 1378 280 bytes 0 bytes 532 bytes": the sole-buffer hash
         * footprint (wildcard row), its Code cell without unit ("format", not a doubt). */
        if ((r = row(&t, "sha256/sole/64", CSIM_ROW_FOOTPRINT))) {
            CHECK("U3 sha256 sole footprint key", strcmp(r->key, "sha256/sole/*") == 0);
            CHECK_NUM("U3 sha256 code", r->code, 1378);
            CHECK_NUM("U3 sha256 const", r->const_data, 280);
            CHECK_NUM("U3 sha256 global", r->global_data, 0);
            CHECK_NUM("U3 sha256 stack", r->stack, 532);
            CHECK("U3 sha256 footprint has no workbuf column", isnan(r->workbuf));
            CHECK("U3 format flag is not a doubt", !r->flagged);
        }
        /* Line 232: "SHA256 1374 bytes 272 bytes 0 bytes 340 bytes" (data flow). */
        if ((r = row(&t, "sha256/flow/8000/512", CSIM_ROW_FOOTPRINT))) {
            CHECK_NUM("U3 sha256 flow code", r->code, 1374);
        }
        /* The flow wildcard does not stand for the final tag (docs/row-keys.md). */
        CHECK("no footprint row for sha256/final", !csim_pub_find(&t, "sha256/final", CSIM_ROW_FOOTPRINT));
        /* Absent sections (2.7, 2.8) give no rows. */
        bool any27 = false;
        for (size_t i = 0; i < t.n_rows; i++) {
            any27 |= strcmp(t.rows[i].section, "2.7") == 0 || strcmp(t.rows[i].section, "2.8") == 0;
        }
        CHECK("absent sections have no rows", !any27);
        csim_pub_free(&t);
    }
}

static void test_wildcards(void)
{
    csim_pub_row rows[4] = {
        {.key = "aes-cbc/enc/*/small/sole/*", .kind = CSIM_ROW_FOOTPRINT},
        {.key = "aes-cbc/enc/128/small/sole/32", .kind = CSIM_ROW_FOOTPRINT},
        {.key = "aes-cbc/enc/*/small/sole/*", .kind = CSIM_ROW_CYCLES},
        {.key = "sha256/sole/*", .kind = CSIM_ROW_FOOTPRINT},
    };
    csim_pub_table t = {.rows = rows, .n_rows = 4};
    CHECK("exact key wins over a wildcard",
          csim_pub_find(&t, "aes-cbc/enc/128/small/sole/32", CSIM_ROW_FOOTPRINT) == &rows[1]);
    CHECK("one segment per '*'", csim_pub_find(&t, "aes-cbc/enc/192/small/sole/64", CSIM_ROW_FOOTPRINT) == &rows[0]);
    CHECK("fewer segments do not match", !csim_pub_find(&t, "aes-cbc/enc/192/small/sole", CSIM_ROW_FOOTPRINT));
    CHECK("more segments do not match", !csim_pub_find(&t, "aes-cbc/enc/192/small/sole/64/x", CSIM_ROW_FOOTPRINT));
    CHECK("'*' does not match an empty segment", !csim_pub_find(&t, "aes-cbc/enc//small/sole/64", CSIM_ROW_FOOTPRINT));
    CHECK("'*' does not span two segments", !csim_pub_find(&t, "sha256/sole/8000/128", CSIM_ROW_FOOTPRINT));
    CHECK("literal segments must be equal", !csim_pub_find(&t, "aes-cbc/dec/192/small/sole/64", CSIM_ROW_FOOTPRINT));
    CHECK("prefix of a segment is not equal", !csim_pub_find(&t, "aes-cbc/enc/192/smal/sole/64", CSIM_ROW_FOOTPRINT));
    CHECK("cycles rows are exact only", !csim_pub_find(&t, "aes-cbc/enc/192/small/sole/64", CSIM_ROW_CYCLES));
    CHECK("cycles exact", csim_pub_find(&t, "aes-cbc/enc/*/small/sole/*", CSIM_ROW_CYCLES) == &rows[2]);
    CHECK("sha wildcard", csim_pub_find(&t, "sha256/sole/16", CSIM_ROW_FOOTPRINT) == &rows[3]);
}

static void test_board(void)
{
    csim_pub_table t;
    if (load(fix_dir, "board_ok.txt", &t)) {
        CHECK("board output", t.board_output);
        CHECK("board mcu", strcmp(t.mcu, "stm32l552ze") == 0);
        CHECK("board target", strcmp(t.board, "nucleo-l552zeq") == 0);
        CHECK_NUM("board clock", t.clock_hz, 110000000);
        CHECK_NUM("board latency", t.latency, 5);
        CHECK_NUM("board icache", t.icache, 1);
        CHECK_NUM("board rows (4 @case lines; noise and a mid-line @case ignored)", (double)t.n_rows, 4);
        const csim_pub_row *r;
        if ((r = row(&t, "aes-cbc/enc/128/small/sole/32", CSIM_ROW_CYCLES))) {
            CHECK_NUM("board AES cycles", r->cycles, 5443);
            CHECK("board AES workbuf 0 is none", isnan(r->workbuf));
            CHECK("board rows have no section", r->section[0] == '\0');
        }
        if ((r = row(&t, "ecdsa/p256/sign/small/low", CSIM_ROW_CYCLES))) {
            CHECK_NUM("board ECDSA cycles (indented line)", r->cycles, 2921944);
            CHECK_NUM("board ECDSA workbuf", r->workbuf, 628);
            CHECK("board text without CR", strchr(r->text, '\r') == NULL);
        }
        /* row= empty: keyed by the case name. */
        if ((r = row(&t, "selftest/crc", CSIM_ROW_CYCLES))) {
            CHECK_NUM("board unkeyed case", r->cycles, 123);
        }
        CHECK("no footprint rows in a board output", !csim_pub_find(&t, "sha256/sole/32", CSIM_ROW_FOOTPRINT));
        csim_pub_free(&t);
    }
    /* csim_pub_load_board directly reads the same file the same way. */
    csim_diag d = {0};
    char path[512];
    snprintf(path, sizeof(path), "%s/board_ok.txt", fix_dir);
    CHECK("csim_pub_load_board", csim_pub_load_board(path, &t, &d) == CSIM_OK && t.n_rows == 4);
    /* Its mcu= (stm32l552ze) against a model: that model or a base of its chain only. */
    static csim_model l5 = {.name = "stm32l552ze", .chain = "stm32l552ze <- stm32l5 <- cortex-m33"};
    static csim_model u0 = {.name = "stm32u083rc", .chain = "stm32u083rc <- stm32u0 <- cortex-m0plus"};
    CHECK("board of the model", csim_pub_board_mcu_check(&t, &l5, &d) == CSIM_OK);
    CHECK("board of another MCU", csim_pub_board_mcu_check(&t, &u0, &d) == CSIM_ERR_INPUT &&
                                      strstr(d.msg, "a board output of mcu=stm32l552ze, set against the model "
                                                    "stm32u083rc (stm32u083rc <- stm32u0 <- cortex-m0plus)"));
    snprintf(t.mcu, sizeof(t.mcu), "STM32L5");
    CHECK("board of the model's base", csim_pub_board_mcu_check(&t, &l5, &d) == CSIM_OK);
    snprintf(t.mcu, sizeof(t.mcu), "stm32l5x");
    CHECK("a prefix of a base is not it", csim_pub_board_mcu_check(&t, &l5, &d) == CSIM_ERR_INPUT);
    t.board_output = false;
    CHECK("a published page is not checked", csim_pub_board_mcu_check(&t, &u0, &d) == CSIM_OK);
    csim_pub_free(&t);
}

/* Every bad input: CSIM_ERR_INPUT (CSIM_ERR_IO for a missing file) and a
 * message naming the file with the line or the key. */
static void test_bad(void)
{
    static const struct {
        const char *file;
        csim_err err;
        const char *msg;
    } cases[] = {
        {"board_failed.txt", CSIM_ERR_INPUT, "board_failed.txt:3: @case sha256/sole/64: status check-fail"},
        {"board_negative.txt", CSIM_ERR_INPUT, "board_negative.txt:3: @case sha256/sole/64: cycles= is missing or not a non-negative integer"},
        {"board_truncated.txt", CSIM_ERR_INPUT, "board_truncated.txt:3: @case: malformed"},
        {"board_count.txt", CSIM_ERR_INPUT, "board_count.txt:3: @done says 2 cases but 1 @case lines were read"},
        {"board_order.txt", CSIM_ERR_INPUT, "board_order.txt:1: @case before the @cyclesim-bench line"},
        {"board_duplicate.txt", CSIM_ERR_INPUT, "board_duplicate.txt:3: key \"sha256/sole/32\" already read at line 2"},
        {"board_none.txt", CSIM_ERR_INPUT, "board_none.txt: no @cyclesim-bench line"},
        {"board_done_failed.txt", CSIM_ERR_INPUT, "board_done_failed.txt:3: @done failed=3 but every @case line says status=pass"},
        {"board_repeated_field.txt", CSIM_ERR_INPUT, "board_repeated_field.txt:2: @case: cycles= given twice in one line"},
        {"board_repeated_header.txt", CSIM_ERR_INPUT, "board_repeated_header.txt:1: @cyclesim-bench: mcu= given twice in one line"},
        {"board_zero_cycles.txt", CSIM_ERR_INPUT, "board_zero_cycles.txt:3: @case sha256/sole/64: cycles=0: the case took no longer than the empty case"},
        {"bad_syntax.json", CSIM_ERR_INPUT, "bad_syntax.json:9: not valid JSON"},
        {"bad_negative.json", CSIM_ERR_INPUT, "sections[0].rows[1] (row \"sha256/sole/64\").values.cycles: -8000 is negative"},
        {"bad_missing_cycles.json", CSIM_ERR_INPUT, "sections[0].rows[0] (row \"sha256/sole/32\").values: a row of a cycles table without \"cycles\""},
        {"bad_missing_clock.json", CSIM_ERR_INPUT, "bad_missing_clock.json: setup.clock_hz: missing"},
        {"bad_kind.json", CSIM_ERR_INPUT, "sections[1]: kind \"timing\": expected cycles, rate, time, footprint or absent"},
        {"bad_duplicate.json", CSIM_ERR_INPUT, "sections[0].rows[1]: key \"sha256/sole/32\" appears twice among the cycles rows"},
        {"bad_version.json", CSIM_ERR_INPUT, "schema_version: 2 is not 1"},
        {"bad_unknown_value.json", CSIM_ERR_INPUT, "unknown value \"stak\""},
        {"bad_type.json", CSIM_ERR_INPUT, "(row \"sha256/sole/32\").values.cycles: expected a number"},
        {"bad_key.json", CSIM_ERR_INPUT, "sections[0].rows[0].key: \"sha256 sole 32\" is not a row key"},
        {"bad_absent.json", CSIM_ERR_INPUT, "sections[2].rows: a section of kind \"absent\" with rows"},
        {"no-such-file.json", CSIM_ERR_IO, "no-such-file.json: cannot open"},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        char path[512];
        csim_pub_table t;
        csim_diag d = {0};
        snprintf(path, sizeof(path), "%s/%s", fix_dir, cases[i].file);
        csim_err e = csim_pub_load(path, &t, &d);
        checks++;
        if (e != cases[i].err || !strstr(d.msg, cases[i].msg)) {
            failures++;
            printf("FAIL %s: error %d \"%s\", want %d \"%s\"\n", cases[i].file, e, d.msg, cases[i].err,
                   cases[i].msg);
        }
        CHECK("no rows left after an error", t.rows == NULL && t.n_rows == 0);
    }
    /* The good page these were derived from loads. */
    csim_pub_table t;
    if (load(fix_dir, "page_min.json", &t)) {
        const csim_pub_row *r = row(&t, "sha256/sole/64", CSIM_ROW_CYCLES);
        if (r) {
            CHECK_NUM("time_ms scaled to us", r->time_us, 142);
            CHECK("non_monotonic flags", r->flagged);
        }
        CHECK_NUM("page_min rows", (double)t.n_rows, 3);
        csim_pub_free(&t);
    }
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: test_published DATA_DIR FIXTURES_DIR\n");
        return 2;
    }
    data_dir = argv[1];
    fix_dir = argv[2];
    test_pages();
    test_oryx();
    test_values();
    test_wildcards();
    test_board();
    test_bad();
    printf("%d checks, %d failures\n", checks, failures);
    return failures != 0;
}
