/* core/ctl_escape.h: the one way a message shows text someone typed or a file held: every control
 * byte (0x00..0x1f and 0x7f: ESC, CR, a bell, a NUL read from a file) written visibly, as \t, \n,
 * \r or \xHH, so that an error message can neither move the terminal's cursor, recolour it, nor
 * hide what follows. Every other byte (UTF-8 text: the rulebooks' Japanese) is kept as it is.
 * Used by every error message: cli.h's pb_cli_error escapes what it prints, the question reader's
 * context line (ask/) escapes the question it shows under its caret. */
#ifndef PB_CTL_ESCAPE_H
#define PB_CTL_ESCAPE_H

#include <stdbool.h>
#include <stddef.h>

/* Whether byte c is shown escaped. */
bool pb_ctl_escaped(unsigned char c);
/* How many characters byte c takes once shown: 1, or 2 (\t \n \r) or 4 (\xHH). */
int pb_ctl_width(unsigned char c);
/* The first n bytes of in, escaped, into out (always NUL-terminated when outlen > 0; cut at a
 * whole escape when out is too small). Returns the length written. */
size_t pb_ctl_escape(const char *in, size_t n, char *out, size_t outlen);

#endif
