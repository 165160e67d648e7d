/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_periph.c - the flash-configuration registers as the models lay them
 * out, and the peripheral modules' address ranges, without the emulator.
 * usage: test_periph MODELS_DIR
 *
 * Layouts: every field of FLASH_ACR and ICACHE_CR of every bundled MCU,
 * written with another value, changes the key it names (and no other); the
 * reset values are the models' configurations in the CMSIS bit positions
 * (stm32l073xx.h, stm32u083xx.h, stm32l552xx.h, stm32u385xx.h).  The loader
 * refuses layouts that cannot be decoded; periph.modules merges along
 * extends.  Ranges: each address reaches the module whose instance holds
 * it; unclaimed addresses are plain registers.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cyclesim/engine/periph.h"
#include "cyclesim/model/model_keys.h"
#include "check.h"

static const char *models_dir;

static uint64_t zero_now(void *u)
{
    (void)u;
    return 0;
}

/* What the peripherals asked of the run: the last configuration, invalidations. */
typedef struct seen {
    csim_ms_cfg cfg;
    unsigned configs, invalidations;
} seen;

static void on_config(void *u, const csim_ms_cfg *c)
{
    seen *s = u;
    s->cfg = *c;
    s->configs++;
}

static void on_invalidate(void *u) { ((seen *)u)->invalidations++; }

static csim_periph *periph_of(const csim_model *m, seen *s)
{
    memset(s, 0, sizeof(*s));
    s->cfg = m->flash;
    csim_periph_env env = {s, zero_now, on_config, NULL, on_invalidate, NULL, NULL, NULL, NULL, NULL};
    return csim_periph_new(m, &env);
}

static void load(csim_model *m, const char *name)
{
    csim_diag d = {0};
    if (csim_model_load(m, models_dir, name, &d) != CSIM_OK) {
        printf("FAIL cannot load %s from %s\n", name, models_dir);
        exit(1);
    }
}

/* The model's keys as text, with the configuration c as its flash set-up. */
static void key_texts(const csim_model *base, const csim_ms_cfg *c, char out[][64])
{
    csim_model m = *base;
    m.flash = *c;
    size_t n;
    const csim_key *keys = csim_keys(&n);
    for (size_t i = 0; i < n; i++) {
        if (!csim_model_get(&m, keys[i].name, out[i], 64)) {
            out[i][0] = 0;
        }
    }
}

/* Each key-driving field written with another value: its key changes, no
 * other key does, and the register reads back what was written. */
static void check_layout(const char *mcu, const csim_model *m, const csim_reg_layout *r, const char *reg)
{
    size_t n_keys;
    const csim_key *keys = csim_keys(&n_keys);
    char (*before)[64] = calloc(n_keys, 64), (*after)[64] = calloc(n_keys, 64);
    for (unsigned i = 0; i < r->n_fields; i++) {
        const csim_reg_field *f = &r->field[i];
        if (f->coding == CSIM_FIELD_INVALIDATE) {
            continue;
        }
        seen s;
        csim_periph *p = periph_of(m, &s);
        const uint32_t reset = csim_periph_read(p, r->addr, 4);
        const uint32_t mask = csim_reg_field_mask(f);
        /* Another value of the field: one more (wrapping within the field). */
        const uint32_t field = (reset & mask) >> f->shift;
        const uint32_t value = (reset & ~mask) | (((field + 1) << f->shift) & mask);
        csim_periph_write(p, r->addr, 4, value);
        char what[160];
        snprintf(what, sizeof(what), "%s %s.%s: one new configuration", mcu, reg, f->name);
        CHECK_EQ(what, s.configs, 1);
        snprintf(what, sizeof(what), "%s %s.%s: reads back", mcu, reg, f->name);
        CHECK_EQ(what, csim_periph_read(p, r->addr, 4), value);
        key_texts(m, &m->flash, before);
        key_texts(m, &s.cfg, after);
        for (size_t k = 0; k < n_keys; k++) {
            const bool changed = strcmp(before[k], after[k]) != 0;
            snprintf(what, sizeof(what), "%s %s.%s changes %s", mcu, reg, f->name, keys[k].name);
            CHECK_EQ(what, changed, k == f->key);
        }
        csim_periph_free(p);
    }
    free(before);
    free(after);
}

static void test_layouts_drive_their_keys(void)
{
    char names[32][64];
    const unsigned n = csim_model_list(models_dir, names, 32);
    CHECK_EQ("bundled MCUs", n >= 4, 1);
    for (unsigned i = 0; i < n; i++) {
        csim_model m;
        load(&m, names[i]);
        /* FLASH_R_BASE: AHB1 + 0x2000, the F4's AHB1 + 0x3C00 (stm32f407xx.h) */
        CHECK_EQ(names[i], m.flash_acr.addr, strncmp(names[i], "stm32f4", 7) == 0 ? 0x40023C00u : 0x40022000u);
        check_layout(names[i], &m, &m.flash_acr, "FLASH_ACR");
        if (m.icache_cr.addr) {
            check_layout(names[i], &m, &m.icache_cr, "ICACHE_CR");
        }
    }
}

/* The reset values: the published set-ups in the CMSIS bit positions. */
static void test_reset_values(void)
{
    static const struct {
        const char *mcu;
        uint32_t addr, reset;
    } rows[] = {
        {"stm32l073rz", 0x40022000u, 0x1u | 1u << 1},                /* LATENCY 1, PRFTEN, buffers on */
        {"stm32u083rc", 0x40022000u, 0x1u | 1u << 8 | 1u << 9},      /* LATENCY 1, PRFTEN, ICEN */
        {"stm32l552ze", 0x40022000u, 0x5u},                          /* LATENCY 5 */
        {"stm32l552ze", 0x40030400u, 0x1u | 1u << 2},                /* EN, WAYSEL 2-way */
        {"stm32u385rg", 0x40022000u, 0x2u | 1u << 8},                /* LATENCY 2, PRFTEN */
        {"stm32u385rg", 0x40030400u, 0x1u},                          /* EN, 1-way */
        {"stm32f407vg", 0x40023C00u, 0x5u | 7u << 8},                /* LATENCY 5, PRFTEN, ICEN, DCEN */
        {"stm32g474re", 0x40022000u, 0x4u | 7u << 8},                /* LATENCY 4, PRFTEN, ICEN, DCEN */
        {"stm32l476rg", 0x40022000u, 0x4u | 7u << 8},                /* LATENCY 4, PRFTEN, ICEN, DCEN */
    };
    for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
        csim_model m;
        load(&m, rows[i].mcu);
        seen s;
        csim_periph *p = periph_of(&m, &s);
        CHECK_EQ(rows[i].mcu, csim_periph_read(p, rows[i].addr, 4), rows[i].reset);
        csim_periph_free(p);
    }
}

/* Coding of single fields: an inverted bit, log2 ways, an invalidate bit. */
static void test_field_codings(void)
{
    csim_model m;
    seen s;
    load(&m, "stm32l073rz");
    csim_periph *p = periph_of(&m, &s);
    csim_periph_write(p, 0x40022000u, 4, csim_periph_read(p, 0x40022000u, 4) | 1u << 5);
    CHECK_EQ("L0 DISAB_BUF=1: buffers off", s.cfg.buffers, 0);
    csim_periph_free(p);

    load(&m, "stm32l552ze");
    p = periph_of(&m, &s);
    csim_periph_write(p, 0x40030400u, 4, 0x1u);
    CHECK_EQ("ICACHE_CR WAYSEL=0: direct mapped", s.cfg.cache_ways, 1);
    CHECK_EQ("no invalidation", s.invalidations, 0);
    csim_periph_write(p, 0x40030400u, 4, 0x1u | 1u << 1 | 1u << 2);
    CHECK_EQ("WAYSEL=1: two ways", s.cfg.cache_ways, 2);
    CHECK_EQ("CACHEINV=1 invalidates", s.invalidations, 1);
    CHECK_EQ("CACHEINV reads back 0", csim_periph_read(p, 0x40030400u, 4), 0x5u);
    csim_periph_free(p);

    load(&m, "stm32u083rc");
    p = periph_of(&m, &s);
    csim_periph_write(p, 0x40022000u, 1, 0x04u); /* a byte store to LATENCY */
    CHECK_EQ("U0 LATENCY=4", s.cfg.wait_states, 4);
    CHECK_EQ("PRFTEN kept", s.cfg.prefetch, 1);
    csim_periph_free(p);

    CHECK_EQ("U0 FLASH_ACR has PRFTEN", csim_reg_drives(&m.flash_acr, "flash.prefetch"), 1);
    load(&m, "stm32l552ze");
    CHECK_EQ("L5 FLASH_ACR has no PRFTEN", csim_reg_drives(&m.flash_acr, "flash.prefetch"), 0);
}

/* Layouts the loader refuses, in a model that extends a bundled family. */
static void test_layout_errors(void)
{
    static const char *const bad[] = {
        /* overlapping fields */
        "[{\"name\": \"A\", \"shift\": 0, \"width\": 3, \"key\": \"flash.wait_states\"},"
        " {\"name\": \"B\", \"shift\": 2, \"key\": \"flash.prefetch\"}]",
        /* a key outside the flash configuration */
        "[{\"name\": \"A\", \"shift\": 0, \"key\": \"clock.hz\"}]",
        /* a boolean in two bits */
        "[{\"name\": \"A\", \"shift\": 0, \"width\": 2, \"key\": \"flash.prefetch\"}]",
        /* beyond bit 31 */
        "[{\"name\": \"A\", \"shift\": 30, \"width\": 4, \"key\": \"flash.wait_states\"}]",
        /* neither key nor action */
        "[{\"name\": \"A\", \"shift\": 0}]",
        /* an unknown coding */
        "[{\"name\": \"A\", \"shift\": 0, \"key\": \"flash.wait_states\", \"coding\": \"gray\"}]",
    };
    char dir[] = "test_periph.XXXXXX"; /* in the test's working directory */
    if (!mkdtemp(dir)) {
        printf("FAIL mkdtemp\n");
        exit(1);
    }
    char path[512], target[512];
    static const char *const chain[] = {"stm32u0", "cortex-m0plus"};
    for (size_t i = 0; i < 2; i++) {
        snprintf(path, sizeof(path), "%s/%s.json", dir, chain[i]);
        if (models_dir[0] == '/') {
            snprintf(target, sizeof(target), "%s/%s.json", models_dir, chain[i]);
        } else {
            char cwd[256];
            snprintf(target, sizeof(target), "%s/%s/%s.json", getcwd(cwd, sizeof(cwd)), models_dir, chain[i]);
        }
        if (symlink(target, path) != 0) {
            printf("FAIL symlink %s\n", path);
            exit(1);
        }
    }
    snprintf(path, sizeof(path), "%s/bad.json", dir);
    for (size_t i = 0; i <= sizeof(bad) / sizeof(bad[0]); i++) {
        FILE *f = fopen(path, "w");
        fprintf(f,
                "{\"version\": 1, \"kind\": \"mcu\", \"extends\": \"stm32u0\", \"clock\": {\"hz\": 16000000},"
                " \"flash\": {\"size\": 65536, \"wait_states\": 0}, \"memory\": {\"sram\": [{\"base\": "
                "\"0x20000000\", \"size\": 8192}]}, \"periph\": {\"modules\": {\"aes-u0\": 0, \"saes\": 1024},"
                " \"flash_acr\": {\"addr\": \"0x40022000\", \"fields\": %s}}}",
                i < sizeof(bad) / sizeof(bad[0]) ? bad[i]
                                                 : "[{\"name\": \"LATENCY\", \"shift\": 4, \"width\": 2,"
                                                   " \"key\": \"flash.wait_states\"}]");
        fclose(f);
        csim_model m;
        csim_diag d = {0};
        const csim_err err = csim_model_load(&m, dir, "bad", &d);
        char what[64];
        snprintf(what, sizeof(what), "layout %zu refused", i);
        CHECK_EQ(i < sizeof(bad) / sizeof(bad[0]) ? what : "a good layout loads", err,
                 i < sizeof(bad) / sizeof(bad[0]) ? CSIM_ERR_MODEL : CSIM_OK);
        if (!err) {
            CHECK_EQ("the MCU's layout replaces the family's", m.flash_acr.n_fields, 1);
            CHECK_EQ("LATENCY at bit 4", m.flash_acr.field[0].shift, 4);
            CHECK_EQ("base 0 removes the family's AES, the CRC stays, the SAES is added", m.n_periph, 2);
            CHECK_EQ("crc first", strcmp(m.periph[0].module, "crc"), 0);
            CHECK_EQ("saes at 1024", m.periph[1].base, 1024);
        }
    }
    unlink(path);
    for (size_t i = 0; i < 2; i++) {
        snprintf(path, sizeof(path), "%s/%s.json", dir, chain[i]);
        unlink(path);
    }
    rmdir(dir);
}

/* A byte written to `data` reaches the console and nothing else does; a word
 * written to `plain` reads back. */
static void console_check(const csim_model *m, seen *s, uint32_t data, uint32_t plain)
{
    FILE *console = tmpfile();
    csim_periph_env env = {s, zero_now, on_config, console, on_invalidate, NULL, NULL, NULL, NULL, NULL};
    csim_periph *p = csim_periph_new(m, &env);
    csim_periph_write(p, data, 1, 'K');
    csim_periph_write(p, plain, 4, 0x1234u);
    CHECK_EQ("a plain register kept", csim_periph_read(p, plain, 4), 0x1234u);
    rewind(console);
    CHECK_EQ("the data register's byte on the console", fgetc(console), 'K');
    CHECK_EQ("one byte", fgetc(console), EOF);
    fclose(console);
    csim_periph_free(p);
}

/* Every address reaches the module whose range holds it; modules win over
 * a plain register block that covers them (the registry's order). */
static void test_ranges(void)
{
    csim_model m;
    memset(&m, 0, sizeof(m));
    m.core.kind = csim_core_find("m33");
    static const csim_periph_inst listed[] = {
        {"crc", 0x40023000u}, {"aes-u3", 0x420C0000u}, {"saes", 0x420C0C00u}, {"usart-console", 0x40013800u}};
    memcpy(m.periph, listed, sizeof(listed));
    m.n_periph = sizeof(listed) / sizeof(listed[0]);
    m.flash_acr.addr = 0x40022000u;
    m.icache_cr.addr = 0x40030400u;
    m.periph_ram[0] = (csim_region){0x40013800u, 0x800}; /* over the USART and past it */
    m.periph_ram[1] = (csim_region){0x40023000u, 0x400}; /* over the CRC */
    m.n_periph_ram = 2;
    seen s;
    csim_periph *p = periph_of(&m, &s);
    static const struct {
        uint32_t addr;
        const char *module;
    } rows[] = {
        {0xE000E010u, "systick"}, {0xE000E01Cu, "systick"}, {0xE000E020u, "registers"},
        {0xE000ED08u, "scb"},     {0xE000ED2Cu, "scb"},     {0xE000EDFCu, "registers"},
        {0xE0001000u, "dwt"},     {0xE0001004u, "dwt"},     {0xE0001008u, "registers"},
        {0x40023000u, "crc"},     {0x400233FFu, "crc"},     {0x40023400u, "registers"},
        {0x420C0000u, "aes-u3"},  {0x420C03FCu, "aes-u3"},  {0x420C0400u, "registers"},
        {0x420C0C00u, "saes"},    {0x420C0FFCu, "saes"},    {0x40022000u, "flash_acr"},
        {0x40022004u, "registers"}, {0x40030400u, "icache_cr"}, {0x40013828u, "usart-console"},
        {0x4001381Cu, "usart-console"}, {0x40013C00u, "registers"},
    };
    for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
        char what[64];
        snprintf(what, sizeof(what), "0x%08X -> %s", rows[i].addr, rows[i].module);
        CHECK_EQ(what, strcmp(csim_periph_module_at(p, rows[i].addr), rows[i].module), 0);
    }
    CHECK_EQ("every listed module is known", csim_periph_unknown(&m) == NULL, 1);
    csim_periph_free(p);
    /* The console USART: TDR bytes reach the console, other registers (BRR)
     * are plain; the F4's USART (uart-dr-console): DR at +0x04 does, and
     * the offset of the newer TDR is a plain register there. */
    console_check(&m, &s, 0x40013828u, 0x4001380Cu);
    m.periph[3] = (csim_periph_inst){"uart-dr-console", 0x40013800u};
    console_check(&m, &s, 0x40013804u, 0x40013828u);
    m.periph[3] = listed[3];
    /* periph.modules may name only the registry's listed modules. */
    m.periph[1] = (csim_periph_inst){"systick", 0xE000E010u};
    CHECK_EQ("a fixed module is not listed", strcmp(csim_periph_unknown(&m), "systick"), 0);
    m.periph[1] = (csim_periph_inst){"aes-u9", 0x420C0000u};
    CHECK_EQ("an unknown module", strcmp(csim_periph_unknown(&m), "aes-u9"), 0);
    /* The M0+ has no DWT cycle counter: its registers are plain. */
    m.core.kind = csim_core_find("m0plus");
    p = periph_of(&m, &s);
    CHECK_EQ("M0+: no DWT module", strcmp(csim_periph_module_at(p, 0xE0001004u), "registers"), 0);
    csim_periph_free(p);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: test_periph MODELS_DIR\n");
        return 2;
    }
    models_dir = argv[1];
    test_layouts_drive_their_keys();
    test_reset_values();
    test_field_codings();
    test_layout_errors();
    test_ranges();
    return check_result("test_periph");
}
