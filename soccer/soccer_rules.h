/* soccer/soccer_rules.h: Masume Soccer TACTICS's rules as data: the fixed numbers of the game
 * guide and the switches M1..M14 (the open questions of doc/soccer.md), read from an INI text
 * (the embedded soccer/tactics.ini, or a file) and changed one by one with "ID=VALUE".
 *
 * Every switch keeps its value as text too (ms_rules_value), so a listing, a diff and the impact
 * table print exactly what was set. Library code: errors are returned as messages, never printed. */
#ifndef MS_RULES_H
#define MS_RULES_H

#include <stdbool.h>
#include <stddef.h>

#include "game_switch.h"

#define MS_FACES 6
#define MS_NSWITCH 15   /* M1..M14 and pk_off_faces */

typedef enum { MS_CHOOSER_KICKER, MS_CHOOSER_RECEIVER } ms_chooser;

typedef struct {
    /* [rules] */
    int goal_kick_adv, lob_adv, charge_bonus_defender, charge_bonus_keeper, shootout_kicks;
    /* [switches], parsed */
    bool lob_plus[MS_FACES + 1];     /* M1: faces (1..6) that get the lob's +2 */
    bool gk_lob_stack;               /* M2 */
    int adjacent[MS_FACES + 1];      /* M3: per face, 0 = keep, k > 0 = deflect k squares */
    ms_chooser chooser;              /* M4 */
    bool deflect_stops;              /* M5 */
    bool grounder_past_goal_scores;  /* M6 */
    bool charge_bonus_any;           /* M7 */
    bool pk_keeper_any;              /* M9: the keeper may (wastefully) guess an off face */
    bool sudden_death;               /* M10 */
    bool gk_adv_all_area_kicks;      /* M12 */
    bool inside_blocked_within2;     /* M13 */
    int pk_off_faces;
    /* each switch's value as written */
    char value[MS_NSWITCH][16];
    char name[32];
} ms_rules;

/* One switch: its id (the key in [switches]), the question, its default, the readings
 * (alternatives) the impact table tries, and whether it moves any single-action figure. */
typedef struct {
    const char *id;
    const char *question;
    const char *alts[4];  /* NULL-terminated; alts[0] is the shipped default */
    bool guess;           /* the default is a guess */
    bool single_action;   /* false: a game-level question, no table cell depends on it */
} ms_switch;

extern const ms_switch ms_switches[MS_NSWITCH];

/* The embedded ruleset text (soccer/tactics.ini). */
const char *ms_rules_builtin_text(void);

/* Reads an INI text; label names it in messages ("FILE:LINE:COL: ..."). 0, or -1 and err. */
int ms_rules_parse(ms_rules *r, const char *text, const char *label, char *err, size_t errlen);
/* The embedded ruleset. Never fails (a test proves the text parses). */
void ms_rules_default(ms_rules *r);
/* "M3=KKK112" (or "M3 KKK112" split in two): 0, or -1 and a message naming the switch. */
int ms_rules_set(ms_rules *r, const char *id, const char *value, char *err, size_t errlen);
int ms_rules_assign(ms_rules *r, const char *assignment, char *err, size_t errlen);
/* The index of a switch id in ms_switches, or -1. */
int ms_switch_index(const char *id);
const char *ms_rules_value(const ms_rules *r, int i);

/* The functions above behind void *, for the shared command code (cli/game_cmd.h). */
extern const pb_gsw_rules_io ms_rules_io;

#endif
