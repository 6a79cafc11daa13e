/* core/textfile.h: reading a whole text file (a ruleset, a strategy) into memory, and writing one atomically. */
#ifndef PB_TEXTFILE_H
#define PB_TEXTFILE_H

#include <stddef.h>

/* The file's bytes, NUL-terminated; the caller frees. NULL with "PATH: message" in err when
 * it cannot be opened or read, is larger than max_bytes ("file too large for a WHAT"), or
 * holds a NUL byte (not a text file). */
char *pb_read_text_file(const char *path, size_t max_bytes, const char *what, char *err, size_t errlen);

/* Write `text` to `path` atomically (a temporary file beside it, then rename): a reader never
 * sees a half-written file. 0, or -1 with errno set. */
int pb_write_text_file(const char *path, const char *text, size_t len);

#endif
