/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * escape.c - untrusted strings in every output format (escape.h): one walk
 * over the UTF-8 characters (cyclesim/common/text.h) per format.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "output/escape.h"

/* U+FFFD REPLACEMENT CHARACTER (Unicode 15.0, section 23.8) in UTF-8. */
static const char replacement[] = "\xef\xbf\xbd";

void csim_json_str(FILE *f, const char *s)
{
    fputc('"', f);
    csim_char_class cls;
    for (size_t n; (n = csim_utf8_next(s, &cls)) != 0; s += n) {
        if (cls == CSIM_CHAR_INVALID) {
            fputs("\\ufffd", f);
        } else if (cls == CSIM_CHAR_CONTROL) {
            fprintf(f, "\\u%04x", n == 1 ? (unsigned)(unsigned char)*s : (unsigned char)s[1] & 0xffu);
        } else if (*s == '"' || *s == '\\') {
            fputc('\\', f);
            fputc(*s, f);
        } else {
            fwrite(s, 1, n, f);
        }
    }
    fputc('"', f);
}

void csim_xml_text(FILE *f, const char *s)
{
    csim_char_class cls;
    for (size_t n; (n = csim_utf8_next(s, &cls)) != 0; s += n) {
        if (cls == CSIM_CHAR_INVALID) {
            fputs("&#xfffd;", f);
        } else if (cls == CSIM_CHAR_CONTROL) {
            unsigned c = n == 1 ? (unsigned char)*s : (unsigned char)s[1];
            /* XML 1.0 section 2.2: C0 controls other than tab, LF, CR are
             * not characters at all, even as references. */
            bool allowed = n == 2 || c == '\t' || c == '\n' || c == '\r' || c == 0x7f;
            fprintf(f, allowed ? "&#x%x;" : "&#xfffd;", c);
        } else {
            switch (*s) {
            case '&': fputs("&amp;", f); break;
            case '<': fputs("&lt;", f); break;
            case '>': fputs("&gt;", f); break;
            case '"': fputs("&quot;", f); break;
            default: fwrite(s, 1, n, f);
            }
        }
    }
}

void csim_md_text(FILE *f, const char *s)
{
    csim_char_class cls;
    for (size_t n; (n = csim_utf8_next(s, &cls)) != 0; s += n) {
        if (cls == CSIM_CHAR_INVALID) {
            fputs(replacement, f);
        } else if (cls == CSIM_CHAR_CONTROL) {
            /* a newline would end the table row or the list item */
            for (size_t i = 0; i < n; i++) {
                fprintf(f, "\\x%02x", (unsigned)(unsigned char)s[i]);
            }
        } else if (*s == '|') {
            fputs("\\|", f);
        } else if (*s == '`') {
            fputc('\'', f);
        } else {
            fwrite(s, 1, n, f);
        }
    }
}

void csim_text_pad(FILE *f, const char *s, int width)
{
    size_t len = CSIM_TEXT_ESCAPED_LEN(strlen(s));
    char local[512], *buf = len <= sizeof(local) ? local : malloc(len);
    if (!buf) { /* out of memory: a placeholder rather than the raw bytes */
        fprintf(f, "%-*s", width, "?");
        return;
    }
    fprintf(f, "%-*s", width, csim_text_escape(buf, len, s));
    if (buf != local) {
        free(buf);
    }
}

void csim_text_str(FILE *f, const char *s) { csim_text_pad(f, s, 0); }

void csim_csv_field(FILE *f, const char *s)
{
    /* OWASP "CSV Injection": a cell that starts with = + - @, tab or CR is a
     * formula to a spreadsheet; a leading ' makes it text. */
    char *end;
    bool number = *s && (strtod(s, &end), *end == 0);
    bool formula = *s && strchr("=+-@\t\r", *s) && !number;
    bool quote = formula || strpbrk(s, ",\"\n\r") != NULL;
    if (quote) {
        fputc('"', f);
    }
    if (formula) {
        fputc('\'', f);
    }
    csim_char_class cls;
    for (size_t n; (n = csim_utf8_next(s, &cls)) != 0; s += n) {
        if (cls == CSIM_CHAR_INVALID) {
            fputs(replacement, f);
        } else if (cls == CSIM_CHAR_CONTROL && !(n == 1 && (*s == '\n' || *s == '\t'))) {
            for (size_t i = 0; i < n; i++) {
                fprintf(f, "\\x%02x", (unsigned)(unsigned char)s[i]);
            }
        } else if (*s == '"') {
            fputs("\"\"", f); /* RFC 4180 section 2, rule 7 */
        } else {
            fwrite(s, 1, n, f);
        }
    }
    if (quote) {
        fputc('"', f);
    }
}

char *csim_name_token(char *out, size_t len, const char *s, const char *separators)
{
    char escaped[CSIM_TEXT_ESCAPED_LEN(256)];
    csim_text_escape(escaped, sizeof(escaped), s);
    size_t i = 0;
    for (; escaped[i] && i + 1 < len; i++) {
        out[i] = strchr(separators, escaped[i]) ? '_' : escaped[i];
    }
    if (len) {
        out[i] = 0;
    }
    return out;
}
