/* core/switches.c: the switch table (see switches.h). Order follows doc/model.md section 7. */
#include "switches.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define AT(field) ((long)offsetof(pb_switches, field))

const pb_switch_info pb_switch_table[] = {
    {"END-LINE", "is a pass landing exactly on the end line (distance == togo + 10) beyond?",
     "2.4 エンドラインを超える (exceeds the end line)", {"gt", "ge", NULL}, AT(end_line), 0, 0},
    {"I01-SPOT", "card 01: interception spot", "card 01 インターセプトの場合、ゾロ目が出ていても2回目は振れません",
     {"first-roll", NULL}, -1, 0, 0},
    {"I02-SPOT", "card 02: is the doubles chain rolled before the interception?",
     "card 02 ゾロ目であればインターセプト; キャッチした地点でターンオーバー", {"first-roll", "chain-first", NULL},
     AT(i02_spot), 0, 0},
    {"I-ENDZONE", "intercepted at or past the goal line",
     "card 01 タッチバック; card 02 ゴールラインからリターン", {"as-written", NULL}, -1, 0, 0},
    {"F03-INC", "card 03 on an incomplete pass", "card 03 既定の通りゲインします",
     {"no-fumble", "at-scrimmage", NULL}, AT(f03_inc), 0, 0},
    {"F03-SPOT", "card 03 fumble spot", "card 03 既定の通りゲインします; 2回目以降に振った目はターンオーバーにならない",
     {"whole-gain", "first-roll", NULL}, AT(f03_spot), 0, 0},
    {"F04-SPOT", "card 04: is the chain rolled before the fumble?", "card 04 既定の通りゲインします",
     {"chain-first", "first-roll", NULL}, AT(f04_spot), 0, 0},
    {"F-OWN-EZ", "fumble recovered by the defense in the offense's own end zone",
     "rulebook preface: follow real American football", {"defensive-td", "safety", NULL}, AT(f_own_ez), 0, 0},
    {"F-OPP-EZ", "fumble in the opponent's end zone", "card 03 エンドゾーンでターンオーバー: タッチバック",
     {"touchback", NULL}, -1, 0, 0},
    {"C06-ENDLINE", "card 06: may a challenge overturn an incompletion caused by the end line?",
     "card 06 チャレンジに成功すれば、パスは成功", {"complete", "no-challenge", NULL}, AT(c06_endline), 0, 0},
    {"C17-INC", "card 17 (-5) on an incomplete pass", "card 17 既定のゲインから5 yard引き戻します",
     {"not-applied", "applied", NULL}, AT(c17_inc), 0, 0},
    {"C18-ROUND", "cards 18 / 22: rounding of a halved negative gain", "card 18 余りは切り捨てます",
     {"toward-zero", "floor", NULL}, AT(c18_round), 0, 0},
    {"HALVE-EACH", "cards 18 / 22: halve each roll or the total", "card 18 ゾロ目の場合、2回目以降も半分にします",
     {"each-roll", "total", NULL}, AT(halve_each), 0, 0},
    {"C15-REROLL", "card 15: are all re-rolls x4, or only doubles re-rolls?",
     "card 15 2回目以降も同様に×4 yard", {"all", "doubles-only", NULL}, AT(c15_reroll), 0, 0},
    {"C16-ENDLINE", "card 16: the end line is judged before the +20", "card 16 20 yardを加えた結果、エンドラインを超えてもパス成功",
     {"before-bonus", NULL}, -1, 0, 0},
    {"PEN-CHOICE", "who may decline a penalty, and how", "cards 07-10 ディクライン",
     {"policy", NULL}, -1, 0, 0},
    {"PEN-1ST", "a defensive penalty that reaches the line to gain", "real American football",
     {"first-down", "no-first-down", NULL}, AT(pen_1st), 0, 0},
    {"TIMEOUTS", "timeouts per team per half", "1.1 タイムアウトを数えるための6枚のカード",
     {NULL}, AT(timeouts), 0, 9},
    {"ONSIDE-SPOT", "where the kicking team takes over after a recovered onside kick",
     "3.1 オンサイド・キック", {"where-stopped", NULL}, -1, 0, 0},
    {"OT", "a tie after 4 quarters", "2.5 4クォーター制", {"none", "sudden-death", NULL}, AT(overtime), 0, 0},
    {"2ND-HALF-KICK", "who kicks to start the second half", "real American football",
     {"opening-receiver", NULL}, -1, 0, 0},
};

const size_t pb_switch_count = sizeof pb_switch_table / sizeof pb_switch_table[0];

const pb_switch_info *pb_switch_find(const char *id)
{
    for (size_t i = 0; i < pb_switch_count; i++)
        if (strcmp(pb_switch_table[i].id, id) == 0)
            return &pb_switch_table[i];
    return NULL;
}

int pb_switch_get(const pb_switches *sw, const pb_switch_info *info)
{
    if (info->offset < 0)
        return 0;
    return *(const int *)((const char *)sw + info->offset);
}

void pb_switch_set(pb_switches *sw, const pb_switch_info *info, int value)
{
    if (info->offset >= 0)
        *(int *)((char *)sw + info->offset) = value;
}

const char *pb_switch_value_name(const pb_switch_info *info, int value, char *buf, size_t len)
{
    if (!info->values[0]) {
        snprintf(buf, len, "%d", value);
        return buf;
    }
    return info->values[value];
}

int pb_switch_value_parse(const pb_switch_info *info, const char *text)
{
    if (!info->values[0]) {
        /* decimal digits with an optional '-', as the command line's numbers (no space, no '+') */
        if (!(isdigit((unsigned char)text[0]) || (text[0] == '-' && isdigit((unsigned char)text[1]))))
            return -1;
        char *end;
        long v = strtol(text, &end, 10);
        if (end == text || *end || v < info->numeric_min || v > info->numeric_max)
            return -1;
        return (int)v;
    }
    for (int i = 0; info->values[i]; i++)
        if (strcmp(info->values[i], text) == 0)
            return i;
    return -1;
}

int pb_switch_apply(pb_ruleset *rs, const char *assignment, char *err, size_t errlen)
{
    char id[64];
    const char *eq = strchr(assignment, '=');
    size_t n = eq ? (size_t)(eq - assignment) : 0;
    if (!eq || n == 0 || n >= sizeof id) {
        snprintf(err, errlen, "'%s' must be ID=VALUE, e.g. END-LINE=ge", assignment);
        return -1;
    }
    memcpy(id, assignment, n);
    id[n] = '\0';
    const pb_switch_info *sw = pb_switch_find(id);
    if (!sw) {
        snprintf(err, errlen, "unknown switch '%s' (see 'paperbowl rules switches')", id);
        return -1;
    }
    int v = pb_switch_value_parse(sw, eq + 1);
    if (v < 0) {
        snprintf(err, errlen, "switch %s has no value '%s' (see 'paperbowl rules switches')", id, eq + 1);
        return -1;
    }
    pb_switch_set(&rs->sw, sw, v);
    return 0;
}
