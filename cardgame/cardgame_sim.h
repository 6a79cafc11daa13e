/* cardgame/cardgame_sim.h: a small seeded simulator of the card-game draft's final rules, for the
 * tie rate and the points per game under each switch setting. Modelled: the kick-off and the
 * onside kick (T1, T2, T3), must/may follow, the lowest followed card, the skills of cards that did
 * not follow (every skill whose text survives: 1 show a card, 3 cancel later skills, 4 return a
 * played card to its owner's hand (T10), 6 change the partner's suit (T9), 7 swap a card with the
 * partner, 8 +1, 10 reverse, 11 +2; 2, 5 and 9 are blank, T7), the +3 combination bonus (T5),
 * touchdowns 7/8, the kick after 3 tricks (T4), the lead after a kick (T12), the end when a hand
 * runs out (T6), the tie going to the first defense. Two strategies: every choice uniformly at
 * random among the legal ones, or a greedy one (cardgame_greedy.c). A scripted game (the deal and
 * every choice given) is for tests: each skill's effect derived by hand.
 *
 * Readings the text leaves open, taken here (doc/cardgame.md): a card counts as followed when its
 * suit at the judgement is the led suit (so skill 6 can make a card follow or stop following); a
 * trick in which no card is followed (skill 4 or 6 took the lead card away) is taken by nobody: the
 * offense gains nothing, the down is spent and the lead stays; a hand "runs out" the moment it is
 * empty, even if skill 4 gives it a card back later (T6 then ends the game at that moment, or at
 * the end of that trick or series). */
#ifndef CG_SIM_H
#define CG_SIM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cardgame_rules.h"

#define CG_MAXHAND 16
/* the skills whose text survives: 1, 3, 4, 6, 7, 8, 10, 11 (bit k = skill k) */
#define CG_SKILLS_TEXT ((1u << 1) | (1u << 3) | (1u << 4) | (1u << 6) | (1u << 7) | (1u << 8) | (1u << 10) | (1u << 11))
/* the first simulator's set (skills 3 and 10 only), kept for the before/after figures */
#define CG_SKILLS_FIRST ((1u << 3) | (1u << 10))

enum { CG_STRAT_RANDOM, CG_STRAT_GREEDY };

typedef struct {
    unsigned skills;  /* bit k: skill k is played (k = 1..11) */
    int strategy[2];  /* by team (seats 0, 2 the first offense; 1, 3): CG_STRAT_RANDOM or CG_STRAT_GREEDY */
} cg_sim_opts;

typedef struct {
    long games;
    double points[2];       /* mean points per game: the first offense team, the first defense team */
    double tie_rate;        /* level on points (the first defense wins it) */
    double first_offense_wins;
    double touchdowns, kicks_scored, kicks_tried, onside, series;  /* per game */
    double skills_fired[12];  /* per game, by skill number (1..11) */
    double void_tricks;       /* per game: tricks nobody took */
} cg_sim_result;

/* One game: the outcome, the counts and the hands at the end. */
typedef struct {
    int score[2];  /* by team: seats 0, 2 are team 0 (the first offense), seats 1, 3 team 1 */
    int touchdowns, kicks_scored, kicks_tried, onside, series, tricks, void_tricks;
    int skills_fired[12];
    int hand[4][CG_MAXHAND], n[4];
    bool script_error;  /* a scripted choice was not legal (or the script ran out) */
    int script_pos;     /* the choices used */
} cg_game_log;

/* A scripted game: the four hands (card = suit * ranks + number - 1) and every choice in order:
 * a card by its code; run 1 / pass 0; skills 4, 8 and 11 the target's place in the trick (0 the
 * lead card, in play order); skill 6 the new suit; skill 7 the card given, then the card taken.
 * The game stops (script_error) when a choice is not legal or the script runs out. */
typedef struct {
    int hand[4][CG_MAXHAND], n[4];
    const int *choice;
    int nchoice;
} cg_script;

/* 0 if the simulator can play r's deck (4 players, hands <= CG_MAXHAND, <= 64 cards); else -1 and a
 * message. The simulator clamps what it cannot play, so check first. */
int cg_sim_check(const cg_rules *r, char *err, size_t errlen);
/* Plays `games` games from `seed` (the same seed, the same games). */
void cg_sim_run(const cg_rules *r, const cg_sim_opts *o, long games, uint64_t seed, cg_sim_result *out);
/* Plays the scripted game (seat 0 leads). */
void cg_sim_script(const cg_rules *r, const cg_sim_opts *o, const cg_script *s, cg_game_log *out);
void cg_sim_opts_default(cg_sim_opts *o);
/* "random", "greedy", or "A/B": the first offense team's strategy, then the first defense's */
int cg_sim_parse_strategy(const char *text, int strategy[2], char *err, size_t errlen);
/* "text", "first", "none" or a list "3,10" of skill numbers 1..11 into a bit set */
int cg_sim_parse_skills(const char *text, unsigned *skills, char *err, size_t errlen);

#endif
