# -j (src/jobs.c) and `cyclesim sweep` (src/cmd_sweep.c).
if(TARGET firmware)
    set(FW ${CMAKE_BINARY_DIR}/firmware)
    add_test(NAME jobs_run_j2_equals_j1
        COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/run_jobs.sh $<TARGET_FILE:cyclesim>
                ${FW}/emu-m0plus/sha.elf stm32l073rz,stm32u385rg ${CMAKE_CURRENT_BINARY_DIR}/jobs)
    set_tests_properties(jobs_run_j2_equals_j1 PROPERTIES LABELS "jobs")
endif()
