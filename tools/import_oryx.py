#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Oryx Embedded's "Crypto Benchmark on STM32U0" page text -> data/published JSON.

usage: import_oryx.py SOURCE.txt OUT.json          write OUT.json
       import_oryx.py --check SOURCE.txt OUT.json  exit 1 if OUT.json differs

The page text is a copy of the page (data/published/source/oryx-stm32u0.txt):
per table a title line ("Cipher Algorithms"), a header ("Algorithm" then the
columns, "Encryption\\n(Software)" ...) and one line per algorithm whose cells
are run together ("AES128-CBC0.375 MB/s0.358 MB/s4.319 MB/s4.29 MB/s", "-"
for a missing figure).  The algorithm names are known (NAMES): a line starts
with one of them, so a name's trailing digits never merge with the first
figure.  One JSON row per published figure, key oryx/<alg>/<op>/<sw|hw>
(docs/row-keys.md).  Exit status: 0 ok, 1 --check mismatch, 2 usage,
3 unparsable input (file:line).
"""
import json
import re
import sys

# Published name -> key stem, per table title.
TABLES = {
    "Cipher Algorithms": ("rate", ["enc", "dec"]),
    "AEAD Algorithms": ("rate", ["enc", "dec"]),
    "Hash Algorithms": ("rate", ["hash"]),
    "Signature Algorithms": ("time", ["sign", "verify"]),
    "EC Signature Algorithms": ("time", ["sign", "verify"]),
    "Key Exchange Algorithms": ("time", ["keygen", "shared"]),
    "EC Key Exchange Algorithms": ("time", ["keygen", "shared"]),
}
NAMES = {
    "3DES-CBC": "3des-cbc", "3DES-CTR": "3des-ctr",
    "AES128-CBC": "aes128-cbc", "AES192-CBC": "aes192-cbc", "AES256-CBC": "aes256-cbc",
    "AES128-CTR": "aes128-ctr", "AES192-CTR": "aes192-ctr", "AES256-CTR": "aes256-ctr",
    "SM4-CBC": "sm4-cbc", "SM4-CTR": "sm4-ctr",
    "AES128-GCM": "aes128-gcm", "AES192-GCM": "aes192-gcm", "AES256-GCM": "aes256-gcm",
    "AES128-CCM": "aes128-ccm", "AES192-CCM": "aes192-ccm", "AES256-CCM": "aes256-ccm",
    "SM4-GCM": "sm4-gcm", "SM4-CCM": "sm4-ccm", "Ascon-AEAD128": "ascon-aead128",
    "ChaCha20Poly1305": "chacha20poly1305",
    "MD5": "md5", "SHA-1": "sha1", "SHA-224": "sha224", "SHA-256": "sha256", "SHA-384": "sha384",
    "SHA-512": "sha512", "SHA3-224": "sha3-224", "SHA3-256": "sha3-256", "SHA3-384": "sha3-384",
    "SHA3-512": "sha3-512", "SM3": "sm3", "Ascon-Hash256": "ascon-hash256",
    "RSA (1024 bits)": "rsa1024", "RSA (2048 bits)": "rsa2048",
    "DSA (1024 bits)": "dsa1024", "DSA (2048 bits)": "dsa2048",
    "ECDSA (secp256r1)": "ecdsa-secp256r1", "ECDSA (secp384r1)": "ecdsa-secp384r1",
    "ECDSA (secp521r1)": "ecdsa-secp521r1", "ECDSA (brainpoolP256r1)": "ecdsa-brainpoolp256r1",
    "ECDSA (brainpoolP384r1)": "ecdsa-brainpoolp384r1",
    "ECDSA (brainpoolP512r1)": "ecdsa-brainpoolp512r1", "SM2": "sm2",
    "EdDSA (Ed25519)": "ed25519", "EdDSA (Ed448)": "ed448",
    "Diffie-Hellman (1024 bits)": "dh1024",
    "ECDH (secp256r1)": "ecdh-secp256r1", "ECDH (secp384r1)": "ecdh-secp384r1",
    "ECDH (secp521r1)": "ecdh-secp521r1", "ECDH (brainpoolP256r1)": "ecdh-brainpoolp256r1",
    "ECDH (brainpoolP384r1)": "ecdh-brainpoolp384r1", "ECDH (brainpoolP512r1)": "ecdh-brainpoolp512r1",
    "ECDH (SM2)": "ecdh-sm2", "ECDH (X25519)": "x25519", "ECDH (X448)": "x448",
}
CELL = re.compile(r"(\d+(?:\.\d+)?) (MB/s|ms)|-")

# Why 1 MB = 2^20 bytes: docs/cyclone.md, "Unit of the rates".
MB_NOTE = ("MB/s read as 2^20 bytes per second: the page does not say; with 2^20, the 256- minus 128-bit "
           "key cost per block of the hardware rows (CBC 24.3, CTR 24.8, GCM 25.3, CCM 52.5 cycles) is "
           "closer in all four modes to the RM0503 latency differences (24, 24, 24, 48) than with 10^6 "
           "(25.5, 26.0, 26.5, 55.0)")


class ParseError(Exception):
    pass


def parse(path):
    lines = open(path, encoding="utf-8").read().split("\n")
    title = lines[0].strip()
    sections, cur, columns, in_header = [], None, [], False
    for no, raw in enumerate(lines, start=1):
        line = raw.rstrip("\r").strip()
        if line in TABLES:
            cur = {"id": str(len(sections) + 1), "title": line, "kind": TABLES[line][0],
                   "caption": None, "notes": [], "columns": [], "rows": []}
            sections.append(cur)
            continue
        if cur is None:
            continue
        if line.startswith("Algorithm"):
            in_header, columns = True, [line[len("Algorithm"):]] if line != "Algorithm" else []
            continue
        if in_header:
            name = next((n for n in sorted(NAMES, key=len, reverse=True) if line.startswith(n)), None)
            if name is None:
                if line:
                    columns.append(line)
                continue
            in_header = False
            heads = " ".join(columns).replace("\t", " ")
            cur["columns"] = ["Algorithm"] + [c.strip() + ")" for c in heads.split(")") if c.strip()]
        name = next((n for n in sorted(NAMES, key=len, reverse=True) if line.startswith(n)), None)
        if name is None:
            continue
        rest, cells = line[len(name):], []
        while rest:
            m = CELL.match(rest)
            if not m:
                raise ParseError(f"{path}:{no}: cannot read the figures of '{line}'")
            cells.append(None if m.group(0) == "-" else (float(m.group(1)), m.group(2)))
            rest = rest[m.end():]
        heads = cur["columns"][1:]
        if len(cells) != len(heads):
            raise ParseError(f"{path}:{no}: {len(cells)} figures, {len(heads)} columns")
        ops = TABLES[cur["title"]][1]
        for head, cell in zip(heads, cells):
            if cell is None:
                continue
            value, unit = cell
            hw = "(Hardware)" in head
            op = ops[0] if len(ops) == 1 else ops[0 if head.startswith(("Encryption", "Generation",
                                                                         "Public Key")) else 1]
            if (unit == "MB/s") != (cur["kind"] == "rate"):
                raise ParseError(f"{path}:{no}: unit {unit} in a {cur['kind']} table")
            cur["rows"].append({
                "key": f"oryx/{NAMES[name]}/{op}/{'hw' if hw else 'sw'}",
                "params": {"algorithm": name, "operation": head.split(" (")[0],
                           "implementation": "Hardware" if hw else "Software"},
                "values": {"rate_MBps" if unit == "MB/s" else "time_ms": value},
                "text": raw.rstrip("\r"), "flags": []})
    if not sections or any(not s["rows"] for s in sections):
        raise ParseError(f"{path}: a table without rows, or no table")
    return title, sections


def document(src, title, sections):
    return {
        "schema_version": 1,
        "page": {"title": title, "url": None, "oldid": None, "source_file": src.split("/")[-1]},
        "setup": {
            "mcu": "STM32U083RC", "device_id": None, "revision_id": None, "board": "NUCLEO-U083RC",
            "library": "CycloneCRYPTO", "library_version": "2.5.4", "clock_hz": 56000000,
            "compiler": "ARMCC", "optimization": "level 3", "mb_bytes": 1048576,
            "notes": [
                {"kind": "provenance", "note": "the page text has no \"Retrieved from\" line: Oryx "
                 "Embedded's crypto benchmark page for the STM32U0, as copied"},
                {"kind": "rate_unit", "note": MB_NOTE},
                {"kind": "setup_text", "note": "flash wait states, caches and the timing method are not "
                 "stated; flash_latency and icache are left out (unknown)"},
            ]},
        "sections": sections,
    }


def dumps(doc):
    """Two-space indentation; rows and flat objects on one line each."""
    out = ["{", f'  "schema_version": {doc["schema_version"]},',
           '  "page": ' + json.dumps(doc["page"], ensure_ascii=False) + ",",
           '  "setup": ' + json.dumps(doc["setup"], ensure_ascii=False) + ",", '  "sections": [']
    for i, s in enumerate(doc["sections"]):
        head = {k: v for k, v in s.items() if k != "rows"}
        out.append("    " + json.dumps(head, ensure_ascii=False)[:-1] + ', "rows": [')
        rows = ["      " + json.dumps(r, ensure_ascii=False) for r in s["rows"]]
        out.append(",\n".join(rows))
        out.append("    ]}" + ("," if i + 1 < len(doc["sections"]) else ""))
    out += ["  ]", "}", ""]
    return "\n".join(out)


def main(argv):
    check = len(argv) > 1 and argv[1] == "--check"
    args = argv[2:] if check else argv[1:]
    if len(args) != 2:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    try:
        title, sections = parse(args[0])
    except (OSError, ParseError) as e:
        print(f"import_oryx: {e}", file=sys.stderr)
        return 3
    text = dumps(document(args[0], title, sections))
    if check:
        try:
            same = open(args[1], encoding="utf-8").read() == text
        except OSError:
            same = False
        if not same:
            print(f"import_oryx: {args[1]} is not what {args[0]} gives", file=sys.stderr)
        return 0 if same else 1
    with open(args[1], "w", encoding="utf-8") as f:
        f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
