/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * version.c - csim_tool_version (version.h).  The string comes from the
 * header cmake/version.cmake writes into the build tree at every build, so
 * only this file is rebuilt when the version changes.
 */
#include "cyclesim/common/version.h"

#include "csim_version.h"

const char *csim_tool_version(void)
{
    return CSIM_TOOL_VERSION;
}
