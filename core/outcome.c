/* core/outcome.c: names and canonical text / JSON of outcomes and offense cards. */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "play.h"

static const char *const outcome_names[PB_OUT_KIND_COUNT] = {
    "gain", "incomplete", "sack", "touchdown", "safety", "turnover", "turnover_td", "penalty", "cut",
    "start", "return_td", "kept", "good", "miss"};

const char *pb_outcome_name(pb_outcome_kind k) { return k < PB_OUT_KIND_COUNT ? outcome_names[k] : "?"; }

int pb_outcome_parse(const char *s)
{
    for (int i = 0; i < PB_OUT_KIND_COUNT; i++)
        if (strcmp(outcome_names[i], s) == 0)
            return i;
    return -1;
}

bool pb_outcome_has_yards(pb_outcome_kind k)
{
    return k == PB_OUT_GAIN || k == PB_OUT_SACK || k == PB_OUT_TURNOVER || k == PB_OUT_PENALTY ||
           k == PB_OUT_START || k == PB_OUT_KEPT;
}

int pb_result_json(const pb_result *r, char *buf, size_t len)
{
    return snprintf(buf, len, "{\"result\":\"%s\",\"yards\":%d}", pb_outcome_name(r->kind),
                    pb_outcome_has_yards(r->kind) ? r->yards : 0);
}

int pb_result_text(const pb_result *r, char *buf, size_t len)
{
    if (pb_outcome_has_yards(r->kind))
        return snprintf(buf, len, "%s %d", pb_outcome_name(r->kind), r->yards);
    return snprintf(buf, len, "%s", pb_outcome_name(r->kind));
}

static const char *const offense_names[PB_OFFENSE_COUNT] = {"run", "short", "long"};

const char *pb_offense_name(pb_offense o) { return o < PB_OFFENSE_COUNT ? offense_names[o] : "?"; }

int pb_offense_parse(const char *s)
{
    static const struct { const char *name; pb_offense o; } aliases[] = {
        {"run", PB_OFF_RUN}, {"short", PB_OFF_SHORT}, {"long", PB_OFF_LONG}, {"short pass", PB_OFF_SHORT},
        {"long pass", PB_OFF_LONG}, {"short-pass", PB_OFF_SHORT}, {"long-pass", PB_OFF_LONG},
        {"short_pass", PB_OFF_SHORT}, {"long_pass", PB_OFF_LONG}, {"shortpass", PB_OFF_SHORT},
        {"longpass", PB_OFF_LONG}};
    for (size_t i = 0; i < sizeof aliases / sizeof aliases[0]; i++)
        if (strcasecmp(aliases[i].name, s) == 0)
            return aliases[i].o;
    return -1;
}
