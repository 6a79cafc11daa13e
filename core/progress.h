/* core/progress.h: how long work tells how far it has come, without printing (library code never
 * prints). One process-wide callback, installed by the program (the CLI draws a line on a
 * terminal's stderr: cli/progress.c); library code calls pb_progress_report at its natural steps
 * (a layer of the game solver, a unit of a verify sweep), from any thread. With no callback
 * installed (the default, and every library user that does not ask) a report costs one atomic
 * load. */
#ifndef PB_PROGRESS_H
#define PB_PROGRESS_H

/* `what` is done to `done` of `total` units (total 0: how far is not known). Called from any
 * thread, possibly at once: the callback must be thread-safe and quick. */
typedef void (*pb_progress_fn)(void *self, const char *what, double done, double total);

/* Install fn (NULL: none) with its self; before the work starts, not while it runs. */
void pb_progress_set(pb_progress_fn fn, void *self);
/* Report to the installed callback, if any. */
void pb_progress_report(const char *what, double done, double total);

#endif
