/* SPDX-License-Identifier: MIT */
/*
 * mldsa_poly.c - ML-DSA polynomial arithmetic, sampling and packing (FIPS 204
 * Sec. 7), shared by every parameter set and by both memory variants.
 */
#include <string.h>

#include "keccak.h"
#include "mldsa_internal.h"

/* zetas[m] = zeta^BitRev8(m) mod q with zeta = 1753 (FIPS 204 Appendix B),
 * centered, each with round(zeta * 2^32 / q) for mldsa_mul_const; entry 0 is
 * unused. */
static const int32_t mldsa_zetas[MLDSA_N][2] = {
    {1, 513}, {-3572223, -1830765815}, {3765607, 1929875198}, {3761513, 1927777021},
    {-3201494, -1640767044}, {-2883726, -1477910808}, {-3145678, -1612161320}, {-3201430, -1640734244},
    {-601683, -308362795}, {3542485, 1815525077}, {2682288, 1374673747}, {2129892, 1091570561},
    {3764867, 1929495947}, {-1005239, -515185417}, {557458, 285697463}, {-1221177, -625853735},
    {-3370349, -1727305304}, {-4063053, -2082316400}, {2663378, 1364982364}, {-1674615, -858240904},
    {-3524442, -1806278032}, {-434125, -222489248}, {676590, 346752664}, {-1335936, -684667771},
    {-3227876, -1654287830}, {1714295, 878576921}, {2453983, 1257667337}, {1460718, 748618600},
    {-642628, -329347125}, {-3585098, -1837364258}, {2815639, 1443016191}, {2283733, 1170414139},
    {3602218, 1846138265}, {3182878, 1631226336}, {2740543, 1404529459}, {-3586446, -1838055109},
    {-3110818, -1594295555}, {2101410, 1076973524}, {3704823, 1898723372}, {1159875, 594436433},
    {394148, 202001019}, {928749, 475984260}, {1095468, 561427818}, {-3506380, -1797021249},
    {2071829, 1061813248}, {-4018989, -2059733581}, {3241972, 1661512036}, {2156050, 1104976547},
    {3415069, 1750224323}, {1759347, 901666090}, {-817536, -418987550}, {-3574466, -1831915353},
    {3756790, 1925356481}, {-1935799, -992097815}, {-1716988, -879957084}, {-3950053, -2024403852},
    {-2897314, -1484874664}, {3192354, 1636082790}, {556856, 285388938}, {3870317, 1983539117},
    {2917338, 1495136972}, {1853806, 950076368}, {3345963, 1714807468}, {1858416, 952438995},
    {3073009, 1574918427}, {1277625, 654783359}, {-2635473, -1350681039}, {3852015, 1974159335},
    {4183372, 2143979939}, {-3222807, -1651689966}, {-3121440, -1599739335}, {-274060, -140455867},
    {2508980, 1285853323}, {2028118, 1039411342}, {1937570, 993005454}, {-3815725, -1955560694},
    {2811291, 1440787840}, {-2983781, -1529189038}, {-1109516, -568627424}, {4158088, 2131021878},
    {1528066, 783134478}, {482649, 247357819}, {1148858, 588790216}, {-2962264, -1518161567},
    {-565603, -289871779}, {169688, 86965173}, {2462444, 1262003603}, {-3334383, -1708872713},
    {-4166425, -2135294594}, {-3488383, -1787797779}, {1987814, 1018755525}, {-3197248, -1638590967},
    {1736313, 889861155}, {235407, 120646188}, {-3250154, -1665705315}, {3258457, 1669960606},
    {-2579253, -1321868265}, {1787943, 916321552}, {-2391089, -1225434135}, {-2254727, -1155548552},
    {3482206, 1784632064}, {-4182915, -2143745726}, {-1300016, -666258756}, {-2362063, -1210558298},
    {-1317678, -675310538}, {2461387, 1261461890}, {3035980, 1555941048}, {621164, 318346816},
    {3901472, 1999506068}, {-1226661, -628664287}, {2925816, 1499481951}, {3374250, 1729304568},
    {1356448, 695180180}, {-2775755, -1422575624}, {2683270, 1375177022}, {-2778788, -1424130038},
    {-3467665, -1777179795}, {2312838, 1185330464}, {-653275, -334803717}, {-459163, -235321234},
    {348812, 178766299}, {-327848, -168022240}, {1011223, 518252220}, {-2354215, -1206536194},
    {-3818627, -1957047970}, {-1922253, -985155484}, {-2236726, -1146323031}, {1744507, 894060583},
    {1753, 898413}, {-1935420, -991903578}, {-2659525, -1363007700}, {-1455890, -746144248},
    {2660408, 1363460238}, {-1780227, -912367099}, {-59148, -30313375}, {2772600, 1420958686},
    {1182243, 605900043}, {87208, 44694137}, {636927, 326425360}, {-3965306, -2032221021},
    {-3956745, -2027833504}, {-2296397, -1176904444}, {-3284915, -1683520342}, {-3716946, -1904936414},
    {-27812, -14253662}, {822541, 421552614}, {1009365, 517299994}, {-2454145, -1257750362},
    {-1979497, -1014493059}, {1596822, 818371958}, {-3956944, -2027935492}, {-3759465, -1926727420},
    {-1685153, -863641633}, {-3410568, -1747917558}, {2678278, 1372618620}, {-3768948, -1931587462},
    {-3551006, -1819892093}, {635956, 325927722}, {-250446, -128353682}, {-2455377, -1258381762},
    {-4146264, -2124962073}, {-1772588, -908452108}, {2192938, 1123881663}, {-1727088, -885133339},
    {2387513, 1223601433}, {-3611750, -1851023419}, {-268456, -137583815}, {-3180456, -1629985060},
    {3747250, 1920467227}, {2296099, 1176751719}, {1239911, 635454918}, {-3838479, -1967222129},
    {3195676, 1637785316}, {2642980, 1354528380}, {1254190, 642772911}, {-12417, -6363718},
    {2998219, 1536588520}, {141835, 72690498}, {-89301, -45766801}, {2513018, 1287922800},
    {-1354892, -694382729}, {613238, 314284737}, {-1310261, -671509323}, {-2218467, -1136965286},
    {-458740, -235104446}, {-1921994, -985022747}, {4040196, 2070602178}, {-3472069, -1779436847},
    {2039144, 1045062172}, {-1879878, -963438279}, {-818761, -419615363}, {-2178965, -1116720494},
    {-1623354, -831969619}, {2105286, 1078959975}, {-2374402, -1216882040}, {-2033807, -1042326957},
    {586241, 300448763}, {-1179613, -604552167}, {527981, 270590488}, {-2743411, -1405999311},
    {-1476985, -756955444}, {1994046, 1021949428}, {2491325, 1276805128}, {-1393159, -713994583},
    {507927, 260312805}, {-1187885, -608791570}, {-724804, -371462360}, {-1834526, -940195359},
    {-3033742, -1554794072}, {-338420, -173440395}, {2647994, 1357098057}, {3009748, 1542497137},
    {-2612853, -1339088280}, {4148469, 2126092136}, {749577, 384158533}, {-4022750, -2061661095},
    {3980599, 2040058690}, {2569011, 1316619236}, {-1615530, -827959816}, {1723229, 883155599},
    {1665318, 853476187}, {2028038, 1039370342}, {1163598, 596344473}, {-3369273, -1726753853},
    {3994671, 2047270596}, {-11879, -6087993}, {-1370517, -702390549}, {3020393, 1547952704},
    {3363542, 1723816713}, {214880, 110126092}, {545376, 279505433}, {-770441, -394851342},
    {3105558, 1591599803}, {-1103344, -565464272}, {508145, 260424530}, {-553718, -283780712},
    {860144, 440824168}, {3430436, 1758099917}, {140244, 71875110}, {-1514152, -776003547},
    {-2185084, -1119856484}, {3123762, 1600929361}, {2358373, 1208667171}, {-2193087, -1123958025},
    {-3014420, -1544891539}, {-1716814, -879867909}, {2926054, 1499603926}, {-392707, -201262505},
    {-303005, -155290192}, {3531229, 1809756372}, {-3974485, -2036925262}, {-3773731, -1934038751},
    {1900052, 973777462}, {-781875, -400711272}, {1054478, 540420426}, {-731434, -374860238},
};

/* Alg. 42's final factor 256^-1 times 2^32, which cancels the 2^-32 of one
 * pointwise Montgomery product: 2^24 mod q, and round(2^24 * 2^32 / q). */
#define MLDSA_INVNTT_SCALE 16382
#define MLDSA_INVNTT_SCALE_Q 8395782

void mldsa_ntt(int32_t a[MLDSA_N])
{
    unsigned len, start, j, m = 0;

    for (len = 128; len > 0; len >>= 1) {
        for (start = 0; start < MLDSA_N; start += 2 * len) {
            int32_t z = mldsa_zetas[++m][0], zq = mldsa_zetas[m][1];

            for (j = start; j < start + len; j++) {
                int32_t t = mldsa_mul_const(a[j + len], z, zq);

                a[j + len] = a[j] - t;
                a[j] = a[j] + t;
            }
        }
    }
}

/* Without intermediate reductions the sums grow to 256 q < 2^31 (q < 2^23). */
void mldsa_invntt(int32_t a[MLDSA_N])
{
    unsigned len, start, j, m = MLDSA_N;

    for (len = 1; len < MLDSA_N; len <<= 1) {
        for (start = 0; start < MLDSA_N; start += 2 * len) {
            int32_t z = -mldsa_zetas[--m][0], zq = -mldsa_zetas[m][1];

            for (j = start; j < start + len; j++) {
                int32_t t = a[j];

                a[j] = t + a[j + len];
                a[j + len] = mldsa_mul_const(t - a[j + len], z, zq);
            }
        }
    }
    for (j = 0; j < MLDSA_N; j++)
        a[j] = mldsa_mul_const(a[j], MLDSA_INVNTT_SCALE, MLDSA_INVNTT_SCALE_Q);
}

void mldsa_wipe(void *p, size_t n)
{
    memset(p, 0, n);
    __asm__ __volatile__("" : : "r"(p) : "memory"); /* the memset must happen */
}

/* a - round(a / 2^23) q: |result| <= 2^22 + 2^21 < q for |a| < 2^31 - 2^22. */
static int32_t reduce32(int32_t a)
{
    int32_t t = (a + (1 << 22)) >> 23;

    return a - t * MLDSA_Q;
}

void mldsa_poly_reduce(int32_t a[MLDSA_N])
{
    unsigned i;

    for (i = 0; i < MLDSA_N; i++)
        a[i] = reduce32(a[i]);
}

void mldsa_poly_freeze(int32_t a[MLDSA_N])
{
    unsigned i;

    for (i = 0; i < MLDSA_N; i++) {
        int32_t r = reduce32(a[i]);

        a[i] = r + ((r >> 31) & MLDSA_Q);
    }
}

int32_t mldsa_center(int32_t a)
{
    a += (a >> 31) & MLDSA_Q;
    return a - ((((MLDSA_Q - 1) / 2) - a) >> 31 & MLDSA_Q);
}

void mldsa_poly_pointwise(int32_t *r, const int32_t *a, const int32_t *b, int accumulate)
{
    unsigned i;

    if (accumulate) {
        for (i = 0; i < MLDSA_N; i++)
            r[i] += mldsa_montmul(a[i], b[i]);
    } else {
        for (i = 0; i < MLDSA_N; i++)
            r[i] = mldsa_montmul(a[i], b[i]);
    }
}

uint32_t mldsa_poly_exceeds(const int32_t *a, int32_t bound)
{
    uint32_t over = 0;
    unsigned i;

    for (i = 0; i < MLDSA_N; i++) {
        int32_t s = a[i] >> 31;

        over |= (uint32_t)(bound - 1 - ((a[i] ^ s) - s)); /* sign bit set iff |a| >= bound */
    }
    return over >> 31;
}

/* ---- Sampling (FIPS 204 Sec. 7.3) ------------------------------------------ */

/* RejNTTPoly (Alg. 30) on rho || col || row (Alg. 32).  A is public, so the
 * rejection branch is harmless.  24-byte reads keep the 168-byte SHAKE128
 * blocks lane-aligned. */
void mldsa_sample_ntt(int32_t *r, const uint8_t rho[32], unsigned row, unsigned col,
                      const int32_t *mul)
{
    keccak_ctx h;
    uint8_t buf[24];
    unsigned n = 0, b;

    fw_shake128_init(&h);
    fw_keccak_absorb(&h, rho, 32);
    buf[0] = (uint8_t)col;
    buf[1] = (uint8_t)row;
    fw_keccak_absorb(&h, buf, 2);
    fw_keccak_finish(&h);
    while (n < MLDSA_N) {
        fw_keccak_squeeze(&h, buf, sizeof buf);
        for (b = 0; b < sizeof buf && n < MLDSA_N; b += 3) {
            /* CoeffFromThreeBytes (Alg. 14) */
            int32_t v = (int32_t)(buf[b] | (uint32_t)buf[b + 1] << 8 | (uint32_t)(buf[b + 2] & 0x7f) << 16);

            if (v < MLDSA_Q) {
                if (mul)
                    r[n] += mldsa_montmul(v, mul[n]);
                else
                    r[n] = v;
                n++;
            }
        }
    }
}

/* RejBoundedPoly (Alg. 31) on rho' || nonce (Alg. 33).  Only whether a half
 * byte is rejected takes a branch; accepted values are computed without one. */
void mldsa_sample_eta(int32_t *r, const uint8_t rhoprime[64], unsigned nonce, unsigned eta)
{
    keccak_ctx h;
    uint8_t buf[8];
    unsigned n = 0, b, half;

    fw_shake256_init(&h);
    fw_keccak_absorb(&h, rhoprime, 64);
    buf[0] = (uint8_t)nonce;
    buf[1] = (uint8_t)(nonce >> 8);
    fw_keccak_absorb(&h, buf, 2);
    fw_keccak_finish(&h);
    while (n < MLDSA_N) {
        fw_keccak_squeeze(&h, buf, sizeof buf);
        for (b = 0; b < 2 * sizeof buf && n < MLDSA_N; b++) {
            /* CoeffFromHalfByte (Alg. 15): low half byte first */
            half = (buf[b >> 1] >> (4 * (b & 1))) & 15;
            if (eta == 2) {
                if (half < 15) /* 2 - (half mod 5); half * 205 >> 10 = half / 5 for half < 15 */
                    r[n++] = 2 - (int32_t)(half - 5 * ((half * 205) >> 10));
            } else if (half < 9) {
                r[n++] = 4 - (int32_t)half;
            }
        }
    }
    mldsa_wipe(&h, sizeof h);
    mldsa_wipe(buf, sizeof buf);
}

/* ExpandMask (Alg. 34) for one polynomial: BitUnpack(H(rho'' || nonce), gamma1 - 1,
 * gamma1) read 8 coefficients (gamma1_bits + 1 bytes) at a time. */
void mldsa_sample_mask(int32_t *r, const uint8_t rhopp[64], unsigned nonce, unsigned gamma1_bits)
{
    keccak_ctx h;
    uint8_t buf[20];
    unsigned bits = gamma1_bits + 1, n;

    fw_shake256_init(&h);
    fw_keccak_absorb(&h, rhopp, 64);
    buf[0] = (uint8_t)nonce;
    buf[1] = (uint8_t)(nonce >> 8);
    fw_keccak_absorb(&h, buf, 2);
    fw_keccak_finish(&h);
    for (n = 0; n < MLDSA_N; n += 8) {
        fw_keccak_squeeze(&h, buf, bits);
        mldsa_unpack_offset(r + n, buf, 8, bits, (int32_t)1 << gamma1_bits);
    }
    mldsa_wipe(&h, sizeof h);
    mldsa_wipe(buf, sizeof buf);
}

/* All-ones if a == b (a, b < 2^31), else 0. */
static uint32_t ct_eq_mask(uint32_t a, uint32_t b)
{
    return 0u - (((a ^ b) - 1u) >> 31);
}

/* SampleInBall (Alg. 29).  The positions j stay secret for rejected signing
 * attempts, so the swap c_i = c_j, c_j = +-1 scans c[0..i] with masks. */
void mldsa_sample_in_ball(int32_t c[MLDSA_N], const uint8_t *ctilde, unsigned len, unsigned tau)
{
    keccak_ctx h;
    uint8_t s[8], j;
    uint32_t signs[2];
    unsigned i, m;

    fw_shake256_init(&h);
    fw_keccak_absorb(&h, ctilde, len);
    fw_keccak_finish(&h);
    fw_keccak_squeeze(&h, s, 8);
    signs[0] = (uint32_t)s[0] | (uint32_t)s[1] << 8 | (uint32_t)s[2] << 16 | (uint32_t)s[3] << 24;
    signs[1] = (uint32_t)s[4] | (uint32_t)s[5] << 8 | (uint32_t)s[6] << 16 | (uint32_t)s[7] << 24;
    memset(c, 0, MLDSA_N * sizeof c[0]);
    for (i = MLDSA_N - tau; i < MLDSA_N; i++) {
        unsigned k = i + tau - MLDSA_N;
        int32_t sign = 1 - 2 * (int32_t)((signs[k >> 5] >> (k & 31)) & 1);
        uint32_t old = 0, eq;

        do
            fw_keccak_squeeze(&h, &j, 1);
        while (j > i);
        for (m = 0; m < i; m++) {
            eq = ct_eq_mask(m, j);
            old |= (uint32_t)c[m] & eq;
            c[m] = (int32_t)(((uint32_t)c[m] & ~eq) | ((uint32_t)sign & eq));
        }
        eq = ct_eq_mask(i, j);
        c[i] = (int32_t)((old & ~eq) | ((uint32_t)sign & eq));
    }
}

/* ---- Packing (FIPS 204 Sec. 7.1, little-endian bit order) ------------------ */

/* Packs b + a[i] (neg = 0) or b - a[i] (neg = all-ones). */
static void pack_bits(uint8_t *out, const int32_t *a, unsigned count, unsigned bits, int32_t b,
                      uint32_t neg)
{
    uint32_t acc = 0, mask = (1u << bits) - 1;
    unsigned have = 0, i;

    for (i = 0; i < count; i++) {
        acc |= (((uint32_t)b + (((uint32_t)a[i] ^ neg) - neg)) & mask) << have;
        for (have += bits; have >= 8; have -= 8) {
            *out++ = (uint8_t)acc;
            acc >>= 8;
        }
    }
}

static void unpack_bits(int32_t *a, const uint8_t *in, unsigned count, unsigned bits, int32_t b,
                        uint32_t neg)
{
    uint32_t acc = 0, mask = (1u << bits) - 1;
    unsigned have = 0, i;

    for (i = 0; i < count; i++) {
        for (; have < bits; have += 8)
            acc |= (uint32_t)*in++ << have;
        a[i] = (int32_t)((uint32_t)b + (((acc & mask) ^ neg) - neg));
        acc >>= bits;
        have -= bits;
    }
}

void mldsa_pack_simple(uint8_t *out, const int32_t *a, unsigned count, unsigned bits)
{
    pack_bits(out, a, count, bits, 0, 0);
}

void mldsa_pack_offset(uint8_t *out, const int32_t *a, unsigned count, unsigned bits, int32_t b)
{
    pack_bits(out, a, count, bits, b, ~0u);
}

void mldsa_unpack_simple(int32_t *a, const uint8_t *in, unsigned count, unsigned bits)
{
    unpack_bits(a, in, count, bits, 0, 0);
}

void mldsa_unpack_offset(int32_t *a, const uint8_t *in, unsigned count, unsigned bits, int32_t b)
{
    unpack_bits(a, in, count, bits, b, ~0u);
}

/* ---- Rounding (FIPS 204 Sec. 7.4) ------------------------------------------ */

/* r1 = floor((r + gamma2 - 1) / (2 gamma2)) makes r0 = r - 2 gamma2 r1 the
 * representative in (-gamma2, gamma2].  2 gamma2 is 2^11 * 93 or 2^9 * 1023, so
 * the division is a shift and a multiply by a rounded-up reciprocal, exact for
 * every r in [0, q) (checked exhaustively by test_mldsa).  The top value
 * r1 = (q-1)/(2 gamma2) wraps to 0 with r0 - 1. */
int32_t mldsa_decompose(int32_t *r0, int32_t r, int32_t gamma2)
{
    uint32_t x = (uint32_t)(r + gamma2 - 1), r1, top, wrap;

    if (gamma2 == MLDSA_GAMMA2_88) {
        r1 = ((x >> 11) * 11276u) >> 20; /* 11276 = ceil(2^20 / 93) */
        top = 44;
    } else {
        r1 = ((x >> 9) * 65601u) >> 26; /* 65601 = ceil(2^26 / 1023) */
        top = 16;
    }
    wrap = ct_eq_mask(r1, top);
    r1 &= ~wrap;
    *r0 = r - (int32_t)r1 * 2 * gamma2 - (int32_t)(MLDSA_Q & wrap);
    return (int32_t)r1;
}

int32_t mldsa_use_hint(int32_t r, unsigned hint, int32_t gamma2)
{
    int32_t r0, r1 = mldsa_decompose(&r0, r, gamma2);
    int32_t m = gamma2 == MLDSA_GAMMA2_88 ? 44 : 16; /* (q-1) / (2 gamma2) */

    if (!hint)
        return r1;
    if (r0 > 0)
        return r1 + 1 == m ? 0 : r1 + 1;
    return r1 == 0 ? m - 1 : r1 - 1;
}
