/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * escape.h - untrusted strings (case, row, symbol and MCU names, paths, text
 * from input files) written inside text, CSV, JSON, XML/HTML/SVG, Markdown,
 * callgrind and collapsed stacks: the one place that knows which characters
 * each format must escape, so that a name with a quote, a comma, a newline,
 * a terminal escape sequence or invalid UTF-8 never breaks a report or
 * reaches a terminal (docs/output.md, "Names from the firmware").  Every
 * writer of src/output puts such a string through one of these.
 */
#ifndef CYCLESIM_OUTPUT_ESCAPE_H
#define CYCLESIM_OUTPUT_ESCAPE_H

#include <stddef.h>
#include <stdio.h>

#include "cyclesim/common/text.h"

/** csim_json_str - s as a JSON string, quotes included: controls (C0, DEL,
 *  C1) as \u00XX, invalid UTF-8 as \ufffd. */
void csim_json_str(FILE *f, const char *s);

/** csim_xml_text - s as XML character data or a double-quoted attribute value
 *  (HTML, SVG, JUnit): & < > " escaped, other controls as character
 *  references (those XML 1.0 forbids, and invalid UTF-8, as &#xfffd;). */
void csim_xml_text(FILE *f, const char *s);

/** csim_md_text - s in a Markdown table cell or code span: '|' would end the
 *  cell and '`' the span ('|' escaped, '`' written as '), a newline the row
 *  (controls as \xNN), invalid UTF-8 as U+FFFD. */
void csim_md_text(FILE *f, const char *s);

/** csim_text_str - s in a text table, a comment or callgrind's fn= and cmd:
 *  lines: controls and invalid UTF-8 as \xNN (csim_text_escape), so no line
 *  is split and no escape sequence reaches a terminal. */
void csim_text_str(FILE *f, const char *s);

/** csim_text_pad - csim_text_str, then spaces to `width` bytes (a table's
 *  "%-44s" column). */
void csim_text_pad(FILE *f, const char *s, int width);

/** csim_csv_field - s as one RFC 4180 field: quoted when it holds a comma,
 *  quote, CR or LF (quotes doubled); a field starting with = + - @ tab or CR
 *  that is not a number quoted with a leading ' (not a spreadsheet formula,
 *  OWASP "CSV Injection"); controls other than
 *  LF and tab as \xNN, invalid UTF-8 as U+FFFD. */
void csim_csv_field(FILE *f, const char *s);

/** csim_name_token - s as one token of a file name or a collapsed-stack
 *  frame, into out: escaped as csim_text_str, then each of `separators` as
 *  '_'; cut to len - 1 bytes.  Returns out. */
char *csim_name_token(char *out, size_t len, const char *s, const char *separators);

#endif
