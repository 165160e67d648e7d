#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Known answers of the CycloneCRYPTO cases (firmware/cyclone/cyclone_known.h).

The cases draw key, IV/nonce and a 4096-byte message from xorshift32 streams
(firmware/cyclone/cyclone_glue.c, same seeds as below); the known answer of a
case is the SHA-256 of its output (AEAD: followed by the 16-byte tag; hash:
the digest).  Computed here with Python's cryptography package and hashlib
(OpenSSL 3), independently of CycloneCRYPTO; SM4-GCM/CCM through the generic
modes below on cryptography's SM4 block.  Ascon (no independent
implementation here) is checked by self-consistency in the firmware.

usage: python3 tools/cyclone_known.py > firmware/cyclone/cyclone_known.h
"""
import hashlib

from cryptography.hazmat.decrepit.ciphers.algorithms import TripleDES
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
from cryptography.hazmat.primitives.ciphers.aead import AESCCM, AESGCM, ChaCha20Poly1305

KEY_SEED, IV_SEED, MSG_SEED = 0x6B657973, 0x49563030, 0x43424331
MSG_BYTES = 4096


def stream(n, seed):
    """firmware/cases/flow_input.c aes_sha2_prng_fill: Marsaglia xorshift32."""
    x, out = seed, bytearray()
    for i in range(n):
        if i % 4 == 0:
            x ^= (x << 13) & 0xFFFFFFFF
            x ^= x >> 17
            x ^= (x << 5) & 0xFFFFFFFF
        out.append((x >> (8 * (i % 4))) & 0xFF)
    return bytes(out)


KEY, IV, MSG = stream(32, KEY_SEED), stream(16, IV_SEED), stream(MSG_BYTES, MSG_SEED)


def ecb(algo):
    e = Cipher(algo, modes.ECB()).encryptor()
    return lambda b: e.update(b)


def gf_mul(x, y):
    z, v = 0, y
    for i in range(128):
        if (x >> (127 - i)) & 1:
            z ^= v
        v = (v >> 1) ^ (0xE1 << 120) if v & 1 else v >> 1
    return z


def gcm(block, iv, p):
    h = int.from_bytes(block(bytes(16)), "big")
    j0 = iv + b"\0\0\0\1"
    c, ctr = bytearray(), int.from_bytes(j0, "big")
    for i in range(0, len(p), 16):
        ctr = (ctr & ~0xFFFFFFFF) | ((ctr + 1) & 0xFFFFFFFF)
        ks = block(ctr.to_bytes(16, "big"))
        c += bytes(a ^ b for a, b in zip(p[i:i + 16], ks))
    acc = 0
    for i in range(0, len(c), 16):
        acc = gf_mul(acc ^ int.from_bytes(c[i:i + 16].ljust(16, b"\0"), "big"), h)
    acc = gf_mul(acc ^ (len(c) * 8), h)
    tag = bytes(a ^ b for a, b in zip(block(j0), acc.to_bytes(16, "big")))
    return bytes(c) + tag


def ccm(block, n, p, tlen=16):
    q = 15 - len(n)
    b0 = bytes([((tlen - 2) // 2) << 3 | (q - 1)]) + n + len(p).to_bytes(q, "big")
    x = block(b0)
    for i in range(0, len(p), 16):
        x = block(bytes(a ^ b for a, b in zip(x, p[i:i + 16].ljust(16, b"\0"))))
    ctr0 = bytes([q - 1]) + n + bytes(q)
    c = bytearray()
    for k, i in enumerate(range(0, len(p), 16), start=1):
        ks = block(bytes([q - 1]) + n + k.to_bytes(q, "big"))
        c += bytes(a ^ b for a, b in zip(p[i:i + 16], ks))
    return bytes(c) + bytes(a ^ b for a, b in zip(x, block(ctr0)))[:tlen]


def cbc(algo, iv):
    return Cipher(algo, modes.CBC(iv)).encryptor().update(MSG)


def ctr(algo, iv):
    """SP 800-38A CTR, whole-block counter (CycloneCRYPTO ctrEncrypt with m = block bits)."""
    block, n, c = ecb(algo), len(iv), bytearray()
    t = int.from_bytes(iv, "big")
    for i in range(0, len(MSG), n):
        ks = block(t.to_bytes(n, "big"))
        c += bytes(a ^ b for a, b in zip(MSG[i:i + n], ks))
        t = (t + 1) % (1 << (8 * n))
    return bytes(c)


def answers():
    out = []
    des3, sm4 = TripleDES(KEY[:24]), algorithms.SM4(KEY[:16])
    out.append(("3des-cbc", cbc(des3, IV[:8])))
    out.append(("3des-ctr", ctr(des3, IV[:8])))
    for kb in (128, 192, 256):
        out.append((f"aes{kb}-cbc", cbc(algorithms.AES(KEY[:kb // 8]), IV)))
    for kb in (128, 192, 256):
        out.append((f"aes{kb}-ctr", ctr(algorithms.AES(KEY[:kb // 8]), IV)))
    out.append(("sm4-cbc", cbc(sm4, IV)))
    out.append(("sm4-ctr", ctr(sm4, IV)))
    for kb in (128, 192, 256):
        out.append((f"aes{kb}-gcm", AESGCM(KEY[:kb // 8]).encrypt(IV[:12], MSG, None)))
    for kb in (128, 192, 256):
        out.append((f"aes{kb}-ccm", AESCCM(KEY[:kb // 8], 16).encrypt(IV[:12], MSG, None)))
    out.append(("sm4-gcm", gcm(ecb(sm4), IV[:12], MSG)))
    out.append(("sm4-ccm", ccm(ecb(sm4), IV[:12], MSG)))
    out.append(("chacha20poly1305", ChaCha20Poly1305(KEY).encrypt(IV[:12], MSG, None)))
    # self-check of the generic modes against cryptography's AES-GCM/CCM
    aes = ecb(algorithms.AES(KEY[:16]))
    assert gcm(aes, IV[:12], MSG) == AESGCM(KEY[:16]).encrypt(IV[:12], MSG, None)
    assert ccm(aes, IV[:12], MSG) == AESCCM(KEY[:16], 16).encrypt(IV[:12], MSG, None)
    assert ctr(algorithms.AES(KEY[:16]), IV) == \
        Cipher(algorithms.AES(KEY[:16]), modes.CTR(IV)).encryptor().update(MSG)
    digests = [("md5", "md5"), ("sha1", "sha1"), ("sha224", "sha224"), ("sha256", "sha256"),
               ("sha384", "sha384"), ("sha512", "sha512"), ("sha3-224", "sha3_224"),
               ("sha3-256", "sha3_256"), ("sha3-384", "sha3_384"), ("sha3-512", "sha3_512"),
               ("sm3", "sm3")]
    hashes = [(row, hashlib.new(name, MSG).digest()) for row, name in digests]
    return out, hashes


def c_bytes(b):
    items = [f"0x{v:02x}" for v in b]
    return ",\n     ".join(", ".join(items[i:i + 12]) for i in range(0, len(items), 12))


def main():
    ciphers, hashes = answers()
    print("/* SPDX-License-Identifier: MIT */")
    print("/* cyclone_known.h - generated by tools/cyclone_known.py: do not edit.")
    print(" * SHA-256 of each case's output (AEAD: output || 16-byte tag) and the")
    print(" * digests of the hash cases, for the streams of cyclone_glue.c. */")
    print("#ifndef CYCLONE_KNOWN_H\n#define CYCLONE_KNOWN_H\n")
    print('#include <stdint.h>\n\n#include "bench.h"\n')
    print(f"#define CY_KEY_SEED 0x{KEY_SEED:08x}u\n#define CY_IV_SEED 0x{IV_SEED:08x}u")
    print(f"#define CY_MSG_SEED 0x{MSG_SEED:08x}u\n#define CY_MSG_BYTES {MSG_BYTES}u\n")
    for row, data in ciphers:
        name = row.replace("-", "_")
        print(f"static const uint8_t cy_known_{name}[32] BENCH_IO_CONST = {{\n    "
              f" {c_bytes(hashlib.sha256(data).digest())}}};")
    for row, digest in hashes:
        name = row.replace("-", "_")
        print(f"static const uint8_t cy_known_{name}[{len(digest)}] BENCH_IO_CONST = {{\n    "
              f" {c_bytes(digest)}}};")
    print("\n#endif")


if __name__ == "__main__":
    main()
