# SPDX-License-Identifier: GPL-2.0-or-later
# Ed25519 host tests (included by tests/crypto/CMakeLists.txt).  test_ed25519.c
# #includes firmware/crypto/ed25519.c and firmware/cases/ed25519_cases.c to
# reach their internals.  Built twice: natively, and with ED25519_NO_UMULL so
# the 16-bit half-product path used on the Cortex-M0+ runs here too.
foreach(ed25519_variant IN ITEMS native no_umull)
    if(ed25519_variant STREQUAL "native")
        set(ed25519_target test_ed25519)
        set(ed25519_test crypto_ed25519)
    else()
        set(ed25519_target test_ed25519_no_umull)
        set(ed25519_test crypto_ed25519_no_umull)
    endif()
    add_executable(${ed25519_target} ${CMAKE_CURRENT_LIST_DIR}/test_ed25519.c
                   ${FW_CRYPTO_DIR}/ed25519_tables.c ${FW_CRYPTO_DIR}/sha2.c ${FW_INPUT_SRC})
    target_include_directories(${ed25519_target} PRIVATE
        ${FW_CRYPTO_DIR} ${FW_CASES_DIR} ${FW_CASES_DIR}/../include)
    target_compile_options(${ed25519_target} PRIVATE -std=c99 -Wall -Wextra -Werror -O2)
    if(ed25519_variant STREQUAL "no_umull")
        target_compile_definitions(${ed25519_target} PRIVATE ED25519_NO_UMULL=1)
    endif()
    target_link_libraries(${ed25519_target} PRIVATE OpenSSL::Crypto)
    add_test(NAME ${ed25519_test} COMMAND ${ed25519_target})
    set_tests_properties(${ed25519_test} PROPERTIES LABELS crypto)
endforeach()
