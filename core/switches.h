/* core/switches.h: the table of doc/model.md section 7 switches: id, question, the rule
 * text it comes from, its values (the first is the default) and where it lives in
 * pb_switches. Switches with a single reading are listed too (offset < 0: nothing stored). */
#ifndef PB_SWITCHES_H
#define PB_SWITCHES_H

#include <stddef.h>
#include "ruleset.h"

#define PB_SWITCH_VALUES_MAX 4

typedef struct {
    const char *id;                 /* "END-LINE" */
    const char *question;
    const char *rule;               /* the rule text it comes from */
    const char *values[PB_SWITCH_VALUES_MAX + 1]; /* NULL-terminated; index = stored value */
    long offset;                    /* offsetof(pb_switches, field), or -1 */
    int numeric_min, numeric_max;   /* numeric switch (values[0] == NULL): the range */
} pb_switch_info;

extern const pb_switch_info pb_switch_table[];
extern const size_t pb_switch_count;

const pb_switch_info *pb_switch_find(const char *id);
/* The stored value of a switch (an index into values, or the number). */
int pb_switch_get(const pb_switches *sw, const pb_switch_info *info);
void pb_switch_set(pb_switches *sw, const pb_switch_info *info, int value);
/* The value's name ("gt"), or the number written into buf for numeric switches. */
const char *pb_switch_value_name(const pb_switch_info *info, int value, char *buf, size_t len);
/* Parse a value name (or a number): the value, or -1. */
int pb_switch_value_parse(const pb_switch_info *info, const char *text);

/* Apply "ID=VALUE" (a --switch option) to a ruleset's switches; -1 and a message on error. */
int pb_switch_apply(pb_ruleset *rs, const char *assignment, char *err, size_t errlen);

#endif
