# SPDX-License-Identifier: GPL-2.0-or-later
# RSA-3072 PSS host tests (included by tests/crypto/CMakeLists.txt).  The same
# test is built twice: natively, and with RSA_BN_MUL_HALVES=1 so the 16-bit
# half-product path used on the Cortex-M0+ runs here too.
set(RSA_SOURCES ${FW_CRYPTO_DIR}/rsa.c ${FW_CRYPTO_DIR}/rsa_bn.c ${FW_CRYPTO_DIR}/sha2.c)

foreach(rsa_variant IN ITEMS native halves)
    if(rsa_variant STREQUAL "native")
        set(rsa_target test_rsa)
        set(rsa_test crypto_rsa)
    else()
        set(rsa_target test_rsa_halves)
        set(rsa_test crypto_rsa_halves)
    endif()
    add_executable(${rsa_target} ${CMAKE_CURRENT_LIST_DIR}/test_rsa.c ${RSA_SOURCES}
                   ${FW_INPUT_SRC})
    target_include_directories(${rsa_target} PRIVATE
        ${FW_CRYPTO_DIR} ${FW_CASES_DIR} ${FW_CASES_DIR}/../include)
    target_compile_options(${rsa_target} PRIVATE -std=c99 -Wall -Wextra -Werror -O2)
    if(rsa_variant STREQUAL "halves")
        target_compile_definitions(${rsa_target} PRIVATE RSA_BN_MUL_HALVES=1)
    endif()
    target_link_libraries(${rsa_target} PRIVATE OpenSSL::Crypto)
    add_test(NAME ${rsa_test} COMMAND ${rsa_target})
    set_tests_properties(${rsa_test} PROPERTIES LABELS crypto)
endforeach()
