/* SPDX-License-Identifier: MIT */
/*
 * aes_hw_u3.c - polling driver for the STM32U3 AES and SAES (aes_hw_u3.h).
 * Register offsets and bits: CMSIS stm32u385xx.h; procedures: RM0487 AES and
 * SAES chapters as ST's stm32u3xx HAL CRYP driver follows them (key
 * preparation for decryption, GCM and CCM phases, the SAES start-up wait).
 */
#include <string.h>

#include "aes_hw_u3.h"

#define AES_BASE_NS 0x420C0000u  /* AHB2PERIPH_BASE_NS (0x42020000) + 0x000A0000 */
#define SAES_BASE_NS 0x420C0C00u /* AHB2PERIPH_BASE_NS + 0x000A0C00 */
#define RCC_AHB2ENR1 (*(volatile uint32_t *)0x40030C8Cu)
#define RCC_AHB2ENR1_AESEN (1u << 16)
#define RCC_AHB2ENR1_RNGEN (1u << 18)
#define RCC_AHB2ENR1_SAESEN (1u << 20)

/* The unit in use: every register access goes through it. */
static uint32_t aes3_base = AES_BASE_NS;
#define REG(off) (*(volatile uint32_t *)(uintptr_t)(aes3_base + (off)))
#define CR REG(0x00)
#define SR REG(0x04)
#define DINR REG(0x08)
#define DOUTR REG(0x0C)
#define KEYR(i) REG((i) < 4 ? 0x10 + 4 * (i) : 0x30 + 4 * ((i) - 4))
#define IVR(i) REG(0x20 + 4 * (i))
#define ISR REG(0x304)
#define ICR REG(0x308)

#define CR_EN 0x1u
#define CR_DATATYPE_8B 0x4u /* byte swapping: DINR/DOUTR words are memory order */
#define CR_MODE_KEYDERIV 0x8u
#define CR_MODE_DEC 0x10u
#define CR_CHMOD_CBC 0x20u
#define CR_CHMOD_CTR 0x40u
#define CR_CHMOD_GCM 0x60u
#define CR_CHMOD_CCM 0x10000u
#define CR_GCMPH_MASK 0x6000u
#define CR_GCMPH_HEADER 0x2000u
#define CR_GCMPH_PAYLOAD 0x4000u
#define CR_GCMPH_FINAL 0x6000u
#define CR_KEYSIZE_256 0x40000u
#define CR_NPBLB(n) ((uint32_t)(n) << 20)
#define CR_NPBLB_MASK 0xF00000u
#define SR_BUSY 0x8u
#define SR_KEYVALID 0x80u
#define ISR_CCF 0x1u
#define ICR_CCF 0x1u

static void select_unit(aes3_unit u) { aes3_base = u == AES3_SAES ? SAES_BASE_NS : AES_BASE_NS; }

void aes3_init(aes3_unit u)
{
    select_unit(u);
    if (u == AES3_SAES) {
        RCC_AHB2ENR1 |= RCC_AHB2ENR1_SAESEN | RCC_AHB2ENR1_RNGEN; /* SAES takes its masks from the RNG */
        (void)RCC_AHB2ENR1;
        while (SR & SR_BUSY) { /* initialisation: random numbers from the RNG */
        }
    } else {
        RCC_AHB2ENR1 |= RCC_AHB2ENR1_AESEN;
        (void)RCC_AHB2ENR1;
    }
}

static uint32_t load_be32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static void store_be32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

/* The HAL's CRYP_WaitOnCCFlag: ISR.CCF, then ICR.CCF clears it. */
static void wait_ccf(void)
{
    while (!(ISR & ISR_CCF)) {
    }
    ICR = ICR_CCF;
}

static int bad_key_or_align(unsigned keylen, const void *in, const void *out)
{
    return (keylen != 16 && keylen != 32) || (((uintptr_t)in | (uintptr_t)out) & 3u) != 0;
}

/* CR cleared, key size set, key written (KEYR(n-1) takes the first key
 * bytes, KEYR0 last, as the HAL's CRYP_SetKey), KEYVALID awaited. */
static uint32_t load_key(aes3_unit u, const uint8_t *key, unsigned keylen)
{
    select_unit(u);
    uint32_t ks = keylen == 32 ? CR_KEYSIZE_256 : 0;
    unsigned n = keylen / 4, i;
    CR = ks;
    for (i = 0; i < n; i++) {
        KEYR(n - 1 - i) = load_be32(key + 4 * i);
    }
    while (!(SR & SR_KEYVALID)) {
    }
    return ks;
}

static void load_iv(const uint8_t iv[16])
{
    for (unsigned i = 0; i < 4; i++) {
        IVR(3 - i) = load_be32(iv + 4 * i);
    }
}

static void read_iv(uint8_t iv[16])
{
    for (unsigned i = 0; i < 4; i++) {
        store_be32(iv + 4 * i, IVR(3 - i));
    }
}

/* One block: four DINR writes, CCF, four DOUTR reads (none when out is NULL). */
static void block(const uint32_t *in, uint32_t *out)
{
    DINR = in[0];
    DINR = in[1];
    DINR = in[2];
    DINR = in[3];
    wait_ccf();
    if (out) {
        out[0] = DOUTR;
        out[1] = DOUTR;
        out[2] = DOUTR;
        out[3] = DOUTR;
    }
}

static void blocks(const uint8_t *in, uint8_t *out, size_t len)
{
    for (size_t off = 0; off < len; off += 16) {
        block((const uint32_t *)(const void *)(in + off), (uint32_t *)(void *)(out + off));
    }
}

int aes3_cbc(aes3_unit u, aes3_dir dir, const uint8_t *key, unsigned keylen, uint8_t iv[16],
             const uint8_t *in, uint8_t *out, size_t len)
{
    if (bad_key_or_align(keylen, in, out) || len % 16) {
        return AES3_BAD_ARG;
    }
    uint32_t ks = load_key(u, key, keylen);
    if (dir == AES3_DECRYPT) { /* mode 2: decryption key schedule; EN clears at its end */
        CR = ks | CR_MODE_KEYDERIV;
        CR = ks | CR_MODE_KEYDERIV | CR_EN;
        wait_ccf();
    }
    uint32_t cr = ks | CR_CHMOD_CBC | CR_DATATYPE_8B | (dir == AES3_DECRYPT ? CR_MODE_DEC : 0);
    CR = cr;
    load_iv(iv);
    CR = cr | CR_EN;
    blocks(in, out, len);
    read_iv(iv);
    CR = 0;
    return AES3_OK;
}

int aes3_ctr(aes3_unit u, const uint8_t *key, unsigned keylen, uint8_t ctr[16], const uint8_t *in,
             uint8_t *out, size_t len)
{
    if (bad_key_or_align(keylen, in, out) || len % 16) {
        return AES3_BAD_ARG;
    }
    uint32_t cr = load_key(u, key, keylen) | CR_CHMOD_CTR | CR_DATATYPE_8B;
    CR = cr;
    load_iv(ctr);
    CR = cr | CR_EN;
    blocks(in, out, len);
    read_iv(ctr);
    CR = 0;
    return AES3_OK;
}

/* Header (GCM/CCM): whole blocks straight from `a`, a last partial block
 * zero-padded. */
static void header_blocks(const uint8_t *a, size_t alen)
{
    uint32_t buf[4];
    for (; alen >= 16; a += 16, alen -= 16) {
        memcpy(buf, a, 16);
        block(buf, NULL);
    }
    if (alen) {
        memset(buf, 0, 16);
        memcpy(buf, a, alen);
        block(buf, NULL);
    }
}

/* Payload: whole blocks in place of the caller's buffers; a last partial
 * block through a zero-padded buffer with NPBLB set when `npblb` says so. */
static void payload_blocks(const uint8_t *in, uint8_t *out, size_t len, int npblb)
{
    size_t whole = len & ~(size_t)15;
    blocks(in, out, whole);
    if (len > whole) {
        uint32_t buf[4] = {0};
        size_t n = len - whole;
        memcpy(buf, in + whole, n);
        if (npblb) {
            CR = (CR & ~CR_NPBLB_MASK) | CR_NPBLB(16 - n);
        }
        block(buf, buf);
        memcpy(out + whole, buf, n);
    }
}

static int tag_differs(const uint8_t *a, const uint8_t *b, unsigned n)
{
    uint8_t d = 0;
    for (unsigned i = 0; i < n; i++) {
        d |= a[i] ^ b[i];
    }
    return d != 0;
}

static void read_tag(uint32_t t[4])
{
    t[0] = DOUTR;
    t[1] = DOUTR;
    t[2] = DOUTR;
    t[3] = DOUTR;
}

int aes3_gcm(aes3_unit u, aes3_dir dir, const uint8_t *key, unsigned keylen, const uint8_t iv[12],
             const uint8_t *aad, size_t alen, const uint8_t *in, uint8_t *out, size_t len,
             uint8_t tag[16])
{
    if (bad_key_or_align(keylen, in, out)) {
        return AES3_BAD_ARG;
    }
    uint32_t mode = dir == AES3_DECRYPT ? CR_MODE_DEC : 0;
    uint32_t cr = load_key(u, key, keylen) | CR_CHMOD_GCM | CR_DATATYPE_8B | mode;
    /* init phase: H = E(K, 0); IVR = IV || 2, the first payload counter */
    CR = cr;
    IVR(3) = load_be32(iv);
    IVR(2) = load_be32(iv + 4);
    IVR(1) = load_be32(iv + 8);
    IVR(0) = 2;
    CR = cr | CR_EN;
    wait_ccf(); /* the hardware clears EN at the end of the init phase */
    CR = cr | CR_GCMPH_HEADER | CR_EN;
    header_blocks(aad, alen);
    CR = cr | CR_GCMPH_PAYLOAD | CR_EN;
    payload_blocks(in, out, len, dir == AES3_ENCRYPT);
    /* final phase (the HAL changes GCMPH only): len(A) || len(C) in bits,
     * written without swapping */
    CR = (CR & ~CR_GCMPH_MASK) | CR_GCMPH_FINAL;
    uint32_t t[4];
    DINR = 0;
    DINR = (uint32_t)alen * 8u;
    DINR = 0;
    DINR = (uint32_t)len * 8u;
    wait_ccf();
    read_tag(t);
    CR = 0;
    if (dir == AES3_DECRYPT) {
        return tag_differs((const uint8_t *)t, tag, 16) ? AES3_TAG_MISMATCH : AES3_OK;
    }
    memcpy(tag, t, 16);
    return AES3_OK;
}

int aes3_ccm(aes3_unit u, aes3_dir dir, const uint8_t *key, unsigned keylen, const uint8_t *nonce,
             unsigned nlen, const uint8_t *aad, size_t alen, const uint8_t *in, uint8_t *out,
             size_t len, uint8_t *tag, unsigned tlen)
{
    if (bad_key_or_align(keylen, in, out) || nlen < 7 || nlen > 13 || tlen < 4 || tlen > 16 ||
        tlen % 2 || alen >= 0xFF00u) {
        return AES3_BAD_ARG;
    }
    uint32_t mode = dir == AES3_DECRYPT ? CR_MODE_DEC : 0;
    uint32_t cr = load_key(u, key, keylen) | CR_CHMOD_CCM | CR_DATATYPE_8B | mode;
    /* B0 (SP 800-38C A.2.1): flags, nonce, message length on q bytes */
    uint8_t b0[16] = {0};
    unsigned q = 15 - nlen;
    b0[0] = (uint8_t)((alen ? 0x40u : 0) | ((tlen - 2) / 2) << 3 | (q - 1));
    memcpy(b0 + 1, nonce, nlen);
    for (unsigned i = 0; i < q && i < sizeof(size_t); i++) {
        b0[15 - i] = (uint8_t)(len >> 8 * i);
    }
    CR = cr;
    load_iv(b0);
    CR = cr | CR_EN;
    wait_ccf();
    CR = cr | CR_GCMPH_HEADER | CR_EN;
    if (alen) { /* first header block: 2-byte length, then the AAD */
        uint8_t first[16] = {0};
        size_t n = alen < 14 ? alen : 14;
        first[0] = (uint8_t)(alen >> 8);
        first[1] = (uint8_t)alen;
        memcpy(first + 2, aad, n);
        header_blocks(first, 16);
        header_blocks(aad + n, alen - n);
    }
    CR = cr | CR_GCMPH_PAYLOAD | CR_EN;
    payload_blocks(in, out, len, dir == AES3_DECRYPT);
    CR = (CR & ~CR_GCMPH_MASK) | CR_GCMPH_FINAL; /* the tag needs no input block */
    wait_ccf();
    uint32_t t[4];
    read_tag(t);
    CR = 0;
    if (dir == AES3_DECRYPT) {
        return tag_differs((const uint8_t *)t, tag, tlen) ? AES3_TAG_MISMATCH : AES3_OK;
    }
    memcpy(tag, t, tlen);
    return AES3_OK;
}
