# SPDX-License-Identifier: GPL-2.0-or-later
# End-to-end runs of the firmware built from firmware/ (ExternalProject in the
# top-level CMakeLists.txt).  The emulator images run on every model their core
# can run; each board image runs on its own board's model.
if(TARGET firmware)
    set(FW ${CMAKE_BINARY_DIR}/firmware)
    # The models each emulator image runs on (the M0+ image also runs on the M33 models).
    set(E2E_MODELS_emu-m0plus stm32l073rz stm32u083rc stm32g071rb stm32l552ze stm32u385rg stm32u585ai stm32h563zi)
    set(E2E_MODELS_emu-m33 stm32l552ze stm32u385rg stm32u585ai stm32h563zi)
    set(E2E_MODELS_emu-m4 stm32f407vg stm32g474re stm32l476rg)
    # Families that run on every model (RSA: below).
    set(E2E_FAMILIES selftest probe sha aes ed25519 ecdsa mldsa)
    foreach(family ${E2E_FAMILIES})
        foreach(img emu-m0plus emu-m33 emu-m4)
            foreach(m ${E2E_MODELS_${img}})
                add_test(NAME e2e_${img}_${family}_${m}
                    COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/run_e2e.sh $<TARGET_FILE:cyclesim>
                            ${FW}/${img}/${family}.elf ${m} ${CMAKE_CURRENT_BINARY_DIR}/e2e)
                set_tests_properties(e2e_${img}_${family}_${m} PROPERTIES LABELS e2e)
            endforeach()
        endforeach()
    endforeach()
    # RSA-3072: the M33 image on the M33 models, the M0+ image on the U083
    # model (28 billion cycles for its 14 cases: about 6 CPU minutes there; the
    # L073 model, whose flash-resident code defeats block reuse more often,
    # takes several times that: left to local runs, docs/performance.md).
    foreach(m stm32u083rc)
        add_test(NAME e2e_emu-m0plus_rsa_${m}
            COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/run_e2e.sh $<TARGET_FILE:cyclesim>
                    ${FW}/emu-m0plus/rsa.elf ${m} ${CMAKE_CURRENT_BINARY_DIR}/e2e)
        set_tests_properties(e2e_emu-m0plus_rsa_${m} PROPERTIES LABELS e2e TIMEOUT 3000)
    endforeach()
    # (the M33 image on the L5 and U3 models, the published boards': the U5 and H5 models run the
    # same core on the same ICACHE interface, and RSA is the suite's longest test)
    foreach(family rsa)
        foreach(m stm32l552ze stm32u385rg)
            add_test(NAME e2e_emu-m33_${family}_${m}
                COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/run_e2e.sh $<TARGET_FILE:cyclesim>
                        ${FW}/emu-m33/${family}.elf ${m} ${CMAKE_CURRENT_BINARY_DIR}/e2e)
            set_tests_properties(e2e_emu-m33_${family}_${m} PROPERTIES LABELS e2e TIMEOUT 3000)
        endforeach()
    endforeach()
    # The hard-float family (firmware/cases/float_cases.c, NEEDS fpu) on the models with an FPU,
    # known answers checked by the firmware, and refused (exit 3) by a model without one.
    foreach(m ${E2E_MODELS_emu-m33})
        add_test(NAME e2e_emu-m33_float_${m}
            COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/run_e2e.sh $<TARGET_FILE:cyclesim>
                    ${FW}/emu-m33/float.elf ${m} ${CMAKE_CURRENT_BINARY_DIR}/e2e)
        set_tests_properties(e2e_emu-m33_float_${m} PROPERTIES LABELS e2e)
    endforeach()
    add_test(NAME e2e_emu-m33_float_refused_stm32u083rc
        COMMAND sh -c "$<TARGET_FILE:cyclesim> run ${FW}/emu-m33/float.elf --mcu stm32u083rc > /dev/null 2> float-u083.err; \
rc=$?; grep -q 'cannot run' float-u083.err && test $rc -eq 3"
        WORKING_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR})
    set_tests_properties(e2e_emu-m33_float_refused_stm32u083rc PROPERTIES LABELS e2e)
    # The M4 image on the F407 model (13 CPU minutes for its 14 cases here);
    # the G474 and L476 models run the same code from 64-bit flash reads.
    add_test(NAME e2e_emu-m4_rsa_stm32f407vg
        COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/run_e2e.sh $<TARGET_FILE:cyclesim>
                ${FW}/emu-m4/rsa.elf stm32f407vg ${CMAKE_CURRENT_BINARY_DIR}/e2e)
    set_tests_properties(e2e_emu-m4_rsa_stm32f407vg PROPERTIES LABELS e2e TIMEOUT 3000)
    # The STM32U0 AES peripheral (docs/aes.md): only the U083 model has it.
    foreach(img emu-m0plus nucleo-u083rc)
        add_test(NAME e2e_${img}_aes_hw_stm32u083rc
            COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/run_e2e.sh $<TARGET_FILE:cyclesim>
                    ${FW}/${img}/aes_hw.elf stm32u083rc ${CMAKE_CURRENT_BINARY_DIR}/e2e)
        set_tests_properties(e2e_${img}_aes_hw_stm32u083rc PROPERTIES LABELS e2e)
    endforeach()
    # The STM32U3 AES and SAES (docs/aes.md): only the U385 model has them.
    foreach(img emu-m33 nucleo-u385rgq)
        add_test(NAME e2e_${img}_aes_hw_u3_stm32u385rg
            COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/run_e2e.sh $<TARGET_FILE:cyclesim>
                    ${FW}/${img}/aes_hw_u3.elf stm32u385rg ${CMAKE_CURRENT_BINARY_DIR}/e2e)
        set_tests_properties(e2e_${img}_aes_hw_u3_stm32u385rg PROPERTIES LABELS e2e)
    endforeach()
    # The board images on their boards' models: the four published boards' start-up and probes;
    # every family but RSA built for the boards of issues 36 and 37 (firmware/CMakeLists.txt: the
    # NUCLEO-C031C6's 32 KB of flash and 12 KB of SRAM hold only three; RSA-3072 runs on the
    # emulator images: the board images run the same code, and RSA is the suite's longest test).
    set(E2E_BOARD_START selftest probe)
    set(E2E_BOARD_ALL selftest probe sha aes ed25519 ecdsa mldsa)
    set(E2E_BOARD_C0 selftest probe ecdsa)
    foreach(pair nucleo-l073rz:stm32l073rz:E2E_BOARD_START nucleo-u083rc:stm32u083rc:E2E_BOARD_START
                 nucleo-l552zeq:stm32l552ze:E2E_BOARD_START nucleo-u385rgq:stm32u385rg:E2E_BOARD_START
                 nucleo-g071rb:stm32g071rb:E2E_BOARD_ALL nucleo-c031c6:stm32c031c6:E2E_BOARD_C0
                 b-u585i-iot02a:stm32u585ai:E2E_BOARD_ALL nucleo-h563zi:stm32h563zi:E2E_BOARD_ALL
                 stm32f4-discovery:stm32f407vg:E2E_BOARD_ALL nucleo-g474re:stm32g474re:E2E_BOARD_ALL
                 nucleo-l476rg:stm32l476rg:E2E_BOARD_ALL)
        string(REPLACE ":" ";" p ${pair})
        list(GET p 0 board)
        list(GET p 1 m)
        list(GET p 2 families)
        foreach(family ${${families}})
            add_test(NAME e2e_${board}_${family}
                COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/run_e2e.sh $<TARGET_FILE:cyclesim>
                        ${FW}/${board}/${family}.elf ${m} ${CMAKE_CURRENT_BINARY_DIR}/e2e)
            set_tests_properties(e2e_${board}_${family} PROPERTIES LABELS e2e TIMEOUT 3000)
        endforeach()
    endforeach()
endif()

# The ART what-ifs (issue 36): each M4 model at its published set-up, at
# 24 MHz / 0 WS, and with ICEN, DCEN or PRFTEN off, on a SHA case (sequential
# code, the K table in flash) and an AES case (T-tables in flash).
if(TARGET firmware)
    foreach(m stm32f407vg stm32g474re stm32l476rg)
        foreach(run "sha:sha256/sole/128" "aes:aes-cbc/enc/128/small/sole/128")
            string(REPLACE ":" ";" r "${run}")
            list(GET r 0 img)
            list(GET r 1 case)
            add_test(NAME e2e_art_whatif_${m}_${img}
                COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/art_whatif.sh $<TARGET_FILE:cyclesim>
                        ${FW}/emu-m4/${img}.elf ${m} ${case})
            set_tests_properties(e2e_art_whatif_${m}_${img} PROPERTIES LABELS e2e)
        endforeach()
    endforeach()
endif()

# Block reuse (a block priced once is replayed when it runs again from the same
# state) must not change a single number: compare with full pricing (JSON: every
# field, the flash-interface statistics included).  Replay by cache hits and by
# state with the tag tests on the L5/U3 ICACHE (the M0+ Ed25519 image misses
# there in long blocks; the U3's read-ahead tests the tags too), replay by whole
# flash-interface state on the L0 NVM and the U0.
if(TARGET firmware)
    foreach(pair emu-m0plus/sha:stm32u083rc emu-m0plus/sha:stm32l552ze emu-m33/ed25519:stm32u385rg
                 emu-m33/selftest:stm32l552ze emu-m0plus/sha:stm32l073rz emu-m0plus/ed25519:stm32l073rz
                 emu-m0plus/ed25519:stm32u083rc emu-m0plus/selftest:stm32l073rz
                 emu-m0plus/ed25519:stm32l552ze emu-m0plus/ed25519:stm32u385rg emu-m33/float:stm32l552ze)
        string(REPLACE ":" ";" p ${pair})
        list(GET p 0 img)
        list(GET p 1 m)
        string(REPLACE "/" "_" n ${img})
        add_test(NAME e2e_reuse_identical_${n}_${m}
            COMMAND sh -c "$<TARGET_FILE:cyclesim> run ${FW}/${img}.elf --mcu ${m} --format json > reuse-${n}-${m}.json && \
$<TARGET_FILE:cyclesim> run ${FW}/${img}.elf --mcu ${m} --format json --no-reuse > full-${n}-${m}.json && \
cmp reuse-${n}-${m}.json full-${n}-${m}.json"
            WORKING_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR})
        set_tests_properties(e2e_reuse_identical_${n}_${m} PROPERTIES LABELS e2e)
    endforeach()
    # The M0+ RSA sign on the U3: a state replay on the ICACHE saves the head
    # against the tags (a pending read-ahead whose words are all cached signs
    # as none), so the head loaded by the last replay does not fix the next
    # state; taking it as known lost one flash read here (one case: 50 s in
    # full).
    set(run "$<TARGET_FILE:cyclesim> run ${FW}/emu-m0plus/rsa.elf --mcu stm32u385rg --format json --case rsa-pss-sign/3072/crt/fast/w5")
    add_test(NAME e2e_reuse_identical_rsa_sign_stm32u385rg
        COMMAND sh -c "${run} > reuse-rsa-u3.json && ${run} --no-reuse > full-rsa-u3.json && cmp reuse-rsa-u3.json full-rsa-u3.json"
        WORKING_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR})
    set_tests_properties(e2e_reuse_identical_rsa_sign_stm32u385rg PROPERTIES LABELS e2e)
    # The same with core.fetch_past_flow=true: the words fetched past a flow
    # change are flash-interface requests the replay must see (M0+ on the L0
    # NVM and the U0, M33 on the ICACHE).
    foreach(pair emu-m0plus/ed25519:stm32l073rz emu-m0plus/sha:stm32u083rc emu-m33/ed25519:stm32u385rg)
        string(REPLACE ":" ";" p ${pair})
        list(GET p 0 img)
        list(GET p 1 m)
        string(REPLACE "/" "_" n ${img})
        set(run "$<TARGET_FILE:cyclesim> run ${FW}/${img}.elf --mcu ${m} --format json --set core.fetch_past_flow=true")
        add_test(NAME e2e_reuse_identical_fetch_past_flow_${n}_${m}
            COMMAND sh -c "${run} > reuse-fpf-${n}-${m}.json && ${run} --no-reuse > full-fpf-${n}-${m}.json && \
cmp reuse-fpf-${n}-${m}.json full-fpf-${n}-${m}.json"
            WORKING_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR})
        set_tests_properties(e2e_reuse_identical_fetch_past_flow_${n}_${m} PROPERTIES LABELS e2e)
    endforeach()
    # The same with the U0's sectored cache (cache.sectored=true): a line's
    # words are valid one by one, which a replay by cache hits must check.
    foreach(ways 1 2)
        set(run "$<TARGET_FILE:cyclesim> run ${FW}/emu-m0plus/ed25519.elf --mcu stm32u083rc --format json --set cache.sectored=true --set cache.ways=${ways}")
        add_test(NAME e2e_reuse_identical_sectored_ways${ways}
            COMMAND sh -c "${run} > reuse-sec${ways}.json && ${run} --no-reuse > full-sec${ways}.json && \
cmp reuse-sec${ways}.json full-sec${ways}.json"
            WORKING_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR})
        set_tests_properties(e2e_reuse_identical_sectored_ways${ways} PROPERTIES LABELS e2e)
    endforeach()
    # The same on the ART (memsys_art.c), whose block reuse saves the
    # whole state (both buffer groups, the tags with their LRU ranks): the
    # G4/L4 shape (64-bit reads, 32 sectored lines of 4 x 64 bits) under the
    # M0+, the F4 shape (128-bit reads, 64 lines of 128 bits, 5 WS) under the M33.
    set(art "--set flash.interface=art --set cache.data=true --set cache.sectored=true --set flash.readahead_early=true")
    foreach(shape "g4:emu-m0plus/ed25519:stm32u083rc:--set cache.ways=32"
                  "f4:emu-m33/ed25519:stm32u385rg:--set flash.read_bytes=16 --set cache.size=1024 --set cache.line=16 --set cache.ways=64 --set flash.word_buffers=2 --set flash.demand_buffered=true --set flash.prefetch=true --set flash.wait_states=5")
        string(REPLACE ":" ";" p "${shape}")
        list(GET p 0 tag)
        list(GET p 1 img)
        list(GET p 2 m)
        list(GET p 3 sets)
        set(run "$<TARGET_FILE:cyclesim> run ${FW}/${img}.elf --mcu ${m} --format json ${art} ${sets}")
        add_test(NAME e2e_reuse_identical_art_${tag}
            COMMAND sh -c "${run} > reuse-art-${tag}.json && ${run} --no-reuse > full-art-${tag}.json && \
cmp reuse-art-${tag}.json full-art-${tag}.json"
            WORKING_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR})
        set_tests_properties(e2e_reuse_identical_art_${tag} PROPERTIES LABELS e2e)
    endforeach()
endif()

# SRAM mapped as traced MMIO (Unicorn 2.0's choice) and as plain
# non-executable memory with hooks (2.1's) gives the same JSON, every field
# (src/backends/emu_unicorn.c chooses by the library's version), on the M0+
# and the M33 models.
if(TARGET firmware)
    foreach(pair emu-m0plus/ed25519:stm32u083rc emu-m0plus/sha:stm32l073rz emu-m0plus/aes_hw:stm32u083rc
                 emu-m33/ed25519:stm32l552ze emu-m33/sha:stm32u385rg emu-m0plus/aes:stm32l552ze)
        string(REPLACE ":" ";" p ${pair})
        list(GET p 0 img)
        list(GET p 1 m)
        string(REPLACE "/" "_" n ${img})
        add_test(NAME e2e_sram_mapping_identical_${n}_${m}
            COMMAND sh -c "CYCLESIM_SRAM=traced $<TARGET_FILE:cyclesim> run ${FW}/${img}.elf --mcu ${m} --format json > sram-traced-${n}-${m}.json && \
CYCLESIM_SRAM=plain $<TARGET_FILE:cyclesim> run ${FW}/${img}.elf --mcu ${m} --format json > sram-plain-${n}-${m}.json && \
cmp sram-traced-${n}-${m}.json sram-plain-${n}-${m}.json"
            WORKING_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR})
        set_tests_properties(e2e_sram_mapping_identical_${n}_${m} PROPERTIES LABELS e2e)
    endforeach()
endif()

# The Cortex-M33 SRAM as traced MMIO (Unicorn 2.0) and plain memory: unaligned
# loads and stores, across pages too, each reported once whole (Unicorn splits
# them into aligned pieces and calls the memory hooks of a load's pieces again);
# the kernel runs without a fault and both mappings give the same JSON.
find_program(E2E_ARM_GCC arm-none-eabi-gcc REQUIRED)
add_test(NAME e2e_sram_mapping_identical_m33_unaligned
    COMMAND sh -c "${E2E_ARM_GCC} -mcpu=cortex-m33 -mthumb -nostdlib -Wl,--no-warn-rwx-segments -Wl,-Ttext=0x08000000 \
-Wl,-e,kernel ${CMAKE_CURRENT_LIST_DIR}/m33_unaligned_sram.S -o m33-unaligned.elf && \
for m in stm32l552ze stm32u385rg; do \
CYCLESIM_SRAM=traced $<TARGET_FILE:cyclesim> run m33-unaligned.elf --mcu $m --call kernel --format json > m33-unaligned-traced.json && \
CYCLESIM_SRAM=plain $<TARGET_FILE:cyclesim> run m33-unaligned.elf --mcu $m --call kernel --format json > m33-unaligned-plain.json && \
cmp m33-unaligned-traced.json m33-unaligned-plain.json || exit 1; done"
    WORKING_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR})
set_tests_properties(e2e_sram_mapping_identical_m33_unaligned PROPERTIES LABELS e2e)

# The cases run in declaration order (the pages' row order, firmware/README.md).
if(TARGET firmware)
    add_test(NAME e2e_case_order
        COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/case_order.sh $<TARGET_FILE:cyclesim> ${FW}/emu-m0plus/aes.elf)
    set_tests_properties(e2e_case_order PROPERTIES LABELS "e2e;compare")
endif()
