/* SPDX-License-Identifier: GPL-2.0-or-later */
/* version.c - the tool's version (version.h), set by CMake from the project version. */
#include "cyclesim/common/version.h"

const char *csim_tool_version(void)
{
    return CSIM_VERSION;
}
