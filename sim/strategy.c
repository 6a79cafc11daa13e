/* sim/strategy.c: a strategy's compiled rules (see strategy.h): the lookup the game calls at every
 * decision, the tables built at load, and their release. Files are read in strategy_parse.c. */
#include "strategy.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "sim_internal.h"

/* ---- lookup ---- */

#define NO_RULE 0xffffu
#define TABLE_CELLS_MAX (1L << 20)

static bool rule_matches(const pb_strat_rule *rule, const pb_strat_view *view)
{
    for (unsigned f = rule->fields; f; f &= f - 1) {
        int i = __builtin_ctz(f);
        if (view->v[i] < rule->lo[i] || view->v[i] > rule->hi[i])
            return false;
    }
    return true;
}

/* The compiled variant for a usable mask, or -1. */
static int variant_of(unsigned usable)
{
    return usable == PB_STRAT_ALL ? 0 : usable == PB_STRAT_NO_FG ? 1 : -1;
}

static const pb_strat_rule *scan(const pb_strat_rules *rs, const pb_strat_view *view, unsigned usable)
{
    for (int i = 0; i < rs->count; i++) {
        const pb_strat_rule *rule = &rs->rules[i];
        if ((rule->mask & usable) && rule_matches(rule, view))
            return rule;
    }
    return NULL;
}

static inline long table_cell(const pb_strat_table *t, const pb_strat_view *view)
{
    long cell = 0;
    for (const pb_strat_axis *a = t->axis, *end = a + t->naxes; a < end; a++) {
        /* clamp without branches: values fall on either side of a boundary at random */
        int v = view->v[a->field], lo = a->lo, hi = a->hi;
        v = v < lo ? lo : v;
        v = v > hi ? hi : v;
        cell += a->offset[v - lo];
    }
    return cell;
}

static inline const pb_strat_rule *lookup(const pb_strategy *st, pb_strat_section sec, const pb_strat_view *view,
                                          unsigned usable, int variant)
{
    const pb_strat_rules *rs = &st->section[sec];
    if (rs->table.built && variant >= 0) {
        unsigned idx = rs->table.rule[variant][table_cell(&rs->table, view)];
        return idx == NO_RULE ? NULL : &rs->rules[idx];
    }
    return scan(rs, view, usable);
}

const pb_strat_rule *pb_strategy_rule(const pb_strategy *st, pb_strat_section sec, const pb_strat_view *view,
                                      unsigned usable)
{
    return lookup(st, sec, view, usable, variant_of(usable));
}

int pb_strategy_choose(const pb_strategy *st, pb_strat_section sec, const pb_strat_view *view, unsigned usable,
                       pb_rng *r)
{
    int variant = variant_of(usable);
    const pb_strat_rule *rule = lookup(st, sec, view, usable, variant);
    if (!rule)
        return -1;
    unsigned m = rule->mask & usable;
    if ((m & (m - 1)) == 0)  /* a single choice: no draw */
        return __builtin_ctz(m);
    if (variant >= 0) {
        /* the first choice whose cumulative weight exceeds x, without a branch per choice */
        const unsigned *cum = rule->cum[variant];
        uint32_t x = pb_rng_below(r, cum[PB_STRAT_CHOICES_MAX - 1]);
        int c = 0;
        for (int i = 0; i < PB_STRAT_CHOICES_MAX - 1; i++)
            c += x >= cum[i];
        return c;
    }
    uint32_t total = 0;
    for (unsigned b = m; b; b &= b - 1)
        total += rule->weight[__builtin_ctz(b)];
    uint32_t x = pb_rng_below(r, total);
    for (unsigned b = m; b; b &= b - 1) {
        int i = __builtin_ctz(b);
        if (x < rule->weight[i])
            return i;
        x -= rule->weight[i];
    }
    return __builtin_ctz(m);  /* not reached */
}

/* ---- compiling ---- */

void pb_strat_derive(pb_strat_rule *rule)
{
    rule->mask = 0;
    unsigned sum[2] = {0, 0};
    for (int i = 0; i < PB_STRAT_CHOICES_MAX; i++) {
        if (rule->weight[i])
            rule->mask |= 1u << i;
        sum[0] += rule->weight[i];
        sum[1] += i == PB_CALL_FG ? 0 : rule->weight[i];
        rule->cum[0][i] = sum[0];
        rule->cum[1][i] = sum[1];
    }
}

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

static void table_release(pb_strat_table *t)
{
    for (int i = 0; i < t->naxes; i++)
        free(t->axis[i].offset);
    free(t->rule[0]);
    free(t->rule[1]);
    memset(t, 0, sizeof *t);
}

/* The class of value v on an axis with boundaries b[0..k-1]: #{b_j <= v}. */
static int class_of(const int *b, int k, int v)
{
    int lo = 0, hi = k;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (b[mid] <= v)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* Build the table; on failure (too many cells, out of memory) the section is scanned instead.
 * Field f's boundaries b_1 < ... < b_k (every lo and hi + 1 of the rules) give k + 1 classes:
 * class(v) = #{b_j <= v}; the lookup array covers b_1 - 1 .. b_k. */
static void build_table(pb_strat_rules *rs)
{
    pb_strat_table *t = &rs->table;
    memset(t, 0, sizeof *t);
    int n = rs->count, *bp[PB_FIELD_COUNT] = {NULL}, nbp[PB_FIELD_COUNT] = {0};
    long cells = 1, stride[PB_FIELD_COUNT] = {0};
    bool ok = true;
    for (int f = 0; f < PB_FIELD_COUNT && ok; f++) {
        bp[f] = malloc((size_t)(2 * n + 1) * sizeof(int));
        if (!bp[f]) {
            ok = false;
            break;
        }
        for (int i = 0; i < n; i++) {
            const pb_strat_rule *rule = &rs->rules[i];
            if (!(rule->fields & (1u << f)))
                continue;
            if (rule->lo[f] != INT_MIN)
                bp[f][nbp[f]++] = rule->lo[f];
            if (rule->hi[f] != INT_MAX)
                bp[f][nbp[f]++] = rule->hi[f] + 1;
        }
        qsort(bp[f], (size_t)nbp[f], sizeof(int), cmp_int);
        int k = 0;
        for (int i = 0; i < nbp[f]; i++)
            if (k == 0 || bp[f][i] != bp[f][k - 1])
                bp[f][k++] = bp[f][i];
        nbp[f] = k;
        if (k == 0)
            continue;
        if (cells * (k + 1) > TABLE_CELLS_MAX) {
            ok = false;
            break;
        }
        stride[f] = cells;
        cells *= k + 1;
        pb_strat_axis *a = &t->axis[t->naxes++];
        a->field = f;
        a->lo = bp[f][0] - 1;
        a->hi = bp[f][k - 1];
        a->offset = malloc((size_t)(a->hi - a->lo + 1) * sizeof(int));
        if (!a->offset) {
            ok = false;
            break;
        }
        for (int v = a->lo, c = 0; v <= a->hi; v++) {
            while (c < k && bp[f][c] <= v)
                c++;
            a->offset[v - a->lo] = (int)(c * stride[f]);
        }
    }
    if (ok) {
        t->rule[0] = malloc((size_t)cells * sizeof *t->rule[0]);
        t->rule[1] = malloc((size_t)cells * sizeof *t->rule[1]);
        ok = t->rule[0] && t->rule[1];
    }
    /* Each cell holds the first rule (in file order) that matches its classes and has a usable
     * choice: fill every rule's box of cells, the last rule first, so that earlier rules
     * overwrite later ones. A rule's box is one range of classes per axis (its lo and hi + 1
     * are boundaries), so the cost is the rules' boxes, not rules x cells. */
    ok = ok && n < (int)NO_RULE;
    for (long cell = 0; ok && cell < cells; cell++)
        t->rule[0][cell] = t->rule[1][cell] = NO_RULE;
    for (int i = n - 1; ok && i >= 0; i--) {
        const pb_strat_rule *rule = &rs->rules[i];
        int from[PB_FIELD_COUNT], to[PB_FIELD_COUNT], at[PB_FIELD_COUNT];
        for (int x = 0; x < t->naxes; x++) {
            int f = t->axis[x].field, k = nbp[f];
            bool given = rule->fields & (1u << f);
            from[x] = given && rule->lo[f] != INT_MIN ? class_of(bp[f], k, rule->lo[f]) : 0;
            to[x] = given && rule->hi[f] != INT_MAX ? class_of(bp[f], k, rule->hi[f]) : k;
            at[x] = from[x];
        }
        bool use[2] = {(rule->mask & PB_STRAT_ALL) != 0, (rule->mask & PB_STRAT_NO_FG) != 0};
        for (;;) {
            long cell = 0;
            for (int x = 0; x < t->naxes; x++)
                cell += at[x] * stride[t->axis[x].field];
            for (int variant = 0; variant < 2; variant++)
                if (use[variant])
                    t->rule[variant][cell] = (unsigned short)i;
            int x = 0;
            while (x < t->naxes && ++at[x] > to[x]) {
                at[x] = from[x];
                x++;
            }
            if (x == t->naxes)
                break;
        }
    }
    for (int f = 0; f < PB_FIELD_COUNT; f++)
        free(bp[f]);
    if (!ok || n >= (int)NO_RULE) {
        table_release(t);
        return;
    }
    t->built = true;
}

void pb_strat_compile(pb_strat_rules *rs)
{
    for (int i = 0; i < rs->count; i++)
        pb_strat_derive(&rs->rules[i]);
    build_table(rs);
}

void pb_strategy_release(pb_strategy *st)
{
    for (int i = 0; i < PB_STRAT_SECTION_COUNT; i++) {
        table_release(&st->section[i].table);
        free(st->section[i].rules);
        st->section[i].rules = NULL;
        st->section[i].count = 0;
    }
}
