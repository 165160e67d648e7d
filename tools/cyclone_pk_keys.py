#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Fixed keys and known answers of the CycloneCRYPTO RSA, DSA and DH cases
(firmware/cyclone/cyclone_pk_keys.h).

RSA-1024/2048 (e = 65537, with the CRT fields of RFC 8017 A.1.2) and DSA
(FIPS 186-4: L = 1024 with N = 160, L = 2048 with N = 256) are made here once
with Python's cryptography package (OpenSSL 3); every run gives new keys, so
the committed header is the reference, as for firmware/crypto/rsa_testkey.h.
Test keys, not secrets.  DH-1024 uses the 1024-bit MODP group of RFC 2409
section 6.2 (Oakley group 2, g = 2), a published constant.  The known answer
of an RSA signature case is the SHA-256 of the PKCS#1 v1.5 signature (SHA-256
digest) of MESSAGE, computed here independently of CycloneCRYPTO; DSA
signatures are random and DH values are checked in the firmware by
self-consistency.

usage: python3 tools/cyclone_pk_keys.py > firmware/cyclone/cyclone_pk_keys.h
"""
import hashlib

from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import dsa, padding, rsa

MESSAGE = bytes(range(32))  # the message whose SHA-256 digest is signed

# RFC 2409 section 6.2, the second Oakley group: 2^1024 - 2^960 - 1 + 2^64 * (floor(2^894 pi) + 129093)
OAKLEY2_P = int(
    "FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD1"
    "29024E088A67CC74020BBEA63B139B22514A08798E3404DD"
    "EF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245"
    "E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7ED"
    "EE386BFB5A899FA5AE9F24117C4B1FE649286651ECE65381"
    "FFFFFFFFFFFFFFFF", 16)


def c_bytes(name, value, size):
    b = value.to_bytes(size, "big")
    rows = [", ".join(f"0x{x:02x}" for x in b[i:i + 12]) for i in range(0, size, 12)]
    return f"static const uint8_t {name}[{size}] BENCH_IO_CONST = {{\n    " + ",\n    ".join(rows) + "};\n"


def main():
    out = ['''/* SPDX-License-Identifier: MIT */
/*
 * cyclone_pk_keys.h - fixed keys and known answers of the CycloneCRYPTO RSA,
 * DSA and Diffie-Hellman cases (cyclone_cases_pk.c), written by
 * tools/cyclone_pk_keys.py: RSA-1024/2048 (e = 65537, RFC 8017 A.1.2 fields)
 * and DSA L/N = 1024/160 and 2048/256 made once with Python's cryptography
 * package (OpenSSL 3) and committed (test keys, not secrets); DH-1024 on the
 * RFC 2409 section 6.2 group (g = 2).  Big-endian, zero-padded.  Known
 * answers: SHA-256 of the PKCS#1 v1.5 signature of SHA-256(bytes 0..31).
 */
#ifndef CYCLONE_PK_KEYS_H
#define CYCLONE_PK_KEYS_H

#include <stdint.h>

#include "bench.h"

''']
    digest = hashlib.sha256(MESSAGE).digest()
    for bits in (1024, 2048):
        k = rsa.generate_private_key(public_exponent=65537, key_size=bits)
        n = k.private_numbers()
        pub = n.public_numbers
        B, H = bits // 8, bits // 16
        for f, v, s in (("n", pub.n, B), ("d", n.d, B), ("p", n.p, H), ("q", n.q, H), ("dp", n.dmp1, H),
                        ("dq", n.dmq1, H), ("qinv", n.iqmp, H)):
            out.append(c_bytes(f"cy_rsa{bits}_{f}", v, s))
        sig = k.sign(MESSAGE, padding.PKCS1v15(), hashes.SHA256())
        out.append(c_bytes(f"cy_rsa{bits}_sig_sha256", int.from_bytes(hashlib.sha256(sig).digest(), "big"), 32))
    for L, N in ((1024, 160), (2048, 256)):
        params = dsa.generate_parameters(key_size=L)
        k = params.generate_private_key()
        pn = params.parameter_numbers()
        assert pn.q.bit_length() == N
        for f, v, s in (("p", pn.p, L // 8), ("q", pn.q, N // 8), ("g", pn.g, L // 8),
                        ("x", k.private_numbers().x, N // 8), ("y", k.public_key().public_numbers().y, L // 8)):
            out.append(c_bytes(f"cy_dsa{L}_{f}", v, s))
    out.append(c_bytes("cy_dh1024_p", OAKLEY2_P, 128))
    out.append("#define CY_DH1024_G 2u\n")
    out.append(c_bytes("cy_pk_digest", int.from_bytes(digest, "big"), 32))
    out.append("\n#endif\n")
    print("\n".join(out), end="")


if __name__ == "__main__":
    main()
