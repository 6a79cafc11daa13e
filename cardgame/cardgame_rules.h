/* cardgame/cardgame_rules.h: the football card-game draft's deck and deal as data, and its open
 * questions T1..T12 as named switches, read from an INI text (the embedded cardgame/cardgame.ini,
 * or a file) and changed with "ID=VALUE". Library code: errors are returned, never printed. */
#ifndef CG_RULES_H
#define CG_RULES_H

#include <stdbool.h>
#include <stddef.h>

#include "game_switch.h"

#define CG_NSWITCH 12
#define CG_NDECK 9

typedef struct {
    /* [deck]: suits, ranks, players, hand, onside_max, target_max, share_offense, share_defense,
     * combination_bonus */
    int deck[CG_NDECK];
    bool kick_before;     /* T4 = before */
    bool bonus_td_only;   /* T5 = td-only */
    char value[CG_NSWITCH][16];
    char name[32];
} cg_rules;

enum { CG_SUITS, CG_RANKS, CG_PLAYERS, CG_HAND, CG_ONSIDE_MAX, CG_TARGET_MAX, CG_SHARE_OFF, CG_SHARE_DEF, CG_BONUS };

typedef struct {
    const char *id, *question;
    const char *alts[4];
    bool guess;
} cg_switch;

extern const cg_switch cg_switches[CG_NSWITCH];
extern const char *const cg_deck_keys[CG_NDECK];

const char *cg_rules_builtin_text(void);
int cg_rules_parse(cg_rules *r, const char *text, const char *label, char *err, size_t errlen);
void cg_rules_default(cg_rules *r);
int cg_rules_set(cg_rules *r, const char *id, const char *value, char *err, size_t errlen);
int cg_rules_assign(cg_rules *r, const char *assignment, char *err, size_t errlen);

/* The functions above behind void *, for the shared command code (cli/game_cmd.h). */
extern const pb_gsw_rules_io cg_rules_io;

#endif
