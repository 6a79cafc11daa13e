/* core/game_switch.h: what the other games' rulesets (soccer/, carriers/, cardgame/) share in
 * reading their named switches: "ID=VALUE" split in two, a value looked up among a switch's
 * readings, the readings listed for a message, and the [switches] and whole-number lines of
 * their INI files (through core/ini_source.h). Game-agnostic: it knows no game's switches.
 * Library code: errors are returned as messages, never printed. */
#ifndef PB_GAME_SWITCH_H
#define PB_GAME_SWITCH_H

#include <stdbool.h>
#include <stddef.h>

#include "ini_source.h"

/* The index of `id` in a table of n switch structs of `stride` bytes each whose first member
 * is `const char *id`; -1 if none. */
int pb_gsw_index(const void *table, size_t stride, int n, const char *id);

/* After a file is read: 0 if every switch of the table (as for pb_gsw_index) was seen, or -1 and
 * "LABEL: [switches] ID is missing" for the first that was not. */
int pb_gsw_missing(const void *table, size_t stride, int n, const bool *seen, const char *label, char *err,
                   size_t errlen);

/* The index of v among the NULL-terminated readings alts, or -1. */
int pb_gsw_alt(const char *const *alts, const char *v);

/* The readings joined with sep (", " in messages, "|" in listings) into buf (truncated to bufsize). Returns buf. */
const char *pb_gsw_alts_list(const char *const *alts, const char *sep, char *buf, size_t bufsize);

/* Splits "ID=VALUE": ID into id (idsize bytes), returns VALUE. NULL with a message when there is
 * no '=' or no ID ("'A': expected SWITCH=VALUE, e.g. EXAMPLE"), or when ID has more than
 * max_id characters: then that same message, or with unknown_if_long "unknown switch 'ID'". */
const char *pb_gsw_split(const char *a, char *id, size_t idsize, size_t max_id, bool unknown_if_long,
                         const char *example, char *err, size_t errlen);

/* Sets switch `id` in `rules` to `value`: 0, or -1 and a message (a game's X_rules_set). */
typedef int (*pb_gsw_setter)(void *rules, const char *id, const char *value, char *err, size_t errlen);

/* A game's ruleset functions on its own rules type behind void *: the embedded ruleset, a text
 * read ("FILE:LINE:COL: ..." messages), an "ID=VALUE" change, a switch set (cli/game_cmd.h
 * reads --rules and --set through it). */
typedef struct {
    void (*builtin)(void *rules);
    int (*parse)(void *rules, const char *text, const char *label, char *err, size_t errlen);
    int (*assign)(void *rules, const char *assignment, char *err, size_t errlen);
    pb_gsw_setter set;
} pb_gsw_rules_io;

/* Defines `const pb_gsw_rules_io PREFIX_rules_io` (declared in the game's rules header) from the
 * game's typed PREFIX_rules_default, _parse, _assign and _set; used once, in its rules .c file. */
#define PB_GSW_RULES_IO(prefix)                                                                          \
    static void prefix##_io_builtin(void *r) { prefix##_rules_default(r); }                              \
    static int prefix##_io_parse(void *r, const char *text, const char *label, char *err, size_t errlen) \
    {                                                                                                    \
        return prefix##_rules_parse(r, text, label, err, errlen);                                        \
    }                                                                                                    \
    static int prefix##_io_assign(void *r, const char *a, char *err, size_t errlen)                      \
    {                                                                                                    \
        return prefix##_rules_assign(r, a, err, errlen);                                                 \
    }                                                                                                    \
    static int prefix##_io_set(void *r, const char *id, const char *v, char *err, size_t errlen)         \
    {                                                                                                    \
        return prefix##_rules_set(r, id, v, err, errlen);                                                \
    }                                                                                                    \
    const pb_gsw_rules_io prefix##_rules_io = {prefix##_io_builtin, prefix##_io_parse, prefix##_io_assign, \
                                               prefix##_io_set}

/* One line of a [switches] section: i is the switch's index (-1: unknown), seen[] the switches set
 * so far. Refuses a switch set twice, sets it with `set`, and places set's message at the
 * value's column (the key's if the switch is unknown). 1, or 0 after recording the error in s. */
int pb_gsw_ini_switch(pb_ini_source *s, pb_gsw_setter set, void *rules, int i, bool *seen, const char *name,
                      const char *value);

/* A key that may be given once in its section: *first_line is 0 until it is seen, then the line
 * it was seen on. 1 (and *first_line set), or 0 after recording "duplicate 'NAME' in [SECTION]
 * (first at line N)" at the key's column, as PAPER BOWL's ruleset loader says it. */
int pb_gsw_ini_once(pb_ini_source *s, int *first_line, const char *section, const char *name);

/* A key whose value is a whole number lo..hi (written as core/num_parse.h reads one): 1 and *out, or 0 after recording
 * "NAME: expected a whole number LO..HI, not 'VALUE'" at the value's column. */
int pb_gsw_ini_whole(pb_ini_source *s, const char *name, const char *value, int lo, int hi, int *out);

#endif
