# SPDX-License-Identifier: GPL-2.0-or-later
# ML-DSA and Keccak host tests (included by tests/crypto/CMakeLists.txt).
set(MLDSA_INCLUDES ${FW_CRYPTO_DIR} ${FW_CASES_DIR} ${FW_CASES_DIR}/../include)
set(MLDSA_FLAGS -std=c99 -Wall -Wextra -Werror -O2)

add_executable(test_keccak ${CMAKE_CURRENT_LIST_DIR}/test_keccak.c ${FW_CRYPTO_DIR}/keccak.c)
target_include_directories(test_keccak PRIVATE ${MLDSA_INCLUDES})
target_compile_options(test_keccak PRIVATE ${MLDSA_FLAGS})
target_link_libraries(test_keccak PRIVATE OpenSSL::Crypto)
add_test(NAME crypto_keccak COMMAND test_keccak)
set_tests_properties(crypto_keccak PROPERTIES LABELS crypto)

# test_mldsa.c includes firmware/cases/mldsa_cases.c itself.
add_executable(test_mldsa ${CMAKE_CURRENT_LIST_DIR}/test_mldsa.c ${FW_CRYPTO_DIR}/keccak.c
               ${FW_CRYPTO_DIR}/mldsa.c ${FW_CRYPTO_DIR}/mldsa_poly.c ${FW_INPUT_SRC})
target_include_directories(test_mldsa PRIVATE ${MLDSA_INCLUDES})
target_compile_options(test_mldsa PRIVATE ${MLDSA_FLAGS})
target_link_libraries(test_mldsa PRIVATE OpenSSL::Crypto csim_json)
add_test(NAME crypto_mldsa COMMAND test_mldsa ${TEST_VECTORS_DIR}/mldsa)
# A broken NTT makes every signing attempt fail, up to the 16-bit nonce limit:
# bound the time a failing run can take.
set_tests_properties(crypto_mldsa PROPERTIES LABELS crypto TIMEOUT 300)
