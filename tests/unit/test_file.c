/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_file.c - include/cyclesim/common/file.h and outfile.h: the reader's cap
 * (a file of exactly the cap read, one byte more refused, /dev/zero stopped),
 * a directory refused with one message, and the output layer: an input read
 * refused as an output (also when read after the output was opened), a
 * replaced file keeping its permissions, a discarded output leaving the old
 * file and no temporary one, a read-only file refused.
 * usage: test_file DIR (a scratch directory)
 */
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <sys/stat.h>

#include "check.h"
#include "cyclesim/common/file.h"
#include "cyclesim/common/outfile.h"

static char path_buf[4][1024];

static const char *in_dir(int slot, const char *dir, const char *name)
{
    snprintf(path_buf[slot], sizeof(path_buf[slot]), "%s/%s", dir, name);
    return path_buf[slot];
}

static void write_bytes(const char *path, size_t n)
{
    FILE *f = fopen(path, "wb");
    for (size_t i = 0; f && i < n; i++) {
        fputc('x', f);
    }
    CHECK(f && fclose(f) == 0);
}

static size_t hidden_files(const char *dir)
{
    size_t n = 0;
    DIR *d = opendir(dir);
    for (struct dirent *e; d && (e = readdir(d));) {
        n += e->d_name[0] == '.' && strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
    }
    if (d) {
        closedir(d);
    }
    return n;
}

static void test_reader(const char *dir)
{
    const char *p = in_dir(0, dir, "ten.txt");
    write_bytes(p, 10);
    csim_read r;
    char *buf = csim_read_file(p, 10, &r);
    CHECK(buf && r.st == CSIM_READ_OK && r.len == 10 && buf[10] == 0);
    free(buf);
    CHECK(!csim_read_file(p, 9, &r) && r.st == CSIM_READ_TOO_LARGE);
    csim_diag d = {0};
    CHECK(csim_read_fail(&d, p, &r, 4u << 10, CSIM_ERR_INPUT) == CSIM_ERR_INPUT);
    CHECK(strstr(d.msg, "ten.txt: larger than 4 KiB, the cap of this input") != NULL);
    CHECK(!csim_read_file("/dev/zero", 1u << 20, &r) && r.st == CSIM_READ_TOO_LARGE);
    CHECK(!csim_read_file(dir, 100, &r) && r.st == CSIM_READ_OPEN);
    CHECK(csim_read_fail(&d, dir, &r, 100, CSIM_ERR_INPUT) == CSIM_ERR_IO);
    CHECK(strstr(d.msg, ": cannot open: Is a directory") != NULL);
    CHECK(!csim_read_file(in_dir(1, dir, "missing"), 100, &r) && r.st == CSIM_READ_OPEN);
}

static void test_outputs(const char *dir)
{
    csim_diag d = {0};
    csim_out o;
    /* An input read is refused as an output; it keeps its bytes. */
    const char *input = in_dir(0, dir, "input.txt");
    write_bytes(input, 3);
    csim_read r;
    free(csim_read_file(input, 100, &r));
    CHECK(csim_out_open(&o, input, &d) == CSIM_ERR_USAGE && strstr(d.msg, "same file as the input"));
    struct stat st;
    CHECK(stat(input, &st) == 0 && st.st_size == 3);
    /* ... unless it is the one output that replaces it. */
    CHECK(csim_out_open_replacing(&o, input, &d) == CSIM_OK);
    csim_out_discard(&o);
    /* A replaced file keeps its permissions; nothing is left beside it. */
    const char *out = in_dir(1, dir, "out.txt");
    remove(out); /* read-only after an earlier run */
    write_bytes(out, 5);
    CHECK(chmod(out, 0640) == 0);
    size_t hidden = hidden_files(dir);
    CHECK(csim_out_open(&o, out, &d) == CSIM_OK && hidden_files(dir) == hidden + 1);
    CHECK(stat(out, &st) == 0 && st.st_size == 5); /* the old file until the close */
    fputs("new\n", o.f);
    CHECK(csim_out_close(&o, &d) == CSIM_OK);
    CHECK(stat(out, &st) == 0 && st.st_size == 4 && (st.st_mode & 07777) == 0640);
    CHECK(hidden_files(dir) == hidden);
    /* Discarded: the old file stays. */
    CHECK(csim_out_open(&o, out, &d) == CSIM_OK);
    fputs("half a report", o.f);
    csim_out_discard(&o);
    CHECK(stat(out, &st) == 0 && st.st_size == 4 && hidden_files(dir) == hidden);
    /* Read during the runs (after the open): the close refuses to replace it. */
    const char *late = in_dir(3, dir, "late.txt");
    write_bytes(late, 2);
    CHECK(csim_out_open(&o, late, &d) == CSIM_OK);
    fputs("report", o.f);
    free(csim_read_file(late, 100, &r));
    CHECK(csim_out_close(&o, &d) == CSIM_ERR_USAGE && strstr(d.msg, "same file as the input"));
    CHECK(stat(late, &st) == 0 && st.st_size == 2 && hidden_files(dir) == hidden);
    /* Read-only by its mode: refused, whoever runs the test. */
    CHECK(chmod(out, 0444) == 0);
    CHECK(csim_out_open_replacing(&o, out, &d) == CSIM_ERR_IO && strstr(d.msg, "Permission denied"));
    /* A directory, a missing directory. */
    CHECK(csim_out_open(&o, dir, &d) == CSIM_ERR_IO && strstr(d.msg, "Is a directory"));
    CHECK(csim_out_open(&o, in_dir(2, dir, "nodir/x"), &d) == CSIM_ERR_IO &&
          strstr(d.msg, "nodir/x: cannot write: No such file or directory"));
    /* A write error shows at the close: /dev/full is written in place. */
    CHECK(csim_out_open(&o, "/dev/full", &d) == CSIM_OK);
    fputs("x", o.f);
    CHECK(csim_out_close(&o, &d) == CSIM_ERR_IO && strstr(d.msg, "/dev/full: cannot write: No space left"));
}

int main(int argc, char **argv)
{
    if (argc != 2 || (mkdir(argv[1], 0777) != 0 && errno != EEXIST)) {
        fprintf(stderr, "usage: test_file DIR\n");
        return 2;
    }
    test_reader(argv[1]);
    test_outputs(argv[1]);
    return check_result("test_file");
}
