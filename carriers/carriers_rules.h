/* carriers/carriers_rules.h: Carriers!!'s open questions C1..C13 as named switches, read from an
 * INI text (the embedded carriers/carriers.ini, or a file) and changed one by one with "ID=VALUE".
 * Only C2, C3, C4 and C6 (with higher_share) move a probability; the others are kept so that a
 * ruleset file says every reading it takes. Library code: errors are returned, never printed. */
#ifndef CR_RULES_H
#define CR_RULES_H

#include <stdbool.h>
#include <stddef.h>

#include "game_switch.h"

#define CR_NSWITCH 14

typedef enum { CR_ROUTE_SUPERCOVER, CR_ROUTE_BRESENHAM, CR_ROUTE_RECTANGLE } cr_route_kind;

typedef struct {
    bool from_source;        /* C2 = source */
    cr_route_kind route;     /* C3 */
    bool roll_each;          /* C4 = each */
    bool injury_higher_only; /* C6 = higher */
    int higher_num, higher_den;  /* higher_share */
    char value[CR_NSWITCH][24];
    char name[32];
} cr_rules;

typedef struct {
    const char *id, *question;
    const char *alts[4];  /* alts[0]: the shipped default */
    bool guess, moves_probability;
} cr_switch;

extern const cr_switch cr_switches[CR_NSWITCH];

const char *cr_rules_builtin_text(void);
int cr_rules_parse(cr_rules *r, const char *text, const char *label, char *err, size_t errlen);
void cr_rules_default(cr_rules *r);
int cr_rules_set(cr_rules *r, const char *id, const char *value, char *err, size_t errlen);
int cr_rules_assign(cr_rules *r, const char *assignment, char *err, size_t errlen);
int cr_switch_index(const char *id);

/* The functions above behind void *, for the shared command code (cli/game_cmd.h). */
extern const pb_gsw_rules_io cr_rules_io;

#endif
