/* SPDX-License-Identifier: MIT */
/*
 * keccak.c - Keccak-f[1600] and the FIPS 202 sponge, bit-interleaved 32-bit form.
 *
 * A 64-bit lane L is stored as E (bits 0,2,..,62 of L) and O (bits 1,3,..,63),
 * so that rotating L left by 2s is (E,O) -> (rot(E,s), rot(O,s)) and by 2s+1 is
 * (E,O) -> (rot(O,s+1), rot(E,s)).  Bytes enter and leave the state one lane
 * at a time through shuffle/unshuffle.
 */
#include <string.h>

#include "keccak.h"

/* Iota round constants RC[ir] (FIPS 202 Sec. 3.2.5, Algorithms 5 and 6),
 * bit-interleaved {even bits, odd bits}; the 64-bit value is in the comment. */
static const uint32_t keccak_rc[24][2] = {
    {0x00000001, 0x00000000}, /* 0000000000000001 */
    {0x00000000, 0x00000089}, /* 0000000000008082 */
    {0x00000000, 0x8000008b}, /* 800000000000808a */
    {0x00000000, 0x80008080}, /* 8000000080008000 */
    {0x00000001, 0x0000008b}, /* 000000000000808b */
    {0x00000001, 0x00008000}, /* 0000000080000001 */
    {0x00000001, 0x80008088}, /* 8000000080008081 */
    {0x00000001, 0x80000082}, /* 8000000000008009 */
    {0x00000000, 0x0000000b}, /* 000000000000008a */
    {0x00000000, 0x0000000a}, /* 0000000000000088 */
    {0x00000001, 0x00008082}, /* 0000000080008009 */
    {0x00000000, 0x00008003}, /* 000000008000000a */
    {0x00000001, 0x0000808b}, /* 000000008000808b */
    {0x00000001, 0x8000000b}, /* 800000000000008b */
    {0x00000001, 0x8000008a}, /* 8000000000008089 */
    {0x00000001, 0x80000081}, /* 8000000000008003 */
    {0x00000000, 0x80000081}, /* 8000000000008002 */
    {0x00000000, 0x80000008}, /* 8000000000000080 */
    {0x00000000, 0x00000083}, /* 000000000000800a */
    {0x00000000, 0x80008003}, /* 800000008000000a */
    {0x00000001, 0x80008088}, /* 8000000080008081 */
    {0x00000000, 0x80000088}, /* 8000000000008080 */
    {0x00000001, 0x00008000}, /* 0000000080000001 */
    {0x00000000, 0x80008082}, /* 8000000080008008 */
};

static inline uint32_t rol32(uint32_t x, unsigned n)
{
    return (x << n) | (x >> ((32u - n) & 31u));
}

/* Rho and pi together (FIPS 202 Sec. 3.2.2 and 3.2.3): pi moves lane (x,y) to
 * (y, 2x+3y), and walking that map from (1,0) visits the 24 non-zero lanes in
 * the order of rho's offsets (t+1)(t+2)/2 mod 64.  A step stores the lane in
 * hand (ve, vo), rotated left by r, into lane d = x + 5y and picks up the lane
 * it displaces, adding theta's column term D[x] to it.  Unrolled so that every
 * rotation amount is a constant. */
#define RHO_PI_STEP(d, x, r)                                                    \
    do {                                                                        \
        uint32_t ne = s[2 * (d)] ^ de[x], no = s[2 * (d) + 1] ^ dox[x];         \
        if ((r) & 1) {                                                          \
            s[2 * (d)] = rol32(vo, ((r) + 1) / 2);                              \
            s[2 * (d) + 1] = rol32(ve, (r) / 2);                                \
        } else {                                                                \
            s[2 * (d)] = rol32(ve, (r) / 2);                                    \
            s[2 * (d) + 1] = rol32(vo, (r) / 2);                                \
        }                                                                       \
        ve = ne;                                                                \
        vo = no;                                                                \
    } while (0)

void fw_keccak_f1600(uint32_t s[50])
{
    unsigned round, i;

    for (round = 0; round < 24; round++) {
        uint32_t c[10], de[5], dox[5], ve, vo;

        /* theta: column parities C[x] (c[2x] even, c[2x+1] odd half) and
         * D[x] = C[x-1] ^ rot(C[x+1], 1) */
        for (i = 0; i < 10; i++)
            c[i] = s[i] ^ s[i + 10] ^ s[i + 20] ^ s[i + 30] ^ s[i + 40];
        de[0] = c[8] ^ rol32(c[3], 1);
        dox[0] = c[9] ^ c[2];
        de[1] = c[0] ^ rol32(c[5], 1);
        dox[1] = c[1] ^ c[4];
        de[2] = c[2] ^ rol32(c[7], 1);
        dox[2] = c[3] ^ c[6];
        de[3] = c[4] ^ rol32(c[9], 1);
        dox[3] = c[5] ^ c[8];
        de[4] = c[6] ^ rol32(c[1], 1);
        dox[4] = c[7] ^ c[0];

        /* theta applied while rho/pi move the lanes; lane 0 stays put */
        s[0] ^= de[0];
        s[1] ^= dox[0];
        ve = s[2] ^ de[1];
        vo = s[3] ^ dox[1];
        RHO_PI_STEP(10, 0, 1);
        RHO_PI_STEP(7, 2, 3);
        RHO_PI_STEP(11, 1, 6);
        RHO_PI_STEP(17, 2, 10);
        RHO_PI_STEP(18, 3, 15);
        RHO_PI_STEP(3, 3, 21);
        RHO_PI_STEP(5, 0, 28);
        RHO_PI_STEP(16, 1, 36);
        RHO_PI_STEP(8, 3, 45);
        RHO_PI_STEP(21, 1, 55);
        RHO_PI_STEP(24, 4, 2);
        RHO_PI_STEP(4, 4, 14);
        RHO_PI_STEP(15, 0, 27);
        RHO_PI_STEP(23, 3, 41);
        RHO_PI_STEP(19, 4, 56);
        RHO_PI_STEP(13, 3, 8);
        RHO_PI_STEP(12, 2, 25);
        RHO_PI_STEP(2, 2, 43);
        RHO_PI_STEP(20, 0, 62);
        RHO_PI_STEP(14, 4, 18);
        RHO_PI_STEP(22, 2, 39);
        RHO_PI_STEP(9, 4, 61);
        RHO_PI_STEP(6, 1, 20);
        RHO_PI_STEP(1, 1, 44);

        /* chi, one plane and one interleaved half at a time */
        for (i = 0; i < 50; i += 10) {
            unsigned h;

            for (h = i; h < i + 2; h++) {
                uint32_t a0 = s[h], a1 = s[h + 2], a2 = s[h + 4], a3 = s[h + 6], a4 = s[h + 8];

                s[h] = a0 ^ (~a1 & a2);
                s[h + 2] = a1 ^ (~a2 & a3);
                s[h + 4] = a2 ^ (~a3 & a4);
                s[h + 6] = a3 ^ (~a4 & a0);
                s[h + 8] = a4 ^ (~a0 & a1);
            }
        }

        /* iota */
        s[0] ^= keccak_rc[round][0];
        s[1] ^= keccak_rc[round][1];
    }
}

/* Moves the even bits of x to its low half and the odd bits to its high half
 * (an "unshuffle" by four delta swaps); shuffle() is its inverse. */
static uint32_t unshuffle(uint32_t x)
{
    uint32_t t;

    t = (x ^ (x >> 1)) & 0x22222222u;
    x ^= t ^ (t << 1);
    t = (x ^ (x >> 2)) & 0x0c0c0c0cu;
    x ^= t ^ (t << 2);
    t = (x ^ (x >> 4)) & 0x00f000f0u;
    x ^= t ^ (t << 4);
    t = (x ^ (x >> 8)) & 0x0000ff00u;
    x ^= t ^ (t << 8);
    return x;
}

static uint32_t shuffle(uint32_t x)
{
    uint32_t t;

    t = (x ^ (x >> 8)) & 0x0000ff00u;
    x ^= t ^ (t << 8);
    t = (x ^ (x >> 4)) & 0x00f000f0u;
    x ^= t ^ (t << 4);
    t = (x ^ (x >> 2)) & 0x0c0c0c0cu;
    x ^= t ^ (t << 2);
    t = (x ^ (x >> 1)) & 0x22222222u;
    x ^= t ^ (t << 1);
    return x;
}

static uint32_t load32_le(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void store32_le(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

/* XORs the 8 little-endian bytes b into lane l (FIPS 202 Sec. 3.1.2 byte order). */
static void lane_xor(uint32_t *l, const uint8_t b[8])
{
    uint32_t lo = unshuffle(load32_le(b)), hi = unshuffle(load32_le(b + 4));

    l[0] ^= (lo & 0xffffu) | (hi << 16);
    l[1] ^= (lo >> 16) | (hi & 0xffff0000u);
}

static void lane_get(const uint32_t *l, uint8_t b[8])
{
    store32_le(b, shuffle((l[0] & 0xffffu) | (l[1] << 16)));
    store32_le(b + 4, shuffle((l[0] >> 16) | (l[1] & 0xffff0000u)));
}

static void keccak_init(keccak_ctx *c, uint8_t rate, uint8_t pad)
{
    memset(c->s, 0, sizeof c->s);
    c->pos = 0;
    c->rate = rate;
    c->pad = pad;
}

/* Domain bytes: SHA3 appends 01, SHAKE 1111, then pad10*1 starts with a 1
 * (FIPS 202 Sec. 6.1, 6.2 and B.2). */
void fw_shake128_init(keccak_ctx *c) { keccak_init(c, SHAKE128_RATE, 0x1f); }
void fw_shake256_init(keccak_ctx *c) { keccak_init(c, SHAKE256_RATE, 0x1f); }
void fw_sha3_256_init(keccak_ctx *c) { keccak_init(c, SHA3_256_RATE, 0x06); }

void fw_keccak_absorb(keccak_ctx *c, const uint8_t *in, size_t len)
{
    while (len > 0) {
        unsigned off = c->pos & 7u;
        size_t n = 8u - off;
        uint8_t b[8] = {0};

        if (n > len)
            n = len;
        memcpy(b + off, in, n);
        lane_xor(&c->s[2 * (c->pos >> 3)], b);
        c->pos = (uint8_t)(c->pos + n);
        in += n;
        len -= n;
        if (c->pos == c->rate) {
            fw_keccak_f1600(c->s);
            c->pos = 0;
        }
    }
}

void fw_keccak_finish(keccak_ctx *c)
{
    uint8_t b[8] = {0};

    b[c->pos & 7u] = c->pad;
    lane_xor(&c->s[2 * (c->pos >> 3)], b);
    b[c->pos & 7u] = 0;
    b[7] = 0x80;
    lane_xor(&c->s[2 * (c->rate / 8u - 1u)], b);
    fw_keccak_f1600(c->s);
    c->pos = 0;
}

void fw_keccak_squeeze(keccak_ctx *c, uint8_t *out, size_t len)
{
    while (len > 0) {
        unsigned off;
        size_t n;
        uint8_t b[8];

        if (c->pos == c->rate) {
            fw_keccak_f1600(c->s);
            c->pos = 0;
        }
        off = c->pos & 7u;
        n = 8u - off;
        if (n > len)
            n = len;
        lane_get(&c->s[2 * (c->pos >> 3)], b);
        memcpy(out, b + off, n);
        c->pos = (uint8_t)(c->pos + n);
        out += n;
        len -= n;
    }
}

void fw_sha3_256(uint8_t out[32], const uint8_t *in, size_t len)
{
    keccak_ctx c;

    fw_sha3_256_init(&c);
    fw_keccak_absorb(&c, in, len);
    fw_keccak_finish(&c);
    fw_keccak_squeeze(&c, out, 32);
}

void fw_shake128(uint8_t *out, size_t outlen, const uint8_t *in, size_t inlen)
{
    keccak_ctx c;

    fw_shake128_init(&c);
    fw_keccak_absorb(&c, in, inlen);
    fw_keccak_finish(&c);
    fw_keccak_squeeze(&c, out, outlen);
}

void fw_shake256(uint8_t *out, size_t outlen, const uint8_t *in, size_t inlen)
{
    keccak_ctx c;

    fw_shake256_init(&c);
    fw_keccak_absorb(&c, in, inlen);
    fw_keccak_finish(&c);
    fw_keccak_squeeze(&c, out, outlen);
}
