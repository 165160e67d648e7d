/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_periph_aes_u3.c - the STM32U3 AES and SAES models (src/engine/periph_aes.c,
 * CSIM_AES_IP_U3 and CSIM_AES_IP_SAES) driven as ST's stm32u3xx HAL CRYP
 * driver does: CCF polled in ISR and cleared through ICR, KEYVALID awaited.
 * Figures from the documents: SAES 480/680 cycles per ECB block (RM0487
 * section 34.2), the AES's 51 for a 128-bit ECB block (RM0481 section 34.3
 * Table 330); answers from FIPS-197 appendix C, SP 800-38A F.2.1/F.5.5 and
 * libcrypto's GCM.  Also: KEYVALID only once the whole key is written, KEIF
 * when enabled without one, CR's U0 clear bits ignored, the SAES's BUSY while
 * it initialises, hardware key selection and a key wrapped then unwrapped.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>

#include "cyclesim/engine/periph_aes.h"

static int failures;
#define CHECK(cond, ...)                                                                           \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);                                   \
            fprintf(stderr, __VA_ARGS__);                                                          \
            fputc('\n', stderr);                                                                   \
            failures++;                                                                            \
        }                                                                                          \
    } while (0)

/* CR fields (CMSIS stm32u385xx.h) */
#define EN 0x1u
#define DT_8B 0x4u
#define MODE_KD 0x8u
#define MODE_DEC 0x10u
#define CH_ECB 0x0u
#define CH_CBC 0x20u
#define CH_CTR 0x40u
#define CH_GCM 0x60u
#define PH_HDR 0x2000u
#define PH_PAY 0x4000u
#define PH_FIN 0x6000u
#define KEY256 0x40000u
#define KMOD_WRAPPED 0x1000000u
#define KEYSEL(n) ((uint32_t)(n) << 28)
#define IPRST 0x80000000u
#define SR_BUSY 0x8u
#define SR_KEYVALID 0x80u
#define ISR_CCF 0x1u
#define ISR_KEIF 0x4u

typedef struct {
    csim_aes *a;
    uint64_t now;
} bus;

static void wr(bus *b, uint32_t off, uint32_t v) { csim_aes_write(b->a, off, v, b->now++); }
static uint32_t rd(bus *b, uint32_t off) { return csim_aes_read(b->a, off, b->now++); }

/* The HAL's CRYP_WaitOnCCFlag then ICR.CCF: cycles from `from` to the read
 * that saw ISR.CCF set. */
static uint64_t wait_ccf(bus *b, uint64_t from)
{
    for (int i = 0; i < 100000; i++) {
        uint64_t t = b->now;
        if (rd(b, CSIM_AES_ISR) & ISR_CCF) {
            wr(b, CSIM_AES_ICR, ISR_CCF);
            return t - from;
        }
    }
    return UINT64_MAX;
}

static void hex(const char *s, uint8_t *out, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        unsigned v;
        sscanf(s + 2 * i, "%2x", &v);
        out[i] = (uint8_t)v;
    }
}

static uint32_t be32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static uint32_t le32(const uint8_t *p)
{
    return (uint32_t)p[3] << 24 | (uint32_t)p[2] << 16 | (uint32_t)p[1] << 8 | p[0];
}

static void put_le32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++) {
        p[i] = (uint8_t)(v >> 8 * i);
    }
}

static uint32_t keyr(unsigned i) { return i < 4 ? CSIM_AES_KEYR0 + 4 * i : CSIM_AES_KEYR4 + 4 * (i - 4); }

/* CRYP_SetKey: KEYR(n-1) first, KEYR0 last. */
static void load_key(bus *b, const uint8_t *key, unsigned n)
{
    for (unsigned i = 0; i < n / 4; i++) {
        wr(b, keyr(n / 4 - 1 - i), be32(key + 4 * i));
    }
}

static void load_iv(bus *b, const uint8_t *iv)
{
    for (int i = 0; i < 4; i++) {
        wr(b, CSIM_AES_IVR0 + 4 * (3 - i), be32(iv + 4 * i));
    }
}

/* One block in byte-swap mode (memory order); cycles from the fourth DINR
 * write to CCF.  out NULL: no output read. */
static uint64_t block8(bus *b, const uint8_t *in, uint8_t *out)
{
    for (int i = 0; i < 4; i++) {
        wr(b, CSIM_AES_DINR, le32(in + 4 * i));
    }
    uint64_t t = wait_ccf(b, b->now - 1);
    for (int i = 0; out && i < 4; i++) {
        put_le32(out + 4 * i, rd(b, CSIM_AES_DOUTR));
    }
    return t;
}

/* ECB/CBC/CTR over len bytes with a software key; cr_extra selects KEYSEL
 * or KMOD.  Returns the last block's latency; *kd the key derivation's. */
static uint64_t run_basic(bus *b, const uint8_t *key, unsigned kn, uint32_t chmod, int dec,
                          uint32_t cr_extra, const uint8_t *iv, const uint8_t *in, uint8_t *out,
                          size_t len, uint64_t *kd)
{
    uint32_t ks = (kn == 32 ? KEY256 : 0) | cr_extra;
    uint64_t blk = 0;
    wr(b, CSIM_AES_CR, ks);
    if (key) {
        load_key(b, key, kn);
    }
    CHECK(rd(b, CSIM_AES_SR) & SR_KEYVALID, "KEYVALID before EN");
    if (dec && chmod != CH_CTR) {
        wr(b, CSIM_AES_CR, ks | MODE_KD);
        wr(b, CSIM_AES_CR, ks | MODE_KD | EN);
        uint64_t t = wait_ccf(b, b->now - 1);
        if (kd) {
            *kd = t;
        }
        CHECK(!(rd(b, CSIM_AES_CR) & EN), "EN cleared by hardware after key derivation");
    }
    uint32_t cr = ks | chmod | (dec ? MODE_DEC : 0) | DT_8B;
    wr(b, CSIM_AES_CR, cr);
    if (iv) {
        load_iv(b, iv);
    }
    wr(b, CSIM_AES_CR, cr | EN);
    for (size_t i = 0; i < len; i += 16) {
        blk = block8(b, in + i, out ? out + i : NULL);
    }
    wr(b, CSIM_AES_CR, cr);
    return blk;
}

/* FIPS-197 C.1/C.3 and SP 800-38A on one IP; e128/e256: the RM's ECB figures. */
static void test_vectors(bus *b, const char *name, unsigned e128, unsigned e256)
{
    uint8_t key[32], pt[64], ct[64], out[64], iv[16];
    uint64_t kd = 0, blk;
    hex("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f", key, 32);
    hex("00112233445566778899aabbccddeeff", pt, 16);
    blk = run_basic(b, key, 16, CH_ECB, 0, 0, NULL, pt, out, 16, NULL);
    hex("69c4e0d86a7b0430d8cdb78070b4c55a", ct, 16);
    CHECK(memcmp(out, ct, 16) == 0, "%s: FIPS-197 C.1 AES-128 encrypt", name);
    CHECK(blk == e128, "%s: ECB AES-128 latency %llu, document %u", name, (unsigned long long)blk, e128);
    run_basic(b, key, 16, CH_ECB, 1, 0, NULL, ct, out, 16, &kd);
    CHECK(memcmp(out, pt, 16) == 0, "%s: FIPS-197 C.1 AES-128 decrypt", name);
    blk = run_basic(b, key, 32, CH_ECB, 0, 0, NULL, pt, out, 16, NULL);
    hex("8ea2b7ca516745bfeafc49904b496089", ct, 16);
    CHECK(memcmp(out, ct, 16) == 0, "%s: FIPS-197 C.3 AES-256 encrypt", name);
    if (e256) {
        CHECK(blk == e256, "%s: ECB AES-256 latency %llu, document %u", name, (unsigned long long)blk, e256);
    }
    run_basic(b, key, 32, CH_ECB, 1, 0, NULL, ct, out, 16, NULL);
    CHECK(memcmp(out, pt, 16) == 0, "%s: FIPS-197 C.3 AES-256 decrypt", name);

    hex("6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51"
        "30c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710", pt, 64);
    hex("2b7e151628aed2a6abf7158809cf4f3c", key, 16);
    hex("000102030405060708090a0b0c0d0e0f", iv, 16);
    run_basic(b, key, 16, CH_CBC, 0, 0, iv, pt, out, 64, NULL);
    hex("7649abac8119b246cee98e9b12e9197d5086cb9b507219ee95db113a917678b2"
        "73bed6b8e3c1743b7116e69e222295163ff1caa1681fac09120eca307586e1a7", ct, 64);
    CHECK(memcmp(out, ct, 64) == 0, "%s: SP 800-38A F.2.1 CBC-AES128 encrypt", name);
    run_basic(b, key, 16, CH_CBC, 1, 0, iv, ct, out, 64, NULL);
    CHECK(memcmp(out, pt, 64) == 0, "%s: SP 800-38A F.2.2 CBC-AES128 decrypt", name);
    hex("603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4", key, 32);
    hex("f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff", iv, 16);
    run_basic(b, key, 32, CH_CTR, 0, 0, iv, pt, out, 64, NULL);
    hex("601ec313775789a5b7a7f504bbf3d228f443e3ca4d62b59aca84e990cacaf5c5"
        "2b0930daa23de94ce87017ba2d84988ddfc9c58db67aada613c2dd08457941a6", ct, 64);
    CHECK(memcmp(out, ct, 64) == 0, "%s: SP 800-38A F.5.5 CTR-AES256 encrypt", name);
}

/* GCM as the HAL runs it (init, header, payload, final with GCMPH changed
 * only), against libcrypto. */
static void test_gcm(bus *b, const char *name)
{
    uint8_t key[32], iv[12], aad[20], pt[60], out[64], tag[16], ref[60], reftag[16];
    for (int i = 0; i < 32; i++) {
        key[i] = (uint8_t)(0x11 * i + 3);
    }
    for (int i = 0; i < 12; i++) {
        iv[i] = (uint8_t)(0xA0 + i);
    }
    for (int i = 0; i < 20; i++) {
        aad[i] = (uint8_t)(7 * i);
    }
    for (int i = 0; i < 60; i++) {
        pt[i] = (uint8_t)(13 * i + 1);
    }
    for (unsigned kn = 16; kn <= 32; kn += 16) {
        EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
        int n = 0;
        EVP_EncryptInit_ex(c, kn == 16 ? EVP_aes_128_gcm() : EVP_aes_256_gcm(), NULL, key, iv);
        EVP_EncryptUpdate(c, NULL, &n, aad, sizeof aad);
        EVP_EncryptUpdate(c, ref, &n, pt, sizeof pt);
        EVP_EncryptFinal_ex(c, ref + n, &n);
        EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_GCM_GET_TAG, 16, reftag);
        EVP_CIPHER_CTX_free(c);

        uint32_t cr = (kn == 32 ? KEY256 : 0) | CH_GCM | DT_8B;
        wr(b, CSIM_AES_CR, cr);
        load_key(b, key, kn);
        wr(b, CSIM_AES_IVR0 + 12, be32(iv));
        wr(b, CSIM_AES_IVR0 + 8, be32(iv + 4));
        wr(b, CSIM_AES_IVR0 + 4, be32(iv + 8));
        wr(b, CSIM_AES_IVR0, 2);
        wr(b, CSIM_AES_CR, cr | EN);
        wait_ccf(b, b->now);
        CHECK(!(rd(b, CSIM_AES_CR) & EN), "%s: EN cleared after the GCM init phase", name);
        wr(b, CSIM_AES_CR, cr | PH_HDR | EN);
        uint8_t blk[16];
        for (int i = 0; i < 2; i++) {
            memset(blk, 0, 16);
            memcpy(blk, aad + 16 * i, i ? 4 : 16);
            block8(b, blk, NULL);
        }
        wr(b, CSIM_AES_CR, cr | PH_PAY | EN);
        for (int i = 0; i < 4; i++) {
            memset(blk, 0, 16);
            memcpy(blk, pt + 16 * i, i == 3 ? 12 : 16);
            if (i == 3) {
                wr(b, CSIM_AES_CR, rd(b, CSIM_AES_CR) | 4u << 20); /* NPBLB = 4 */
            }
            block8(b, blk, out + 16 * i);
        }
        wr(b, CSIM_AES_CR, (rd(b, CSIM_AES_CR) & ~0x6000u) | PH_FIN);
        wr(b, CSIM_AES_DINR, 0);
        wr(b, CSIM_AES_DINR, (uint32_t)sizeof aad * 8);
        wr(b, CSIM_AES_DINR, 0);
        wr(b, CSIM_AES_DINR, (uint32_t)sizeof pt * 8);
        wait_ccf(b, b->now);
        for (int i = 0; i < 4; i++) {
            put_le32(tag + 4 * i, rd(b, CSIM_AES_DOUTR));
        }
        wr(b, CSIM_AES_CR, 0);
        CHECK(memcmp(out, ref, sizeof pt) == 0, "%s: GCM-%u ciphertext as libcrypto's", name, kn * 8);
        CHECK(memcmp(tag, reftag, 16) == 0, "%s: GCM-%u tag as libcrypto's", name, kn * 8);
    }
}

/* This revision's flags: KEYVALID only for the whole key, KEIF when enabled
 * without it (EN stays 0), CR bits 7/8 (the U0's CCFC/ERRC) do nothing. */
static void test_flags_u3(bus *b)
{
    uint8_t key[32] = {1, 2, 3};
    wr(b, CSIM_AES_CR, IPRST);
    wr(b, CSIM_AES_CR, KEY256);
    load_key(b, key, 16);
    CHECK(!(rd(b, CSIM_AES_SR) & SR_KEYVALID), "no KEYVALID with 4 of 8 key words");
    wr(b, CSIM_AES_CR, KEY256 | EN);
    CHECK(rd(b, CSIM_AES_ISR) & ISR_KEIF, "KEIF: enabled without a valid key");
    CHECK(!(rd(b, CSIM_AES_CR) & EN), "EN stays 0 without a valid key");
    wr(b, CSIM_AES_ICR, ISR_KEIF);
    CHECK(!(rd(b, CSIM_AES_ISR) & ISR_KEIF), "ICR.KEIF clears KEIF");
    load_key(b, key, 32);
    CHECK(rd(b, CSIM_AES_SR) & SR_KEYVALID, "KEYVALID with all 8 key words");
    wr(b, CSIM_AES_CR, KEY256 | EN);
    for (int i = 0; i < 4; i++) {
        wr(b, CSIM_AES_DINR, 0);
    }
    b->now += 1000;
    CHECK(rd(b, CSIM_AES_SR) & 1u, "CCF after the block");
    wr(b, CSIM_AES_CR, KEY256 | EN | 0x180u);
    CHECK(rd(b, CSIM_AES_SR) & 1u, "CR bits 7/8 do not clear CCF on the U3");
    wr(b, CSIM_AES_ICR, 1);
    CHECK(!(rd(b, CSIM_AES_SR) & 1u), "ICR.CCF clears CCF");
    wr(b, CSIM_AES_CR, 0);
}

/* SAES: BUSY from reset until its initialisation ends; hardware keys
 * (KEYSEL) stand in for DHUK/BHK; a key wrapped with DHUK (KMOD=01,
 * encryption) and unwrapped (key derivation, then decryption into the key
 * registers, no DOUTR read) is the key the registers then use. */
static void test_saes_keys(bus *b)
{
    wr(b, CSIM_AES_CR, IPRST);
    wr(b, CSIM_AES_CR, 0);
    CHECK(rd(b, CSIM_AES_SR) & SR_BUSY, "SAES BUSY while it initialises after IPRST");
    unsigned init = csim_aes_latency(CSIM_AES_IP_SAES, CSIM_AES_OP_RNG_INIT, false);
    b->now += init;
    CHECK(!(rd(b, CSIM_AES_SR) & SR_BUSY), "SAES BUSY cleared after its initialisation");

    uint8_t dhuk[32], pt[16], out[16], ref[16];
    for (int i = 0; i < 32; i++) {
        dhuk[i] = (uint8_t)(0xD0 ^ i);
    }
    hex("00112233445566778899aabbccddeeff", pt, 16);
    run_basic(b, NULL, 32, CH_ECB, 0, KEYSEL(1), NULL, pt, out, 16, NULL);
    EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
    int n = 0;
    EVP_EncryptInit_ex(c, EVP_aes_256_ecb(), NULL, dhuk, NULL);
    EVP_CIPHER_CTX_set_padding(c, 0);
    EVP_EncryptUpdate(c, ref, &n, pt, 16);
    EVP_CIPHER_CTX_free(c);
    CHECK(memcmp(out, ref, 16) == 0, "KEYSEL=DHUK encrypts with the DHUK stand-in");

    /* wrap the FIPS-197 C.3 key, unwrap it, encrypt with it */
    uint8_t key[32], wrapped[32], ct[16];
    hex("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f", key, 32);
    run_basic(b, NULL, 32, CH_ECB, 0, KEYSEL(1) | KMOD_WRAPPED, NULL, key, wrapped, 32, NULL);
    CHECK(memcmp(wrapped, key, 16) != 0, "the wrapped key is not the key");
    run_basic(b, NULL, 32, CH_ECB, 1, KEYSEL(1) | KMOD_WRAPPED, NULL, wrapped, NULL, 32, NULL);
    CHECK(rd(b, CSIM_AES_SR) & SR_KEYVALID, "KEYVALID after the unwrap");
    run_basic(b, NULL, 32, CH_ECB, 0, KEYSEL(1), NULL, pt, out, 16, NULL);
    hex("8ea2b7ca516745bfeafc49904b496089", ct, 16);
    CHECK(memcmp(out, ct, 16) == 0, "the unwrapped key is the key (FIPS-197 C.3)");
    wr(b, CSIM_AES_CR, KEY256 | KEYSEL(2));
    run_basic(b, NULL, 32, CH_ECB, 0, KEYSEL(1), NULL, pt, out, 16, NULL);
    CHECK(memcmp(out, ref, 16) == 0, "a new KEYSEL drops the unwrapped key");
}

int main(void)
{
    bus u3 = {csim_aes_new(CSIM_AES_IP_U3), 1000};
    bus saes = {csim_aes_new(CSIM_AES_IP_SAES), 1000};
    if (!u3.a || !saes.a) {
        fprintf(stderr, "out of memory\n");
        return 1;
    }
    CHECK(csim_aes_new(CSIM_AES_IP_COUNT) == NULL, "no model for an unknown IP");
    CHECK(!(rd(&u3, CSIM_AES_SR) & SR_BUSY), "the AES has no start-up BUSY");
    /* RM0481 34.3 Table 330: 51 (AES); RM0487 34.2: 480/680 (SAES) */
    test_vectors(&u3, "U3 AES", 51, 0);
    test_vectors(&saes, "U3 SAES", 480, 680);
    test_gcm(&u3, "U3 AES");
    test_gcm(&saes, "U3 SAES");
    test_flags_u3(&u3);
    test_saes_keys(&saes);
    CHECK(strncmp(csim_aes_latency_source(CSIM_AES_IP_SAES, CSIM_AES_OP_BLOCK), "ECB: RM0487 34.2", 16) == 0,
          "the SAES ECB figure cites RM0487 34.2");
    csim_aes_free(u3.a);
    csim_aes_free(saes.a);
    if (failures) {
        fprintf(stderr, "%d failure(s)\n", failures);
        return 1;
    }
    printf("periph_aes_u3: all tests passed\n");
    return 0;
}
