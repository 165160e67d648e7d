/* SPDX-License-Identifier: MIT */
/*
 * cyclone_glue.h - what the CycloneCRYPTO cases share: the 4096-byte message,
 * the output buffer (output then tag), key and IV, their xorshift32 streams
 * (the seeds of cyclone_known.h), and the known-answer test.
 */
#ifndef CYCLONE_GLUE_H
#define CYCLONE_GLUE_H

#include <stddef.h>
#include <stdint.h>

#include "bench.h"
#include "cyclone_known.h"

/* Row suffix: software columns, or the hardware columns (-hw image). */
#ifdef CYCLONE_BENCH_HW
#define CY_COLUMN "/hw"
#else
#define CY_COLUMN "/sw"
#endif

enum { CY_ENC = 0, CY_DEC = 1 };

extern uint8_t cy_msg[CY_MSG_BYTES];
extern uint8_t cy_out[CY_MSG_BYTES + 16]; /* output, then the tag (AEAD) */
extern uint8_t cy_key[32];
extern uint8_t cy_iv[16];

/** Draws key, IV and message for case c: the fixed streams (bench_input_seed
 *  0) or bench_random(); the same draws every time for the same case. */
void cy_inputs(const bench_case_t *c);

/** 0 when SHA-256(data[0..len)) equals expect. */
int cy_digest_differs(const uint8_t *data, size_t len, const uint8_t expect[32]);

#endif
