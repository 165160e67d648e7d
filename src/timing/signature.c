/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * signature.c - the core's timing state relative to the current cycle, as
 * block reuse keys on it and restores it (include/cyclesim/timing/signature.h):
 * the times and the fetch queue every core has, then the core's own part
 * (its descriptor's sign and restore hooks).
 */
#include <string.h>

#include "cyclesim/timing/signature.h"

_Static_assert(CSIM_SIG_SHARED == 24 + 4 * CSIM_FETCH_QUEUE, "signature layout");

static inline uint64_t max64(uint64_t a, uint64_t b) { return a > b ? a : b; }

/* Signature layout.  Register and flag ready times only matter above now
 * (they are always combined with the issue cycle): unsigned bytes, 0 = ready.
 * Bus and fetch times can lie before now and still matter: signed 16-bit
 * (on the M33 the fetch-ahead issues at the bus's free time, which falls
 * behind the core by hundreds of cycles over a long block that hits in the
 * ICACHE). */
static bool rel8(uint64_t x, uint64_t now, uint8_t *out)
{
    uint64_t r = x > now ? x - now : 0;
    *out = (uint8_t)r;
    return r < 256;
}

static bool srel16(uint64_t x, uint64_t now, uint8_t *out)
{
    int64_t r = (int64_t)(x - now);
    const int16_t v = (int16_t)r;
    memcpy(out, &v, 2);
    return r >= -32767 && r <= 32767;
}

static int64_t get16(const uint8_t *b)
{
    int16_t v;
    memcpy(&v, b, 2);
    return v;
}

int64_t csim_core_sig_earliest_request(const csim_core_sig *sig) { return get16(sig->b); }

bool csim_core_sig_shift(const csim_core_sig *now, const csim_core_sig *rec, int64_t *delta)
{
    const uint8_t *a = now->b, *r = rec->b;
    const int64_t d = get16(a) - get16(r);
    if (get16(a + 2) - get16(r + 2) != d || get16(a + 4) - get16(r + 4) != d || get16(a + 4) > 0 ||
        get16(r + 4) > 0 || memcmp(a + 6, r + 6, 18) != 0) {
        return false;
    }
    for (unsigned i = 0; i < a[23]; i++) {
        if (memcmp(a + 24 + 4 * i, r + 24 + 4 * i, 2) != 0 || get16(a + 26 + 4 * i) - get16(r + 26 + 4 * i) != d) {
            return false;
        }
    }
    if (memcmp(a + CSIM_SIG_SHARED, r + CSIM_SIG_SHARED, CSIM_SIG_BYTES - CSIM_SIG_SHARED) != 0) {
        return false;
    }
    *delta = d;
    return true;
}

void csim_core_shift_fetch(csim_core *c, int64_t delta)
{
    c->version++;
    c->last_req += (uint64_t)delta;
    c->bus_free += (uint64_t)delta;
    c->fetch_from += (uint64_t)delta;
    for (unsigned i = 0; i < c->q_n; i++) {
        c->q_ready[i] += (uint64_t)delta;
    }
}

bool csim_core_signature(const csim_core *c, uint32_t base, csim_core_sig *sig)
{
    uint8_t *b = sig->b;
    uint64_t now = c->t;
    bool ok = true;
    memset(sig, 0, sizeof(*sig));
    /* Bus and request times only ever meet request times in a max(), and no
     * request comes before the floor: a bus free at or before now matters only
     * through fetch_from's max() with it, a last request at or before the floor
     * not at all.  Both are written as the floor, so that states that behave the
     * same sign the same (the earliest request is a function of the signature). */
    const uint64_t floor = csim_core_request_floor(c);
    ok &= srel16(max64(c->last_req, floor), now, &b[0]); /* the earliest request */
    ok &= srel16(c->bus_free > now ? c->bus_free : floor, now, &b[2]);
    /* fetch_from only ever meets bus_free in a max(): below it, it is bus_free. */
    ok &= srel16(max64(c->fetch_from, c->bus_free), now, &b[4]);
    ok &= rel8(c->flags_ready, now, &b[6]);
    for (unsigned i = 0; i < 16; i++) {
        ok &= rel8(c->reg_ready[i], now, &b[7 + i]);
    }
    b[23] = (uint8_t)c->q_n;
    for (unsigned i = 0; i < c->q_n; i++) {
        int32_t off = (int32_t)(c->q_addr[i] - base);
        ok &= off >= -32768 && off < 32768;
        b[24 + 4 * i] = (uint8_t)off;
        b[25 + 4 * i] = (uint8_t)((uint32_t)off >> 8);
        ok &= srel16(c->q_ready[i], now, &b[26 + 4 * i]);
    }
    if (c->desc->sign) {
        ok &= c->desc->sign(c, now, b + CSIM_SIG_SHARED);
    }
    return ok;
}

void csim_core_restore(csim_core *c, uint32_t base, const csim_core_sig *sig, uint64_t dt,
                       const csim_breakdown *d)
{
    const uint8_t *b = sig->b;
    uint64_t now = c->t + dt;
    c->version++;
    c->t = now;
    c->last_req = now + (uint64_t)get16(&b[0]);
    c->bus_free = now + (uint64_t)get16(&b[2]);
    c->fetch_from = now + (uint64_t)get16(&b[4]);
    c->flags_ready = now + b[6];
    for (unsigned i = 0; i < 16; i++) {
        c->reg_ready[i] = now + b[7 + i];
    }
    c->q_n = b[23];
    for (unsigned i = 0; i < c->q_n; i++) {
        int32_t off = (int16_t)(b[24 + 4 * i] | b[25 + 4 * i] << 8);
        c->q_addr[i] = base + (uint32_t)off;
        c->q_ready[i] = now + (uint64_t)get16(&b[26 + 4 * i]);
    }
    if (c->desc->restore) {
        c->desc->restore(c, now, b + CSIM_SIG_SHARED);
    }
#define ADD(f, ...) c->bd.f += d->f;
    CSIM_BREAKDOWN_FIELDS(ADD)
#undef ADD
}
