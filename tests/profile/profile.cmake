# SPDX-License-Identifier: GPL-2.0-or-later
# Profiles, footprint and case selection (label profile): hand-derived kernels,
# then firmware images whose profiles must add up exactly (check_firmware.sh).
find_program(PROFILE_ARM_GCC arm-none-eabi-gcc REQUIRED)
find_program(PROFILE_CALLGRIND_ANNOTATE callgrind_annotate REQUIRED)
file(GLOB PROFILE_KERNELS CONFIGURE_DEPENDS ${CMAKE_CURRENT_LIST_DIR}/kernels/*.S)
foreach(k ${PROFILE_KERNELS})
    get_filename_component(n ${k} NAME_WE)
    add_test(NAME profile_kernel_${n}
        COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/run_profile_kernel.sh $<TARGET_FILE:cyclesim> ${k}
                ${CMAKE_CURRENT_BINARY_DIR}/profile)
    set_tests_properties(profile_kernel_${n} PROPERTIES LABELS profile)
endforeach()

# --inputs: a test firmware (the emu-m33 run-time and tests/profile/fw/) with a
# case whose cycles depend on the seed and one whose cycles do not.
add_test(NAME profile_inputs
    COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/check_inputs.sh $<TARGET_FILE:cyclesim> ${CMAKE_SOURCE_DIR}
            ${CMAKE_CURRENT_BINARY_DIR}/profile)
set_tests_properties(profile_inputs PROPERTIES LABELS profile)

if(TARGET firmware)
    set(FW ${CMAKE_BINARY_DIR}/firmware)
    # image:model[:case glob:function that must appear]
    foreach(spec emu-m0plus/selftest:stm32l073rz emu-m0plus/selftest:stm32u083rc emu-m33/sha:stm32l552ze
                 emu-m33/selftest:stm32u385rg emu-m0plus/sha:stm32l552ze
                 "emu-m0plus/ed25519:stm32u083rc:ed25519-verify/small/*:SysTick_Handler")
        string(REPLACE ":" ";" p "${spec}")
        list(GET p 0 img)
        list(GET p 1 m)
        string(REPLACE "/" "_" n ${img})
        set(extra "")
        list(LENGTH p len)
        if(len GREATER 2)
            list(GET p 2 glob)
            list(GET p 3 fn)
            set(extra "${glob}" "${fn}")
            set(n "${n}_${fn}")
        endif()
        add_test(NAME profile_fw_${n}_${m}
            COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/check_firmware.sh $<TARGET_FILE:cyclesim> ${FW}/${img}.elf ${m}
                    ${CMAKE_CURRENT_BINARY_DIR}/profile ${extra})
        set_tests_properties(profile_fw_${n}_${m} PROPERTIES LABELS profile TIMEOUT 900)
    endforeach()
endif()

# Per-instruction costs and source lines (callgrind: check_lines.py; annotate
# of the first case: check_annotate.py) on every
# bundled image, each on a model of its core and its shorter cases; not the
# probe image: its kernels are top-level __asm__ blocks, which DWARF has no
# lines for.
if(TARGET firmware)
    foreach(spec "emu-m0plus/aes:stm32u083rc:aes-cbc/enc/128/small/sole/16" "emu-m0plus/aes_hw:stm32u083rc:oryx/aes128-cbc/*"
                 "emu-m33/aes_hw_u3:stm32u385rg:aes_hw_u3/aes128-cbc/*" "emu-m33/ecdsa:stm32u385rg:ecdsa/p256/verify/fast/*"
                 "emu-m0plus/ed25519:stm32l073rz:ed25519-verify/small/*" "emu-m33/mldsa:stm32l552ze:ml-dsa-44/verify*"
                 "emu-m0plus/rsa:stm32u083rc:rsa-pss-verify/3072/fast" "emu-m33/sha:stm32l552ze:sha256/sole/*"
                 "emu-m0plus/selftest:stm32l073rz:*" "emu-m0plus/rtcheck:stm32l073rz:*")
        string(REPLACE ":" ";" p "${spec}")
        list(GET p 0 img)
        list(GET p 1 m)
        list(GET p 2 glob)
        string(REPLACE "/" "_" n ${img})
        add_test(NAME profile_lines_${n}_${m}
            COMMAND python3 ${CMAKE_CURRENT_LIST_DIR}/check_lines.py $<TARGET_FILE:cyclesim> ${FW}/${img}.elf ${m}
                    ${glob} ${CMAKE_CURRENT_BINARY_DIR}/profile)
        set_tests_properties(profile_lines_${n}_${m} PROPERTIES LABELS profile TIMEOUT 600)
        add_test(NAME annotate_${n}_${m}
            COMMAND python3 ${CMAKE_CURRENT_LIST_DIR}/check_annotate.py $<TARGET_FILE:cyclesim> ${FW}/${img}.elf ${m}
                    ${glob})
        set_tests_properties(annotate_${n}_${m} PROPERTIES LABELS profile TIMEOUT 600)
    endforeach()
endif()

# annotate's timeline (--trace, --trace-cycles) against the Trace Event Format (check_trace.py).
if(TARGET firmware)
    add_test(NAME annotate_trace_m33
        COMMAND python3 ${CMAKE_CURRENT_LIST_DIR}/check_trace.py $<TARGET_FILE:cyclesim> ${FW}/emu-m33/sha.elf
                stm32l552ze sha256/sole/64 sha256_final ${CMAKE_CURRENT_BINARY_DIR}/profile/trace-m33)
    add_test(NAME annotate_trace_m0plus
        COMMAND python3 ${CMAKE_CURRENT_LIST_DIR}/check_trace.py $<TARGET_FILE:cyclesim> ${FW}/emu-m0plus/aes.elf
                stm32u083rc aes-cbc/enc/128/small/sole/16 memcpy ${CMAKE_CURRENT_BINARY_DIR}/profile/trace-m0plus)
    set_tests_properties(annotate_trace_m33 annotate_trace_m0plus PROPERTIES LABELS profile)
endif()

# csim_run_opts.progress: calls at each 2^24 instructions of a long loop.
add_executable(test_progress ${CMAKE_CURRENT_LIST_DIR}/test_progress.c)
target_link_libraries(test_progress PRIVATE csim_engine)
add_test(NAME profile_progress
    COMMAND sh -c "arm-none-eabi-gcc -mcpu=cortex-m33 -mthumb -nostdlib -Wl,--no-warn-rwx-segments \
-Wl,-Ttext=0x20000000 -Wl,-e,kernel ${CMAKE_CURRENT_LIST_DIR}/progress_loop.S -o progress_loop.elf && \
$<TARGET_FILE:test_progress> progress_loop.elf ${CMAKE_SOURCE_DIR}/models"
    WORKING_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR})
set_tests_properties(profile_progress PROPERTIES LABELS profile)

# Signing attempts: a test firmware whose case reports 3 attempts and one that
# reports none (run CSV and JSON fields).
add_test(NAME run_attempts
    COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/check_attempts.sh $<TARGET_FILE:cyclesim> ${CMAKE_SOURCE_DIR}
            ${CMAKE_CURRENT_BINARY_DIR}/profile)
set_tests_properties(run_attempts PROPERTIES LABELS profile)
