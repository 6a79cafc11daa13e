/* core/trace.c: the step-by-step ruling buffer (see trace.h). */
#include "trace.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void pb_trace_init(pb_trace *t)
{
    t->text = NULL;
    t->len = t->cap = 0;
    t->failed = 0;
}

void pb_trace_release(pb_trace *t)
{
    free(t->text);
    pb_trace_init(t);
}

void pb_trace_add(pb_trace *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int need = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (need < 0)
        return;
    size_t want = t->len + (size_t)need + 2;
    if (want > t->cap) {
        size_t cap = t->cap ? t->cap : 256;
        while (cap < want)
            cap *= 2;
        char *p = realloc(t->text, cap);
        if (!p) {
            t->failed = 1;
            return;
        }
        t->text = p;
        t->cap = cap;
    }
    va_start(ap, fmt);
    vsnprintf(t->text + t->len, (size_t)need + 1, fmt, ap);
    va_end(ap);
    t->len += (size_t)need;
    t->text[t->len++] = '\n';
    t->text[t->len] = '\0';
}
