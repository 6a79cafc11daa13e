/* core/outfile.h: every file the tool writes, written one safe way (DESIGN.md, "Files the tool
 * writes"). A regular file (or a new one) is written to a temporary made with O_CREAT|O_EXCL|
 * O_NOFOLLOW beside it (PATH.tmpXXXXXX, random, the umask's mode), flushed and fsync'ed, renamed
 * over PATH, and the directory fsync'ed: a reader sees the old file or the whole new one, and a
 * completed write survives a crash. A target that exists and is not a regular file (a device such
 * as /dev/null, a FIFO, a terminal) is written directly and never replaced. A symlink named as the
 * output (to a file, a device, a FIFO, nothing, or itself) is refused, never followed nor replaced:
 * the name is decided by lstat and a special file opened with O_NOFOLLOW. A temporary alive when
 * SIGINT, SIGTERM or SIGHUP arrives is removed before the program ends by that signal (the handler
 * is installed the first time a temporary is made, for each of those signals still at its default). */
#ifndef PB_OUTFILE_H
#define PB_OUTFILE_H

#include <stddef.h>
#include <stdio.h>

typedef struct {
    FILE *f;     /* write here */
    char *path;  /* the target */
    char *tmp;   /* the temporary, NULL when the target is written directly */
    int slot;    /* the temporary's place in the list the signal handler removes, or -1 */
} pb_outfile;

/* Could `path` be written? Checked before any work so that a bad output costs no time: it is a
 * directory or a symlink, its folder is missing, not a directory or not writable, or its name is
 * too long.
 * 0, or -1 with errno set and "cannot write 'PATH': reason" in err. */
int pb_outfile_check(const char *path, char *err, size_t errlen);

/* Start writing `path` (see above). 0, or -1 with errno set and the message in err. */
int pb_outfile_open(pb_outfile *o, const char *path, char *err, size_t errlen);

/* Finish: flush, fsync, close, rename over the target, fsync the directory. On any failure the
 * temporary is removed and the target left as it was. 0, or -1 with errno set and the message. */
int pb_outfile_commit(pb_outfile *o, char *err, size_t errlen);

/* Give up: close and remove the temporary (errno kept). */
void pb_outfile_abort(pb_outfile *o);

/* Remove every temporary now being written (async-signal-safe: for a program's own handler of a
 * signal that ends it). */
void pb_outfile_remove_temporaries(void);

/* `len` bytes to `path`, the same way. 0, or -1 with errno set and the message in err. */
int pb_outfile_write(const char *path, const void *data, size_t len, char *err, size_t errlen);

#endif
