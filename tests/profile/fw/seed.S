@ SPDX-License-Identifier: GPL-2.0-or-later
@ bench_input_seed for the test firmware of check_inputs.sh, weak: a firmware
@ file that defines it takes precedence.
    .bss
    .align 2
    .weak bench_input_seed
    .type bench_input_seed, %object
bench_input_seed:
    .space 4
    .size bench_input_seed, 4
