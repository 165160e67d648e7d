/* SPDX-License-Identifier: GPL-2.0-or-later */
/* text.c - UTF-8 classes and terminal escaping of untrusted strings (text.h). */
#include <stdio.h>

#include "cyclesim/common/text.h"

size_t csim_utf8_next(const char *s, csim_char_class *cls)
{
    const unsigned char *u = (const unsigned char *)s;
    if (!u[0]) {
        *cls = CSIM_CHAR_PRINTABLE;
        return 0;
    }
    if (u[0] < 0x80) {
        *cls = u[0] < 0x20 || u[0] == 0x7f ? CSIM_CHAR_CONTROL : CSIM_CHAR_PRINTABLE;
        return 1;
    }
    /* RFC 3629 section 4: the lead byte gives the length and the range of
     * the second byte (which excludes overlongs, surrogates, > U+10FFFF). */
    size_t n;
    unsigned char lo = 0x80, hi = 0xbf;
    if (u[0] >= 0xc2 && u[0] <= 0xdf) {
        n = 2;
    } else if (u[0] >= 0xe0 && u[0] <= 0xef) {
        n = 3;
        lo = u[0] == 0xe0 ? 0xa0 : 0x80;
        hi = u[0] == 0xed ? 0x9f : 0xbf;
    } else if (u[0] >= 0xf0 && u[0] <= 0xf4) {
        n = 4;
        lo = u[0] == 0xf0 ? 0x90 : 0x80;
        hi = u[0] == 0xf4 ? 0x8f : 0xbf;
    } else {
        *cls = CSIM_CHAR_INVALID;
        return 1;
    }
    for (size_t i = 1; i < n; i++) {
        if (u[i] < (i == 1 ? lo : 0x80) || u[i] > (i == 1 ? hi : 0xbf)) {
            *cls = CSIM_CHAR_INVALID;
            return 1;
        }
    }
    *cls = n == 2 && u[0] == 0xc2 && u[1] <= 0x9f ? CSIM_CHAR_CONTROL : CSIM_CHAR_PRINTABLE;
    return n;
}

char *csim_text_escape(char *out, size_t len, const char *s)
{
    size_t at = 0, n;
    csim_char_class cls;
    for (; (n = csim_utf8_next(s, &cls)) != 0; s += n) {
        size_t need = cls == CSIM_CHAR_PRINTABLE ? n : 4 * n;
        if (at + need >= len) {
            break;
        }
        for (size_t i = 0; i < n; i++) {
            if (cls == CSIM_CHAR_PRINTABLE) {
                out[at++] = s[i];
            } else {
                at += (size_t)snprintf(out + at, 5, "\\x%02x", (unsigned)(unsigned char)s[i]);
            }
        }
    }
    if (len) {
        out[at] = 0;
    }
    return out;
}
