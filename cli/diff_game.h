/* cli/diff_game.h: `paperbowl diff A B --game` (cli/diff_game.c). */
#ifndef PB_DIFF_GAME_H
#define PB_DIFF_GAME_H

#include "play.h"

/* Solve both games and print what changes; an exit status (1: something changed). */
int pb_cli_diff_game(const pb_ruleset *a, const pb_ruleset *b, const pb_policies *pol, int threads, int lead_cap);

#endif
