# SPDX-License-Identifier: GPL-2.0-or-later
# -j (src/engine/jobs.c) and `cyclesim sweep` (src/cli/cmd_sweep.c, src/analysis/sweep.c).
if(TARGET firmware)
    set(FW ${CMAKE_BINARY_DIR}/firmware)
    add_test(NAME jobs_run_j2_equals_j1
        COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/run_jobs.sh $<TARGET_FILE:cyclesim>
                ${FW}/emu-m0plus/sha.elf stm32l073rz,stm32u385rg ${CMAKE_CURRENT_BINARY_DIR}/jobs)
    set_tests_properties(jobs_run_j2_equals_j1 PROPERTIES LABELS "jobs")

    # Every bundled image: each case run on its own (-j 2) gives what the
    # whole image gives in one run (-j 1), every field of the JSON.  The M0+
    # images on every model (their SysTick wraps, the L0 buffers, the U0 and
    # L5/U3 caches), the M33 images on the M33 models.  Not the RSA and ML-DSA
    # images: they take the same paths at many times the run time (CI's
    # budget); their e2e tests run them whole.
    set(PER_CASE sh ${CMAKE_CURRENT_LIST_DIR}/per_case.sh $<TARGET_FILE:cyclesim>)
    set(PER_CASE_WORK ${CMAKE_CURRENT_BINARY_DIR}/per-case)
    foreach(family selftest sha aes ed25519 ecdsa rtcheck)
        add_test(NAME jobs_per_case_emu-m0plus_${family}
            COMMAND ${PER_CASE} ${PER_CASE_WORK}/m0plus-${family} run ${FW}/emu-m0plus/${family}.elf
                    --mcu stm32l073rz,stm32u083rc,stm32l552ze,stm32u385rg --format json)
        add_test(NAME jobs_per_case_emu-m33_${family}
            COMMAND ${PER_CASE} ${PER_CASE_WORK}/m33-${family} run ${FW}/emu-m33/${family}.elf
                    --mcu stm32l552ze,stm32u385rg --format json)
        set_tests_properties(jobs_per_case_emu-m0plus_${family} jobs_per_case_emu-m33_${family}
            PROPERTIES LABELS "jobs")
    endforeach()
    foreach(img emu-m0plus nucleo-u083rc)
        add_test(NAME jobs_per_case_${img}_aes_hw
            COMMAND ${PER_CASE} ${PER_CASE_WORK}/${img}-aes_hw run ${FW}/${img}/aes_hw.elf --mcu stm32u083rc
                    --format json)
        set_tests_properties(jobs_per_case_${img}_aes_hw PROPERTIES LABELS "jobs")
    endforeach()
    # The board images on their boards' models (their own clock set-up and HAL).
    foreach(pair nucleo-l073rz:stm32l073rz nucleo-u083rc:stm32u083rc nucleo-l552zeq:stm32l552ze
                 nucleo-u385rgq:stm32u385rg)
        string(REPLACE ":" ";" p ${pair})
        list(GET p 0 board)
        list(GET p 1 m)
        foreach(family selftest sha)
            add_test(NAME jobs_per_case_${board}_${family}
                COMMAND ${PER_CASE} ${PER_CASE_WORK}/${board}-${family} run ${FW}/${board}/${family}.elf --mcu ${m}
                        --format json)
            set_tests_properties(jobs_per_case_${board}_${family} PROPERTIES LABELS "jobs")
        endforeach()
    endforeach()
    # The other subcommands that take several cases: compare (the cold run and
    # the zero-wait one split, the warm state check whole), profile (with
    # random inputs), sweep.
    add_test(NAME jobs_per_case_compare
        COMMAND ${PER_CASE} ${PER_CASE_WORK}/compare compare ${FW}/emu-m0plus/ed25519.elf ${FW}/emu-m0plus/sha.elf
                --mcu stm32u083rc --baselines --format json)
    add_test(NAME jobs_per_case_profile
        COMMAND ${PER_CASE} ${PER_CASE_WORK}/profile profile ${FW}/emu-m0plus/aes.elf --mcu stm32l073rz
                --case aes-cbc/enc/128/small/* --inputs 2)
    add_test(NAME jobs_per_case_sweep
        COMMAND ${PER_CASE} ${PER_CASE_WORK}/sweep sweep ${FW}/emu-m0plus/sha.elf --mcu stm32u083rc
                --clock 16M:56M:40M --latency auto --format csv)
    set_tests_properties(jobs_per_case_compare jobs_per_case_profile jobs_per_case_sweep PROPERTIES LABELS "jobs")
endif()

if(TARGET firmware)
    set(SWEEP sh ${CMAKE_CURRENT_LIST_DIR}/run_sweep.sh)
    set(SWEEP_WORK ${CMAKE_CURRENT_BINARY_DIR}/sweep)
    # Grouped runs (points that differ only in the clock share one run) give exactly the
    # cycles of one run per point: an M0+ model with cache and prefetch swept, and an M33.
    add_test(NAME sweep_grouped_equals_independent_m0plus
        COMMAND ${SWEEP} equal $<TARGET_FILE:cyclesim> ${CMAKE_SOURCE_DIR} ${SWEEP_WORK}/eq-m0plus
                ${FW}/emu-m0plus/selftest.elf stm32u083rc --clock 16M:56M:8M --cache on,off --prefetch on,off)
    # The configurations of a part share emulations (lanes): each row as one plain run of its configuration.
    add_test(NAME sweep_lanes_equal_runs_m0plus
        COMMAND ${SWEEP} lanes $<TARGET_FILE:cyclesim> ${CMAKE_SOURCE_DIR} ${SWEEP_WORK}/lanes-m0plus
                ${FW}/emu-m0plus/sha.elf stm32u083rc --clock 24M,48M --latency 1,2 --cache on,off --prefetch on,off)
    add_test(NAME sweep_lanes_equal_runs_m33
        COMMAND ${SWEEP} lanes $<TARGET_FILE:cyclesim> ${CMAKE_SOURCE_DIR} ${SWEEP_WORK}/lanes-m33
                ${FW}/emu-m33/aes.elf stm32l552ze --latency 1,3,5 --cache on,off --case aes-cbc/*/128/small/*)
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
        sweep_lanes_equal_runs_m0plus sweep_lanes_equal_runs_m33
        sweep_rm_latency sweep_svg sweep_bad_inputs PROPERTIES LABELS sweep)
endif()

# sweep --range (docs/sweep.md "Ranges"): 3 clocks in 2 runs (latency auto) of the SHA image's sole
# cases on the U0, over two cache keys that interact: each point's ends against run --range-keys
# at that point, one search per run, every format, a key of the M33 alone (zero width), the band.
if(TARGET firmware)
    set(SWEEP_RANGE sh ${CMAKE_CURRENT_LIST_DIR}/sweep_range.sh $<TARGET_FILE:cyclesim>
        ${CMAKE_BINARY_DIR}/firmware/emu-m0plus/sha.elf stm32u083rc sha256/sole/*
        cache.refill_unbuffered,cache.sectored 16M,24M,56M m33.operand2_chain)
    add_test(NAME sweep_range COMMAND ${SWEEP_RANGE} ${CMAKE_CURRENT_BINARY_DIR}/range)
    set_tests_properties(sweep_range PROPERTIES LABELS sweep)
    # The chart byte for byte (sweep_range_svg.expect).  Not labelled e2e: its figures are those of
    # the image Debian 12's compiler builds, and CI's Debian 13 step (docs/ci.md) runs the e2e label.
    add_test(NAME sweep_range_svg
        COMMAND ${SWEEP_RANGE} ${CMAKE_CURRENT_BINARY_DIR}/range-svg ${CMAKE_CURRENT_LIST_DIR}/sweep_range_svg.expect)
    set_tests_properties(sweep_range_svg PROPERTIES LABELS "sweep;output")
endif()
# sweep --range over every key: each point's calibrated interval (data/accuracy/intervals.json) against
# run --range at that point, every format, the lighter band; none with --range-keys.  The L0: 4 keys.
if(TARGET firmware)
    add_test(NAME sweep_interval
        COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/sweep_interval.sh $<TARGET_FILE:cyclesim>
                ${CMAKE_BINARY_DIR}/firmware/emu-m0plus/sha.elf stm32l073rz sha256/sole/64 16M,32M
                m0plus.fetch_limit ${CMAKE_CURRENT_BINARY_DIR}/interval)
    set_tests_properties(sweep_interval PROPERTIES LABELS sweep)
endif()
