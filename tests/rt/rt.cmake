# SPDX-License-Identifier: GPL-2.0-or-later
# Run-time helpers (label rt): the rtcheck firmware with the toolchain's
# helpers and with firmware/rt/ (FW_RT_HELPERS=fast), checked against
# references in cyclesim; the cycle counts are the golden kernels m0p_rt_*.
find_program(RT_ARM_GCC arm-none-eabi-gcc)
if(RT_ARM_GCC)
    foreach(helpers toolchain fast)
        add_test(NAME rt_helpers_${helpers}
            COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/check_rt.sh $<TARGET_FILE:cyclesim> ${CMAKE_SOURCE_DIR}
                    ${CMAKE_CURRENT_BINARY_DIR}/rt ${helpers})
        set_tests_properties(rt_helpers_${helpers} PROPERTIES LABELS rt)
    endforeach()
endif()
