#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# gen_rsa_testkey.sh - writes firmware/crypto/rsa_testkey.h, the fixed RSA-3072
# key (e = 65537) of the RSA benchmark cases and host tests, with the openssl
# command line tool (OpenSSL 3).
#
#   tools/gen_rsa_testkey.sh [key.pem] > firmware/crypto/rsa_testkey.h
#
# Without an argument a fresh key is made with
#   openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:3072 \
#                   -pkeyopt rsa_keygen_pubexp:65537
# so every run gives a new key: the committed header is the reference, and the
# expected signatures in firmware/cases/rsa_cases.c belong to it (test_rsa
# checks both).  With a PEM private key as argument that key is converted.
# The fields are those of RFC 8017 appendix A.1.2, taken from the key's
# PKCS#1 DER form by `openssl asn1parse`, and written big-endian with leading
# zeros to 384 bytes (n, d) or 192 bytes (p, q, dP, dQ, qInv).
set -eu

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if [ $# -ge 1 ]; then
    cp "$1" "$tmp/key.pem"
else
    openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:3072 \
        -pkeyopt rsa_keygen_pubexp:65537 -out "$tmp/key.pem" 2>/dev/null
fi
openssl rsa -in "$tmp/key.pem" -traditional -outform DER -out "$tmp/key.der" 2>/dev/null
# RSAPrivateKey ::= SEQUENCE { version, n, e, d, p, q, dP, dQ, qInv }
openssl asn1parse -inform DER -in "$tmp/key.der" | awk -F: '/prim: INTEGER/ { print $NF }' \
    > "$tmp/fields"

field() { sed -n "$1p" "$tmp/fields"; }

[ "$(field 3)" = "010001" ] || { echo "gen_rsa_testkey.sh: e is not 65537" >&2; exit 1; }
bits=$(openssl rsa -in "$tmp/key.pem" -noout -text 2>/dev/null |
    sed -n 's/.*Private-Key: (\([0-9]*\) bit.*/\1/p')
[ "$bits" = "3072" ] || { echo "gen_rsa_testkey.sh: not a 3072-bit key" >&2; exit 1; }

# emit NAME BYTES HEX: a C array of BYTES bytes, big-endian, zero-padded.
emit() {
    printf 'static const uint8_t %s[%s] BENCH_IO_CONST = {\n' "$1" "$2"
    printf '%s\n' "$3" | awk -v bytes="$2" '{
        hex = tolower($0)
        while (length(hex) < 2 * bytes) hex = "0" hex
        if (length(hex) != 2 * bytes) { print "field too long" > "/dev/stderr"; exit 1 }
        for (i = 0; i < bytes; i++) {
            printf "%s0x%s,", (i % 12 == 0 ? "    " : " "), substr(hex, 2 * i + 1, 2)
            if (i % 12 == 11 || i == bytes - 1) printf "\n"
        }
    }'
    printf '};\n\n'
}

cat <<HDR
/*
 * rsa_testkey.h - the fixed RSA-3072 key (e = 65537) of the RSA benchmark
 * cases and host tests.  A test key, not a secret: generated once by
 * tools/gen_rsa_testkey.sh (openssl genpkey, OpenSSL 3) and committed, so the
 * cases' expected signatures stay valid.  Fields of RFC 8017 appendix A.1.2,
 * big-endian, zero-padded to 384 bytes (n, d) or 192 bytes (the CRT fields).
 * test_rsa rebuilds the key in OpenSSL and runs its consistency check.
 */
#ifndef CRYPTO_RSA_TESTKEY_H
#define CRYPTO_RSA_TESTKEY_H

#include <stdint.h>

#include "bench.h" /* BENCH_IO_CONST: a test input, not library data */

#define RSA_TESTKEY_BITS 3072u
#define RSA_TESTKEY_BYTES 384u
#define RSA_TESTKEY_HALF_BYTES 192u
#define RSA_TESTKEY_E 65537u

HDR
emit rsa_testkey_n 384 "$(field 2)"
emit rsa_testkey_d 384 "$(field 4)"
emit rsa_testkey_p 192 "$(field 5)"
emit rsa_testkey_q 192 "$(field 6)"
emit rsa_testkey_dp 192 "$(field 7)"
emit rsa_testkey_dq 192 "$(field 8)"
emit rsa_testkey_qinv 192 "$(field 9)"
printf '#endif\n'
