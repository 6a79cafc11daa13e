/* core/msg.c: looking a message up in the embedded catalogue. The compiled catalogue is a GNU MO
 * file (the gettext manual, "The Format of GNU MO Files"): a header of 32-bit words (magic
 * 0x950412de in the machine's byte order, revision, N, the offsets of the msgid and msgstr tables),
 * then two tables of N (length, offset) pairs, the msgids sorted by strcmp, so a lookup is a binary
 * search. The file comes from msgfmt at build time; it is still checked once, bounds and all,
 * before the first lookup (a bad file reads as an empty catalogue). */
#include "msg.h"

#include <pthread.h>
#include <stdint.h>
#include <string.h>
#include <strings.h>

extern const unsigned char pb_msg_mo_ja[];
extern const unsigned char pb_msg_mo_ja_end[];

typedef struct {
    const unsigned char *base;
    size_t size;
    uint32_t n, ids, strs; /* entry count, offsets of the two tables */
} msg_table;

static msg_table msg_ja;
static pthread_once_t msg_once = PTHREAD_ONCE_INIT;

static uint32_t word_at(const unsigned char *p)
{
    uint32_t w;
    memcpy(&w, p, sizeof w);
    return w;
}

/* entry i of the table at `table`: its text, NULL when the pair points outside the file or the
 * text is not NUL-terminated there */
static const char *entry_text(const msg_table *t, uint32_t table, uint32_t i)
{
    uint32_t len = word_at(t->base + table + 8u * i), off = word_at(t->base + table + 8u * i + 4);
    if ((size_t)off + len >= t->size || t->base[off + len] != 0)
        return NULL;
    return (const char *)t->base + off;
}

static void msg_load(void)
{
    msg_table t = {pb_msg_mo_ja, (size_t)(pb_msg_mo_ja_end - pb_msg_mo_ja), 0, 0, 0};
    if (t.size < 28 || word_at(t.base) != 0x950412deu || word_at(t.base + 4) != 0)
        return;
    t.n = word_at(t.base + 8);
    t.ids = word_at(t.base + 12);
    t.strs = word_at(t.base + 16);
    if (t.n > t.size / 16 || (size_t)t.ids + 8u * t.n > t.size || (size_t)t.strs + 8u * t.n > t.size)
        return;
    for (uint32_t i = 0; i < t.n; i++) {
        const char *id = entry_text(&t, t.ids, i);
        if (!id || !entry_text(&t, t.strs, i) || (i > 0 && strcmp(entry_text(&t, t.ids, i - 1), id) >= 0))
            return;
    }
    msg_ja = t;
}

static const msg_table *msg_table_of(pb_lang lang)
{
    if (lang != PB_LANG_JA)
        return NULL;
    pthread_once(&msg_once, msg_load);
    return &msg_ja;
}

/* the translation of `key` (context\004msgid or msgid), NULL when absent or empty */
static const char *msg_find(pb_lang lang, const char *key)
{
    const msg_table *t = msg_table_of(lang);
    if (!t || t->n == 0)
        return NULL;
    uint32_t lo = 0, hi = t->n;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        int c = strcmp(key, entry_text(t, t->ids, mid));
        if (c == 0) {
            const char *s = entry_text(t, t->strs, mid);
            return s[0] ? s : NULL;
        }
        if (c < 0)
            hi = mid;
        else
            lo = mid + 1;
    }
    return NULL;
}

const char *pb_msg(pb_lang lang, const char *msgid)
{
    const char *s = msgid[0] ? msg_find(lang, msgid) : NULL;
    return s ? s : msgid;
}

/* context\004msgid into buf; NULL when it does not fit */
static const char *msg_context_key(char *buf, size_t size, const char *context, const char *msgid)
{
    size_t c = strlen(context), m = strlen(msgid);
    if (c + 1 + m + 1 > size)
        return NULL;
    memcpy(buf, context, c);
    buf[c] = '\004';
    memcpy(buf + c + 1, msgid, m + 1);
    return buf;
}

const char *pb_msgc(pb_lang lang, const char *context, const char *msgid)
{
    char buf[1024];
    const char *key = msg_context_key(buf, sizeof buf, context, msgid);
    const char *s = key ? msg_find(lang, key) : NULL;
    return s ? s : msgid;
}

int pb_msg_has(pb_lang lang, const char *context, const char *msgid)
{
    if (lang == PB_LANG_EN)
        return 1;
    char buf[1024];
    const char *key = context ? msg_context_key(buf, sizeof buf, context, msgid) : msgid;
    return key && msg_find(lang, key) != NULL;
}

int pb_lang_parse(const char *name, pb_lang *out)
{
    if (strcasecmp(name, "en") == 0 || strcasecmp(name, "english") == 0)
        *out = PB_LANG_EN;
    else if (strcasecmp(name, "ja") == 0 || strcasecmp(name, "japanese") == 0)
        *out = PB_LANG_JA;
    else
        return -1;
    return 0;
}

const char *pb_lang_code(pb_lang lang)
{
    return lang == PB_LANG_JA ? "ja" : "en";
}

size_t pb_msg_count(pb_lang lang)
{
    const msg_table *t = msg_table_of(lang);
    /* entry 0 of a msgfmt file is the header (the empty msgid): not a message */
    return t && t->n > 0 ? t->n - 1 : 0;
}

void pb_msg_entry(pb_lang lang, size_t i, const char **msgid, const char **msgstr)
{
    const msg_table *t = msg_table_of(lang);
    *msgid = entry_text(t, t->ids, (uint32_t)i + 1);
    *msgstr = entry_text(t, t->strs, (uint32_t)i + 1);
}
