/* sim/game.h: one whole game of PAPER BOWL as a state machine over the rules core.
 *
 * The game owns the flow the rulebook describes around single plays: the coin toss, kickoffs,
 * downs and distance, the play-card deck (each quarter: 24 cards shuffled, set_aside of them
 * set aside, plays_per_quarter dealt; a quarter ends when its deck is used up), timeouts, the
 * extra plays and the field goal at the end of a half, punts, tries, safeties and free kicks,
 * turnovers, and the end of the game (overtime when the ruleset says so). Every die comes from
 * the dice oracle; every other random choice (coin toss, deck, strategy mixes) from the rng.
 * Choices the rulebook leaves to real football are listed in doc/sim.md.
 *
 * State invariants between steps: 1 <= togo <= 99, 1 <= down <= downs, 1 <= ytg <= togo while
 * a team has the ball; timeouts >= 0; deck[deck_next .. deck_end-1] are the cards still to be
 * turned this quarter, aside[0 .. aside_count-1] the set-aside cards still available. With
 * uniform_cards there is no deck: deck_next counts the quarter's snaps so far, deck_end the
 * snaps it has (plays_per_quarter plus the extra plays added), aside_count the extra plays
 * still possible (set_aside at each deal); deck[] and aside[] are unused.
 * Tests may set the state fields directly between steps (doc: tests/sim_flow.c).
 *
 * Teams are indices: PB_HOME (0) and PB_AWAY (1). A pb_game allocates nothing. */
#ifndef PB_GAME_H
#define PB_GAME_H

#include <stdbool.h>

#include "oracle.h"
#include "play.h"
#include "rng.h"
#include "strategy.h"

enum { PB_HOME = 0, PB_AWAY = 1 };

#define PB_PERIODS_MAX 21   /* up to 20 quarters (the ruleset's limit) and an overtime */

typedef enum {
    PB_PHASE_KICKOFF,    /* `kicker` kicks off (a free kick from its own 20 when free_kick) */
    PB_PHASE_SCRIMMAGE,  /* `offense` has the ball at togo, down, ytg */
    PB_PHASE_TRY,        /* `offense` has just scored a touchdown: PAT kick or two-point try */
    PB_PHASE_FINAL_FG,   /* the half's last card is played: `offense` may try a field goal */
    PB_PHASE_OVER
} pb_phase;

/* Per-team counters of one game (and, summed, of many). X(ID, "json name", "description"). */
#define PB_GAME_STATS(X)                                                                    \
    X(POINTS, "points", "points")                                                           \
    X(TD, "touchdowns", "touchdowns (all)")                                                 \
    X(TD_RUSH, "rushing_td", "rushing touchdowns")                                          \
    X(TD_PASS, "passing_td", "passing touchdowns")                                          \
    X(TD_RETURN, "kick_return_td", "kickoff and punt return touchdowns")                   \
    X(TD_DEFENSE, "defensive_td", "interception and fumble return touchdowns")             \
    X(PAT_ATT, "pat_attempts", "PAT kicks")                                                 \
    X(PAT_MADE, "pat_made", "PAT kicks good")                                               \
    X(TWO_ATT, "two_point_attempts", "two-point tries")                                     \
    X(TWO_MADE, "two_point_made", "two-point tries good")                                   \
    X(FG_ATT, "fg_attempts", "field goal attempts")                                         \
    X(FG_MADE, "fg_made", "field goals good")                                               \
    X(FG_FINAL_ATT, "fg_final_attempts", "field goals tried after the half's last card")   \
    X(FG_FINAL_MADE, "fg_final_made", "of which good")                                      \
    X(SAFETIES, "safeties", "safeties scored")                                              \
    X(SNAPS, "plays", "plays from scrimmage (each turns a play card)")                      \
    X(RUNS, "runs", "runs (the card finally played)")                                       \
    X(SHORT, "short_passes", "short passes")                                                \
    X(LONG, "long_passes", "long passes")                                                   \
    X(YARDS, "yards", "net yards from scrimmage (gains, sacks, touchdowns)")                \
    X(FIRST_DOWNS, "first_downs", "first downs (by gain or penalty)")                       \
    X(COMPLETIONS, "completions", "passes caught")                                          \
    X(SACKS, "sacks", "sacks taken")                                                        \
    X(INTERCEPTIONS, "interceptions", "interceptions thrown")                               \
    X(FUMBLES, "fumbles_lost", "fumbles lost")                                              \
    X(DOWNS, "turnovers_on_downs", "turnovers on downs")                                    \
    X(PENALTIES, "penalties", "penalties against, accepted")                                \
    X(PENALTY_YARDS, "penalty_yards", "yards lost to accepted penalties")                   \
    X(DECLINED, "penalties_declined", "penalties against, declined")                       \
    X(CHALLENGES, "challenges", "challenges")                                               \
    X(CHALLENGES_WON, "challenges_won", "challenges won")                                   \
    X(CARD_TIMEOUTS, "card_timeouts", "timeouts taken on cards 21-24")                      \
    X(EXTRA_PLAYS, "extra_plays", "timeouts at a half's last play (a set-aside card added)") \
    X(TIMEOUTS_USED, "timeouts_used", "timeouts used (cards, lost challenges, extra plays)") \
    X(PUNTS, "punts", "punts")                                                              \
    X(KICKOFFS, "kickoffs", "regular kickoffs (free kicks included)")                      \
    X(ONSIDE_ATT, "onside_attempts", "onside kicks")                                        \
    X(ONSIDE_KEPT, "onside_kept", "onside kicks kept")                                      \
    X(FREE_KICKS, "free_kicks", "free kicks after a safety (regular or onside)")           \
    X(RETURNS, "returns", "kickoffs and punts returned (as the receiving team)")            \
    X(TOUCHBACKS, "touchbacks", "kickoffs and punts taken as touchbacks")                  \
    X(DRIVES, "drives", "drives (possessions from scrimmage)")                              \
    X(DRIVE_PLAYS, "drive_plays", "plays in those drives")                                  \
    X(END_TD, "drive_td", "drives ending in a touchdown")                                   \
    X(END_FG, "drive_fg", "drives ending in a field goal")                                  \
    X(END_FG_MISSED, "drive_fg_missed", "drives ending in a missed field goal")             \
    X(END_PUNT, "drive_punt", "drives ending in a punt")                                    \
    X(END_TURNOVER, "drive_turnover", "drives ending in an interception or a fumble")       \
    X(END_DOWNS, "drive_downs", "drives ending on downs")                                   \
    X(END_SAFETY, "drive_safety", "drives ending in a safety")                              \
    X(END_HALF, "drive_end_of_half", "drives ending with the half (or the game)")

typedef enum {
#define PB_STAT_ENUM(id, json, text) PB_STAT_##id,
    PB_GAME_STATS(PB_STAT_ENUM)
#undef PB_STAT_ENUM
    PB_STAT_COUNT
} pb_stat;

const char *pb_stat_name(pb_stat s);         /* "rushing_td" */
const char *pb_stat_description(pb_stat s);  /* "rushing touchdowns" */

/* What happened, for observers (logs, tests, cross-checks). Sent after the game state has
 * been updated (the score is the score after the event). */
typedef enum {
    PB_EV_COIN_TOSS,    /* team: the team that kicks off */
    PB_EV_QUARTER,      /* a quarter begins, its deck dealt (g->quarter) */
    PB_EV_KICKOFF,      /* team: kicking; onside, free_kick; result: pb_kickoff / pb_onside */
    PB_EV_SNAP,         /* team: offense; sit, call (as called, before any card change), card,
                           result (pb_play_resolve: result.offense/defense as played) */
    PB_EV_PUNT,         /* team: punting; sit.togo; result: pb_punt */
    PB_EV_FIELD_GOAL,   /* team: kicking; sit.togo; result: pb_field_goal; final: after the half's last card */
    PB_EV_PAT,          /* team: kicking; result: pb_pat_kick */
    PB_EV_TWO_POINT,    /* team: offense; call; result: pb_two_point */
    PB_EV_EXTRA_PLAY,   /* team took a timeout at the half's last play; card: the set-aside card added
                           (0 with uniform_cards: the added play's card is drawn when it is played) */
    PB_EV_DOWNS,        /* team: the offense that turned the ball over on downs */
    PB_EV_HALF_END,     /* a half ends (quarter: the one that just ended) */
    PB_EV_GAME_END,
    PB_EV_COUNT
} pb_game_event_kind;

typedef struct {
    pb_game_event_kind kind;
    int team;
    int quarter;
    pb_situation sit;   /* SNAP, PUNT, FIELD_GOAL: the situation before the action */
    pb_call call;
    int card;           /* SNAP: the play card turned; EXTRA_PLAY: the card added */
    bool onside, free_kick, final;
    pb_result result;
} pb_game_event;

typedef struct pb_game pb_game;
typedef void (*pb_game_observer)(void *self, const pb_game *g, const pb_game_event *e);

/* Optional: the "best" touchback-or-return choice made before a kick instead of by the policy
 * inside it (e.g. from a precomputed table, sim.h): 1 return, 0 touchback, -1 let the policy
 * decide. The game rolls a regular kickoff's dice first (the same dice, in the same order, as
 * pb_kickoff would) to ask `kickoff`, then passes the choice through policies.ret. Consulted
 * only when the policy in effect is "best". */
typedef struct {
    int (*kickoff)(void *self, int from_own, pb_dice roll);
    int (*punt)(void *self, int togo);
    void *self;
} pb_return_decider;


/* Optional: the card-timeout choice (cards 21-24) made before the play instead of by the
 * policy inside it, e.g. from a precomputed table (sim.h). Called only when the play card is
 * a timeout card and its side has a timeout; sets call->timeout_force and, for a change of
 * card (23, 24), the new offense or defense card. */
typedef struct {
    void (*decide)(void *self, const pb_situation *s, pb_call *call);
    void *self;
} pb_timeout_decider;

/* What a deciding team sees (pb_game_decider), from its own side. */
typedef struct {
    int half;              /* 1, 2 (quarters 1-2, 3-4); 3 in overtime */
    int left;              /* pb_game_cards_left_in_half: this play's card included, 1 at the half's last
                              play; 0 at the final field goal after the half's last card */
    int extras;            /* extra plays already added in this half */
    int lead;              /* the deciding team's score minus the other team's */
    int timeouts_own, timeouts_opp;
    bool receives_second_half;  /* the deciding team receives the second-half kickoff, i.e. it is
                                   not the opening receiver (meaningful in half 1) */
    int togo, down, ytg;   /* the team with the ball's field state, also when the deciding team
                              defends (offense, defense, end_of_half, final_fg); try_call and
                              try_defense: togo = ytg = two_point_togo, down 1; kickoff, ret: 0 */
    int quarter;           /* 1..quarters; quarters + 1 in overtime */
} pb_game_view;

/* Optional, per team: a set of callbacks that makes every choice of that team in the whole
 * game instead of its strategy (the strategy is then never read and may be NULL). Mixes are
 * integer weights, not all 0 among the usable choices, summing to less than 2^32; the game
 * draws from them with its rng exactly as it draws a strategy rule's mix (a single usable
 * choice draws nothing; else one pb_rng_below over the usable total, the first choice whose
 * cumulative weight exceeds it). A mix with no usable weight, or a return value out of range,
 * stops the game with an error. Every callback but in_play must be set. Without in_play the
 * choices inside a play (challenges, penalties, card timeouts 21-24) stay with the policies. */
typedef struct {
    /* each snap, indexed by PB_CALL_* (strategy.h): w[0] run, w[1] short, w[2] long, w[3] punt,
       w[4] fg (NB: punt before fg, as in a strategy rule); w[4] is ignored out of field goal
       range (togo > fg_max_togo) */
    void (*offense)(void *self, const pb_game_view *v, unsigned w[5]);
    /* each run or pass: Defense 1..5 */
    void (*defense)(void *self, const pb_game_view *v, unsigned w[5]);
    /* each kickoff (free_kick: the free kick after a safety): regular, onside */
    void (*kickoff)(void *self, const pb_game_view *v, bool free_kick, unsigned w[2]);
    /* after the team's touchdown: kick (PAT), run, short, long (a two-point try with that card) */
    void (*try_call)(void *self, const pb_game_view *v, unsigned w[4]);
    /* against the other team's two-point try: Defense 1..5 */
    void (*try_defense)(void *self, const pb_game_view *v, unsigned w[5]);
    /* receiving a regular kickoff, free kick or punt whose landing asks the choice: 1 return,
       0 touchback, -1 the `return` policy decides; landing = where the kick stopped, the
       receiver's togo 1..100 (known before the return is rolled) */
    int (*ret)(void *self, const pb_game_view *v, int landing);
    /* at the half's last play (left == 1), when the team has a timeout and an extra play is
       still allowed; the offense is asked first, then the defense (at most one per last play):
       1 take a timeout for an extra play, 0 not */
    int (*end_of_half)(void *self, const pb_game_view *v, bool as_offense);
    /* after the half's last card, the team with the ball, only when togo <= fg_max_togo: 1 kick
       a field goal, 0 not */
    int (*final_fg)(void *self, const pb_game_view *v);
    /* optional (NULL: the policies decide): a decision inside a snap's play whose chooser is this
       team (pb_decision_by_offense; not the return): `v` the team's view of the snap before the
       play (as for `offense` / `defense`), `call` the call played (its card, before any change of
       card), `log` the play's dice and decisions so far (oracle.h). Returns the choice (as the
       oracle's decide returns it: 1 take, challenge, accept; a card) and sets *next to the choice
       of the decision that follows at once (the new card after a card timeout, 23-24) or -1;
       -1 on failure (the game stops with an error) */
    int (*in_play)(void *self, const pb_game_view *v, const pb_call *call, const pb_oracle_log *log,
                   pb_decision what, int policy_choice, int *next);
    void *self;
} pb_game_decider;

/* The oracle of a snap whose in-play decisions a decider makes (game_oracle.c): the game's dice,
 * every answer recorded, each decision of such a team asked of its decider. */
typedef struct {
    pb_oracle base;
    pb_game *g;
    pb_oracle_log log;
    pb_game_view view[2];   /* the offense's and the defense's view of the snap */
    pb_call call;
    int next;               /* the answer to the next decision (a card after a card timeout), or -1 */
} pb_game_in_play;

struct pb_game {
    /* configuration, set by pb_game_init */
    pb_play_env env;
    const pb_strategy *strategy[2];
    pb_rng *rng;                 /* coin toss, decks, strategy mixes */
    pb_rng *card_rng;            /* NULL, or the play cards' own generator: every deal, uniform card and
                                    drive-deck start drawn from it instead of rng (common random numbers:
                                    the same rng and dice with another card process) */
    /* Common random numbers (pb_game_pair): rng and dice_rng are seeded again at every step by its
     * slot (the deal, the card of it turned next, the steps since the last card turned), card_rng at
     * every deal, each slot and deal a stream of its own (sim/game.c pair_seed_rng), so two games
     * that differ in their card process alone draw the same numbers at the same slot. The real deck
     * is then dealt from the uniform card's own draws: the k-th card turned is the deal's k-th
     * uniform draw unless that card is already out, else one drawn uniformly from those not yet out
     * (so each card turned is uniform over the cards left, as from a shuffled deck); a drive with
     * uniform cards turns them from 20-card deals with replacement, so that its deals and its
     * random start line up with the real deck's. */
    bool paired;
    uint64_t pair_seed, pair_index;
    pb_rng *dice_rng;            /* paired: the dice oracle's generator */
    int pair_deals, pair_slot, pair_sub;
    pb_oracle *dice;             /* every die */
    pb_game_observer observe;    /* may be NULL */
    void *observer;
    const pb_timeout_decider *timeout_decider;  /* may be NULL: the policy decides in the play */
    const pb_return_decider *return_decider;    /* may be NULL: the policy decides in the kick */
    bool drive_mode;             /* set by pb_game_start_drive (doc/sim.md, "Drive mode") */
    bool drive_deck;             /* drive mode with the real deck: cards turned from dealt quarter decks
                                    (24 shuffled, set_aside aside, plays_per_quarter dealt; a new deal when
                                    one runs out; the chain starts at a random card of a fresh deal) */
    bool uniform_cards;          /* whole games without a deck: each snap's card is drawn uniformly from the
                                    24 with the rng (with replacement); the clock still counts
                                    plays_per_quarter snaps a quarter, extra plays included (doc/sim.md,
                                    "Game flow" 2). Set before pb_game_start; ignored in drive mode */
    const pb_game_decider *decider[2];  /* per team, may be NULL: the team's strategy decides */
    int plant_card;              /* 0, or a card (1..24, one with no timeout) whose effect is planted away:
                                    1 in 100 of its snaps, chosen by a hash of (plant_key, the game's snap
                                    count) and drawing no random number, play as if no card were turned
                                    (the paired deck check's planted 1 % change of one card's effect) */
    uint64_t plant_key;
    int plant_fired;             /* snaps the planted change took away so far */

    /* state */
    pb_phase phase;
    int quarter;                 /* 1..quarters; quarters + 1 in overtime */
    int score[2];
    int timeouts[2];             /* left in this half */
    int offense;                 /* the team with the ball (SCRIMMAGE, TRY, FINAL_FG) */
    int togo, down, ytg;
    int kicker;                  /* KICKOFF: the kicking team */
    bool free_kick;              /* KICKOFF: a free kick after a safety */
    int opening_receiver;        /* receives the opening kickoff; kicks off the second half */
    int deck[PB_CARD_COUNT];     /* this quarter's play cards, deck[deck_next] turned next */
    int deck_next, deck_end;
    int aside[PB_CARD_COUNT];    /* set-aside cards still available for extra plays */
    int aside_count;
    int extra_plays;             /* extra plays added in this half */
    bool clock_out;              /* the quarter's last card has been played */
    bool overtime;               /* the game went to overtime */
    int drive_team;              /* the team on a drive, or -1 */
    int idle;                    /* actions in a row without a play card (runaway guard) */
    char error[160];             /* non-empty: the game stopped (phase OVER) because of it */

    int stat[2][PB_STAT_COUNT];  /* this game's counters, per team */
    int period_points[PB_PERIODS_MAX][2];       /* points scored in each quarter (line score) */
    int fg_row_att[PB_FG_ROWS_MAX + 1];         /* field goals by the ruleset's row (3.6); the */
    int fg_row_made[PB_FG_ROWS_MAX + 1];        /* last index: beyond every row (doubles only) */
    pb_game_in_play in_play;     /* a snap's oracle when a decider decides in play */
};

/* Set up a game before the coin toss. env->trace may be set for a play-by-play. */
void pb_game_init(pb_game *g, const pb_play_env *env, const pb_strategy *home, const pb_strategy *away,
                  pb_rng *rng, pb_oracle *dice);
/* The coin toss and the first quarter's deck: the phase becomes KICKOFF. */
void pb_game_start(pb_game *g);
/* One action: a kickoff, a play, a punt, a field goal, a try. No-op when OVER. */
void pb_game_step(pb_game *g);
/* pb_game_start, then steps until the game is over. 0, or -1 with g->error set. */
int pb_game_play(pb_game *g);

/* Drive mode, instead of pb_game_start: `team` has the ball at togo, down, ytg (1 <= togo <= 99,
 * 1 <= down <= downs, 1 <= ytg <= togo), the score 0-0, quarter 1, no clock. Every snap turns a
 * play card drawn uniformly from the 24 with the rng (no deck; no quarter or half ends), and
 * both teams' timeouts are reset to the ruleset's count before it. Play goes on through punts,
 * turnovers and missed field goals; the game is OVER when a kickoff would follow a score (a
 * touchdown and its try, a field goal, a safety). Every other step is the game's own. */
void pb_game_start_drive(pb_game *g, int team, int togo, int down, int ytg);
/* pb_game_start_drive, then steps until the first score. 0, or -1 with g->error set. */
int pb_game_play_drive(pb_game *g, int team, int togo, int down, int ytg);

/* A game from a moment instead of the opening kickoff: `team` has the ball at m's field state
 * (m->togo, down, ytg) with m->left play cards left in half m->half (this snap's included; more
 * than plays_per_quarter: the half's first quarter), m->extras extra plays already added, its lead
 * m->lead (the trailing team's score 0), the timeouts m->timeouts_own / _opp, and in half 1
 * whether it receives the second-half kickoff. The quarter's deck (or count, with uniform cards)
 * is dealt and the cards already played skipped. m must describe a moment of the game (the
 * caller checks: half 1..2, 1 <= left <= cards per half, the field state as in drive mode; or
 * half 3, the overtime of OT=sudden-death, lead 0, 1 <= left <= plays_per_quarter). */
void pb_game_start_at(pb_game *g, int team, const pb_game_view *m);
/* pb_game_start_at, then steps until the game is over. 0, or -1 with g->error set. */
int pb_game_play_from(pb_game *g, int team, const pb_game_view *m);

/* Play cards left in the half, the current card included (what strategies see as `left`). */
int pb_game_cards_left_in_half(const pb_game *g);
/* Common random numbers (see pb_game.paired): after pb_game_init, before the start. */
void pb_game_pair(pb_game *g, uint64_t seed, uint64_t index, pb_rng *card_rng, pb_rng *dice_rng);

#define PB_GAME_MIX_SALT UINT64_C(0x5A175A175A175A17)
#define PB_GAME_DICE_SALT UINT64_C(0xD1CED1CED1CED1CE)
#define PB_GAME_CARD_SALT UINT64_C(0xCA7DCA7DCA7DCA7D)
#define PB_GAME_FILL_SALT UINT64_C(0xF111F111F111F111)

/* Replace this quarter's deck (tests): `cards` are turned in order, `aside` set aside. */
void pb_game_set_deck(pb_game *g, const int *cards, int ncards, const int *aside, int naside);

#endif
