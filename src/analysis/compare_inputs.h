/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * compare_inputs.h - what `cyclesim compare` sets against the runs besides
 * them: the published page --published auto stands for, and what each image
 * says of the code it runs (cyclesim/analysis/compare.h).  Nothing here prints.
 */
#ifndef CYCLESIM_ANALYSIS_COMPARE_INPUTS_H
#define CYCLESIM_ANALYSIS_COMPARE_INPUTS_H

#include <stdbool.h>
#include <stddef.h>

#include "cyclesim/analysis/compare.h"
#include "cyclesim/analysis/published.h"
#include "cyclesim/backends/elf.h"
#include "cyclesim/model/model.h"

/** cmp_page_is_models - whether page is ST's page of the model's MCU: its
 *  part number, in lower case, starts with the model's name ("stm32l552ze"
 *  for "STM32L552ZET6Q"); other libraries' pages and board output are not. */
bool cmp_page_is_models(const csim_pub_table *page, const csim_model *m);

/** cmp_page_auto - loads into *page ST's page of `dir` whose MCU the model
 *  names (cmp_page_is_models), the first in name order; other libraries'
 *  pages and board output are named with --published.
 *  CSIM_ERR_IO: no directory; CSIM_ERR_INPUT: no such page (d names the pages
 *  there); a page's own error as csim_pub_load reports it. */
csim_err cmp_page_auto(const char *dir, const csim_model *m, csim_pub_table *page, csim_diag *d);

/** cmp_image_of - the image of elf whose cases start at first_case of the
 *  comparison: its bench_backend ("" without one) and run-time helper set. */
void cmp_image_of(csim_cmp_image *img, const csim_elf *elf, size_t first_case);

#endif
