/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_periph_aes.c - the STM32U0 AES model (src/engine/periph_aes.c) driven
 * as a driver does: FIPS-197 appendix C, SP 800-38A F.2/F.5, SP 800-38C C.1,
 * the GCM specification's test case 4 (checked against libcrypto too), data
 * swapping, suspend/resume, and every latency of the table in src/engine/periph_aes.c on CCF (two from
 * documents, the rest marked uncertain there).
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

/* CR fields (CMSIS stm32u083xx.h) */
#define EN 0x1u
#define DT_32B 0x0u
#define DT_16B 0x2u
#define DT_8B 0x4u
#define DT_1B 0x6u
#define MODE_ENC 0x0u
#define MODE_KD 0x8u
#define MODE_DEC 0x10u
#define CH_ECB 0x0u
#define CH_CBC 0x20u
#define CH_CTR 0x40u
#define CH_GCM 0x60u
#define CH_CCM 0x10000u
#define CCFC 0x80u
#define PH_INIT 0x0u
#define PH_HDR 0x2000u
#define PH_PAY 0x4000u
#define PH_FIN 0x6000u
#define KEY256 0x40000u
#define NPBLB(n) ((uint32_t)(n) << 20)
#define IPRST 0x80000000u

#define CSIM_AES_IVR3 (CSIM_AES_IVR0 + 12)

/* A bus: every access takes one cycle of the fake clock. */
typedef struct {
    csim_aes *a;
    uint64_t now;
} bus;

static void wr(bus *b, uint32_t off, uint32_t v) { csim_aes_write(b->a, off, v, b->now++); }
static uint32_t rd(bus *b, uint32_t off) { return csim_aes_read(b->a, off, b->now++); }

/* Polls SR.CCF; returns the cycles from `from` to the read that saw it set. */
static uint64_t wait_ccf(bus *b, uint64_t from)
{
    for (int i = 0; i < 10000; i++) {
        uint64_t t = b->now;
        if (rd(b, CSIM_AES_SR) & 1u) {
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

static void load_key(bus *b, const uint8_t *key, unsigned n)
{
    for (unsigned i = 0; i < n / 4; i++) {
        uint32_t off = n / 4 - 1 - i < 4 ? CSIM_AES_KEYR0 + 4 * (n / 4 - 1 - i)
                                         : CSIM_AES_KEYR4 + 4 * (n / 4 - 1 - i - 4);
        wr(b, off, be32(key + 4 * i));
    }
}

static void load_iv(bus *b, const uint8_t *iv)
{
    for (int i = 0; i < 4; i++) {
        wr(b, CSIM_AES_IVR0 + 4 * (3 - i), be32(iv + 4 * i));
    }
}

/* One block through DINR/DOUTR in byte-swap mode (memory order); returns the
 * cycles from the fourth DINR write to CCF. */
static uint64_t block8(bus *b, const uint8_t *in, uint8_t *out)
{
    for (int i = 0; i < 4; i++) {
        wr(b, CSIM_AES_DINR, le32(in + 4 * i));
    }
    uint64_t t = wait_ccf(b, b->now - 1);
    for (int i = 0; out && i < 4; i++) {
        put_le32(out + 4 * i, rd(b, CSIM_AES_DOUTR));
    }
    wr(b, CSIM_AES_CR, rd(b, CSIM_AES_CR) | CCFC);
    return t;
}

/* ECB/CBC/CTR message as CycloneCRYPTO's stm32u0xx driver sends it. */
static void run_basic(bus *b, const uint8_t *key, unsigned kn, uint32_t chmod, int dec,
                      const uint8_t *iv, const uint8_t *in, uint8_t *out, size_t len,
                      uint64_t *kd_cycles, uint64_t *blk_cycles)
{
    uint32_t ks = kn == 32 ? KEY256 : 0;
    wr(b, CSIM_AES_CR, CCFC);
    wr(b, CSIM_AES_CR, ks);
    load_key(b, key, kn);
    if (dec && chmod != CH_CTR) {
        wr(b, CSIM_AES_CR, ks | MODE_KD);
        wr(b, CSIM_AES_CR, ks | MODE_KD | EN);
        uint64_t t = wait_ccf(b, b->now - 1);
        if (kd_cycles) {
            *kd_cycles = t;
        }
        CHECK(!(rd(b, CSIM_AES_CR) & EN), "EN cleared by hardware after key derivation");
        wr(b, CSIM_AES_CR, rd(b, CSIM_AES_CR) | CCFC);
    }
    uint32_t cr = ks | chmod | (dec ? MODE_DEC : MODE_ENC) | DT_8B;
    wr(b, CSIM_AES_CR, cr);
    if (iv) {
        load_iv(b, iv);
    }
    wr(b, CSIM_AES_CR, cr | EN);
    for (size_t i = 0; i < len; i += 16) {
        uint64_t t = block8(b, in + i, out + i);
        if (blk_cycles) {
            *blk_cycles = t;
        }
    }
    wr(b, CSIM_AES_CR, 0);
}

static void test_fips197_sp800_38a(bus *b)
{
    uint8_t key[32], pt[64], ct[64], out[64], iv[16];
    uint64_t kd = 0, blk = 0;
    /* FIPS-197 C.1 and C.3 */
    hex("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f", key, 32);
    hex("00112233445566778899aabbccddeeff", pt, 16);
    run_basic(b, key, 16, CH_ECB, 0, NULL, pt, out, 16, NULL, &blk);
    hex("69c4e0d86a7b0430d8cdb78070b4c55a", ct, 16);
    CHECK(memcmp(out, ct, 16) == 0, "FIPS-197 C.1 AES-128 encrypt");
    CHECK(blk == 51, "ECB AES-128 latency %llu, RM 51", (unsigned long long)blk);
    run_basic(b, key, 16, CH_ECB, 1, NULL, ct, out, 16, &kd, &blk);
    CHECK(memcmp(out, pt, 16) == 0, "FIPS-197 C.1 AES-128 decrypt");
    CHECK(kd == 59, "key derivation AES-128 %llu, RM 59", (unsigned long long)kd);
    CHECK(blk == 51, "ECB AES-128 decryption latency %llu, RM 51", (unsigned long long)blk);
    run_basic(b, key, 32, CH_ECB, 0, NULL, pt, out, 16, NULL, &blk);
    hex("8ea2b7ca516745bfeafc49904b496089", ct, 16);
    CHECK(memcmp(out, ct, 16) == 0, "FIPS-197 C.3 AES-256 encrypt");
    CHECK(blk == 75, "ECB AES-256 latency %llu, RM 75", (unsigned long long)blk);
    run_basic(b, key, 32, CH_ECB, 1, NULL, ct, out, 16, &kd, &blk);
    CHECK(memcmp(out, pt, 16) == 0, "FIPS-197 C.3 AES-256 decrypt");
    CHECK(kd == 82, "key derivation AES-256 %llu, RM 82", (unsigned long long)kd);

    /* SP 800-38A F.2.1/F.2.2 CBC-AES128, F.2.5 CBC-AES256, F.5.1 CTR-AES128 */
    hex("6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51"
        "30c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710", pt, 64);
    hex("2b7e151628aed2a6abf7158809cf4f3c", key, 16);
    hex("000102030405060708090a0b0c0d0e0f", iv, 16);
    run_basic(b, key, 16, CH_CBC, 0, iv, pt, out, 64, NULL, NULL);
    hex("7649abac8119b246cee98e9b12e9197d5086cb9b507219ee95db113a917678b2"
        "73bed6b8e3c1743b7116e69e222295163ff1caa1681fac09120eca307586e1a7", ct, 64);
    CHECK(memcmp(out, ct, 64) == 0, "SP 800-38A F.2.1 CBC-AES128 encrypt");
    uint8_t ivr[16];
    for (int i = 0; i < 4; i++) {
        uint32_t w = rd(b, CSIM_AES_IVR0 + 4 * (3 - i));
        ivr[4 * i] = (uint8_t)(w >> 24), ivr[4 * i + 1] = (uint8_t)(w >> 16);
        ivr[4 * i + 2] = (uint8_t)(w >> 8), ivr[4 * i + 3] = (uint8_t)w;
    }
    CHECK(memcmp(ivr, ct + 48, 16) == 0, "CBC: IVR holds the last ciphertext block");
    run_basic(b, key, 16, CH_CBC, 1, iv, ct, out, 64, NULL, NULL);
    CHECK(memcmp(out, pt, 64) == 0, "SP 800-38A F.2.2 CBC-AES128 decrypt");
    hex("603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4", key, 32);
    run_basic(b, key, 32, CH_CBC, 0, iv, pt, out, 64, NULL, &blk);
    hex("f58c4c04d6e5f1ba779eabfb5f7bfbd69cfc4e967edb808d679f777bc6702c7d"
        "39f23369a9d9bacfa530e26304231461b2eb05e2c39be9fcda6c19078c6a9d1b", ct, 64);
    CHECK(memcmp(out, ct, 64) == 0, "SP 800-38A F.2.5 CBC-AES256 encrypt");
    CHECK(blk == 75, "CBC AES-256 latency %llu, RM 75", (unsigned long long)blk);
    hex("2b7e151628aed2a6abf7158809cf4f3c", key, 16);
    hex("f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff", iv, 16);
    run_basic(b, key, 16, CH_CTR, 0, iv, pt, out, 64, NULL, &blk);
    hex("874d6191b620e3261bef6864990db6ce9806f66b7970fdff8617187bb9fffdff"
        "5ae4df3edbd5d35e5b4f09020db03eab1e031dda2fbe03d1792170a0f3009cee", ct, 64);
    CHECK(memcmp(out, ct, 64) == 0, "SP 800-38A F.5.1 CTR-AES128 encrypt");
    CHECK(blk == 51, "CTR AES-128 latency %llu, RM 51", (unsigned long long)blk);
    run_basic(b, key, 16, CH_CTR, 1, iv, ct, out, 64, NULL, NULL);
    CHECK(memcmp(out, pt, 64) == 0, "SP 800-38A F.5.2 CTR-AES128 decrypt");
}

/* Data swapping: the same block in the four DATATYPE encodings. */
static void test_swapping(bus *b)
{
    uint8_t key[16], pt[16], ct[16];
    hex("000102030405060708090a0b0c0d0e0f", key, 16);
    hex("00112233445566778899aabbccddeeff", pt, 16);
    hex("69c4e0d86a7b0430d8cdb78070b4c55a", ct, 16);
    static const uint32_t types[4] = {DT_32B, DT_16B, DT_8B, DT_1B};
    for (int t = 0; t < 4; t++) {
        wr(b, CSIM_AES_CR, CCFC);
        load_key(b, key, 16);
        wr(b, CSIM_AES_CR, types[t] | EN);
        for (int i = 0; i < 4; i++) {
            uint32_t w = be32(pt + 4 * i), v = w;
            if (t == 1) {
                v = w << 16 | w >> 16;
            } else if (t == 2) {
                v = le32(pt + 4 * i);
            } else if (t == 3) {
                v = 0;
                for (int k = 0; k < 32; k++) {
                    v |= ((w >> k) & 1u) << (31 - k);
                }
            }
            wr(b, CSIM_AES_DINR, v);
        }
        wait_ccf(b, b->now);
        int ok = 1;
        for (int i = 0; i < 4; i++) {
            uint32_t v = rd(b, CSIM_AES_DOUTR), w = be32(ct + 4 * i), e = w;
            if (t == 1) {
                e = w << 16 | w >> 16;
            } else if (t == 2) {
                e = le32(ct + 4 * i);
            } else if (t == 3) {
                e = 0;
                for (int k = 0; k < 32; k++) {
                    e |= ((w >> k) & 1u) << (31 - k);
                }
            }
            ok &= v == e;
        }
        CHECK(ok, "DATATYPE %d swapping", t);
        wr(b, CSIM_AES_CR, 0);
    }
}

typedef struct {
    uint64_t init, header, payload, final;
} phase_cycles;

/* GCM as CycloneCRYPTO's gcmProcessData (12-byte IV, IVR0 = 2). */
static void run_gcm(bus *b, const uint8_t *key, unsigned kn, int dec, const uint8_t *iv,
                    const uint8_t *aad, size_t alen, const uint8_t *in, uint8_t *out, size_t len,
                    uint8_t tag[16], phase_cycles *pc)
{
    uint32_t ks = kn == 32 ? KEY256 : 0, mode = dec ? MODE_DEC : MODE_ENC;
    uint8_t buf[16], o[16];
    wr(b, CSIM_AES_CR, CCFC);
    wr(b, CSIM_AES_CR, ks | CH_GCM | DT_32B | PH_INIT | mode);
    load_key(b, key, kn);
    wr(b, CSIM_AES_IVR3, be32(iv));
    wr(b, CSIM_AES_IVR0 + 8, be32(iv + 4));
    wr(b, CSIM_AES_IVR0 + 4, be32(iv + 8));
    wr(b, CSIM_AES_IVR0, 2);
    wr(b, CSIM_AES_CR, rd(b, CSIM_AES_CR) | EN);
    pc->init = wait_ccf(b, b->now - 1);
    CHECK(!(rd(b, CSIM_AES_CR) & EN), "GCM: EN cleared at the end of the init phase");
    wr(b, CSIM_AES_CR, rd(b, CSIM_AES_CR) | CCFC);
    uint32_t cr = (rd(b, CSIM_AES_CR) & ~0x6006u) | DT_8B | PH_HDR;
    wr(b, CSIM_AES_CR, cr);
    wr(b, CSIM_AES_CR, cr | EN);
    for (size_t i = 0; i < alen; i += 16) {
        memset(buf, 0, 16);
        memcpy(buf, aad + i, alen - i < 16 ? alen - i : 16);
        pc->header = block8(b, buf, NULL);
    }
    cr = (rd(b, CSIM_AES_CR) & ~0x6000u) | PH_PAY;
    wr(b, CSIM_AES_CR, cr);
    for (size_t i = 0; i < len; i += 16) {
        size_t n = len - i < 16 ? len - i : 16;
        memset(buf, 0, 16);
        memcpy(buf, in + i, n);
        if (n < 16) {
            wr(b, CSIM_AES_CR, (rd(b, CSIM_AES_CR) & ~NPBLB(15)) | NPBLB(16 - n));
        }
        pc->payload = block8(b, buf, o);
        memcpy(out + i, o, n);
    }
    cr = (rd(b, CSIM_AES_CR) & ~0x6018u) | PH_FIN | MODE_ENC;
    wr(b, CSIM_AES_CR, cr);
    uint64_t abits = alen * 8, pbits = len * 8;
    wr(b, CSIM_AES_DINR, (uint32_t)(abits >> 32));
    wr(b, CSIM_AES_DINR, (uint32_t)abits);
    wr(b, CSIM_AES_DINR, (uint32_t)(pbits >> 32));
    wr(b, CSIM_AES_DINR, (uint32_t)pbits);
    pc->final = wait_ccf(b, b->now - 1);
    for (int i = 0; i < 4; i++) {
        put_le32(tag + 4 * i, rd(b, CSIM_AES_DOUTR));
    }
    wr(b, CSIM_AES_CR, rd(b, CSIM_AES_CR) | CCFC);
    wr(b, CSIM_AES_CR, 0);
}

static void ossl_aead(const EVP_CIPHER *c, const uint8_t *key, const uint8_t *iv, int ivlen,
                      const uint8_t *aad, int alen, const uint8_t *in, int len, uint8_t *out,
                      uint8_t *tag, int tlen)
{
    EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
    int n;
    EVP_EncryptInit_ex(x, c, NULL, NULL, NULL);
    EVP_CIPHER_CTX_ctrl(x, c == EVP_aes_128_ccm() || c == EVP_aes_256_ccm() ? EVP_CTRL_CCM_SET_IVLEN
                                                                             : EVP_CTRL_GCM_SET_IVLEN,
                        ivlen, NULL);
    if (c == EVP_aes_128_ccm() || c == EVP_aes_256_ccm()) {
        EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_CCM_SET_TAG, tlen, NULL);
        EVP_EncryptInit_ex(x, NULL, NULL, key, iv);
        EVP_EncryptUpdate(x, NULL, &n, NULL, len);
    } else {
        EVP_EncryptInit_ex(x, NULL, NULL, key, iv);
    }
    if (alen) {
        EVP_EncryptUpdate(x, NULL, &n, aad, alen);
    }
    EVP_EncryptUpdate(x, out, &n, in, len);
    EVP_EncryptFinal_ex(x, out + n, &n);
    EVP_CIPHER_CTX_ctrl(x, c == EVP_aes_128_ccm() || c == EVP_aes_256_ccm() ? EVP_CTRL_CCM_GET_TAG
                                                                             : EVP_CTRL_GCM_GET_TAG,
                        tlen, tag);
    EVP_CIPHER_CTX_free(x);
}

static void test_gcm(bus *b)
{
    /* GCM specification (McGrew/Viega) test case 4: 20-byte AAD, 60-byte payload. */
    uint8_t key[32], iv[12], aad[20], pt[60], ct[60], tag[16], out[60], t[16], ect[60], etag[16];
    hex("feffe9928665731c6d6a8f9467308308", key, 16);
    hex("cafebabefacedbaddecaf888", iv, 12);
    hex("feedfacedeadbeeffeedfacedeadbeefabaddad2", aad, 20);
    hex("d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72"
        "1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39", pt, 60);
    hex("42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e"
        "21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091", ct, 60);
    hex("5bc94fbc3221a5db94fae95ae7121a47", tag, 16);
    phase_cycles pc;
    run_gcm(b, key, 16, 0, iv, aad, 20, pt, out, 60, t, &pc);
    CHECK(memcmp(out, ct, 60) == 0, "GCM test case 4 ciphertext");
    CHECK(memcmp(t, tag, 16) == 0, "GCM test case 4 tag");
    CHECK(pc.init == 64 && pc.header == 35 && pc.payload == 51 && pc.final == 59,
          "GCM-128 phases %llu/%llu/%llu/%llu, RM 64/35/51/59", (unsigned long long)pc.init,
          (unsigned long long)pc.header, (unsigned long long)pc.payload,
          (unsigned long long)pc.final);
    run_gcm(b, key, 16, 1, iv, aad, 20, ct, out, 60, t, &pc);
    CHECK(memcmp(out, pt, 60) == 0 && memcmp(t, tag, 16) == 0, "GCM test case 4 decrypt");
    /* AES-256 against libcrypto (test case 16's inputs). */
    hex("feffe9928665731c6d6a8f9467308308feffe9928665731c6d6a8f9467308308", key, 32);
    run_gcm(b, key, 32, 0, iv, aad, 20, pt, out, 60, t, &pc);
    ossl_aead(EVP_aes_256_gcm(), key, iv, 12, aad, 20, pt, 60, ect, etag, 16);
    CHECK(memcmp(out, ect, 60) == 0 && memcmp(t, etag, 16) == 0, "GCM-256 vs libcrypto");
    CHECK(pc.init == 88 && pc.header == 35 && pc.payload == 75 && pc.final == 59,
          "GCM-256 phases %llu/%llu/%llu/%llu, RM 88/35/75/59", (unsigned long long)pc.init,
          (unsigned long long)pc.header, (unsigned long long)pc.payload,
          (unsigned long long)pc.final);
    /* GMAC: header only. */
    run_gcm(b, key, 32, 0, iv, aad, 20, NULL, NULL, 0, t, &pc);
    ossl_aead(EVP_aes_256_gcm(), key, iv, 12, aad, 20, NULL, 0, ect, etag, 16);
    CHECK(memcmp(t, etag, 16) == 0, "GMAC-256 vs libcrypto");
}

/* CCM as CycloneCRYPTO's ccmProcessData: B0 in IVR, formatted header blocks. */
static void run_ccm(bus *b, const uint8_t *key, unsigned kn, int dec, const uint8_t *nonce,
                    size_t nlen, const uint8_t *aad, size_t alen, const uint8_t *in, uint8_t *out,
                    size_t len, size_t tlen, uint8_t tag[16], phase_cycles *pc)
{
    uint32_t ks = kn == 32 ? KEY256 : 0, mode = dec ? MODE_DEC : MODE_ENC;
    uint8_t b0[16] = {0}, hdr[64] = {0}, buf[16], o[16];
    size_t q = 15 - nlen;
    b0[0] = (uint8_t)((alen ? 0x40 : 0) | ((tlen - 2) / 2) << 3 | (q - 1));
    memcpy(b0 + 1, nonce, nlen);
    for (size_t i = 0; i < q; i++) {
        b0[15 - i] = (uint8_t)(len >> 8 * i);
    }
    wr(b, CSIM_AES_CR, CCFC);
    wr(b, CSIM_AES_CR, ks | CH_CCM | DT_8B | PH_INIT | mode);
    load_key(b, key, kn);
    load_iv(b, b0);
    wr(b, CSIM_AES_CR, rd(b, CSIM_AES_CR) | EN);
    pc->init = wait_ccf(b, b->now - 1);
    wr(b, CSIM_AES_CR, rd(b, CSIM_AES_CR) | CCFC);
    uint32_t cr = (rd(b, CSIM_AES_CR) & ~0x6000u) | PH_HDR;
    wr(b, CSIM_AES_CR, cr);
    wr(b, CSIM_AES_CR, cr | EN);
    size_t hn = 0;
    if (alen) {
        hdr[0] = (uint8_t)(alen >> 8), hdr[1] = (uint8_t)alen;
        memcpy(hdr + 2, aad, alen);
        hn = (alen + 2 + 15) & ~(size_t)15;
    }
    for (size_t i = 0; i < hn; i += 16) {
        pc->header = block8(b, hdr + i, NULL);
    }
    cr = (rd(b, CSIM_AES_CR) & ~0x6000u) | PH_PAY;
    wr(b, CSIM_AES_CR, cr);
    for (size_t i = 0; i < len; i += 16) {
        size_t n = len - i < 16 ? len - i : 16;
        memset(buf, 0, 16);
        memcpy(buf, in + i, n);
        if (n < 16 && dec) {
            wr(b, CSIM_AES_CR, (rd(b, CSIM_AES_CR) & ~NPBLB(15)) | NPBLB(16 - n));
        }
        pc->payload = block8(b, buf, o);
        memcpy(out + i, o, n);
    }
    wr(b, CSIM_AES_CR, (rd(b, CSIM_AES_CR) & ~0x6000u) | PH_FIN);
    pc->final = wait_ccf(b, b->now - 1);
    for (int i = 0; i < 4; i++) {
        put_le32(tag + 4 * i, rd(b, CSIM_AES_DOUTR));
    }
    wr(b, CSIM_AES_CR, rd(b, CSIM_AES_CR) | CCFC);
    wr(b, CSIM_AES_CR, 0);
}

static void test_ccm(bus *b)
{
    uint8_t key[32], nonce[13], aad[20], pt[40], out[40], t[16], e[40], et[16];
    phase_cycles pc;
    /* SP 800-38C C.1: Tlen 4, 7-byte nonce, 8-byte AAD, 4-byte payload. */
    hex("404142434445464748494a4b4c4d4e4f", key, 16);
    hex("10111213141516", nonce, 7);
    hex("0001020304050607", aad, 8);
    hex("20212223", pt, 4);
    run_ccm(b, key, 16, 0, nonce, 7, aad, 8, pt, out, 4, 4, t, &pc);
    hex("7162015b4dac255d", e, 8);
    CHECK(memcmp(out, e, 4) == 0 && memcmp(t, e + 4, 4) == 0, "SP 800-38C C.1");
    CHECK(pc.init == 63 && pc.header == 55 && pc.payload == 114 && pc.final == 58,
          "CCM-128 phases %llu/%llu/%llu/%llu, RM 63/55/114/58", (unsigned long long)pc.init,
          (unsigned long long)pc.header, (unsigned long long)pc.payload,
          (unsigned long long)pc.final);
    run_ccm(b, key, 16, 1, nonce, 7, aad, 8, e, out, 4, 4, t, &pc);
    CHECK(memcmp(out, pt, 4) == 0 && memcmp(t, e + 4, 4) == 0, "SP 800-38C C.1 decrypt");
    /* AES-256, 13-byte nonce, 40-byte payload (partial last block) vs libcrypto. */
    hex("c0c1c2c3c4c5c6c7c8c9cacbcccdcecfd0d1d2d3d4d5d6d7d8d9dadbdcdddedf", key, 32);
    hex("00000003020100a0a1a2a3a4a5", nonce, 13);
    hex("000102030405060708090a0b0c0d0e0f10111213", aad, 20);
    for (int i = 0; i < 40; i++) {
        pt[i] = (uint8_t)(0x20 + i);
    }
    run_ccm(b, key, 32, 0, nonce, 13, aad, 20, pt, out, 40, 16, t, &pc);
    ossl_aead(EVP_aes_256_ccm(), key, nonce, 13, aad, 20, pt, 40, e, et, 16);
    CHECK(memcmp(out, e, 40) == 0 && memcmp(t, et, 16) == 0, "CCM-256 vs libcrypto");
    CHECK(pc.init == 87 && pc.header == 79 && pc.payload == 162 && pc.final == 82,
          "CCM-256 phases %llu/%llu/%llu/%llu, RM 87/79/162/82", (unsigned long long)pc.init,
          (unsigned long long)pc.header, (unsigned long long)pc.payload,
          (unsigned long long)pc.final);
    uint8_t back[40], t2[16];
    run_ccm(b, key, 32, 1, nonce, 13, aad, 20, e, back, 40, 16, t2, &pc);
    CHECK(memcmp(back, pt, 40) == 0 && memcmp(t2, et, 16) == 0,
          "CCM-256 decrypt with NPBLB on the partial block");
}

/* Suspend/resume: a GCM header interrupted after its first block by another
 * message, resumed by init phase + SUSPxR restore, gives the same tag. */
static void test_suspend(bus *b)
{
    uint8_t key[16], iv[12], aad[32], blk[16], t1[16], t2[16];
    phase_cycles pc;
    hex("feffe9928665731c6d6a8f9467308308", key, 16);
    hex("cafebabefacedbaddecaf888", iv, 12);
    for (int i = 0; i < 32; i++) {
        aad[i] = (uint8_t)i;
    }
    run_gcm(b, key, 16, 0, iv, aad, 32, NULL, NULL, 0, t1, &pc);
    /* first half, then save */
    wr(b, CSIM_AES_CR, CCFC);
    wr(b, CSIM_AES_CR, CH_GCM | PH_INIT);
    load_key(b, key, 16);
    wr(b, CSIM_AES_IVR3, be32(iv));
    wr(b, CSIM_AES_IVR0 + 8, be32(iv + 4));
    wr(b, CSIM_AES_IVR0 + 4, be32(iv + 8));
    wr(b, CSIM_AES_IVR0, 2);
    wr(b, CSIM_AES_CR, CH_GCM | PH_INIT | EN);
    wait_ccf(b, b->now);
    wr(b, CSIM_AES_CR, CH_GCM | DT_8B | PH_HDR | CCFC);
    wr(b, CSIM_AES_CR, CH_GCM | DT_8B | PH_HDR | EN);
    block8(b, aad, NULL);
    uint32_t susp[8], ivr[4];
    for (int i = 0; i < 8; i++) {
        susp[i] = rd(b, CSIM_AES_SUSP0R + 4 * i);
    }
    for (int i = 0; i < 4; i++) {
        ivr[i] = rd(b, CSIM_AES_IVR0 + 4 * i);
    }
    wr(b, CSIM_AES_CR, 0);
    /* another message in between */
    uint8_t other[16] = {0}, o[16];
    run_basic(b, key, 16, CH_ECB, 0, NULL, other, o, 16, NULL, NULL);
    /* resume: key, init phase, restore */
    wr(b, CSIM_AES_CR, CH_GCM | PH_INIT);
    load_key(b, key, 16);
    for (int i = 0; i < 4; i++) {
        wr(b, CSIM_AES_IVR0 + 4 * i, ivr[i]);
    }
    wr(b, CSIM_AES_CR, CH_GCM | PH_INIT | EN);
    wait_ccf(b, b->now);
    for (int i = 0; i < 8; i++) {
        wr(b, CSIM_AES_SUSP0R + 4 * i, susp[i]);
    }
    wr(b, CSIM_AES_CR, CH_GCM | DT_8B | PH_HDR | CCFC);
    wr(b, CSIM_AES_CR, CH_GCM | DT_8B | PH_HDR | EN);
    memcpy(blk, aad + 16, 16);
    block8(b, blk, NULL);
    wr(b, CSIM_AES_CR, CH_GCM | DT_8B | PH_FIN | EN);
    wr(b, CSIM_AES_DINR, 0);
    wr(b, CSIM_AES_DINR, 256);
    wr(b, CSIM_AES_DINR, 0);
    wr(b, CSIM_AES_DINR, 0);
    wait_ccf(b, b->now);
    for (int i = 0; i < 4; i++) {
        put_le32(t2 + 4 * i, rd(b, CSIM_AES_DOUTR));
    }
    CHECK(memcmp(t1, t2, 16) == 0, "GCM header suspended and resumed: same tag");
    wr(b, CSIM_AES_CR, 0);
}

/* Status flags: BUSY while computing, WRERR on a write during computation,
 * RDERR on a read before CCF, CCF cleared by CCFC and by ICR, IPRST. */
static void test_flags(bus *b)
{
    uint8_t key[16] = {0};
    wr(b, CSIM_AES_CR, CCFC);
    load_key(b, key, 16);
    CHECK(rd(b, CSIM_AES_SR) & 0x80u, "KEYVALID after the key is written");
    wr(b, CSIM_AES_CR, EN);
    for (int i = 0; i < 4; i++) {
        wr(b, CSIM_AES_DINR, 0);
    }
    CHECK((rd(b, CSIM_AES_SR) & 0x9u) == 0x8u, "BUSY, no CCF, right after the block");
    wr(b, CSIM_AES_DINR, 0);
    CHECK(rd(b, CSIM_AES_SR) & 0x4u, "WRERR: DINR written during computation");
    rd(b, CSIM_AES_DOUTR);
    CHECK(rd(b, CSIM_AES_SR) & 0x2u, "RDERR: DOUTR read before CCF");
    wr(b, CSIM_AES_CR, EN | 0x100u);
    CHECK(!(rd(b, CSIM_AES_SR) & 0x6u), "ERRC clears the error flags");
    wait_ccf(b, b->now);
    CHECK(rd(b, CSIM_AES_ISR) & 1u, "ISR.CCF mirrors SR.CCF");
    wr(b, CSIM_AES_ICR, 1);
    CHECK(!(rd(b, CSIM_AES_SR) & 1u), "ICR.CCF clears CCF");
    wr(b, CSIM_AES_CR, IPRST);
    wr(b, CSIM_AES_CR, 0);
    CHECK(rd(b, CSIM_AES_SR) == 0 && rd(b, CSIM_AES_IVR0) == 0, "IPRST resets the peripheral");
}

int main(void)
{
    bus b = {csim_aes_new(CSIM_AES_IP_U0), 1000};
    if (!b.a) {
        fprintf(stderr, "out of memory\n");
        return 1;
    }
    test_fips197_sp800_38a(&b);
    test_swapping(&b);
    test_gcm(&b);
    test_ccm(&b);
    test_suspend(&b);
    test_flags(&b);
    CHECK(csim_aes_latency(CSIM_AES_IP_U0, CSIM_AES_OP_COUNT, false) == 0, "no latency for an unknown operation");
    csim_aes_free(b.a);
    if (failures) {
        fprintf(stderr, "%d failure(s)\n", failures);
        return 1;
    }
    printf("periph_aes: all tests passed\n");
    return 0;
}
