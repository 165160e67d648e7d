/* SPDX-License-Identifier: MIT */
/*
 * rt_id.c - names the run-time helper set of an image built with
 * FW_RT_HELPERS=fast (firmware/rt/).  cyclesim reads bench_rt from the ELF
 * (run, compare, profile); an image without it links the toolchain's own
 * helpers (libgcc, newlib-nano), and stays byte-identical to a build without
 * the option.  ld/common.ld keeps it although nothing calls it.
 */
const char bench_rt[] = "cyclesim-fast";
