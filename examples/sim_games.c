/* examples/sim_games.c: whole games through the installed library, the way `paperbowl sim`
 * plays them: the coach strategy on both sides, the "best" policies with the exact evaluator
 * (memoized for the simulator), N games from seed S on 2 threads. Prints the JSON report,
 * byte for byte `paperbowl sim --games N --seed S --json`.
 *
 *     cc sim_games.c $(pkg-config --cflags --libs paperbowl) -o sim_games && ./sim_games 2000 7 */
#include <stdio.h>
#include <stdlib.h>

#include <paperbowl/enumerate.h>
#include <paperbowl/sim.h>

int main(int argc, char **argv)
{
    uint64_t games = argc > 1 ? strtoull(argv[1], NULL, 10) : 2000;
    uint64_t seed = argc > 2 ? strtoull(argv[2], NULL, 10) : 7;
    char err[PB_ERR_MAX];
    int rc = 1;

    pb_ruleset *rules = malloc(sizeof *rules);
    pb_strategy *coach = malloc(sizeof *coach);
    if (!rules || !coach) {
        fprintf(stderr, "sim_games: out of memory\n");
        free(rules);
        free(coach);
        return 1;
    }
    if (pb_ruleset_load(rules, PB_RULESET_DEFAULT, err, sizeof err) != 0 ||
        pb_strategy_load(coach, PB_STRATEGY_DEFAULT, err, sizeof err) != 0) {
        fprintf(stderr, "sim_games: %s\n", err);
        free(rules);
        free(coach);  /* a failed load leaves the strategy released */
        return 1;
    }
    pb_policies best = {0};  /* challenge, timeout, penalty, return: all "best" */
    pb_sim_eval *memo = pb_sim_eval_create(pb_enum_evaluator(), rules, &best);
    pb_sim_totals *totals = malloc(sizeof *totals);
    if (memo && totals) {
        pb_sim_config cfg = {
            .rules = rules,
            .policies = best,
            .eval = pb_sim_eval_evaluator(memo),
            .timeouts = pb_sim_eval_decider(memo),
            .returns = pb_sim_eval_return_decider(memo),
            .strategy = {coach, coach},  /* PB_HOME, PB_AWAY: one strategy may serve both */
            .seed = seed,
            .games = games,
            .threads = 2,
        };
        if (pb_sim_run(&cfg, totals, err, sizeof err) != 0)
            fprintf(stderr, "sim_games: %s\n", err);
        else if (pb_sim_report_json(stdout, &cfg, totals) != 0)
            fprintf(stderr, "sim_games: out of memory\n");
        else
            rc = 0;
    } else {
        fprintf(stderr, "sim_games: out of memory\n");
    }
    free(totals);
    pb_sim_eval_free(memo);
    pb_strategy_release(coach);
    free(coach);
    free(rules);
    return rc;
}
