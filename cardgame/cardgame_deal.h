/* cardgame/cardgame_deal.h: the card-game draft's only chance, the deal, exactly: a suit's count in
 * a hand, voids, onside-kick availability, following suit on a run play, the shared-hand figures
 * and the designer's sketch guesses; and the rule-logic findings (T4: a kick condition that can
 * never hold under one reading), by exhaustive enumeration. */
#ifndef CG_DEAL_H
#define CG_DEAL_H

#include <gmp.h>

#include "cardgame_rules.h"

/* P(a hand holds exactly k cards of a given suit). */
void cg_suit_count_p(mpq_t out, const cg_rules *r, int k);
/* P(a hand is void in a given suit) and P(void in at least one suit). */
void cg_void_p(mpq_t out, const cg_rules *r);
void cg_void_any_p(mpq_t out, const cg_rules *r);
/* P(the kicker's hand holds a card <= onside_max) (an onside kick is possible) and P(every card
 * is <= onside_max) (an onside kick is forced). */
void cg_onside_possible_p(mpq_t out, const cg_rules *r);
void cg_onside_forced_p(mpq_t out, const cg_rules *r);
/* At the first trick, the lead holding k cards of the led suit: P(a given other player can
 * follow) and P(every other player can follow). */
void cg_follow_p(mpq_t one, mpq_t all, const cg_rules *r, int k);
/* P(a team's two hands hold at least one card numbered 1). */
void cg_team_has_one_p(mpq_t out, const cg_rules *r);
/* E[the longest suit] in a hand of h cards from s suits of n cards each. */
void cg_longest_suit_mean(mpq_t out, int s, int n, int h);

/* T4/T5: every series that reaches the kick (the offense took all 3 tricks without a touchdown;
 * each trick's number 1..ranks, taken by the lead or his partner (+bonus); the marker
 * onside_max+1..target_max): how many there are and how many score the kick. */
void cg_kick_findings(const cg_rules *r, long *situations, long *scoring);

#endif
