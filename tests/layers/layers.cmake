# SPDX-License-Identifier: GPL-2.0-or-later
# The layer rule (docs/architecture.md), label unit: every include names a
# layer at or below its file's own (check_layers.py, and a planted breach that
# it must report), and every object of a layer links against the layers below
# it alone: each layer_link_<layer> is built with the whole of that layer's
# archive, so a call into a higher layer fails the build.
add_test(NAME unit_layers COMMAND python3 ${CMAKE_CURRENT_LIST_DIR}/check_layers.py ${CMAKE_SOURCE_DIR})
add_test(NAME unit_layers_planted
    COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/planted.sh ${CMAKE_SOURCE_DIR} ${CMAKE_CURRENT_BINARY_DIR}/layers-planted)
set_tests_properties(unit_layers unit_layers_planted PROPERTIES LABELS unit)
foreach(layer ${CSIM_LAYERS})
    add_executable(layer_link_${layer} ${CMAKE_CURRENT_LIST_DIR}/link_main.c)
    target_link_libraries(layer_link_${layer} PRIVATE "$<LINK_LIBRARY:WHOLE_ARCHIVE,csim_${layer}>")
endforeach()
