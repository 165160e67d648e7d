# SPDX-License-Identifier: GPL-2.0-or-later
# The board probes (firmware/cases/probe_cases.c): docs/probes-table.md is what
# tools/probes.sh prints for the bundled models and the probe images, so a
# change of a model or a probe that moves a probe's figures shows here and the
# table is made again (the recovery tests of each model's keys from the probes
# alone are in tests/calibrate/cases.txt, probe_*).
if(TARGET firmware)
    add_test(NAME probe_table_current
        COMMAND sh -c "sh ${CMAKE_SOURCE_DIR}/tools/probes.sh ${CMAKE_BINARY_DIR} | diff -u ${CMAKE_SOURCE_DIR}/docs/probes-table.md -")
    set_tests_properties(probe_table_current PROPERTIES LABELS probe)
endif()
