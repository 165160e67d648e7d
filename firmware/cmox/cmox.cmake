# SPDX-License-Identifier: MIT
# firmware/cmox/cmox.cmake - the CMOX images: the benchmark cases run through
# ST's own cryptographic library (X-CUBE-CRYPTOLIB), linked from the user's
# install.  Included by firmware/CMakeLists.txt when CMOX_ROOT is set:
#
#   cmake -S firmware -B <build> -DCMAKE_TOOLCHAIN_FILE=firmware/cmake/arm-none-eabi.cmake \
#         -DCMOX_ROOT=<X-CUBE-CRYPTOLIB>/Middlewares/ST/STM32_Cryptographic
#
# ST's library is licensed separately (SLA0044) and never enters this
# repository: this file only points at the user's copy.  See cmox/README.md.
#
# Images: <build>/<target>/cmox-<family>.elf for every firmware target
# (FW_ALL_TARGETS) and the families
#   cmox-cipher  AES-CBC, sole buffer and data flow   cmox_cases_cipher.c
#   cmox-hash    SHA-256 / SHA-384                     cmox_cases_hash.c
#   cmox-ecc     ECDSA P-256 / P-384, Ed25519          cmox_cases_ecc.c
#   cmox-rsa     RSA-3072 PKCS#1 v2.2 sign / verify    cmox_cases_rsa.c
#   cmox-mldsa   ML-DSA-44/65/87 (V5 only; the cases that fit the target's RAM)
#                                                      cmox_cases_mldsa.c
# each linked with the library archive of the target's core
# (lib/libSTM32Cryptographic_<CM0_CM0PLUS|CM33|...>.a).
#
# Library version: CMOX_LIB_VERSION = AUTO (default), 4 or 5.  AUTO looks for
# the ML-DSA API (cmox_pqc_dsa_*) in the headers: present means V5.  V4's
# headers carry no version macro, so the version is decided here and passed
# to the sources as BENCH_CMOX_LIB_V5=1 (V5 builds only).

set(CMOX_LIB_VERSION "AUTO" CACHE STRING "X-CUBE-CRYPTOLIB major version: AUTO, 4 or 5")
set_property(CACHE CMOX_LIB_VERSION PROPERTY STRINGS AUTO 4 5)

set(CMOX_INCLUDE_DIR ${CMOX_ROOT}/include)
if(NOT EXISTS ${CMOX_INCLUDE_DIR}/cmox_crypto.h)
    message(FATAL_ERROR "CMOX_ROOT=${CMOX_ROOT}: no include/cmox_crypto.h there; point CMOX_ROOT "
                        "at the STM32_Cryptographic folder of X-CUBE-CRYPTOLIB "
                        "(Middlewares/ST/STM32_Cryptographic)")
endif()

if(CMOX_LIB_VERSION STREQUAL "AUTO")
    set(cmox_major 4)
    file(GLOB_RECURSE cmox_headers ${CMOX_INCLUDE_DIR}/*.h)
    foreach(h IN LISTS cmox_headers)
        file(STRINGS ${h} hits REGEX "cmox_pqc_dsa_" LIMIT_COUNT 1)
        if(hits)
            set(cmox_major 5)
            break()
        endif()
    endforeach()
elseif(CMOX_LIB_VERSION MATCHES "^[45]$")
    set(cmox_major ${CMOX_LIB_VERSION})
else()
    message(FATAL_ERROR "CMOX_LIB_VERSION=${CMOX_LIB_VERSION}: AUTO, 4 or 5")
endif()
message(STATUS "firmware: CMOX images from ${CMOX_ROOT} (library V${cmox_major})")

# The archive for a target, from the -mcpu of its flags (fw_target()).
function(cmox_lib_for_target target out)
    get_target_property(opts fw-flags-${target} INTERFACE_COMPILE_OPTIONS)
    if(opts MATCHES "cortex-m0plus|cortex-m0")
        set(core CM0_CM0PLUS)
    elseif(opts MATCHES "cortex-m33")
        set(core CM33)
    elseif(opts MATCHES "cortex-m4")
        set(core CM4)
    elseif(opts MATCHES "cortex-m7")
        set(core CM7)
    elseif(opts MATCHES "cortex-m3")
        set(core CM3)
    else()
        set(${out} "" PARENT_SCOPE)
        return()
    endif()
    set(${out} ${CMOX_ROOT}/lib/libSTM32Cryptographic_${core}.a PARENT_SCOPE)
endfunction()

# Which RCC register cmox_ll_init() writes to clock the CRC unit (cmox_glue.c).
function(cmox_series_for_target target out)
    if(target MATCHES "^emu-")
        set(s EMU)
    elseif(target MATCHES "l073")
        set(s L0)
    elseif(target MATCHES "u083")
        set(s U0)
    elseif(target MATCHES "l552")
        set(s L5)
    elseif(target MATCHES "u385")
        set(s U3)
    else()
        set(s "")
    endif()
    set(${out} ${s} PARENT_SCOPE)
endfunction()

set(CMOX_FAMILIES cipher hash ecc rsa)
# crypto/aes.c and sha2.c check CMOX's results (known-answer digests, random
# inputs' round trips and reference digests): never timed.
set(CMOX_SOURCES_cipher cmox/cmox_cases_cipher.c crypto/aes.c crypto/sha2.c)
set(CMOX_SOURCES_hash cmox/cmox_cases_hash.c crypto/sha2.c)
set(CMOX_SOURCES_ecc cmox/cmox_cases_ecc.c)
set(CMOX_SOURCES_rsa cmox/cmox_cases_rsa.c)
if(cmox_major EQUAL 5)
    list(APPEND CMOX_FAMILIES mldsa)
    set(CMOX_SOURCES_mldsa cmox/cmox_cases_mldsa.c crypto/keccak.c)
    # The public keys and signatures the verification cases read from flash,
    # written at build time by a host program from the project's ML-DSA
    # (cmox/mldsa_vectors_gen.c), so that no multi-kilobyte vector is kept in
    # the repository.
    find_program(CMOX_HOST_CC NAMES cc gcc clang)
    if(NOT CMOX_HOST_CC)
        message(FATAL_ERROR "firmware: the CMOX ML-DSA images need a host C compiler "
                            "(cc, gcc or clang) for cmox/mldsa_vectors_gen.c; set CMOX_HOST_CC")
    endif()
    set(cmox_gen_dir ${CMAKE_BINARY_DIR}/cmox-gen)
    set(cmox_gen_sources ${FW_DIR}/cmox/mldsa_vectors_gen.c ${FW_DIR}/crypto/keccak.c
                         ${FW_DIR}/crypto/mldsa.c ${FW_DIR}/crypto/mldsa_poly.c)
    add_custom_command(
        OUTPUT ${cmox_gen_dir}/mldsa_vectors.h
        COMMAND ${CMAKE_COMMAND} -E make_directory ${cmox_gen_dir}
        COMMAND ${CMOX_HOST_CC} -std=c99 -O2 -I${FW_DIR}/crypto -I${FW_DIR}/cases
                -I${FW_DIR}/include ${cmox_gen_sources} -o ${cmox_gen_dir}/mldsa_vectors_gen
        COMMAND ${cmox_gen_dir}/mldsa_vectors_gen ${cmox_gen_dir}/mldsa_vectors.h
        DEPENDS ${cmox_gen_sources} ${FW_DIR}/cases/mldsa_known.h ${FW_DIR}/crypto/mldsa.h
                ${FW_DIR}/crypto/mldsa_internal.h ${FW_DIR}/crypto/keccak.h
        COMMENT "cmox: ML-DSA public keys and signatures for the verification cases"
        VERBATIM)
    add_custom_target(fw-cmox-mldsa-vectors DEPENDS ${cmox_gen_dir}/mldsa_vectors.h)
endif()

foreach(target IN LISTS FW_ALL_TARGETS)
    cmox_lib_for_target(${target} lib)
    cmox_series_for_target(${target} series)
    if(NOT lib)
        message(WARNING "firmware: no CMOX library for target ${target} (unknown core): skipped")
        continue()
    endif()
    if(NOT series)
        message(WARNING "firmware: target ${target}: no CRC clock enable known for it in "
                        "cmox/cmox_glue.c: CMOX images skipped")
        continue()
    endif()
    # An install without the archive of this core (ST's public V5 has only
    # CM0_CM0PLUS): the sources are still compiled against its headers, into
    # object libraries fw-cmox-<family>-<target>-compile, so the path stays
    # compiling; nothing is linked.
    set(compile_only FALSE)
    if(NOT EXISTS ${lib})
        message(STATUS "firmware: ${lib} does not exist: CMOX sources of ${target} compiled, "
                       "not linked")
        set(compile_only TRUE)
    endif()
    foreach(family IN LISTS CMOX_FAMILIES)
        set(sources ${CMOX_SOURCES_${family}} cmox/cmox_glue.c)
        list(TRANSFORM sources PREPEND ${FW_DIR}/)
        if(compile_only)
            set(img fw-cmox-${family}-${target}-compile)
            add_library(${img} OBJECT ${sources} ${FW_DIR}/bench/backend.c)
            target_link_libraries(${img} PRIVATE fw-flags-${target})
        else()
            fw_image(cmox-${family} ${target} ${sources})
            set(img fw-cmox-${family}-${target})
            target_link_libraries(${img} PRIVATE ${lib})
            if(cmox_major EQUAL 5)
                add_custom_command(TARGET ${img} POST_BUILD
                    COMMAND ${CMAKE_COMMAND} -DNM=${CMAKE_NM} -DELF=$<TARGET_FILE:${img}>
                            -P ${FW_DIR}/cmox/cmox_weak_check.cmake
                    VERBATIM)
            endif()
        endif()
        # SYSTEM: ST's headers are not held to the project's -Werror.
        target_include_directories(${img} SYSTEM PRIVATE ${CMOX_INCLUDE_DIR})
        target_compile_definitions(${img} PRIVATE BENCH_CMOX_SERIES_${series} BENCH_CMOX_MAJOR=${cmox_major})
        if(cmox_major EQUAL 5)
            target_compile_definitions(${img} PRIVATE BENCH_CMOX_LIB_V5=1)
        endif()
        if(family STREQUAL "mldsa")
            # cmox_cases_mldsa.c builds the cases that fit FW_RAM_BYTES.
            target_include_directories(${img} PRIVATE ${cmox_gen_dir})
            add_dependencies(${img} fw-cmox-mldsa-vectors)
        endif()
    endforeach()
endforeach()
