/* cli/diff_game.h: `paperbowl diff A B --game` (cli/diff_game.c). */
#ifndef PB_DIFF_GAME_H
#define PB_DIFF_GAME_H

#include "play.h"
#include "wp.h"

/* Where each game comes from: solved (cache NULL), or read from the directory `cache` when its
 * value file there is fresh, else solved and written there (the file named by the ruleset and
 * its flipped switches, as `solve game --output DIR` names it). */
typedef struct {
    const char *cache;
    const char *const *switches[2];
    int nswitches[2];
} pb_cli_diff_game_src;

/* Solve both games (or read them: src) and print what changes; an exit status (1: something
 * changed). label_a and label_b name the sides in the header (the ruleset and its flipped
 * switches; NULL: the name). */
int pb_cli_diff_game(const pb_ruleset *a, const pb_ruleset *b, const char *label_a, const char *label_b,
                     const pb_policies *pol, int threads, int lead_cap, const pb_cli_diff_game_src *src);

/* Does a value change from a to b? Only when |b - a| > the sum of their certified bounds (as
 * `diff --solve` counts). */
int pb_cli_diff_game_changed(const pb_wp_value *a, const pb_wp_value *b);
/* The decimals (6..15) that show a change from a to b: 10^-digits <= |b - a| when they differ. */
int pb_cli_diff_game_digits(double a, double b);

#endif
