# SPDX-License-Identifier: MIT
# cyclesim-firmware-config.cmake - how a bench ELF is built: the cores' flags,
# the targets (start-up, runner, HAL and linker script of each board or
# emulator target) and fw_image().  Included by firmware/CMakeLists.txt for the
# bundled images, and found by find_package(cyclesim-firmware) from the
# installed firmware kit (cyclesim-firmware-kit package, docs/install.md), so
# an out-of-tree bench ELF is built exactly as the bundled ones:
#
#   find_package(cyclesim-firmware REQUIRED)   # with the kit's toolchain file
#   fw_image(<name> <target> <sources...>)     # -> <build>/<target>/<name>.elf
#
# FW_DIR: the folder holding include/, bench/, hal/, ld/ and rt/ (firmware/ in
# the checkout, share/cyclesim-firmware when installed).
get_filename_component(FW_DIR ${CMAKE_CURRENT_LIST_DIR}/.. ABSOLUTE)

if(NOT CMAKE_C_COMPILER_ID STREQUAL "GNU" OR NOT CMAKE_SYSTEM_NAME STREQUAL "Generic")
    message(FATAL_ERROR "the cyclesim firmware needs arm-none-eabi-gcc: configure with "
                        "-DCMAKE_TOOLCHAIN_FILE=${CMAKE_CURRENT_LIST_DIR}/arm-none-eabi.cmake")
endif()

set(FW_OPT "-O2" CACHE STRING "Optimisation option of every image (e.g. -O2, -Os, -O3)")
set(FW_RT_HELPERS "toolchain" CACHE STRING
    "Run-time helpers: toolchain (libgcc, newlib-nano) or fast (firmware/rt/)")
set_property(CACHE FW_RT_HELPERS PROPERTY STRINGS toolchain fast)
if(NOT FW_RT_HELPERS MATCHES "^(toolchain|fast)$")
    message(FATAL_ERROR "FW_RT_HELPERS=${FW_RT_HELPERS}: toolchain or fast")
endif()

set(CMAKE_C_STANDARD 99)
set(CMAKE_C_STANDARD_REQUIRED ON)
set(CMAKE_C_EXTENSIONS OFF)

# ---- cores -----------------------------------------------------------------
# Cortex-M0+: ARMv6-M.  Cortex-M33: ARMv8-M mainline with the DSP extension,
# no FPU use (soft float ABI, +nofp).  A core with an FPU also has the flags of
# its hard-float run-time (FW_CORE_<core>_FPU_FLAGS), for the families that
# NEED fpu: as CubeMX builds for the L5 and U3 (FPv5-SP, hard-float ABI, whose
# objects cannot link with soft-float ones).
set(FW_CORE_m0plus_FLAGS -mcpu=cortex-m0plus -mthumb -mfloat-abi=soft)
set(FW_CORE_m33_FLAGS -mcpu=cortex-m33+nofp -mthumb -mfloat-abi=soft)
set(FW_CORE_m33_FPU_FLAGS -mcpu=cortex-m33 -mthumb -mfpu=fpv5-sp-d16 -mfloat-abi=hard)
# Cortex-M4F: ARMv7E-M with the FPv4-SP unit, hard-float ABI for every image
# (as CubeMX builds for the F4, G4 and L4); bench/startup.c enables the FPU (CPACR).
set(FW_CORE_m4_FLAGS -mcpu=cortex-m4 -mthumb -mfpu=fpv4-sp-d16 -mfloat-abi=hard)

# FW_RT_HELPERS=fast: the helpers of firmware/rt/ take the place of libgcc's
# and newlib-nano's (they are linked first, so the archives' members are never
# pulled in).  The Cortex-M33 and the Cortex-M4 get the shifts and memset only: libgcc's
# __aeabi_lmul is UMULL there and newlib's memcpy ARM's unrolled assembly,
# both faster than the ARMv6-M code (firmware/README.md).
set(FW_RT_m0plus_SOURCES rt/lmul_armv6m.S rt/shift_armv6m.S rt/memcpy_armv6m.S rt/memset_armv6m.S
    rt/rt_id.c)
set(FW_RT_m33_SOURCES rt/shift_armv6m.S rt/memset_armv6m.S rt/rt_id.c)
set(FW_RT_m4_SOURCES ${FW_RT_m33_SOURCES})
if(FW_RT_HELPERS STREQUAL "fast")
    enable_language(ASM)
endif()

# -fno-toplevel-reorder: GCC emits a file's variables in source order, so the
# "bench_cases" table (and the runner) follows the order the cases are declared
# in, which is the published pages' row order (without it GCC 12 emits them in
# reverse, and --warm would give each row the state of the row after it).
set(FW_C_OPTIONS ${FW_OPT} -g -ffunction-sections -fdata-sections -fno-toplevel-reorder
    --specs=nano.specs -Wall -Wextra -Werror)
set(FW_LINK_OPTIONS --specs=nano.specs -nostartfiles -Wl,--gc-sections)

# The loops of the reset handler must not become memset/memcpy calls.
set_source_files_properties(${FW_DIR}/bench/startup.c PROPERTIES
    COMPILE_OPTIONS -fno-tree-loop-distribute-patterns)

set(FW_ALL_TARGETS "")

# A size in a linker script ("20K", "1024K", "0x5000") in bytes.
function(fw_ld_size text out)
    if(text MATCHES "^([0-9]+)[Kk]$")
        math(EXPR bytes "${CMAKE_MATCH_1} * 1024")
    elseif(text MATCHES "^([0-9]+)[Mm]$")
        math(EXPR bytes "${CMAKE_MATCH_1} * 1048576")
    else()
        math(EXPR bytes "${text}")
    endif()
    set(${out} ${bytes} PARENT_SCOPE)
endfunction()

# fw_runtime(<name> <suffix> <ld> <ram bytes> <flash bytes> <sources...> FLAGS <flags...>)
# The flags (fw-flags-<name><suffix>) and the run-time object library
# (fw-rt-<name><suffix>) of one target and one float ABI.
function(fw_runtime name suffix ld ram_bytes flash_bytes)
    cmake_parse_arguments(PARSE_ARGV 5 arg "" "" "FLAGS")
    # Flags, definitions and include paths of everything built for the target.
    add_library(fw-flags-${name}${suffix} INTERFACE)
    target_compile_options(fw-flags-${name}${suffix} INTERFACE ${arg_FLAGS} ${FW_C_OPTIONS})
    target_compile_definitions(fw-flags-${name}${suffix} INTERFACE
        FW_TARGET_NAME="${name}" FW_RAM_BYTES=${ram_bytes}u FW_FLASH_BYTES=${flash_bytes}u)
    target_include_directories(fw-flags-${name}${suffix} INTERFACE
        ${FW_DIR}/include ${FW_DIR}/hal ${FW_DIR}/crypto)
    target_link_options(fw-flags-${name}${suffix} INTERFACE ${arg_FLAGS} ${FW_LINK_OPTIONS}
        -L${FW_DIR}/ld -T${ld})
    # Built for the images that use it only: a kit user builds one target's.
    add_library(fw-rt-${name}${suffix} OBJECT EXCLUDE_FROM_ALL ${arg_UNPARSED_ARGUMENTS})
    target_link_libraries(fw-rt-${name}${suffix} PUBLIC fw-flags-${name}${suffix})
endfunction()

# fw_target(<name> <core> <HAL sources...> [HAS <features...>])
# A target: its core, its HAL files, what the board (or the model an
# emulator target runs on) has that a family may need (HAS), and
# ld/<name>.ld, which is the one place its memory sizes are written
# (FW_RAM_BYTES/FW_FLASH_BYTES are read from it).  Builds the run-time
# (start-up, runner, main, HAL) once as an object library, and once more
# hard-float (fw-rt-<name>-fpu) when it HAS fpu.
function(fw_target name core)
    cmake_parse_arguments(PARSE_ARGV 2 arg "" "" "HAS")
    set(ld ${FW_DIR}/ld/${name}.ld)
    file(READ ${ld} ld_text)
    if(NOT ld_text MATCHES "RAM[^:\n]*:[^\n]*LENGTH[ \t]*=[ \t]*([0-9A-Fa-fxXkKmM]+)")
        message(FATAL_ERROR "${ld}: no RAM LENGTH")
    endif()
    fw_ld_size(${CMAKE_MATCH_1} ram_bytes)
    if(NOT ld_text MATCHES "FLASH[^:\n]*:[^\n]*LENGTH[ \t]*=[ \t]*([0-9A-Fa-fxXkKmM]+)")
        message(FATAL_ERROR "${ld}: no FLASH LENGTH")
    endif()
    fw_ld_size(${CMAKE_MATCH_1} flash_bytes)

    set(helpers "")
    if(FW_RT_HELPERS STREQUAL "fast")
        set(helpers ${FW_RT_${core}_SOURCES})
    endif()
    set(hal ${arg_UNPARSED_ARGUMENTS})
    list(TRANSFORM hal PREPEND ${FW_DIR}/)
    list(TRANSFORM helpers PREPEND ${FW_DIR}/)
    set(rt ${FW_DIR}/bench/startup.c ${FW_DIR}/bench/main.c ${FW_DIR}/bench/runner.c
        ${FW_DIR}/bench/input.c ${FW_DIR}/bench/attempts.c ${FW_DIR}/bench/secret.c ${hal} ${helpers})
    fw_runtime(${name} "" ${ld} ${ram_bytes} ${flash_bytes} ${rt} FLAGS ${FW_CORE_${core}_FLAGS})
    if("fpu" IN_LIST arg_HAS)
        if(NOT FW_CORE_${core}_FPU_FLAGS)
            message(FATAL_ERROR "fw_target(${name}): HAS fpu, but core ${core} has no FPU flags")
        endif()
        fw_runtime(${name} -fpu ${ld} ${ram_bytes} ${flash_bytes} ${rt} FLAGS ${FW_CORE_${core}_FPU_FLAGS})
    endif()

    set(FW_ALL_TARGETS ${FW_ALL_TARGETS} ${name} PARENT_SCOPE)
    set(FW_TARGET_HAS_${name} ${arg_HAS} PARENT_SCOPE)
endfunction()

# fw_image(<family> <target> [FPU] <sources...>)
# One ELF: the target's run-time plus the family's sources; FPU: the
# hard-float run-time and flags (a target that HAS fpu).  Also the hook
# for firmware/cmox/cmox.cmake (which may add link options to fw-<family>-<target>).
function(fw_image family target)
    cmake_parse_arguments(PARSE_ARGV 2 arg "FPU" "" "")
    set(img fw-${family}-${target})
    set(rt fw-rt-${target})
    if(arg_FPU)
        set(rt fw-rt-${target}-fpu)
    endif()
    # backend.c per image, not in the run-time: its value depends on the family.
    add_executable(${img} ${arg_UNPARSED_ARGUMENTS} ${FW_DIR}/bench/backend.c)
    target_link_libraries(${img} PRIVATE ${rt})
    set_target_properties(${img} PROPERTIES
        OUTPUT_NAME ${family}
        SUFFIX ".elf"
        RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/${target}
        LINK_DEPENDS "${FW_DIR}/ld/${target}.ld;${FW_DIR}/ld/common.ld")
    target_link_options(${img} PRIVATE
        -Wl,-Map=${CMAKE_BINARY_DIR}/${target}/${family}.map)
    set_property(GLOBAL APPEND PROPERTY FW_ALL_IMAGES ${img})
endfunction()

# ---- targets -----------------------------------------------------------------
# HAS: what a family may need.  emulator: runs in cyclesim only (semihosting
# console and exit, hal/semihost.c), where tests/rt checks it; aes-u0: the STM32U0 AES at 0x40026000; aes-u3: the
# STM32U3 AES and SAES at 0x420C0000 and 0x420C0C00; fpu: the single-precision FPU (FPv5-SP-D16, the L5's and
# U3's Cortex-M33: docs/timing-model.md, "The FPU"; a hard-float run-time is built); mem-64k-20k: at least
# 64 KB of flash and 20 KB of SRAM, the emulator targets' memory (the
# NUCLEO-C031C6's 32 KB and 12 KB hold neither the Ed25519 code and tables nor
# the buffers and stacks of the AES, SHA, RSA and ML-DSA cases).  An emulator target has
# what the model it runs a family on has: emu-m0plus's AES images run on the
# stm32u083rc model, emu-m33's on the stm32u385rg model.
#         target          core    HAL sources                                      HAS
fw_target(emu-m0plus      m0plus  hal/emu_m0plus.c     hal/cycles_systick.c hal/semihost.c
                                  HAS emulator aes-u0 mem-64k-20k)
fw_target(emu-m33         m33     hal/emu_m33.c        hal/cycles_dwt.c     hal/semihost.c
                                  HAS emulator aes-u3 fpu mem-64k-20k)
fw_target(emu-m4          m4      hal/emu_m4.c         hal/cycles_dwt.c     hal/semihost.c
                                  HAS emulator mem-64k-20k)
fw_target(nucleo-l073rz   m0plus  hal/nucleo_l073rz.c  hal/cycles_systick.c hal/board_console.c
                                  HAS mem-64k-20k)
fw_target(nucleo-u083rc   m0plus  hal/nucleo_u083rc.c  hal/cycles_systick.c hal/board_console.c
                                  HAS aes-u0 mem-64k-20k)
fw_target(nucleo-g071rb   m0plus  hal/nucleo_g071rb.c  hal/cycles_systick.c hal/board_console.c
                                  hal/board.c
                                  HAS mem-64k-20k)
fw_target(nucleo-c031c6   m0plus  hal/nucleo_c031c6.c  hal/cycles_systick.c hal/board_console.c
                                  hal/board.c)
fw_target(nucleo-l552zeq  m33     hal/nucleo_l552zeq.c hal/cycles_dwt.c hal/board_console.c
                                  HAS fpu mem-64k-20k)
fw_target(nucleo-u385rgq  m33     hal/nucleo_u385rgq.c hal/cycles_dwt.c hal/board_console.c
                                  HAS aes-u3 fpu mem-64k-20k)
fw_target(b-u585i-iot02a  m33     hal/b_u585i_iot02a.c hal/cycles_dwt.c hal/board_console.c
                                  hal/board.c
                                  HAS mem-64k-20k)
fw_target(nucleo-h563zi   m33     hal/nucleo_h563zi.c  hal/cycles_dwt.c hal/board_console.c
                                  hal/board.c
                                  HAS mem-64k-20k)
fw_target(stm32f4-discovery m4    hal/stm32f4_discovery.c hal/cycles_dwt.c hal/board_console.c
                                  HAS mem-64k-20k)
fw_target(nucleo-g474re   m4      hal/nucleo_g474re.c  hal/cycles_dwt.c hal/board_console.c
                                  hal/board.c
                                  HAS mem-64k-20k)
fw_target(nucleo-l476rg   m4      hal/nucleo_l476rg.c  hal/cycles_dwt.c hal/board_console.c
                                  hal/board.c
                                  HAS mem-64k-20k)
