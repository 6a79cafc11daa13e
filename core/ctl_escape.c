/* core/ctl_escape.c: control bytes shown visibly in messages (ctl_escape.h). */
#include "ctl_escape.h"

#include <stdio.h>

bool pb_ctl_escaped(unsigned char c) { return c < 0x20 || c == 0x7f; }

int pb_ctl_width(unsigned char c)
{
    if (!pb_ctl_escaped(c))
        return 1;
    return c == '\t' || c == '\n' || c == '\r' ? 2 : 4;
}

size_t pb_ctl_escape(const char *in, size_t n, char *out, size_t outlen)
{
    if (outlen == 0)
        return 0;
    size_t o = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)in[i];
        char e[5];
        if (!pb_ctl_escaped(c)) {
            e[0] = (char)c;
            e[1] = 0;
        } else if (c == '\t' || c == '\n' || c == '\r') {
            e[0] = '\\';
            e[1] = c == '\t' ? 't' : c == '\n' ? 'n' : 'r';
            e[2] = 0;
        } else {
            snprintf(e, sizeof e, "\\x%02x", c);
        }
        size_t w = (size_t)pb_ctl_width(c);
        if (o + w >= outlen)
            break;
        for (size_t k = 0; k < w; k++)
            out[o++] = e[k];
    }
    out[o] = 0;
    return o;
}
