/* sim/strategies_embedded.c: the shipped strategies (strategies/coach.ini, uniform.ini,
 * always-run.ini), embedded in the binary with the assembler's .incbin, each followed by a
 * NUL byte. The Makefile rebuilds this object when a strategy file changes. */
#include <string.h>

#include "strategy.h"

__asm__(".section .rodata\n"
        ".global pb_strategy_coach\n"
        "pb_strategy_coach:\n"
        ".incbin \"strategies/coach.ini\"\n"
        ".byte 0\n"
        ".global pb_strategy_uniform\n"
        "pb_strategy_uniform:\n"
        ".incbin \"strategies/uniform.ini\"\n"
        ".byte 0\n"
        ".global pb_strategy_always_run\n"
        "pb_strategy_always_run:\n"
        ".incbin \"strategies/always-run.ini\"\n"
        ".byte 0\n"
        ".previous\n");

extern const char pb_strategy_coach[];
extern const char pb_strategy_uniform[];
extern const char pb_strategy_always_run[];

const char *const pb_strategy_builtin_names[] = {"coach", "uniform", "always-run", NULL};

const char *pb_strategy_builtin_text(const char *name)
{
    if (strcmp(name, "coach") == 0)
        return pb_strategy_coach;
    if (strcmp(name, "uniform") == 0)
        return pb_strategy_uniform;
    if (strcmp(name, "always-run") == 0)
        return pb_strategy_always_run;
    return NULL;
}
