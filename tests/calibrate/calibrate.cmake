# SPDX-License-Identifier: GPL-2.0-or-later
# `cyclesim calibrate`: the pure least-squares module (label unit) and the
# recovery of known model parameters from emulated measurements (label calibrate).
add_executable(test_fit ${CMAKE_CURRENT_LIST_DIR}/test_fit.c)
target_link_libraries(test_fit PRIVATE csim_analysis)
add_test(NAME unit_fit COMMAND test_fit)
set_tests_properties(unit_fit PROPERTIES LABELS unit)

# Recovery tests, one per line of cases.txt (needs the firmware images).
if(TARGET firmware)
    # UTF-8: without it file(STRINGS) cuts a line at any non-ASCII byte
    file(STRINGS ${CMAKE_CURRENT_LIST_DIR}/cases.txt calibrate_cases ENCODING UTF-8 REGEX "^[^#]")
    foreach(line IN LISTS calibrate_cases)
        string(REPLACE "|" ";" fields "${line}")
        set(args "")
        foreach(f IN LISTS fields)
            string(STRIP "${f}" f)
            list(APPEND args "${f}")
        endforeach()
        list(GET args 0 name)
        add_test(NAME calibrate_${name}
            COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/recover.sh $<TARGET_FILE:cyclesim>
                    ${CMAKE_BINARY_DIR}/firmware ${CMAKE_CURRENT_BINARY_DIR}/calibrate ${args})
        set_tests_properties(calibrate_${name} PROPERTIES LABELS calibrate)
    endforeach()
endif()

if(TARGET firmware)
    add_test(NAME calibrate_bad_inputs
        COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/bad_inputs.sh $<TARGET_FILE:cyclesim>
                ${CMAKE_BINARY_DIR}/firmware ${CMAKE_CURRENT_BINARY_DIR}/calibrate/bad_inputs)
    set_tests_properties(calibrate_bad_inputs PROPERTIES LABELS "calibrate;cli")
endif()

if(TARGET firmware)
    add_test(NAME calibrate_uncertain_set
        COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/uncertain_set.sh $<TARGET_FILE:cyclesim>
                ${CMAKE_BINARY_DIR}/firmware ${CMAKE_CURRENT_BINARY_DIR}/calibrate)
    set_tests_properties(calibrate_uncertain_set PROPERTIES LABELS calibrate)
endif()
