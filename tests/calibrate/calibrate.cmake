# `cyclesim calibrate`: the pure least-squares module (label unit) and the
# recovery of known model parameters from emulated measurements (label calibrate).
add_executable(test_fit ${CMAKE_CURRENT_LIST_DIR}/test_fit.c ${CMAKE_SOURCE_DIR}/src/fit.c)
target_include_directories(test_fit PRIVATE ${CMAKE_SOURCE_DIR}/include)
target_link_libraries(test_fit PRIVATE m)
add_test(NAME unit_fit COMMAND test_fit)
set_tests_properties(unit_fit PROPERTIES LABELS unit)
