/* SPDX-License-Identifier: MIT */
/*
 * mldsa_cases.c - ML-DSA-44/65/87 benchmark cases (rows mldsa<44|65|87>/
 * <keygen|sign|verify>[/lowram] of docs/row-keys.md).
 *
 * Every case starts from the same 32-byte seed xi per parameter set (the first
 * keyGen vector of the ACVP set in tests/vectors/mldsa), signs a fixed 32-byte
 * message with an empty context, deterministically (rnd = 0), and checks
 * SHA3-256 digests of its output instead of storing keys and signatures.
 *
 * RAM: two static buffers sized for ML-DSA-87 (sk 4896 + signature 4627
 * bytes) are shared by all cases; setup() derives what a case needs into them
 * (keygen puts pk in the signature buffer as scratch; verify regenerates pk
 * into the key buffer after signing).  Peak stack measured on Cortex-M0+:
 * keygen 2.7 KB, sign/lowram 4.4 KB, verify/lowram 3.1 KB (4.4 KB in its
 * setup, which signs), so every low-RAM case needs at most 13.9 KB and fits a
 * 20 KB STM32L073.  The standard cases add a static work buffer (sign 38, 60
 * and 96 KB, verify 7, 8 and 10 KB) and are built only where FW_RAM_BYTES
 * allows it.
 *
 * Random inputs (bench_input_seed != 0): setup() draws xi and the 32-byte
 * message from bench_random().  keygen's check() wants rho and tr = H(pk)
 * of FIPS 204 Alg. 6 in sk to match pk, then a signature by sk to verify
 * under pk; sign's check() verifies the signature; verify's setup() signs
 * without a known answer, and its check() is the known-answer one (accept,
 * and reject a flipped bit).  All untimed.
 */
#include <stdint.h>
#include <string.h>

#include "bench.h"
#include "keccak.h"
#include "mldsa.h"

#ifndef FW_RAM_BYTES
#define FW_RAM_BYTES 0x7fffffff /* host build: everything */
#endif

#define MLDSA_SHARED_BYTES (MLDSA87_SK_BYTES + MLDSA87_SIG_BYTES)
/* Stack of the deepest call (the low-RAM signer run by the verify setups)
 * plus the runner, rounded up. */
#define MLDSA_STACK_RESERVE 6144u
#define MLDSA_NEEDS(work) (MLDSA_SHARED_BYTES + (work) + MLDSA_STACK_RESERVE)

static uint8_t mldsa_key[MLDSA87_SK_BYTES] BENCH_IO;  /* sk; pk in the verify cases */
static uint8_t mldsa_sig[MLDSA87_SIG_BYTES] BENCH_IO; /* signature; pk during key generation */
static int mldsa_result BENCH_IO;

/* Largest standard-variant work buffer this image's RAM allows. */
#if FW_RAM_BYTES >= MLDSA_NEEDS(MLDSA87_SIGN_WORK_BYTES)
#define MLDSA_WORK_BYTES MLDSA87_SIGN_WORK_BYTES
#elif FW_RAM_BYTES >= MLDSA_NEEDS(MLDSA65_SIGN_WORK_BYTES)
#define MLDSA_WORK_BYTES MLDSA65_SIGN_WORK_BYTES
#elif FW_RAM_BYTES >= MLDSA_NEEDS(MLDSA44_SIGN_WORK_BYTES)
#define MLDSA_WORK_BYTES MLDSA44_SIGN_WORK_BYTES
#elif FW_RAM_BYTES >= MLDSA_NEEDS(MLDSA87_VERIFY_WORK_BYTES)
#define MLDSA_WORK_BYTES MLDSA87_VERIFY_WORK_BYTES
#elif FW_RAM_BYTES >= MLDSA_NEEDS(MLDSA65_VERIFY_WORK_BYTES)
#define MLDSA_WORK_BYTES MLDSA65_VERIFY_WORK_BYTES
#elif FW_RAM_BYTES >= MLDSA_NEEDS(MLDSA44_VERIFY_WORK_BYTES)
#define MLDSA_WORK_BYTES MLDSA44_VERIFY_WORK_BYTES
#endif
#ifdef MLDSA_WORK_BYTES
static uint32_t mldsa_work[MLDSA_WORK_BYTES / 4] BENCH_IO;
#endif

#include "mldsa_known.h"

static const mldsa_msg mldsa_bench_msg BENCH_IO_CONST = {MLDSA_PURE, NULL, 0, mldsa_message,
                                                         sizeof mldsa_message};

/* Random inputs, and the inputs run() uses: the known ones or these. */
static uint8_t mldsa_random_xi[MLDSA_SEED_BYTES] BENCH_IO;
static uint8_t mldsa_random_message[sizeof mldsa_message] BENCH_IO;
static mldsa_msg mldsa_random_msg BENCH_IO;
static const uint8_t *mldsa_in_xi BENCH_IO;
static const mldsa_msg *mldsa_in_msg BENCH_IO;

typedef struct {
    const mldsa_params *p;
    const uint8_t *xi;        /* keygen seed */
    const uint8_t *keys_sha3; /* SHA3-256(pk || sk) */
    const uint8_t *sig_sha3;  /* SHA3-256(signature of mldsa_message) */
    uint32_t work_bytes;      /* standard variant's work buffer; 0 = low RAM */
} mldsa_case_arg;

static int mldsa_digest_differs(const uint8_t *a, size_t alen, const uint8_t *b, size_t blen,
                                const uint8_t expect[32])
{
    keccak_ctx h;
    uint8_t d[32];

    fw_sha3_256_init(&h);
    fw_keccak_absorb(&h, a, alen);
    fw_keccak_absorb(&h, b, blen);
    fw_keccak_finish(&h);
    fw_keccak_squeeze(&h, d, sizeof d);
    return memcmp(d, expect, sizeof d) != 0;
}

/* The known xi and message, or random ones. */
static void mldsa_inputs(const bench_case_t *c)
{
    const mldsa_case_arg *a = c->arg;

    if (!bench_random_begin(c)) {
        mldsa_in_xi = a->xi;
        mldsa_in_msg = &mldsa_bench_msg;
        return;
    }
    bench_random(mldsa_random_xi, sizeof mldsa_random_xi);
    bench_random(mldsa_random_message, sizeof mldsa_random_message);
    mldsa_random_msg = mldsa_bench_msg;
    mldsa_random_msg.msg = mldsa_random_message;
    mldsa_in_xi = mldsa_random_xi;
    mldsa_in_msg = &mldsa_random_msg;
}

/* Random inputs: sk (in mldsa_key) has signed mldsa_sig; replaces sk by pk,
 * regenerated from xi, and verifies. */
static int mldsa_signature_rejected(const mldsa_case_arg *a)
{
    return mldsa_keygen(a->p, mldsa_key, NULL, mldsa_in_xi) != 0 ||
           mldsa_verify_lowram(a->p, mldsa_key, mldsa_in_msg, mldsa_sig) != 0;
}

/* ---- keygen ------------------------------------------------------------------ */

static int mldsa_keygen_setup(const bench_case_t *c)
{
    mldsa_inputs(c);
    memset(mldsa_key, 0, sizeof mldsa_key);
    memset(mldsa_sig, 0, sizeof mldsa_sig);
    return 0;
}

static int mldsa_keygen_run(const bench_case_t *c)
{
    const mldsa_case_arg *a = c->arg;

    return mldsa_keygen(a->p, mldsa_sig, mldsa_key, mldsa_in_xi);
}

/* Random inputs: pk (in mldsa_sig) and sk (in mldsa_key) belong together:
 * sk = rho || K || tr || ... with tr = H(pk, 64) and pk = rho || t1 (FIPS 204
 * Alg. 6, 22, 24), and sk signs what pk verifies. */
static int mldsa_keys_inconsistent(const mldsa_case_arg *a)
{
    uint8_t tr[64];

    fw_shake256(tr, sizeof tr, mldsa_sig, a->p->pk_bytes);
    if (memcmp(mldsa_sig, mldsa_key, 32) != 0 || memcmp(tr, mldsa_key + 64, sizeof tr) != 0)
        return 1;
    return mldsa_sign_lowram(a->p, mldsa_sig, mldsa_key, mldsa_in_msg, NULL) != 0 ||
           mldsa_signature_rejected(a);
}

static int mldsa_keygen_check(const bench_case_t *c)
{
    const mldsa_case_arg *a = c->arg;

    if (bench_input_seed != 0)
        return mldsa_keys_inconsistent(a);
    return mldsa_digest_differs(mldsa_sig, a->p->pk_bytes, mldsa_key, a->p->sk_bytes,
                                a->keys_sha3);
}

/* ---- sign -------------------------------------------------------------------- */

static int mldsa_sign_setup(const bench_case_t *c)
{
    const mldsa_case_arg *a = c->arg;

    if (a->work_bytes)
        bench_note_workbuf(a->work_bytes);
    mldsa_inputs(c);
    mldsa_keygen(a->p, mldsa_sig, mldsa_key, mldsa_in_xi);
    memset(mldsa_sig, 0, sizeof mldsa_sig);
    return 0;
}

static int mldsa_sign_run(const bench_case_t *c)
{
    const mldsa_case_arg *a = c->arg;

#ifdef MLDSA_WORK_BYTES
    if (a->work_bytes)
        return mldsa_sign(a->p, mldsa_sig, mldsa_key, mldsa_in_msg, NULL, mldsa_work);
#endif
    return mldsa_sign_lowram(a->p, mldsa_sig, mldsa_key, mldsa_in_msg, NULL);
}

static int mldsa_sign_check(const bench_case_t *c)
{
    const mldsa_case_arg *a = c->arg;

    if (bench_input_seed != 0)
        return mldsa_signature_rejected(a);
    return mldsa_digest_differs(mldsa_sig, a->p->sig_bytes, NULL, 0, a->sig_sha3);
}

/* ---- verify ------------------------------------------------------------------ */

static int mldsa_verify_once(const mldsa_case_arg *a)
{
#ifdef MLDSA_WORK_BYTES
    if (a->work_bytes)
        return mldsa_verify(a->p, mldsa_key, mldsa_in_msg, mldsa_sig, mldsa_work);
#endif
    return mldsa_verify_lowram(a->p, mldsa_key, mldsa_in_msg, mldsa_sig);
}

/* Signs with the low-RAM signer (checked against the sign known answer, if
 * any), then replaces sk by pk so that only the two shared buffers are
 * needed. */
static int mldsa_verify_setup(const bench_case_t *c)
{
    const mldsa_case_arg *a = c->arg;

    if (a->work_bytes)
        bench_note_workbuf(a->work_bytes);
    mldsa_result = -1;
    mldsa_inputs(c);
    mldsa_keygen(a->p, mldsa_sig, mldsa_key, mldsa_in_xi);
    if (mldsa_sign_lowram(a->p, mldsa_sig, mldsa_key, mldsa_in_msg, NULL) != 0 ||
        (bench_input_seed == 0 &&
         mldsa_digest_differs(mldsa_sig, a->p->sig_bytes, NULL, 0, a->sig_sha3)))
        return 1;
    return mldsa_keygen(a->p, mldsa_key, NULL, mldsa_in_xi);
}

static int mldsa_verify_run(const bench_case_t *c)
{
    mldsa_result = mldsa_verify_once(c->arg);
    return 0;
}

/* The signature must verify, and must stop verifying with one bit of z flipped. */
static int mldsa_verify_check(const bench_case_t *c)
{
    const mldsa_case_arg *a = c->arg;
    uint8_t *flip = &mldsa_sig[a->p->ctilde_bytes + 100];
    int tampered;

    if (mldsa_result != 0)
        return 1;
    *flip ^= 0x10;
    tampered = mldsa_verify_once(a);
    *flip ^= 0x10;
    return tampered == 0;
}

/* ---- case table -------------------------------------------------------------- */

#define MLDSA_ARG(set, work)                                                              \
    {&mldsa##set, mldsa##set##_xi, mldsa##set##_keys_sha3, mldsa##set##_sig_sha3, (work)}

static const mldsa_case_arg mldsa44_lowram BENCH_IO_CONST = MLDSA_ARG(44, 0);
static const mldsa_case_arg mldsa65_lowram BENCH_IO_CONST = MLDSA_ARG(65, 0);
static const mldsa_case_arg mldsa87_lowram BENCH_IO_CONST = MLDSA_ARG(87, 0);

#define MLDSA_PARAMS(k, l, ram) "k=" #k ";l=" #l ";msg=32;ctx=0;rnd=0;ram=" ram

BENCH_CASE(mldsa44_keygen_case, "ml-dsa-44/keygen", "mldsa44/keygen", "k=4;l=4",
           mldsa_keygen_setup, mldsa_keygen_run, mldsa_keygen_check, &mldsa44_lowram);
BENCH_CASE(mldsa65_keygen_case, "ml-dsa-65/keygen", "mldsa65/keygen", "k=6;l=5",
           mldsa_keygen_setup, mldsa_keygen_run, mldsa_keygen_check, &mldsa65_lowram);
BENCH_CASE(mldsa87_keygen_case, "ml-dsa-87/keygen", "mldsa87/keygen", "k=8;l=7",
           mldsa_keygen_setup, mldsa_keygen_run, mldsa_keygen_check, &mldsa87_lowram);

BENCH_CASE(mldsa44_sign_lowram_case, "ml-dsa-44/sign/lowram", "mldsa44/sign/lowram",
           MLDSA_PARAMS(4, 4, "low"), mldsa_sign_setup, mldsa_sign_run, mldsa_sign_check,
           &mldsa44_lowram);
BENCH_CASE(mldsa65_sign_lowram_case, "ml-dsa-65/sign/lowram", "mldsa65/sign/lowram",
           MLDSA_PARAMS(6, 5, "low"), mldsa_sign_setup, mldsa_sign_run, mldsa_sign_check,
           &mldsa65_lowram);
BENCH_CASE(mldsa87_sign_lowram_case, "ml-dsa-87/sign/lowram", "mldsa87/sign/lowram",
           MLDSA_PARAMS(8, 7, "low"), mldsa_sign_setup, mldsa_sign_run, mldsa_sign_check,
           &mldsa87_lowram);

BENCH_CASE(mldsa44_verify_lowram_case, "ml-dsa-44/verify/lowram", "mldsa44/verify/lowram",
           MLDSA_PARAMS(4, 4, "low"), mldsa_verify_setup, mldsa_verify_run, mldsa_verify_check,
           &mldsa44_lowram);
BENCH_CASE(mldsa65_verify_lowram_case, "ml-dsa-65/verify/lowram", "mldsa65/verify/lowram",
           MLDSA_PARAMS(6, 5, "low"), mldsa_verify_setup, mldsa_verify_run, mldsa_verify_check,
           &mldsa65_lowram);
BENCH_CASE(mldsa87_verify_lowram_case, "ml-dsa-87/verify/lowram", "mldsa87/verify/lowram",
           MLDSA_PARAMS(8, 7, "low"), mldsa_verify_setup, mldsa_verify_run, mldsa_verify_check,
           &mldsa87_lowram);

/* Standard variants, where RAM allows (the guards mirror MLDSA_WORK_BYTES). */
#if FW_RAM_BYTES >= MLDSA_NEEDS(MLDSA44_SIGN_WORK_BYTES)
static const mldsa_case_arg mldsa44_sign_std BENCH_IO_CONST =
    MLDSA_ARG(44, MLDSA44_SIGN_WORK_BYTES);
BENCH_CASE(mldsa44_sign_case, "ml-dsa-44/sign", "mldsa44/sign", MLDSA_PARAMS(4, 4, "standard"),
           mldsa_sign_setup, mldsa_sign_run, mldsa_sign_check, &mldsa44_sign_std);
#endif
#if FW_RAM_BYTES >= MLDSA_NEEDS(MLDSA65_SIGN_WORK_BYTES)
static const mldsa_case_arg mldsa65_sign_std BENCH_IO_CONST =
    MLDSA_ARG(65, MLDSA65_SIGN_WORK_BYTES);
BENCH_CASE(mldsa65_sign_case, "ml-dsa-65/sign", "mldsa65/sign", MLDSA_PARAMS(6, 5, "standard"),
           mldsa_sign_setup, mldsa_sign_run, mldsa_sign_check, &mldsa65_sign_std);
#endif
#if FW_RAM_BYTES >= MLDSA_NEEDS(MLDSA87_SIGN_WORK_BYTES)
static const mldsa_case_arg mldsa87_sign_std BENCH_IO_CONST =
    MLDSA_ARG(87, MLDSA87_SIGN_WORK_BYTES);
BENCH_CASE(mldsa87_sign_case, "ml-dsa-87/sign", "mldsa87/sign", MLDSA_PARAMS(8, 7, "standard"),
           mldsa_sign_setup, mldsa_sign_run, mldsa_sign_check, &mldsa87_sign_std);
#endif
#if FW_RAM_BYTES >= MLDSA_NEEDS(MLDSA44_VERIFY_WORK_BYTES)
static const mldsa_case_arg mldsa44_verify_std BENCH_IO_CONST =
    MLDSA_ARG(44, MLDSA44_VERIFY_WORK_BYTES);
BENCH_CASE(mldsa44_verify_case, "ml-dsa-44/verify", "mldsa44/verify",
           MLDSA_PARAMS(4, 4, "standard"), mldsa_verify_setup, mldsa_verify_run,
           mldsa_verify_check, &mldsa44_verify_std);
#endif
#if FW_RAM_BYTES >= MLDSA_NEEDS(MLDSA65_VERIFY_WORK_BYTES)
static const mldsa_case_arg mldsa65_verify_std BENCH_IO_CONST =
    MLDSA_ARG(65, MLDSA65_VERIFY_WORK_BYTES);
BENCH_CASE(mldsa65_verify_case, "ml-dsa-65/verify", "mldsa65/verify",
           MLDSA_PARAMS(6, 5, "standard"), mldsa_verify_setup, mldsa_verify_run,
           mldsa_verify_check, &mldsa65_verify_std);
#endif
#if FW_RAM_BYTES >= MLDSA_NEEDS(MLDSA87_VERIFY_WORK_BYTES)
static const mldsa_case_arg mldsa87_verify_std BENCH_IO_CONST =
    MLDSA_ARG(87, MLDSA87_VERIFY_WORK_BYTES);
BENCH_CASE(mldsa87_verify_case, "ml-dsa-87/verify", "mldsa87/verify",
           MLDSA_PARAMS(8, 7, "standard"), mldsa_verify_setup, mldsa_verify_run,
           mldsa_verify_check, &mldsa87_verify_std);
#endif
