/* sim/sim_report.c: the simulator's summary, as text for people and JSON for machines.
 *
 * Every figure is an integer count or a ratio of counts; ratios are printed correctly rounded
 * from the exact fraction (core/exact.h), never through a double. Nothing here depends on the
 * number of threads, so the output is byte-identical for any --threads. */
#include <gmp.h>
#include <jansson.h>
#include <string.h>

#include "exact.h"
#include "sim.h"

/* ---- exact ratios ---- */

/* num / den as an exact rational, to `places` decimals or as a percentage; "-" when den is 0.
 * Stat sums are kept as two's complement in uint64_t, so num is read back signed. */
static const char *fmt(char *buf, size_t len, int64_t num, uint64_t den, int places, bool pct)
{
    if (!den) {
        snprintf(buf, len, "-");
        return buf;
    }
    uint64_t mag = num < 0 ? -(uint64_t)num : (uint64_t)num;
    mpq_t q;
    mpq_init(q);
    mpz_import(mpq_numref(q), 1, 1, sizeof mag, 0, 0, &mag);
    if (num < 0)
        mpz_neg(mpq_numref(q), mpq_numref(q));
    mpz_import(mpq_denref(q), 1, 1, sizeof den, 0, 0, &den);
    mpq_canonicalize(q);
    if (pct)
        pb_exact_percent(buf, len, q, places);
    else
        pb_exact_decimal(buf, len, q, places);
    mpq_clear(q);
    return buf;
}

static const char *ratio(char *buf, size_t len, uint64_t num, uint64_t den, int places)
{
    return fmt(buf, len, (int64_t)num, den, places, false);
}

static const char *percent(char *buf, size_t len, uint64_t num, uint64_t den, int places)
{
    return fmt(buf, len, (int64_t)num, den, places, true);
}

static int64_t ssum(uint64_t v) { return (int64_t)v; }

/* The q-quantile of a histogram (smallest value whose cumulative count reaches q * total). */
static int quantile(const uint64_t *hist, int bins, uint64_t total, unsigned num, unsigned den)
{
    uint64_t need = (total * num + den - 1) / den, cum = 0;
    if (need == 0)
        need = 1;
    for (int i = 0; i < bins; i++) {
        cum += hist[i];
        if (cum >= need)
            return i;
    }
    return bins - 1;
}

static uint64_t both(const pb_sim_totals *t, pb_stat s) { return t->stat[0][s] + t->stat[1][s]; }

static void header(FILE *out, const pb_sim_config *cfg)
{
    char pol[160];
    pb_policies_format(&cfg->policies, pol, sizeof pol);
    fprintf(out, "paperbowl sim: %llu games, seed %llu\n", (unsigned long long)cfg->games,
            (unsigned long long)cfg->seed);
    fprintf(out, "ruleset %s; home %s, away %s\n", cfg->rules->source, pb_sim_team_label(cfg, PB_HOME, true),
            pb_sim_team_label(cfg, PB_AWAY, true));
    fprintf(out, "policies %s; evaluator %s\n", pol, cfg->eval ? "exact" : "none (best: no card timeouts, always return)");
    if (cfg->uniform_cards)
        fprintf(out, "uniform cards: each snap's play card drawn from the 24 (no deck), %d plays a quarter\n",
                cfg->rules->plays_per_quarter);
}

/* ---- text ---- */

static void row3(FILE *out, const pb_sim_totals *t, const char *label, pb_stat s, int places)
{
    char a[48], b[48], c[48];
    fprintf(out, "  %-34s %10s %10s %10s\n", label, ratio(a, sizeof a, t->stat[0][s], t->games, places),
            ratio(b, sizeof b, t->stat[1][s], t->games, places),
            ratio(c, sizeof c, both(t, s), t->games, places));
}

static void rate3(FILE *out, const pb_sim_totals *t, const char *label, pb_stat num, pb_stat den)
{
    char a[48], b[48], c[48];
    fprintf(out, "  %-34s %10s %10s %10s\n", label, percent(a, sizeof a, t->stat[0][num], t->stat[0][den], 2),
            percent(b, sizeof b, t->stat[1][num], t->stat[1][den], 2),
            percent(c, sizeof c, both(t, num), both(t, den), 2));
}

static void points_text(FILE *out, const pb_sim_totals *t)
{
    char a[48], b[48], c[48];
    uint64_t g = t->games;
    fprintf(out, "\nscore                                    home       away       both\n");
    fprintf(out, "  %-34s %10s %10s %10s\n", "wins", percent(a, sizeof a, t->wins[0], g, 2),
            percent(b, sizeof b, t->wins[1], g, 2), "");
    fprintf(out, "  %-34s %10s %10s %10s\n", "ties (after any overtime)", "", "", percent(c, sizeof c, t->ties, g, 2));
    if (t->overtime)
        fprintf(out, "  %-34s %10s %10s %10s\n", "games to overtime", "", "", percent(c, sizeof c, t->overtime, g, 2));
    row3(out, t, "points per game (mean)", PB_STAT_POINTS, 3);
    int q[3][5];
    const uint64_t *hist[3] = {t->points[0], t->points[1], t->total};
    static const unsigned qn[5] = {1, 1, 1, 3, 9};
    static const unsigned qd[5] = {10, 4, 2, 4, 10};
    for (int k = 0; k < 3; k++)
        for (int j = 0; j < 5; j++)
            q[k][j] = quantile(hist[k], PB_SIM_POINTS_MAX + 1, g, qn[j], qd[j]);
    static const char *const qname[5] = {"10th percentile", "25th percentile", "median", "75th percentile",
                                         "90th percentile"};
    for (int j = 0; j < 5; j++)
        fprintf(out, "  %-34s %10d %10d %10d\n", qname[j], q[0][j], q[1][j], q[2][j]);

    fprintf(out, "\npoints distribution (a team in a game)    home       away\n");
    static const int band[] = {0, 1, 7, 14, 21, 28, 35, 42, 49, 56, PB_SIM_POINTS_MAX + 1};
    for (size_t i = 0; i + 1 < sizeof band / sizeof band[0]; i++) {
        uint64_t h = 0, w = 0;
        for (int p = band[i]; p < band[i + 1]; p++) {
            h += t->points[0][p];
            w += t->points[1][p];
        }
        char label[32];
        if (band[i + 1] == band[i] + 1)
            snprintf(label, sizeof label, "%d", band[i]);
        else if (band[i + 1] > PB_SIM_POINTS_MAX)
            snprintf(label, sizeof label, "%d or more", band[i]);
        else
            snprintf(label, sizeof label, "%d-%d", band[i], band[i + 1] - 1);
        fprintf(out, "  %-34s %10s %10s\n", label, percent(a, sizeof a, h, g, 2), percent(b, sizeof b, w, g, 2));
    }

    fprintf(out, "\nmargin (home minus away)                 games\n");
    static const int mband[] = {-PB_SIM_POINTS_MAX, -21, -14, -7, -3, 0, 1, 4, 8, 15, 22, PB_SIM_POINTS_MAX + 1};
    for (size_t i = 0; i + 1 < sizeof mband / sizeof mband[0]; i++) {
        uint64_t n = 0;
        for (int m = mband[i]; m < mband[i + 1]; m++)
            n += t->margin[m + PB_SIM_POINTS_MAX];
        char label[32];
        if (mband[i] == -PB_SIM_POINTS_MAX)
            snprintf(label, sizeof label, "%d or less", mband[i + 1] - 1);
        else if (mband[i + 1] > PB_SIM_POINTS_MAX)
            snprintf(label, sizeof label, "+%d or more", mband[i]);
        else if (mband[i + 1] == mband[i] + 1)
            snprintf(label, sizeof label, "%d (tie)", mband[i]);
        else if (mband[i] > 0)
            snprintf(label, sizeof label, "+%d to +%d", mband[i], mband[i + 1] - 1);
        else
            snprintf(label, sizeof label, "%d to %d", mband[i], mband[i + 1] - 1);
        fprintf(out, "  %-34s %10s\n", label, percent(a, sizeof a, n, g, 2));
    }
    uint64_t abs_sum = 0;
    for (int m = -PB_SIM_POINTS_MAX; m <= PB_SIM_POINTS_MAX; m++)
        abs_sum += t->margin[m + PB_SIM_POINTS_MAX] * (uint64_t)(m < 0 ? -m : m);
    fprintf(out, "  %-34s %10s\n", "mean absolute margin", ratio(a, sizeof a, abs_sum, g, 3));
}

static void game_text(FILE *out, const pb_sim_totals *t)
{
    fprintf(out, "\nper game (means)                         home       away       both\n");
    static const struct { pb_stat s; const char *label; } rows[] = {
        {PB_STAT_SNAPS, "plays from scrimmage"}, {PB_STAT_RUNS, "  runs"}, {PB_STAT_SHORT, "  short passes"},
        {PB_STAT_LONG, "  long passes"}, {PB_STAT_YARDS, "net yards from scrimmage"},
        {PB_STAT_FIRST_DOWNS, "first downs"}, {PB_STAT_COMPLETIONS, "completions"},
        {PB_STAT_DRIVES, "drives"}, {PB_STAT_TD, "touchdowns"}, {PB_STAT_TD_RUSH, "  rushing"},
        {PB_STAT_TD_PASS, "  passing"}, {PB_STAT_TD_RETURN, "  kickoff and punt returns"},
        {PB_STAT_TD_DEFENSE, "  interception and fumble returns"}, {PB_STAT_FG_MADE, "field goals good"},
        {PB_STAT_SAFETIES, "safeties scored"}, {PB_STAT_INTERCEPTIONS, "interceptions thrown"},
        {PB_STAT_FUMBLES, "fumbles lost"}, {PB_STAT_DOWNS, "turnovers on downs"}, {PB_STAT_SACKS, "sacks taken"},
        {PB_STAT_PENALTIES, "penalties (accepted, against)"}, {PB_STAT_PENALTY_YARDS, "penalty yards (against)"},
        {PB_STAT_DECLINED, "penalties declined (against)"}, {PB_STAT_CHALLENGES, "challenges"},
        {PB_STAT_CHALLENGES_WON, "challenges won"}, {PB_STAT_CARD_TIMEOUTS, "timeouts on cards 21-24"},
        {PB_STAT_EXTRA_PLAYS, "extra plays (end-of-half timeouts)"}, {PB_STAT_TIMEOUTS_USED, "timeouts used"},
        {PB_STAT_PUNTS, "punts"},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
        row3(out, t, rows[i].label, rows[i].s, 3);
    char a[48], b[48], c[48];
    uint64_t to[3] = {t->stat[0][PB_STAT_INTERCEPTIONS] + t->stat[0][PB_STAT_FUMBLES],
                      t->stat[1][PB_STAT_INTERCEPTIONS] + t->stat[1][PB_STAT_FUMBLES], 0};
    to[2] = to[0] + to[1];
    fprintf(out, "  %-34s %10s %10s %10s\n", "turnovers (interceptions, fumbles)", ratio(a, sizeof a, to[0], t->games, 3),
            ratio(b, sizeof b, to[1], t->games, 3), ratio(c, sizeof c, to[2], t->games, 3));
    fprintf(out, "  %-34s %10s %10s %10s\n", "completions per pass thrown",
            percent(a, sizeof a, t->stat[0][PB_STAT_COMPLETIONS], t->stat[0][PB_STAT_SHORT] + t->stat[0][PB_STAT_LONG], 2),
            percent(b, sizeof b, t->stat[1][PB_STAT_COMPLETIONS], t->stat[1][PB_STAT_SHORT] + t->stat[1][PB_STAT_LONG], 2),
            percent(c, sizeof c, both(t, PB_STAT_COMPLETIONS), both(t, PB_STAT_SHORT) + both(t, PB_STAT_LONG), 2));
}

static void drives_text(FILE *out, const pb_sim_totals *t)
{
    char a[48], b[48], c[48];
    fprintf(out, "\ndrives end in                            home       away       both\n");
    static const struct { pb_stat s; const char *label; } ends[] = {
        {PB_STAT_END_TD, "touchdown"}, {PB_STAT_END_FG, "field goal"}, {PB_STAT_END_FG_MISSED, "missed field goal"},
        {PB_STAT_END_PUNT, "punt"}, {PB_STAT_END_TURNOVER, "turnover (interception, fumble)"},
        {PB_STAT_END_DOWNS, "turnover on downs"}, {PB_STAT_END_SAFETY, "safety"},
        {PB_STAT_END_HALF, "end of half or game"},
    };
    for (size_t i = 0; i < sizeof ends / sizeof ends[0]; i++)
        rate3(out, t, ends[i].label, ends[i].s, PB_STAT_DRIVES);
    fprintf(out, "  %-34s %10s %10s %10s\n", "plays per drive",
            ratio(a, sizeof a, t->stat[0][PB_STAT_DRIVE_PLAYS], t->stat[0][PB_STAT_DRIVES], 3),
            ratio(b, sizeof b, t->stat[1][PB_STAT_DRIVE_PLAYS], t->stat[1][PB_STAT_DRIVES], 3),
            ratio(c, sizeof c, both(t, PB_STAT_DRIVE_PLAYS), both(t, PB_STAT_DRIVES), 3));
}

static void kicks_text(FILE *out, const pb_sim_config *cfg, const pb_sim_totals *t)
{
    char a[48], b[48], c[48];
    const pb_ruleset *rs = cfg->rules;
    fprintf(out, "\nkicks                                    home       away       both\n");
    row3(out, t, "kickoffs (regular) per game", PB_STAT_KICKOFFS, 3);
    row3(out, t, "onside kicks per game", PB_STAT_ONSIDE_ATT, 3);
    rate3(out, t, "onside kicks kept", PB_STAT_ONSIDE_KEPT, PB_STAT_ONSIDE_ATT);
    row3(out, t, "free kicks after a safety per game", PB_STAT_FREE_KICKS, 3);
    row3(out, t, "returns (kicks and punts received)", PB_STAT_RETURNS, 3);
    row3(out, t, "touchbacks taken", PB_STAT_TOUCHBACKS, 3);
    row3(out, t, "PAT kicks per game", PB_STAT_PAT_ATT, 3);
    rate3(out, t, "PAT kicks good", PB_STAT_PAT_MADE, PB_STAT_PAT_ATT);
    row3(out, t, "two-point tries per game", PB_STAT_TWO_ATT, 3);
    rate3(out, t, "two-point tries good", PB_STAT_TWO_MADE, PB_STAT_TWO_ATT);
    row3(out, t, "field goal attempts per game", PB_STAT_FG_ATT, 3);
    rate3(out, t, "field goals good", PB_STAT_FG_MADE, PB_STAT_FG_ATT);
    row3(out, t, "field goals after the last card", PB_STAT_FG_FINAL_ATT, 3);
    rate3(out, t, "  of which good", PB_STAT_FG_FINAL_MADE, PB_STAT_FG_FINAL_ATT);
    fprintf(out, "\nfield goals by distance (both teams)    attempts       good\n");
    int lo = 1;
    for (int r = 0; r <= rs->fg_row_count; r++) {
        int hi = r < rs->fg_row_count ? rs->fg_rows[r].max_togo : rs->fg_max_togo;
        if (hi < lo)
            continue;
        snprintf(c, sizeof c, "togo %d-%d", lo, hi);
        fprintf(out, "  %-34s %10llu %10s\n", c, (unsigned long long)t->fg_row_att[r],
                percent(a, sizeof a, t->fg_row_made[r], t->fg_row_att[r], 2));
        lo = hi + 1;
    }
    (void)b;
}

static void lead_text(FILE *out, const pb_sim_config *cfg, const pb_sim_totals *t)
{
    char a[48], b[48], c[48], d[48];
    fprintf(out, "\nhow safe a lead is: the lead entering quarter %d\n", cfg->rules->quarters);
    fprintf(out, "  %-34s %13s %12s %7s %12s\n", "lead", "games", "leader wins", "ties", "leader loses");
    static const int band[] = {0, 1, 4, 7, 8, 9, 11, 15, 17, 22, 29, PB_SIM_LEAD_MAX + 1};
    for (size_t i = 0; i + 1 < sizeof band / sizeof band[0]; i++) {
        uint64_t n[3] = {0, 0, 0};
        for (int l = band[i]; l < band[i + 1]; l++)
            for (int k = 0; k < 3; k++)
                n[k] += t->lead_last[l][k];
        uint64_t games = n[0] + n[1] + n[2];
        char label[32];
        if (band[i] == 0)
            snprintf(label, sizeof label, "tied (home's view)");
        else if (band[i + 1] > PB_SIM_LEAD_MAX)
            snprintf(label, sizeof label, "%d or more", band[i]);
        else if (band[i + 1] == band[i] + 1)
            snprintf(label, sizeof label, "%d", band[i]);
        else
            snprintf(label, sizeof label, "%d-%d", band[i], band[i + 1] - 1);
        fprintf(out, "  %-34s %13s %12s %7s %12s\n", label, percent(a, sizeof a, games, t->games, 2),
                percent(b, sizeof b, n[0], games, 2), percent(c, sizeof c, n[1], games, 2),
                percent(d, sizeof d, n[2], games, 2));
    }
}

static void line_score_text(FILE *out, const pb_sim_config *cfg, const pb_sim_totals *t)
{
    char a[48], b[48];
    fprintf(out, "\npoints per quarter (mean)                home       away\n");
    int periods = cfg->rules->quarters + 1 < PB_PERIODS_MAX ? cfg->rules->quarters + 1 : PB_PERIODS_MAX;
    for (int q = 0; q < periods; q++) {
        if (q == cfg->rules->quarters && !t->overtime)
            break;
        char label[32];
        if (q < cfg->rules->quarters)
            snprintf(label, sizeof label, "quarter %d", q + 1);
        else
            snprintf(label, sizeof label, "overtime");
        fprintf(out, "  %-34s %10s %10s\n", label, ratio(a, sizeof a, t->period_points[q][0], t->games, 3),
                ratio(b, sizeof b, t->period_points[q][1], t->games, 3));
    }
}

void pb_sim_report_text(FILE *out, const pb_sim_config *cfg, const pb_sim_totals *t)
{
    header(out, cfg);
    if (!t->games)
        return;
    points_text(out, t);
    line_score_text(out, cfg, t);
    game_text(out, t);
    drives_text(out, t);
    kicks_text(out, cfg, t);
    lead_text(out, cfg, t);
}

/* ---- JSON ---- */

static json_t *u64(uint64_t v) { return json_integer((json_int_t)v); }

static json_t *mean_json(uint64_t sum, uint64_t games)
{
    char buf[64];
    return json_string(ratio(buf, sizeof buf, sum, games, 6));
}

static json_t *hist_json(const uint64_t *h, int bins, int offset)
{
    json_t *o = json_object();
    for (int i = 0; i < bins; i++)
        if (h[i]) {
            char key[16];
            snprintf(key, sizeof key, "%d", i - offset);
            json_object_set_new(o, key, u64(h[i]));
        }
    return o;
}

int pb_sim_report_json(FILE *out, const pb_sim_config *cfg, const pb_sim_totals *t)
{
    char pol[160];
    pb_policies_format(&cfg->policies, pol, sizeof pol);
    json_t *root = json_object();
    json_object_set_new(root, "games", u64(t->games));
    char seed[24];
    snprintf(seed, sizeof seed, "%llu", (unsigned long long)cfg->seed);
    json_object_set_new(root, "seed", json_string(seed));  /* a string: seeds go up to 2^64 - 1 */
    json_object_set_new(root, "ruleset", json_string(cfg->rules->name));
    json_object_set_new(root, "ruleset_source", json_string(cfg->rules->source));
    json_object_set_new(root, "home", json_string(pb_sim_team_label(cfg, PB_HOME, false)));
    json_object_set_new(root, "away", json_string(pb_sim_team_label(cfg, PB_AWAY, false)));
    json_object_set_new(root, "policies", json_string(pol));
    json_object_set_new(root, "evaluator", json_string(cfg->eval ? "exact" : "none"));
    if (cfg->uniform_cards)  /* only then: the real deck's output stays as it was */
        json_object_set_new(root, "cards", json_string("uniform"));
    json_object_set_new(root, "wins", json_pack("{s:o,s:o}", "home", u64(t->wins[0]), "away", u64(t->wins[1])));
    json_object_set_new(root, "ties", u64(t->ties));
    json_object_set_new(root, "overtime", u64(t->overtime));
    static const char *const side[2] = {"home", "away"};
    json_t *teams = json_object();
    for (int team = 0; team < 2; team++) {
        json_t *totals = json_object(), *means = json_object();
        for (int s = 0; s < PB_STAT_COUNT; s++) {
            json_object_set_new(totals, pb_stat_name((pb_stat)s), json_integer((json_int_t)ssum(t->stat[team][s])));
            json_object_set_new(means, pb_stat_name((pb_stat)s), mean_json(t->stat[team][s], t->games));
        }
        int periods = cfg->rules->quarters + (t->overtime ? 1 : 0);
        if (periods > PB_PERIODS_MAX)
            periods = PB_PERIODS_MAX;
        json_t *line = json_array();
        for (int q = 0; q < periods; q++)
            json_array_append_new(line, u64(t->period_points[q][team]));
        json_t *o = json_object();
        json_object_set_new(o, "totals", totals);
        json_object_set_new(o, "per_game", means);
        json_object_set_new(o, "points_by_quarter", line);
        json_object_set_new(o, "points_histogram", hist_json(t->points[team], PB_SIM_POINTS_MAX + 1, 0));
        json_object_set_new(teams, side[team], o);
    }
    json_object_set_new(root, "teams", teams);
    json_object_set_new(root, "total_points_histogram", hist_json(t->total, PB_SIM_POINTS_MAX + 1, 0));
    json_object_set_new(root, "margin_histogram", hist_json(t->margin, 2 * PB_SIM_POINTS_MAX + 1, PB_SIM_POINTS_MAX));
    json_object_set_new(root, "histogram_cap", json_integer(PB_SIM_POINTS_MAX));
    json_t *fg = json_array();
    const pb_ruleset *rs = cfg->rules;
    int lo = 1;
    for (int r = 0; r <= rs->fg_row_count; r++) {
        int hi = r < rs->fg_row_count ? rs->fg_rows[r].max_togo : rs->fg_max_togo;
        if (hi < lo)
            continue;
        json_array_append_new(fg, json_pack("{s:i,s:i,s:o,s:o}", "togo_from", lo, "togo_to", hi, "attempts",
                                            u64(t->fg_row_att[r]), "good", u64(t->fg_row_made[r])));
        lo = hi + 1;
    }
    json_object_set_new(root, "field_goals_by_distance", fg);
    json_t *lead = json_array();
    for (int l = 0; l <= PB_SIM_LEAD_MAX; l++)
        json_array_append_new(lead, json_pack("{s:i,s:o,s:o,s:o}", "lead", l, "leader_won", u64(t->lead_last[l][0]),
                                              "tied", u64(t->lead_last[l][1]), "leader_lost", u64(t->lead_last[l][2])));
    json_object_set_new(root, "lead_entering_last_quarter", lead);
    int rc = json_dumpf(root, out, JSON_INDENT(1) | JSON_PRESERVE_ORDER);
    fputc('\n', out);
    json_decref(root);
    return rc == 0 ? 0 : -1;
}
