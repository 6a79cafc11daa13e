/* core/ruleset_write.c: a ruleset written back in the file format (`paperbowl rules show`).
 * Parsing the output gives the same ruleset. */
#include <stdio.h>
#include <string.h>

#include "ruleset.h"
#include "switches.h"

void pb_faces_format(pb_faces f, char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int face = 1; face <= 6; face++)
        if (f & PB_FACE(face)) {
            int n = snprintf(buf + used, len - used, "%s%d", used ? " " : "", face);
            if (n < 0 || (size_t)n >= len - used)
                break;
            used += (size_t)n;
        }
    if (!used)
        snprintf(buf, len, "-");
}

static const char *yes_no(bool b) { return b ? "yes" : "no"; }
static const char *side(pb_side s) { return s == PB_SIDE_OFFENSE ? "offense" : s == PB_SIDE_DEFENSE ? "defense" : "none"; }

static void write_card(const pb_play_card *c, int number, FILE *out)
{
    static const char *const plays[] = {"all", "run", "pass"};
    char faces[32], faces2[32];
    fprintf(out, "\n[card %02d]\nname = %s\neffect = %s\nplays = %s\n", number, c->name, pb_effect_name(c->effect),
            plays[c->plays]);
    if (c->timeout != PB_SIDE_NONE)
        fprintf(out, "timeout = %s\n", side(c->timeout));
    pb_faces_format(c->trigger_faces, faces, sizeof faces);
    switch (c->effect) {
    case PB_EFFECT_INTERCEPT:
        fprintf(out, "trigger = %s\nignore_defense = %s\nno_chain = %s\nchallenge = %s\nreturn = %s\n",
                c->trigger_doubles ? "doubles" : faces, yes_no(c->ignore_defense), yes_no(c->no_chain),
                side(c->challenge), yes_no(c->turnover_return));
        break;
    case PB_EFFECT_FUMBLE:
        fprintf(out, "trigger = %s\nchallenge = %s\nreturn = %s\n", c->trigger_doubles ? "doubles" : faces,
                side(c->challenge), yes_no(c->turnover_return));
        break;
    case PB_EFFECT_CHALLENGE:
        fprintf(out, "challenge = %s\non = %s\n", side(c->challenge),
                c->challenge_on == PB_ON_COMPLETE ? "complete" : "incomplete");
        break;
    case PB_EFFECT_FOUL:
        pb_faces_format(c->foul_offense, faces, sizeof faces);
        pb_faces_format(c->foul_defense, faces2, sizeof faces2);
        fprintf(out, "presnap = %s\nrequires_lead = %s\noffense_faces = %s\ndefense_faces = %s\nyards = %d\n",
                yes_no(c->presnap), yes_no(c->requires_lead), faces, faces2, c->yards);
        break;
    case PB_EFFECT_MULTIPLY:
    case PB_EFFECT_DOUBLES_MULTIPLY:
        fprintf(out, "factor = %d\n", c->factor);
        break;
    case PB_EFFECT_ADD:
    case PB_EFFECT_SUBTRACT:
        fprintf(out, "yards = %d\n", c->yards);
        break;
    case PB_EFFECT_HALVE:
        fprintf(out, "divisor = %d\n", c->divisor);
        break;
    case PB_EFFECT_SACK:
        fprintf(out, "trigger = %s\nyards = %d\n", c->trigger_doubles ? "doubles" : faces, c->yards);
        break;
    default:
        break;
    }
}

void pb_ruleset_write(const pb_ruleset *rs, FILE *out)
{
    char a[32], b[32];
    fprintf(out, "; ruleset %s, from %s\n\n[ruleset]\nname = %s\n\n", rs->name, rs->source, rs->name);
    fprintf(out, "[field]\nred_zone = %d\nend_zone_depth = %d\ntouchback = %d\ndowns = %d\nfirst_down_yards = %d\n\n",
            rs->red_zone, rs->end_zone_depth, 100 - rs->touchback_togo, rs->downs, rs->first_down_yards);
    fprintf(out, "[pass]\nshort_multiplier = %d\nlong_multiplier = %d\n", rs->short_multiplier, rs->long_multiplier);
    for (int d = 0; d < PB_DEFENSE_COUNT; d++) {
        const pb_defense_card *dc = &rs->defense[d];
        pb_faces_format(dc->short_faces, a, sizeof a);
        pb_faces_format(dc->long_faces, b, sizeof b);
        fprintf(out, "\n[defense %d]\nrun = %d\nshort = %s\nlong = %s\n", d + 1, dc->run_value, a, b);
        pb_faces_format(dc->short_red, a, sizeof a);
        pb_faces_format(dc->long_red, b, sizeof b);
        fprintf(out, "short_red = %s\nlong_red = %s\n", a, b);
    }
    fprintf(out, "\n[kickoff]\nfrom = %d\nbase = %d\nmultiplier = %d\nfree_kick_from = %d\n", rs->kickoff_from,
            rs->kickoff_base, rs->kickoff_multiplier, rs->free_kick_from);
    fprintf(out, "\n[onside]\nmultiplier = %d\nkeep_at_least = %d\n", rs->onside_multiplier, rs->onside_keep_at_least);
    fprintf(out, "\n[punt]\ndistance = %d\n", rs->punt_distance);
    fprintf(out, "\n[return]\nmultiplier = %d\ndoubles_multiplier = %d\n", rs->return_multiplier,
            rs->return_doubles_multiplier);
    fprintf(out, "\n[field_goal]\nmax_togo = %d\n", rs->fg_max_togo);
    for (int i = 0; i < rs->fg_row_count; i++) {
        pb_faces_format(rs->fg_rows[i].faces, a, sizeof a);
        fprintf(out, "within_%d = %s\n", rs->fg_rows[i].max_togo, a);
    }
    fprintf(out, "doubles = %s\n", yes_no(rs->fg_doubles));
    fprintf(out, "\n[pat]\nkick_at_least = %d\ntwo_point_togo = %d\n", rs->pat_kick_at_least, rs->two_point_togo);
    fprintf(out, "\n[penalty]\nhalf_distance = %s\n", yes_no(rs->half_distance));
    fprintf(out, "\n[game]\nquarters = %d\nplays_per_quarter = %d\nset_aside = %d\n", rs->quarters,
            rs->plays_per_quarter, rs->set_aside);
    if (rs->extra_plays_max < 0)
        fprintf(out, "extra_plays_max = unlimited\n");
    else
        fprintf(out, "extra_plays_max = %d\n", rs->extra_plays_max);
    fprintf(out, "\n[switches]\n");
    for (size_t i = 0; i < pb_switch_count; i++) {
        const pb_switch_info *sw = &pb_switch_table[i];
        fprintf(out, "%s = %s\n", sw->id, pb_switch_value_name(sw, pb_switch_get(&rs->sw, sw), a, sizeof a));
    }
    for (int i = 0; i < PB_CARD_COUNT; i++)
        write_card(&rs->card[i], i + 1, out);
}
