/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * periph_aes.c - the STM32 AES peripherals (periph_aes.h): the STM32U0 AES
 * (RM0503 AES chapter; the same AES IP as the STM32G0/L4/WL parts,
 * RM0444/RM0394/RM0453) and the STM32U3 AES and SAES (RM0487; register bits
 * from CMSIS stm32u385xx.h, procedures as ST's stm32u3xx HAL CRYP driver
 * follows them).  The functions are
 * computed when the fourth word of a block reaches DINR (or EN/GCMPH starts a
 * phase); CCF rises the RM's processing latency later.  Drivers poll SR.CCF,
 * so the emulated poll loop is what the firmware pays, as on the part.
 */
#include <stdlib.h>
#include <string.h>

#include "cyclesim/backends/aes_block.h"
#include "cyclesim/engine/periph_aes.h"

#define CR_EN (1u << 0)
#define CR_DATATYPE(cr) (((cr) >> 1) & 3u)
#define CR_MODE(cr) (((cr) >> 3) & 3u)
#define CR_CHMOD(cr) ((((cr) >> 5) & 3u) | (((cr) >> 16) & 1u) << 2)
#define CR_CCFC (1u << 7)
#define CR_ERRC (1u << 8)
#define CR_GCMPH(cr) (((cr) >> 13) & 3u)
#define CR_KEY256 (1u << 18)
#define CR_NPBLB(cr) (((cr) >> 20) & 15u)
#define CR_KMOD(cr) (((cr) >> 24) & 3u)
#define CR_KEYSEL(cr) (((cr) >> 28) & 7u)
#define CR_IPRST (1u << 31)
#define KMOD_WRAPPED 1u

#define SR_CCF (1u << 0)
#define SR_RDERR (1u << 1)
#define SR_WRERR (1u << 2)
#define SR_BUSY (1u << 3)
#define SR_KEYVALID (1u << 7)

enum { MODE_ENC = 0, MODE_KEYDERIV = 1, MODE_DEC = 2 };
enum { CH_ECB = 0, CH_CBC = 1, CH_CTR = 2, CH_GCM = 3, CH_CCM = 4 };
enum { PH_INIT = 0, PH_HEADER = 1, PH_PAYLOAD = 2, PH_FINAL = 3 };

/* Processing latency in AES kernel clock cycles (HCLK), from the start of the
 * operation to CCF, per IP (docs/aes.md has the table and its sources).
 * STM32U0 AES: the AES IP of the G0/L4/WL/U5 parts.  Checked in a document: 51
 * (128-bit ECB block, RM0456 section 49.3 Table 467) and 59/82 (key
 * derivation, RM0453 Rev 2 section 23.4.5 note).  The other rows are this
 * IP's latency-table values as recalled, NOT checked against RM0503 or any
 * manual's text here: uncertain until read.  Oryx's hardware rows agree with
 * the key-size steps: 256- minus 128-bit key costs 24-27 cycles per block in
 * CBC/CTR/GCM (75-51) and about 50 in CCM (162-114).
 * STM32U3 AES: the revision of the H5/U5 parts (KMOD, KEYSEL fields); 51 for a
 * 128-bit ECB block in RM0481 section 34.3 Table 330 (the H5's AES next to the
 * same SAES), the rest as the U0's and as uncertain.
 * STM32U3 SAES: 480/680 per ECB block (RM0487 section 34.2); every other row
 * assumes one core computation per AES call of the phase at that latency and
 * GHASH-only steps at the AES's figure: uncertain (RM0487's text read here
 * gives the ECB figure only). */
typedef struct {
    unsigned k128, k256;
    const char *source;
} aes_lat;

#define UNC_U0 "uncertain: recalled AES-IP table value, unchecked"
#define UNC_SAES "uncertain: one SAES computation (RM0487 34.2 ECB figure) per AES call"
static const aes_lat latency[CSIM_AES_IP_COUNT][CSIM_AES_OP_COUNT] = {
    [CSIM_AES_IP_U0] =
        {
            [CSIM_AES_OP_BLOCK] = {51, 75, "128: RM0456 49.3 Table 467 (same IP); 256: " UNC_U0},
            [CSIM_AES_OP_KEYDERIV] = {59, 82, "RM0453 Rev 2 23.4.5 note (same IP)"},
            [CSIM_AES_OP_GCM_INIT] = {64, 88, UNC_U0},
            [CSIM_AES_OP_GCM_HEADER] = {35, 35, UNC_U0},
            [CSIM_AES_OP_GCM_PAYLOAD] = {51, 75, UNC_U0},
            [CSIM_AES_OP_GCM_FINAL] = {59, 59, UNC_U0},
            [CSIM_AES_OP_CCM_INIT] = {63, 87, UNC_U0},
            [CSIM_AES_OP_CCM_HEADER] = {55, 79, UNC_U0},
            [CSIM_AES_OP_CCM_PAYLOAD] = {114, 162, UNC_U0},
            [CSIM_AES_OP_CCM_FINAL] = {58, 82, UNC_U0},
            [CSIM_AES_OP_RNG_INIT] = {0, 0, "no RNG link on this AES"},
        },
    [CSIM_AES_IP_U3] =
        {
            [CSIM_AES_OP_BLOCK] = {51, 75, "128: RM0481 34.3 Table 330 (same AES revision); 256: " UNC_U0},
            [CSIM_AES_OP_KEYDERIV] = {59, 82, "as the U0's (RM0453 Rev 2 23.4.5 note); uncertain for this revision"},
            [CSIM_AES_OP_GCM_INIT] = {64, 88, UNC_U0},
            [CSIM_AES_OP_GCM_HEADER] = {35, 35, UNC_U0},
            [CSIM_AES_OP_GCM_PAYLOAD] = {51, 75, UNC_U0},
            [CSIM_AES_OP_GCM_FINAL] = {59, 59, UNC_U0},
            [CSIM_AES_OP_CCM_INIT] = {63, 87, UNC_U0},
            [CSIM_AES_OP_CCM_HEADER] = {55, 79, UNC_U0},
            [CSIM_AES_OP_CCM_PAYLOAD] = {114, 162, UNC_U0},
            [CSIM_AES_OP_CCM_FINAL] = {58, 82, UNC_U0},
            [CSIM_AES_OP_RNG_INIT] = {0, 0, "no RNG link on this AES"},
        },
    [CSIM_AES_IP_SAES] =
        {
            [CSIM_AES_OP_BLOCK] = {480, 680, "ECB: RM0487 34.2; CBC/CTR: " UNC_SAES},
            [CSIM_AES_OP_KEYDERIV] = {480, 680, UNC_SAES},
            [CSIM_AES_OP_GCM_INIT] = {480, 680, UNC_SAES},
            [CSIM_AES_OP_GCM_HEADER] = {35, 35, "uncertain: GHASH only, as the AES's (recalled)"},
            [CSIM_AES_OP_GCM_PAYLOAD] = {480, 680, UNC_SAES},
            [CSIM_AES_OP_GCM_FINAL] = {480, 680, UNC_SAES},
            [CSIM_AES_OP_CCM_INIT] = {480, 680, UNC_SAES},
            [CSIM_AES_OP_CCM_HEADER] = {480, 680, UNC_SAES},
            [CSIM_AES_OP_CCM_PAYLOAD] = {960, 1360, UNC_SAES " (two per block)"},
            [CSIM_AES_OP_CCM_FINAL] = {480, 680, UNC_SAES},
            [CSIM_AES_OP_RNG_INIT] = {480, 480, "uncertain: no figure in RM0487's text read here"},
        },
};

static bool known(csim_aes_ip ip, csim_aes_op op) { return ip < CSIM_AES_IP_COUNT && op < CSIM_AES_OP_COUNT; }

unsigned csim_aes_latency(csim_aes_ip ip, csim_aes_op op, bool key256)
{
    return known(ip, op) ? (key256 ? latency[ip][op].k256 : latency[ip][op].k128) : 0;
}

const char *csim_aes_latency_source(csim_aes_ip ip, csim_aes_op op)
{
    return known(ip, op) ? latency[ip][op].source : "";
}

struct csim_aes {
    csim_aes_block *blk;
    csim_aes_ip ip;
    uint32_t cr, ier;
    uint32_t keyr[8]; /* KEYR0..KEYR7 */
    uint32_t ivr[4];  /* IVR0..IVR3: IV, CBC chaining value, CTR/GCM counter */
    bool keyvalid, rderr, wrerr, keif;
    uint8_t key_written; /* U3: KEYRn written since the last reset, bit n */
    /* SAES: a wrapped key decrypted into the key registers (KMOD=01) */
    bool unwrapped;
    uint8_t unwrap[32];
    unsigned unwrap_n;
    /* SAES: BUSY until init_done_at after a reset (random numbers from the RNG) */
    bool init_busy;
    uint64_t init_done_at;
    uint32_t din[4], din_raw[4];
    unsigned n_in;
    uint32_t dout[4];
    unsigned n_out, out_pos;
    /* the computation in flight: CCF rises at done_at */
    bool pending, ccf, clears_en;
    uint64_t done_at;
    /* GCM/CCM message state (kept while EN toggles between phases) */
    uint8_t acc[16]; /* GHASH accumulator or CBC-MAC chaining value */
    uint8_t h[16];   /* GCM hash subkey */
    uint8_t j0[16];  /* GCM pre-counter block / CCM counter block 0 */
    uint8_t ctr[16]; /* CCM counter of the next payload block */
};

static void start_init(csim_aes *a, uint64_t now)
{
    unsigned n = csim_aes_latency(a->ip, CSIM_AES_OP_RNG_INIT, false);
    a->init_busy = n > 0;
    a->init_done_at = now + n;
}

csim_aes *csim_aes_new(csim_aes_ip ip)
{
    if (ip >= CSIM_AES_IP_COUNT) {
        return NULL;
    }
    csim_aes *a = calloc(1, sizeof(*a));
    if (a && !(a->blk = csim_aes_block_new())) {
        free(a);
        return NULL;
    }
    if (a) {
        a->ip = ip;
        start_init(a, 0);
    }
    return a;
}

void csim_aes_free(csim_aes *a)
{
    if (a) {
        csim_aes_block_free(a->blk);
        free(a);
    }
}

static void reset(csim_aes *a, uint64_t now)
{
    csim_aes_block *blk = a->blk;
    csim_aes_ip ip = a->ip;
    memset(a, 0, sizeof(*a));
    a->blk = blk;
    a->ip = ip;
    start_init(a, now);
}

static uint32_t be32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static void put_be32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

/* DATATYPE: 00 none, 01 half-word, 10 byte, 11 bit swapping (RM0503 AES data
 * type and swapping figure); each is its own inverse. */
static uint32_t swap(uint32_t v, unsigned datatype)
{
    switch (datatype) {
    case 1:
        return v << 16 | v >> 16;
    case 2:
        return __builtin_bswap32(v);
    case 3: {
        uint32_t r = 0;
        for (int i = 0; i < 32; i++) {
            r |= ((v >> i) & 1u) << (31 - i);
        }
        return r;
    }
    default:
        return v;
    }
}

static bool key256(const csim_aes *a) { return (a->cr & CR_KEY256) != 0; }

/* SAES KEYSEL: 1 DHUK, 2 BHK, 4 DHUK XOR BHK (CMSIS AES_CR_KEYSEL, ST HAL
 * CRYP_KEYSEL_HW/SW/HSW); other values select the key registers. */
static bool hw_key(const csim_aes *a)
{
    unsigned ks = CR_KEYSEL(a->cr);
    return a->ip == CSIM_AES_IP_SAES && !a->unwrapped && (ks == 1 || ks == 2 || ks == 4);
}

/* KEYR(n-1) holds the first key bytes (big-endian words), KEYR0 the last.
 * The hardware keys are device secrets no document gives: fixed stand-ins
 * here (bytes 0xD0^i for DHUK, 0xB0^i for BHK; a 128-bit key takes the first
 * 16), so a key wrapped in cyclesim does not unwrap on silicon. */
static unsigned key_bytes(const csim_aes *a, uint8_t key[32])
{
    unsigned n = key256(a) ? 8 : 4;
    if (hw_key(a)) {
        unsigned ks = CR_KEYSEL(a->cr);
        for (unsigned i = 0; i < 4 * n; i++) {
            key[i] = (uint8_t)((ks & 5u ? 0xD0u ^ i : 0) ^ (ks & 6u ? 0xB0u ^ i : 0));
        }
        return 4 * n;
    }
    for (unsigned i = 0; i < n; i++) {
        put_be32(key + 4 * i, a->keyr[n - 1 - i]);
    }
    return 4 * n;
}

/* U3: KEYVALID once every key register KEYSIZE needs is written (or a
 * hardware key is selected, or a wrapped key was decrypted into them); the
 * U0 model keeps its any-write rule. */
static void update_keyvalid(csim_aes *a)
{
    if (a->ip == CSIM_AES_IP_U0) {
        return;
    }
    uint8_t need = key256(a) ? 0xFFu : 0x0Fu;
    a->keyvalid = hw_key(a) || a->unwrapped || (a->key_written & need) == need;
}

static void cipher(csim_aes *a, bool decrypt, const uint8_t in[16], uint8_t out[16])
{
    uint8_t key[32];
    unsigned n = key_bytes(a, key);
    if (!csim_aes_block_run(a->blk, key, n, decrypt, in, out)) {
        memset(out, 0, 16); /* libcrypto failure: a wrong result the firmware's check reports */
    }
}

static void iv_get(const csim_aes *a, uint8_t b[16])
{
    for (int i = 0; i < 4; i++) {
        put_be32(b + 4 * i, a->ivr[3 - i]);
    }
}

static void iv_set(csim_aes *a, const uint8_t b[16])
{
    for (int i = 0; i < 4; i++) {
        a->ivr[3 - i] = be32(b + 4 * i);
    }
}

static void inc32(uint8_t b[16]) { put_be32(b + 12, be32(b + 12) + 1); }

static void xor16(uint8_t *d, const uint8_t *s)
{
    for (int i = 0; i < 16; i++) {
        d[i] ^= s[i];
    }
}

/* GF(2^128) product of SP 800-38D section 6.3 (bit 0 is the MSB of byte 0). */
static void gf_mul(uint8_t x[16], const uint8_t y[16])
{
    uint8_t z[16] = {0}, v[16];
    memcpy(v, y, 16);
    for (int i = 0; i < 128; i++) {
        if (x[i / 8] & (0x80 >> (i % 8))) {
            xor16(z, v);
        }
        int lsb = v[15] & 1;
        for (int j = 15; j > 0; j--) {
            v[j] = (uint8_t)(v[j] >> 1 | v[j - 1] << 7);
        }
        v[0] >>= 1;
        if (lsb) {
            v[0] ^= 0xE1;
        }
    }
    memcpy(x, z, 16);
}

static void start(csim_aes *a, csim_aes_op op, uint64_t now, bool clears_en)
{
    a->pending = true;
    a->ccf = false;
    a->clears_en = clears_en;
    a->done_at = now + csim_aes_latency(a->ip, op, key256(a));
}

/* CCF rises once the latency has elapsed; the key derivation and the GCM/CCM
 * init phase also clear EN then (RM0503 AES key preparation; GCM/CCM init). */
static void settle(csim_aes *a, uint64_t now)
{
    if (a->init_busy && now >= a->init_done_at) {
        a->init_busy = false;
    }
    if (a->pending && now >= a->done_at) {
        a->pending = false;
        a->ccf = true;
        if (a->clears_en) {
            a->cr &= ~CR_EN;
        }
    }
}

static void output(csim_aes *a, const uint8_t b[16])
{
    for (int i = 0; i < 4; i++) {
        a->dout[i] = swap(be32(b + 4 * i), CR_DATATYPE(a->cr));
    }
    a->n_out = 4;
    a->out_pos = 0;
}

/* The phase that EN (rising) or a GCMPH change starts without data. */
static void start_phase(csim_aes *a, uint64_t now)
{
    unsigned ch = CR_CHMOD(a->cr), ph = CR_GCMPH(a->cr);
    if (CR_MODE(a->cr) == MODE_KEYDERIV) {
        start(a, CSIM_AES_OP_KEYDERIV, now, true);
        return;
    }
    if ((ch == CH_GCM || ch == CH_CCM) && ph == PH_INIT) {
        uint8_t b[16];
        iv_get(a, b);
        if (ch == CH_GCM) {
            static const uint8_t zero[16];
            cipher(a, false, zero, a->h);
            memset(a->acc, 0, 16);
            memcpy(a->j0, b, 12);
            put_be32(a->j0 + 12, 1); /* the IVR0 written (2) is the first payload counter */
            start(a, CSIM_AES_OP_GCM_INIT, now, true);
        } else {
            cipher(a, false, b, a->acc); /* B0 in IVR: first CBC-MAC step */
            memcpy(a->j0, b, 16);
            a->j0[0] &= 7; /* flags of CTR0: q-1 */
            memset(a->j0 + 16 - (a->j0[0] + 1), 0, a->j0[0] + 1u);
            memcpy(a->ctr, a->j0, 16);
            inc32(a->ctr);
            start(a, CSIM_AES_OP_CCM_INIT, now, true);
        }
        return;
    }
    if (ch == CH_CCM && ph == PH_FINAL) {
        uint8_t s[16];
        cipher(a, false, a->j0, s);
        xor16(s, a->acc);
        output(a, s);
        start(a, CSIM_AES_OP_CCM_FINAL, now, false);
    }
}

/* SAES wrapped-key decryption (KMOD=01, MODE=decrypt): the plaintext goes to
 * the key registers, not DOUTR; the key is in use once all its blocks are in
 * (ST HAL CRYPEx_KeyDecrypt writes 4 or 8 words and reads nothing). */
static void unwrap_block(csim_aes *a, const uint8_t out[16])
{
    unsigned blocks = key256(a) ? 2 : 1;
    memcpy(a->unwrap + 16 * a->unwrap_n, out, 16);
    a->n_out = a->out_pos = 0;
    if (++a->unwrap_n < blocks) {
        return;
    }
    unsigned n = 4 * blocks;
    for (unsigned i = 0; i < n; i++) {
        a->keyr[n - 1 - i] = be32(a->unwrap + 4 * i);
    }
    a->unwrap_n = 0;
    a->unwrapped = true;
    update_keyvalid(a);
}

static void process_block(csim_aes *a, uint64_t now)
{
    uint8_t in[16], out[16], ks[16], iv[16];
    for (int i = 0; i < 4; i++) {
        put_be32(in + 4 * i, a->din[i]);
    }
    unsigned ch = CR_CHMOD(a->cr), ph = CR_GCMPH(a->cr);
    bool dec = CR_MODE(a->cr) == MODE_DEC;
    unsigned npblb = CR_NPBLB(a->cr);
    switch (ch) {
    case CH_ECB:
    case CH_CBC:
        iv_get(a, iv);
        if (dec) {
            cipher(a, true, in, out);
            if (ch == CH_CBC) {
                xor16(out, iv);
                iv_set(a, in);
            }
            if (a->ip == CSIM_AES_IP_SAES && CR_KMOD(a->cr) == KMOD_WRAPPED) {
                unwrap_block(a, out);
                start(a, CSIM_AES_OP_BLOCK, now, false);
                return;
            }
        } else {
            memcpy(ks, in, 16);
            if (ch == CH_CBC) {
                xor16(ks, iv);
            }
            cipher(a, false, ks, out);
            if (ch == CH_CBC) {
                iv_set(a, out);
            }
        }
        output(a, out);
        start(a, CSIM_AES_OP_BLOCK, now, false);
        return;
    case CH_CTR:
        iv_get(a, iv);
        cipher(a, false, iv, ks);
        memcpy(out, in, 16);
        xor16(out, ks);
        inc32(iv);
        iv_set(a, iv);
        output(a, out);
        start(a, CSIM_AES_OP_BLOCK, now, false);
        return;
    case CH_GCM:
        if (ph == PH_HEADER) {
            xor16(a->acc, in);
            gf_mul(a->acc, a->h);
            start(a, CSIM_AES_OP_GCM_HEADER, now, false);
        } else if (ph == PH_PAYLOAD) {
            iv_get(a, iv);
            cipher(a, false, iv, ks);
            memcpy(out, in, 16);
            xor16(out, ks);
            inc32(iv);
            iv_set(a, iv);
            uint8_t c[16];
            memcpy(c, dec ? in : out, 16);
            memset(c + 16 - npblb, 0, npblb); /* NPBLB: padding left out of GHASH */
            xor16(a->acc, c);
            gf_mul(a->acc, a->h);
            output(a, out);
            start(a, CSIM_AES_OP_GCM_PAYLOAD, now, false);
        } else if (ph == PH_FINAL) {
            /* len(A)||len(C) is taken without swapping (ST HAL stm32u0xx_hal_cryp_ex.c:
             * "data has to be inserted normally (no swapping)"). */
            for (int i = 0; i < 4; i++) {
                put_be32(in + 4 * i, a->din_raw[i]);
            }
            xor16(a->acc, in);
            gf_mul(a->acc, a->h);
            cipher(a, false, a->j0, out);
            xor16(out, a->acc);
            output(a, out);
            start(a, CSIM_AES_OP_GCM_FINAL, now, false);
        }
        return;
    case CH_CCM:
        if (ph == PH_HEADER) {
            xor16(a->acc, in);
            cipher(a, false, a->acc, a->acc);
            start(a, CSIM_AES_OP_CCM_HEADER, now, false);
        } else if (ph == PH_PAYLOAD) {
            cipher(a, false, a->ctr, ks);
            inc32(a->ctr);
            memcpy(out, in, 16);
            xor16(out, ks);
            uint8_t p[16];
            memcpy(p, dec ? out : in, 16);
            memset(p + 16 - npblb, 0, npblb); /* NPBLB: padding left out of the MAC */
            xor16(a->acc, p);
            cipher(a, false, a->acc, a->acc);
            output(a, out);
            start(a, CSIM_AES_OP_CCM_PAYLOAD, now, false);
        }
        return;
    default:
        return;
    }
}

/* SUSP0R..SUSP3R: the MAC/GHASH accumulator, SUSP4R..SUSP7R: H (GCM) or the
 * next counter block (CCM).  The RM leaves their layout to the hardware; a
 * driver only saves and restores them, which this layout supports. */
static uint8_t *susp_bytes(csim_aes *a, unsigned i)
{
    return i < 4 ? a->acc + 4 * (3 - i) : (CR_CHMOD(a->cr) == CH_CCM ? a->ctr : a->h) + 4 * (7 - i);
}

uint32_t csim_aes_read(csim_aes *a, uint32_t off, uint64_t now)
{
    settle(a, now);
    switch (off) {
    case CSIM_AES_CR:
        return a->cr;
    case CSIM_AES_SR:
        return (a->ccf ? SR_CCF : 0) | (a->rderr ? SR_RDERR : 0) | (a->wrerr ? SR_WRERR : 0) |
               (a->pending || a->init_busy ? SR_BUSY : 0) | (a->keyvalid ? SR_KEYVALID : 0);
    case CSIM_AES_ISR:
        return (a->ccf ? 1u : 0) | (a->rderr || a->wrerr ? 2u : 0) | (a->keif ? 4u : 0);
    case CSIM_AES_IER:
        return a->ier;
    case CSIM_AES_DOUTR:
        if (a->pending || a->n_in) {
            a->rderr = true; /* read before CCF or during the input phase */
            return 0;
        }
        if (a->out_pos < a->n_out) {
            return a->dout[a->out_pos++];
        }
        return 0;
    default:
        break;
    }
    if (off >= CSIM_AES_IVR0 && off < CSIM_AES_IVR0 + 16) {
        return a->ivr[(off - CSIM_AES_IVR0) / 4];
    }
    if (off >= CSIM_AES_SUSP0R && off < CSIM_AES_SUSP0R + 32) {
        return be32(susp_bytes(a, (off - CSIM_AES_SUSP0R) / 4));
    }
    return 0; /* key registers are write-only; reserved offsets read 0 */
}

static void write_cr(csim_aes *a, uint32_t v, uint64_t now)
{
    if (v & CR_IPRST) {
        reset(a, now);
        a->cr = CR_IPRST;
        return;
    }
    uint32_t old = a->cr;
    if (a->ip == CSIM_AES_IP_U0) { /* reserved on the U3, whose flags clear through ICR */
        if (v & CR_CCFC) {
            a->ccf = false;
        }
        if (v & CR_ERRC) {
            a->rderr = a->wrerr = false;
        }
    }
    a->cr = v & ~(CR_CCFC | CR_ERRC);
    if (CR_KEYSEL(a->cr) != CR_KEYSEL(old)) {
        a->unwrapped = false;
    }
    update_keyvalid(a);
    if (!(a->cr & CR_EN)) {
        a->n_in = 0;
        a->unwrap_n = 0;
        return;
    }
    bool rising = !(old & CR_EN);
    if (rising && a->ip != CSIM_AES_IP_U0 && !a->keyvalid) {
        a->keif = true; /* KEIF: enabled without a valid key; the part stays off */
        a->cr &= ~CR_EN;
        return;
    }
    bool to_final = CR_GCMPH(a->cr) == PH_FINAL && CR_GCMPH(old) != PH_FINAL;
    if (rising || (to_final && CR_CHMOD(a->cr) == CH_CCM)) {
        start_phase(a, now);
    }
}

void csim_aes_write(csim_aes *a, uint32_t off, uint32_t value, uint64_t now)
{
    settle(a, now);
    switch (off) {
    case CSIM_AES_CR:
        write_cr(a, value, now);
        return;
    case CSIM_AES_DINR:
        if (!(a->cr & CR_EN)) {
            return;
        }
        if (a->pending || a->out_pos < a->n_out) {
            a->wrerr = true; /* during computation or before the output was read */
            return;
        }
        a->n_out = a->out_pos = 0;
        a->din_raw[a->n_in] = value;
        a->din[a->n_in++] = swap(value, CR_DATATYPE(a->cr));
        if (a->n_in == 4) {
            a->n_in = 0;
            process_block(a, now);
        }
        return;
    case CSIM_AES_IER:
        a->ier = value & 7u;
        return;
    case CSIM_AES_ICR:
        if (value & 1u) {
            a->ccf = false;
        }
        if (value & 2u) {
            a->rderr = a->wrerr = false;
        }
        if (value & 4u) {
            a->keif = false;
        }
        return;
    default:
        break;
    }
    if ((off >= CSIM_AES_KEYR0 && off < CSIM_AES_KEYR0 + 16) ||
        (off >= CSIM_AES_KEYR4 && off < CSIM_AES_KEYR4 + 16)) {
        unsigned i = off < CSIM_AES_KEYR4 ? (off - CSIM_AES_KEYR0) / 4 : 4 + (off - CSIM_AES_KEYR4) / 4;
        a->keyr[i] = value;
        a->key_written |= (uint8_t)(1u << i);
        a->unwrapped = false;
        a->keyvalid = true;
        update_keyvalid(a);
    } else if (off >= CSIM_AES_IVR0 && off < CSIM_AES_IVR0 + 16) {
        a->ivr[(off - CSIM_AES_IVR0) / 4] = value;
    } else if (off >= CSIM_AES_SUSP0R && off < CSIM_AES_SUSP0R + 32) {
        put_be32(susp_bytes(a, (off - CSIM_AES_SUSP0R) / 4), value);
    }
}
