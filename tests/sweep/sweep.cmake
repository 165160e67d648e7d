# SPDX-License-Identifier: GPL-2.0-or-later
# -j (src/engine/jobs.c) and `cyclesim sweep` (src/cli/cmd_sweep.c).
if(TARGET firmware)
    set(FW ${CMAKE_BINARY_DIR}/firmware)
    add_test(NAME jobs_run_j2_equals_j1
        COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/run_jobs.sh $<TARGET_FILE:cyclesim>
                ${FW}/emu-m0plus/sha.elf stm32l073rz,stm32u385rg ${CMAKE_CURRENT_BINARY_DIR}/jobs)
    set_tests_properties(jobs_run_j2_equals_j1 PROPERTIES LABELS "jobs")
endif()

if(TARGET firmware)
    set(SWEEP sh ${CMAKE_CURRENT_LIST_DIR}/run_sweep.sh)
    set(SWEEP_WORK ${CMAKE_CURRENT_BINARY_DIR}/sweep)
    # Grouped runs (points that differ only in the clock share one run) give exactly the
    # cycles of one run per point: an M0+ model with cache and prefetch swept, and an M33.
    add_test(NAME sweep_grouped_equals_independent_m0plus
        COMMAND ${SWEEP} equal $<TARGET_FILE:cyclesim> ${CMAKE_SOURCE_DIR} ${SWEEP_WORK}/eq-m0plus
                ${FW}/emu-m0plus/selftest.elf stm32u083rc --clock 16M:56M:8M --cache on,off --prefetch on,off)
    add_test(NAME sweep_grouped_equals_independent_m33
        COMMAND ${SWEEP} equal $<TARGET_FILE:cyclesim> ${CMAKE_SOURCE_DIR} ${SWEEP_WORK}/eq-m33
                ${FW}/emu-m33/sha.elf stm32l552ze --clock 16M:110M:8M --case sha256/*)
    # --latency auto and the outside_rm marks against hand-derived RM values.
    add_test(NAME sweep_rm_latency
        COMMAND ${SWEEP} rm $<TARGET_FILE:cyclesim> ${CMAKE_SOURCE_DIR} ${SWEEP_WORK}/rm
                ${FW}/emu-m0plus/selftest.elf)
    add_test(NAME sweep_svg
        COMMAND ${SWEEP} svg $<TARGET_FILE:cyclesim> ${CMAKE_SOURCE_DIR} ${SWEEP_WORK}/svg
                ${FW}/emu-m0plus/selftest.elf stm32u083rc --clock 16M:64M:8M --cache on,off)
    add_test(NAME sweep_bad_inputs
        COMMAND ${SWEEP} bad $<TARGET_FILE:cyclesim> ${CMAKE_SOURCE_DIR} ${SWEEP_WORK}/bad
                ${FW}/emu-m0plus/selftest.elf)
    set_tests_properties(sweep_grouped_equals_independent_m0plus sweep_grouped_equals_independent_m33
        sweep_rm_latency sweep_svg sweep_bad_inputs PROPERTIES LABELS sweep)
endif()
