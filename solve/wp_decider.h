/* solve/wp_decider.h: a solved game as the simulator's coach for a team: the pb_game_decider
 * callbacks of sim/game.h, reading the pb_wp (the states it keeps, and those it does not keep
 * recomputed from them). Thread-safe: the pb_wp is only read (the play cells of a togo a
 * recomputation reaches are built into it under a lock). */
#ifndef PB_WP_DECIDER_H
#define PB_WP_DECIDER_H

#include <stddef.h>

#include "game.h"
#include "sim.h"
#include "wp.h"

/* A solved game as a coach for games from the opening kickoff: every state kept (keep_all) is read;
 * a layer the value file does not keep (the headline file of the default game keeps only the 1st
 * downs, kicks and tries of each layer) is recomputed, moment by moment, from the kept states
 * (wp_detail.c, wp_moment.c), each thread keeping the choices it computed. 0, or -1 and a message
 * (pb_wp_decider_fits). w must outlive the decider. */
int pb_wp_decider_init(pb_game_decider *d, const pb_wp *w, char *err, size_t errlen);
/* Would a value file that keeps every state (keep_all), or half 2's last keep_last cards' (else the
 * headline only), give a decider from `from` (NULL: the kickoff)? Every file does, except that a
 * game solved with in-play decisions by value (in_play_by_value) needs every state of the layers its
 * games reach: keep_all, or a start in half 2 with at most keep_last cards left or in the overtime.
 * 0, or -1 and the reason: asked of a file's header (pb_wp_file_kept) before it is read. */
int pb_wp_decider_fits(int keep_all, int keep_last, int in_play_by_value, const pb_wp_moment *from, char *err,
                       size_t errlen);
/* The same for games that start at `from` (NULL: the opening kickoff). */
int pb_wp_decider_init_from(pb_game_decider *d, const pb_wp *w, const pb_wp_moment *from, char *err, size_t errlen);

/* cfg's whole games (from the opening, or from cfg->start) played layer by layer (wp_lockstep.c):
 * every card of a half takes each game one layer down, so the games go through the layers
 * together, and the stretch of layers they are in is solved again and held whole meanwhile. w is
 * a solve with pb_wp_opts.checkpoint > 0 and cfg's deciders read it; w is left with its checkpoints
 * and headline. The totals are those pb_sim_run gives with cfg on a solve that kept every state,
 * for any thread count. 0, or -1 and a message. */
/* With ncfg > 1 configurations (cfg[k], totals out[k]) the same games of each are played side by
 * side (the same seed and count; each its start), and `pairs` (may be NULL; cfg[0] and cfg[1] of
 * one start, e.g. the uniform card and the real deck on common random numbers) sums the difference
 * of each game's result between cfg[1] and cfg[0]: the opening kicker's (from a moment, the home
 * team's), 2 a win, 1 a tie, 0 a loss. */
typedef struct {
    long long n, sum, sum2;
} pb_wp_pairs;
int pb_wp_lockstep_run(pb_wp *w, const pb_sim_config *cfg, int ncfg, pb_sim_totals *out, pb_wp_pairs *pairs,
                       char *err, size_t errlen);
#endif
