/* soccer/soccer_embedded.c: the shipped ruleset soccer/tactics.ini, embedded in the binary with the
 * assembler's .incbin (as core/rules_embedded.c does for PAPER BOWL's), followed by a NUL byte. */
#include "soccer_rules.h"

__asm__(".section .rodata\n"
        ".global ms_rules_tactics\n"
        "ms_rules_tactics:\n"
        ".incbin \"soccer/tactics.ini\"\n"
        ".byte 0\n"
        ".previous\n");

extern const char ms_rules_tactics[];

const char *ms_rules_builtin_text(void) { return ms_rules_tactics; }
