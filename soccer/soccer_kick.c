/* soccer/soccer_kick.c: one kick resolved from the squares along its line (soccer_kick.h).
 * The game guide's rules, "キック(パス・シュート)": a grounder runs the die's number of squares
 * and meets the first player on its way (at 2+ squares: short, at the feet, trapped (+1), or
 * deflected by the excess (+2 or more); at 1 square: the faces of M3); a lob lands on the
 * square of its (advantaged) value, over everybody's heads; an inside kick needs no die. */
#include "soccer_kick.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

int ms_line_check(const char *line, char *err, size_t errlen)
{
    size_t n = strlen(line);
    if (n == 0) {
        snprintf(err, errlen, "empty line (write '.' for an empty square)");
        return -1;
    }
    if (n > MS_LINE_MAX) {
        snprintf(err, errlen, "line '%s': longer than %d squares", line, MS_LINE_MAX);
        return -1;
    }
    for (size_t i = 0; i < n; i++) {
        char c = line[i];
        if (!strchr(".TOKG|", c)) {
            snprintf(err, errlen, "line '%s': square %zu is '%c' (expected . T O K G |)", line, i + 1, c);
            return -1;
        }
        if ((c == 'G' || c == '|') && i + 1 != n) {
            snprintf(err, errlen, "line '%s': '%c' at square %zu must be the last square", line, c, i + 1);
            return -1;
        }
    }
    return 0;
}

char ms_line_at(const char *line, int s)
{
    return s >= 1 && (size_t)s <= strlen(line) ? line[s - 1] : '.';
}

static bool gk_advantage(const ms_rules *r, const ms_kick *k)
{
    return k->kicker == MS_KICKER_GOAL_KICK || (k->kicker == MS_KICKER_GK_AREA && r->gk_adv_all_area_kicks);
}

int ms_kick_value(const ms_rules *r, const ms_kick *k, int face)
{
    if (k->type == MS_INSIDE)
        return k->inside_dist;
    int gk = gk_advantage(r, k) ? r->goal_kick_adv : 0;
    if (k->type == MS_GROUNDER)
        return face + gk;
    int lob = r->lob_plus[face] ? r->lob_adv : 0;
    if (r->gk_lob_stack)
        return face + gk + lob;
    return face + (gk > lob ? gk : lob);
}

typedef struct {
    char *buf;
    size_t len, at;
    int n;
} steps;

static void step(steps *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void step(steps *s, const char *fmt, ...)
{
    if (!s->buf || s->at + 1 >= s->len)
        return;
    int w = snprintf(s->buf + s->at, s->len - s->at, "%d. ", ++s->n);
    if (w > 0)
        s->at += (size_t)w < s->len - s->at ? (size_t)w : s->len - s->at - 1;
    va_list ap;
    va_start(ap, fmt);
    w = vsnprintf(s->buf + s->at, s->len - s->at, fmt, ap);
    va_end(ap);
    if (w > 0)
        s->at += (size_t)w < s->len - s->at ? (size_t)w : s->len - s->at - 1;
    if (s->at + 1 < s->len) {
        s->buf[s->at++] = '\n';
        s->buf[s->at] = 0;
    }
}

static const char *who_name(char c)
{
    return c == 'T' ? "a teammate" : c == 'O' ? "an opponent" : c == 'K' ? "the opponent goalkeeper" : "nobody";
}

/* A deflection of k squares from square d, sent straight on along the line: does it go in? */
static bool straight_on_scores(const ms_rules *r, const char *line, int d, int k)
{
    for (int j = 1; j <= k; j++) {
        char c = ms_line_at(line, d + j);
        if (c == 'G')
            return r->grounder_past_goal_scores || j == k;
        if (c == '|')
            return false;
        if (c != '.' && r->deflect_stops)
            return false;
    }
    return false;
}

static void meet_player(const ms_rules *r, const ms_kick *k, int face, int v, int d, char c, ms_outcome *o, steps *s)
{
    o->square = d;
    o->who = c;
    bool ours = c == 'T';
    if (d == 1) {
        int a = r->adjacent[face];
        step(s, "%s stands 1 square away: the adjacent rule (M3 = %s) reads face %d", who_name(c), r->value[2], face);
        if (a == 0) {
            o->kind = ours ? MS_OUT_PASS : MS_OUT_STEAL;
            step(s, "face %d: he keeps the ball%s", face, ours ? " (a pass)" : " (the ball is lost: roles swap)");
            return;
        }
        o->kind = MS_OUT_DEFLECT;
        o->deflect = a;
        o->kicker_chooses = true;  /* 「キッカーの好きな方向へ」 */
        step(s, "face %d: the ball is too hard to control and is deflected %d square%s in the direction the kicker chooses",
             face, a, a == 1 ? "" : "s");
    } else {
        int diff = v - d;
        step(s, "%s stands %d squares away: compare %d with %d: %+d", who_name(c), d, v, d, diff);
        if (diff == 0 || diff == 1) {
            o->kind = ours ? MS_OUT_PASS : MS_OUT_STEAL;
            o->trapped = diff == 1;
            step(s, "%s: %s%s", diff == 0 ? "+-0, at his feet" : "+1, trapped and kept",
                 ours ? "the pass is complete" : "the ball is lost: roles swap",
                 diff == 1 && ours ? " (he may instead let it run 1 square on)" : "");
            return;
        }
        o->kind = MS_OUT_DEFLECT;
        o->deflect = diff;
        o->kicker_chooses = ours || r->chooser == MS_CHOOSER_KICKER;
        step(s, "+%d or more: too hard to trap, deflected %d squares in a straight line, the direction chosen by %s (M4 = %s)",
             2, diff, o->kicker_chooses ? "the kicking side" : "the receiving opponent", r->value[3]);
    }
    if (o->kicker_chooses && straight_on_scores(r, k->line, d, o->deflect)) {
        o->deflect_scores = true;
        step(s, "sent straight on, the deflection reaches the goal: a goal if the kicker so chooses");
    }
}

void ms_kick_resolve(const ms_rules *r, const ms_kick *k, int face, ms_outcome *o, char *buf, size_t len)
{
    steps s = {buf, len, 0, 0};
    if (buf && len)
        buf[0] = 0;
    memset(o, 0, sizeof *o);
    const char *line = k->line;
    if (k->type == MS_INSIDE) {
        int n = k->inside_dist;
        step(&s, "inside kick, %d square%s, no die", n, n == 1 ? "" : "s");
        int reach = r->inside_blocked_within2 ? 2 : n - 1;
        for (int j = 1; j <= reach; j++) {
            char c = ms_line_at(line, j);
            if (c == 'O' || c == 'K') {
                o->kind = MS_OUT_BARRED;
                o->square = j;
                step(&s, "%s stands on square %d of the course: no inside kick this way (M13 = %s)", who_name(c), j,
                     r->value[12]);
                return;
            }
            if ((c == 'G' || c == '|') && j < n) {
                o->kind = c == 'G' ? MS_OUT_GOAL : MS_OUT_OUT;
                o->square = j;
                step(&s, "the ball crosses %s at square %d", c == 'G' ? "the goal line: a goal" : "the line: out", j);
                return;
            }
        }
        char c = ms_line_at(line, n);
        o->square = n;
        if (c == '.') {
            o->kind = MS_OUT_LOOSE;
            step(&s, "the ball stops on the empty square %d: a loose ball", n);
        } else if (c == 'G') {
            o->kind = MS_OUT_GOAL;
            step(&s, "square %d is the goal: a goal", n);
        } else if (c == '|') {
            o->kind = MS_OUT_OUT;
            step(&s, "square %d is past the line: out", n);
        } else {
            o->who = c;
            o->kind = c == 'T' ? MS_OUT_PASS : MS_OUT_STEAL;
            step(&s, "%s on square %d keeps it", who_name(c), n);
        }
        return;
    }
    int v = ms_kick_value(r, k, face);
    if (k->type == MS_GROUNDER) {
        if (v != face)
            step(&s, "grounder, face %d + %d goal-kick advantage = %d squares", face, v - face, v);
        else
            step(&s, "grounder, face %d: the ball runs %d squares", face, v);
        for (int d = 1; d <= v; d++) {
            char c = ms_line_at(line, d);
            if (c == '.')
                continue;
            if (c == 'G') {
                o->square = d;
                if (r->grounder_past_goal_scores || d == v) {
                    o->kind = MS_OUT_GOAL;
                    step(&s, "nobody in the way and the goal is %d squares away, %d >= %d: a goal", d, v, d);
                } else {
                    o->kind = MS_OUT_OVER;
                    step(&s, "the goal is %d squares away but the ball runs %d (M6 = exact): wide, a goal kick", d, v);
                }
                return;
            }
            if (c == '|') {
                o->kind = MS_OUT_OUT;
                o->square = d;
                step(&s, "the ball crosses the line at square %d: out", d);
                return;
            }
            meet_player(r, k, face, v, d, c, o, &s);
            return;
        }
        o->kind = MS_OUT_LOOSE;
        o->square = v;
        step(&s, "nobody within %d squares: the ball stops on square %d, a loose ball", v, v);
        return;
    }
    /* lob */
    if (v != face)
        step(&s, "lob, face %d%s%s = %d squares, over everybody's heads", face,
             r->lob_plus[face] ? " + lob advantage (M1)" : "",
             gk_advantage(r, k) ? (r->gk_lob_stack || !r->lob_plus[face] ? " + goal-kick advantage" : " (no stacking, M2)") : "",
             v);
    else
        step(&s, "lob, face %d: it lands %d squares away, over everybody's heads", face, v);
    for (int d = 1; d < v; d++) {
        char c = ms_line_at(line, d);
        if (c == 'G') {
            o->kind = MS_OUT_OVER;
            o->square = d;
            step(&s, "the goal is %d squares away, the ball lands at %d: over the bar, a goal kick", d, v);
            return;
        }
        if (c == '|') {
            o->kind = MS_OUT_OUT;
            o->square = d;
            step(&s, "the ball lands past the line (square %d): out", d);
            return;
        }
    }
    char c = ms_line_at(line, v);
    o->square = v;
    if (c == 'G') {
        o->kind = MS_OUT_GOAL;
        step(&s, "it lands in the goal: a goal");
    } else if (c == '|') {
        o->kind = MS_OUT_OUT;
        step(&s, "it lands past the line: out");
    } else if (c == '.') {
        o->kind = MS_OUT_LOOSE;
        step(&s, "it lands on the empty square %d: a loose ball", v);
    } else {
        o->who = c;
        o->kind = c == 'T' ? MS_OUT_PASS : MS_OUT_STEAL;
        step(&s, "it lands on %s: %s", who_name(c),
             c == 'T' ? "the pass is complete (he keeps it or heads it 1-2 squares)" : "he keeps it: the ball is lost");
    }
}

static bool same(const ms_outcome *a, const ms_outcome *b) { return memcmp(a, b, sizeof *a) == 0; }

void ms_kick_dist(const ms_rules *r, const ms_kick *k, ms_dist *d)
{
    memset(d, 0, sizeof *d);
    int count[MS_FACES] = {0};
    int faces = k->type == MS_INSIDE ? 1 : MS_FACES;
    for (int f = 1; f <= faces; f++) {
        ms_outcome o;
        ms_kick_resolve(r, k, f, &o, NULL, 0);
        int i = 0;
        while (i < d->n && !same(&d->o[i], &o))
            i++;
        if (i == d->n)
            d->o[d->n++] = o;
        d->faces[i][count[i]++] = f;
    }
    for (int i = 0; i < d->n; i++) {
        mpq_init(d->p[i]);
        mpq_set_ui(d->p[i], (unsigned long)count[i], (unsigned long)faces);
        mpq_canonicalize(d->p[i]);
    }
}

void ms_dist_clear(ms_dist *d)
{
    for (int i = 0; i < d->n; i++)
        mpq_clear(d->p[i]);
    d->n = 0;
}

void ms_kick_p(mpq_t out, const ms_rules *r, const ms_kick *k, ms_outcome_kind kind, bool with_chosen)
{
    int faces = k->type == MS_INSIDE ? 1 : MS_FACES, n = 0;
    for (int f = 1; f <= faces; f++) {
        ms_outcome o;
        ms_kick_resolve(r, k, f, &o, NULL, 0);
        if (o.kind == kind || (with_chosen && kind == MS_OUT_GOAL && o.kind == MS_OUT_DEFLECT && o.deflect_scores))
            n++;
    }
    mpq_set_ui(out, (unsigned long)n, (unsigned long)faces);
    mpq_canonicalize(out);
}

const char *ms_outcome_name(ms_outcome_kind k)
{
    static const char *const names[] = {"loose", "pass", "steal", "deflect", "goal", "over", "out", "barred"};
    return k < MS_OUT_KINDS ? names[k] : "?";
}

void ms_outcome_text(const ms_outcome *o, char *buf, size_t len)
{
    switch (o->kind) {
    case MS_OUT_LOOSE: snprintf(buf, len, "loose ball on square %d", o->square); break;
    case MS_OUT_PASS:
        snprintf(buf, len, "pass complete to the teammate %d square%s away%s", o->square, o->square == 1 ? "" : "s",
                 o->trapped ? " (trapped)" : "");
        break;
    case MS_OUT_STEAL:
        snprintf(buf, len, "%s %d square%s away keeps the ball%s", o->who == 'K' ? "the goalkeeper" : "the opponent",
                 o->square, o->square == 1 ? "" : "s", o->trapped ? " (trapped)" : "");
        break;
    case MS_OUT_DEFLECT:
        snprintf(buf, len, "deflected %d square%s off the %s %d away, direction: %s%s", o->deflect,
                 o->deflect == 1 ? "" : "s", o->who == 'T' ? "teammate" : o->who == 'K' ? "goalkeeper" : "opponent",
                 o->square, o->kicker_chooses ? "kicker's choice" : "receiver's choice",
                 o->deflect_scores ? " (straight on: a goal)" : "");
        break;
    case MS_OUT_GOAL: snprintf(buf, len, "goal"); break;
    case MS_OUT_OVER: snprintf(buf, len, "past the goal: goal kick"); break;
    case MS_OUT_OUT: snprintf(buf, len, "out of play at square %d", o->square); break;
    case MS_OUT_BARRED: snprintf(buf, len, "not allowed (opponent on square %d)", o->square); break;
    default: snprintf(buf, len, "?"); break;
    }
}
