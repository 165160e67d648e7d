/* SPDX-License-Identifier: GPL-2.0-or-later */
/* digest_openssl.c - SHA-256 through OpenSSL's EVP interface (digest.h). */
#include <openssl/evp.h>

#include "cyclesim/backends/digest.h"

bool csim_sha256(const void *data, size_t len, uint8_t out[32])
{
    unsigned int n = 0;
    return EVP_Digest(data, len, out, &n, EVP_sha256(), NULL) == 1 && n == 32;
}
