/* ask/ask_game.c: the game solver's questions in ask's language (ask.h, "the game's questions"):
 * the win probability of a moment, the best choice there by win probability, and what one of the
 * team's timeouts is worth there; read from a solved game (solve/wp.h), one moment each. */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ask.h"

static const struct {
    const char *name;
    pb_ask_game_measure m;
} measures[] = {
    {"wp", PB_ASK_GAME_WP},           {"p(win)", PB_ASK_GAME_WP},          {"win_probability", PB_ASK_GAME_WP},
    {"best_wp", PB_ASK_GAME_BEST},    {"best_by_wp", PB_ASK_GAME_BEST},    {"timeout_value", PB_ASK_GAME_TIMEOUT},
    {"timeout", PB_ASK_GAME_TIMEOUT},
};

static int fail(pb_ask_error *e, int offset, int span, const char *msg)
{
    e->source = -1;
    e->offset = offset;
    e->span = span;
    snprintf(e->msg, sizeof e->msg, "%s", msg);
    return -1;
}

/* A word's lower-case form with '-' read as '_' into buf (at most len - 1 characters). */
static void lower(const char *s, size_t n, char *buf, size_t len)
{
    size_t k = 0;
    for (; k < n && k + 1 < len; k++)
        buf[k] = s[k] == '-' ? '_' : (char)tolower((unsigned char)s[k]);
    buf[k] = 0;
}

/* An integer in lo..hi, the whole of s[0..n). */
static int integer(const char *s, size_t n, int lo, int hi, int *v)
{
    size_t i = s[0] == '-' || s[0] == '+';
    if (i == n || n > 12)
        return -1;
    long x = 0;
    for (size_t k = i; k < n; k++) {
        if (!isdigit((unsigned char)s[k]))
            return -1;
        x = x * 10 + (s[k] - '0');
    }
    x = s[0] == '-' ? -x : x;
    if (x < lo || x > hi)
        return -1;
    *v = (int)x;
    return 0;
}

int pb_ask_game_parse(pb_ask_game_query *q, const char *text, pb_ask_error *e)
{
    memset(q, 0, sizeof *q);
    q->m.kind = PB_WP_SNAP;
    q->m.down = 1;
    q->m.timeouts_own = q->m.timeouts_opp = -1;   /* the ruleset's */
    const char *s = text;
    while (isspace((unsigned char)*s))
        s++;
    size_t n = strcspn(s, " \t");
    char word[32];
    lower(s, n, word, sizeof word);
    int found = -1;
    for (size_t i = 0; i < sizeof measures / sizeof measures[0] && n < sizeof word; i++)
        if (strcmp(word, measures[i].name) == 0)
            found = (int)i;
    if (found < 0)
        return 1;   /* not one of the game's questions */
    q->measure = measures[found].m;
    int seen[16] = {0};
    static const char *const keys[] = {"half", "left", "lead", "togo", "down", "ytg", "timeouts", "kick", "receives"};
    enum { K_HALF, K_LEFT, K_LEAD, K_TOGO, K_DOWN, K_YTG, K_TIMEOUTS, K_KICK, K_RECEIVES, K_N };
    for (s += n;;) {
        while (isspace((unsigned char)*s))
            s++;
        if (!*s)
            break;
        int at = (int)(s - text);
        size_t kn = strcspn(s, "= \t");
        if (s[kn] != '=')
            return fail(e, at, (int)kn, "expected KEY=VALUE (half, left, lead, togo, down, ytg, timeouts, kick, receives)");
        char key[32];
        lower(s, kn, key, sizeof key);
        int k = -1;
        for (int i = 0; i < K_N; i++)
            if (kn < sizeof key && strcmp(key, keys[i]) == 0)
                k = i;
        if (k < 0)
            return fail(e, at, (int)kn, "the game's questions take half, left, lead, togo, down, ytg, timeouts, kick "
                                        "and receives (the ruleset, switches and policies: the command's options)");
        if (seen[k])
            return fail(e, at, (int)kn, "given twice");
        seen[k] = 1;
        const char *v = s + kn + 1;
        size_t vn = strcspn(v, " \t");
        int vat = (int)(v - text), bad = 0;
        char val[32];
        lower(v, vn, val, sizeof val);
        switch (k) {
        case K_HALF: bad = integer(v, vn, 1, 3, &q->m.half); break;
        case K_LEFT: bad = integer(v, vn, 0, 64, &q->m.left); break;
        case K_LEAD:
            if (strcmp(val, "tied") == 0)
                q->m.lead = 0;
            else
                bad = integer(v, vn, -999, 999, &q->m.lead);
            break;
        case K_TOGO: bad = integer(v, vn, 1, 99, &q->m.togo); break;
        case K_DOWN: bad = integer(v, vn, 1, 9, &q->m.down); break;
        case K_YTG: bad = integer(v, vn, 1, 99, &q->m.ytg); break;
        case K_TIMEOUTS: {
            const char *c = memchr(v, ',', vn);
            if (c)
                bad = integer(v, (size_t)(c - v), 0, 9, &q->m.timeouts_own) ||
                      integer(c + 1, vn - (size_t)(c - v) - 1, 0, 9, &q->m.timeouts_opp);
            else if ((bad = integer(v, vn, 0, 9, &q->m.timeouts_own)) == 0)
                q->m.timeouts_opp = q->m.timeouts_own;
            break;
        }
        case K_KICK:
            if (strcmp(val, "kickoff") == 0)
                q->m.kind = PB_WP_KICKOFF;
            else if (strcmp(val, "free_kick") == 0)
                q->m.kind = PB_WP_FREE_KICK;
            else if (strcmp(val, "try") == 0 || strcmp(val, "pat") == 0 || strcmp(val, "two_point") == 0)
                q->m.kind = PB_WP_TRY;
            else
                return fail(e, vat, (int)vn, "kick: kickoff, free-kick or try (the moment before it)");
            break;
        default:
            if (strcmp(val, "yes") == 0)
                q->m.receives_second = 1;
            else if (strcmp(val, "no") != 0)
                bad = 1;
            break;
        }
        if (bad) {
            static const char *const want[] = {"half: 1, 2 (3: the overtime)", "left: the cards left, 0..64",
                                               "lead: an integer (or tied)", "togo: 1..99", "down: 1..4",
                                               "ytg: 1..togo", "timeouts: N or O,D (0..9)", "",
                                               "receives: yes or no"};
            return fail(e, vat, (int)vn, want[k]);
        }
        s = v + vn;
    }
    int end = (int)strlen(text);
    if (!seen[K_HALF] || !seen[K_LEFT])
        return fail(e, end, 0, "the game's questions need half= and left= (the cards left in the half)");
    if (q->m.kind == PB_WP_SNAP && !seen[K_TOGO])
        return fail(e, end, 0, "a snap needs togo= (or kick=kickoff|free-kick|try)");
    if (q->m.kind != PB_WP_SNAP && (seen[K_TOGO] || seen[K_DOWN] || seen[K_YTG]))
        return fail(e, end, 0, "togo, down and ytg describe a snap, not a kick or a try");
    if (q->m.kind == PB_WP_SNAP && !seen[K_YTG])
        q->m.ytg = q->m.togo < 10 ? q->m.togo : 10;
    if (seen[K_RECEIVES] && q->m.half != 1)
        return fail(e, end, 0, "receives= is for half 1 (who receives the second-half kickoff)");
    return 0;
}

int pb_ask_game_answer_get(const pb_wp *w, const pb_ask_game_query *q, pb_ask_game_answer *a, char *err,
                           size_t errlen)
{
    memset(a, 0, sizeof *a);
    a->m = q->m;
    int T = pb_wp_rules(w)->sw.timeouts;
    if (a->m.timeouts_own < 0)
        a->m.timeouts_own = a->m.timeouts_opp = T;
    if (pb_wp_value_at(w, &a->m, &a->value, err, errlen) != 0)
        return -1;
    if (!a->value.stored) {   /* (a snap not kept is recomputed: pb_wp_value_at) */
        snprintf(err, errlen, "this moment's layer is not kept in the value file");
        return -1;
    }
    if (q->measure == PB_ASK_GAME_BEST) {
        if (pb_wp_detail_at(w, &a->m, &a->detail, err, errlen) != 0)
            return -1;
        a->value = a->detail.value;
    } else if (q->measure == PB_ASK_GAME_TIMEOUT) {
        if (a->m.timeouts_own < 1) {
            snprintf(err, errlen, "timeout_value: the team has no timeout at this moment (timeouts=%d,%d)",
                     a->m.timeouts_own, a->m.timeouts_opp);
            return -1;
        }
        pb_wp_moment less = a->m;
        less.timeouts_own--;
        if (pb_wp_value_at(w, &less, &a->without, err, errlen) != 0)
            return -1;
        if (!a->without.stored) {
            snprintf(err, errlen, "this moment's layer is not kept in the value file");
            return -1;
        }
    }
    return 0;
}

/* An interval the solve left inverted (lo > hi) is never called certified. */
static const char *certified(const pb_wp_value *v)
{
    return v->lo > v->hi ? "NOT certified: the solve's interval is inverted" : "certified";
}

static void moment_text(const pb_wp_moment *m, char *buf, size_t len)
{
    int n = snprintf(buf, len, "half %d, %d card%s left, lead %+d, timeouts %d,%d%s: ", m->half, m->left,
                     m->left == 1 ? "" : "s", m->lead, m->timeouts_own, m->timeouts_opp,
                     m->half == 1 ? (m->receives_second ? ", receives the second-half kickoff" : ", kicks off the second half") : "");
    if (n < 0 || (size_t)n >= len)
        return;
    if (m->kind == PB_WP_KICKOFF)
        snprintf(buf + n, len - (size_t)n, "its kickoff");
    else if (m->kind == PB_WP_FREE_KICK)
        snprintf(buf + n, len - (size_t)n, "its free kick");
    else if (m->kind == PB_WP_TRY)
        snprintf(buf + n, len - (size_t)n, "its try (the 6 counted in the lead)");
    else
        snprintf(buf + n, len - (size_t)n, "down %d, %d to gain, togo %d", m->down, m->ytg, m->togo);
}

static const char *const meaning[] = {
    "the win probability, P(win) + P(tie)/2, of the team with the ball (kicking, trying) under the solved game's "
    "equilibrium",
    "the best choice by win probability: go (the snap's equilibrium mix), field goal or punt; PAT or two; regular "
    "kickoff or onside",
    "what one of the team's timeouts is worth: the win probability with it minus without it",
};

/* Which alternative is best and its margin over the next; `open` when the margin is within the
 * alternatives' bounds. */
static const char *best_of(const pb_wp_moment *m, const pb_wp_detail *d, double *margin, int *open)
{
    const char *name;
    double a, b;
    if (m->kind == PB_WP_TRY) {
        name = d->two > d->pat ? "two-point" : "PAT kick";
        a = fmax(d->two, d->pat);
        b = fmin(d->two, d->pat);
    } else if (m->kind != PB_WP_SNAP) {
        name = d->onside > d->regular ? "onside" : "regular kickoff";
        a = fmax(d->onside, d->regular);
        b = fmin(d->onside, d->regular);
    } else {
        double alt[3] = {d->go, d->fg, d->punt};
        static const char *const names[] = {"go", "field goal", "punt"};
        static const char *const end[] = {"let the half end", "field goal", "punt"};
        name = m->left == 0 ? end[d->best] : names[d->best];
        a = alt[d->best];
        b = -INFINITY;
        for (int k = 0; k < 3; k++)
            if (k != (int)d->best && alt[k] > b)
                b = alt[k];
    }
    *margin = isinf(b) ? INFINITY : a - b;
    *open = !isinf(b) && *margin <= 2 * d->radius + 1e-15;
    return name;
}

void pb_ask_game_print(FILE *out, const char *text, const pb_ask_game_query *q, const pb_ask_game_answer *a,
                       const char *values, int json)
{
    char mt[256];
    moment_text(&a->m, mt, sizeof mt);
    const pb_wp_value *v = &a->value;
    const pb_wp_detail *d = &a->detail;
    double margin = 0;
    int open = 0;
    const char *best = q->measure == PB_ASK_GAME_BEST ? best_of(&a->m, d, &margin, &open) : NULL;
    static const char *const mname[] = {"wp", "best_wp", "timeout_value"};
    if (json) {
        fprintf(out, "{\"question\":\"");
        for (const char *c = text; *c; c++)
            if (*c == '"' || *c == '\\')
                fprintf(out, "\\%c", *c);
            else if ((unsigned char)*c >= 0x20)
                fputc(*c, out);
        fprintf(out, "\",\"measure\":\"%s\",\"moment\":\"%s\",\"values\":\"%s\",\"wp\":%.12f,\"lo\":%.12f,\"hi\":%.12f,"
                     "\"bound\":%.3g", mname[q->measure], mt, values, v->wp, v->lo, v->hi, v->bound);
        if (v->recomputed)
            fprintf(out, ",\"recomputed\":true,\"states\":%ld", v->states);
        if (q->measure == PB_ASK_GAME_TIMEOUT)
            fprintf(out, ",\"without\":%.12f,\"without_bound\":%.3g,\"timeout\":%.12f,\"timeout_bound\":%.3g",
                    a->without.wp, a->without.bound, v->wp - a->without.wp, v->bound + a->without.bound);
        if (best) {
            fprintf(out, ",\"best\":\"%s\",\"margin\":%.12f,\"decided\":%s,\"alternatives_bound\":%.3g", best,
                    isinf(margin) ? 1.0 : margin, open ? "false" : "true", d->radius);
            if (a->m.kind == PB_WP_SNAP) {
                fprintf(out, ",\"go\":%.12f,\"punt\":%.12f", d->go, isinf(d->punt) ? -1.0 : d->punt);
                if (!isinf(d->fg))
                    fprintf(out, ",\"field_goal\":%.12f", d->fg);
                if (a->m.left > 0)
                    fprintf(out, ",\"offense_mix\":[%.9f,%.9f,%.9f]", d->off_mix[0], d->off_mix[1], d->off_mix[2]);
            } else if (a->m.kind == PB_WP_TRY) {
                fprintf(out, ",\"pat\":%.12f,\"two_point\":%.12f", d->pat, d->two);
            } else {
                fprintf(out, ",\"regular\":%.12f,\"onside\":%.12f", d->regular, d->onside);
            }
        }
        fprintf(out, "}\n");
        return;
    }
    fprintf(out, "question: %s\nread as:\n  measure    %s: %s\n  moment     %s\n  values     %s\n", text, mname[q->measure],
            meaning[q->measure], mt, values);
    if (q->measure == PB_ASK_GAME_WP && v->recomputed && v->lo <= v->hi) {
        /* not kept in the file: recomputed; the digits its bound allows, the ends rounded outward */
        int dg = v->bound > 0 ? (int)floor(-log10(2 * v->bound)) : 9;
        dg = dg < 1 ? 1 : dg > 9 ? 9 : dg;
        double sc = pow(10, dg);
        fprintf(out, "answer:   WP = %.*f (certified: %.*f .. %.*f, bound %.2g; recomputed from the kept states, %ld "
                     "solved again)\n", dg, v->wp, dg, floor(v->lo * sc) / sc, dg, ceil(v->hi * sc) / sc, v->bound,
                v->states);
    } else if (q->measure == PB_ASK_GAME_WP) {
        fprintf(out, "answer:   WP = %.9f (%s: %.9f .. %.9f)\n", v->wp, certified(v), v->lo, v->hi);
    } else if (q->measure == PB_ASK_GAME_TIMEOUT) {
        double t = v->wp - a->without.wp, b = v->bound + a->without.bound;
        fprintf(out, "answer:   timeout_value = %+.9f ± %.2g (win probability %.9f with %d timeout%s, %.9f with %d)\n",
                t, b, v->wp, a->m.timeouts_own, a->m.timeouts_own == 1 ? "" : "s", a->without.wp,
                a->m.timeouts_own - 1);
    } else {
        fprintf(out, "answer:   best_wp = %s", best);
        if (isinf(margin))
            fprintf(out, " (the only choice)\n");
        else
            fprintf(out, ", by %.6f%s (each alternative within %.2g)\n", margin,
                    open ? ": within the bounds, not decided" : "", d->radius);
        fprintf(out, "  win probability %.9f (%s: %.9f .. %.9f)\n", v->wp, certified(v), v->lo, v->hi);
        if (a->m.kind == PB_WP_SNAP && a->m.left == 0) {
            fprintf(out, "  let the half end  %.9f\n", d->go);
            if (!isinf(d->fg))
                fprintf(out, "  field goal        %.9f\n", d->fg);
        } else if (a->m.kind == PB_WP_SNAP) {
            fprintf(out, "  go          %.9f   run %.3f short %.3f long %.3f\n", d->go, d->off_mix[0], d->off_mix[1],
                    d->off_mix[2]);
            if (!isinf(d->fg))
                fprintf(out, "  field goal  %.9f\n", d->fg);
            fprintf(out, "  punt        %.9f\n", d->punt);
        } else if (a->m.kind == PB_WP_TRY) {
            fprintf(out, "  PAT kick    %.9f\n  two-point   %.9f\n", d->pat, d->two);
        } else {
            fprintf(out, "  regular     %.9f\n  onside      %.9f\n", d->regular, d->onside);
        }
    }
}
