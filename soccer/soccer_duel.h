/* soccer/soccer_duel.h: the die-against-die rules of Masume Soccer TACTICS, exactly: the charge
 * (チャージ: both roll, the higher wins, a tie goes to the charging (defending) side, +1 for a
 * defender and +2 for the goalkeeper in his penalty area), the penalty kick (the keeper guesses a
 * face; the kicker scores on the on-target faces he did not guess: "4 of 6") and the shoot-out
 * (5 kicks each, stopped once decided; then sudden death, M10). */
#ifndef MS_DUEL_H
#define MS_DUEL_H

#include <gmp.h>
#include <stdbool.h>
#include <stddef.h>

#include "soccer_rules.h"

typedef enum {
    MS_CHARGER_FIELD,         /* outside his own penalty area */
    MS_CHARGER_AREA_DEFENDER, /* in his own penalty area, a defender by position */
    MS_CHARGER_AREA_OTHER,    /* in his own penalty area, another position (M7) */
    MS_CHARGER_KEEPER,        /* the goalkeeper in his own penalty area */
    MS_CHARGERS
} ms_charger;

/* The charger in English (a catalogue msgid: pb_msg translates it). */
const char *ms_charger_name(ms_charger c);
int ms_charge_bonus(const ms_rules *r, ms_charger c);
/* P(the charger wins the ball). */
void ms_charge_p(mpq_t out, const ms_rules *r, ms_charger c);
/* One charge with the charger's and the holder's faces: true when the charger wins; steps as in
 * ms_kick_resolve. */
bool ms_charge_roll(const ms_rules *r, ms_charger c, int charger_face, int holder_face, char *steps, size_t len);

/* P(a penalty kick scores). */
void ms_pk_p(mpq_t out, const ms_rules *r);
/* One PK: the kicker's face and the keeper's guess; true for a goal. Off-target faces are the
 * lowest pk_off_faces faces (「1～…ゴールの枠外」). */
bool ms_pk_roll(const ms_rules *r, int face, int guess, char *steps, size_t len);

typedef struct {
    mpq_t first_wins, second_wins, tied;  /* tied: level after the regular kicks (M10 draw) or never */
    mpq_t regular_tied;                   /* level after the regular kicks (sudden death follows) */
    mpq_t kicks;                          /* expected number of kicks taken */
    bool endless;                         /* sudden death can never end (both always or never score) */
} ms_shootout;
void ms_shootout_init(ms_shootout *s);
void ms_shootout_clear(ms_shootout *s);
/* p: the first kicking team's P(score), q: the second's. Regular kicks stop once one side cannot
 * catch up. */
void ms_shootout_solve(ms_shootout *s, const ms_rules *r, const mpq_t p, const mpq_t q);

#endif
