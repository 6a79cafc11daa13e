/* cli/cli_progress.h: the progress line on stderr (cli/cli_progress.c): what a long command is doing, how
 * far it has come and an estimate of the time left, one line rewritten with \r. Shown only when
 * stderr is a terminal, never in files or pipes, and never with --no-progress (pb_cli_main takes
 * it out of the arguments for every command). The library's reports (core/progress.h) come here. */
#ifndef PB_CLI_PROGRESS_H
#define PB_CLI_PROGRESS_H

#include <stdbool.h>

/* Before the command runs: `cmd` names the line ("paperbowl solve: ..."); enabled when stderr is
 * a terminal and `allowed` (no --no-progress). Installs the library's callback. */
void pb_cli_progress_init(const char *cmd, bool allowed);
/* Is the line shown at all? */
bool pb_cli_progress_enabled(void);
/* An outer step: job k (from 0) of n, named `label` (e.g. "game 2 of 27"); the reports that follow
 * are read as the part done of that job. n = 0 ends the stage. */
void pb_cli_progress_stage(int k, int n, const char *label);
/* `what` is at `done` of `total` (total 0: not known). Thread-safe; drawn at most ~8 times a second. */
void pb_cli_progress(const char *what, double done, double total);
/* The time left that the line shows at time t (seconds; -1: none yet): the step began at t0
 * with the fraction f0 done, its last report at tr reached f, and its advances have averaged df
 * of the whole. Until an average advance's time has passed since tr the work is taken to go on
 * at the step's rate (the estimate counts down), at most half of what is left; after that no
 * further progress is assumed (it grows). */
double pb_cli_time_left(double t, double t0, double f0, double tr, double f, double df);
/* Clear the line (before printing results, and at the end of the command). */
void pb_cli_progress_clear(void);

#endif
