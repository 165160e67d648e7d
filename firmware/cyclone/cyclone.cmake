# SPDX-License-Identifier: MIT
# firmware/cyclone/cyclone.cmake - the CycloneCRYPTO images: the rows of Oryx
# Embedded's "Crypto Benchmark on STM32U0" page through the user's own copy of
# CycloneCRYPTO and its Common module (v2.5.4).  Included by
# firmware/CMakeLists.txt when CYCLONE_ROOT is set:
#
#   cmake -S firmware -B <build> -DCMAKE_TOOLCHAIN_FILE=$PWD/firmware/cmake/arm-none-eabi.cmake \
#         -DCYCLONE_ROOT=<dir holding CycloneCRYPTO/ and Common/> \
#         [-DCYCLONE_CMSIS_DEVICE=<cmsis-device-u0>/Include -DCYCLONE_CMSIS_CORE=<CMSIS>/Core/Include]
#
# CycloneCRYPTO is GPL-2.0-or-later: it never enters this repository, nor does
# anything built with it (firmware/cyclone/README.md).
#
# Images, for the targets of CYCLONE_TARGETS (the U0 page: emu-m0plus, run on
# the stm32u083rc model, and nucleo-u083rc):
#   cyclone-cipher  3DES, AES-128/192/256, SM4 in CBC and CTR   cyclone_cases_cipher.c
#   cyclone-aead    GCM, CCM (AES, SM4), Ascon-AEAD128, ChaCha20-Poly1305  cyclone_cases_aead.c
#   cyclone-hash    MD5, SHA-1, SHA-2, SHA-3, SM3, Ascon-Hash256  cyclone_cases_hash.c
#   cyclone-ecc     ECDSA, SM2, EdDSA, ECDH, X25519, X448        cyclone_cases_ecc.c
#   cyclone-ecc-fastlmul  the same with a faster __aeabi_lmul (lmul_fast.S)
#   cyclone-pk      RSA-1024/2048, DSA-1024/2048 sign and verify, DH-1024 (a heap)
#   cyclone-pk-fastlmul   the same with lmul_fast.S
#   cyclone-aes-hw  AES-128/256 CBC, CTR, GCM, CCM through hardware/stm32u0xx (the
#                   AES peripheral); needs ST's CMSIS device and ARM's CMSIS core
#                   headers (CYCLONE_CMSIS_DEVICE, CYCLONE_CMSIS_CORE)
# CycloneCRYPTO's sources are compiled with CYCLONE_OPT (-O3, as Oryx's -O3).

set(CYCLONE_TARGETS "emu-m0plus;nucleo-u083rc" CACHE STRING "targets of the CycloneCRYPTO images")
set(CYCLONE_OPT "-O3" CACHE STRING "optimisation of CycloneCRYPTO's sources")
set(CYCLONE_PK_HEAP "12288u" CACHE STRING "heap bytes of cyclone-pk (RSA, DSA, DH)")
set(CYCLONE_CMSIS_DEVICE "" CACHE PATH "STM32U0 CMSIS device Include/ (stm32u0xx.h), for cyclone-aes-hw")
set(CYCLONE_CMSIS_CORE "" CACHE PATH "CMSIS core Include/ (core_cm0plus.h), for cyclone-aes-hw")

set(CY_LIB ${CYCLONE_ROOT}/CycloneCRYPTO)
set(CY_COMMON ${CYCLONE_ROOT}/Common)
if(NOT EXISTS ${CY_LIB}/core/crypto.h OR NOT EXISTS ${CY_COMMON}/os_port.h)
    message(FATAL_ERROR "CYCLONE_ROOT=${CYCLONE_ROOT}: expected CycloneCRYPTO/core/crypto.h and "
                        "Common/os_port.h there (Oryx-Embedded/CycloneCRYPTO and Common, v2.5.4)")
endif()
message(STATUS "firmware: CycloneCRYPTO images from ${CYCLONE_ROOT}")

set(CY_COMMON_SOURCES ${CY_COMMON}/cpu_endian.c ${CY_COMMON}/os_port_none.c)
set(CY_LIB_ecc ecc/ec.c ecc/ec_curves.c ecc/ec_misc.c ecc/ecdsa.c ecc/ecdh.c ecc/sm2.c ecc/curve25519.c
    ecc/curve448.c ecc/x25519.c ecc/x448.c ecc/ed25519.c ecc/ed448.c hash/sha256.c hash/sha384.c
    hash/sha512.c hash/sm3.c xof/shake.c xof/keccak.c mac/hmac.c rng/hmac_drbg.c)
set(CY_LIB_cipher cipher/aes.c cipher/des.c cipher/des3.c cipher/sm4.c
    cipher_modes/cbc.c cipher_modes/ctr.c)
set(CY_LIB_aead cipher/aes.c cipher/sm4.c cipher/chacha.c mac/poly1305.c aead/gcm.c aead/ccm.c
    aead/chacha20_poly1305.c lwc/ascon.c lwc/ascon_aead128.c)
set(CY_LIB_hash hash/md5.c hash/sha1.c hash/sha224.c hash/sha256.c hash/sha384.c hash/sha512.c
    hash/sha3_224.c hash/sha3_256.c hash/sha3_384.c hash/sha3_512.c xof/keccak.c hash/sm3.c
    lwc/ascon.c lwc/ascon_hash256.c)
set(CY_LIB_aes-hw cipher/aes.c cipher_modes/cbc.c cipher_modes/ctr.c aead/gcm.c aead/ccm.c
    hardware/stm32u0xx/stm32u0xx_crypto.c hardware/stm32u0xx/stm32u0xx_crypto_cipher.c)
set(CY_CASES_cipher cyclone/cyclone_cases_cipher.c)
set(CY_CASES_aead cyclone/cyclone_cases_aead.c)
set(CY_CASES_hash cyclone/cyclone_cases_hash.c)
set(CY_CASES_aes-hw cyclone/cyclone_cases_cipher.c cyclone/cyclone_cases_aead.c)
set(CY_CASES_ecc cyclone/cyclone_cases_ecc.c)
set(CY_LIB_pk mpi/mpi.c mpi/mpi_misc.c pkc/rsa.c pkc/rsa_misc.c pkc/dsa.c pkc/dh.c hash/sha256.c
    encoding/asn1.c encoding/oid.c)
set(CY_CASES_pk cyclone/cyclone_cases_pk.c)
set(CY_LIB_pk-fastlmul ${CY_LIB_pk})
set(CY_CASES_pk-fastlmul cyclone/cyclone_cases_pk.c cyclone/lmul_fast.S)
# The same EC cases with a 22-instruction __aeabi_lmul instead of libgcc's:
# ARMCC's run-time helper sits between the two (docs/cyclone.md).
set(CY_LIB_ecc-fastlmul ${CY_LIB_ecc})
set(CY_CASES_ecc-fastlmul cyclone/cyclone_cases_ecc.c cyclone/lmul_fast.S)
enable_language(ASM)

set(CY_FAMILIES cipher aead hash ecc ecc-fastlmul pk pk-fastlmul)
if(CYCLONE_CMSIS_DEVICE AND CYCLONE_CMSIS_CORE)
    list(APPEND CY_FAMILIES aes-hw)
else()
    message(STATUS "firmware: cyclone-aes-hw skipped: set CYCLONE_CMSIS_DEVICE and CYCLONE_CMSIS_CORE")
endif()

foreach(family IN LISTS CY_FAMILIES)
    set(lib_sources ${CY_LIB_${family}})
    list(TRANSFORM lib_sources PREPEND ${CY_LIB}/)
    list(APPEND lib_sources ${CY_COMMON_SOURCES})
    # The library is not held to the project's warnings (-w), and gets -O3.
    set_source_files_properties(${lib_sources} PROPERTIES COMPILE_OPTIONS "${CYCLONE_OPT};-w")
    set(cases ${CY_CASES_${family}} cyclone/cyclone_os.c)
    if(NOT family MATCHES "^(ecc|pk)") # the message buffers and known-answer digests
        list(APPEND cases cyclone/cyclone_glue.c crypto/sha2.c)
    endif()
    list(TRANSFORM cases PREPEND ${FW_DIR}/)
    foreach(target IN LISTS CYCLONE_TARGETS)
        if(NOT target IN_LIST FW_ALL_TARGETS)
            message(WARNING "firmware: CYCLONE_TARGETS names an unknown target '${target}'")
            continue()
        endif()
        fw_image(cyclone-${family} ${target} ${cases} ${lib_sources})
        set(img fw-cyclone-${family}-${target})
        target_compile_definitions(${img} PRIVATE BENCH_CYCLONE) # bench_backend "cyclone"
        target_include_directories(${img} PRIVATE ${FW_DIR}/cyclone)
        target_include_directories(${img} SYSTEM PRIVATE ${CY_LIB} ${CY_COMMON})
        if(family MATCHES "^ecc") # the library's EC working states (up to P-521, Ed448)
            target_compile_definitions(${img} PRIVATE CY_POOL_BYTES=12288u)
        endif()
        if(family MATCHES "^pk") # RSA/DSA/DH: the MPI's integers on a heap (cyclone_os.c)
            target_compile_definitions(${img} PRIVATE CY_HEAP_BYTES=${CYCLONE_PK_HEAP})
        endif()
        if(family STREQUAL "aes-hw")
            target_compile_definitions(${img} PRIVATE CYCLONE_BENCH_HW STM32U083xx)
            target_include_directories(${img} SYSTEM PRIVATE ${CYCLONE_CMSIS_DEVICE}
                                                             ${CYCLONE_CMSIS_CORE})
        endif()
    endforeach()
endforeach()
