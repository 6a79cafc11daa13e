/* carriers/carriers_embedded.c: the shipped ruleset carriers/carriers.ini, embedded in the binary
 * with the assembler's .incbin (as core/rules_embedded.c does), followed by a NUL byte. */
#include "carriers_rules.h"

__asm__(".section .rodata\n"
        ".global cr_rules_carriers\n"
        "cr_rules_carriers:\n"
        ".incbin \"carriers/carriers.ini\"\n"
        ".byte 0\n"
        ".previous\n");

extern const char cr_rules_carriers[];

const char *cr_rules_builtin_text(void) { return cr_rules_carriers; }
