/* tables/data_sim.c: the report's whole games (see data.h pb_table_sim_run): the simulator run
 * as `paperbowl sim` runs it by default (coach against coach, the real deck, the exact evaluator
 * behind the "best" policies), its integer totals kept for the report's whole-game section. */
#include <stdlib.h>
#include <string.h>

#include "data.h"
#include "enumerate.h"
#include "strategy.h"

int pb_table_sim_run(pb_table_data *d, uint64_t games, uint64_t seed, int threads, char *err, size_t errlen)
{
    pb_strategy st[2];
    if (pb_strategy_load(&st[PB_HOME], PB_STRATEGY_DEFAULT, err, errlen) != 0)
        return -1;
    if (pb_strategy_load(&st[PB_AWAY], PB_STRATEGY_DEFAULT, err, errlen) != 0) {
        pb_strategy_release(&st[PB_HOME]);
        return -1;
    }
    int rc = -1;
    pb_sim_eval *memo = pb_sim_eval_create(pb_enum_evaluator(), &d->rules, &d->policies);
    pb_sim_totals *t = malloc(sizeof *t);
    if (!memo || !t) {
        snprintf(err, errlen, "out of memory");
    } else {
        pb_sim_config cfg;
        memset(&cfg, 0, sizeof cfg);
        cfg.rules = &d->rules;
        cfg.policies = d->policies;
        cfg.eval = pb_sim_eval_evaluator(memo);
        cfg.timeouts = pb_sim_eval_decider(memo);
        cfg.returns = pb_sim_eval_return_decider(memo);
        cfg.strategy[PB_HOME] = &st[PB_HOME];
        cfg.strategy[PB_AWAY] = &st[PB_AWAY];
        cfg.seed = seed;
        cfg.games = games;
        cfg.threads = threads > 0 ? threads : 1;
        cfg.drive_down = 1;
        if (pb_sim_run(&cfg, t, err, errlen) == 0) {
            free(d->sim);
            d->sim = t;
            d->sim_seed = seed;
            t = NULL;
            rc = 0;
        }
    }
    free(t);
    pb_sim_eval_free(memo);
    pb_strategy_release(&st[PB_HOME]);
    pb_strategy_release(&st[PB_AWAY]);
    return rc;
}
