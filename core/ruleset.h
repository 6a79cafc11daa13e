/* core/ruleset.h: a PAPER BOWL ruleset as data.
 *
 * Every number of the rulebook and every switch of doc/model.md section 7 lives here.
 * A pb_ruleset is filled once by the loader (ruleset_load.c) and is immutable afterwards:
 * every driver (simulator, enumerator, walker) only reads it.
 *
 * Field positions are `togo`: yards from the ball to the opponent's goal line (1..99).
 * Die faces are kept as bit masks: bit f (1..6) set means "a die showing f". */
#ifndef PB_RULESET_H
#define PB_RULESET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#define PB_DEFENSE_COUNT 5
#define PB_CARD_COUNT 24
#define PB_FG_ROWS_MAX 8
#define PB_NAME_MAX 64
#define PB_ERR_MAX 512

/* A die-face mask: bit f for face f (1..6). */
typedef unsigned pb_faces;
#define PB_FACE(f) (1u << (f))
#define PB_FACES_ALL (PB_FACE(1) | PB_FACE(2) | PB_FACE(3) | PB_FACE(4) | PB_FACE(5) | PB_FACE(6))

typedef struct {
    int run_value;          /* subtracted from a non-doubles run roll */
    pb_faces short_faces;   /* Short Pass incomplete when a die shows one of these */
    pb_faces long_faces;    /* Long Pass incomplete when a die shows one of these */
    pb_faces short_red;     /* the same inside the red zone */
    pb_faces long_red;
} pb_defense_card;

/* The fixed set of card behaviours; a ruleset picks one per card and sets its parameters. */
typedef enum {
    PB_EFFECT_NONE,
    PB_EFFECT_INTERCEPT,      /* trigger on a completed pass: interception */
    PB_EFFECT_FUMBLE,         /* trigger after the gain: the defense recovers */
    PB_EFFECT_CHALLENGE,      /* a challenge of a completion (defense) or incompletion (offense) */
    PB_EFFECT_FOUL,           /* a foul by offense or defense, pre-snap or during the play */
    PB_EFFECT_MULTIPLY,       /* every roll's distance times `factor` */
    PB_EFFECT_IGNORE_DEFENSE, /* run: no run value on a non-doubles first roll; pass: no defense numbers */
    PB_EFFECT_DOUBLES_MULTIPLY, /* a doubles roll is sum * factor, and so are the re-rolls */
    PB_EFFECT_ADD,            /* every roll's distance plus `yards` */
    PB_EFFECT_SUBTRACT,       /* the final gain minus `yards`, once */
    PB_EFFECT_HALVE,          /* every roll's distance (or the total) divided by `divisor` */
    PB_EFFECT_SACK,           /* trigger before the pass: sack for `yards` */
    PB_EFFECT_CHANGE_CARD,    /* the side taking the timeout may change its card */
    PB_EFFECT_COUNT
} pb_effect_kind;

typedef enum { PB_PLAYS_ALL, PB_PLAYS_RUN, PB_PLAYS_PASS } pb_plays;
typedef enum { PB_SIDE_NONE, PB_SIDE_OFFENSE, PB_SIDE_DEFENSE } pb_side;
typedef enum { PB_ON_COMPLETE, PB_ON_INCOMPLETE } pb_challenge_on;

typedef struct {
    char name[PB_NAME_MAX];
    pb_effect_kind effect;
    pb_plays plays;          /* which plays the card applies to */
    pb_side timeout;         /* NONE, or the side whose pre-snap timeout enables the effect */
    bool trigger_doubles;    /* intercept / fumble / sack: triggered by doubles ... */
    pb_faces trigger_faces;  /* ... or by a die showing one of these faces */
    pb_side challenge;       /* who may challenge the card's ruling (NONE: nobody) */
    pb_challenge_on challenge_on; /* PB_EFFECT_CHALLENGE: what may be overturned */
    bool turnover_return;    /* intercept / fumble: the defense returns the ball */
    bool ignore_defense;     /* intercept: the defense numbers are ignored */
    bool no_chain;           /* intercept: no re-roll after a doubles interception */
    bool presnap;            /* foul: before the snap (declined = no gain) or during the play */
    bool requires_lead;      /* foul: only when the offense leads */
    pb_faces foul_offense;   /* foul: a die shows one of these and none of foul_defense */
    pb_faces foul_defense;   /* foul: a die shows one of these and none of foul_offense */
    int yards;               /* foul / sack / add / subtract */
    int factor;              /* multiply / doubles-multiply */
    int divisor;             /* halve */
} pb_play_card;

/* The switches of doc/model.md section 7 that have alternatives. */
typedef enum { PB_ENDLINE_GT, PB_ENDLINE_GE } pb_sw_endline;
typedef enum { PB_I02_FIRST_ROLL, PB_I02_CHAIN_FIRST } pb_sw_i02_spot;
typedef enum { PB_F03INC_NO_FUMBLE, PB_F03INC_AT_SCRIMMAGE } pb_sw_f03_inc;
typedef enum { PB_F03SPOT_WHOLE_GAIN, PB_F03SPOT_FIRST_ROLL } pb_sw_f03_spot;
typedef enum { PB_F04SPOT_CHAIN_FIRST, PB_F04SPOT_FIRST_ROLL } pb_sw_f04_spot;
typedef enum { PB_FOWNEZ_DEFENSIVE_TD, PB_FOWNEZ_SAFETY } pb_sw_f_own_ez;
typedef enum { PB_C06_COMPLETE, PB_C06_NO_CHALLENGE } pb_sw_c06_endline;
typedef enum { PB_C17INC_NOT_APPLIED, PB_C17INC_APPLIED } pb_sw_c17_inc;
typedef enum { PB_ROUND_TOWARD_ZERO, PB_ROUND_FLOOR } pb_sw_round;
typedef enum { PB_HALVE_EACH_ROLL, PB_HALVE_TOTAL } pb_sw_halve_each;
typedef enum { PB_C15_ALL, PB_C15_DOUBLES_ONLY } pb_sw_c15_reroll;
typedef enum { PB_PEN1ST_FIRST_DOWN, PB_PEN1ST_NO_FIRST_DOWN } pb_sw_pen_1st;
typedef enum { PB_OT_NONE, PB_OT_SUDDEN_DEATH } pb_sw_ot;

/* Each field holds one of its enum's values; kept as int so that the switch table
 * (switches.c) can reach every switch the same way. */
typedef struct {
    int end_line;            /* pb_sw_endline    END-LINE */
    int i02_spot;            /* pb_sw_i02_spot   I02-SPOT */
    int f03_inc;             /* pb_sw_f03_inc    F03-INC */
    int f03_spot;            /* pb_sw_f03_spot   F03-SPOT */
    int f04_spot;            /* pb_sw_f04_spot   F04-SPOT */
    int f_own_ez;            /* pb_sw_f_own_ez   F-OWN-EZ */
    int c06_endline;         /* pb_sw_c06_endline C06-ENDLINE */
    int c17_inc;             /* pb_sw_c17_inc    C17-INC */
    int c18_round;           /* pb_sw_round      C18-ROUND */
    int halve_each;          /* pb_sw_halve_each HALVE-EACH */
    int c15_reroll;          /* pb_sw_c15_reroll C15-REROLL */
    int pen_1st;             /* pb_sw_pen_1st    PEN-1ST */
    int timeouts;            /* TIMEOUTS: per team per half */
    int overtime;            /* pb_sw_ot         OT */
} pb_switches;

typedef struct { int max_togo; pb_faces faces; } pb_fg_row;

typedef struct {
    char name[PB_NAME_MAX];
    char source[256];          /* where it came from: "v1.11-ja (embedded)" or a path */

    /* field */
    int red_zone;              /* red zone: togo <= red_zone */
    int end_zone_depth;        /* end line = togo + end_zone_depth */
    int touchback_togo;        /* touchback: start at togo 80 (the file says `touchback = 20`, the own 20) */
    int downs;                 /* downs to gain ytg */
    int first_down_yards;      /* 10 */

    /* offense */
    int short_multiplier;      /* Short Pass distance = sum * this */
    int long_multiplier;       /* Long Pass distance = sum * this */
    pb_defense_card defense[PB_DEFENSE_COUNT];
    pb_play_card card[PB_CARD_COUNT];

    /* kicks */
    int kickoff_from;          /* kicking team's own yard line (30) */
    int kickoff_base;          /* distance = sum * kickoff_multiplier + base */
    int kickoff_multiplier;
    int free_kick_from;        /* after a safety (20) */
    int onside_multiplier;     /* distance = die * this */
    int onside_keep_at_least;  /* kicking team keeps when distance >= this */
    int punt_distance;
    int return_multiplier;     /* non-doubles return: sum * this */
    int return_doubles_multiplier;
    int fg_max_togo;           /* field goal allowed when togo <= this */
    int fg_row_count;
    pb_fg_row fg_rows[PB_FG_ROWS_MAX]; /* ascending max_togo; success if a die shows a face */
    bool fg_doubles;           /* doubles always succeed */
    int pat_kick_at_least;     /* PAT kick good when sum >= this */
    int two_point_togo;

    /* penalties and game */
    bool half_distance;
    int quarters;
    int plays_per_quarter;
    int set_aside;             /* play cards set aside each quarter */
    int extra_plays_max;       /* extra plays at the end of a half; -1 = no limit */

    pb_switches sw;
} pb_ruleset;

/* Names of the embedded rulesets, NULL-terminated. */
extern const char *const pb_ruleset_builtin_names[];
#define PB_RULESET_DEFAULT "v1.11-ja"

/* The text of an embedded ruleset, or NULL. */
const char *pb_ruleset_builtin_text(const char *name);

/* Load a ruleset from a builtin name or a file path. On error returns -1 and writes
 * "FILE:LINE:COL: message" (no "error: " prefix) into err. */
int pb_ruleset_load(pb_ruleset *out, const char *name_or_path, char *err, size_t errlen);

/* Name a ruleset read from the file `path` by its file when it calls itself by an embedded
 * ruleset's name (`rules show > my.ini`, then edited) but differs from that one: name "my" (the
 * file's name without folder and extension; "v1.11-ja-edited" for a file v1.11-ja.ini), source
 * "PATH, based on v1.11-ja". Unchanged otherwise (an embedded ruleset, an unedited copy, a file
 * with a name of its own). The commands call it after pb_ruleset_load. 0, or -1 (out of memory). */
int pb_ruleset_name_by_file(pb_ruleset *rs, const char *path);

/* Parse ruleset text; `label` names it in error messages. */
int pb_ruleset_parse(pb_ruleset *out, const char *text, const char *label, char *err, size_t errlen);

const char *pb_effect_name(pb_effect_kind k);   /* "intercept", ... */
/* "1 6", or "-" for none. */
void pb_faces_format(pb_faces f, char *buf, size_t len);

/* Print the ruleset in the file format (parsing the output gives the same ruleset). */
void pb_ruleset_write(const pb_ruleset *rs, FILE *out);

#endif
