/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * digest.h - the SHA-256 that identifies an ELF in every report, computed by
 * OpenSSL (src/backends/digest_openssl.c) rather than by the firmware's own
 * open implementation, which is what the benchmarks measure, not a tool of
 * the host.
 */
#ifndef CYCLESIM_DIGEST_H
#define CYCLESIM_DIGEST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/** csim_sha256 - the SHA-256 of len bytes; false when OpenSSL fails. */
bool csim_sha256(const void *data, size_t len, uint8_t out[32]);

#endif
