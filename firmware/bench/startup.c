/* SPDX-License-Identifier: MIT */
/*
 * startup.c - vector table and reset handler, shared by every target
 * (Cortex-M0+, Cortex-M4F and Cortex-M33; the symbols come from ld/common.ld).
 *
 * Reset_Handler:
 *   1. fills the stack region, from __stack_limit up to the current SP minus
 *      STACK_FILL_MARGIN, with STACK_FILL_PATTERN (0xA5A5A5A5), so the stack
 *      high-water mark can be read after a run: the first word above
 *      __stack_limit that no longer holds the pattern is the deepest point
 *      the stack reached (firmware/README.md);
 *   2. on ARMv8-M mainline, sets MSPLIM = __stack_limit, so a stack overflow
 *      faults instead of silently overwriting .bss;
 *   3. built for an FPU (the hard-float run-time; the Cortex-M4F's images
 *      always), grants full access to CP10 and CP11 in CPACR, as CMSIS
 *      SystemInit does, before any code may use it;
 *   4. copies .data from flash to SRAM and zeroes .bss;
 *   5. calls main(), which does not return.
 *
 * Exceptions other than Reset and SysTick go to Default_Handler, a branch to
 * itself (cyclesim and a debugger both see a PC that no longer moves).
 * SysTick_Handler is weak: cycles_systick.c provides the real one on the M0+
 * targets.
 *
 * This file is compiled with -fno-tree-loop-distribute-patterns
 * (CMakeLists.txt) so that the loops below stay loops and never become calls
 * to memset/memcpy before .data and .bss exist.
 */
#include <stdint.h>

#define STACK_FILL_PATTERN 0xA5A5A5A5u
#define STACK_FILL_MARGIN 64u /* bytes left untouched below the SP in use */

extern uint32_t _sidata[], _sdata[], _edata[], _sbss[], _ebss[];
extern uint32_t __stack_limit[], _estack[];

int main(void);

void Reset_Handler(void);
void Default_Handler(void);
void NMI_Handler(void) __attribute__((weak, alias("Default_Handler")));
void HardFault_Handler(void) __attribute__((weak, alias("Default_Handler")));
void MemManage_Handler(void) __attribute__((weak, alias("Default_Handler")));
void BusFault_Handler(void) __attribute__((weak, alias("Default_Handler")));
void UsageFault_Handler(void) __attribute__((weak, alias("Default_Handler")));
void SecureFault_Handler(void) __attribute__((weak, alias("Default_Handler")));
void SVC_Handler(void) __attribute__((weak, alias("Default_Handler")));
void DebugMon_Handler(void) __attribute__((weak, alias("Default_Handler")));
void PendSV_Handler(void) __attribute__((weak, alias("Default_Handler")));
void SysTick_Handler(void) __attribute__((weak, alias("Default_Handler")));

typedef void (*handler_t)(void);

/* The 16 system exception vectors (ARMv8-M layout; on ARMv6-M entries 4-7
 * and 12 are reserved and never used).  No external interrupt is enabled,
 * so no device vectors follow. */
struct vector_table {
    uint32_t *initial_sp;
    handler_t handlers[15];
};

__attribute__((used, section(".isr_vector")))
const struct vector_table vector_table = {
    _estack,
    {
        Reset_Handler,       /*  1 */
        NMI_Handler,         /*  2 */
        HardFault_Handler,   /*  3 */
        MemManage_Handler,   /*  4 */
        BusFault_Handler,    /*  5 */
        UsageFault_Handler,  /*  6 */
        SecureFault_Handler, /*  7 */
        0,                   /*  8 reserved */
        0,                   /*  9 reserved */
        0,                   /* 10 reserved */
        SVC_Handler,         /* 11 */
        DebugMon_Handler,    /* 12 */
        0,                   /* 13 reserved */
        PendSV_Handler,      /* 14 */
        SysTick_Handler,     /* 15 */
    },
};

void Default_Handler(void)
{
    for (;;) {
    }
}

void Reset_Handler(void)
{
    uintptr_t sp;
    uint32_t *p;
    const uint32_t *src;

    __asm__ volatile("mov %0, sp" : "=r"(sp));
    for (p = __stack_limit; (uintptr_t)p < sp - STACK_FILL_MARGIN; p++) {
        *p = STACK_FILL_PATTERN;
    }
#if defined(__ARM_ARCH_8M_MAIN__)
    __asm__ volatile("msr msplim, %0" : : "r"(__stack_limit));
#endif
#if defined(__ARM_FP)
    /* Built for the FPU: enable it (CP10 and CP11 full access in CPACR,
     * Armv8-M ARM DDI0553 D1, CPACR), as CMSIS SystemInit does, before any
     * FP instruction; without it the first one is a NOCP UsageFault. */
    *(volatile uint32_t *)0xE000ED88u |= 0xFu << 20;
    __asm__ volatile("dsb\n\tisb" ::: "memory");
#endif

    for (src = _sidata, p = _sdata; p < _edata; p++, src++) {
        *p = *src;
    }
    for (p = _sbss; p < _ebss; p++) {
        *p = 0;
    }

    main();
    for (;;) {
    }
}
