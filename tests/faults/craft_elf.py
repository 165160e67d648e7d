#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Crafted variants of a linked 32-bit ARM ELF for the loader's checks.
usage: craft_elf.py KIND IN.elf OUT.elf
  note_past_eof  an extra PT_NOTE header whose file range runs past the end
  null_past_eof  the same with PT_NULL
  overlap        the first PT_LOAD header twice (segments that overlap)"""
import struct
import sys

kind, src, dst = sys.argv[1:4]
b = bytearray(open(src, 'rb').read())
phoff, = struct.unpack_from('<I', b, 28)
phnum, = struct.unpack_from('<H', b, 44)
table = bytearray(b[phoff:phoff + 32 * phnum])
if kind in ('note_past_eof', 'null_past_eof'):
    ptype = 4 if kind == 'note_past_eof' else 0
    table += struct.pack('<8I', ptype, len(b) - 16, 0, 0, 0x7FFFFFF0, 0x7FFFFFF0, 4, 4)
elif kind == 'overlap':
    first = next(i for i in range(phnum) if struct.unpack_from('<I', table, 32 * i)[0] == 1)
    table += table[32 * first:32 * first + 32]
else:
    sys.exit('unknown kind ' + kind)
while len(b) % 4:
    b.append(0)
struct.pack_into('<I', b, 28, len(b))
struct.pack_into('<H', b, 44, len(table) // 32)
b += table
open(dst, 'wb').write(bytes(b))
