/* core/textfile.h: opening an input file (regular files only), reading a whole text file (a
 * ruleset, a strategy) into memory, and writing one safely. */
#ifndef PB_TEXTFILE_H
#define PB_TEXTFILE_H

#include <stddef.h>
#include <stdio.h>

/* `path` opened for reading when it is a regular file; else NULL with "PATH: reason" in err: it
 * cannot be opened, "is a directory, not a file", or is "not a regular file (a FIFO)" (a device,
 * a socket). Never blocks: a FIFO without a writer is refused at once. Every input file of the tool
 * is opened here. */
FILE *pb_open_regular(const char *path, char *err, size_t errlen);

/* The file's bytes, NUL-terminated; the caller frees. NULL with "PATH: message" in err when
 * it cannot be opened or read, is larger than max_bytes ("file too large for a WHAT (at most N
 * bytes)"; a file of max_bytes exactly is read), or
 * holds a NUL byte (not a text file). */
char *pb_read_text_file(const char *path, size_t max_bytes, const char *what, char *err, size_t errlen);

/* Write `text` to `path` the one safe way (core/outfile.h: a temporary beside it, fsync'ed and
 * renamed; a device or FIFO written directly): a reader never sees a half-written file. 0, or -1
 * with errno set. */
int pb_write_text_file(const char *path, const char *text, size_t len);

#endif
