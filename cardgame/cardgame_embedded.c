/* cardgame/cardgame_embedded.c: the shipped ruleset cardgame/cardgame.ini, embedded in the binary
 * with the assembler's .incbin (as core/rules_embedded.c does), followed by a NUL byte. */
#include "cardgame_rules.h"

__asm__(".section .rodata\n"
        ".global cg_rules_cardgame\n"
        "cg_rules_cardgame:\n"
        ".incbin \"cardgame/cardgame.ini\"\n"
        ".byte 0\n"
        ".previous\n");

extern const char cg_rules_cardgame[];

const char *cg_rules_builtin_text(void) { return cg_rules_cardgame; }
