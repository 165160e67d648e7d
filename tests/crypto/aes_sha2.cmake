# SPDX-License-Identifier: GPL-2.0-or-later
# AES-CBC and SHA-2 host tests (included by tests/crypto/CMakeLists.txt).
set(AES_SHA2_INCLUDES ${FW_CRYPTO_DIR} ${FW_CASES_DIR} ${FW_CASES_DIR}/../include)

add_executable(test_sha2 ${CMAKE_CURRENT_LIST_DIR}/test_sha2.c ${FW_CRYPTO_DIR}/sha2.c
               ${FW_CASES_DIR}/flow_input.c ${FW_INPUT_SRC})
target_include_directories(test_sha2 PRIVATE ${AES_SHA2_INCLUDES})
target_compile_options(test_sha2 PRIVATE -std=c99 -Wall -Wextra -Werror -O2)
target_link_libraries(test_sha2 PRIVATE OpenSSL::Crypto)
add_test(NAME crypto_sha2 COMMAND test_sha2)
set_tests_properties(crypto_sha2 PROPERTIES LABELS crypto)

add_executable(test_aes ${CMAKE_CURRENT_LIST_DIR}/test_aes.c ${FW_CRYPTO_DIR}/aes.c
               ${FW_CRYPTO_DIR}/sha2.c ${FW_CASES_DIR}/flow_input.c ${FW_INPUT_SRC})
target_include_directories(test_aes PRIVATE ${AES_SHA2_INCLUDES})
target_compile_options(test_aes PRIVATE -std=c99 -Wall -Wextra -Werror -O2)
target_link_libraries(test_aes PRIVATE OpenSSL::Crypto)
add_test(NAME crypto_aes COMMAND test_aes)
set_tests_properties(crypto_aes PROPERTIES LABELS crypto)
