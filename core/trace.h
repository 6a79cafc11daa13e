/* core/trace.h: the ruling of a play, step by step, as lines of text.
 *
 * Rules code writes through PB_TRACE(env->trace, ...); with a NULL trace nothing is
 * formatted, so the enumerator and the simulator pay one pointer test per step.
 * A pb_trace owns its buffer: pb_trace_init / pb_trace_release. Out of memory, a line is dropped
 * and `failed` set: the reader checks it and reports "out of memory". */
#ifndef PB_TRACE_H
#define PB_TRACE_H

#include <stddef.h>

typedef struct pb_trace {
    char *text;     /* NUL-terminated, lines end with '\n' */
    size_t len, cap;
    int failed;     /* out of memory: lines were dropped */
} pb_trace;

void pb_trace_init(pb_trace *t);
void pb_trace_release(pb_trace *t);
void pb_trace_add(pb_trace *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#define PB_TRACE(t, ...) do { if (t) pb_trace_add((t), __VA_ARGS__); } while (0)

#endif
