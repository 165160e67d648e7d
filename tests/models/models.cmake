# SPDX-License-Identifier: GPL-2.0-or-later
# An MCU that differs from a bundled one only in data is one model file (issue 34).
if(TARGET firmware)
    add_test(NAME e2e_data_only_mcu
        COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/run_data_mcu.sh $<TARGET_FILE:cyclesim> ${CMAKE_SOURCE_DIR}
                ${CMAKE_BINARY_DIR}/firmware ${CMAKE_CURRENT_BINARY_DIR}/data-only-mcu)
    set_tests_properties(e2e_data_only_mcu PROPERTIES LABELS e2e)
    # ... and its own FLASH_ACR layout decides what a firmware write to the register means.
    add_test(NAME e2e_data_only_mcu_acr
        COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/run_acr_layout.sh $<TARGET_FILE:cyclesim> ${CMAKE_SOURCE_DIR}
                ${CMAKE_CURRENT_BINARY_DIR}/data-only-mcu-acr)
    set_tests_properties(e2e_data_only_mcu_acr PROPERTIES LABELS e2e)
    # --mcu all runs an image on the models whose memory holds it: the emu-m0plus
    # image (20 KB of SRAM) skips the STM32C031C6 (12 KB) and runs on the others.
    add_test(NAME e2e_mcu_all_fits
        COMMAND $<TARGET_FILE:cyclesim> run ${CMAKE_BINARY_DIR}/firmware/emu-m0plus/selftest.elf --mcu all
                --format csv)
    set_tests_properties(e2e_mcu_all_fits PROPERTIES LABELS e2e)
    # What-ifs on the models of issue 37 move cycles the way the reference manuals say.
    add_test(NAME e2e_model_whatif
        COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/run_whatif.sh $<TARGET_FILE:cyclesim> ${CMAKE_SOURCE_DIR}
                ${CMAKE_BINARY_DIR}/firmware ${CMAKE_CURRENT_BINARY_DIR}/whatif)
    set_tests_properties(e2e_model_whatif PROPERTIES LABELS e2e)
    # A firmware write of DCACHE_CR.EN = 0 turns the U5's DCACHE off.
    add_test(NAME e2e_model_dcache_cr
        COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/run_dcache_cr.sh $<TARGET_FILE:cyclesim> ${CMAKE_SOURCE_DIR}
                ${CMAKE_CURRENT_BINARY_DIR}/dcache-cr)
    set_tests_properties(e2e_model_dcache_cr PROPERTIES LABELS e2e)
endif()
# An external memory the model cannot take is refused with its keys named (exit 4, docs/exit-codes.md):
# stm32h563zi has the DCACHE but no memory, so a size alone leaves its latencies at 0.
if(TARGET firmware)
    add_test(NAME cli_model_xmem_refused
        COMMAND sh -c "$<TARGET_FILE:cyclesim> run ${CMAKE_BINARY_DIR}/firmware/emu-m33/sha.elf --mcu stm32h563zi --set xmem.size=1024 2>&1; echo exit=$?")
    set_tests_properties(cli_model_xmem_refused PROPERTIES LABELS cli
        PASS_REGULAR_EXPRESSION "cyclesim: error: stm32h563zi: xmem.read_cycles/xmem.write_cycles/xmem.beat_cycles: latencies must be 1\\.\\.1024 cycles\nexit=4")
endif()
# `cyclesim models` names each model's board (issue 37): the description's first words.
add_test(NAME cli_models_boards
    COMMAND sh -c "out=$($<TARGET_FILE:cyclesim> models) && for b in 'stm32g071rb    STM32G071RB, NUCLEO-G071RB:' 'stm32c031c6    STM32C031C6, NUCLEO-C031C6:' 'stm32u585ai    STM32U585AI, B-U585I-IOT02A:' 'stm32h563zi    STM32H563ZI, NUCLEO-H563ZI:'; do printf '%s\\n' \"$out\" | grep -qF \"$b\" || { echo \"missing: $b\"; exit 1; }; done")
set_tests_properties(cli_models_boards PROPERTIES LABELS cli)
