/* cli/verify_game.h: `paperbowl verify switches --game` (cli/verify_game.c). */
#ifndef PB_VERIFY_GAME_H
#define PB_VERIFY_GAME_H

#include "play.h"

/* Solve the game at every alternative value of every switch and rank the switches by how far they
 * move it. An exit status. */
int pb_cli_verify_switches_game(const pb_ruleset *rs, const pb_policies *pol, int threads, int lead_cap);

#endif
