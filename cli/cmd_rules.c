/* cli/cmd_rules.c: `paperbowl rules show|switches`: the ruleset in effect, and its switches. */
#include <getopt.h>
#include <string.h>

#include "cli.h"
#include "switches.h"

static const char usage[] =
    "usage: paperbowl rules show [--ruleset NAME|FILE] [--switch ID=VALUE ...]\n"
    "       paperbowl rules switches [--ruleset NAME|FILE] [--switch ID=VALUE ...]\n"
    "       paperbowl rules list\n\n"
    "show      print the ruleset in effect, in the ruleset file format (a starting point for an edited copy)\n"
    "switches  every switch of doc/model.md section 7: id, current value, alternatives, the rule text\n"
    "list      the embedded rulesets\n\n"
    "  --ruleset NAME|FILE  embedded name (v1.11-ja, the default; v1.11-en) or a ruleset file\n"
    "  --switch ID=VALUE    flip a switch first (repeatable): 'rules show --switch END-LINE=ge > my.ini'\n";

static void print_switches(const pb_ruleset *rs)
{
    printf("switches of %s (doc/model.md section 7); the first value listed is the default\n\n", rs->name);
    printf("%-14s %-14s %-30s %s\n", "id", "value", "values", "question / rule text");
    for (size_t i = 0; i < pb_switch_count; i++) {
        const pb_switch_info *sw = &pb_switch_table[i];
        char buf[32], values[96] = "";
        if (!sw->values[0])
            snprintf(values, sizeof values, "%d..%d", sw->numeric_min, sw->numeric_max);
        for (int j = 0; sw->values[j]; j++) {
            strncat(values, j ? "|" : "", sizeof values - strlen(values) - 1);
            strncat(values, sw->values[j], sizeof values - strlen(values) - 1);
        }
        if (sw->values[0] && !sw->values[1])
            strncat(values, " (single reading)", sizeof values - strlen(values) - 1);
        printf("%-14s %-14s %-30s %s\n", sw->id, pb_switch_value_name(sw, pb_switch_get(&rs->sw, sw), buf, sizeof buf),
               values, sw->question);
        printf("%-14s %-14s %-30s   from: %s\n", "", "", "", sw->rule);
    }
}

int cmd_rules(int argc, char **argv)
{
    static const struct option options[] = {{"ruleset", required_argument, NULL, 'r'},
                                             {"switch", required_argument, NULL, 's'},
                                             PB_CLI_HELP_OPTION,
                                             {NULL, 0, NULL, 0}};
    const char *ruleset = PB_RULESET_DEFAULT;
    const char *switches[32];
    int nswitches = 0, opt;
    bool ruleset_given = false;
    pb_cli_opts g;
    pb_cli_opts_init(&g, "rules", usage, argc, argv, options);
    g.shorts = ":h";
    while ((opt = pb_cli_opts_next(&g)) > 0) {
        switch (opt) {
        case 'r':
            ruleset = g.arg;
            ruleset_given = true;
            break;
        case 's':
            if (nswitches >= (int)(sizeof switches / sizeof switches[0]))
                return pb_cli_error("rules", "--switch: too many");
            switches[nswitches++] = g.arg;
            break;
        }
    }
    if (opt == PB_CLI_OPTS_EXIT)
        return g.status;
    const char *what = pb_cli_opts_shift(&g);
    if (!what)
        return pb_cli_error("rules", "what to do? 'show', 'switches' or 'list' (see 'paperbowl rules --help')");
    if (pb_cli_opts_no_arguments(&g) != 0)
        return PB_EXIT_USAGE;
    if (strcmp(what, "list") == 0) {
        if (ruleset_given || nswitches)
            return pb_cli_error("rules", "'rules list' lists the embedded rulesets: --%s means nothing there",
                                ruleset_given ? "ruleset" : "switch");
        for (int i = 0; pb_ruleset_builtin_names[i]; i++)
            printf("%s%s\n", pb_ruleset_builtin_names[i], i == 0 ? " (default)" : "");
        return PB_EXIT_OK;
    }
    if (strcmp(what, "show") != 0 && strcmp(what, "switches") != 0)
        return pb_cli_error("rules", "unknown action '%s' (show, switches, list)", what);
    pb_ruleset rs;
    if (pb_cli_ruleset("rules", ruleset, &rs) != 0)
        return PB_EXIT_USAGE;
    char err[256];
    for (int i = 0; i < nswitches; i++)
        if (pb_switch_apply(&rs, switches[i], err, sizeof err) != 0)
            return pb_cli_error("rules", "--switch: %s", err);
    if (strcmp(what, "show") == 0)
        pb_ruleset_write(&rs, stdout);
    else
        print_switches(&rs);
    return PB_EXIT_OK;
}
