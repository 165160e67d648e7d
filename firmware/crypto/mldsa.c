/* SPDX-License-Identifier: MIT */
/*
 * mldsa.c - ML-DSA key generation, signing and verification (FIPS 204 Sec. 5
 * and 6), standard and low-RAM variants.
 *
 * Signing checks the same conditions as Alg. 7 but in a cheaper order: the
 * z bound first (it needs no w), then per row of w the r0 bound, the ct0
 * bound and the hints.  An attempt is accepted only if all of them hold, so
 * the signature is the one Alg. 7 returns.
 *
 * The low-RAM signer keeps three polynomials (NTT(c), an accumulator and a
 * scratch one).  It parks y in the signature's z field (BitPack(y, gamma1-1,
 * gamma1) has the layout of z) and recomputes each row of w = A y with A
 * re-sampled when it needs it a second time, instead of storing w.
 */
#include <string.h>

#include "keccak.h"
#include "mldsa_internal.h"

/* FIPS 204 Table 1 and Table 2. */
const mldsa_params mldsa44 = {4, 4, 2, 39, 32, 17, 80, 78, MLDSA_GAMMA2_88, 1312, 2560, 2420};
const mldsa_params mldsa65 = {6, 5, 4, 49, 48, 19, 55, 196, MLDSA_GAMMA2_32, 1952, 4032, 3309};
const mldsa_params mldsa87 = {8, 7, 2, 60, 64, 19, 75, 120, MLDSA_GAMMA2_32, 2592, 4896, 4627};

#define MLDSA_MAX_K 8
#define T1_BYTES 320 /* 256 * 10 bits, pkEncode (Alg. 22) */
#define T0_BYTES 416 /* 256 * 13 bits, skEncode (Alg. 24) */

/* ---- Encodings (FIPS 204 Sec. 7.2) ----------------------------------------- */

/* skEncode: rho (32) || K (32) || tr (64) || s1 || s2 || t0; idx < l is s1[idx],
 * idx >= l is s2[idx - l]. */
static size_t sk_s_offset(const mldsa_params *p, unsigned idx)
{
    return 128 + (size_t)idx * 32 * mldsa_eta_bits(p);
}

static size_t sk_t0_offset(const mldsa_params *p, unsigned i)
{
    return sk_s_offset(p, p->k + p->l) + (size_t)i * T0_BYTES;
}

/* sigEncode: c~ || z[0..l-1] || h (omega + k bytes). */
static size_t sig_z_offset(const mldsa_params *p, unsigned j)
{
    return p->ctilde_bytes + (size_t)j * 32 * mldsa_z_bits(p);
}

/* mu = H(tr || M', 64) (Alg. 7 line 6, Alg. 8 line 7), M' formed per m->kind
 * as in Alg. 2 and 4. */
static int message_mu(uint8_t mu[MLDSA_MU_BYTES], const uint8_t tr[64], const mldsa_msg *m)
{
    keccak_ctx h;
    uint8_t prefix[2];

    if (m->kind == MLDSA_EXTERNAL_MU) {
        if (m->msglen != MLDSA_MU_BYTES || m->ctxlen != 0)
            return -1;
        memcpy(mu, m->msg, MLDSA_MU_BYTES);
        return 0;
    }
    fw_shake256_init(&h);
    fw_keccak_absorb(&h, tr, 64);
    if (m->kind == MLDSA_PURE || m->kind == MLDSA_PREHASH) {
        if (m->ctxlen > 255)
            return -1;
        prefix[0] = (uint8_t)m->kind;
        prefix[1] = (uint8_t)m->ctxlen;
        fw_keccak_absorb(&h, prefix, 2);
        fw_keccak_absorb(&h, m->ctx, m->ctxlen);
    } else if (m->kind != MLDSA_INTERNAL || m->ctxlen != 0) {
        return -1;
    }
    fw_keccak_absorb(&h, m->msg, m->msglen);
    fw_keccak_finish(&h);
    fw_keccak_squeeze(&h, mu, MLDSA_MU_BYTES);
    return 0;
}

/* Absorbs w1Encode (Alg. 28) of one row of w1 = a. */
static void absorb_w1(keccak_ctx *h, const int32_t *a, unsigned bits)
{
    uint8_t buf[6];
    unsigned n;

    for (n = 0; n < MLDSA_N; n += 8) {
        mldsa_pack_simple(buf, a + n, 8, bits);
        fw_keccak_absorb(h, buf, bits);
    }
}

/* ---- Key generation (Alg. 6) ----------------------------------------------- */

/* s1[idx] (idx < l) or s2[idx - l], from the packed sk or re-sampled (Alg. 33). */
static void load_s(const mldsa_params *p, int32_t *r, const uint8_t *sk,
                   const uint8_t rhoprime[64], unsigned idx)
{
    if (sk)
        mldsa_unpack_offset(r, sk + sk_s_offset(p, idx), MLDSA_N, mldsa_eta_bits(p), p->eta);
    else
        mldsa_sample_eta(r, rhoprime, idx, p->eta);
}

/* Row by row: t_i = NTT^-1(sum_j A_ij o NTT(s1_j)) + s2_i with A_ij sampled
 * straight into the sum, so only two polynomials are live. */
int mldsa_keygen(const mldsa_params *p, uint8_t *pk, uint8_t *sk, const uint8_t xi[MLDSA_SEED_BYTES])
{
    int32_t acc[MLDSA_N], tmp[MLDSA_N];
    uint8_t seeds[128]; /* rho || rho' || K (Alg. 6 line 1) */
    const uint8_t *rho = seeds, *rhoprime = seeds + 32;
    unsigned i, j, n;

    memcpy(seeds, xi, MLDSA_SEED_BYTES);
    seeds[32] = p->k;
    seeds[33] = p->l;
    fw_shake256(seeds, sizeof seeds, seeds, 34);
    memcpy(pk, rho, 32);
    if (sk) {
        memcpy(sk, rho, 32);
        memcpy(sk + 32, seeds + 96, 32);
        for (i = 0; i < (unsigned)p->k + p->l; i++) {
            mldsa_sample_eta(tmp, rhoprime, i, p->eta);
            mldsa_pack_offset(sk + sk_s_offset(p, i), tmp, MLDSA_N, mldsa_eta_bits(p), p->eta);
        }
    }
    for (i = 0; i < p->k; i++) {
        memset(acc, 0, sizeof acc);
        for (j = 0; j < p->l; j++) {
            load_s(p, tmp, sk, rhoprime, j);
            mldsa_ntt(tmp);
            mldsa_sample_ntt(acc, rho, i, j, tmp);
        }
        mldsa_poly_reduce(acc);
        mldsa_invntt(acc);
        load_s(p, tmp, sk, rhoprime, p->l + i);
        for (n = 0; n < MLDSA_N; n++)
            acc[n] += tmp[n];
        mldsa_poly_freeze(acc);
        /* Power2Round (Alg. 35): t0 in (-2^12, 2^12] */
        for (n = 0; n < MLDSA_N; n++) {
            int32_t t1 = (acc[n] + (1 << (MLDSA_D - 1)) - 1) >> MLDSA_D;

            tmp[n] = acc[n] - (t1 << MLDSA_D);
            acc[n] = t1;
        }
        mldsa_pack_simple(pk + 32 + i * T1_BYTES, acc, MLDSA_N, 10);
        if (sk)
            mldsa_pack_offset(sk + sk_t0_offset(p, i), tmp, MLDSA_N, MLDSA_D, 1 << (MLDSA_D - 1));
    }
    if (sk)
        fw_shake256(sk + 64, 64, pk, p->pk_bytes); /* tr = H(pk, 64) */
    mldsa_wipe(seeds, sizeof seeds);
    mldsa_wipe(acc, sizeof acc);
    mldsa_wipe(tmp, sizeof tmp);
    return 0;
}

/* ---- Signing (Alg. 2, 4, 7) ------------------------------------------------ */

/* mu and rho'' = H(K || rnd || mu, 64) (Alg. 7 lines 6-7). */
static int sign_start(uint8_t mu[64], uint8_t rhopp[64], const uint8_t *sk, const mldsa_msg *m,
                      const uint8_t *rnd)
{
    static const uint8_t zero[MLDSA_SEED_BYTES];
    keccak_ctx h;

    if (message_mu(mu, sk + 64, m))
        return -1;
    fw_shake256_init(&h);
    fw_keccak_absorb(&h, sk + 32, 32);
    fw_keccak_absorb(&h, rnd ? rnd : zero, MLDSA_SEED_BYTES);
    fw_keccak_absorb(&h, mu, MLDSA_MU_BYTES);
    fw_keccak_finish(&h);
    fw_keccak_squeeze(&h, rhopp, 64);
    mldsa_wipe(&h, sizeof h);
    return 0;
}

/* c~ = H(mu || w1Encode(w1), lambda/4) is finished here; c = SampleInBall(c~). */
static void challenge(const mldsa_params *p, keccak_ctx *h, uint8_t *sig, int32_t *chat)
{
    fw_keccak_finish(h);
    fw_keccak_squeeze(h, sig, p->ctilde_bytes);
    mldsa_sample_in_ball(chat, sig, p->ctilde_bytes, p->tau);
    mldsa_ntt(chat);
}

/* For one row: w_cs2 = w - <<cs2>> in [0, q), ct0 = <<ct0>> centered.  Checks
 * ||LowBits(w - cs2)|| < gamma2 - beta and ||ct0|| < gamma2 and sets the
 * hints MakeHint(-ct0, w - cs2 + ct0) (Alg. 39) as bits.  Returns nonzero
 * on rejection; adds the number of hints to *count.  Constant time. */
static uint32_t row_checks(const mldsa_params *p, const int32_t *w_cs2, const int32_t *ct0,
                           uint32_t hbits[8], unsigned *count)
{
    uint32_t fail = mldsa_poly_exceeds(ct0, p->gamma2), low = 0, hsum = 0;
    unsigned n;

    for (n = 0; n < MLDSA_N; n++) {
        int32_t r0, v0, r1 = mldsa_decompose(&r0, w_cs2[n], p->gamma2);
        int32_t s = r0 >> 31, v = w_cs2[n] + ct0[n];
        uint32_t d, h;

        low |= (uint32_t)(p->gamma2 - p->beta - 1 - ((r0 ^ s) - s));
        v += (v >> 31) & MLDSA_Q;
        v -= MLDSA_Q;
        v += (v >> 31) & MLDSA_Q;
        d = (uint32_t)(mldsa_decompose(&v0, v, p->gamma2) ^ r1);
        h = (d | (0u - d)) >> 31;
        hbits[n >> 5] |= h << (n & 31);
        hsum += h;
    }
    *count += hsum;
    return fail | low >> 31;
}

/* HintBitPack (Alg. 20) of an accepted signature (h is public then). */
static void pack_hints(const mldsa_params *p, uint8_t *out, uint32_t hbits[][8])
{
    unsigned i, n, idx = 0;

    memset(out, 0, (size_t)p->omega + p->k);
    for (i = 0; i < p->k; i++) {
        for (n = 0; n < MLDSA_N; n++)
            if ((hbits[i][n >> 5] >> (n & 31)) & 1)
                out[idx++] = (uint8_t)n;
        out[p->omega + i] = (uint8_t)idx;
    }
}

/* r = <<c s>> = NTT^-1(NTT(c) o NTT(s)), centered, for s packed in sk as
 * BitPack(s, bound - 1 or bound, bound) in `bits` bits. */
static void c_times_packed(int32_t *r, const int32_t *chat, const uint8_t *in, unsigned bits,
                           int32_t bound)
{
    unsigned n;

    mldsa_unpack_offset(r, in, MLDSA_N, bits, bound);
    mldsa_ntt(r);
    mldsa_poly_pointwise(r, r, chat, 0);
    mldsa_invntt(r);
    for (n = 0; n < MLDSA_N; n++)
        r[n] = mldsa_center(r[n]);
}

/* Signing gives up (-1) before kappa overflows the 16-bit nonce of ExpandMask
 * (Alg. 34); FIPS 204 allows bounding the attempts at no fewer than 814. */
#define KAPPA_LIMIT 65536u

int mldsa_sign(const mldsa_params *p, uint8_t *sig, const uint8_t *sk, const mldsa_msg *m,
               const uint8_t *rnd, void *work)
{
    const unsigned k = p->k, l = p->l, zbits = mldsa_z_bits(p), ebits = mldsa_eta_bits(p);
    const int32_t gamma1 = (int32_t)1 << p->gamma1_bits;
    int32_t *a = work, *s1h = a + k * l * MLDSA_N, *s2h = s1h + l * MLDSA_N;
    int32_t *t0h = s2h + k * MLDSA_N, *y = t0h + k * MLDSA_N, *w = y + l * MLDSA_N;
    int32_t *chat = w + k * MLDSA_N, *tmp = chat + MLDSA_N;
    uint32_t hbits[MLDSA_MAX_K][8];
    uint8_t mu[64], rhopp[64];
    keccak_ctx h;
    unsigned kappa, i, j, n;
    int ret = -1;

    if (sign_start(mu, rhopp, sk, m, rnd))
        return -1;
    for (i = 0; i < k; i++)
        for (j = 0; j < l; j++)
            mldsa_sample_ntt(a + (i * l + j) * MLDSA_N, sk, i, j, NULL);
    for (j = 0; j < l; j++) {
        mldsa_unpack_offset(s1h + j * MLDSA_N, sk + sk_s_offset(p, j), MLDSA_N, ebits, p->eta);
        mldsa_ntt(s1h + j * MLDSA_N);
    }
    for (i = 0; i < k; i++) {
        mldsa_unpack_offset(s2h + i * MLDSA_N, sk + sk_s_offset(p, l + i), MLDSA_N, ebits, p->eta);
        mldsa_ntt(s2h + i * MLDSA_N);
        mldsa_unpack_offset(t0h + i * MLDSA_N, sk + sk_t0_offset(p, i), MLDSA_N, MLDSA_D,
                            1 << (MLDSA_D - 1));
        mldsa_ntt(t0h + i * MLDSA_N);
    }

    for (kappa = 0; kappa + l <= KAPPA_LIMIT; kappa += l) {
        uint32_t fail = 0;
        unsigned count = 0;

        /* w = NTT^-1(A o NTT(y)), one column of A at a time */
        memset(w, 0, (size_t)k * MLDSA_N * sizeof *w);
        for (j = 0; j < l; j++) {
            mldsa_sample_mask(y + j * MLDSA_N, rhopp, kappa + j, p->gamma1_bits);
            memcpy(tmp, y + j * MLDSA_N, MLDSA_N * sizeof *tmp);
            mldsa_ntt(tmp);
            for (i = 0; i < k; i++)
                mldsa_poly_pointwise(w + i * MLDSA_N, a + (i * l + j) * MLDSA_N, tmp, 1);
        }
        fw_shake256_init(&h);
        fw_keccak_absorb(&h, mu, sizeof mu);
        for (i = 0; i < k; i++) {
            int32_t *wi = w + i * MLDSA_N, r0;

            mldsa_poly_reduce(wi);
            mldsa_invntt(wi);
            mldsa_poly_freeze(wi);
            for (n = 0; n < MLDSA_N; n++)
                tmp[n] = mldsa_decompose(&r0, wi[n], p->gamma2);
            absorb_w1(&h, tmp, mldsa_w1_bits(p));
        }
        challenge(p, &h, sig, chat);

        /* z = y + <<cs1>> */
        for (j = 0; j < l; j++) {
            int32_t *yj = y + j * MLDSA_N;

            mldsa_poly_pointwise(tmp, chat, s1h + j * MLDSA_N, 0);
            mldsa_invntt(tmp);
            for (n = 0; n < MLDSA_N; n++)
                yj[n] += mldsa_center(tmp[n]);
            fail |= mldsa_poly_exceeds(yj, gamma1 - p->beta);
        }
        if (fail)
            continue;

        memset(hbits, 0, sizeof hbits);
        for (i = 0; i < k; i++) {
            int32_t *wi = w + i * MLDSA_N;

            mldsa_poly_pointwise(tmp, chat, s2h + i * MLDSA_N, 0);
            mldsa_invntt(tmp);
            for (n = 0; n < MLDSA_N; n++)
                wi[n] -= tmp[n];
            mldsa_poly_freeze(wi);
            mldsa_poly_pointwise(tmp, chat, t0h + i * MLDSA_N, 0);
            mldsa_invntt(tmp);
            for (n = 0; n < MLDSA_N; n++)
                tmp[n] = mldsa_center(tmp[n]);
            fail |= row_checks(p, wi, tmp, hbits[i], &count);
        }
        if (fail | (count > p->omega))
            continue;

        for (j = 0; j < l; j++)
            mldsa_pack_offset(sig + sig_z_offset(p, j), y + j * MLDSA_N, MLDSA_N, zbits, gamma1);
        pack_hints(p, sig + sig_z_offset(p, l), hbits);
        ret = 0;
        break;
    }
    mldsa_wipe(s1h, (size_t)(2 * l + 3 * k + 2) * MLDSA_N * sizeof *s1h); /* all but the public A */
    mldsa_wipe(rhopp, sizeof rhopp);
    mldsa_wipe(hbits, sizeof hbits);
    mldsa_wipe(&h, sizeof h);
    if (ret)
        mldsa_wipe(sig, p->sig_bytes);
    return ret;
}

/* acc = row i of w = NTT^-1(A NTT(y)) in [0, q), y read from the z field. */
static void lowram_w_row(const mldsa_params *p, int32_t *acc, int32_t *tmp, const uint8_t *rho,
                         const uint8_t *sig, unsigned i)
{
    const unsigned zbits = mldsa_z_bits(p);
    unsigned j;

    memset(acc, 0, MLDSA_N * sizeof *acc);
    for (j = 0; j < p->l; j++) {
        mldsa_unpack_offset(tmp, sig + sig_z_offset(p, j), MLDSA_N, zbits, (int32_t)1 << p->gamma1_bits);
        mldsa_ntt(tmp);
        mldsa_sample_ntt(acc, rho, i, j, tmp);
    }
    mldsa_poly_reduce(acc);
    mldsa_invntt(acc);
    mldsa_poly_freeze(acc);
}

/* z_j = y_j + <<cs1_j>> for every j; checks ||z|| < gamma1 - beta and, if
 * `store`, replaces y_j by z_j in the z field.  Returns nonzero on rejection. */
static uint32_t lowram_z(const mldsa_params *p, uint8_t *sig, const uint8_t *sk, const int32_t *chat,
                         int32_t *z, int32_t *tmp, int store)
{
    const unsigned zbits = mldsa_z_bits(p);
    const int32_t gamma1 = (int32_t)1 << p->gamma1_bits;
    uint32_t fail = 0;
    unsigned j, n;

    for (j = 0; j < p->l; j++) {
        uint8_t *zj = sig + sig_z_offset(p, j);

        c_times_packed(tmp, chat, sk + sk_s_offset(p, j), mldsa_eta_bits(p), p->eta);
        mldsa_unpack_offset(z, zj, MLDSA_N, zbits, gamma1);
        for (n = 0; n < MLDSA_N; n++)
            z[n] += tmp[n];
        fail |= mldsa_poly_exceeds(z, gamma1 - p->beta);
        if (store)
            mldsa_pack_offset(zj, z, MLDSA_N, zbits, gamma1);
    }
    return fail;
}

int mldsa_sign_lowram(const mldsa_params *p, uint8_t *sig, const uint8_t *sk, const mldsa_msg *m,
                      const uint8_t *rnd)
{
    const unsigned k = p->k, l = p->l, zbits = mldsa_z_bits(p);
    int32_t acc[MLDSA_N], tmp[MLDSA_N], chat[MLDSA_N];
    uint32_t hbits[MLDSA_MAX_K][8];
    uint8_t mu[64], rhopp[64];
    keccak_ctx h;
    unsigned kappa, i, j, n;
    int ret = -1;

    if (sign_start(mu, rhopp, sk, m, rnd))
        return -1;
    for (kappa = 0; kappa + l <= KAPPA_LIMIT; kappa += l) {
        uint32_t fail;
        unsigned count = 0;

        for (j = 0; j < l; j++) {
            mldsa_sample_mask(tmp, rhopp, kappa + j, p->gamma1_bits);
            mldsa_pack_offset(sig + sig_z_offset(p, j), tmp, MLDSA_N, zbits,
                              (int32_t)1 << p->gamma1_bits);
        }
        fw_shake256_init(&h);
        fw_keccak_absorb(&h, mu, sizeof mu);
        for (i = 0; i < k; i++) {
            int32_t r0;

            lowram_w_row(p, acc, tmp, sk, sig, i);
            for (n = 0; n < MLDSA_N; n++)
                acc[n] = mldsa_decompose(&r0, acc[n], p->gamma2);
            absorb_w1(&h, acc, mldsa_w1_bits(p));
        }
        challenge(p, &h, sig, chat);

        if (lowram_z(p, sig, sk, chat, acc, tmp, 0))
            continue;

        fail = 0;
        memset(hbits, 0, sizeof hbits);
        for (i = 0; i < k; i++) {
            lowram_w_row(p, acc, tmp, sk, sig, i);
            c_times_packed(tmp, chat, sk + sk_s_offset(p, l + i), mldsa_eta_bits(p), p->eta);
            for (n = 0; n < MLDSA_N; n++)
                acc[n] -= tmp[n];
            mldsa_poly_freeze(acc);
            c_times_packed(tmp, chat, sk + sk_t0_offset(p, i), MLDSA_D, 1 << (MLDSA_D - 1));
            fail |= row_checks(p, acc, tmp, hbits[i], &count);
        }
        if (fail | (count > p->omega))
            continue;

        lowram_z(p, sig, sk, chat, acc, tmp, 1);
        pack_hints(p, sig + sig_z_offset(p, l), hbits);
        ret = 0;
        break;
    }
    mldsa_wipe(acc, sizeof acc);
    mldsa_wipe(tmp, sizeof tmp);
    mldsa_wipe(chat, sizeof chat);
    mldsa_wipe(rhopp, sizeof rhopp);
    mldsa_wipe(hbits, sizeof hbits);
    mldsa_wipe(&h, sizeof h);
    if (ret)
        mldsa_wipe(sig, p->sig_bytes); /* the z field may still hold y */
    return ret;
}

/* ---- Verification (Alg. 3, 5, 8) ------------------------------------------- */

/* HintBitUnpack's well-formedness rules (Alg. 21): per-row counts
 * non-decreasing and at most omega, indices strictly increasing within a row,
 * unused slots zero. */
static int hints_valid(const mldsa_params *p, const uint8_t *hs)
{
    unsigned i, idx = 0;

    for (i = 0; i < p->k; i++) {
        unsigned end = hs[p->omega + i], first = idx;

        if (end < idx || end > p->omega)
            return 0;
        for (; idx < end; idx++)
            if (idx > first && hs[idx - 1] >= hs[idx])
                return 0;
    }
    for (; idx < p->omega; idx++)
        if (hs[idx] != 0)
            return 0;
    return 1;
}

/* w1' = UseHint(h_i, w'_i) for row i (Alg. 8 line 10), then absorbed. */
static void absorb_use_hint(const mldsa_params *p, keccak_ctx *h, int32_t *w, const uint8_t *hs,
                            unsigned i)
{
    unsigned idx = i ? hs[p->omega + i - 1] : 0, end = hs[p->omega + i], n;

    for (n = 0; n < MLDSA_N; n++) {
        unsigned hint = idx < end && hs[idx] == n;

        idx += hint;
        w[n] = mldsa_use_hint(w[n], hint, p->gamma2);
    }
    absorb_w1(h, w, mldsa_w1_bits(p));
}

/* mu from tr = H(pk, 64) (Alg. 8 line 6); no tr is needed for an external mu. */
static int verify_mu(const mldsa_params *p, uint8_t mu[64], const uint8_t *pk, const mldsa_msg *m)
{
    uint8_t tr[64];

    if (m->kind != MLDSA_EXTERNAL_MU)
        fw_shake256(tr, sizeof tr, pk, p->pk_bytes);
    return message_mu(mu, tr, m);
}

static int verify_end(const mldsa_params *p, keccak_ctx *h, const uint8_t *sig)
{
    uint8_t c2[64];

    fw_keccak_finish(h);
    fw_keccak_squeeze(h, c2, p->ctilde_bytes);
    return memcmp(c2, sig, p->ctilde_bytes) == 0 ? 0 : -1;
}

int mldsa_verify(const mldsa_params *p, const uint8_t *pk, const mldsa_msg *m, const uint8_t *sig,
                 void *work)
{
    const unsigned l = p->l, zbits = mldsa_z_bits(p);
    const int32_t gamma1 = (int32_t)1 << p->gamma1_bits;
    const uint8_t *hs = sig + sig_z_offset(p, l);
    int32_t *zh = work, *chat = zh + l * MLDSA_N, *acc = chat + MLDSA_N, *tmp = acc + MLDSA_N;
    uint8_t mu[64];
    keccak_ctx h;
    unsigned i, j, n;

    if (!hints_valid(p, hs))
        return -1;
    for (j = 0; j < l; j++) {
        int32_t *zj = zh + j * MLDSA_N;

        mldsa_unpack_offset(zj, sig + sig_z_offset(p, j), MLDSA_N, zbits, gamma1);
        if (mldsa_poly_exceeds(zj, gamma1 - p->beta))
            return -1;
        mldsa_ntt(zj);
    }
    if (verify_mu(p, mu, pk, m))
        return -1;
    mldsa_sample_in_ball(chat, sig, p->ctilde_bytes, p->tau);
    mldsa_ntt(chat);

    fw_shake256_init(&h);
    fw_keccak_absorb(&h, mu, sizeof mu);
    for (i = 0; i < p->k; i++) {
        /* w'_i = NTT^-1(sum_j A_ij o NTT(z_j) - NTT(c) o NTT(t1_i 2^d)) */
        memset(acc, 0, MLDSA_N * sizeof *acc);
        for (j = 0; j < l; j++)
            mldsa_sample_ntt(acc, pk, i, j, zh + j * MLDSA_N);
        mldsa_unpack_simple(tmp, pk + 32 + i * T1_BYTES, MLDSA_N, 10);
        for (n = 0; n < MLDSA_N; n++)
            tmp[n] <<= MLDSA_D;
        mldsa_ntt(tmp);
        mldsa_poly_pointwise(tmp, tmp, chat, 0);
        for (n = 0; n < MLDSA_N; n++)
            acc[n] -= tmp[n];
        mldsa_poly_reduce(acc);
        mldsa_invntt(acc);
        mldsa_poly_freeze(acc);
        absorb_use_hint(p, &h, acc, hs, i);
    }
    return verify_end(p, &h, sig);
}

int mldsa_verify_lowram(const mldsa_params *p, const uint8_t *pk, const mldsa_msg *m,
                        const uint8_t *sig)
{
    const unsigned l = p->l, zbits = mldsa_z_bits(p);
    const int32_t gamma1 = (int32_t)1 << p->gamma1_bits;
    const uint8_t *hs = sig + sig_z_offset(p, l);
    int32_t acc[MLDSA_N], tmp[MLDSA_N];
    uint8_t mu[64], cpos[64];
    int8_t csign[64];
    keccak_ctx h;
    unsigned i, j, n, t, ntau = 0;

    if (!hints_valid(p, hs))
        return -1;
    for (j = 0; j < l; j++) {
        mldsa_unpack_offset(tmp, sig + sig_z_offset(p, j), MLDSA_N, zbits, gamma1);
        if (mldsa_poly_exceeds(tmp, gamma1 - p->beta))
            return -1;
    }
    if (verify_mu(p, mu, pk, m))
        return -1;
    /* c is public here: keep it as its tau signed positions */
    mldsa_sample_in_ball(tmp, sig, p->ctilde_bytes, p->tau);
    for (n = 0; n < MLDSA_N; n++) {
        if (tmp[n]) {
            cpos[ntau] = (uint8_t)n;
            csign[ntau++] = (int8_t)tmp[n];
        }
    }

    fw_shake256_init(&h);
    fw_keccak_absorb(&h, mu, sizeof mu);
    for (i = 0; i < p->k; i++) {
        memset(acc, 0, sizeof acc);
        for (j = 0; j < l; j++) {
            mldsa_unpack_offset(tmp, sig + sig_z_offset(p, j), MLDSA_N, zbits, gamma1);
            mldsa_ntt(tmp);
            mldsa_sample_ntt(acc, pk, i, j, tmp);
        }
        mldsa_poly_reduce(acc);
        mldsa_invntt(acc);
        /* acc -= c t1_i 2^d, schoolbook over the tau terms of c (X^256 = -1) */
        mldsa_unpack_simple(tmp, pk + 32 + i * T1_BYTES, MLDSA_N, 10);
        for (t = 0; t < ntau; t++) {
            unsigned s = cpos[t];
            int32_t f = csign[t] * (1 << MLDSA_D);

            for (n = 0; n < MLDSA_N - s; n++)
                acc[n + s] -= f * tmp[n];
            for (; n < MLDSA_N; n++)
                acc[n + s - MLDSA_N] += f * tmp[n];
        }
        mldsa_poly_freeze(acc);
        absorb_use_hint(p, &h, acc, hs, i);
    }
    return verify_end(p, &h, sig);
}
