/* core/rules_embedded.c: the shipped rulesets (rules/v1.11-ja.ini, rules/v1.11-en.ini), embedded in the binary with the
 * assembler's .incbin, each followed by a NUL byte. */
#include <string.h>

#include "ruleset.h"

__asm__(".section .rodata\n"
        ".global pb_rules_v111_ja\n"
        "pb_rules_v111_ja:\n"
        ".incbin \"rules/v1.11-ja.ini\"\n"
        ".byte 0\n"
        ".global pb_rules_v111_en\n"
        "pb_rules_v111_en:\n"
        ".incbin \"rules/v1.11-en.ini\"\n"
        ".byte 0\n"
        ".previous\n");

extern const char pb_rules_v111_ja[];
extern const char pb_rules_v111_en[];

const char *const pb_ruleset_builtin_names[] = {"v1.11-ja", "v1.11-en", NULL};

const char *pb_ruleset_builtin_text(const char *name)
{
    if (strcmp(name, "v1.11-ja") == 0)
        return pb_rules_v111_ja;
    if (strcmp(name, "v1.11-en") == 0)
        return pb_rules_v111_en;
    return NULL;
}
