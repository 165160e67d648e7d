# SPDX-License-Identifier: MIT
# firmware/cmox/cmox_weak_check.cmake - run after linking a CMOX V5 image
# (cmox.cmake): fails the build when the image defines a strong symbol in
# place of one of the library's weak ones.  V5's cmox_pqc.obj defines weak
# sha3_256, shake128 and shake256; a strong definition anywhere else replaces
# them silently, and every ML-DSA call then fails at run time.
#
#   cmake -DNM=<nm> -DELF=<image> -P cmox_weak_check.cmake

execute_process(COMMAND ${NM} ${ELF} OUTPUT_VARIABLE syms RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${NM} ${ELF} failed (${rc})")
endif()
foreach(name sha3_256 shake128 shake256)
    # nm: "<address> <type> <name>"; W/w = weak.  Any other defined type is strong.
    if(syms MATCHES "(^|\n)[0-9a-fA-F]+ ([^Ww\n]) ${name}(\n|$)")
        message(FATAL_ERROR "${ELF}: '${name}' is a strong symbol (nm type ${CMAKE_MATCH_2}): it "
                            "replaces CMOX V5's weak ${name} and ML-DSA would fail; rename it")
    endif()
endforeach()
