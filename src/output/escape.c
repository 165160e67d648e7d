/* SPDX-License-Identifier: GPL-2.0-or-later */
/* escape.c - JSON, XML, Markdown and CSV text escaping (escape.h). */
#include <string.h>

#include "output/escape.h"

void csim_json_str(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"' || *s == '\\') {
            fputc('\\', f);
            fputc(*s, f);
        } else if ((unsigned char)*s < 0x20) {
            fprintf(f, "\\u%04x", (unsigned)(unsigned char)*s);
        } else {
            fputc(*s, f);
        }
    }
    fputc('"', f);
}

void csim_xml_text(FILE *f, const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '&': fputs("&amp;", f); break;
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '"': fputs("&quot;", f); break;
        default:
            if ((unsigned char)*s >= 0x20 || *s == '\n' || *s == '\t' || *s == '\r') {
                fputc(*s, f);
            }
        }
    }
}

void csim_md_text(FILE *f, const char *s)
{
    for (; *s; s++) {
        if (*s == '|') {
            fputs("\\|", f);
        } else if (*s == '`') {
            fputc('\'', f);
        } else if ((unsigned char)*s >= 0x20) {
            fputc(*s, f);
        }
    }
}

void csim_csv_field(FILE *f, const char *s)
{
    if (!strpbrk(s, ",\"\r\n")) {
        fputs(s, f);
        return;
    }
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"') {
            fputc('"', f);
        }
        fputc(*s, f);
    }
    fputc('"', f);
}
