/* SPDX-License-Identifier: MIT */
/*
 * flow_input.h - the 8000-byte message of the data-flow cases and the
 * xorshift32 stream that fills it (flow_input.c), shared by the AES and SHA
 * cases: one buffer per image keeps RAM within the budget of the smallest
 * target, and its own file keeps each family's image to its own cases.
 */
#ifndef FLOW_INPUT_H
#define FLOW_INPUT_H

#include <stddef.h>
#include <stdint.h>

#define AES_SHA2_INPUT_BYTES 8000u

extern uint8_t aes_sha2_input[AES_SHA2_INPUT_BYTES];

/* Marsaglia's xorshift32 stream from `seed` (non-zero); any prefix of a
 * stream is the shorter stream of the same seed. */
void aes_sha2_prng_fill(uint8_t *buf, size_t len, uint32_t seed);

#endif
