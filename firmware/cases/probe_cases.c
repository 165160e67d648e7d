/* SPDX-License-Identifier: MIT */
/*
 * probe_cases.c - the "probe" family: hand-written loops, each built so that
 * one open question of the timing models (a model key marked uncertain, or a
 * core rule no ARM document gives) changes its cycle count by a clear margin.
 * Run on a board, the image decides those questions: `cyclesim calibrate
 * probe.elf --mcu M --measured board-output.txt --params K1,K2` fits the keys
 * to the board's `@case` lines (docs/probes.md lists which probe moves which
 * key, with cyclesim's figure under each value of the key).
 *
 * The loops are assembly so that the compiler can change neither the
 * instructions, nor their order, nor their alignment; each returns a value
 * that check() compares with the same computation in C (untimed).
 */
#include <stdint.h>
#include <string.h>

#include "bench.h"

#define NOIPA __attribute__((noinline, noipa))

/* table[i] = 0x9E3779B9 * (i + 1): 256 distinct words in flash (.rodata). */
#define W(i) (0x9E3779B9u * (uint32_t)((i) + 1))
#define W4(i) W(i), W((i) + 1), W((i) + 2), W((i) + 3)
#define W16(i) W4(i), W4((i) + 4), W4((i) + 8), W4((i) + 12)
#define W64(i) W16(i), W16((i) + 16), W16((i) + 32), W16((i) + 48)

const uint32_t probe_table[256] = {
    W64(0), W64(64), W64(128), W64(192),
};

static uint32_t result;

/* A case's loop: loop(n) returns k * n when k counts what it adds up an
 * iteration (count_check); cases with other arguments use n and k their own way. */
struct probe_arg {
    uint32_t (*loop)(uint32_t n);
    uint32_t n, k;
};

static int loop_run(const bench_case_t *c)
{
    const struct probe_arg *p = c->arg;
    result = p->loop(p->n);
    return 0;
}

static int count_check(const bench_case_t *c)
{
    const struct probe_arg *p = c->arg;
    return result == p->k * p->n ? 0 : 1;
}

/* An assembly function NAME in a section of its own (--gc-sections keeps it
 * while a case calls it), its first instruction aligned to ALIGN bytes. */
#define ASM_BEGIN(NAME, ALIGN)                                                 \
    ".pushsection .text." NAME ",\"ax\",%progbits\n"                           \
    ".syntax unified\n.thumb\n.balign " ALIGN "\n"                              \
    ".global " NAME "\n.type " NAME ", %function\n.thumb_func\n" NAME ":\n"
#define ASM_END(NAME) ".size " NAME ", . - " NAME "\n.popsection\n"

#if defined(__ARM_ARCH_6M__)

/* ---- Cortex-M0+ ------------------------------------------------------------
 *
 * probe_chase_head / probe_chase_tail: 64 stations, each alone in a 32-byte
 * line, each `adds r1, #1; b <next station>`; the last goes back to the
 * first (once per round, through a register: the chain is 2 KB, beyond a
 * 16-bit B).  The 64 lines map twice onto every line of the STM32U0's 1-KB
 * direct-mapped cache (and four times onto every set of a 2-way one), so
 * every station misses, every round.  head: the station is the line's first
 * word; tail: the first word of its last 64-bit flash word (so that the fetch
 * ahead stays in the line).  A station's branch asks for the next line while
 * its own line is still being refilled: whether that miss waits for the rest
 * of the refill (cache.miss_waits), and in what order the refill reads the
 * line (cache.refill_wrap: from the asked word, or from the line's start),
 * is the difference.  On the STM32L0 (no cache, six NVM buffers) every
 * station is a branch to a word none of the buffers holds.
 * r0 = rounds (>= 1); returns the stations run, 64 * rounds. */
__asm__(
    ASM_BEGIN("probe_chase_head", "32")
    "    movs r1, #0\n"
    "    ldr r2, =.Lchase_head_0 + 1\n"
    "    bx r2\n"
    "    .ltorg\n"
    "    .balign 32\n"
    ".Lchase_head_0:\n"
    "    .rept 64\n"
    "    .balign 32\n"
    "1:  adds r1, #1\n"
    "    b 1f\n"
    "    .endr\n"
    "1:  subs r0, #1\n"
    "    bne .Lchase_head_again\n"
    "    movs r0, r1\n"
    "    bx lr\n"
    ".Lchase_head_again:\n"
    "    ldr r2, =.Lchase_head_0 + 1\n"
    "    bx r2\n"
    "    .ltorg\n"
    ASM_END("probe_chase_head"));

__asm__(
    ASM_BEGIN("probe_chase_tail", "32")
    "    movs r1, #0\n"
    "    ldr r2, =.Lchase_tail_0 + 25\n"
    "    bx r2\n"
    "    .ltorg\n"
    "    .balign 32\n"
    ".Lchase_tail_0:\n"
    "    .rept 64\n"
    "    .balign 32\n"
    "    .space 24\n"
    "1:  adds r1, #1\n"
    "    b 1f\n"
    "    .endr\n"
    "1:  subs r0, #1\n"
    "    bne .Lchase_tail_again\n"
    "    movs r0, r1\n"
    "    bx lr\n"
    ".Lchase_tail_again:\n"
    "    ldr r2, =.Lchase_tail_0 + 25\n"
    "    bx r2\n"
    "    .ltorg\n"
    ASM_END("probe_chase_tail"));

/* probe_sum_up / probe_sum_down: the sum of the 256 words of probe_table,
 * read upwards or downwards, `rounds` times.  The two inner loops have the
 * same instructions in another order (7 cycles an iteration at zero wait) and
 * stay in the cache or the NVM buffers; only the direction of the flash data
 * reads differs: whether the flash interface reads ahead after a data read
 * (flash.data_prefetch) shows as a difference between the two.
 * r0 = table, r1 = rounds; returns the sum (mod 2^32). */
__asm__(
    ASM_BEGIN("probe_sum_up", "4")
    "    push {r4, r5, lr}\n"
    "    movs r2, #0\n"
    "    movs r4, #1\n"
    "    lsls r4, r4, #10\n"
    "1:  movs r3, #0\n"
    "2:  ldr r5, [r0, r3]\n"
    "    adds r2, r2, r5\n"
    "    adds r3, #4\n"
    "    cmp r3, r4\n"
    "    bne 2b\n"
    "    subs r1, #1\n"
    "    bne 1b\n"
    "    movs r0, r2\n"
    "    pop {r4, r5, pc}\n"
    ASM_END("probe_sum_up"));

__asm__(
    ASM_BEGIN("probe_sum_down", "4")
    "    push {r4, r5, lr}\n"
    "    movs r2, #0\n"
    "    movs r4, #1\n"
    "    lsls r4, r4, #10\n"
    "1:  movs r3, r4\n"
    "2:  subs r3, #4\n"
    "    ldr r5, [r0, r3]\n"
    "    adds r2, r2, r5\n"
    "    cmp r3, #0\n"
    "    bne 2b\n"
    "    subs r1, #1\n"
    "    bne 1b\n"
    "    movs r0, r2\n"
    "    pop {r4, r5, pc}\n"
    ASM_END("probe_sum_down"));

/* probe_loop_1w ... _8w: a loop of 1, 2, 3, 4, 5, 6 or 8 words (word-aligned: 2K - 2
 * `adds r1, #1`, then `subs r0, #1; bne`).  With the STM32L0's NVM buffers
 * (RM0367 §3.3: six, split in groups of Table 14) a loop runs at zero wait
 * while the buffers that serve fetches hold all of its words and pays for
 * each word once they do not (flash.fetch_buffers).
 * r0 = iterations; returns (2K - 2) * iterations. */
#define PROBE_LOOP(K, FILL)                                                    \
    __asm__(ASM_BEGIN("probe_loop_" #K "w", "4")                               \
            "    movs r1, #0\n"                                                \
            "    .balign 4\n"                                                  \
            "1:  .rept " #FILL "\n"                                            \
            "    adds r1, #1\n"                                                \
            "    .endr\n"                                                      \
            "    subs r0, #1\n"                                                \
            "    bne 1b\n"                                                     \
            "    movs r0, r1\n"                                                \
            "    bx lr\n"                                                      \
            ASM_END("probe_loop_" #K "w"))

PROBE_LOOP(1, 0);
PROBE_LOOP(2, 2);
PROBE_LOOP(3, 4);
PROBE_LOOP(4, 6);
PROBE_LOOP(5, 8);
PROBE_LOOP(6, 10);
PROBE_LOOP(8, 14);

/* probe_ldr_first / probe_ldr_second: straight code of six word-aligned
 * pairs, a load from SRAM and an add of the loaded word, in a loop; first:
 * the load is the first halfword of its word, second: the add is.  The M0+
 * has one AHB-Lite port for fetches and data (DDI0484C §2.2.1, "the fetch
 * ahead is limited to a maximum of 32-bits"): whether the load's data phase
 * meets the fetch of the next word depends on when that fetch starts
 * (m0plus.fetch_limit), which only the first order shows.
 * r0 = iterations, r1 = the word to load; returns the sum of the loads
 * (second: one load fewer, the first add adds 0). */
__asm__(
    ASM_BEGIN("probe_ldr_first", "4")
    "    movs r2, #0\n"
    "    .balign 4\n"
    "1:  .rept 6\n"
    "    ldr r3, [r1]\n"
    "    adds r2, r2, r3\n"
    "    .endr\n"
    "    subs r0, #1\n"
    "    bne 1b\n"
    "    movs r0, r2\n"
    "    bx lr\n"
    ASM_END("probe_ldr_first"));

__asm__(
    ASM_BEGIN("probe_ldr_second", "4")
    "    movs r2, #0\n"
    "    movs r3, #0\n"
    "    .balign 4\n"
    "1:  .rept 6\n"
    "    adds r2, r2, r3\n"
    "    ldr r3, [r1]\n"
    "    .endr\n"
    "    subs r0, #1\n"
    "    bne 1b\n"
    "    movs r0, r2\n"
    "    bx lr\n"
    ASM_END("probe_ldr_second"));

/* probe_pingpong: two fragments of a loop exactly 1 KB apart, the size of
 * the STM32U0's cache: in a direct-mapped cache they take the same line and
 * evict each other every iteration, in a 2-way one they both stay
 * (cache.ways, a board template only).
 * r0 = iterations; returns 2 * iterations. */
__asm__(
    ASM_BEGIN("probe_pingpong", "32")
    "    movs r1, #0\n"
    "    .balign 32\n"
    "1:  adds r1, #1\n"
    "    b 2f\n"
    "    .balign 32\n"
    "    .space 1024 - 32\n"
    "2:  adds r1, #1\n"
    "    subs r0, #1\n"
    "    beq 3f\n"
    "    b 1b\n"
    "3:  movs r0, r1\n"
    "    bx lr\n"
    ASM_END("probe_pingpong"));

/* probe_ttable (Cortex-M0+): the lookups of the M33's probe_ttable below in
 * 16-bit code, twelve an iteration, each index masked and scaled in two
 * instructions, the loaded word used at once.  The loop (132 bytes) stays in
 * the U0's cache; only the data reads go to the flash, in no order a
 * read-ahead could serve.  What sets them apart from probe_sum_up: a
 * read-ahead that reads again the words the cache already holds
 * (flash.readahead_rereads) keeps the array busy when these reads come,
 * while one that no data read starts (flash.data_prefetch=false) gives them
 * nothing to wait for.  r0 = table, r1 = iterations; returns the final
 * state. */
__asm__(
    ASM_BEGIN("probe_ttable", "4")
    "    push {r4-r7, lr}\n"
    "    ldr r4, =0x12345678\n"
    "    movs r3, #0\n"
    "    movs r7, #255\n"
    "    b 1f\n"
    "    .ltorg\n"
    "    .balign 4\n"
    "1:  .rept 4\n"
    "    movs r5, r4\n"
    "    ands r5, r7\n"
    "    lsls r5, r5, #2\n"
    "    ldr r5, [r0, r5]\n"
    "    eors r3, r5\n"
    "    lsrs r6, r4, #8\n"
    "    ands r6, r7\n"
    "    lsls r6, r6, #2\n"
    "    ldr r6, [r0, r6]\n"
    "    eors r3, r6\n"
    "    lsrs r6, r4, #16\n"
    "    ands r6, r7\n"
    "    lsls r6, r6, #2\n"
    "    ldr r6, [r0, r6]\n"
    "    eors r3, r6\n"
    "    adds r4, r4, r3\n"
    "    .endr\n"
    "    subs r1, #1\n"
    "    bne 1b\n"
    "    movs r0, r4\n"
    "    pop {r4-r7, pc}\n"
    ASM_END("probe_ttable"));

uint32_t probe_chase_head(uint32_t rounds);
uint32_t probe_chase_tail(uint32_t rounds);
uint32_t probe_sum_up(const uint32_t *table, uint32_t rounds);
uint32_t probe_sum_down(const uint32_t *table, uint32_t rounds);
uint32_t probe_loop_1w(uint32_t iterations);
uint32_t probe_loop_2w(uint32_t iterations);
uint32_t probe_loop_3w(uint32_t iterations);
uint32_t probe_loop_4w(uint32_t iterations);
uint32_t probe_loop_5w(uint32_t iterations);
uint32_t probe_loop_6w(uint32_t iterations);
uint32_t probe_loop_8w(uint32_t iterations);
uint32_t probe_ldr_first(uint32_t iterations, const uint32_t *word);
uint32_t probe_ldr_second(uint32_t iterations, const uint32_t *word);
uint32_t probe_pingpong(uint32_t iterations);

static const struct probe_arg chase_head_arg = {probe_chase_head, 64, 64},
                              chase_tail_arg = {probe_chase_tail, 64, 64};

BENCH_CASE(case_chase_head, "probe/chase-head/64", "", "rounds=64;stations=64;line=32",
           NULL, loop_run, count_check, &chase_head_arg);
BENCH_CASE(case_chase_tail, "probe/chase-tail/64", "", "rounds=64;stations=64;line=32",
           NULL, loop_run, count_check, &chase_tail_arg);

static int sum_up_run(const bench_case_t *c)
{
    result = probe_sum_up(probe_table, ((const struct probe_arg *)c->arg)->n);
    return 0;
}

static int sum_down_run(const bench_case_t *c)
{
    result = probe_sum_down(probe_table, ((const struct probe_arg *)c->arg)->n);
    return 0;
}

static int sum_check(const bench_case_t *c)
{
    uint32_t s = 0;
    for (uint32_t i = 0; i < 256; i++) {
        s += probe_table[i];
    }
    return result == s * ((const struct probe_arg *)c->arg)->n ? 0 : 1;
}

static const struct probe_arg sum_arg = {NULL, 32, 0};

BENCH_CASE(case_sum_up, "probe/flash-sum-up/32", "", "rounds=32;words=256",
           NULL, sum_up_run, sum_check, &sum_arg);
BENCH_CASE(case_sum_down, "probe/flash-sum-down/32", "", "rounds=32;words=256",
           NULL, sum_down_run, sum_check, &sum_arg);

static const struct probe_arg loop1_arg = {probe_loop_1w, 4096, 0}, loop2_arg = {probe_loop_2w, 4096, 2},
                              loop3_arg = {probe_loop_3w, 4096, 4}, loop4_arg = {probe_loop_4w, 4096, 6},
                              loop5_arg = {probe_loop_5w, 4096, 8}, loop6_arg = {probe_loop_6w, 4096, 10},
                              loop8_arg = {probe_loop_8w, 4096, 14};

BENCH_CASE(case_loop1, "probe/loop-words/1", "", "iterations=4096;words=1",
           NULL, loop_run, count_check, &loop1_arg);
BENCH_CASE(case_loop2, "probe/loop-words/2", "", "iterations=4096;words=2",
           NULL, loop_run, count_check, &loop2_arg);
BENCH_CASE(case_loop3, "probe/loop-words/3", "", "iterations=4096;words=3",
           NULL, loop_run, count_check, &loop3_arg);
BENCH_CASE(case_loop4, "probe/loop-words/4", "", "iterations=4096;words=4",
           NULL, loop_run, count_check, &loop4_arg);
BENCH_CASE(case_loop5, "probe/loop-words/5", "", "iterations=4096;words=5",
           NULL, loop_run, count_check, &loop5_arg);
BENCH_CASE(case_loop6, "probe/loop-words/6", "", "iterations=4096;words=6",
           NULL, loop_run, count_check, &loop6_arg);
BENCH_CASE(case_loop8, "probe/loop-words/8", "", "iterations=4096;words=8",
           NULL, loop_run, count_check, &loop8_arg);

static uint32_t ldr_word;

static int ldr_setup(const bench_case_t *c)
{
    (void)c;
    ldr_word = 0x01234567u;
    return 0;
}

static int ldr_first_run(const bench_case_t *c)
{
    result = probe_ldr_first(((const struct probe_arg *)c->arg)->n, &ldr_word);
    return 0;
}

static int ldr_second_run(const bench_case_t *c)
{
    result = probe_ldr_second(((const struct probe_arg *)c->arg)->n, &ldr_word);
    return 0;
}

/* first: 6 loads an iteration, all added; second: the last load is not. */
static int ldr_check(const bench_case_t *c)
{
    const struct probe_arg *p = c->arg;
    return result == ldr_word * (6u * p->n - p->k) ? 0 : 1;
}

static const struct probe_arg ldr_first_arg = {NULL, 2048, 0}, ldr_second_arg = {NULL, 2048, 1};

BENCH_CASE(case_ldr_first, "probe/ldr-half/first", "", "iterations=2048;pairs=6",
           ldr_setup, ldr_first_run, ldr_check, &ldr_first_arg);
BENCH_CASE(case_ldr_second, "probe/ldr-half/second", "", "iterations=2048;pairs=6",
           ldr_setup, ldr_second_run, ldr_check, &ldr_second_arg);

#elif defined(__ARM_ARCH_8M_MAIN__) || defined(__ARM_ARCH_7EM__)

/* ---- Cortex-M33 (and the Cortex-M4: ARMv7E-M has every instruction used) ----
 *
 * probe_umaal_{odd,even,mac,mem}: the inner loop of CMOX's
 * cmox_asm_montymul_x128 (the routine that carries most of the L5 page's ECC
 * and RSA "fast" rows), instruction for instruction, and two halves of it:
 *
 *     ldmia.w r0!, {r5-r8}     ; mov r9, lr     ; ldmia.w r3!, {r10-r12, lr}
 *     umaal r9, r10, r4, r5    ; umaal r10, r11, r4, r6
 *     umaal r11, r12, r4, r7   ; umaal r12, lr, r4, r8
 *     stmia.w r1!, {r9-r12}    ; subs r2, r2, #4 ; bne.n
 *
 * odd: the loop starts at a halfword address, as in ST's library; even: at a
 * word address.  mac: the four UMAAL, subs and bne alone; mem: the loads,
 * the move and the store, subs and bne alone.  cyclesim gives the group 20
 * cycles (LDM 4, MOV 1, LDM 4, UMAAL 4 x 1, STM 4, SUBS 1, taken BNE 2: the
 * RP2350 measurements of docs/sources.md), one more when the loop starts at
 * a halfword (a branch to an unaligned 32-bit instruction, the STM32 M33
 * measurement of docs/sources.md); ST's L5 page implies about 18.6.  A
 * board's four figures say which part is cheaper.
 * r0 = out, r1 = a, r2 = t, r3 = {words (a multiple of 4), m, rounds};
 * returns the carry out of the last round (t + m * a, word by word). */
#define PROBE_UMAAL(NAME, PAD, BODY)                                           \
    __asm__(ASM_BEGIN(NAME, "4")                                               \
            "    push {r4-r11, lr}\n"                                          \
            "    sub sp, #16\n"                                                \
            "    str r0, [sp, #0]\n"                                           \
            "    str r1, [sp, #4]\n"                                           \
            "    str r2, [sp, #8]\n"                                           \
            "    ldr r4, [r3, #0]\n"                                           \
            "    str r4, [sp, #12]\n"                                          \
            "    ldr r5, [r3, #8]\n"                                           \
            "    ldr r4, [r3, #4]\n"                                           \
            "    push {r5}\n"                                                  \
            "1:  ldr r1, [sp, #4]\n"                                           \
            "    ldr r0, [sp, #8]\n"                                           \
            "    ldr r3, [sp, #12]\n"                                          \
            "    ldr r2, [sp, #16]\n"                                          \
            "    mov.w lr, #0\n"                                               \
            "    mov.w r9, #0\n"                                               \
            "    ldmia.w r3, {r10, r11, r12}\n"                                \
            "    ldmia.w r0, {r5, r6, r7, r8}\n"                               \
            "    .balign 4\n"                                                  \
            PAD                                                                \
            "2:  " BODY                                                        \
            "    subs r2, r2, #4\n"                                            \
            "    bne.n 2b\n"                                                   \
            "    ldr r5, [sp, #0]\n"                                           \
            "    subs r5, #1\n"                                                \
            "    str r5, [sp, #0]\n"                                           \
            "    bne 1b\n"                                                     \
            "    mov r0, lr\n"                                                 \
            "    add sp, #20\n"                                                \
            "    pop {r4-r11, pc}\n"                                           \
            ASM_END(NAME))

#define ASM_LOAD "ldmia.w r0!, {r5, r6, r7, r8}\n"                           \
                   "    mov r9, lr\n"                                          \
                   "    ldmia.w r3!, {r10, r11, r12, lr}\n"
#define ASM_MAC "    umaal r9, r10, r4, r5\n"                                \
                  "    umaal r10, r11, r4, r6\n"                               \
                  "    umaal r11, r12, r4, r7\n"                               \
                  "    umaal r12, lr, r4, r8\n"
#define ASM_STORE "    stmia.w r1!, {r9, r10, r11, r12}\n"

/* The prologue's ldmia.w r0 leaves a[0..3] in r5-r8 for the "mac" loop,
 * ldmia.w r3 t[0..2] in r10-r12 (the full loops reload both). */
PROBE_UMAAL("probe_umaal_odd", "    nop\n", ASM_LOAD ASM_MAC ASM_STORE);
PROBE_UMAAL("probe_umaal_even", "", ASM_LOAD ASM_MAC ASM_STORE);
PROBE_UMAAL("probe_umaal_mac", "", ASM_MAC);
PROBE_UMAAL("probe_umaal_mem", "", ASM_LOAD ASM_STORE);

/* probe_ttable: table lookups in 32-bit code, twelve an iteration: an index
 * taken from a state word (uxtb.w), an ldr.w with the shifted index, the
 * loaded word used at once (eor.w), the state updated from the results.  Run
 * with the table in flash and with a copy in SRAM: the difference is what a
 * flash data read costs on the C-AHB beside the instruction fetches.  When
 * the fetch goes first (m33.fetch_first) the read waits and the eor.w with
 * it; when the read goes first the fetch queue absorbs the wait.
 * r0 = table, r1 = iterations; returns the final state. */
__asm__(
    ASM_BEGIN("probe_ttable", "4")
    "    push {r4-r7, lr}\n"
    "    movw r4, #0x5678\n"
    "    movt r4, #0x1234\n"
    "    movs r3, #0\n"
    "    .balign 4\n"
    "1:  .rept 4\n"
    "    uxtb.w r5, r4\n"
    "    ldr.w r5, [r0, r5, lsl #2]\n"
    "    eor.w r3, r3, r5\n"
    "    uxtb.w r6, r4, ror #8\n"
    "    ldr.w r6, [r0, r6, lsl #2]\n"
    "    eor.w r3, r3, r6\n"
    "    uxtb.w r7, r4, ror #16\n"
    "    ldr.w r7, [r0, r7, lsl #2]\n"
    "    eor.w r3, r3, r7\n"
    "    add.w r4, r4, r3\n"
    "    .endr\n"
    "    subs r1, r1, #1\n"
    "    bne.n 1b\n"
    "    mov r0, r4\n"
    "    pop {r4-r7, pc}\n"
    ASM_END("probe_ttable"));

/* probe_op2_chain: SHA-256's Sigma as ST's code writes it: a shifted-register
 * MOV.W, two EOR.W with a shifted operand, each taking the previous result as
 * its unshifted operand, then a one-stage ADD.W of the result.  Whether an
 * operand2 result feeds the next operand2 instruction's unshifted operand at
 * once (m33.operand2_chain) moves it by two cycles an iteration.
 * r0 = iterations; returns x after x += ror(x,6) ^ ror(x,11) ^ ror(x,25). */
__asm__(
    ASM_BEGIN("probe_op2_chain", "4")
    "    movw r3, #0x79b9\n"
    "    movt r3, #0x9e37\n"
    "    .balign 4\n"
    "1:  mov.w r2, r3, ror #6\n"
    "    eor.w r2, r2, r3, ror #11\n"
    "    eor.w r2, r2, r3, ror #25\n"
    "    add.w r3, r3, r2\n"
    "    subs r0, r0, #1\n"
    "    bne.n 1b\n"
    "    mov r0, r3\n"
    "    bx lr\n"
    ASM_END("probe_op2_chain"));

/* probe_stream: 16 KB of straight-line 32-bit code (4096 add.w), twice the
 * 8-KB ICACHE of the L5 and U3 in every way and set, so every line misses in
 * every round: the cost of a line refill from flash at the board's wait
 * states (flash.read_bytes, cache.refill_overhead, the prefetch of the U3).
 * r0 = rounds; returns 4096 * rounds. */
__asm__(
    ASM_BEGIN("probe_stream", "16")
    "    movs r1, #0\n"
    "    .balign 16\n"
    "1:  .rept 4096\n"
    "    add.w r1, r1, #1\n"
    "    .endr\n"
    "    subs r0, r0, #1\n"
    "    bne.w 1b\n"
    "    mov r0, r1\n"
    "    bx lr\n"
    ASM_END("probe_stream"));

/* probe_pingpong: two fragments of a loop exactly 8 KB apart, the size of
 * the L5's and U3's ICACHE: 1-way they take the same line and evict each
 * other every iteration, 2-way (4 KB a way) the same set and both stay
 * (cache.ways: the L5 resets to 2-way, ST's U3 template selects 1-way).
 * r0 = iterations; returns 2 * iterations. */
__asm__(
    ASM_BEGIN("probe_pingpong", "16")
    "    movs r1, #0\n"
    "    .balign 16\n"
    "1:  adds r1, #1\n"
    "    b.w 2f\n"
    "    .balign 16\n"
    "    .space 8192 - 16\n"
    "2:  adds r1, #1\n"
    "    subs r0, r0, #1\n"
    "    bne.w 1b\n"
    "    mov r0, r1\n"
    "    bx lr\n"
    ASM_END("probe_pingpong"));

uint32_t probe_umaal_odd(uint32_t *out, const uint32_t *a, const uint32_t *t, const uint32_t *args);
uint32_t probe_umaal_even(uint32_t *out, const uint32_t *a, const uint32_t *t, const uint32_t *args);
uint32_t probe_umaal_mac(uint32_t *out, const uint32_t *a, const uint32_t *t, const uint32_t *args);
uint32_t probe_umaal_mem(uint32_t *out, const uint32_t *a, const uint32_t *t, const uint32_t *args);
uint32_t probe_op2_chain(uint32_t iterations);
uint32_t probe_stream(uint32_t rounds);
uint32_t probe_pingpong(uint32_t iterations);

#define UMAAL_WORDS 256u

static uint32_t umaal_a[UMAAL_WORDS], umaal_t[UMAAL_WORDS], umaal_out[UMAAL_WORDS];

/* {words, m, rounds}; the variant in k of the case's probe_arg. */
static const uint32_t umaal_args[3] = {UMAAL_WORDS, 0xDEADBEEFu, 32};

enum { UMAAL_ODD, UMAAL_EVEN, UMAAL_MAC, UMAAL_MEM };

static int umaal_setup(const bench_case_t *c)
{
    (void)c;
    for (uint32_t i = 0; i < UMAAL_WORDS; i++) {
        umaal_a[i] = probe_table[i];
        umaal_t[i] = probe_table[255 - i] ^ 0x5A5A5A5Au;
    }
    memset(umaal_out, 0, sizeof(umaal_out));
    return 0;
}

static int umaal_run(const bench_case_t *c)
{
    switch (((const struct probe_arg *)c->arg)->k) {
    case UMAAL_ODD: result = probe_umaal_odd(umaal_out, umaal_a, umaal_t, umaal_args); break;
    case UMAAL_EVEN: result = probe_umaal_even(umaal_out, umaal_a, umaal_t, umaal_args); break;
    case UMAAL_MAC: result = probe_umaal_mac(umaal_out, umaal_a, umaal_t, umaal_args); break;
    default: result = probe_umaal_mem(umaal_out, umaal_a, umaal_t, umaal_args); break;
    }
    return 0;
}

/* The same computation in C, for the last round (every round starts anew). */
static int umaal_check(const bench_case_t *c)
{
    const uint32_t variant = ((const struct probe_arg *)c->arg)->k, m = umaal_args[1];
    uint32_t expect_out[UMAAL_WORDS], carry = 0;
    if (variant == UMAAL_MAC) {
        /* r5-r8 = a[0..3], r9 = 0, r10-r12 = t[0..2], lr = 0, the same four
         * UMAAL again and again (nothing is stored). */
        uint32_t r9 = 0, r10 = umaal_t[0], r11 = umaal_t[1], r12 = umaal_t[2], lr = 0;
        for (uint32_t k = 0; k < UMAAL_WORDS / 4; k++) {
            uint64_t p = (uint64_t)m * umaal_a[0] + r10 + r9;
            r9 = (uint32_t)p, r10 = (uint32_t)(p >> 32);
            p = (uint64_t)m * umaal_a[1] + r11 + r10;
            r10 = (uint32_t)p, r11 = (uint32_t)(p >> 32);
            p = (uint64_t)m * umaal_a[2] + r12 + r11;
            r11 = (uint32_t)p, r12 = (uint32_t)(p >> 32);
            p = (uint64_t)m * umaal_a[3] + lr + r12;
            r12 = (uint32_t)p, lr = (uint32_t)(p >> 32);
        }
        return result == lr ? 0 : 1;
    }
    for (uint32_t j = 0; j < UMAAL_WORDS; j++) {
        if (variant == UMAAL_MEM) {
            /* out[4k] = the word loaded into lr by the previous iteration,
             * out[4k + i] = t[4k + i - 1]: a shift by one word. */
            expect_out[j] = carry;
            carry = umaal_t[j];
        } else {
            uint64_t p = (uint64_t)m * umaal_a[j] + umaal_t[j] + carry;
            expect_out[j] = (uint32_t)p;
            carry = (uint32_t)(p >> 32);
        }
    }
    return result == carry && memcmp(expect_out, umaal_out, sizeof(expect_out)) == 0 ? 0 : 1;
}

static const struct probe_arg umaal_odd_arg = {NULL, 32, UMAAL_ODD}, umaal_even_arg = {NULL, 32, UMAAL_EVEN},
                              umaal_mac_arg = {NULL, 32, UMAAL_MAC}, umaal_mem_arg = {NULL, 32, UMAAL_MEM};

BENCH_CASE(case_umaal_odd, "probe/umaal-group/odd", "", "rounds=32;words=256;head=halfword",
           umaal_setup, umaal_run, umaal_check, &umaal_odd_arg);
BENCH_CASE(case_umaal_even, "probe/umaal-group/even", "", "rounds=32;words=256;head=word",
           umaal_setup, umaal_run, umaal_check, &umaal_even_arg);
BENCH_CASE(case_umaal_mac, "probe/umaal-group/mac", "", "rounds=32;words=256",
           umaal_setup, umaal_run, umaal_check, &umaal_mac_arg);
BENCH_CASE(case_umaal_mem, "probe/umaal-group/mem", "", "rounds=32;words=256",
           umaal_setup, umaal_run, umaal_check, &umaal_mem_arg);

static uint32_t ror32(uint32_t x, unsigned n) { return (x >> n) | (x << (32u - n)); }

static int op2_check(const bench_case_t *c)
{
    uint32_t x = 0x9E3779B9u;
    for (uint32_t i = ((const struct probe_arg *)c->arg)->n; i > 0; i--) {
        x += ror32(x, 6) ^ ror32(x, 11) ^ ror32(x, 25);
    }
    return result == x ? 0 : 1;
}

static const struct probe_arg op2_arg = {probe_op2_chain, 4096, 0};

BENCH_CASE(case_op2_chain, "probe/op2-chain/4096", "", "iterations=4096",
           NULL, loop_run, op2_check, &op2_arg);

static const struct probe_arg stream_arg = {probe_stream, 8, 4096};

BENCH_CASE(case_stream, "probe/icache-stream/8", "", "rounds=8;bytes=16384",
           NULL, loop_run, count_check, &stream_arg);

#else
#error "probe_cases.c: an ARMv6-M, ARMv7E-M or ARMv8-M mainline target"
#endif

/* Both cores: probe_ttable, with its table in flash and in SRAM. */
uint32_t probe_ttable(const uint32_t *table, uint32_t iterations);

static uint32_t table_ram[256];

static int ttable_ram_setup(const bench_case_t *c)
{
    (void)c;
    memcpy(table_ram, probe_table, sizeof(table_ram));
    return 0;
}

static int ttable_flash_run(const bench_case_t *c)
{
    result = probe_ttable(probe_table, ((const struct probe_arg *)c->arg)->n);
    return 0;
}

static int ttable_ram_run(const bench_case_t *c)
{
    result = probe_ttable(table_ram, ((const struct probe_arg *)c->arg)->n);
    return 0;
}

static int ttable_check(const bench_case_t *c)
{
    uint32_t s = 0x12345678u, x = 0;
    for (uint32_t i = 4u * ((const struct probe_arg *)c->arg)->n; i > 0; i--) {
        x ^= probe_table[s & 0xFFu];
        x ^= probe_table[(s >> 8) & 0xFFu];
        x ^= probe_table[(s >> 16) & 0xFFu];
        s += x;
    }
    return result == s ? 0 : 1;
}

static const struct probe_arg ttable_arg = {NULL, 1024, 0};

BENCH_CASE(case_ttable_flash, "probe/ttable/flash", "", "iterations=1024;loads=12",
           NULL, ttable_flash_run, ttable_check, &ttable_arg);
BENCH_CASE(case_ttable_sram, "probe/ttable/sram", "", "iterations=1024;loads=12",
           ttable_ram_setup, ttable_ram_run, ttable_check, &ttable_arg);


/* Both cores: probe_pingpong, its fragments one cache size apart. */
static const struct probe_arg pingpong_arg = {probe_pingpong, 2048, 2};

BENCH_CASE(case_pingpong, "probe/ways/pingpong", "", "iterations=2048;distance=cache size",
           NULL, loop_run, count_check, &pingpong_arg);
