/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * version.h - the tool's version, as every output records it (docs/output.md,
 * "Provenance").
 */
#ifndef CYCLESIM_COMMON_VERSION_H
#define CYCLESIM_COMMON_VERSION_H

/** csim_tool_version - the CMake project version ("0.1.0"). */
const char *csim_tool_version(void);

#endif
