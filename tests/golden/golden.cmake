# SPDX-License-Identifier: GPL-2.0-or-later
# Golden micro-kernels: one ctest per kernel file; each needs arm-none-eabi-gcc.
# A core's kernels are the folder kernels/<core>, named as core.type names the
# core (the table of cores, src/core/cores.c): a new core adds a folder.
find_program(GOLDEN_ARM_GCC arm-none-eabi-gcc REQUIRED)
file(GLOB GOLDEN_KERNELS CONFIGURE_DEPENDS ${CMAKE_CURRENT_LIST_DIR}/kernels/*/*.S)
foreach(k ${GOLDEN_KERNELS})
    get_filename_component(n ${k} NAME_WE)
    add_test(NAME golden_${n}
        COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/run_kernel.sh $<TARGET_FILE:cyclesim> ${k}
                ${CMAKE_CURRENT_BINARY_DIR}/golden)
    set_tests_properties(golden_${n} PROPERTIES LABELS golden)
endforeach()
