# SPDX-License-Identifier: GPL-2.0-or-later
# `cyclesim leak` (label leak, docs/leak.md): the ctleak firmware screened on the U0
# and L5 models against expect.txt (100 inputs per class: the T-table AES's few
# cycles of difference need them for |t| > 4.5), and the output formats.
if(TARGET firmware)
    set(FW ${CMAKE_BINARY_DIR}/firmware)
    foreach(spec emu-m0plus:stm32u083rc emu-m33:stm32l552ze)
        string(REPLACE ":" ";" p "${spec}")
        list(GET p 0 target)
        list(GET p 1 m)
        add_test(NAME leak_screen_${m}
            COMMAND python3 ${CMAKE_CURRENT_LIST_DIR}/check_leak.py screen $<TARGET_FILE:cyclesim>
                    ${FW}/${target}/ctleak.elf ${m} ${CMAKE_CURRENT_LIST_DIR}/expect.txt 100
                    ${CMAKE_CURRENT_BINARY_DIR}/leak)
        set_tests_properties(leak_screen_${m} PROPERTIES LABELS leak TIMEOUT 900)
    endforeach()
    add_test(NAME leak_formats
        COMMAND python3 ${CMAKE_CURRENT_LIST_DIR}/check_leak.py formats $<TARGET_FILE:cyclesim>
                ${FW}/emu-m0plus/ctleak.elf stm32u083rc 4 ${CMAKE_CURRENT_BINARY_DIR}/leak)
    set_tests_properties(leak_formats PROPERTIES LABELS leak TIMEOUT 600)
endif()

# The analysis on hand-made runs: every cause, the t-test and the verdicts.
add_executable(test_leak ${CMAKE_CURRENT_LIST_DIR}/test_leak.c)
target_link_libraries(test_leak PRIVATE csim_analysis m)
target_include_directories(test_leak PRIVATE ${CMAKE_SOURCE_DIR}/tests)
add_test(NAME unit_leak COMMAND test_leak)
set_tests_properties(unit_leak PROPERTIES LABELS "unit;leak")
