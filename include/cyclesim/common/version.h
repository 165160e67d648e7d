/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * version.h - the tool's version, for --version and for every output that
 * records how it was made.
 */
#ifndef CYCLESIM_COMMON_VERSION_H
#define CYCLESIM_COMMON_VERSION_H

/** csim_tool_version - cyclesim's version, fixed at build time by
 *  cmake/version.cmake: `git describe --tags` of the checkout it was built
 *  from, PROJECT_VERSION-g<commit> in a checkout without tags, or the project
 *  version of CMakeLists.txt outside a git checkout ("-dirty": uncommitted
 *  changes).  A static string. */
const char *csim_tool_version(void);

#endif
