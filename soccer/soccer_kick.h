/* soccer/soccer_kick.h: one kick of Masume Soccer TACTICS resolved exactly, given the squares
 * along its line.
 *
 * A line is the squares from the kicker outward in the called direction, one character each:
 *   .  empty            T  a teammate          O  an opponent        K  the opponent goalkeeper
 *   G  the goal mouth (the line ends there)    |  the touch or end line (the ball goes out)
 * Past the last character the field is empty. "....K.G": the keeper 5 squares away, the goal at 7.
 *
 * A kick is decided by one die (grounder, lob) or none (inside). ms_kick_resolve gives the
 * outcome of one face and, when asked, the ruling step by step; ms_kick_dist gives the exact
 * distribution over the six faces (fractions of 1/6 that sum to 1). */
#ifndef MS_KICK_H
#define MS_KICK_H

#include <gmp.h>
#include <stdbool.h>
#include <stddef.h>

#include "soccer_rules.h"

#define MS_LINE_MAX 24

typedef enum { MS_GROUNDER, MS_LOB, MS_INSIDE } ms_kick_type;
typedef enum {
    MS_KICKER_FIELD,      /* any field player, or a goalkeeper outside his penalty area */
    MS_KICKER_GK_AREA,    /* the goalkeeper in his own penalty area, in open play (M12) */
    MS_KICKER_GOAL_KICK,  /* the goalkeeper's goal kick (ゴールキック1/2): +2 */
} ms_kicker;

typedef struct {
    ms_kick_type type;
    ms_kicker kicker;
    char line[MS_LINE_MAX + 1];
    int inside_dist;  /* MS_INSIDE: 1 or 2 */
} ms_kick;

typedef enum {
    MS_OUT_LOOSE,    /* the ball stops on an empty square (short, or into space): a loose ball */
    MS_OUT_PASS,     /* a teammate keeps it (at his feet, trapped, or a lob landing on him) */
    MS_OUT_STEAL,    /* an opponent (or the keeper: a catch) keeps it */
    MS_OUT_DEFLECT,  /* a player the ball reaches too hard deflects it `deflect` squares */
    MS_OUT_GOAL,
    MS_OUT_OVER,     /* past the goal: over the bar (lob) or wide (grounder, M6 exact): goal kick */
    MS_OUT_OUT,      /* across the touch / end line */
    MS_OUT_BARRED,   /* an inside kick the rules do not allow on this line */
    MS_OUT_KINDS
} ms_outcome_kind;

typedef struct {
    ms_outcome_kind kind;
    int square;          /* where the ball stops, or the square of the player it met */
    char who;            /* 'T', 'O', 'K' for PASS / STEAL / DEFLECT, else 0 */
    bool trapped;        /* PASS/STEAL of a grounder at +1 (trapped), not at the feet */
    int deflect;         /* DEFLECT: how many squares */
    bool kicker_chooses; /* DEFLECT: the direction is the kicking side's choice (M4, or a teammate) */
    bool deflect_scores; /* DEFLECT: straight on along the line, the ball goes in */
} ms_outcome;

/* A line checked: 0, or -1 and a message ("line 'x': ...") */
int ms_line_check(const char *line, char *err, size_t errlen);
/* The character at square s (1-based); '.' past the end. */
char ms_line_at(const char *line, int s);

/* The die value after the advantages (face + goal-kick +2, lob +2 per M1/M2/M12). */
int ms_kick_value(const ms_rules *r, const ms_kick *k, int face);

/* One face (1..6; ignored for inside kicks). steps, when not NULL, receives the ruling as
 * numbered lines (NUL-terminated, cut at len). */
void ms_kick_resolve(const ms_rules *r, const ms_kick *k, int face, ms_outcome *o, char *steps, size_t len);

/* Outcomes of the six faces merged: n entries with their probabilities (initialized here;
 * ms_dist_clear releases them). */
typedef struct {
    ms_outcome o[MS_FACES];
    int faces[MS_FACES][MS_FACES + 1];  /* the faces giving each outcome, 0-terminated */
    mpq_t p[MS_FACES];
    int n;
} ms_dist;
void ms_kick_dist(const ms_rules *r, const ms_kick *k, ms_dist *d);
void ms_dist_clear(ms_dist *d);

/* P(kind) over the faces, e.g. P(goal); with_chosen adds deflections the kicker sends in. */
void ms_kick_p(mpq_t out, const ms_rules *r, const ms_kick *k, ms_outcome_kind kind, bool with_chosen);

/* "pass to the teammate 4 squares away (trapped)": a short description. */
void ms_outcome_text(const ms_outcome *o, char *buf, size_t len);
const char *ms_outcome_name(ms_outcome_kind k);

#endif
