/* core/textfile.c: opening a file to read (a regular one only), reading a whole text file, and
 * writing one safely (core/outfile.c) (see textfile.h). */
#include "textfile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "outfile.h"

/* What a file is when it is not a regular one. */
static const char *kind_of(mode_t m)
{
    return S_ISFIFO(m) ? "a FIFO" : S_ISCHR(m) ? "a character device" : S_ISBLK(m) ? "a block device"
         : S_ISSOCK(m) ? "a socket" : "a special file";
}

FILE *pb_open_regular(const char *path, char *err, size_t errlen)
{
    /* opened without blocking (a FIFO with no writer would wait for ever), then looked at */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) {
        snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
        return NULL;
    }
    struct stat st;
    int flags;
    if (fstat(fd, &st) != 0 || (flags = fcntl(fd, F_GETFL)) < 0 || fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) != 0) {
        snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
        close(fd);
        return NULL;
    }
    if (!S_ISREG(st.st_mode)) {
        if (S_ISDIR(st.st_mode))
            snprintf(err, errlen, "%s: is a directory, not a file", path);
        else
            snprintf(err, errlen, "%s: not a regular file (%s)", path, kind_of(st.st_mode));
        close(fd);
        errno = S_ISDIR(st.st_mode) ? EISDIR : EINVAL;
        return NULL;
    }
    FILE *f = fdopen(fd, "rb");
    if (!f) {
        snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
        close(fd);
    }
    return f;
}

char *pb_read_text_file(const char *path, size_t max_bytes, const char *what, char *err, size_t errlen)
{
    FILE *f = pb_open_regular(path, err, errlen);
    if (!f)
        return NULL;
    err[0] = '\0';
    /* at most max_bytes + 1 bytes are read: one more than the limit says the file is over it */
    size_t cap = 4096, len = 0;
    char *buf = malloc(cap);
    while (buf) {
        size_t want = cap - 1 - len;
        if (want > max_bytes + 1 - len)
            want = max_bytes + 1 - len;
        size_t got = fread(buf + len, 1, want, f);
        len += got;
        if (len > max_bytes) {
            snprintf(err, errlen, "%s: file too large for a %s (at most %zu bytes)", path, what, max_bytes);
            free(buf);
            buf = NULL;
            break;
        }
        if (got < want)
            break;
        if (len < cap - 1)
            continue;
        char *bigger = realloc(buf, cap * 2);
        if (!bigger) {
            free(buf);
            buf = NULL;
            break;
        }
        buf = bigger;
        cap *= 2;
    }
    if (buf && ferror(f)) {
        snprintf(err, errlen, "%s: read error", path);
        free(buf);
        buf = NULL;
    }
    fclose(f);
    if (!buf) {
        if (!*err)
            snprintf(err, errlen, "%s: out of memory", path);
        return NULL;
    }
    buf[len] = '\0';
    if (memchr(buf, '\0', len)) {
        snprintf(err, errlen, "%s: contains a NUL byte (not a text file)", path);
        free(buf);
        return NULL;
    }
    return buf;
}

int pb_write_text_file(const char *path, const char *text, size_t len)
{
    char err[64];
    return pb_outfile_write(path, text, len, err, sizeof err);
}
