/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * lanes.h - other models priced on this run's execution (lanes.c,
 * csim_run_opts.lanes): a range's configurations differ in the pricing
 * only, so one emulation serves them all.
 */
#ifndef CSIM_ENGINE_LANES_H
#define CSIM_ENGINE_LANES_H

#include <stdbool.h>
#include <stdint.h>

#include "cyclesim/common/diag.h"

typedef struct sim sim;
typedef struct block block;
typedef struct csim_case_result csim_case_result;

/* Where the lanes stand: between cases, pricing a case (its begin marker to
 * its region's end), watching the run's SysTick handler in a case (each lane
 * takes its own where its timing wraps), or having given the case up. */
typedef enum lanes_state { LANES_IDLE, LANES_ON, LANES_HANDLER, LANES_LOST } lanes_state;

/** lanes_new - the lanes s->opts asks for (none: nothing to do). */
csim_err lanes_new(sim *s);
/** lanes_free - frees them and the pricings they kept of the blocks. */
void lanes_free(sim *s);

/* The blocks reach the lanes through their observer (lanes_observer,
 * sim_internal.h); a transfer of the pending block (sim.c's hot path calls
 * it while LANES_ON only). */
void lanes_record(sim *s, uint32_t addr, unsigned size, bool write, uint8_t cls);

/* The benchmark markers (cold runs): a case's begin marker at addr, its
 * region's start and end; the region just ended was the empty case's. */
void lanes_begin_marker(sim *s, uint32_t addr);
void lanes_region_start(sim *s);
void lanes_region_end(sim *s);
void lanes_took_empty(sim *s);
/** lanes_case_done - case c (its cycles net of the empty region) into each lane's result. */
void lanes_case_done(sim *s, const csim_case_result *c);

/** lanes_run_ended - the run's outcome into each lane's result. */
void lanes_run_ended(sim *s);

/** lanes_stopped - the emulator stopped (an exception, semihosting, a
 *  fault...): inside a case, its flow may be another on a lane's timing,
 *  but for the run's SysTick exception and its return (s->act). */
void lanes_stopped(sim *s);

/** lanes_systick_written - a SysTick register was written; restarted: it
 *  counts from its reload from now on, and each lane's own wraps count from
 *  its own cycle of this access. */
void lanes_systick_written(sim *s, bool restarted);

#endif
