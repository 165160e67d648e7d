/* SPDX-License-Identifier: GPL-2.0-or-later */
/* options.c - the shared command-line parser and the generated help (options.h). */
#include <errno.h>
#include <getopt.h>
#include <stdint.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/options.h"
#include "cyclesim/common/file.h"

/* Ids of the shared options: above any own option's. */
enum { ID_MCU = 1000, ID_MCU_ONE, ID_SET, ID_CASE, ID_JOBS, ID_WARM, ID_MAX_INSNS, ID_CALL, ID_ARG, ID_NO_PROGRESS, ID_FORMAT,
       ID_SHARD, ID_QUIET, ID_RANGE, ID_RANGE_KEYS, ID_RT_ALT, ID_HELP };

typedef struct shared_opt {
    unsigned flag;
    const char *name;
    int id;
    char short_name; /* also accepted as -X, as before the one parser */
    const char *arg;
    const char *help;
} shared_opt;

static const shared_opt shared[] = {
    {CLI_MCU, "mcu", ID_MCU, 'm', "NAME[,NAME...]|all", "the MCU models (`cyclesim models`)"},
    {CLI_MCU_ONE, "mcu", ID_MCU_ONE, 'm', "NAME", "the MCU model (`cyclesim models`); required, one"},
    {CLI_SET, "set", ID_SET, 's', "KEY=VALUE|@FILE",
     "set a model key (`cyclesim keys`) or apply a model overlay (docs/calibrate.md); repeatable, in order"},
    {CLI_CASE, "case", ID_CASE, 0, "GLOB", "only the benchmark cases whose name matches; repeatable"},
    {CLI_JOBS, "jobs", ID_JOBS, 'j', "N", "N runs at a time on worker threads, 0: one per CPU (default 1); with "
                                           "N > 1 each case of a cold run is a run of its own, longest first; the "
                                           "output does not change"},
    {CLI_WARM, "warm", ID_WARM, 0, NULL, "keep caches and flash buffers as the previous code left them (default: "
                                         "cold, reset at each measured region)"},
    {CLI_MAX_INSNS, "max-insns", ID_MAX_INSNS, 0, "N", "stop a run after N instructions (an integer, or MeK as in 1e10) without progress (a bench marker, a semihosting call; default 1e10), or after max(2^27, N/64) with no store and no peripheral read (exit 6)"},
    {CLI_CALL, "call", ID_CALL, 0, "SYMBOL|ADDRESS", "time one function of the ELF instead of its benchmark "
                                                    "cases: its symbol or its address (0x08001234, Thumb bit or "
                                                    "not); r0 and r1 returned are printed on stderr; start state: "
                                                    "docs/cli.md"},
    {CLI_CALL, "arg", ID_ARG, 0, "N|hex:BYTES|zero:N|@FILE", "an argument of --call, up to 4 in order (r0-r3): an "
                                                            "integer, or a buffer placed at the top of SRAM whose "
                                                            "address is passed: the bytes given in hex, N zero "
                                                            "bytes, or a file's bytes (8 KiB in all)"},
    {CLI_QUIET, "quiet", ID_QUIET, 'q', NULL, "no warning, note or progress on stderr: errors (and --call's "
                                              "return value) alone"},
    {CLI_NO_PROGRESS, "no-progress", ID_NO_PROGRESS, 0, NULL, "no progress on stderr (a line on a terminal, a plain line every 10 s in a log)"},
    {CLI_FORMAT, "format", ID_FORMAT, 'f', "FORMAT", "the output format"},
    {CLI_SHARD, "shard", ID_SHARD, 0, "K/N", "only the cases of shard K of N (a case's shard follows from its name "
                                            "alone); `cyclesim merge` joins the shards' JSON outputs (docs/ci.md)"},
    {CLI_RANGE, "range", ID_RANGE, 0, NULL, "also the low and high cycles over the model's uncertain keys at the values "
                                            "their sources leave open (a search, one run per configuration: "
                                            "docs/accuracy.md)"},
    {CLI_RANGE, "range-keys", ID_RANGE_KEYS, 0, "KEY,KEY...", "--range over these uncertain keys only"},
    {CLI_RT_ALT, "rt-alt", ID_RT_ALT, 0, "FW.elf", "with --range: the range also over the other run-time helper "
                                                  "set: FW.elf is the same firmware built with the other "
                                                  "FW_RT_HELPERS (docs/accuracy.md); one per image"},
};
#define N_SHARED (sizeof(shared) / sizeof(shared[0]))

/* Why cmd does not offer the shared option with this flag; NULL if it does or says nothing. */
static const char *refusal(const cli_command *cmd, unsigned flag)
{
    for (const cli_refusal *r = cmd->refused; r && r->flag; r++) {
        if (r->flag == flag) {
            return r->why;
        }
    }
    return NULL;
}

static unsigned n_own(const cli_command *cmd)
{
    unsigned n = 0;
    while (cmd->own && cmd->own[n].name) {
        n++;
    }
    return n;
}

/* The --format values of a command, from the registry (formats.h): "a|b|c"
 * for the synopsis (sep "|"), "a, b or c" for a message; the default first. */
static const char *formats_of(const cli_command *cmd, const char *sep, const char *last, char *buf, size_t len)
{
    csim_output_choices(cmd->reports, sep, last, buf, len);
    return buf;
}

/* Whether v is a format of one of the command's report kinds. */
static bool is_format(const cli_command *cmd, const char *v)
{
    for (int k = 0; k < CSIM_REPORT_KINDS; k++) {
        if ((cmd->reports & CSIM_REPORTS(k)) && csim_output_find((csim_report_kind)k, v)) {
            return true;
        }
    }
    return false;
}

case_selection cli_selection_of(const cli_common *c)
{
    return (case_selection){c->globs, c->n_globs, c->shard_k, c->shard_n};
}

static int list_add(const char **list, unsigned *n, const char *opt, const char *arg)
{
    if (*n == CLI_MAX_LIST) {
        return cli_error(CSIM_ERR_USAGE, "too many --%s", opt);
    }
    list[(*n)++] = arg;
    return EXIT_OK;
}

/* The bytes of a --arg buffer (hex:BYTES, zero:N, @FILE) appended to c->call_bytes;
 * EXIT_OK, or the exit code with the message printed. */
static int buffer_bytes(cli_common *c, const char *arg, uint32_t *len)
{
    uint8_t *at = c->call_bytes + c->n_call_bytes;
    size_t room = CLI_CALL_BYTES - c->n_call_bytes, n = 0;
    if (strncmp(arg, "hex:", 4) == 0) {
        const char *h = arg + 4;
        size_t digits = strlen(h);
        if (digits % 2 || strspn(h, "0123456789abcdefABCDEF") != digits) {
            return cli_error(CSIM_ERR_USAGE, "--arg %s: hex: takes pairs of hexadecimal digits", arg);
        }
        for (n = 0; n < digits / 2 && n < room; n++) {
            sscanf(h + 2 * n, "%2hhx", &at[n]);
        }
        n = digits / 2;
    } else if (strncmp(arg, "zero:", 5) == 0) {
        unsigned long long z;
        if (!cli_parse_u64("--arg zero:", arg + 5, &z)) {
            return EXIT_USAGE;
        }
        n = z > room ? room + 1 : (size_t)z;
        memset(at, 0, n > room ? room : n);
    } else {
        csim_read r;
        char *bytes = csim_read_file(arg + 1, room, &r);
        if (r.st == CSIM_READ_TOO_LARGE) {
            n = room + 1;
        } else if (r.st != CSIM_READ_OK) {
            csim_diag d = {0};
            return cli_fail(csim_read_fail(&d, arg + 1, &r, room, CSIM_ERR_USAGE), &d);
        } else {
            n = r.len;
            memcpy(at, bytes, r.len);
        }
        free(bytes);
    }
    if (n > room) {
        return cli_error(CSIM_ERR_USAGE, "--arg %s: the buffers of --arg hold %d bytes in all", arg, CLI_CALL_BYTES);
    }
    c->n_call_bytes += (unsigned)((n + 7) & ~(size_t)7);
    *len = (uint32_t)n;
    return EXIT_OK;
}

/* --arg: an integer, or a buffer whose address the function gets. */
static int call_arg(cli_common *c, const char *arg)
{
    unsigned i = c->ro.n_call_args;
    if (i == 4) {
        return cli_error(CSIM_ERR_USAGE, "--arg %s: at most 4 arguments (r0-r3)", arg);
    }
    if (arg[0] == '@' || strncmp(arg, "hex:", 4) == 0 || strncmp(arg, "zero:", 5) == 0) {
        uint8_t *at = c->call_bytes + c->n_call_bytes;
        int rc = buffer_bytes(c, arg, &c->ro.call_buf_len[i]);
        if (rc) {
            return rc;
        }
        c->ro.call_buf[i] = at;
    } else {
        char *end;
        errno = 0;
        unsigned long long v = strtoull(arg, &end, 0);
        long long neg = arg[0] == '-' ? strtoll(arg, &end, 0) : 0;
        if (!*arg || *end || errno == ERANGE || (arg[0] != '-' && v > 0xFFFFFFFFull) ||
            (arg[0] == '-' && neg < INT32_MIN)) {
            return cli_error(CSIM_ERR_USAGE, "--arg %s: an integer of 32 bits, hex:BYTES, zero:N or @FILE", arg);
        }
        c->ro.call_args[i] = arg[0] == '-' ? (uint32_t)(int32_t)neg : (uint32_t)v;
    }
    c->ro.n_call_args++;
    return EXIT_OK;
}

static int shared_option(const cli_command *cmd, cli_common *c, int id, char *arg)
{
    switch (id) {
    case ID_MCU: c->mcus = arg; return EXIT_OK;
    case ID_MCU_ONE:
        if (strchr(arg, ',') || strcmp(arg, "all") == 0) {
            return cli_error(CSIM_ERR_USAGE, "--mcu %s: %s takes one MCU model", arg, cmd->name);
        }
        c->mcus = arg;
        return EXIT_OK;
    case ID_SET: return list_add(c->sets, &c->n_sets, "set", arg);
    case ID_CASE: return list_add(c->globs, &c->n_globs, "case", arg);
    case ID_JOBS: return cli_parse_jobs(arg, &c->workers) ? EXIT_OK : EXIT_USAGE;
    case ID_WARM: c->ro.warm = true; return EXIT_OK;
    case ID_NO_PROGRESS: c->progress = false; return EXIT_OK;
    case ID_QUIET: c->quiet = true, c->progress = false; return EXIT_OK;
    case ID_CALL: c->ro.call = arg; return EXIT_OK;
    case ID_MAX_INSNS: {
        unsigned long long v;
        if (!cli_parse_u64("--max-insns", arg, &v)) {
            return EXIT_USAGE;
        }
        c->ro.max_insns = v;
        return EXIT_OK;
    }
    case ID_ARG: return call_arg(c, arg);
    case ID_SHARD: {
        unsigned k, n;
        char end;
        if (sscanf(arg, "%u/%u%c", &k, &n, &end) != 2 || k < 1 || k > n || n > 10000 || arg[0] == '+' ||
            arg[0] == '-') {
            return cli_error(CSIM_ERR_USAGE, "--shard %s: expected K/N with 1 <= K <= N <= 10000", arg);
        }
        c->shard_k = k;
        c->shard_n = n;
        return EXIT_OK;
    }
    case ID_RANGE: c->range = true; return EXIT_OK;
    case ID_RT_ALT:
        if (c->n_rt_alts == CLI_MAX_LIST) {
            return cli_error(CSIM_ERR_USAGE, "--rt-alt: given more than %d times", CLI_MAX_LIST);
        }
        c->rt_alts[c->n_rt_alts++] = arg;
        return EXIT_OK;
    case ID_RANGE_KEYS:
        c->range = true;
        for (char *k = strtok(arg, ","); k; k = strtok(NULL, ",")) {
            if (c->n_range_keys == CSIM_RANGE_MAX_DIMS) {
                return cli_error(CSIM_ERR_USAGE, "--range-keys: more than %d keys", CSIM_RANGE_MAX_DIMS);
            }
            c->range_keys[c->n_range_keys++] = k;
        }
        return c->n_range_keys ? EXIT_OK : cli_error(CSIM_ERR_USAGE, "--range-keys: an empty list");
    case ID_FORMAT:
        if (!is_format(cmd, arg)) {
            char choices[96];
            fprintf(stderr, "cyclesim: error: --format %s: expected %s\n", arg,
                    formats_of(cmd, ", ", " or ", choices, sizeof(choices)));
            return EXIT_USAGE;
        }
        snprintf(c->format, sizeof(c->format), "%s", arg);
        return EXIT_OK;
    }
    return EXIT_USAGE;
}

static const shared_opt *shared_of(int id)
{
    for (size_t i = 0; i < N_SHARED; i++) {
        if (shared[i].id == id) {
            return &shared[i];
        }
    }
    return NULL;
}

/* What is wrong (printf-style, after "cyclesim: error: CMD: "), then where to look. */
static int bad_usage(const cli_command *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static int bad_usage(const cli_command *cmd, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "cyclesim: error: %s: ", cmd->name);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\ncyclesim: hint: `cyclesim %s --help` lists every option (usage: cyclesim %s %s%s[OPTION]...)\n",
            cmd->name, cmd->name, cmd->operands, *cmd->operands ? " " : "");
    return EXIT_USAGE;
}

/* getopt's '?' (an unknown or ambiguous option) or ':' (one without its
 * argument), in our words; opts: the options getopt was given. */
static int bad_option(const cli_command *cmd, int id, char **argv, const struct option *opts)
{
    const char *given = argv[optind - 1];
    bool is_short = optopt && given[1] != '-';
    if (id == ':') {
        return is_short ? bad_usage(cmd, "option -%c needs an argument", optopt)
                        : bad_usage(cmd, "option %s needs an argument", given);
    }
    if (is_short) {
        return bad_usage(cmd, "unknown option -%c", optopt);
    }
    int len = (int)strcspn(given, "="), n = 0;
    char names[256] = "";
    for (const struct option *o = opts; o->name && len > 2; o++) {
        if (strncmp(o->name, given + 2, (size_t)len - 2) == 0) {
            size_t k = strlen(names);
            snprintf(names + k, sizeof(names) - k, "%s--%s", n++ ? ", " : "", o->name);
        }
    }
    return n > 1 ? bad_usage(cmd, "ambiguous option %.*s (%s)", len, given, names)
                 : bad_usage(cmd, "unknown option %.*s", len, given);
}

int cli_parse(const cli_command *cmd, int argc, char **argv, cli_common *c, void *ctx)
{
    memset(c, 0, sizeof(*c));
    c->workers = 1;
    c->progress = true;
    c->ro.max_insns = CSIM_DEFAULT_MAX_INSNS;
    char formats[96];
    formats_of(cmd, "|", "|", formats, sizeof(formats));
    snprintf(c->format, sizeof(c->format), "%.*s", (int)strcspn(formats, "|"), formats);
    unsigned own = n_own(cmd), n = 0;
    struct option *opts = calloc(N_SHARED + own + 2, sizeof(*opts));
    char shorts[64] = ":h"; /* ':' first: getopt reports a missing argument as ':' and prints nothing */
    int short_id[128] = {0}; /* a short letter's option id */
    if (!opts) {
        return cli_out_of_memory();
    }
    for (size_t i = 0; i < N_SHARED + own; i++) {
        const char *name, *arg;
        int id;
        char letter;
        if (i < N_SHARED) {
            if (!(cmd->shared & shared[i].flag) && !refusal(cmd, shared[i].flag)) {
                continue;
            }
            name = shared[i].name, arg = shared[i].arg, id = shared[i].id, letter = shared[i].short_name;
        } else {
            const cli_own_opt *o = &cmd->own[i - N_SHARED];
            name = o->name, arg = o->arg, id = o->id, letter = o->id < 128 ? (char)o->id : 0;
        }
        opts[n++] = (struct option){name, arg ? required_argument : no_argument, 0, id};
        size_t k = strlen(shorts);
        if (letter && k + 3 < sizeof(shorts)) {
            shorts[k] = letter;
            shorts[k + 1] = arg ? ':' : '\0';
            shorts[k + 2] = '\0';
            short_id[(int)letter] = id;
        }
    }
    opts[n++] = (struct option){"help", no_argument, 0, ID_HELP};
    short_id['h'] = ID_HELP;
    int rc = EXIT_OK, id;
    optind = 1;
    opterr = 0;
    while (rc == EXIT_OK && (id = getopt_long(argc, argv, shorts, opts, NULL)) != -1) {
        if (id > 0 && id < 128 && short_id[id]) {
            id = short_id[id];
        }
        if (id == ID_HELP) {
            cli_help(cmd, stdout);
            rc = CLI_HELP_SHOWN;
        } else if (id >= ID_MCU) {
            const shared_opt *so = shared_of(id);
            const char *why = so && !(cmd->shared & so->flag) ? refusal(cmd, so->flag) : NULL;
            rc = why ? cli_error(CSIM_ERR_USAGE, "--%s is not offered by %s: %s", so->name, cmd->name, why)
                     : shared_option(cmd, c, id, optarg);
        } else if (id == '?' || id == ':') {
            rc = bad_option(cmd, id, argv, opts);
        } else {
            rc = cmd->handle(ctx, id, optarg);
        }
    }
    free(opts);
    if (rc != EXIT_OK) {
        return rc;
    }
    if (c->shard_n && c->ro.call) {
        return cli_error(CSIM_ERR_USAGE, "--shard splits the benchmark cases; --call times one function");
    }
    if (c->shard_n && c->ro.warm) {
        /* A merge must equal one run: a warm case starts from what every case
         * before it left, which a shard does not run. */
        return cli_error(CSIM_ERR_USAGE, "--shard with --warm: a warm case starts from the state every case before "
                                         "it left, which another shard ran (run --warm unsharded)");
    }
    c->operands = argv + optind;
    c->n_operands = (unsigned)(argc - optind);
    if (c->n_operands < cmd->min_operands) {
        return bad_usage(cmd, "missing %.*s", (int)strcspn(cmd->operands, " "), cmd->operands);
    }
    if (c->n_operands > cmd->max_operands) {
        return bad_usage(cmd, "unexpected argument \"%s\" (%s takes %s)", c->operands[cmd->max_operands],
                         cmd->name, cmd->max_operands ? cmd->operands : "no argument");
    }
    if ((cmd->shared & CLI_MCU_ONE) && !c->mcus) {
        return bad_usage(cmd, "--mcu NAME is required (one MCU model, `cyclesim models`)");
    }
    return EXIT_OK;
}

void cli_options(const cli_command *cmd, cli_opt_list *l)
{
    l->n = 0;
    formats_of(cmd, "|", "|", l->formats, sizeof(l->formats));
    snprintf(l->format_help, sizeof(l->format_help), "the output format (default %.*s)",
             (int)strcspn(l->formats, "|"), l->formats);
    for (size_t i = 0; i < N_SHARED; i++) {
        const shared_opt *so = &shared[i];
        if (cmd->shared & so->flag) {
            l->opt[l->n++] = so->id == ID_FORMAT ? (cli_opt){so->name, so->short_name, l->formats, l->format_help}
                                                 : (cli_opt){so->name, so->short_name, so->arg, so->help};
        }
    }
    for (unsigned i = 0; i < n_own(cmd) && l->n + 1 < CLI_MAX_OPTS; i++) {
        const cli_own_opt *o = &cmd->own[i];
        l->opt[l->n++] = (cli_opt){o->name, o->id < 128 ? (char)o->id : 0, o->arg, o->help};
    }
    l->opt[l->n++] = (cli_opt){"help", 'h', NULL, "this help"};
}

/* "--name ARG". */
static int long_text(char *buf, size_t len, const cli_opt *o)
{
    return snprintf(buf, len, "--%s%s%s", o->name, o->arg ? " " : "", o->arg ? o->arg : "");
}

/* "--name ARG" (or "-j N"), as the synopsis writes it. */
static int opt_text(char *buf, size_t len, const cli_opt *o)
{
    return strcmp(o->name, "jobs") == 0 ? snprintf(buf, len, "-j N") : long_text(buf, len, o);
}

void cli_usage(const cli_command *cmd, FILE *f)
{
    int col = fprintf(f, "usage: cyclesim %s%s%s", cmd->name, *cmd->operands ? " " : "", cmd->operands);
    cli_opt_list l;
    cli_options(cmd, &l);
    for (unsigned i = 0; i + 1 < l.n; i++) { /* --help: not in the synopsis */
        char buf[128];
        int len = opt_text(buf, sizeof(buf), &l.opt[i]);
        if (col + len + 3 > 100) {
            col = fprintf(f, "\n%*s", (int)strlen(cmd->name) + 15, "") - 1;
        }
        col += fprintf(f, " [%s]", buf);
    }
    fputc('\n', f);
}

#define HELP_COLUMN 31 /* where the help text starts */
#define HELP_WIDTH 100

/* The words of text from column col (the cursor's), wrapped at HELP_WIDTH;
 * continuation lines start at column indent. */
static void print_wrapped(FILE *f, const char *text, int col, int indent)
{
    bool line_start = true;
    for (const char *w = text; *w; line_start = false) {
        size_t len = strcspn(w, " ");
        if (!line_start && col + 1 + (int)len > HELP_WIDTH) {
            col = fprintf(f, "\n%*s", indent, "") - 1;
        } else if (!line_start) {
            col += fprintf(f, " ");
        }
        col += fprintf(f, "%.*s", (int)len, w);
        w += len;
        w += strspn(w, " ");
    }
    fputc('\n', f);
}

/* "  --opt ARG   help", the help in a column of its own. */
static void help_line(FILE *f, const cli_opt *o)
{
    char buf[128];
    long_text(buf, sizeof(buf), o);
    /* GNU's layout: "-m, --mcu NAME", "    --case GLOB" */
    int col = o->short_name ? fprintf(f, "  -%c, %s", o->short_name, buf) : fprintf(f, "      %s", buf);
    if (col + 1 >= HELP_COLUMN) {
        /* the option fills the column: the help starts on the next line */
        col = fprintf(f, "\n%*s", HELP_COLUMN, "") - 1;
    } else {
        col += fprintf(f, "%*s", HELP_COLUMN - col, "");
    }
    print_wrapped(f, o->help, col, HELP_COLUMN);
}

void cli_help(const cli_command *cmd, FILE *f)
{
    cli_usage(cmd, f);
    fputc('\n', f);
    print_wrapped(f, cmd->summary, 0, 0);
    fputs("\noptions:\n", f);
    cli_opt_list l;
    cli_options(cmd, &l);
    for (unsigned i = 0; i < l.n; i++) {
        help_line(f, &l.opt[i]);
    }
    bool first = true;
    for (size_t i = 0; i < N_SHARED; i++) {
        const char *why = cmd->shared & shared[i].flag ? NULL : refusal(cmd, shared[i].flag);
        if (why && (shared[i].id != ID_ARG)) {
            fprintf(f, "%s", first ? "\nnot offered by this subcommand (refused, exit 2):\n" : "");
            first = false;
            help_line(f, &(cli_opt){shared[i].name, shared[i].short_name, shared[i].arg, why});
        }
    }
}

const cli_command *const cli_commands[] = {
    &cli_cmd_run, &cli_cmd_profile, &cli_cmd_annotate, &cli_cmd_leak, &cli_cmd_sweep, &cli_cmd_compare,
    &cli_cmd_calibrate, &cli_cmd_check,
    &cli_cmd_list_cases, &cli_cmd_merge, &cli_cmd_models, &cli_cmd_keys, &cli_cmd_model, NULL,
};

const cli_command *cli_find_command(const char *name)
{
    for (const cli_command *const *c = cli_commands; *c; c++) {
        if (strcmp((*c)->name, name) == 0) {
            return *c;
        }
    }
    return NULL;
}
