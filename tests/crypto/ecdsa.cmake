# SPDX-License-Identifier: GPL-2.0-or-later
# ECDSA P-256 / P-384 host tests (included by tests/crypto/CMakeLists.txt).
# The same test is built twice: natively, and with ECC_NO_WIDE_MUL=1 so the
# 16-bit partial-product path used on the Cortex-M0+ runs here too.  The
# benchmark cases (ecdsa_cases.c) are compiled into the test by #include.
set(ECDSA_SOURCES
    ${FW_CRYPTO_DIR}/ecdsa.c ${FW_CRYPTO_DIR}/ecc_field.c
    ${FW_CRYPTO_DIR}/ecc_point.c ${FW_CRYPTO_DIR}/ecc_curves.c)

foreach(ecdsa_variant IN ITEMS native mul16)
    if(ecdsa_variant STREQUAL "native")
        set(ecdsa_target test_ecdsa)
        set(ecdsa_test crypto_ecdsa)
    else()
        set(ecdsa_target test_ecdsa_mul16)
        set(ecdsa_test crypto_ecdsa_mul16)
    endif()
    add_executable(${ecdsa_target} ${CMAKE_CURRENT_LIST_DIR}/test_ecdsa.c ${ECDSA_SOURCES}
                   ${FW_INPUT_SRC})
    target_include_directories(${ecdsa_target} PRIVATE
        ${FW_CRYPTO_DIR} ${FW_CASES_DIR} ${FW_CASES_DIR}/../include)
    target_compile_options(${ecdsa_target} PRIVATE -std=c99 -Wall -Wextra -Werror -O2)
    if(ecdsa_variant STREQUAL "mul16")
        target_compile_definitions(${ecdsa_target} PRIVATE ECC_NO_WIDE_MUL=1)
    endif()
    target_link_libraries(${ecdsa_target} PRIVATE OpenSSL::Crypto)
    add_test(NAME ${ecdsa_test} COMMAND ${ecdsa_target})
    set_tests_properties(${ecdsa_test} PROPERTIES LABELS crypto)
endforeach()
