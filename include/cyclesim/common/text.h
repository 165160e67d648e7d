/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * text.h - untrusted strings (case, row and symbol names from an ELF, text
 * from an input file) as they are walked and shown: the UTF-8 decoder every
 * format's escaping uses (output/escape.c) and the escaping of a string for a
 * terminal, which every diagnostic goes through (diag.c), so that no ESC,
 * OSC, BEL or raw control byte from a file reaches a terminal.
 */
#ifndef CYCLESIM_COMMON_TEXT_H
#define CYCLESIM_COMMON_TEXT_H

#include <stddef.h>

typedef enum csim_char_class {
    CSIM_CHAR_PRINTABLE, /* a valid UTF-8 character that is not a control */
    CSIM_CHAR_CONTROL,   /* C0 (0x00-0x1F), DEL, or a C1 control (U+0080-U+009F, two bytes) */
    CSIM_CHAR_INVALID,   /* one byte that starts no valid UTF-8 sequence (RFC 3629) */
} csim_char_class;

/** csim_utf8_next - the character at s: its length in bytes (0 at the NUL)
 *  and its class.  Overlong forms, surrogates and code points past U+10FFFF
 *  are invalid, one byte at a time. */
size_t csim_utf8_next(const char *s, csim_char_class *cls);

/** csim_text_escape - s for a terminal, into out (len bytes, NUL-terminated):
 *  each byte of a control or invalid character as \xNN, the rest as is.  A
 *  string that does not fit is cut between characters, never inside an
 *  escape.  Returns out. */
char *csim_text_escape(char *out, size_t len, const char *s);

/* Room for csim_text_escape of a string of n bytes (each may become four). */
#define CSIM_TEXT_ESCAPED_LEN(n) (4 * (n) + 1)

#endif
