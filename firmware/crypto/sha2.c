/* SPDX-License-Identifier: MIT */
/*
 * sha2.c - SHA-256, SHA-384 and SHA-512 (FIPS 180-4).
 *
 * The compression functions keep the message schedule in a 16-word circular
 * buffer (FIPS 180-4 section 6.2.2 step 1 computed on the fly) and unroll the
 * rounds by eight with rotated variable names, so no per-round register
 * shuffling is needed; the next eight schedule words are expanded between
 * groups.
 */
#include "sha2.h"

#include <string.h>

/* ---- SHA-256 ------------------------------------------------------------ */

/* FIPS 180-4 section 4.2.2: first 32 bits of the fractional parts of the cube
 * roots of the first 64 primes. */
static const uint32_t K256[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

/* FIPS 180-4 section 5.3.3: SHA-256 initial hash value. */
static const uint32_t H256[8] = {
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
    0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
};

#define ROTR32(x, n) (((x) >> (n)) | ((x) << (32 - (n))))

/* FIPS 180-4 section 4.1.2, functions (4.2)-(4.7). */
#define CH(x, y, z) ((z) ^ ((x) & ((y) ^ (z))))
#define MAJ(x, y, z) (((x) & (y)) | ((z) & ((x) | (y))))
#define BSIG0_256(x) (ROTR32(x, 2) ^ ROTR32(x, 13) ^ ROTR32(x, 22))
#define BSIG1_256(x) (ROTR32(x, 6) ^ ROTR32(x, 11) ^ ROTR32(x, 25))
#define SSIG0_256(x) (ROTR32(x, 7) ^ ROTR32(x, 18) ^ ((x) >> 3))
#define SSIG1_256(x) (ROTR32(x, 17) ^ ROTR32(x, 19) ^ ((x) >> 10))

/* Message schedule (FIPS 180-4 section 6.2.2 step 1, 6.4.2 step 1) for the
 * next group of eight rounds, W[j] = s1(W[j-2]) + W[j-7] + s0(W[j-15]) +
 * W[j-16] for j = t+8..t+15, in the 16-word ring.  `p` is the half that will
 * hold them (it holds W[j-16]), `q` the other half (W[t..t+7]); with both
 * halves named, every index is a constant offset. */
#define SCHEDULE_NEXT8(p, q, ssig0, ssig1)                                     \
    do {                                                                       \
        (p)[0] += ssig1((q)[6]) + (q)[1] + ssig0((p)[1]);                      \
        (p)[1] += ssig1((q)[7]) + (q)[2] + ssig0((p)[2]);                      \
        (p)[2] += ssig1((p)[0]) + (q)[3] + ssig0((p)[3]);                      \
        (p)[3] += ssig1((p)[1]) + (q)[4] + ssig0((p)[4]);                      \
        (p)[4] += ssig1((p)[2]) + (q)[5] + ssig0((p)[5]);                      \
        (p)[5] += ssig1((p)[3]) + (q)[6] + ssig0((p)[6]);                      \
        (p)[6] += ssig1((p)[4]) + (q)[7] + ssig0((p)[7]);                      \
        (p)[7] += ssig1((p)[5]) + (p)[0] + ssig0((q)[0]);                      \
    } while (0)

/* One round of FIPS 180-4 section 6.2.2 step 3; the caller rotates the names
 * instead of moving the eight working variables. */
#define SHA256_ROUND(a, b, c, d, e, f, g, h, k, wk)                            \
    do {                                                                       \
        uint32_t t1_ = (h) + BSIG1_256(e) + CH(e, f, g) + (k) + (wk);          \
        (d) += t1_;                                                            \
        (h) = t1_ + BSIG0_256(a) + MAJ(a, b, c);                               \
    } while (0)

static uint32_t load_be32(const uint8_t *p)
{
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) |
           ((uint32_t)p[2] << 8) | (uint32_t)p[3];
}

static void store_be32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

static void sha256_compress(uint32_t state[8], const uint8_t *block)
{
    uint32_t w[16];
    uint32_t a = state[0], b = state[1], c = state[2], d = state[3];
    uint32_t e = state[4], f = state[5], g = state[6], h = state[7];
    unsigned t, j;

    for (j = 0; j < 16; j++)
        w[j] = load_be32(block + 4 * j);

    for (t = 0;; t += 8) {
        const uint32_t *k = K256 + t;
        const uint32_t *wg = w + (t & 8);

        SHA256_ROUND(a, b, c, d, e, f, g, h, k[0], wg[0]);
        SHA256_ROUND(h, a, b, c, d, e, f, g, k[1], wg[1]);
        SHA256_ROUND(g, h, a, b, c, d, e, f, k[2], wg[2]);
        SHA256_ROUND(f, g, h, a, b, c, d, e, k[3], wg[3]);
        SHA256_ROUND(e, f, g, h, a, b, c, d, k[4], wg[4]);
        SHA256_ROUND(d, e, f, g, h, a, b, c, k[5], wg[5]);
        SHA256_ROUND(c, d, e, f, g, h, a, b, k[6], wg[6]);
        SHA256_ROUND(b, c, d, e, f, g, h, a, k[7], wg[7]);
        if (t == 56)
            break;
        /* W[t+8..t+15] are already loaded for the first group. */
        if (t >= 8)
            SCHEDULE_NEXT8(w + ((t + 8) & 8), wg, SSIG0_256, SSIG1_256);
    }

    state[0] += a; state[1] += b; state[2] += c; state[3] += d;
    state[4] += e; state[5] += f; state[6] += g; state[7] += h;
}

void sha256_init(sha256_ctx *ctx)
{
    memcpy(ctx->h, H256, sizeof ctx->h);
    ctx->total = 0;
    ctx->fill = 0;
}

void sha256_update(sha256_ctx *ctx, const uint8_t *data, size_t len)
{
    ctx->total += len;
    if (ctx->fill != 0) {
        size_t take = 64 - ctx->fill;
        if (take > len)
            take = len;
        memcpy(ctx->block + ctx->fill, data, take);
        ctx->fill += (uint32_t)take;
        data += take;
        len -= take;
        if (ctx->fill < 64)
            return;
        sha256_compress(ctx->h, ctx->block);
        ctx->fill = 0;
    }
    /* Whole blocks are compressed straight from the caller's buffer. */
    for (; len >= 64; data += 64, len -= 64)
        sha256_compress(ctx->h, data);
    memcpy(ctx->block, data, len);
    ctx->fill = (uint32_t)len;
}

void sha256_final(sha256_ctx *ctx, uint8_t digest[32])
{
    uint32_t fill = ctx->fill;
    uint64_t bits = ctx->total << 3;
    unsigned i;

    /* FIPS 180-4 section 5.1.1: a 1 bit, zeros, then the 64-bit length. */
    ctx->block[fill++] = 0x80;
    if (fill > 56) {
        memset(ctx->block + fill, 0, 64 - fill);
        sha256_compress(ctx->h, ctx->block);
        fill = 0;
    }
    memset(ctx->block + fill, 0, 56 - fill);
    store_be32(ctx->block + 56, (uint32_t)(bits >> 32));
    store_be32(ctx->block + 60, (uint32_t)bits);
    sha256_compress(ctx->h, ctx->block);

    for (i = 0; i < 8; i++)
        store_be32(digest + 4 * i, ctx->h[i]);
    memset(ctx, 0, sizeof *ctx); /* the buffered tail may be sensitive */
}

void sha256(const uint8_t *data, size_t len, uint8_t digest[32])
{
    sha256_ctx ctx;
    sha256_init(&ctx);
    sha256_update(&ctx, data, len);
    sha256_final(&ctx, digest);
}

/* ---- SHA-512 / SHA-384 -------------------------------------------------- */

/* FIPS 180-4 section 4.2.3: first 64 bits of the fractional parts of the cube
 * roots of the first 80 primes. */
static const uint64_t K512[80] = {
    0x428a2f98d728ae22ull, 0x7137449123ef65cdull, 0xb5c0fbcfec4d3b2full, 0xe9b5dba58189dbbcull,
    0x3956c25bf348b538ull, 0x59f111f1b605d019ull, 0x923f82a4af194f9bull, 0xab1c5ed5da6d8118ull,
    0xd807aa98a3030242ull, 0x12835b0145706fbeull, 0x243185be4ee4b28cull, 0x550c7dc3d5ffb4e2ull,
    0x72be5d74f27b896full, 0x80deb1fe3b1696b1ull, 0x9bdc06a725c71235ull, 0xc19bf174cf692694ull,
    0xe49b69c19ef14ad2ull, 0xefbe4786384f25e3ull, 0x0fc19dc68b8cd5b5ull, 0x240ca1cc77ac9c65ull,
    0x2de92c6f592b0275ull, 0x4a7484aa6ea6e483ull, 0x5cb0a9dcbd41fbd4ull, 0x76f988da831153b5ull,
    0x983e5152ee66dfabull, 0xa831c66d2db43210ull, 0xb00327c898fb213full, 0xbf597fc7beef0ee4ull,
    0xc6e00bf33da88fc2ull, 0xd5a79147930aa725ull, 0x06ca6351e003826full, 0x142929670a0e6e70ull,
    0x27b70a8546d22ffcull, 0x2e1b21385c26c926ull, 0x4d2c6dfc5ac42aedull, 0x53380d139d95b3dfull,
    0x650a73548baf63deull, 0x766a0abb3c77b2a8ull, 0x81c2c92e47edaee6ull, 0x92722c851482353bull,
    0xa2bfe8a14cf10364ull, 0xa81a664bbc423001ull, 0xc24b8b70d0f89791ull, 0xc76c51a30654be30ull,
    0xd192e819d6ef5218ull, 0xd69906245565a910ull, 0xf40e35855771202aull, 0x106aa07032bbd1b8ull,
    0x19a4c116b8d2d0c8ull, 0x1e376c085141ab53ull, 0x2748774cdf8eeb99ull, 0x34b0bcb5e19b48a8ull,
    0x391c0cb3c5c95a63ull, 0x4ed8aa4ae3418acbull, 0x5b9cca4f7763e373ull, 0x682e6ff3d6b2b8a3ull,
    0x748f82ee5defb2fcull, 0x78a5636f43172f60ull, 0x84c87814a1f0ab72ull, 0x8cc702081a6439ecull,
    0x90befffa23631e28ull, 0xa4506cebde82bde9ull, 0xbef9a3f7b2c67915ull, 0xc67178f2e372532bull,
    0xca273eceea26619cull, 0xd186b8c721c0c207ull, 0xeada7dd6cde0eb1eull, 0xf57d4f7fee6ed178ull,
    0x06f067aa72176fbaull, 0x0a637dc5a2c898a6ull, 0x113f9804bef90daeull, 0x1b710b35131c471bull,
    0x28db77f523047d84ull, 0x32caab7b40c72493ull, 0x3c9ebe0a15c9bebcull, 0x431d67c49c100d4cull,
    0x4cc5d4becb3e42b6ull, 0x597f299cfc657e2aull, 0x5fcb6fab3ad6faecull, 0x6c44198c4a475817ull,
};

/* FIPS 180-4 section 5.3.4: SHA-384 initial hash value. */
static const uint64_t H384[8] = {
    0xcbbb9d5dc1059ed8ull, 0x629a292a367cd507ull, 0x9159015a3070dd17ull, 0x152fecd8f70e5939ull,
    0x67332667ffc00b31ull, 0x8eb44a8768581511ull, 0xdb0c2e0d64f98fa7ull, 0x47b5481dbefa4fa4ull,
};

/* FIPS 180-4 section 5.3.5: SHA-512 initial hash value. */
static const uint64_t H512[8] = {
    0x6a09e667f3bcc908ull, 0xbb67ae8584caa73bull, 0x3c6ef372fe94f82bull, 0xa54ff53a5f1d36f1ull,
    0x510e527fade682d1ull, 0x9b05688c2b3e6c1full, 0x1f83d9abfb41bd6bull, 0x5be0cd19137e2179ull,
};

#define ROTR64(x, n) (((x) >> (n)) | ((x) << (64 - (n))))

/* FIPS 180-4 section 4.1.3, functions (4.8)-(4.13). */
#define BSIG0_512(x) (ROTR64(x, 28) ^ ROTR64(x, 34) ^ ROTR64(x, 39))
#define BSIG1_512(x) (ROTR64(x, 14) ^ ROTR64(x, 18) ^ ROTR64(x, 41))
#define SSIG0_512(x) (ROTR64(x, 1) ^ ROTR64(x, 8) ^ ((x) >> 7))
#define SSIG1_512(x) (ROTR64(x, 19) ^ ROTR64(x, 61) ^ ((x) >> 6))

#define SHA512_ROUND(a, b, c, d, e, f, g, h, k, wk)                            \
    do {                                                                       \
        uint64_t t1_ = (h) + BSIG1_512(e) + CH(e, f, g) + (k) + (wk);          \
        (d) += t1_;                                                            \
        (h) = t1_ + BSIG0_512(a) + MAJ(a, b, c);                               \
    } while (0)

static uint64_t load_be64(const uint8_t *p)
{
    return ((uint64_t)load_be32(p) << 32) | load_be32(p + 4);
}

static void store_be64(uint8_t *p, uint64_t v)
{
    store_be32(p, (uint32_t)(v >> 32));
    store_be32(p + 4, (uint32_t)v);
}

/* Same structure as sha256_compress, FIPS 180-4 section 6.4.2. */
static void sha512_compress(uint64_t state[8], const uint8_t *block)
{
    uint64_t w[16];
    uint64_t a = state[0], b = state[1], c = state[2], d = state[3];
    uint64_t e = state[4], f = state[5], g = state[6], h = state[7];
    unsigned t, j;

    for (j = 0; j < 16; j++)
        w[j] = load_be64(block + 8 * j);

    for (t = 0;; t += 8) {
        const uint64_t *k = K512 + t;
        const uint64_t *wg = w + (t & 8);

        SHA512_ROUND(a, b, c, d, e, f, g, h, k[0], wg[0]);
        SHA512_ROUND(h, a, b, c, d, e, f, g, k[1], wg[1]);
        SHA512_ROUND(g, h, a, b, c, d, e, f, k[2], wg[2]);
        SHA512_ROUND(f, g, h, a, b, c, d, e, k[3], wg[3]);
        SHA512_ROUND(e, f, g, h, a, b, c, d, k[4], wg[4]);
        SHA512_ROUND(d, e, f, g, h, a, b, c, k[5], wg[5]);
        SHA512_ROUND(c, d, e, f, g, h, a, b, k[6], wg[6]);
        SHA512_ROUND(b, c, d, e, f, g, h, a, k[7], wg[7]);
        if (t == 72)
            break;
        if (t >= 8)
            SCHEDULE_NEXT8(w + ((t + 8) & 8), wg, SSIG0_512, SSIG1_512);
    }

    state[0] += a; state[1] += b; state[2] += c; state[3] += d;
    state[4] += e; state[5] += f; state[6] += g; state[7] += h;
}

void sha512_init(sha512_ctx *ctx)
{
    memcpy(ctx->h, H512, sizeof ctx->h);
    ctx->total = 0;
    ctx->fill = 0;
}

void sha384_init(sha512_ctx *ctx)
{
    memcpy(ctx->h, H384, sizeof ctx->h);
    ctx->total = 0;
    ctx->fill = 0;
}

void sha512_update(sha512_ctx *ctx, const uint8_t *data, size_t len)
{
    ctx->total += len;
    if (ctx->fill != 0) {
        size_t take = 128 - ctx->fill;
        if (take > len)
            take = len;
        memcpy(ctx->block + ctx->fill, data, take);
        ctx->fill += (uint32_t)take;
        data += take;
        len -= take;
        if (ctx->fill < 128)
            return;
        sha512_compress(ctx->h, ctx->block);
        ctx->fill = 0;
    }
    for (; len >= 128; data += 128, len -= 128)
        sha512_compress(ctx->h, data);
    memcpy(ctx->block, data, len);
    ctx->fill = (uint32_t)len;
}

/* Pads and compresses the last block(s), FIPS 180-4 section 5.1.2, then
 * writes the first `outlen` bytes of the state (SHA-384 truncates,
 * section 6.5). */
static void sha512_finish(sha512_ctx *ctx, uint8_t *digest, unsigned outlen)
{
    uint32_t fill = ctx->fill;
    unsigned i;

    ctx->block[fill++] = 0x80;
    if (fill > 112) {
        memset(ctx->block + fill, 0, 128 - fill);
        sha512_compress(ctx->h, ctx->block);
        fill = 0;
    }
    memset(ctx->block + fill, 0, 112 - fill);
    /* 128-bit length in bits: the byte count times 8. */
    store_be64(ctx->block + 112, ctx->total >> 61);
    store_be64(ctx->block + 120, ctx->total << 3);
    sha512_compress(ctx->h, ctx->block);

    for (i = 0; i < outlen / 8; i++)
        store_be64(digest + 8 * i, ctx->h[i]);
    memset(ctx, 0, sizeof *ctx);
}

void sha384_final(sha512_ctx *ctx, uint8_t digest[48])
{
    sha512_finish(ctx, digest, 48);
}

void sha512_final(sha512_ctx *ctx, uint8_t digest[64])
{
    sha512_finish(ctx, digest, 64);
}

void sha384(const uint8_t *data, size_t len, uint8_t digest[48])
{
    sha512_ctx ctx;
    sha384_init(&ctx);
    sha512_update(&ctx, data, len);
    sha384_final(&ctx, digest);
}

void sha512(const uint8_t *data, size_t len, uint8_t digest[64])
{
    sha512_ctx ctx;
    sha512_init(&ctx);
    sha512_update(&ctx, data, len);
    sha512_final(&ctx, digest);
}
