/* enumerate/grid.c: the grid's cells and their lines (see grid.h). Columns:
 *   kind,offense,defense,card,togo, then the exact summaries as num/den in lowest terms:
 *   td,turnover,safety,complete,first_down,mean_yards,cut,good,kept,mean_start
 * (fields that do not apply to a cell are empty in CSV and absent in JSONL). */
#include "grid.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exact.h"

static const char *const action_names[PB_ACTION_COUNT] = {
    "play", "kickoff", "free_kick", "onside", "onside_free", "punt", "return", "field_goal", "pat", "two_point"};

const char *pb_grid_action_name(pb_action a) { return a < PB_ACTION_COUNT ? action_names[a] : "?"; }

#define NSUM 10
static const char *const sum_names[NSUM] = {"td", "turnover", "safety", "complete", "first_down",
                                            "mean_yards", "cut", "good", "kept", "mean_start"};

size_t pb_grid_cells(const pb_ruleset *rs, bool with_deck, pb_grid_cell **out)
{
    int ncards = PB_CARD_COUNT + 1 + (with_deck ? 1 : 0);
    size_t n = (size_t)PB_OFFENSE_COUNT * PB_DEFENSE_COUNT * (size_t)ncards * 99 + 4 + 99 + 99 +
               (size_t)rs->fg_max_togo + 1 + PB_OFFENSE_COUNT * PB_DEFENSE_COUNT;
    pb_grid_cell *c = calloc(n, sizeof *c);
    *out = c;
    if (!c)
        return 0;
    size_t k = 0;
    for (int o = 0; o < PB_OFFENSE_COUNT; o++)
        for (int d = 1; d <= PB_DEFENSE_COUNT; d++)
            for (int ci = 0; ci < ncards; ci++)
                for (int t = 1; t <= 99; t++)
                    c[k++] = (pb_grid_cell){PB_ACTION_PLAY, (pb_offense)o, d, ci <= PB_CARD_COUNT ? ci : PB_CARD_DECK, t};
    c[k++] = (pb_grid_cell){PB_ACTION_KICKOFF, PB_OFF_RUN, 0, 0, 0};
    c[k++] = (pb_grid_cell){PB_ACTION_FREE_KICK, PB_OFF_RUN, 0, 0, 0};
    c[k++] = (pb_grid_cell){PB_ACTION_ONSIDE, PB_OFF_RUN, 0, 0, 0};
    c[k++] = (pb_grid_cell){PB_ACTION_ONSIDE_FREE, PB_OFF_RUN, 0, 0, 0};
    for (int t = 1; t <= 99; t++)
        c[k++] = (pb_grid_cell){PB_ACTION_PUNT, PB_OFF_RUN, 0, 0, t};
    for (int t = 1; t <= 99; t++)
        c[k++] = (pb_grid_cell){PB_ACTION_RETURN, PB_OFF_RUN, 0, 0, t};
    for (int t = 1; t <= rs->fg_max_togo; t++)
        c[k++] = (pb_grid_cell){PB_ACTION_FIELD_GOAL, PB_OFF_RUN, 0, 0, t};
    c[k++] = (pb_grid_cell){PB_ACTION_PAT, PB_OFF_RUN, 0, 0, 0};
    for (int o = 0; o < PB_OFFENSE_COUNT; o++)
        for (int d = 1; d <= PB_DEFENSE_COUNT; d++)
            c[k++] = (pb_grid_cell){PB_ACTION_TWO_POINT, (pb_offense)o, d, 0, 0};
    *out = c;
    return k;
}

const char *pb_grid_header(pb_grid_format f, int decimals, char *buf, size_t len)
{
    if (f != PB_GRID_CSV)
        return NULL;
    size_t used = (size_t)snprintf(buf, len, "kind,offense,defense,card,togo");
    for (int i = 0; i < NSUM && used < len; i++)
        used += (size_t)snprintf(buf + used, len - used, ",%s", sum_names[i]);
    for (int i = 0; decimals > 0 && i < NSUM && used < len; i++)
        used += (size_t)snprintf(buf + used, len - used, ",%s_dec", sum_names[i]);
    return buf;
}

/* A growing string; out of memory: `failed`, and the later puts do nothing. */
typedef struct {
    char *s;
    size_t len, cap;
    bool failed;
} sbuf;

static bool grow(sbuf *b, size_t cap)
{
    char *p = b->failed ? NULL : realloc(b->s, cap);
    if (!p) {
        b->failed = true;
        return false;
    }
    b->s = p;
    b->cap = cap;
    return true;
}

static void put(sbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(sbuf *b, const char *fmt, ...)
{
    while (!b->failed) {
        va_list ap;
        va_start(ap, fmt);
        int n = vsnprintf(b->s + b->len, b->cap - b->len, fmt, ap);
        va_end(ap);
        if (n >= 0 && (size_t)n < b->cap - b->len) {
            b->len += (size_t)n;
            return;
        }
        grow(b, b->cap * 2 + (size_t)(n > 0 ? n : 0) + 64);
    }
}

static void put_q(sbuf *b, const mpq_t q, bool dec, int places)
{
    size_t n = dec ? pb_exact_decimal_size(q, places) : pb_exact_fraction_size(q);
    if (b->failed || (b->cap - b->len < n + 1 && !grow(b, b->cap * 2 + n + 64)))
        return;
    if (dec)
        pb_exact_decimal(b->s + b->len, n, q, places);
    else
        pb_exact_fraction(b->s + b->len, n, q);
    b->len += strlen(b->s + b->len);
}

/* Which summaries apply to a cell. */
static unsigned applies(pb_action a)
{
    switch (a) {
    case PB_ACTION_PLAY:
    case PB_ACTION_TWO_POINT:
        return 0x7Fu;                      /* td .. cut */
    case PB_ACTION_FIELD_GOAL:
    case PB_ACTION_PAT:
        return 1u << 7 | 1u << 6;          /* good, cut */
    case PB_ACTION_ONSIDE:
    case PB_ACTION_ONSIDE_FREE:
        return 1u << 8 | 1u << 9 | 1u << 6; /* kept, mean_start, cut */
    default:
        return 1u << 0 | 1u << 9 | 1u << 6; /* td, mean_start, cut */
    }
}

char *pb_grid_line(const pb_play_env *env, const pb_grid_cell *c, int depth, pb_grid_format f, int decimals,
                   char *err, size_t errlen)
{
    pb_enum_query q;
    memset(&q, 0, sizeof q);
    q.action = c->action;
    q.sit = pb_situation_default(env->rules, c->togo ? c->togo : 50);
    q.offense = c->offense;
    q.defense = c->defense;
    q.card = c->card;
    q.depth = depth;
    pb_summary s;
    pb_summary_init(&s);
    if (pb_enumerate_summary(&s, env, &q, err, errlen) != 0) {
        pb_summary_release(&s);
        return NULL;
    }
    mpq_srcptr v[NSUM] = {s.td, s.turnover, s.safety, s.complete, s.first_down,
                          s.mean_yards, s.cut, s.good, s.kept, s.mean_start};
    unsigned on = applies(c->action);
    bool play = c->action == PB_ACTION_PLAY || c->action == PB_ACTION_TWO_POINT;
    bool has_togo = c->action == PB_ACTION_PLAY || c->action == PB_ACTION_PUNT || c->action == PB_ACTION_RETURN ||
                    c->action == PB_ACTION_FIELD_GOAL;
    char card[8] = "";
    if (c->action == PB_ACTION_PLAY) {
        if (c->card == PB_CARD_DECK)
            snprintf(card, sizeof card, "deck");
        else if (c->card == 0)
            snprintf(card, sizeof card, "none");
        else
            snprintf(card, sizeof card, "%02d", c->card);
    }
    sbuf b = {malloc(512), 0, 512, false};
    if (!b.s) {
        pb_summary_release(&s);
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    if (f == PB_GRID_CSV) {
        put(&b, "%s,%s,", pb_grid_action_name(c->action), play ? pb_offense_name(c->offense) : "");
        if (play)
            put(&b, "%d", c->defense);
        put(&b, ",%s,", card);
        if (has_togo)
            put(&b, "%d", c->togo);
        for (int i = 0; i < NSUM; i++) {
            put(&b, ",");
            if (on >> i & 1)
                put_q(&b, v[i], false, 0);
        }
        for (int i = 0; decimals > 0 && i < NSUM; i++) {
            put(&b, ",");
            if (on >> i & 1)
                put_q(&b, v[i], true, decimals);
        }
    } else {
        put(&b, "{\"kind\":\"%s\"", pb_grid_action_name(c->action));
        if (play)
            put(&b, ",\"offense\":\"%s\",\"defense\":%d", pb_offense_name(c->offense), c->defense);
        if (card[0])
            put(&b, ",\"card\":\"%s\"", card);
        if (has_togo)
            put(&b, ",\"togo\":%d", c->togo);
        for (int i = 0; i < NSUM; i++)
            if (on >> i & 1) {
                put(&b, ",\"%s\":\"", sum_names[i]);
                put_q(&b, v[i], false, 0);
                put(&b, "\"");
            }
        for (int i = 0; decimals > 0 && i < NSUM; i++)
            if (on >> i & 1) {
                put(&b, ",\"%s_dec\":\"", sum_names[i]);
                put_q(&b, v[i], true, decimals);
                put(&b, "\"");
            }
        put(&b, "}");
    }
    put(&b, "\n");
    pb_summary_release(&s);
    if (b.failed) {
        free(b.s);
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    return b.s;
}
