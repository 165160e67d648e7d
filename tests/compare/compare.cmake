# `cyclesim compare` and the measured-results loader it stands on (label compare).
set(COMPARE_TEST_DIR ${CMAKE_CURRENT_LIST_DIR})

# The loader on the bundled pages, hand-written board outputs and bad inputs.
add_executable(test_published ${COMPARE_TEST_DIR}/test_published.c ${CMAKE_SOURCE_DIR}/src/published.c
    ${CMAKE_SOURCE_DIR}/src/diag.c)
target_include_directories(test_published PRIVATE ${CMAKE_SOURCE_DIR}/include)
target_link_libraries(test_published PRIVATE PkgConfig::CJSON m)
add_test(NAME compare_published_loader
    COMMAND test_published ${CMAKE_SOURCE_DIR}/data/published ${COMPARE_TEST_DIR}/fixtures)
set_tests_properties(compare_published_loader PROPERTIES LABELS compare)
