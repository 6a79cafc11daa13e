/* solve/wp_decider.h: a solved game (every state kept) as the simulator's coach for a team: the
 * pb_game_decider callbacks of sim/game.h, reading the pb_wp. Thread-safe: the pb_wp is only read. */
#ifndef PB_WP_DECIDER_H
#define PB_WP_DECIDER_H

#include <stddef.h>

#include "game.h"
#include "wp.h"

/* 0, or -1 and a message when w does not keep every state. w must outlive the decider. */
int pb_wp_decider_init(pb_game_decider *d, const pb_wp *w, char *err, size_t errlen);
/* The same for games that start at `from` (NULL: the opening kickoff): a w that keeps every state of
 * half 2's last K cards only (pb_wp_kept_last) serves a start in half 2 with at most K cards left,
 * or in the overtime; any other start is refused with a message. */
/* Would a value file that keeps every state (keep_all), or half 2's last keep_last cards' (else the
 * headline only), give a decider from `from` (NULL: the kickoff)? 0, or -1 and the reason
 * (pb_wp_decider_init_from's): asked of a file's header (pb_wp_file_kept) before it is read. */
int pb_wp_decider_fits(int keep_all, int keep_last, const pb_wp_moment *from, char *err, size_t errlen);
int pb_wp_decider_init_from(pb_game_decider *d, const pb_wp *w, const pb_wp_moment *from, char *err, size_t errlen);

#endif
