/* soccer/soccer_tables.c: Masume Soccer TACTICS's designer tables, exactly (soccer_tables.h).
 * Each cell is a probability over the die's six faces (or 36 pairs for a charge), computed by the
 * resolvers in soccer_kick.c and soccer_duel.c; the lines are the plain cases: nobody between the
 * kicker and the goal or the receiver unless the table says so. */
#include "soccer_tables.h"

#include <stdlib.h>
#include <string.h>

#include "msg.h"
#include "soccer_duel.h"
#include "exact.h"
#include "soccer_kick.h"

const char *const ms_table_ids[MS_TABLES] = {"shot-grounder", "shot-keeper", "shot-lob", "pass-grounder", "pass-lob",
                                             "inside", "charge", "pk", "shootout"};

static void line_to(char *line, int d, char last)
{
    memset(line, '.', (size_t)d - 1);
    line[d - 1] = last;
    line[d] = 0;
}

static void set_p(pb_table *t, size_t row, size_t col, const ms_rules *r, const ms_kick *k, ms_outcome_kind kind,
                  bool chosen)
{
    mpq_t q;
    mpq_init(q);
    ms_kick_p(q, r, k, kind, chosen);
    pb_table_set_q(t, row, col, q);
    mpq_clear(q);
}

static void note_rules(pb_table *t, pb_lang lang, const ms_rules *r, const char *ids)
{
    /* the switches this table depends on, with their values */
    char buf[256];
    size_t at = 0;
    buf[0] = 0;
    for (const char *p = ids; *p;) {
        char id[16];
        size_t n = strcspn(p, ",");
        snprintf(id, sizeof id, "%.*s", (int)n, p);
        int i = ms_switch_index(id);
        if (i >= 0 && at < sizeof buf)
            at += (size_t)snprintf(buf + at, sizeof buf - at, "%s%s = %s", at ? ", " : "", id, r->value[i]);
        p += n + (p[n] == ',');
    }
    pb_table_note(t, pb_msg(lang, "Ruleset %s; switches: %s. Exact fractions in the CSV."), r->name, buf);
}

/* A kick table: one row per distance 1..max along a line of empty squares ending in `last`, one
 * column per (kicker, outcome). */
typedef struct {
    const char *label, *group;
    ms_kicker kicker;
    ms_outcome_kind kind;
} kick_col;

typedef struct {
    const char *id, *title, *switches, *notes[2], *first_col;
    ms_kick_type type;
    char last;
    int max;
    kick_col cols[6];
} kick_table;

static const kick_table kick_tables[] = {
    {"shot-grounder", PB_N_("Grounder shot: P(goal) by distance to the goal, nobody in the way (%)"), "M6,M12",
     {PB_N_("The goal is N squares away along the kick's line; a goal when the ball runs N or more."), NULL},
     PB_N_("goal squares away"), MS_GROUNDER, 'G', 10,
     {{PB_N_("field player"), NULL, MS_KICKER_FIELD, MS_OUT_GOAL},
      {PB_N_("goal kick (+2)"), NULL, MS_KICKER_GOAL_KICK, MS_OUT_GOAL},
      {PB_N_("keeper in area, open play"), NULL, MS_KICKER_GK_AREA, MS_OUT_GOAL}}},
    {"shot-lob", PB_N_("Lob shot: P(goal) by distance to the goal (%)"), "M1,M2,M12",
     {PB_N_("A lob lands exactly on the square of its value: beyond the goal it is over the bar (a goal kick)."), NULL},
     PB_N_("goal squares away"), MS_LOB, 'G', 10,
     {{PB_N_("goal"), PB_N_("field player"), MS_KICKER_FIELD, MS_OUT_GOAL},
      {PB_N_("over the bar"), PB_N_("field player"), MS_KICKER_FIELD, MS_OUT_OVER},
      {PB_N_("short"), PB_N_("field player"), MS_KICKER_FIELD, MS_OUT_LOOSE},
      {PB_N_("goal"), PB_N_("goal kick"), MS_KICKER_GOAL_KICK, MS_OUT_GOAL}}},
    {"pass-grounder", PB_N_("Grounder pass to a player N squares away, nobody between (%)"), "M3,M12",
     {PB_N_("A teammate completes the pass on the \"kept\" faces; an opponent there steals on the same faces."),
      PB_N_("1 square away the faces of M3 decide; 2+ squares: +-0 at the feet, +1 trapped, +2 or more deflected.")},
     PB_N_("squares away"), MS_GROUNDER, 'T', 8,
     {{PB_N_("kept"), PB_N_("field player"), MS_KICKER_FIELD, MS_OUT_PASS},
      {PB_N_("short"), PB_N_("field player"), MS_KICKER_FIELD, MS_OUT_LOOSE},
      {PB_N_("deflected"), PB_N_("field player"), MS_KICKER_FIELD, MS_OUT_DEFLECT},
      {PB_N_("kept"), PB_N_("goal kick"), MS_KICKER_GOAL_KICK, MS_OUT_PASS},
      {PB_N_("short"), PB_N_("goal kick"), MS_KICKER_GOAL_KICK, MS_OUT_LOOSE},
      {PB_N_("deflected"), PB_N_("goal kick"), MS_KICKER_GOAL_KICK, MS_OUT_DEFLECT}}},
    {"pass-lob", PB_N_("Lob pass: P(it lands on the receiver N squares away) (%)"), "M1,M2,M12",
     {PB_N_("Players on the way do not matter: the lob flies over their heads."), NULL},
     PB_N_("squares away"), MS_LOB, 'T', 10,
     {{PB_N_("field player"), NULL, MS_KICKER_FIELD, MS_OUT_PASS},
      {PB_N_("goal kick"), NULL, MS_KICKER_GOAL_KICK, MS_OUT_PASS}}},
};

static void kick_by_distance(pb_table *t, pb_lang lang, const ms_rules *r, const kick_table *kt)
{
    pb_table_init(t, kt->id, pb_msg(lang, kt->title));
    note_rules(t, lang, r, kt->switches);
    for (int n = 0; n < 2 && kt->notes[n]; n++)
        pb_table_note(t, "%s", pb_msg(lang, kt->notes[n]));
    size_t c0 = pb_table_col_add(t, pb_msg(lang, kt->first_col), NULL, PB_COL_INT, 0);
    size_t col[6];
    int ncol = 0;
    for (; ncol < 6 && kt->cols[ncol].label; ncol++)
        col[ncol] = pb_table_col_add(t, pb_msg(lang, kt->cols[ncol].label),
                                     kt->cols[ncol].group ? pb_msg(lang, kt->cols[ncol].group) : NULL, PB_COL_PERCENT, 2);
    for (int d = 1; d <= kt->max; d++) {
        size_t row = pb_table_row_add(t, false);
        ms_kick k = {kt->type, MS_KICKER_FIELD, "", 0};
        line_to(k.line, d, kt->last);
        pb_table_set_int(t, row, c0, d);
        for (int c = 0; c < ncol; c++) {
            k.kicker = kt->cols[c].kicker;
            set_p(t, row, col[c], r, &k, kt->cols[c].kind, false);
        }
    }
}

static void shot_keeper(pb_table *t, pb_lang lang, const ms_rules *r)
{
    pb_table_init(t, "shot-keeper", pb_msg(lang, "Grounder shot with the goalkeeper on the line (%)"));
    note_rules(t, lang, r, "M3,M4,M5,M6");
    pb_table_note(t, "%s", pb_msg(lang, "\"goal, chosen\" adds the deflections off the keeper that the kicking side may "
                                        "send straight on into the goal."));
    size_t cg = pb_table_col_add(t, pb_msg(lang, "goal at"), NULL, PB_COL_INT, 0);
    size_t ck = pb_table_col_add(t, pb_msg(lang, "keeper at"), NULL, PB_COL_INT, 0);
    size_t c1 = pb_table_col_add(t, pb_msg(lang, "goal"), NULL, PB_COL_PERCENT, 2);
    size_t c2 = pb_table_col_add(t, pb_msg(lang, "goal, chosen"), NULL, PB_COL_PERCENT, 2);
    size_t c3 = pb_table_col_add(t, pb_msg(lang, "keeper keeps"), NULL, PB_COL_PERCENT, 2);
    size_t c4 = pb_table_col_add(t, pb_msg(lang, "deflected"), NULL, PB_COL_PERCENT, 2);
    size_t c5 = pb_table_col_add(t, pb_msg(lang, "short"), NULL, PB_COL_PERCENT, 2);
    for (int g = 2; g <= 7; g++)
        for (int d = 1; d < g; d++) {
            size_t row = pb_table_row_add(t, d == 1);
            ms_kick k = {MS_GROUNDER, MS_KICKER_FIELD, "", 0};
            line_to(k.line, g, 'G');
            k.line[d - 1] = 'K';
            pb_table_set_int(t, row, cg, g);
            pb_table_set_int(t, row, ck, d);
            set_p(t, row, c1, r, &k, MS_OUT_GOAL, false);
            set_p(t, row, c2, r, &k, MS_OUT_GOAL, true);
            set_p(t, row, c3, r, &k, MS_OUT_STEAL, false);
            set_p(t, row, c4, r, &k, MS_OUT_DEFLECT, false);
            set_p(t, row, c5, r, &k, MS_OUT_LOOSE, false);
        }
}

static void inside(pb_table *t, pb_lang lang, const ms_rules *r)
{
    pb_table_init(t, "inside", pb_msg(lang, "Inside kick (no die): P(pass complete) by where an opponent stands (%)"));
    note_rules(t, lang, r, "M13");
    pb_table_note(t, "%s", pb_msg(lang, "0 means the kick is not allowed that way (or the opponent takes it)."));
    size_t c0 = pb_table_col_add(t, pb_msg(lang, "teammate at"), NULL, PB_COL_INT, 0);
    size_t c1 = pb_table_col_add(t, pb_msg(lang, "line"), NULL, PB_COL_TEXT, 0);
    size_t c2 = pb_table_col_add(t, pb_msg(lang, "complete"), NULL, PB_COL_PERCENT, 2);
    const char *cases[] = {"T", "TO", ".T", "OT", ".TO"};
    const int dist[] = {1, 1, 2, 2, 2};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        size_t row = pb_table_row_add(t, false);
        ms_kick k = {MS_INSIDE, MS_KICKER_FIELD, "", dist[i]};
        snprintf(k.line, sizeof k.line, "%s", cases[i]);
        pb_table_set_int(t, row, c0, dist[i]);
        pb_table_set_text(t, row, c1, "%s", cases[i]);
        set_p(t, row, c2, r, &k, MS_OUT_PASS, false);
    }
}

static void charge(pb_table *t, pb_lang lang, const ms_rules *r)
{
    pb_table_init(t, "charge", pb_msg(lang, "Charge: P(the charger wins the ball) (%)"));
    note_rules(t, lang, r, "M7");
    pb_table_note(t, "%s", pb_msg(lang, "Both roll a die; the higher wins; a tie goes to the charging (defending) side."));
    size_t c0 = pb_table_col_add(t, pb_msg(lang, "charger"), NULL, PB_COL_TEXT, 0);
    size_t c1 = pb_table_col_add(t, pb_msg(lang, "bonus"), NULL, PB_COL_INT, 0);
    size_t c2 = pb_table_col_add(t, pb_msg(lang, "charger wins"), NULL, PB_COL_PERCENT, 2);
    size_t c3 = pb_table_col_add(t, pb_msg(lang, "holder keeps"), NULL, PB_COL_PERCENT, 2);
    for (int c = 0; c < MS_CHARGERS; c++) {
        size_t row = pb_table_row_add(t, false);
        mpq_t q, one;
        mpq_inits(q, one, NULL);
        ms_charge_p(q, r, (ms_charger)c);
        pb_table_set_text(t, row, c0, "%s", pb_msg(lang, ms_charger_name((ms_charger)c)));
        pb_table_set_int(t, row, c1, ms_charge_bonus(r, (ms_charger)c));
        pb_table_set_q(t, row, c2, q);
        mpq_set_ui(one, 1, 1);
        mpq_sub(q, one, q);
        pb_table_set_q(t, row, c3, q);
        mpq_clears(q, one, NULL);
    }
}

static void pk(pb_table *t, pb_lang lang, const ms_rules *r)
{
    pb_table_init(t, "pk", pb_msg(lang, "Penalty kick (%)"));
    note_rules(t, lang, r, "M9,pk_off_faces");
    pb_table_note(t, "%s", pb_msg(lang, "The text: \"the chance to score is 4 of 6\" (one face off target, one guessed "
                                        "by the keeper)."));
    size_t c0 = pb_table_col_add(t, pb_msg(lang, "kick"), NULL, PB_COL_TEXT, 0);
    size_t c1 = pb_table_col_add(t, pb_msg(lang, "goal"), NULL, PB_COL_PERCENT, 2);
    size_t row = pb_table_row_add(t, false);
    mpq_t q;
    mpq_init(q);
    ms_pk_p(q, r);
    pb_table_set_text(t, row, c0, "%s", pb_msg(lang, "penalty kick"));
    pb_table_set_q(t, row, c1, q);
    mpq_clear(q);
}

static void shootout(pb_table *t, pb_lang lang, const ms_rules *r)
{
    pb_table_init(t, "shootout", pb_msg(lang, "Shoot-out: the first-kicking team's chances and the expected number of kicks"));
    note_rules(t, lang, r, "M9,M10,pk_off_faces");
    pb_table_note(t, pb_msg(lang, "%d kicks each, stopped once one side cannot catch up; then sudden death (M10)."),
                  r->shootout_kicks);
    size_t c0 = pb_table_col_add(t, pb_msg(lang, "P(score): first, second"), NULL, PB_COL_TEXT, 0);
    size_t c1 = pb_table_col_add(t, pb_msg(lang, "first wins %"), NULL, PB_COL_PERCENT, 2);
    size_t c2 = pb_table_col_add(t, pb_msg(lang, "second wins %"), NULL, PB_COL_PERCENT, 2);
    size_t c3 = pb_table_col_add(t, pb_msg(lang, "level after regular %"), NULL, PB_COL_PERCENT, 2);
    size_t c4 = pb_table_col_add(t, pb_msg(lang, "no winner %"), NULL, PB_COL_PERCENT, 2);
    size_t c5 = pb_table_col_add(t, pb_msg(lang, "kicks"), NULL, PB_COL_DECIMAL, 3);
    /* the PK rule for both teams, then unequal teams both ways round (does kicking first matter?) */
    static const unsigned long pairs[][4] = {{0, 0, 0, 0}, {5, 6, 2, 3}, {2, 3, 5, 6}, {1, 2, 1, 2}};
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
        mpq_t p, q;
        mpq_inits(p, q, NULL);
        if (i == 0) {
            ms_pk_p(p, r);
            mpq_set(q, p);
        } else {
            mpq_set_ui(p, pairs[i][0], pairs[i][1]);
            mpq_set_ui(q, pairs[i][2], pairs[i][3]);
        }
        ms_shootout s;
        ms_shootout_init(&s);
        ms_shootout_solve(&s, r, p, q);
        size_t row = pb_table_row_add(t, i == 1);
        char a[64], b[64];
        pb_exact_fraction(a, sizeof a, p);
        pb_exact_fraction(b, sizeof b, q);
        if (i == 0)
            pb_table_set_text(t, row, c0, pb_msg(lang, "%s (the PK rule)"), a);
        else  /* TRANSLATORS: the first-kicking team's P(score), then the second's */
            pb_table_set_text(t, row, c0, pb_msg(lang, "%s, then %s"), a, b);
        pb_table_set_q(t, row, c1, s.first_wins);
        pb_table_set_q(t, row, c2, s.second_wins);
        pb_table_set_q(t, row, c3, s.regular_tied);
        pb_table_set_q(t, row, c4, s.tied);
        if (!s.endless)
            pb_table_set_q(t, row, c5, s.kicks);
        ms_shootout_clear(&s);
        mpq_clears(p, q, NULL);
    }
}

void ms_tables_build(ms_table_list *l, const ms_rules *r, pb_lang lang)
{
    memset(l, 0, sizeof *l);
    kick_by_distance(&l->t[l->n++], lang, r, &kick_tables[0]);
    shot_keeper(&l->t[l->n++], lang, r);
    for (int i = 1; i < 4; i++)
        kick_by_distance(&l->t[l->n++], lang, r, &kick_tables[i]);
    inside(&l->t[l->n++], lang, r);
    charge(&l->t[l->n++], lang, r);
    pk(&l->t[l->n++], lang, r);
    shootout(&l->t[l->n++], lang, r);
}

void ms_tables_release(ms_table_list *l)
{
    for (size_t i = 0; i < l->n; i++)
        pb_table_release(&l->t[i]);
    l->n = 0;
}

int ms_tables_compare(const ms_table_list *a, const ms_table_list *b, ms_changes *out)
{
    return pb_tables_compare(a->t, b->t, a->n < b->n ? a->n : b->n, out);
}
