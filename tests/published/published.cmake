# SPDX-License-Identifier: GPL-2.0-or-later
# Tests of the published tables (data/published): round trip against the page
# texts, byte-identical regeneration, row keys, known slips and flags,
# mutations showing that these tests can fail, the page formats of ST's other
# pages (formats.sh) and the tolerant mode (tolerant.sh).  Needs the
# import_published target (tools/import_published.cmake) and the csim_json target.
set(PUBLISHED_DIR ${CMAKE_CURRENT_LIST_DIR}/../../data/published)
set(PUBLISHED_TEST_DIR ${CMAKE_CURRENT_LIST_DIR})
set(PUBLISHED_WORK_DIR ${CMAKE_CURRENT_BINARY_DIR}/published)

if(NOT TARGET check_published)
    add_executable(check_published ${PUBLISHED_TEST_DIR}/check_published.c)
    set_target_properties(check_published PROPERTIES C_STANDARD 11 C_STANDARD_REQUIRED ON
                                                     C_EXTENSIONS OFF)
    target_link_libraries(check_published PRIVATE csim_json m)
    if(CMAKE_C_COMPILER_ID MATCHES "GNU|Clang")
        target_compile_options(check_published PRIVATE -Wall -Wextra -Wpedantic)
    endif()
endif()

foreach(mcu stm32u385rg stm32l552ze stm32u083rc)
    set(page ${PUBLISHED_DIR}/source/${mcu}.txt)
    set(json ${PUBLISHED_DIR}/${mcu}.json)
    add_test(NAME published.${mcu}.roundtrip
             COMMAND check_published roundtrip ${page} ${json})
    add_test(NAME published.${mcu}.regenerate
             COMMAND sh ${PUBLISHED_TEST_DIR}/regen.sh $<TARGET_FILE:import_published>
                     ${page} ${json} ${PUBLISHED_WORK_DIR}/regen)
    add_test(NAME published.${mcu}.check
             COMMAND import_published --check ${page} ${json})
    add_test(NAME published.${mcu}.keys
             COMMAND check_published keys ${json})
    add_test(NAME published.${mcu}.known
             COMMAND check_published known ${json})
    add_test(NAME published.${mcu}.can_fail
             COMMAND sh ${PUBLISHED_TEST_DIR}/mutate.sh $<TARGET_FILE:import_published>
                     $<TARGET_FILE:check_published> ${page} ${json}
                     ${PUBLISHED_WORK_DIR}/mutate-${mcu})
    add_test(NAME published.${mcu}.tolerant
             COMMAND sh ${PUBLISHED_TEST_DIR}/tolerant.sh $<TARGET_FILE:import_published>
                     $<TARGET_FILE:check_published> ${page} ${PUBLISHED_WORK_DIR}/tolerant-${mcu})
    set_tests_properties(published.${mcu}.roundtrip published.${mcu}.regenerate
                         published.${mcu}.check published.${mcu}.keys published.${mcu}.known
                         published.${mcu}.can_fail published.${mcu}.tolerant
                         PROPERTIES LABELS published)
endforeach()

add_test(NAME published.tool.exit_codes
         COMMAND sh ${PUBLISHED_TEST_DIR}/exit_codes.sh $<TARGET_FILE:import_published>
                 ${PUBLISHED_DIR}/source/stm32u083rc.txt ${PUBLISHED_WORK_DIR}/exit-codes)
set_tests_properties(published.tool.exit_codes PROPERTIES LABELS published)

add_test(NAME published.tool.formats
         COMMAND sh ${PUBLISHED_TEST_DIR}/formats.sh $<TARGET_FILE:import_published>
                 $<TARGET_FILE:check_published> ${PUBLISHED_DIR} ${PUBLISHED_WORK_DIR}/formats)
set_tests_properties(published.tool.formats PROPERTIES LABELS published)

# Oryx Embedded's STM32U0 page (rates and times, docs/cyclone.md): the JSON is
# what tools/import_oryx.py makes of the page text.
find_package(Python3 REQUIRED COMPONENTS Interpreter)
add_test(NAME published.oryx-stm32u0.check
         COMMAND ${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/tools/import_oryx.py --check
                 ${PUBLISHED_DIR}/source/oryx-stm32u0.txt ${PUBLISHED_DIR}/oryx-stm32u0.json)
set_tests_properties(published.oryx-stm32u0.check PROPERTIES LABELS published)
