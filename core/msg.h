/* core/msg.h: the message catalogue: the words the printers, the report and the page show, in
 * English (the source text, the msgid) or Japanese (po/ja.po, the rulebook's own terms), looked up
 * by language per call, so that one process can answer in both (the workbench's requests).
 *
 * The catalogue is GNU gettext's: `make po` extracts every marked string with xgettext into
 * po/paperbowl.pot and merges it into po/ja.po (msgmerge); the build compiles po/ja.po with
 * `msgfmt --check` into a .mo file that is embedded in the binary (core/msg_embedded.c), so the
 * lookup needs no installed file, no locale and no environment variable. Mark a string with
 * pb_msg(lang, "...") where it is translated, PB_N_("...") where it is only named (a table of
 * labels), pb_msgc(lang, "context", "...") where one English word has two Japanese ones. */
#ifndef PB_MSG_H
#define PB_MSG_H

#include <stddef.h>

typedef enum { PB_LANG_EN = 0, PB_LANG_JA = 1 } pb_lang;
#define PB_LANG_COUNT 2

/* A msgid named for extraction, translated where it is printed (pb_msg). */
#define PB_N_(text) (text)

/* `msgid` in `lang`: its translation, or msgid itself (English, or a string the catalogue lacks:
 * tests/catalogue.sh fails when a marked string has no Japanese). Thread-safe; never NULL. */
const char *pb_msg(pb_lang lang, const char *msgid);
/* The same, for the msgid in `context` (gettext's msgctxt). */
const char *pb_msgc(pb_lang lang, const char *context, const char *msgid);
/* 1 when the catalogue of `lang` has `msgid` (English has every msgid). */
int pb_msg_has(pb_lang lang, const char *context, const char *msgid);

/* "en" or "ja" (also "english", "japanese", case-insensitive) into *out: 0, or -1. */
int pb_lang_parse(const char *name, pb_lang *out);
/* "en" / "ja": the code (HTML's lang attribute, the --lang option's value). */
const char *pb_lang_code(pb_lang lang);

/* The catalogue's entries of `lang` (0 for English), for the page's dictionary and the checks:
 * entry i's msgid (context\004msgid when it has a context) and its translation. */
size_t pb_msg_count(pb_lang lang);
void pb_msg_entry(pb_lang lang, size_t i, const char **msgid, const char **msgstr);

#endif
