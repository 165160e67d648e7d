# SPDX-License-Identifier: GPL-2.0-or-later
# run --range (docs/accuracy.md "Ranges"): its ends against --set runs, one key at a time and at the corners of three
# keys that interact, in every format.
if(TARGET firmware)
    add_test(NAME e2e_range_run
        COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/run_range.sh $<TARGET_FILE:cyclesim>
                ${CMAKE_BINARY_DIR}/firmware/emu-m0plus/sha.elf sha256/sole/64 ${CMAKE_CURRENT_BINARY_DIR}/range-run
                stm32u083rc:cache.refill_unbuffered,cache.sectored,flash.readahead_rereads
                stm32l073rz:m0plus.fetch_limit,flash.prefetch_abort,flash.readahead_rereads)
    add_test(NAME e2e_range_run_m33
        COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/run_range.sh $<TARGET_FILE:cyclesim>
                ${CMAKE_BINARY_DIR}/firmware/emu-m33/sha.elf sha256/sole/64 ${CMAKE_CURRENT_BINARY_DIR}/range-run-m33
                stm32l552ze:m33.operand2_chain,m33.fetch_first,cache.refill_unbuffered
                stm32u385rg:m33.operand2_chain,cache.refill_unbuffered,flash.prefetch_abort)
    set_tests_properties(e2e_range_run e2e_range_run_m33 PROPERTIES LABELS e2e)
endif()
# compare --range: per row and per section (docs/compare.md).
if(TARGET firmware)
    add_test(NAME e2e_range_compare
        COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/compare_range.sh $<TARGET_FILE:cyclesim>
                ${CMAKE_BINARY_DIR}/firmware/emu-m33/sha.elf stm32l552ze sha256/* m33.operand2_chain
                ${CMAKE_CURRENT_BINARY_DIR}/range-compare)
    set_tests_properties(e2e_range_compare PROPERTIES LABELS e2e)
endif()
# --rt-alt: the range also over the other run-time helper set, in run and compare.
if(TARGET firmware)
    add_test(NAME e2e_range_rt_alt
        COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/rt_alt_range.sh $<TARGET_FILE:cyclesim> ${CMAKE_SOURCE_DIR}
                ${CMAKE_BINARY_DIR}/firmware/emu-m0plus/sha.elf ${CMAKE_CURRENT_BINARY_DIR}/range-rt-alt)
    set_tests_properties(e2e_range_rt_alt PROPERTIES LABELS e2e)
endif()
# run --range in shards, joined by merge.
if(TARGET firmware)
    add_test(NAME e2e_range_merge
        COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/merge_range.sh $<TARGET_FILE:cyclesim>
                ${CMAKE_BINARY_DIR}/firmware/emu-m33/sha.elf stm32l552ze sha256/sole/* ${CMAKE_CURRENT_BINARY_DIR}/range-merge
                m33.operand2_chain)
    set_tests_properties(e2e_range_merge PROPERTIES LABELS e2e)
endif()
# compare's HTML error chart: its SVG byte for byte (compare_error_svg.expect) and its structure.
# Not labelled e2e: its figures are those of the image Debian 12's compiler builds, and CI's
# Debian 13 step, whose compiler builds other code (docs/ci.md), runs the e2e label.
if(TARGET firmware)
    add_test(NAME range_compare_svg
        COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/compare_error_svg.sh $<TARGET_FILE:cyclesim>
                ${CMAKE_BINARY_DIR}/firmware/emu-m33/sha.elf stm32l552ze sha256/* ${CMAKE_CURRENT_LIST_DIR}/compare_error_svg.expect
                ${CMAKE_CURRENT_BINARY_DIR}/range-compare-svg)
    set_tests_properties(range_compare_svg PROPERTIES LABELS "compare;output")
endif()
# The calibrated interval's fit (tools/fit_interval.py): the checked-in table is the fit of the checked-in residuals.
add_test(NAME interval_fit COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/fit_interval.sh ${CMAKE_SOURCE_DIR}
                                   ${CMAKE_CURRENT_BINARY_DIR}/interval-fit)
set_tests_properties(interval_fit PROPERTIES LABELS unit)
# The range's configurations on one shared emulation against one emulation each (--no-reuse), where
# they cannot share it (the time read in a region), and where each lane takes SysTick's exception at its
# own wraps (cases longer than 2^24 cycles on the M0+).
if(TARGET firmware)
    set(fw ${CMAKE_BINARY_DIR}/firmware)
    add_test(NAME e2e_range_shared
        COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/shared_range.sh $<TARGET_FILE:cyclesim> ${CMAKE_CURRENT_BINARY_DIR}/range-shared
                ${fw}/emu-m33/sha.elf:stm32l552ze:sha256/*:-:shared
                ${fw}/emu-m33/sha.elf:stm32u385rg:sha384/*:m33.fetch_first,m33.operand2_chain,cache.refill_overhead:shared
                ${fw}/emu-m0plus/sha.elf:stm32l073rz:*:-:shared
                ${fw}/emu-m0plus/sha.elf:stm32u083rc:sha256/*:cache.refill_unbuffered,cache.sectored,flash.readahead_rereads,m0plus.fetch_limit:shared
                ${fw}/emu-m0plus/aes_hw.elf:stm32u083rc:*:cache.sectored,m0plus.fetch_limit,cache.refill_unbuffered,flash.readahead_rereads:alone
                ${fw}/emu-m0plus/ed25519.elf:stm32l073rz:ed25519-sign/small/low/*:m0plus.fetch_limit,flash.prefetch_abort,flash.readahead_rereads,core.fetch_past_flow:shared
                ${fw}/emu-m0plus/ecdsa.elf:stm32u083rc:ecdsa/p256/sign/small/low:cache.sectored,m0plus.fetch_limit,flash.readahead_rereads:shared)
    set_tests_properties(e2e_range_shared PROPERTIES LABELS e2e)
endif()
