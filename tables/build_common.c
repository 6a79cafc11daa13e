/* tables/build_common.c: the table list, the labels and the standard notes every table
 * carries (ruleset, situation, policies, rounding), and pb_table_build_all. */
#include "build.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void pb_table_list_init(pb_table_list *l)
{
    memset(l, 0, sizeof *l);
}

void pb_table_list_release(pb_table_list *l)
{
    for (size_t i = 0; i < l->count; i++)
        pb_table_release(&l->items[i]);
    free(l->items);
    pb_table_release(&l->spare);
    memset(l, 0, sizeof *l);
}

pb_table *pb_table_list_add(pb_table_list *l, const char *id, const char *title)
{
    if (l->count == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 32;
        pb_table *p = realloc(l->items, cap * sizeof *p);
        if (!p) {
            l->failed = true;
            pb_table_release(&l->spare);
            pb_table_init(&l->spare, id, title);
            return &l->spare;
        }
        l->items = p;
        l->cap = cap;
    }
    pb_table *t = &l->items[l->count++];
    pb_table_init(t, id, title);
    return t;
}

const pb_table *pb_table_list_find(const pb_table_list *l, const char *id)
{
    for (size_t i = 0; i < l->count; i++)
        if (l->items[i].id && strcmp(l->items[i].id, id) == 0)
            return &l->items[i];
    return NULL;
}

const char *pb_table_offense_label(pb_lang L, int offense)
{
    switch (offense) {
    case PB_OFF_RUN: return pb_msgc(L, "offense card", "Run");
    case PB_OFF_SHORT: return pb_msgc(L, "offense card", "Short Pass");
    case PB_OFF_LONG: return pb_msgc(L, "offense card", "Long Pass");
    default: return "?";
    }
}

void pb_table_card_label(const pb_table_data *d, int card, char *buf, size_t len)
{
    if (card == PB_TABLE_NONE)
        snprintf(buf, len, "%s", pb_msgc(d->lang, "play card", "none"));
    else if (card == PB_TABLE_DECK)
        snprintf(buf, len, "%s", pb_msg(d->lang, "deck (each card 1/24)"));
    else
        snprintf(buf, len, "%02d %s", card, d->rules.card[card - 1].name);
}

void pb_table_ball_on(pb_lang L, int togo, char *buf, size_t len)
{
    if (togo == 50)
        snprintf(buf, len, "%s", pb_msgc(L, "ball on", "50"));
    else if (togo > 50)
        snprintf(buf, len, pb_msgc(L, "ball on", "own %d"), 100 - togo);
    else
        snprintf(buf, len, pb_msgc(L, "ball on", "opp %d"), togo);
}

void pb_table_situation_text(const pb_table_data *d, int togo, char *buf, size_t len)
{
    int to = d->rules.sw.timeouts, fd = d->rules.first_down_yards;
    pb_lang L = d->lang;
    if (togo <= 0)
        snprintf(buf, len, to == 1 ? pb_msg(L, "1st and %d (1st and goal inside the %d), score tied, %d timeout each")
                                   : pb_msg(L, "1st and %d (1st and goal inside the %d), score tied, %d timeouts each"),
                 fd, fd, to);
    else if (togo <= fd)
        snprintf(buf, len, to == 1 ? pb_msg(L, "1st and goal from %d yards to go, score tied, %d timeout each")
                                   : pb_msg(L, "1st and goal from %d yards to go, score tied, %d timeouts each"),
                 togo, to);
    else
        snprintf(buf, len, to == 1 ? pb_msg(L, "1st and %d at %d yards to go, score tied, %d timeout each")
                                   : pb_msg(L, "1st and %d at %d yards to go, score tied, %d timeouts each"),
                 fd, togo, to);
}

void pb_table_ruleset_text(const pb_table_data *d, char *buf, size_t len)
{
    char rules[PB_NAME_MAX + 300];
    size_t n = strlen(d->rules.name);
    if (strncmp(d->rules.source, d->rules.name, n) == 0 && strcmp(d->rules.source + n, " (embedded)") == 0)
        snprintf(rules, sizeof rules, pb_msg(d->lang, "%s (embedded)"), d->rules.name); /* "v1.11-ja (embedded)" */
    else if (strncmp(d->rules.source, d->rules.name, n) == 0)
        snprintf(rules, sizeof rules, "%s", d->rules.source);
    else
        snprintf(rules, sizeof rules, pb_msg(d->lang, "%s (from %s)"), d->rules.name, d->rules.source);
    if (d->changes[0])
        snprintf(buf, len, pb_msg(d->lang, "%s, with %s"), rules, d->changes);
    else
        snprintf(buf, len, "%s", rules);
}

void pb_table_assume(pb_table *t, const pb_table_data *d, const char *situation, int places)
{
    char pol[256];
    pb_policies_format(&d->policies, pol, sizeof pol);
    char rules[PB_NAME_MAX + 600];
    pb_table_ruleset_text(d, rules, sizeof rules);
    pb_table_note(t, pb_msg(d->lang, "Ruleset: %s."), rules);
    pb_table_note(t, pb_msg(d->lang, "Situation: %s."), situation);
    pb_table_note(t, pb_msg(d->lang, "Policies: %s."), pol);
    pb_table_note(t, pb_msg(d->lang, "Values: exact fractions (in the .csv) rounded half to even to %d places; 0 means "
                                     "impossible."),
                  places);
}

void pb_table_cols_offense_defense(pb_table *t, pb_lang L, pb_col_kind kind, int places)
{
    for (int o = 0; o < PB_OFFENSE_COUNT; o++)
        for (int k = 1; k <= PB_DEFENSE_COUNT; k++) {
            char name[32];
            snprintf(name, sizeof name, "D%d", k);
            pb_table_col_add(t, name, pb_table_offense_label(L, o), kind, places);
        }
}

void pb_table_need_add(pb_table_need *n, const char *id)
{
    int togo;
    char rest;
    if (strcmp(id, "report") == 0 || strncmp(id, "field-", 6) == 0) {
        bool special = n->special || strcmp(id, "report") == 0;
        pb_table_need_all(n);
        n->special = special;
        n->drive = n->drive || strcmp(id, "report") == 0;
    } else if (strncmp(id, "game-", 5) == 0) {
        /* the game solver's values: nothing to enumerate */
    } else if (strncmp(id, "drive-", 6) == 0) {
        n->drive = true;
    } else if (strncmp(id, "gain-", 5) == 0) {
        n->togo[50] = true;
    } else if (strncmp(id, "card-", 5) == 0 && sscanf(strstr(id, "-togo") ? strstr(id, "-togo") : "", "-togo%d%c",
                                                      &togo, &rest) == 1 && togo >= 1 && togo <= 99) {
        n->togo[togo] = true;
    } else {
        n->special = true;
    }
}

int pb_table_build_all(const pb_table_data *d, pb_table_list *l)
{
    pb_table_build_gain(d, l);
    pb_table_build_cards(d, l);
    pb_table_build_field(d, l);
    pb_table_build_special(d, l);
    pb_table_build_drive(d, l);
    pb_table_build_game(d, l);
    int bad = l->failed;
    for (size_t i = 0; i < l->count; i++)
        bad |= l->items[i].failed;
    return bad ? -1 : 0;
}
