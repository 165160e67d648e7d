/* SPDX-License-Identifier: MIT */
/*
 * ctleak_cases.c - test firmware for `cyclesim leak` (docs/leak.md): three
 * operations, each written twice, once with a known secret-dependent timing
 * and once constant-time:
 *   aes-ttable    AES-128 with the project's T-table implementation (its
 *                 Te tables and S-box in flash, indexed by key-dependent
 *                 bytes): secret-dependent addresses;
 *   aes-ct        AES-128 whose S-box is computed (inversion in GF(2^8) as
 *                 x^254, FIPS 197 section 5.1.1), with no table and no
 *                 secret branch;
 *   modexp-sqmul  b^e mod p by left-to-right square-and-multiply: a multiply
 *                 only for the set bits of the secret exponent e;
 *   modexp-ladder the Montgomery ladder with a masked (branch-free) swap;
 *   memcmp-early  a tag compare that returns at the first differing byte;
 *   memcmp-ct     a compare that ORs the differences of all bytes;
 * and one whose timing is constant on a zero-wait SRAM but whose addresses
 * are not:
 *   table-sram    16 lookups of a 256-byte table in SRAM indexed by the
 *                 secret bytes: what another MCU's data cache would turn
 *                 into a timing leak.
 * Every case marks its secret with bench_secret(); the public inputs come
 * from bench_random() (or fixed values for the known-answer run).  The
 * memcmp cases compare the secret tag with an all-zero candidate, the value
 * `cyclesim leak` gives the fixed class, so that class compares to the end.
 * check() computes the result the other way (the other implementation) and
 * compares: with the host-written secrets there is no known answer.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "aes.h"
#include "bench.h"

/* ---- AES-128 with a computed S-box (constant time) ------------------------ */

/* Multiplication in GF(2^8) modulo x^8 + x^4 + x^3 + x + 1 (FIPS 197
 * section 4.2), eight rounds whatever the operands, masks instead of
 * branches. */
static uint8_t gf_mul(uint8_t a, uint8_t b)
{
    uint8_t r = 0;
    int i;

    for (i = 0; i < 8; i++) {
        r ^= (uint8_t)(-(b & 1u) & a);
        a = (uint8_t)((a << 1) ^ (-(a >> 7) & 0x1bu));
        b >>= 1;
    }
    return r;
}

/* S-box (FIPS 197 section 5.1.1): the inverse x^254 (0 maps to 0), then the
 * affine transformation. */
static uint8_t ct_sbox(uint8_t x)
{
    uint8_t x2 = gf_mul(x, x), x3 = gf_mul(x2, x), x6 = gf_mul(x3, x3), x12 = gf_mul(x6, x6);
    uint8_t x15 = gf_mul(x12, x3), x30 = gf_mul(x15, x15), x60 = gf_mul(x30, x30), x120 = gf_mul(x60, x60);
    uint8_t x127 = gf_mul(gf_mul(x120, x6), x);
    uint8_t inv = gf_mul(x127, x127);
    uint8_t s = inv;
    int i;

    for (i = 1; i < 5; i++)
        s ^= (uint8_t)((inv << i) | (inv >> (8 - i)));
    return (uint8_t)(s ^ 0x63u);
}

static uint8_t xtime(uint8_t a) { return (uint8_t)((a << 1) ^ (-(a >> 7) & 0x1bu)); }

/* FIPS 197 section 5.1 (Cipher) and 5.2 (KeyExpansion), AES-128. */
static void ct_aes128_encrypt(const uint8_t key[16], const uint8_t in[16], uint8_t out[16])
{
    uint8_t w[176], s[16], t[16];
    uint8_t rcon = 1;
    int i, r, c;

    memcpy(w, key, 16);
    for (i = 16; i < 176; i += 4) {
        uint8_t k0 = w[i - 4], k1 = w[i - 3], k2 = w[i - 2], k3 = w[i - 1];
        if (i % 16 == 0) {
            uint8_t k = k0;
            k0 = (uint8_t)(ct_sbox(k1) ^ rcon);
            k1 = ct_sbox(k2);
            k2 = ct_sbox(k3);
            k3 = ct_sbox(k);
            rcon = xtime(rcon);
        }
        w[i] = w[i - 16] ^ k0;
        w[i + 1] = w[i - 15] ^ k1;
        w[i + 2] = w[i - 14] ^ k2;
        w[i + 3] = w[i - 13] ^ k3;
    }
    for (i = 0; i < 16; i++)
        s[i] = in[i] ^ w[i];
    for (r = 1; r <= 10; r++) {
        for (i = 0; i < 16; i++) /* SubBytes and ShiftRows: byte 4c+row from column c+row */
            t[i] = ct_sbox(s[(i + 4 * (i & 3)) & 15]);
        for (c = 0; c < 16; c += 4) { /* MixColumns, but in the last round (a public branch) */
            uint8_t a0 = t[c], a1 = t[c + 1], a2 = t[c + 2], a3 = t[c + 3], x = a0 ^ a1 ^ a2 ^ a3;
            s[c] = (uint8_t)(a0 ^ (r < 10 ? x ^ xtime(a0 ^ a1) : 0)) ^ w[16 * r + c];
            s[c + 1] = (uint8_t)(a1 ^ (r < 10 ? x ^ xtime(a1 ^ a2) : 0)) ^ w[16 * r + c + 1];
            s[c + 2] = (uint8_t)(a2 ^ (r < 10 ? x ^ xtime(a2 ^ a3) : 0)) ^ w[16 * r + c + 2];
            s[c + 3] = (uint8_t)(a3 ^ (r < 10 ? x ^ xtime(a3 ^ a0) : 0)) ^ w[16 * r + c + 3];
        }
    }
    memcpy(out, s, 16);
}

/* ---- modular exponentiation ---------------------------------------------- */

/* b^e mod P with a public prime P < 2^15, products below 2^30, reduced
 * by Montgomery's method (R = 2^16) so that no division runs: the run-time
 * library's division takes a data-dependent time on the M0+. */
#define MODP 32749u      /* prime */
#define MODP_NINV 18971u /* -P^-1 mod 2^16 */
#define MODP_R2 1444u     /* 2^32 mod P */
#define EXP_BYTES 8

static uint32_t mont_mul(uint32_t a, uint32_t b)
{
    uint32_t t = a * b;
    uint32_t m = ((t & 0xffffu) * MODP_NINV) & 0xffffu;
    uint32_t d = ((t + m * MODP) >> 16) - MODP; /* below 2P: one subtraction, undone by a mask */
    return d + (MODP & (0u - (d >> 31)));
}

static uint32_t to_mont(uint32_t a) { return mont_mul(a, MODP_R2); }

static uint32_t modexp_sqmul(uint32_t b, const uint8_t *e)
{
    uint32_t x = to_mont(1), bm = to_mont(b);
    int i;

    for (i = 8 * EXP_BYTES - 1; i >= 0; i--) {
        x = mont_mul(x, x);
        if ((e[i >> 3] >> (i & 7)) & 1u)
            x = mont_mul(x, bm);
    }
    return mont_mul(x, 1);
}

static uint32_t modexp_ladder(uint32_t b, const uint8_t *e)
{
    uint32_t r0 = to_mont(1), r1 = to_mont(b);
    int i;

    for (i = 8 * EXP_BYTES - 1; i >= 0; i--) {
        uint32_t mask = -(uint32_t)((e[i >> 3] >> (i & 7)) & 1u);
        uint32_t t = mask & (r0 ^ r1);
        r0 ^= t;
        r1 ^= t;
        r1 = mont_mul(r0, r1);
        r0 = mont_mul(r0, r0);
        t = mask & (r0 ^ r1);
        r0 ^= t;
        r1 ^= t;
    }
    return mont_mul(r0, 1);
}

/* ---- tag compare ------------------------------------------------------------ */

#define TAG_BYTES 16

static int cmp_early(const uint8_t *a, const uint8_t *b, size_t n)
{
    size_t i;

    for (i = 0; i < n; i++)
        if (a[i] != b[i])
            return 1;
    return 0;
}

static int cmp_ct(const volatile uint8_t *a, const volatile uint8_t *b, size_t n)
{
    uint32_t d = 0;
    size_t i;

    for (i = 0; i < n; i++)
        d |= (uint32_t)(a[i] ^ b[i]);
    return (int)((d | (0u - d)) >> 31);
}

/* ---- the cases --------------------------------------------------------------- */

enum { OP_AES_TTABLE, OP_AES_CT, OP_SQMUL, OP_LADDER, OP_CMP_EARLY, OP_CMP_CT, OP_TABLE_SRAM };

static uint8_t ct_secret[16] BENCH_IO;  /* key, exponent or tag */
static uint8_t ct_public[16] BENCH_IO;  /* plaintext or base */
static uint8_t ct_out[16] BENCH_IO;
static uint32_t ct_word BENCH_IO;       /* modexp result or compare outcome */
static uint8_t ct_table[256] BENCH_IO;  /* table-sram: a permutation of the bytes */
static const uint8_t zero_iv[AES_BLOCK_BYTES] BENCH_IO_CONST;

static const uint8_t op_ids[] BENCH_IO_CONST = {OP_AES_TTABLE, OP_AES_CT, OP_SQMUL, OP_LADDER, OP_CMP_EARLY,
                                                OP_CMP_CT, OP_TABLE_SRAM};

/* table-sram's permutation: 7 is odd, so i -> 7i + 3 is one to one on bytes. */
static uint8_t table_entry(uint32_t i) { return (uint8_t)(7u * i + 3u); }

static int ct_setup(const bench_case_t *c)
{
    const uint8_t op = *(const uint8_t *)c->arg;
    uint32_t i;

    if (bench_random_begin(c)) {
        bench_random(ct_public, sizeof ct_public);
        bench_random(ct_secret, sizeof ct_secret);
    } else {
        for (i = 0; i < 16; i++) {
            ct_public[i] = (uint8_t)(0x11u * i);
            ct_secret[i] = (uint8_t)(0xa5u ^ (7u * i));
        }
    }
    if (op == OP_CMP_EARLY || op == OP_CMP_CT)
        memset(ct_public, 0, sizeof ct_public); /* the candidate tag (see above) */
    if (op == OP_TABLE_SRAM)
        for (i = 0; i < sizeof ct_table; i++)
            ct_table[i] = table_entry(i);
    bench_secret(ct_secret, op == OP_SQMUL || op == OP_LADDER ? EXP_BYTES : 16);
    return 0;
}

static uint32_t modexp_base(void) { return 2u + (ct_public[0] | (uint32_t)ct_public[1] << 8) % (MODP - 3u); }

static int ct_run(const bench_case_t *c)
{
    uint32_t i;

    switch (*(const uint8_t *)c->arg) {
    case OP_AES_TTABLE:
        return aes_cbc_encrypt(AES_IMPL_FAST, ct_secret, 16, zero_iv, ct_public, 16, ct_out);
    case OP_AES_CT:
        ct_aes128_encrypt(ct_secret, ct_public, ct_out);
        return 0;
    case OP_SQMUL:
        ct_word = modexp_sqmul(modexp_base(), ct_secret);
        return 0;
    case OP_LADDER:
        ct_word = modexp_ladder(modexp_base(), ct_secret);
        return 0;
    case OP_CMP_EARLY:
        ct_word = (uint32_t)cmp_early(ct_secret, ct_public, TAG_BYTES);
        return 0;
    case OP_TABLE_SRAM:
        for (i = 0; i < 16; i++)
            ct_out[i] = ct_table[ct_secret[i]];
        return 0;
    default:
        ct_word = (uint32_t)cmp_ct(ct_secret, ct_public, TAG_BYTES);
        return 0;
    }
}

static int ct_check(const bench_case_t *c)
{
    uint8_t ref[16];
    uint32_t i;

    switch (*(const uint8_t *)c->arg) {
    case OP_AES_TTABLE:
        ct_aes128_encrypt(ct_secret, ct_public, ref);
        return memcmp(ref, ct_out, 16) != 0;
    case OP_AES_CT:
        if (aes_cbc_encrypt(AES_IMPL_SMALL, ct_secret, 16, zero_iv, ct_public, 16, ref) != AES_OK)
            return 1;
        return memcmp(ref, ct_out, 16) != 0;
    case OP_SQMUL:
        return ct_word != modexp_ladder(modexp_base(), ct_secret);
    case OP_LADDER:
        return ct_word != modexp_sqmul(modexp_base(), ct_secret);
    case OP_TABLE_SRAM:
        for (i = 0; i < 16; i++)
            if (ct_out[i] != table_entry(ct_secret[i]))
                return 1;
        return 0;
    default:
        return ct_word != (uint32_t)(memcmp(ct_secret, ct_public, TAG_BYTES) != 0);
    }
}

/* Every case shares setup, run and check; its operation is its argument. */
#define CT_CASE(ident, name, params, op) \
    BENCH_CASE(ident, name, "", params, ct_setup, ct_run, ct_check, &op_ids[op])

CT_CASE(case_aes_ttable, "ctleak/aes-ttable/leaky", "secret=key;bytes=16", OP_AES_TTABLE);
CT_CASE(case_aes_ct, "ctleak/aes-ct/ct", "secret=key;bytes=16", OP_AES_CT);
CT_CASE(case_sqmul, "ctleak/modexp-sqmul/leaky", "secret=exponent;bits=64", OP_SQMUL);
CT_CASE(case_ladder, "ctleak/modexp-ladder/ct", "secret=exponent;bits=64", OP_LADDER);
CT_CASE(case_cmp_early, "ctleak/memcmp-early/leaky", "secret=tag;bytes=16", OP_CMP_EARLY);
CT_CASE(case_cmp_ct, "ctleak/memcmp-ct/ct", "secret=tag;bytes=16", OP_CMP_CT);
CT_CASE(case_table_sram, "ctleak/table-sram/hidden", "secret=index;bytes=16", OP_TABLE_SRAM);
