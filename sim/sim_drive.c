/* sim/sim_drive.c: drive mode's counts and report (doc/sim.md, "Drive mode").
 *
 * Each drive adds its signed next-score points x (home minus away) to integer sums of x and
 * x^2, and its kind of score to a table: integers, summed in any order, so the report is the
 * same for any number of threads. The mean is printed correctly rounded from the exact
 * fraction; the standard error sqrt(s^2 / n), with s^2 the sample variance
 * (sum x^2 - (sum x)^2 / n) / (n - 1), is computed exactly as a fraction and only its square
 * root in floating point. */
#include <gmp.h>
#include <jansson.h>
#include <math.h>
#include <string.h>

#include "exact.h"
#include "sim.h"

void pb_sim_totals_add_drive(pb_sim_totals *t, const pb_game *g)
{
    pb_sim_totals_add_game(t, g);
    int64_t x = (int64_t)g->score[PB_HOME] - g->score[PB_AWAY];
    t->drive_sum += (uint64_t)x;
    t->drive_sum2 += (uint64_t)(x * x);
    for (int team = 0; team < 2; team++) {
        const int *s = g->stat[team];
        int kind = -1;
        if (s[PB_STAT_TD])
            kind = s[PB_STAT_TWO_MADE] ? PB_NEXT_TD2 : s[PB_STAT_PAT_MADE] ? PB_NEXT_TD1 : PB_NEXT_TD;
        else if (s[PB_STAT_FG_MADE])
            kind = PB_NEXT_FG;
        else if (s[PB_STAT_SAFETIES])
            kind = PB_NEXT_SAFETY;
        if (kind >= 0)
            t->drive_score[team][kind]++;
    }
}

static const char *const score_names[PB_NEXT_SCORE_COUNT] = {"td_2", "td_1", "td", "fg", "safety"};
static const char *const score_texts[PB_NEXT_SCORE_COUNT] = {"touchdown + 2", "touchdown + 1",
                                                              "touchdown (try failed)", "field goal", "safety"};

static void mpq_set_i64(mpq_t q, int64_t v)
{
    uint64_t mag = v < 0 ? -(uint64_t)v : (uint64_t)v;
    mpz_import(mpq_numref(q), 1, 1, sizeof mag, 0, 0, &mag);
    if (v < 0)
        mpz_neg(mpq_numref(q), mpq_numref(q));
    mpz_set_ui(mpq_denref(q), 1);
}

static void mpq_set_u64(mpq_t q, uint64_t v)
{
    mpz_import(mpq_numref(q), 1, 1, sizeof v, 0, 0, &v);
    mpz_set_ui(mpq_denref(q), 1);
}

/* The mean (exact) and the standard error of the mean. */
static void mean_se(const pb_sim_totals *t, mpq_t mean, double *se)
{
    uint64_t n = t->games;
    mpq_t s1, s2, nq, var;
    mpq_inits(s1, s2, nq, var, NULL);
    mpq_set_i64(s1, (int64_t)t->drive_sum);
    mpq_set_u64(s2, t->drive_sum2);
    mpq_set_u64(nq, n);
    mpq_set_ui(mean, 0, 1);
    *se = 0;
    if (n > 0)
        mpq_div(mean, s1, nq);
    if (n > 1) {
        mpq_mul(var, s1, mean);  /* (sum x)^2 / n */
        mpq_sub(var, s2, var);
        mpq_div(var, var, nq);   /* / n, then / (n - 1): the variance of the mean */
        mpq_set_u64(nq, n - 1);
        mpq_div(var, var, nq);
        *se = sqrt(mpq_get_d(var));
    }
    mpq_clears(s1, s2, nq, var, NULL);
}

static uint64_t snaps(const pb_sim_totals *t) { return t->stat[0][PB_STAT_SNAPS] + t->stat[1][PB_STAT_SNAPS]; }

static void ratio(char *buf, size_t len, uint64_t num, uint64_t den, int places, bool pct)
{
    if (!den) {
        snprintf(buf, len, "-");
        return;
    }
    mpq_t q;
    mpq_init(q);
    mpq_set_u64(q, num);
    mpz_import(mpq_denref(q), 1, 1, sizeof den, 0, 0, &den);
    mpq_canonicalize(q);
    if (pct)
        pb_exact_percent(buf, len, q, places);
    else
        pb_exact_decimal(buf, len, q, places);
    mpq_clear(q);
}

static void start_text(char *buf, size_t len, const pb_sim_config *cfg)
{
    static const char *const nth[] = {"", "1st", "2nd", "3rd", "4th"};
    const char *d = cfg->drive_down >= 1 && cfg->drive_down <= 4 ? nth[cfg->drive_down] : "?";
    if (cfg->drive_ytg == cfg->drive_togo && cfg->drive_togo <= cfg->rules->first_down_yards)
        snprintf(buf, len, "%s & goal at togo %d", d, cfg->drive_togo);
    else
        snprintf(buf, len, "%s & %d at togo %d", d, cfg->drive_ytg, cfg->drive_togo);
}

void pb_sim_drive_report_text(FILE *out, const pb_sim_config *cfg, const pb_sim_totals *t)
{
    char pol[160], start[64], buf[64], buf2[64];
    pb_policies_format(&cfg->policies, pol, sizeof pol);
    start_text(start, sizeof start, cfg);
    fprintf(out, "paperbowl sim --drive: %llu drives from %s (home has the ball), seed %llu\n",
            (unsigned long long)t->games, start, (unsigned long long)cfg->seed);
    fprintf(out, "ruleset %s; home %s, away %s\n", cfg->rules->source, pb_sim_team_label(cfg, PB_HOME, true),
            pb_sim_team_label(cfg, PB_AWAY, true));
    fprintf(out, "policies %s; evaluator %s\n", pol, cfg->eval ? "exact" : "none (best: no card timeouts, always return)");
    fprintf(out, "no clock: each snap's play card %s, timeouts %d,%d at every snap; a drive chain\n"
                 "ends at the first score (a touchdown with its try, a field goal, a safety)\n\n",
            cfg->drive_deck ? "turned from the real deck (dealt quarter decks)" : "drawn from the 24",
            cfg->rules->sw.timeouts, cfg->rules->sw.timeouts);
    mpq_t mean;
    mpq_init(mean);
    double se;
    mean_se(t, mean, &se);
    pb_exact_decimal(buf, sizeof buf, mean, 5);
    mpq_clear(mean);
    fprintf(out, "mean signed points (home - away)   %s\n", buf);
    fprintf(out, "standard error                     %.5f\n", se);
    ratio(buf, sizeof buf, snaps(t), t->games, 3, false);
    fprintf(out, "plays per drive chain              %s\n\n", buf);
    fprintf(out, "%-24s %12s %9s %12s %9s\n", "the chain ends in", "home scores", "", "away scores", "");
    uint64_t none = t->games;
    for (int k = 0; k < PB_NEXT_SCORE_COUNT; k++) {
        ratio(buf, sizeof buf, t->drive_score[0][k], t->games, 2, true);
        ratio(buf2, sizeof buf2, t->drive_score[1][k], t->games, 2, true);
        fprintf(out, "%-24s %12llu %9s %12llu %9s\n", score_texts[k], (unsigned long long)t->drive_score[0][k], buf,
                (unsigned long long)t->drive_score[1][k], buf2);
        none -= t->drive_score[0][k] + t->drive_score[1][k];
    }
    if (none)  /* not expected: every chain ends in a score */
        fprintf(out, "%-24s %12llu\n", "no score", (unsigned long long)none);
}

int pb_sim_drive_report_json(FILE *out, const pb_sim_config *cfg, const pb_sim_totals *t)
{
    char pol[160], seed[24], buf[64];
    pb_policies_format(&cfg->policies, pol, sizeof pol);
    snprintf(seed, sizeof seed, "%llu", (unsigned long long)cfg->seed);
    mpq_t mean;
    mpq_init(mean);
    double se;
    mean_se(t, mean, &se);
    pb_exact_decimal(buf, sizeof buf, mean, 6);
    double mean_d = mpq_get_d(mean);
    mpq_clear(mean);
    json_t *root = json_object();
    json_object_set_new(root, "mode", json_string("drive"));
    json_object_set_new(root, "drives", json_integer((json_int_t)t->games));
    json_object_set_new(root, "seed", json_string(seed));
    json_object_set_new(root, "ruleset", json_string(cfg->rules->name));
    json_object_set_new(root, "ruleset_source", json_string(cfg->rules->source));
    json_object_set_new(root, "home", json_string(pb_sim_team_label(cfg, PB_HOME, false)));
    json_object_set_new(root, "away", json_string(pb_sim_team_label(cfg, PB_AWAY, false)));
    json_object_set_new(root, "policies", json_string(pol));
    json_object_set_new(root, "evaluator", json_string(cfg->eval ? "exact" : "none"));
    json_object_set_new(root, "cards", json_string(cfg->drive_deck ? "real-deck" : "uniform"));
    json_object_set_new(root, "start", json_pack("{s:i,s:i,s:i}", "togo", cfg->drive_togo, "down", cfg->drive_down,
                                                 "ytg", cfg->drive_ytg));
    json_object_set_new(root, "mean", json_real(mean_d));
    json_object_set_new(root, "mean_decimal", json_string(buf));  /* correctly rounded, 6 places */
    json_object_set_new(root, "standard_error", json_real(se));
    json_object_set_new(root, "sum_points", json_integer((json_int_t)(int64_t)t->drive_sum));
    json_object_set_new(root, "sum_squares", json_integer((json_int_t)t->drive_sum2));
    json_object_set_new(root, "plays", json_integer((json_int_t)snaps(t)));
    static const char *const side[2] = {"home", "away"};
    json_t *ends = json_object();
    for (int team = 0; team < 2; team++) {
        json_t *o = json_object();
        for (int k = 0; k < PB_NEXT_SCORE_COUNT; k++)
            json_object_set_new(o, score_names[k], json_integer((json_int_t)t->drive_score[team][k]));
        json_object_set_new(ends, side[team], o);
    }
    json_object_set_new(root, "scores", ends);
    if (!root || json_dumpf(root, out, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(10)) != 0) {
        json_decref(root);
        return -1;
    }
    fputc('\n', out);
    json_decref(root);
    return 0;
}
