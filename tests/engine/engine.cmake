# SPDX-License-Identifier: GPL-2.0-or-later
# The engine's files call each other in no circle: the parts never call back
# into the run loop (check_calls.py on the csim_engine archive, which must
# also find a planted circle; src/engine/README.md draws the graph).
add_test(NAME unit_engine_calls COMMAND python3 ${CMAKE_CURRENT_LIST_DIR}/check_calls.py $<TARGET_FILE:csim_engine>)
set_tests_properties(unit_engine_calls PROPERTIES LABELS unit)
