/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * options.h - the one parser of the command line: the options the subcommands
 * share (--mcu, --set, --case, -j, --warm, --max-insns, --call/--arg,
 * --no-progress, --format, --range/--range-keys) are parsed here with one
 * meaning, and each
 * subcommand adds its own from a table.  The same tables generate the usage
 * and `cyclesim CMD --help`.
 */
#ifndef CYCLESIM_CLI_OPTIONS_H
#define CYCLESIM_CLI_OPTIONS_H

#include <stdbool.h>
#include <stdio.h>

#include "cli/cli.h"
#include "cyclesim/analysis/range.h"
#include "cyclesim/engine/sim.h"
#include "cyclesim/output/formats.h"

#define CLI_MAX_LIST 64 /* --set, --case given at most this often */
#define CLI_MANY 0xffffffffu /* cli_command.max_operands: no limit */
#define CLI_CALL_BYTES 8192  /* the bytes of every --arg buffer together */

/* The shared options a subcommand takes (cli_command.shared). */
enum {
    CLI_MCU = 1u << 0,         /* --mcu NAME[,NAME...]|all */
    CLI_SET = 1u << 1,         /* --set KEY=VALUE|@OVERLAY, repeated */
    CLI_CASE = 1u << 2,        /* --case GLOB, repeated */
    CLI_JOBS = 1u << 3,        /* -j/--jobs N */
    CLI_WARM = 1u << 4,        /* --warm */
    CLI_MAX_INSNS = 1u << 5,   /* --max-insns N */
    CLI_CALL = 1u << 6,        /* --call SYMBOL|ADDRESS, --arg N|hex:BYTES|zero:N|@FILE */
    CLI_NO_PROGRESS = 1u << 7, /* --no-progress */
    CLI_FORMAT = 1u << 8,      /* --format NAME */
    CLI_SHARD = 1u << 9,       /* --shard K/N: only the cases of shard K of N (docs/ci.md) */
    CLI_MCU_ONE = 1u << 10,    /* --mcu NAME: one model, required (instead of CLI_MCU) */
    CLI_QUIET = 1u << 11,      /* -q/--quiet: no warning, note or progress on stderr */
    CLI_RANGE = 1u << 12,      /* --range, --range-keys KEY,KEY...: each case's range over the uncertain keys */
    CLI_RT_ALT = 1u << 13,     /* --rt-alt FW.elf, repeated: the range also over the other run-time helper set */
};

/* One option of a subcommand's own. */
typedef struct cli_own_opt {
    const char *name; /* long name; NULL ends the table */
    int id;           /* passed to the handler: its short letter, or a value >= 256 */
    const char *arg;  /* the argument's name in the help; NULL: a flag */
    const char *help;
} cli_own_opt;

/* A shared option a subcommand does not offer, and why: given, it is refused
 * with the reason (exit 2), and `CMD --help` lists it. */
typedef struct cli_refusal {
    unsigned flag; /* CLI_*; 0 ends the table */
    const char *why;
} cli_refusal;

typedef struct cli_command {
    const char *name;
    const char *operands;  /* "FW.elf", "FW.elf [FW.elf]..." */
    unsigned min_operands, max_operands; /* max CLI_MANY: no limit */
    const char *summary;   /* one line: what it does */
    unsigned shared;       /* CLI_* flags */
    unsigned reports;      /* CSIM_REPORTS of its report kinds: their formats are the --format values */
    const cli_own_opt *own;
    int (*handle)(void *ctx, int id, char *arg); /* an own option: EXIT_OK or an exit code */
    int (*run)(int argc, char **argv);           /* the subcommand */
    const cli_refusal *refused;                  /* NULL: none */
} cli_command;

/* What the shared options set (defaults: cli_parse). */
typedef struct cli_common {
    const char *mcus;      /* NULL when not given */
    const char *sets[CLI_MAX_LIST];
    unsigned n_sets;
    const char *globs[CLI_MAX_LIST];
    unsigned n_globs;
    unsigned workers;      /* 1 */
    bool progress;         /* true; false with --no-progress or -q */
    bool quiet;            /* -q: errors alone on stderr */
    char format[16];       /* --format; the first kind's default format without */
    unsigned shard_k, shard_n; /* --shard K/N; 0/0 without (the case selection applies it) */
    bool range;            /* --range or --range-keys */
    const char *range_keys[CSIM_RANGE_MAX_DIMS]; /* --range-keys, split in place; none: every uncertain key */
    size_t n_range_keys;
    const char *rt_alts[CLI_MAX_LIST]; /* --rt-alt, in order */
    unsigned n_rt_alts;
    csim_run_opts ro;      /* warm, max_insns (CSIM_DEFAULT_MAX_INSNS), call, call_args, call_buf */
    uint8_t call_bytes[CLI_CALL_BYTES]; /* what ro.call_buf points into */
    unsigned n_call_bytes;
    char **operands;       /* the ELFs */
    unsigned n_operands;
} cli_common;

extern const cli_command cli_cmd_run, cli_cmd_profile, cli_cmd_annotate, cli_cmd_leak, cli_cmd_sweep, cli_cmd_compare,
    cli_cmd_calibrate,
    cli_cmd_check, cli_cmd_list_cases, cli_cmd_merge, cli_cmd_models, cli_cmd_keys, cli_cmd_model;

/* Every subcommand, in the order of the usage; NULL-terminated. */
extern const cli_command *const cli_commands[];

/** cli_find_command - the subcommand of that name, or NULL. */
const cli_command *cli_find_command(const char *name);

/* One option a subcommand offers, as its help, its man page and the
 * completions show it. */
typedef struct cli_opt {
    const char *name; /* long name */
    char short_name;  /* 0: none */
    const char *arg;  /* the argument's name; NULL: a flag */
    const char *help;
} cli_opt;

#define CLI_MAX_OPTS 48

typedef struct cli_opt_list {
    cli_opt opt[CLI_MAX_OPTS];
    unsigned n;
    char formats[96], format_help[128]; /* --format's argument and help, from the output registry */
} cli_opt_list;

/** cli_options - the options cmd offers, in the order of its help: the shared
 *  ones, its own, then --help (-h). */
void cli_options(const cli_command *cmd, cli_opt_list *l);

/* cli_parse's result when --help was given: the help is on stdout, exit 0. */
#define CLI_HELP_SHOWN (-1)

/** cli_parse - parses argv (argv[0] the subcommand's name) into c and, through
 *  cmd->handle(ctx, ...), the subcommand's own options.  Returns EXIT_OK,
 *  CLI_HELP_SHOWN, or an exit code with the message (and for a bad option or
 *  operand count, the subcommand's usage) printed on stderr. */
int cli_parse(const cli_command *cmd, int argc, char **argv, cli_common *c, void *ctx);

/** cli_selection_of - the cases --case and --shard select. */
case_selection cli_selection_of(const cli_common *c);

/** cli_usage - the subcommand's synopsis lines. */
void cli_usage(const cli_command *cmd, FILE *f);

/** cli_help - synopsis, summary and every option with its help. */
void cli_help(const cli_command *cmd, FILE *f);

#endif
