/* cli/ask_define.c: the --define NAME=EVENT option of `ask` and `tune` (cli/ask_define.h). */
#include <stdlib.h>
#include <string.h>

#include "ask_define.h"
#include "cli.h"

int pb_cli_ask_define(const char *cmd, const char *arg, pb_ask_defines *defs, char *copies[PB_ASK_DEFINES_MAX])
{
    const char *eq = strchr(arg, '=');
    if (!eq || eq == arg)
        return pb_cli_error(cmd, "--define: '%s' must be NAME=EVENT, e.g. --define beat='first_down or td'", arg);
    if (defs->count >= PB_ASK_DEFINES_MAX)
        return pb_cli_error(cmd, "--define: too many (at most %d)", PB_ASK_DEFINES_MAX);
    char *copy = strdup(arg);
    if (!copy)
        return pb_cli_error(cmd, "out of memory");
    copy[eq - arg] = '\0';
    copies[defs->count] = copy;
    defs->items[defs->count].name = copy;
    defs->items[defs->count].text = copy + (eq - arg) + 1;
    defs->count++;
    return 0;
}
