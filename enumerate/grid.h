/* enumerate/grid.h: the grid of every cell (issue 3): Run / Short Pass / Long Pass x Defense
 * 1-5 x card none and 01-24 (optionally the deck) x togo 1-99 at the default situation
 * (1st and 10 or goal to go, tied, full timeouts), then every special-teams cell. One line
 * per cell with its exact summaries, in a fixed order (the output does not depend on how the
 * cells were scheduled). */
#ifndef PB_GRID_H
#define PB_GRID_H

#include <stdbool.h>
#include <stddef.h>

#include "enumerate.h"

typedef struct {
    pb_action action;
    pb_offense offense;   /* play, two-point */
    int defense;          /* play, two-point */
    int card;             /* play: 0 none, 1..24, PB_CARD_DECK */
    int togo;             /* play, punt, return, field goal; 0 otherwise */
} pb_grid_cell;

typedef enum { PB_GRID_CSV, PB_GRID_JSONL } pb_grid_format;

/* The cells in output order (malloc'd; the caller frees). with_deck adds the deck after
 * card 24 for each offense x defense. 0 (and *out NULL): out of memory. */
size_t pb_grid_cells(const pb_ruleset *rs, bool with_deck, pb_grid_cell **out);

/* The header line (CSV) or NULL (JSONL). decimals > 0 adds a decimal column per summary. */
const char *pb_grid_header(pb_grid_format f, int decimals, char *buf, size_t len);

/* One cell's line (malloc'd, ending in '\n'), or NULL and a message. */
char *pb_grid_line(const pb_play_env *env, const pb_grid_cell *c, int depth, pb_grid_format f, int decimals,
                   char *err, size_t errlen);

/* The cell's name: "play", "kickoff", "free_kick", "onside", "onside_free", "punt", "return",
 * "field_goal", "pat", "two_point". */
const char *pb_grid_action_name(pb_action a);

#endif
