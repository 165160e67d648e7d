/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * escape.h - text written inside JSON, XML/HTML/SVG, Markdown and CSV: the one place
 * that knows which characters each format must escape, so that a file path or
 * case name with a quote never breaks a report.
 */
#ifndef CYCLESIM_OUTPUT_ESCAPE_H
#define CYCLESIM_OUTPUT_ESCAPE_H

#include <stdio.h>

/** csim_json_str - s as a JSON string, quotes included. */
void csim_json_str(FILE *f, const char *s);

/** csim_xml_text - s as XML character data or a double-quoted attribute value
 *  (HTML, SVG, JUnit): & < > " escaped; control characters XML 1.0 forbids
 *  are dropped. */
void csim_xml_text(FILE *f, const char *s);

/** csim_md_text - s in a Markdown table cell or code span: '|' would end the
 *  cell and '`' the span ('|' escaped, '`' written as '), control characters
 *  dropped. */
void csim_md_text(FILE *f, const char *s);

/** csim_csv_field - s as a CSV field, quoted (RFC 4180) when it holds a
 *  comma, a quote or a line break. */
void csim_csv_field(FILE *f, const char *s);

#endif
