# SPDX-License-Identifier: GPL-2.0-or-later
# Random inputs (label inputs): every emulator family runs its cases with the
# known inputs and with one random seed that cyclesim writes into
# bench_input_seed (`cyclesim profile --inputs 1`); each case must pass its
# self-consistency check (firmware/README.md, "Inputs").  RSA: the CRT
# signatures and the verifications only (the no-CRT signatures take minutes
# per input in the emulator).
if(TARGET firmware)
    set(FW ${CMAKE_BINARY_DIR}/firmware)
    set(INPUTS_RUNS
        emu-m0plus/sha:stm32u083rc emu-m0plus/aes:stm32u083rc emu-m0plus/ecdsa:stm32u083rc
        emu-m0plus/ed25519:stm32u083rc emu-m0plus/mldsa:stm32l073rz
        emu-m33/sha:stm32l552ze emu-m33/aes:stm32l552ze emu-m33/ecdsa:stm32l552ze
        emu-m33/ed25519:stm32l552ze emu-m33/mldsa:stm32u385rg emu-m33/rsa:stm32l552ze)
    foreach(pair ${INPUTS_RUNS})
        string(REPLACE ":" ";" p ${pair})
        list(GET p 0 img)
        list(GET p 1 m)
        string(REPLACE "/" "_" n ${img})
        set(select "")
        if(img MATCHES "/rsa$")
            set(select --case "rsa-pss-sign/3072/crt/*" --case "rsa-pss-verify/*")
        endif()
        add_test(NAME inputs_${n}_${m}
            COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/run_inputs.sh $<TARGET_FILE:cyclesim>
                    ${FW}/${img}.elf ${m} ${CMAKE_CURRENT_BINARY_DIR}/inputs 1 ${select})
        set_tests_properties(inputs_${n}_${m} PROPERTIES LABELS inputs TIMEOUT 3000)
    endforeach()
endif()
