/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_mldsa.c - host test of firmware/crypto/mldsa*.c and firmware/cases/mldsa_cases.c.
 *
 * Usage: test_mldsa <dir with keygen.json, siggen.json, sigver.json>
 *
 * 1. Arithmetic: Decompose for every r in [0, q) and both gamma2 against its
 *    definition; the ARMv6-M Montgomery product against the 64-bit one; NTT
 *    products against schoolbook multiplication mod X^256 + 1.
 * 2. NIST ACVP FIPS 204 vectors: every keyGen case (pk and sk byte-identical,
 *    and pk alone with sk = NULL); every sigGen case (pure, pre-hash with PH(M)
 *    from OpenSSL, internal, external mu; deterministic and hedged) with both
 *    signers, each signature then verified under the pk recomputed from sk;
 *    every sigVer case with both verifiers.
 * 3. Random keys, messages and contexts (fixed-seed PRNG): both signers give
 *    the same bytes, both verifiers accept, and reject any altered bit,
 *    message or context, and hint encodings that break HintBitUnpack's rules.
 * 4. The case file's known answers: keygen digests against the ACVP pk || sk
 *    (digested by OpenSSL), signature digests recomputed with both signers;
 *    then every case's setup/run/check, and check() must catch a corruption.
 */
#include "cyclesim/backends/json.h"
#include <openssl/evp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "keccak.h"
#include "mldsa.h"
#include "mldsa_internal.h"
/* Included, not linked, so the test can read the case file's static known
 * answers; the cases still register through the bench_cases section. */
#include "mldsa_cases.c"

void bench_note_workbuf(uint32_t bytes)
{
    (void)bytes;
}

static int failures, passes;

static void expect(int ok, const char *what, int id)
{
    if (ok) {
        passes++;
    } else {
        failures++;
        printf("FAIL %s (case %d)\n", what, id);
    }
}

/* ---- Helpers ------------------------------------------------------------------ */

static void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);

    if (!p) {
        perror("malloc");
        exit(2);
    }
    return p;
}

static int hexval(char c)
{
    return c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10;
}

/* Decodes a hex string field (absent = empty); returns a malloc'ed buffer. */
static uint8_t *hex_field(const csim_json *obj, const char *name, size_t *len)
{
    const csim_json *f = csim_json_get(obj, name);
    const char *s = csim_json_is_string(f) ? csim_json_str_of(f) : "";
    size_t i, n = strlen(s) / 2;
    uint8_t *out = xmalloc(n);

    for (i = 0; i < n; i++)
        out[i] = (uint8_t)(hexval(s[2 * i]) << 4 | hexval(s[2 * i + 1]));
    *len = n;
    return out;
}

static const char *str_field(const csim_json *obj, const char *name)
{
    const csim_json *f = csim_json_get(obj, name);

    return csim_json_is_string(f) ? csim_json_str_of(f) : "";
}

static int int_field(const csim_json *obj, const char *name)
{
    const csim_json *f = csim_json_get(obj, name);

    return csim_json_is_number(f) ? (int)csim_json_num(f) : -1;
}

static csim_json *load_json(const char *dir, const char *file)
{
    char path[1024];
    FILE *f;
    long n;
    char *text;
    csim_json *j;

    snprintf(path, sizeof path, "%s/%s", dir, file);
    f = fopen(path, "rb");
    if (!f) {
        perror(path);
        exit(2);
    }
    fseek(f, 0, SEEK_END);
    n = ftell(f);
    fseek(f, 0, SEEK_SET);
    text = xmalloc((size_t)n + 1);
    if (fread(text, 1, (size_t)n, f) != (size_t)n) {
        perror(path);
        exit(2);
    }
    text[n] = 0;
    fclose(f);
    j = csim_json_parse(text);
    free(text);
    if (!j) {
        printf("cannot parse %s\n", path);
        exit(2);
    }
    return j;
}

static const mldsa_params *params_by_name(const char *name)
{
    if (!strcmp(name, "ML-DSA-44"))
        return &mldsa44;
    if (!strcmp(name, "ML-DSA-65"))
        return &mldsa65;
    if (!strcmp(name, "ML-DSA-87"))
        return &mldsa87;
    return NULL;
}

static void openssl_sha3_256(const uint8_t *a, size_t alen, const uint8_t *b, size_t blen,
                             uint8_t out[32])
{
    EVP_MD_CTX *c = EVP_MD_CTX_new();

    EVP_DigestInit_ex(c, EVP_sha3_256(), NULL);
    EVP_DigestUpdate(c, a, alen);
    EVP_DigestUpdate(c, b, blen);
    EVP_DigestFinal_ex(c, out, NULL);
    EVP_MD_CTX_free(c);
}

/* Test-local generator for random inputs (splitmix64, fixed seed). */
static uint64_t rng_state = 0x6d6c2d6473612d31ull;
static uint64_t rng64(void)
{
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}
static void rng_bytes(uint8_t *p, size_t n)
{
    while (n--)
        *p++ = (uint8_t)rng64();
}

/* ---- 1. Arithmetic ------------------------------------------------------------ */

static void test_decompose(void)
{
    static const int32_t g2s[2] = {MLDSA_GAMMA2_88, MLDSA_GAMMA2_32};
    int g, bad = 0;

    for (g = 0; g < 2; g++) {
        int32_t g2 = g2s[g], r;

        for (r = 0; r < MLDSA_Q; r++) {
            /* FIPS 204 Alg. 36 with r0 = r mod+- 2 gamma2 in (-gamma2, gamma2] */
            int32_t want0 = r % (2 * g2), want1, got0, got1;

            if (want0 > g2)
                want0 -= 2 * g2;
            if (r - want0 == MLDSA_Q - 1) {
                want1 = 0;
                want0 -= 1;
            } else {
                want1 = (r - want0) / (2 * g2);
            }
            got1 = mldsa_decompose(&got0, r, g2);
            if (got0 != want0 || got1 != want1) {
                if (bad++ < 5)
                    printf("decompose(%d, gamma2=%d) = (%d, %d), want (%d, %d)\n", r, g2, got1,
                           got0, want1, want0);
            }
        }
    }
    expect(bad == 0, "Decompose over [0, q)", 0);
}

/* The ARMv6-M products against 64-bit arithmetic: the high word over all
 * int32 pairs, the Montgomery product over the operand ranges the code uses:
 * |a| up to 256 q with |b| < q/2, and both up to 11 q (pointwise products). */
static void test_montmul(void)
{
    static const int32_t edges[] = {0, 1, -1, MLDSA_Q, -MLDSA_Q, 9 * MLDSA_Q, -9 * MLDSA_Q,
                                    256 * MLDSA_Q, -256 * MLDSA_Q, MLDSA_Q / 2, -(MLDSA_Q / 2),
                                    65535, 65536, -65536, -65537};
    const size_t ne = sizeof edges / sizeof edges[0];
    int i, bad = 0;

    for (i = 0; i < 2000000; i++) {
        int32_t a, b;

        if ((size_t)i < ne * ne) {
            a = edges[i / ne];
            b = edges[i % ne];
            if ((int64_t)a * b > (int64_t)MLDSA_Q << 31 || (int64_t)a * b < -((int64_t)MLDSA_Q << 31))
                continue;
        } else if (i & 1) {
            a = (int32_t)(rng64() % (512u * MLDSA_Q + 1)) - 256 * MLDSA_Q;
            b = (int32_t)(rng64() % MLDSA_Q) - MLDSA_Q / 2;
        } else {
            a = (int32_t)(rng64() % (22u * MLDSA_Q + 1)) - 11 * MLDSA_Q;
            b = (int32_t)(rng64() % (22u * MLDSA_Q + 1)) - 11 * MLDSA_Q;
        }
        {
            int32_t x = (int32_t)rng64(), y = (int32_t)rng64();

            if (i < 4) /* the extremes */
                x = i & 1 ? INT32_MIN : INT32_MAX, y = i & 2 ? INT32_MIN : INT32_MAX;
            if (mldsa_mulhi_halves(x, y) != (int32_t)(((int64_t)x * y) >> 32) && bad++ < 5)
                printf("mulhi_halves(%d, %d) = %d\n", x, y, mldsa_mulhi_halves(x, y));
        }
        if (mldsa_montmul_halves(a, b) != mldsa_montmul_wide(a, b) && bad++ < 5)
            printf("montmul_halves(%d, %d) = %d, want %d\n", a, b, mldsa_montmul_halves(a, b),
                   mldsa_montmul_wide(a, b));
    }
    expect(bad == 0, "ARMv6-M high-word and Montgomery products = 64-bit ones", 0);
}

static void test_ntt(void)
{
    int32_t a[MLDSA_N], b[MLDSA_N], fa[MLDSA_N], fb[MLDSA_N];
    int64_t want[MLDSA_N];
    int trial, i, j, bad = 0;

    for (trial = 0; trial < 20; trial++) {
        for (i = 0; i < MLDSA_N; i++) {
            /* full-range inputs, and small ones as for s1, s2, c */
            a[i] = (int32_t)(rng64() % (2 * MLDSA_Q - 1)) - (MLDSA_Q - 1);
            b[i] = trial & 1 ? (int32_t)(rng64() % 9) - 4 : (int32_t)(rng64() % MLDSA_Q);
        }
        memset(want, 0, sizeof want);
        for (i = 0; i < MLDSA_N; i++)
            for (j = 0; j < MLDSA_N; j++) {
                int64_t t = ((int64_t)a[i] * b[j]) % MLDSA_Q;

                if (i + j < MLDSA_N)
                    want[i + j] = (want[i + j] + t) % MLDSA_Q;
                else
                    want[i + j - MLDSA_N] = (want[i + j - MLDSA_N] - t) % MLDSA_Q;
            }
        memcpy(fa, a, sizeof a);
        memcpy(fb, b, sizeof b);
        mldsa_ntt(fa);
        mldsa_ntt(fb);
        mldsa_poly_pointwise(fa, fa, fb, 0);
        mldsa_invntt(fa);
        mldsa_poly_freeze(fa);
        for (i = 0; i < MLDSA_N; i++)
            if (fa[i] != (int32_t)((want[i] + MLDSA_Q) % MLDSA_Q))
                bad++;
    }
    expect(bad == 0, "NTT product vs schoolbook", 0);
}

/* ---- 2. ACVP vectors ---------------------------------------------------------- */

/* pk = pkEncode(rho, t1) recomputed from sk (t = A s1 + s2, Alg. 6 lines 5-6);
 * returns nonzero unless t0 and tr = H(pk) match the ones stored in sk. */
static int pk_from_sk(const mldsa_params *p, const uint8_t *sk, uint8_t *pk)
{
    const unsigned eb = mldsa_eta_bits(p);
    int32_t s1h[7][MLDSA_N], t[MLDSA_N], s[MLDSA_N];
    uint8_t t0[416], tr[64];
    unsigned i, j, n;
    int bad = 0;

    memcpy(pk, sk, 32);
    for (j = 0; j < p->l; j++) {
        mldsa_unpack_offset(s1h[j], sk + 128 + j * 32 * eb, MLDSA_N, eb, p->eta);
        mldsa_ntt(s1h[j]);
    }
    for (i = 0; i < p->k; i++) {
        memset(t, 0, sizeof t);
        for (j = 0; j < p->l; j++) {
            mldsa_sample_ntt(s, sk, i, j, NULL);
            mldsa_poly_pointwise(t, s, s1h[j], 1);
        }
        mldsa_poly_reduce(t);
        mldsa_invntt(t);
        mldsa_unpack_offset(s, sk + 128 + (p->l + i) * 32 * eb, MLDSA_N, eb, p->eta);
        for (n = 0; n < MLDSA_N; n++)
            t[n] += s[n];
        mldsa_poly_freeze(t);
        for (n = 0; n < MLDSA_N; n++) {
            int32_t hi = (t[n] + 4095) >> 13;

            s[n] = t[n] - (hi << 13);
            t[n] = hi;
        }
        mldsa_pack_simple(pk + 32 + i * 320, t, MLDSA_N, 10);
        mldsa_pack_offset(t0, s, MLDSA_N, 13, 4096);
        bad |= memcmp(t0, sk + 128 + (p->k + p->l) * 32 * eb + i * 416, sizeof t0) != 0;
    }
    fw_shake256(tr, sizeof tr, pk, p->pk_bytes);
    return bad | (memcmp(tr, sk + 64, sizeof tr) != 0);
}

/* HashML-DSA's pre-hash functions (FIPS 204 Sec. 5.4.1): the last byte of the
 * DER OID 2.16.840.1.101.3.4.2.x, OpenSSL's name and the digest length. */
static const struct {
    const char *acvp;
    uint8_t oid_last;
    const char *openssl;
    size_t len;
} prehashes[] = {
    {"SHA2-256", 0x01, "SHA256", 32},     {"SHA2-384", 0x02, "SHA384", 48},
    {"SHA2-512", 0x03, "SHA512", 64},     {"SHA2-224", 0x04, "SHA224", 28},
    {"SHA2-512/224", 0x05, "SHA512-224", 28}, {"SHA2-512/256", 0x06, "SHA512-256", 32},
    {"SHA3-224", 0x07, "SHA3-224", 28},   {"SHA3-256", 0x08, "SHA3-256", 32},
    {"SHA3-384", 0x09, "SHA3-384", 48},   {"SHA3-512", 0x0a, "SHA3-512", 64},
    {"SHAKE-128", 0x0b, "SHAKE128", 32},  {"SHAKE-256", 0x0c, "SHAKE256", 64},
};

/* OID || PH(M) into out (at least 11 + 64 bytes); returns its length or 0. */
static size_t prehash(const char *alg, const uint8_t *m, size_t mlen, uint8_t *out)
{
    static const uint8_t oid[10] = {0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02};
    size_t i;

    for (i = 0; i < sizeof prehashes / sizeof prehashes[0]; i++) {
        if (!strcmp(alg, prehashes[i].acvp)) {
            const EVP_MD *md = EVP_get_digestbyname(prehashes[i].openssl);
            EVP_MD_CTX *c = EVP_MD_CTX_new();
            int ok;

            memcpy(out, oid, sizeof oid);
            out[10] = prehashes[i].oid_last;
            ok = md && EVP_DigestInit_ex(c, md, NULL) && EVP_DigestUpdate(c, m, mlen);
            if (ok && (EVP_MD_flags(md) & EVP_MD_FLAG_XOF))
                ok = EVP_DigestFinalXOF(c, out + 11, prehashes[i].len);
            else if (ok)
                ok = EVP_DigestFinal_ex(c, out + 11, NULL);
            EVP_MD_CTX_free(c);
            return ok ? 11 + prehashes[i].len : 0;
        }
    }
    return 0;
}

/* Builds the mldsa_msg of an ACVP sigGen/sigVer case.  The buffers it points
 * into are returned for freeing. */
typedef struct {
    mldsa_msg m;
    uint8_t *ctx, *msg, ph[11 + 64];
} acvp_msg;

static int acvp_message(const csim_json *t, acvp_msg *am)
{
    size_t clen, mlen;

    am->ctx = hex_field(t, "context", &clen);
    am->msg = hex_field(t, "message", &mlen);
    am->m.ctx = am->ctx;
    am->m.ctxlen = clen;
    am->m.msg = am->msg;
    am->m.msglen = mlen;
    if (!strcmp(str_field(t, "signatureInterface"), "internal")) {
        if (csim_json_true(csim_json_get(t, "externalMu"))) {
            free(am->msg);
            am->msg = hex_field(t, "mu", &mlen);
            am->m.msg = am->msg;
            am->m.msglen = mlen;
            am->m.kind = MLDSA_EXTERNAL_MU;
        } else {
            am->m.kind = MLDSA_INTERNAL;
        }
    } else if (!strcmp(str_field(t, "preHash"), "preHash")) {
        am->m.kind = MLDSA_PREHASH;
        am->m.msg = am->ph;
        am->m.msglen = prehash(str_field(t, "hashAlg"), am->msg, mlen, am->ph);
        if (!am->m.msglen)
            return -1;
    } else {
        am->m.kind = MLDSA_PURE;
    }
    return 0;
}

static void free_message(acvp_msg *am)
{
    free(am->ctx);
    free(am->msg);
}

static int kinds_seen[4];

static void test_keygen_vectors(const csim_json *root)
{
    const csim_json *t;

    csim_json_each(t, csim_json_get(root, "tests"))
    {
        const mldsa_params *p = params_by_name(str_field(t, "parameterSet"));
        int id = int_field(t, "tcId");
        size_t n, pkn, skn;
        uint8_t *xi = hex_field(t, "seed", &n), *pk = hex_field(t, "pk", &pkn);
        uint8_t *sk = hex_field(t, "sk", &skn), *gpk = xmalloc(pkn), *gsk = xmalloc(skn);

        expect(p && n == 32 && pkn == p->pk_bytes && skn == p->sk_bytes, "keyGen vector sizes", id);
        if (p && n == 32 && pkn == p->pk_bytes && skn == p->sk_bytes) {
            mldsa_keygen(p, gpk, gsk, xi);
            expect(memcmp(gpk, pk, pkn) == 0, "keyGen pk", id);
            expect(memcmp(gsk, sk, skn) == 0, "keyGen sk", id);
            memset(gpk, 0, pkn);
            mldsa_keygen(p, gpk, NULL, xi);
            expect(memcmp(gpk, pk, pkn) == 0, "keyGen pk only (sk = NULL)", id);
        }
        free(xi);
        free(pk);
        free(sk);
        free(gpk);
        free(gsk);
    }
}

static void test_siggen_vectors(const csim_json *root)
{
    const csim_json *t;
    void *work = xmalloc(MLDSA87_SIGN_WORK_BYTES);

    csim_json_each(t, csim_json_get(root, "tests"))
    {
        const mldsa_params *p = params_by_name(str_field(t, "parameterSet"));
        int id = int_field(t, "tcId");
        size_t skn, sign, rndn;
        uint8_t *sk = hex_field(t, "sk", &skn), *want = hex_field(t, "signature", &sign);
        uint8_t *rnd = hex_field(t, "rnd", &rndn);
        uint8_t sig[MLDSA87_SIG_BYTES], sig2[MLDSA87_SIG_BYTES], pk[MLDSA87_PK_BYTES];
        int det = csim_json_true(csim_json_get(t, "deterministic"));
        acvp_msg am;

        if (!p || acvp_message(t, &am) || skn != p->sk_bytes || sign != p->sig_bytes ||
            (!det && rndn != 32)) {
            expect(0, "sigGen vector unusable", id);
            continue;
        }
        kinds_seen[am.m.kind]++;
        expect(mldsa_sign(p, sig, sk, &am.m, det ? NULL : rnd, work) == 0 &&
                   memcmp(sig, want, sign) == 0,
               "sigGen standard signer", id);
        expect(mldsa_sign_lowram(p, sig2, sk, &am.m, det ? NULL : rnd) == 0 &&
                   memcmp(sig2, want, sign) == 0,
               "sigGen low-RAM signer", id);
        expect(pk_from_sk(p, sk, pk) == 0, "sigGen: pk recomputed from sk (t0, tr)", id);
        expect(mldsa_verify(p, pk, &am.m, want, work) == 0, "sigGen signature, standard verify", id);
        expect(mldsa_verify_lowram(p, pk, &am.m, want) == 0, "sigGen signature, low-RAM verify", id);
        free_message(&am);
        free(sk);
        free(want);
        free(rnd);
    }
    free(work);
}

static void test_sigver_vectors(const csim_json *root)
{
    const csim_json *t;
    void *work = xmalloc(MLDSA87_VERIFY_WORK_BYTES);

    csim_json_each(t, csim_json_get(root, "tests"))
    {
        const mldsa_params *p = params_by_name(str_field(t, "parameterSet"));
        int id = int_field(t, "tcId");
        int want = csim_json_true(csim_json_get(t, "testPassed"));
        size_t pkn, sign;
        uint8_t *pk = hex_field(t, "pk", &pkn), *sig = hex_field(t, "signature", &sign);
        acvp_msg am;

        if (!p || acvp_message(t, &am) || pkn != p->pk_bytes || sign != p->sig_bytes) {
            expect(0, "sigVer vector unusable", id);
            continue;
        }
        kinds_seen[am.m.kind]++;
        expect((mldsa_verify(p, pk, &am.m, sig, work) == 0) == want, "sigVer standard", id);
        expect((mldsa_verify_lowram(p, pk, &am.m, sig) == 0) == want, "sigVer low-RAM", id);
        free_message(&am);
        free(pk);
        free(sig);
    }
    free(work);
}

/* ---- 3. Random round trips ---------------------------------------------------- */

/* Re-encodings of a valid signature's hints that a lax HintBitUnpack would
 * read as the same h (so the forgery would verify) must all be rejected
 * (Alg. 21): indices out of order within a row, a non-zero unused slot, a
 * count above omega, a decreasing count. */
static int hint_encodings_rejected(const mldsa_params *p, const uint8_t *pk, const mldsa_msg *m,
                                   const uint8_t *sig, void *work, int *tried)
{
    uint8_t bad[MLDSA87_SIG_BYTES];
    uint8_t *hs = bad + p->sig_bytes - p->omega - p->k;
    int ok = 1, variant;

    for (variant = 0; variant < 4; variant++) {
        unsigned i, start = 0, total;

        memcpy(bad, sig, p->sig_bytes);
        total = hs[p->omega + p->k - 1];
        if (variant == 0) { /* swap the first two hints of a row that has two */
            for (i = 0; i < p->k && hs[p->omega + i] - start < 2; i++)
                start = hs[p->omega + i];
            if (i == p->k)
                continue;
            hs[start] ^= hs[start + 1];
            hs[start + 1] ^= hs[start];
            hs[start] ^= hs[start + 1];
        } else if (variant == 1) { /* garbage in an unused slot */
            if (total >= p->omega)
                continue;
            hs[p->omega - 1] = 1;
        } else if (variant == 2) { /* a count above omega */
            hs[p->omega + p->k - 1] = (uint8_t)(p->omega + 1);
        } else { /* the first count larger than the second */
            if (hs[p->omega] == 0 || hs[p->omega] == hs[p->omega + 1])
                hs[p->omega] = (uint8_t)(hs[p->omega + 1] + 1);
            else
                hs[p->omega + 1] = (uint8_t)(hs[p->omega] - 1);
        }
        tried[variant]++;
        ok &= mldsa_verify(p, pk, m, bad, work) != 0;
        ok &= mldsa_verify_lowram(p, pk, m, bad) != 0;
    }
    return ok;
}

static void test_random(void)
{
    static const mldsa_params *const sets[3] = {&mldsa44, &mldsa65, &mldsa87};
    void *work = xmalloc(MLDSA87_SIGN_WORK_BYTES);
    uint8_t pk[MLDSA87_PK_BYTES], sk[MLDSA87_SK_BYTES];
    uint8_t sig[MLDSA87_SIG_BYTES], sig2[MLDSA87_SIG_BYTES];
    uint8_t xi[32], rnd[32], msg[300], ctx[256];
    int s, trial, id = 0, tried[4] = {0};

    for (s = 0; s < 3; s++) {
        const mldsa_params *p = sets[s];

        for (trial = 0; trial < 12; trial++, id++) {
            mldsa_msg m = {MLDSA_PURE, ctx, rng64() % 256, msg, rng64() % sizeof msg};
            size_t bit;
            int det = trial & 1, all_reject = 1, i;

            if (trial == 2)
                m.ctxlen = 255;
            if (trial == 3)
                m.kind = MLDSA_INTERNAL, m.ctxlen = 0;
            rng_bytes(xi, sizeof xi);
            rng_bytes(rnd, sizeof rnd);
            rng_bytes(msg, sizeof msg);
            rng_bytes(ctx, sizeof ctx);
            mldsa_keygen(p, pk, sk, xi);
            expect(mldsa_sign(p, sig, sk, &m, det ? NULL : rnd, work) == 0, "random sign", id);
            expect(mldsa_sign_lowram(p, sig2, sk, &m, det ? NULL : rnd) == 0 &&
                       memcmp(sig, sig2, p->sig_bytes) == 0,
                   "random: low-RAM signature = standard signature", id);
            expect(mldsa_verify(p, pk, &m, sig, work) == 0, "random: standard verify accepts", id);
            expect(mldsa_verify_lowram(p, pk, &m, sig) == 0, "random: low-RAM verify accepts", id);
            expect(hint_encodings_rejected(p, pk, &m, sig, work, tried),
                   "random: malformed hint encodings rejected", id);
            for (i = 0; i < 4; i++) {
                bit = rng64() % (8u * p->sig_bytes);
                sig[bit / 8] ^= (uint8_t)(1u << (bit % 8));
                all_reject &= mldsa_verify(p, pk, &m, sig, work) != 0;
                all_reject &= mldsa_verify_lowram(p, pk, &m, sig) != 0;
                sig[bit / 8] ^= (uint8_t)(1u << (bit % 8));
            }
            if (m.msglen) {
                msg[rng64() % m.msglen] ^= 0x01;
                all_reject &= mldsa_verify(p, pk, &m, sig, work) != 0;
                all_reject &= mldsa_verify_lowram(p, pk, &m, sig) != 0;
            }
            m.ctxlen ^= 1;
            all_reject &= mldsa_verify(p, pk, &m, sig, work) != 0;
            all_reject &= mldsa_verify_lowram(p, pk, &m, sig) != 0;
            expect(all_reject, "random: altered signature, message or context rejected", id);
        }
        {
            mldsa_msg m = {MLDSA_PURE, ctx, 256, msg, 10};
            mldsa_msg mu = {MLDSA_EXTERNAL_MU, NULL, 0, msg, 63};

            expect(mldsa_sign(p, sig, sk, &m, NULL, work) == -1 &&
                       mldsa_sign_lowram(p, sig, sk, &m, NULL) == -1 &&
                       mldsa_verify(p, pk, &m, sig, work) == -1 &&
                       mldsa_verify_lowram(p, pk, &m, sig) == -1 &&
                       mldsa_sign_lowram(p, sig, sk, &mu, NULL) == -1,
                   "context > 255 bytes / mu of 63 bytes refused", s);
        }
    }
    expect(tried[0] > 10 && tried[1] > 10 && tried[2] > 10 && tried[3] > 10,
           "every malformed hint encoding was tried", 0);
    free(work);
}

/* ---- 4. Benchmark cases ------------------------------------------------------- */

extern const bench_case_t __start_bench_cases[], __stop_bench_cases[];

static const uint8_t *acvp_keygen_digest(const csim_json *root, const uint8_t *xi, uint8_t out[32])
{
    const csim_json *t;

    csim_json_each(t, csim_json_get(root, "tests"))
    {
        size_t n, pkn, skn;
        uint8_t *seed = hex_field(t, "seed", &n);
        int match = n == 32 && memcmp(seed, xi, 32) == 0;

        free(seed);
        if (match) {
            uint8_t *pk = hex_field(t, "pk", &pkn), *sk = hex_field(t, "sk", &skn);

            openssl_sha3_256(pk, pkn, sk, skn, out);
            free(pk);
            free(sk);
            return out;
        }
    }
    return NULL;
}

static void test_case_constants(const csim_json *keygen_root)
{
    static const mldsa_case_arg *const args[3] = {&mldsa44_lowram, &mldsa65_lowram,
                                                  &mldsa87_lowram};
    void *work = xmalloc(MLDSA87_SIGN_WORK_BYTES);
    uint8_t pk[MLDSA87_PK_BYTES], sk[MLDSA87_SK_BYTES], sig[MLDSA87_SIG_BYTES], d[32];
    int s;

    for (s = 0; s < 3; s++) {
        const mldsa_params *p = args[s]->p;

        expect(acvp_keygen_digest(keygen_root, args[s]->xi, d) &&
                   memcmp(d, args[s]->keys_sha3, 32) == 0,
               "case keygen digest = SHA3-256 of the ACVP pk || sk", s);
        mldsa_keygen(p, pk, sk, args[s]->xi);
        openssl_sha3_256(pk, p->pk_bytes, sk, p->sk_bytes, d);
        expect(memcmp(d, args[s]->keys_sha3, 32) == 0, "case keygen digest = mldsa_keygen", s);
        mldsa_sign(p, sig, sk, &mldsa_bench_msg, NULL, work);
        openssl_sha3_256(sig, p->sig_bytes, NULL, 0, d);
        expect(memcmp(d, args[s]->sig_sha3, 32) == 0, "case signature digest, standard signer", s);
        mldsa_sign_lowram(p, sig, sk, &mldsa_bench_msg, NULL);
        openssl_sha3_256(sig, p->sig_bytes, NULL, 0, d);
        expect(memcmp(d, args[s]->sig_sha3, 32) == 0, "case signature digest, low-RAM signer", s);
    }
    free(work);
}

static void test_cases_seed(uint32_t seed)
{
    const bench_case_t *c;
    int n = 0;

    bench_input_seed = seed;
    for (c = __start_bench_cases; c < __stop_bench_cases; c++) {
        int ok;

        if (strncmp(c->row, "mldsa", 5) != 0)
            continue;
        n++;
        ok = c->setup(c) == 0 && c->run(c) == 0 && c->check(c) == 0;
        if (!ok)
            printf("case %s (%s, seed %u) failed\n", c->name, c->row, (unsigned)seed);
        expect(ok, "bench case setup/run/check", n);
        expect(seed == 0 || memcmp(mldsa_in_xi, ((const mldsa_case_arg *)c->arg)->xi, 32) != 0,
               "random inputs do not use the known xi", n);
        /* a corrupted result must be caught */
        if (strstr(c->row, "verify"))
            mldsa_result = -1;
        else if (strstr(c->row, "keygen"))
            mldsa_key[7] ^= 1;
        else
            mldsa_sig[7] ^= 1;
        expect(c->check(c) != 0, "bench case check() detects a corrupted result", n);
    }
    bench_input_seed = 0;
    expect(n == 15, "15 ML-DSA bench cases registered", n);
}

/* Seeds of the case runs: 0 = the known answers; the others = random inputs
 * (bench.h), checked by the cases' self-consistency checks. */
static void test_cases(void)
{
    static const uint32_t seeds[] = {0, 0x9e3779b9u};
    size_t i;

    for (i = 0; i < sizeof seeds / sizeof seeds[0]; i++)
        test_cases_seed(seeds[i]);
}

int main(int argc, char **argv)
{
    csim_json *keygen, *siggen, *sigver;

    if (argc != 2) {
        printf("usage: %s <ML-DSA vector directory>\n", argv[0]);
        return 2;
    }
    keygen = load_json(argv[1], "keygen.json");
    siggen = load_json(argv[1], "siggen.json");
    sigver = load_json(argv[1], "sigver.json");

    test_decompose();
    test_montmul();
    test_ntt();
    test_keygen_vectors(keygen);
    test_siggen_vectors(siggen);
    test_sigver_vectors(sigver);
    printf("ACVP cases by M' kind: pure %d, pre-hash %d, internal %d, external mu %d; skipped 0\n",
           kinds_seen[MLDSA_PURE], kinds_seen[MLDSA_PREHASH], kinds_seen[MLDSA_INTERNAL],
           kinds_seen[MLDSA_EXTERNAL_MU]);
    test_random();
    test_case_constants(keygen);
    test_cases();

    csim_json_free(keygen);
    csim_json_free(siggen);
    csim_json_free(sigver);
    printf("test_mldsa: %d passed, %d failed\n", passes, failures);
    return failures != 0;
}
