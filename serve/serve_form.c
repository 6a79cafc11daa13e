/* serve/serve_form.c: the ruleset as the page's form. The form is the ruleset file itself
 * (pb_ruleset_write's text, section by section, key by key), so that every key the loader reads is
 * on the page and the page's edits go back through the same loader; each section carries the
 * rulebook's section number, title and a short rule text (the catalogue's, in the page's language). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "serve_internal.h"

typedef struct {
    const char *prefix;   /* a section, or its prefix ("defense", "card") */
    const char *ref;      /* the rulebook's section */
    const char *title, *rule;
} rulebook_entry;

static const rulebook_entry rulebook[] = {
    {"ruleset", "", PB_N_("Ruleset"), PB_N_("The ruleset's name (an edited copy of an embedded ruleset is named edited).")},
    {"field", "1.1, 2.3", PB_N_("Field"),
     PB_N_("A field of 99 yards; four downs to gain 10 yards; a touchback starts at the own 20; the red zone "
           "inside the 20.")},
    {"pass", "2.4", PB_N_("Calculation of the gain"),
     PB_N_("Short Pass gains the dice's sum, Long Pass twice the sum; incomplete when a die shows a number on the "
           "defense card.")},
    {"defense", "4.2", PB_N_("Defense card"),
     PB_N_("Run: subtracted from a roll that is not doubles. Short / Long: the faces that make the pass "
           "incomplete (inside the red zone: their red-zone faces).")},
    {"kickoff", "3.1", PB_N_("Kickoff"),
     PB_N_("A regular kick travels roll x 2 + 50 yards from the kicking team's 30; after a safety, from its 20.")},
    {"onside", "3.1", PB_N_("Onside kick"),
     PB_N_("One die x 2 yards; the kicking team keeps the ball when that is 10 or more.")},
    {"punt", "3.3", PB_N_("Punt"), PB_N_("The ball flies 50 yards; no dice, no play card.")},
    {"return", "3.4", PB_N_("Return"),
     PB_N_("roll x 2 yards, doubles roll x 4 and roll again; the receiving team may take the touchback instead.")},
    {"field_goal", "3.6", PB_N_("Field goal"),
     PB_N_("Within 40 yards of the goal line; good when a die shows one of the numbers of its distance, or on "
           "doubles.")},
    {"pat", "3.5", PB_N_("Point after touchdown"),
     PB_N_("The kick is good on a roll of 4 or more (one point); the two-point conversion is a play from the "
           "2-yard line.")},
    {"penalty", "3.8", PB_N_("Half the distance to the goal"),
     PB_N_("A penalty longer than half the distance to the goal line moves the ball half that distance.")},
    {"game", "2.5, 3.2", PB_N_("Quarter"),
     PB_N_("Four quarters of play cards; cards set aside each quarter; a timeout before the half's last play "
           "adds plays.")},
    {"switches", "", PB_N_("Switches"),
     PB_N_("Readings of the rulebook where its text allows more than one (doc/model.md section 7).")},
    {"card", "5", PB_N_("Play card"), PB_N_("The play card's effect and its numbers (5. Details of Play Cards).")},
};

void pb_serve_rulebook(const char *section, const char **ref, const char **title, const char **rule)
{
    *ref = "";
    *title = section;
    *rule = "";
    for (size_t i = 0; i < sizeof rulebook / sizeof rulebook[0]; i++) {
        size_t n = strlen(rulebook[i].prefix);
        if (strncmp(section, rulebook[i].prefix, n) == 0 && (section[n] == 0 || section[n] == ' ')) {
            *ref = rulebook[i].ref;
            *title = rulebook[i].title;
            *rule = rulebook[i].rule;
            return;
        }
    }
}

char *pb_serve_ruleset_ini(const pb_ruleset *rs)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    if (!m)
        return NULL;
    pb_ruleset_write(rs, m);
    if (fclose(m) != 0) {
        free(buf);
        return NULL;
    }
    return buf;
}

int pb_serve_fingerprint(const pb_ruleset *rs, char buf[20])
{
    char *ini = pb_serve_ruleset_ini(rs);
    if (!ini)
        return -1;
    unsigned long long h = 1469598103934665603ull;
    for (const unsigned char *p = (const unsigned char *)ini; *p; p++)
        h = (h ^ *p) * 1099511628211ull;
    free(ini);
    snprintf(buf, 20, "%016llx", h);
    return 0;
}

static void trim(char *s)
{
    size_t n = strlen(s);
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
        s[--n] = 0;
}

json_t *pb_serve_form(const pb_ruleset *rs, pb_lang lang)
{
    char *ini = pb_serve_ruleset_ini(rs);
    json_t *form = json_array();
    if (!ini || !form) {
        free(ini);
        json_decref(form);
        return NULL;
    }
    json_t *keys = NULL;
    char *save = NULL;
    for (char *line = strtok_r(ini, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        trim(line);
        if (!*line || *line == ';')
            continue;
        if (*line == '[') {
            char *end = strchr(line, ']');
            if (!end)
                continue;
            *end = 0;
            const char *ref, *title, *rule;
            pb_serve_rulebook(line + 1, &ref, &title, &rule);
            char heading[PB_NAME_MAX + 80];
            int card = 0;
            if (sscanf(line + 1, "card %d", &card) == 1 && card >= 1 && card <= PB_CARD_COUNT)
                snprintf(heading, sizeof heading, "%s %02d %s", pb_msg(lang, title), card, rs->card[card - 1].name);
            else if (sscanf(line + 1, "defense %d", &card) == 1)
                snprintf(heading, sizeof heading, "%s %d", pb_msg(lang, title), card);
            else
                snprintf(heading, sizeof heading, "%s", pb_msg(lang, title));
            keys = json_array();
            json_array_append_new(form, json_pack("{s:s,s:s,s:s,s:s,s:o}", "section", line + 1, "ref", ref, "title",
                                                  heading, "rule", pb_msg(lang, rule), "keys", keys));
            continue;
        }
        char *eq = strchr(line, '=');
        if (!eq || !keys)
            continue;
        *eq = 0;
        char *value = eq + 1;
        while (*value == ' ')
            value++;
        trim(line);
        json_array_append_new(keys, json_pack("{s:s,s:s}", "key", line, "value", value));
    }
    free(ini);
    return form;
}
