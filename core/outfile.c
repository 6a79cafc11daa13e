/* core/outfile.c: writing a file safely: a temporary renamed over a regular target, a special
 * file written directly, temporaries removed on SIGINT/SIGTERM/SIGHUP (see outfile.h). */
#include "outfile.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#ifndef PATH_MAX
#define PATH_MAX 4096
#endif
#ifndef NAME_MAX
#define NAME_MAX 255
#endif

#define SUFFIX ".tmpXXXXXX"
#define SUFFIX_LEN 10

/* ---- the temporaries a signal handler removes ---- */

#define SLOTS 32
static char slot_path[SLOTS][PATH_MAX];
static atomic_int slot_used[SLOTS];
static pthread_mutex_t slot_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t handlers_once = PTHREAD_ONCE_INIT;
static const int signals[] = {SIGINT, SIGTERM, SIGHUP};

void pb_outfile_remove_temporaries(void)
{
    for (int i = 0; i < SLOTS; i++)
        if (atomic_load(&slot_used[i]))
            unlink(slot_path[i]);
}

static void on_signal(int sig)
{
    int e = errno;
    pb_outfile_remove_temporaries();
    errno = e;
    raise(sig);   /* SA_RESETHAND: the default action (the program ends by the signal) once this returns */
}

static void install_handlers(void)
{
    for (size_t i = 0; i < sizeof signals / sizeof signals[0]; i++) {
        struct sigaction old, sa;
        if (sigaction(signals[i], NULL, &old) != 0 || (old.sa_flags & SA_SIGINFO) || old.sa_handler != SIG_DFL)
            continue;   /* ignored, or the program's own handler: left alone */
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_signal;
        sa.sa_flags = SA_RESETHAND;
        sigemptyset(&sa.sa_mask);
        sigaction(signals[i], &sa, NULL);
    }
}

/* Block the signals above in this thread (between making a temporary and listing it). */
static void block_signals(sigset_t *old)
{
    sigset_t set;
    sigemptyset(&set);
    for (size_t i = 0; i < sizeof signals / sizeof signals[0]; i++)
        sigaddset(&set, signals[i]);
    pthread_sigmask(SIG_BLOCK, &set, old);
}

static int slot_add(const char *path)
{
    if (strlen(path) >= PATH_MAX)
        return -1;
    pthread_once(&handlers_once, install_handlers);
    pthread_mutex_lock(&slot_lock);
    int k = -1;
    for (int i = 0; i < SLOTS && k < 0; i++)
        if (!atomic_load(&slot_used[i])) {
            k = i;
            strcpy(slot_path[i], path);
            atomic_store(&slot_used[i], 1);
        }
    pthread_mutex_unlock(&slot_lock);
    return k;
}

static void slot_drop(int k)
{
    if (k >= 0)
        atomic_store(&slot_used[k], 0);
}

/* ---- checking and writing ---- */

static int fail(char *err, size_t errlen, const char *path, int e)
{
    snprintf(err, errlen, "cannot write '%s': %s", path, strerror(e));
    errno = e;
    return -1;
}

/* A symlink named as the output: never followed, never replaced (ELOOP). */
static int symlink_fail(char *err, size_t errlen, const char *path)
{
    snprintf(err, errlen, "cannot write '%s': a symbolic link (never followed: name the file it points to, or "
                          "remove it)", path);
    errno = ELOOP;
    return -1;
}

/* The folder of `path` ("." when it names none), malloc'd; NULL when out of memory. */
static char *folder_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        return strdup(".");
    size_t n = slash == path ? 1 : (size_t)(slash - path);
    char *d = malloc(n + 1);
    if (d) {
        memcpy(d, path, n);
        d[n] = '\0';
    }
    return d;
}

int pb_outfile_check(const char *path, char *err, size_t errlen)
{
    if (!path[0])
        return fail(err, errlen, path, ENOENT);
    if (strlen(path) + SUFFIX_LEN >= PATH_MAX)
        return fail(err, errlen, path, ENAMETOOLONG);
    struct stat st;
    if (lstat(path, &st) == 0) {   /* the name itself: a symlink is never followed */
        if (S_ISLNK(st.st_mode))
            return symlink_fail(err, errlen, path);
        if (S_ISDIR(st.st_mode))
            return fail(err, errlen, path, EISDIR);
        if (!S_ISREG(st.st_mode))   /* written directly */
            return access(path, W_OK) == 0 ? 0 : fail(err, errlen, path, errno);
    } else if (errno != ENOENT) {
        return fail(err, errlen, path, errno);
    }
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    if (!base[0])
        return fail(err, errlen, path, EISDIR);
    if (strlen(base) > NAME_MAX)
        return fail(err, errlen, path, ENAMETOOLONG);
    char *dir = folder_of(path);
    if (!dir)
        return fail(err, errlen, path, ENOMEM);
    int e = 0;
    if (stat(dir, &st) != 0)
        e = errno;
    else if (!S_ISDIR(st.st_mode))
        e = ENOTDIR;
    else if (access(dir, W_OK | X_OK) != 0)
        e = errno;
    free(dir);
    return e ? fail(err, errlen, path, e) : 0;
}

/* Six random characters for a temporary's name. */
static void random_name(char *x)
{
    static const char abc[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    static atomic_uint counter;
    unsigned char r[6];
    if (getentropy(r, sizeof r) != 0) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        unsigned long v = (unsigned long)ts.tv_nsec ^ ((unsigned long)getpid() << 16) ^ atomic_fetch_add(&counter, 1);
        for (int i = 0; i < 6; i++, v = v * 6364136223846793005ul + 1442695040888963407ul)
            r[i] = (unsigned char)(v >> 33);
    }
    for (int i = 0; i < 6; i++)
        x[i] = abc[r[i] % (sizeof abc - 1)];
}

int pb_outfile_open(pb_outfile *o, const char *path, char *err, size_t errlen)
{
    memset(o, 0, sizeof *o);
    o->slot = -1;
    o->path = strdup(path);
    if (!o->path)
        return fail(err, errlen, path, ENOMEM);
    struct stat st;
    int fd = -1;
    if (lstat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
        if (S_ISLNK(st.st_mode)) {
            pb_outfile_abort(o);
            return symlink_fail(err, errlen, path);
        }
        if (S_ISDIR(st.st_mode)) {
            pb_outfile_abort(o);
            return fail(err, errlen, path, EISDIR);
        }
        /* a device, a FIFO, a terminal: never replaced; O_NOFOLLOW: nor a symlink put there since */
        fd = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC | O_NOFOLLOW);
    } else {
        /* PATH.tmpXXXXXX; a name too long for the folder is cut to fit (the temporary's name only) */
        const char *base = strrchr(path, '/');
        size_t dirlen = base ? (size_t)(base + 1 - path) : 0, blen = strlen(path) - dirlen;
        if (blen > NAME_MAX - SUFFIX_LEN)
            blen = NAME_MAX - SUFFIX_LEN;
        o->tmp = malloc(dirlen + blen + SUFFIX_LEN + 1);
        if (!o->tmp) {
            pb_outfile_abort(o);
            return fail(err, errlen, path, ENOMEM);
        }
        memcpy(o->tmp, path, dirlen + blen);
        memcpy(o->tmp + dirlen + blen, SUFFIX, SUFFIX_LEN + 1);
        char *x = o->tmp + dirlen + blen + SUFFIX_LEN - 6;
        for (int tries = 0; fd < 0 && tries < 100; tries++) {
            random_name(x);
            sigset_t old;
            block_signals(&old);   /* made and listed at once: a signal never leaves it behind */
            fd = open(o->tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
            if (fd >= 0)
                o->slot = slot_add(o->tmp);
            int e = errno;
            pthread_sigmask(SIG_SETMASK, &old, NULL);
            errno = e;
            if (fd < 0 && errno != EEXIST)
                break;
        }
        if (fd < 0) {
            int e = errno;
            free(o->tmp);   /* never made: nothing to remove */
            o->tmp = NULL;
            pb_outfile_abort(o);
            return fail(err, errlen, path, e);
        }
    }
    if (fd < 0) {
        int e = errno;
        pb_outfile_abort(o);
        return fail(err, errlen, path, e);
    }
    o->f = fdopen(fd, "wb");
    if (!o->f) {
        int e = errno;
        close(fd);
        pb_outfile_abort(o);
        return fail(err, errlen, path, e);
    }
    return 0;
}

void pb_outfile_abort(pb_outfile *o)
{
    int e = errno;
    if (o->f)
        fclose(o->f);
    if (o->tmp) {
        unlink(o->tmp);
        slot_drop(o->slot);
    }
    free(o->tmp);
    free(o->path);
    memset(o, 0, sizeof *o);
    o->slot = -1;
    errno = e;
}

/* fsync the folder of `path`, so that a rename into it lasts (best effort but for I/O errors). */
static int sync_folder(const char *path)
{
    char *dir = folder_of(path);
    if (!dir)
        return 0;
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    free(dir);
    if (fd < 0)
        return 0;
    int rc = fsync(fd) != 0 && errno == EIO ? -1 : 0;
    close(fd);
    return rc;
}

int pb_outfile_commit(pb_outfile *o, char *err, size_t errlen)
{
    int e = 0;
    if (fflush(o->f) != 0 || ferror(o->f))
        e = errno ? errno : EIO;
    else if (o->tmp && fsync(fileno(o->f)) != 0)
        e = errno;
    if (fclose(o->f) != 0 && !e)
        e = errno;
    o->f = NULL;
    if (!e && o->tmp) {
        struct stat st;   /* made a special file or a symlink since we began: still never replaced */
        if (lstat(o->path, &st) == 0 && !S_ISREG(st.st_mode))
            e = S_ISDIR(st.st_mode) ? EISDIR : S_ISLNK(st.st_mode) ? ELOOP : EEXIST;
        else if (rename(o->tmp, o->path) != 0)
            e = errno;
        else {
            slot_drop(o->slot);
            free(o->tmp);
            o->tmp = NULL;
            if (sync_folder(o->path) != 0)
                e = EIO;
        }
    }
    if (e) {
        char *path = o->path;
        o->path = NULL;
        errno = e;
        pb_outfile_abort(o);
        fail(err, errlen, path, e);
        free(path);
        return -1;
    }
    free(o->path);
    o->path = NULL;
    return 0;
}

int pb_outfile_write(const char *path, const void *data, size_t len, char *err, size_t errlen)
{
    pb_outfile o;
    if (pb_outfile_open(&o, path, err, errlen) != 0)
        return -1;
    if (len && fwrite(data, 1, len, o.f) != len) {
        int e = errno ? errno : EIO;
        pb_outfile_abort(&o);
        return fail(err, errlen, path, e);
    }
    return pb_outfile_commit(&o, err, errlen);
}
