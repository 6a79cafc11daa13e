/* tables/report_fmt.c: the report's one way of printing a probability (see report.h): a
 * percentage to one decimal place, correctly rounded, with the ends told apart from certainty:
 * "0%" and "100%" only for exact 0 and 1 (a double exactly 0 or 1: a mix's share that is never or
 * always played), "< 0.1%" and "> 99.9%" for a value that rounds there but is not certain. The charts, the summary and the sections all print probabilities so. */
#include "report.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* text: "12.3" (a rounded percentage, one place); exact0/exact1: the value is certainly 0 / 1 */
static void finish(char *buf, size_t len, const char *text, int exact0, int exact1, int sign)
{
    const char *pc = sign ? "%" : "";
    if (exact0)
        snprintf(buf, len, "0%s", pc);
    else if (exact1)
        snprintf(buf, len, "100%s", pc);
    else if (strcmp(text, "0.0") == 0 || strcmp(text, "-0.0") == 0)
        snprintf(buf, len, "< 0.1%s", pc);
    else if (strcmp(text, "100.0") == 0)
        snprintf(buf, len, "> 99.9%s", pc);
    else
        snprintf(buf, len, "%s%s", text, pc);
}

void pb_report_pct_q(const mpq_t q, char *buf, size_t len, int sign)
{
    char t[64];
    pb_table_number_text(t, sizeof t, q, PB_COL_PERCENT, 1);
    mpq_t one;
    mpq_init(one);
    mpq_set_ui(one, 1, 1);
    finish(buf, len, t, mpq_sgn(q) == 0, mpq_equal(q, one), sign);
    mpq_clear(one);
}

const char *pb_report_offense(const pb_table_data *d, int offense)
{
    /* each name written out, so that the catalogue's extraction sees it */
    switch (offense) {
    case PB_OFF_RUN: return pb_msgc(d->lang, "offense", "Run");
    case PB_OFF_SHORT: return pb_msgc(d->lang, "offense", "Short Pass");
    case PB_OFF_LONG: return pb_msgc(d->lang, "offense", "Long Pass");
    default: return pb_table_offense_label(d->lang, offense);
    }
}

void pb_report_defense(const pb_table_data *d, int k, char *buf, size_t len)
{
    snprintf(buf, len, pb_msg(d->lang, "Defense %d"), k);
}

void pb_report_pct_d(double p, char *buf, size_t len, int sign)
{
    char t[64];
    snprintf(t, sizeof t, "%.1f", 100 * p);
    finish(buf, len, t, p == 0, p == 1, sign);   /* a solver's exact 0 or 1 (a mix never played) */
}

void pb_report_html_text(const char *s, char *buf, size_t len)
{
    size_t n = 0;
    if (len == 0)
        return;
    for (; *s; s++) {
        char one[2] = {*s, '\0'};
        const char *piece = one;
        if ((s[0] == '>' || s[0] == '<') && s[1] == '=')
            piece = *s++ == '>' ? "&ge;" : "&le;";
        else if (*s == '<')
            piece = "&lt;";
        else if (*s == '>')
            piece = "&gt;";
        else if (*s == '&')
            piece = "&amp;";
        else if (*s == '"')
            piece = "&quot;";
        size_t k = strlen(piece);
        if (n + k >= len)
            break;
        memcpy(buf + n, piece, k);
        n += k;
    }
    /* never end inside a UTF-8 sequence */
    while (n > 0 && ((unsigned char)buf[n - 1] & 0xC0) == 0x80 && *s)
        n--;
    if (n > 0 && (unsigned char)buf[n - 1] >= 0xC0 && *s)
        n--;
    buf[n] = '\0';
}
