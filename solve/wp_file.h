/* solve/wp_file.h: the game solver's value file: a solved game written once, read by later
 * commands (`solve wp`, `sim` with a solved strategy, the checks).
 *
 * Format: a text header (magic "PBWP 5", a file of another version refused, one whose line ends
 * were converted to CR LF refused for that reason; the ruleset's name and
 * the FNV-1a hash of its canonical text with every switch, the policies, the geometry: lead cap,
 * timeouts, extra plays, cards per half, downs, which states are kept (full 0: the headline; 1: every one; "last K": every
 * one of half 2's last K cards, its extra plays and the overtime); the solve's figures:
 * layers, states, largest interval, largest exploitability, rounding allowance; the payload size),
 * "end", the binary payload (blocks of doubles, floats and the reachable states' flags in this
 * machine's byte order: the 1st downs as a float midpoint each and a float half-width per ten
 * yards of togo, the extra-play layers' headline, the play cells of every togo where the values
 * outweigh them), then the trailer: each block's hash (FNV-1a by 8-byte words), their
 * count, and the FNV-1a hash of the header's bytes, those hashes and the count (8 bytes each). Every header field is read strictly (in range, finite,
 * written as the writer writes it); the header's hash is checked before any field is used.
 * Written to a temporary file in the same directory and renamed: the file appears complete or
 * not at all. A file whose header does not match the ruleset, switches and policies asked for is
 * refused as stale; a short file, a bad header or a wrong hash as corrupt. */
#ifndef PB_WP_FILE_H
#define PB_WP_FILE_H

#include <stddef.h>

#include "wp.h"

int pb_wp_file_write(const pb_wp *w, const char *path, char *err, size_t errlen);
/* Read `path` for (rules, policies); lead_cap > 0 must match too. Builds the play tables (the
 * answers need them). 0, or -1 and a message naming the file. */
int pb_wp_file_read(pb_wp **out, const char *path, const pb_ruleset *rules, const pb_policies *pol, int lead_cap,
                    int threads, char *err, size_t errlen);
/* The same for one moment's answers (pb_wp_value_at, pb_wp_detail_at of m, or of m with other
 * alternatives asked at the same layers): reads only the blocks those answers need (the moment's
 * layer, the one below, the whole game's, for a snap the headline of the layers a recomputation
 * reads) and enumerates no play when the file keeps the play cells (else m's togo's, and each togo
 * a recomputation reaches as it reaches it). Any other moment of the pb_wp reads values never loaded: ask it of a pb_wp
 * from pb_wp_file_read. 0, or -1 and a message naming the file. */
int pb_wp_file_read_moment(pb_wp **out, const char *path, const pb_ruleset *rules, const pb_policies *pol,
                           int lead_cap, const pb_wp_moment *m, char *err, size_t errlen);
/* The solved w's values as its value file gives them back (the 1st downs are kept as a float
 * midpoint and a rounded-up half-width: wider bounds), so that what is printed from a solve is
 * what is printed from its file, byte for byte. 0, or -1 when out of memory (w unchanged or as read). */
int pb_wp_file_as_read(pb_wp *w);
/* What a value file keeps, from its header and trailer alone (checked as pb_wp_file_read checks them;
 * no block read, no table built): *keep_all 1 when every state, else *keep_last K > 0 when half 2's
 * last K cards', else the headline only. 0, or -1 and a message naming the file. */
int pb_wp_file_kept(const char *path, const pb_ruleset *rules, const pb_policies *pol, int lead_cap, int *keep_all,
                    int *keep_last, char *err, size_t errlen);
/* The header's fingerprint of (rules, policies): "ruleset <name>\nruleset_fnv <hex>\npolicies ...\n". */
int pb_wp_file_fingerprint(const pb_ruleset *rules, const pb_policies *pol, char *buf, size_t len);
/* Does the solved game keep every state (keep_all)? */
int pb_wp_is_full(const pb_wp *w);
/* K when it keeps every state of half 2's last K cards only (keep_last, `solve game --full-last K`),
 * else 0. */
int pb_wp_kept_last(const pb_wp *w);

#endif
