/* tables/numfmt.c: numbers as a rulebook prints them (tables/numfmt.h). The percentages are
 * core/exact.h's correctly rounded decimals; only the end cases are decided here. */
#include "numfmt.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "exact.h"

bool pb_numfmt_short(const mpq_t q)
{
    const mpz_srcptr den = mpq_denref(q);
    if (mpz_cmp_ui(den, 36) <= 0)
        return true;
    return mpz_cmp_ui(den, 216) <= 0 && 216 % mpz_get_ui(den) == 0;
}

/* "< 0.1 %" / "> 99.9 %" at `digits` places. */
static void end_text(char *buf, size_t len, bool low, int digits)
{
    char step[32] = "1";
    if (digits > 0) {
        snprintf(step, sizeof step, "0.");
        for (int i = 1; i < digits && i < 20; i++)
            strcat(step, "0");
        strcat(step, "1");
    }
    if (low) {
        snprintf(buf, len, "< %s %%", step);
        return;
    }
    /* 100 - step: "99.9", "99.99", "99" */
    char hi[40] = "99";
    if (digits > 0) {
        strcat(hi, ".");
        for (int i = 0; i < digits && i < 20; i++)
            strcat(hi, "9");
    }
    snprintf(buf, len, "> %s %%", hi);
}

void pb_numfmt_percent(char *buf, size_t len, const mpq_t q, int digits)
{
    if (mpq_sgn(q) == 0) {
        snprintf(buf, len, "%s", PB_NUMFMT_DASH);
        return;
    }
    if (mpq_cmp_ui(q, 1, 1) == 0) {
        snprintf(buf, len, "100 %%");
        return;
    }
    char d[64];
    mpq_t h;
    mpq_init(h);
    mpq_set_ui(h, 100, 1);
    mpq_mul(h, h, q);
    pb_exact_decimal(d, sizeof d, h, digits);
    mpq_clear(h);
    /* all digits zero: possible but rounds to 0; "100.0": one short of certain */
    bool zero = strspn(d, "0.") == strlen(d);
    if (zero || strncmp(d, "100", 3) == 0) {
        end_text(buf, len, zero, digits);
        return;
    }
    snprintf(buf, len, "%s %%", d);
}

void pb_numfmt_prob(char *buf, size_t len, const mpq_t q, int digits)
{
    if (mpq_sgn(q) == 0 || mpq_cmp_ui(q, 1, 1) == 0 || !pb_numfmt_short(q)) {
        pb_numfmt_percent(buf, len, q, digits);
        return;
    }
    char f[PB_NUMFMT_MAX], p[PB_NUMFMT_MAX];
    pb_numfmt_fraction(f, sizeof f, q);
    pb_numfmt_percent(p, sizeof p, q, digits);
    snprintf(buf, len, "%s (%s)", f, p);
}

void pb_numfmt_percent_real(char *buf, size_t len, double p, int digits)
{
    if (p <= 0) {
        snprintf(buf, len, "%s", PB_NUMFMT_DASH);
        return;
    }
    if (p >= 1) {
        snprintf(buf, len, "100 %%");
        return;
    }
    char d[64];
    snprintf(d, sizeof d, "%.*f", digits, 100 * p);
    bool zero = strspn(d, "0.") == strlen(d);
    if (zero || strncmp(d, "100", 3) == 0) {
        end_text(buf, len, zero, digits);
        return;
    }
    snprintf(buf, len, "%s %%", d);
}

void pb_numfmt_fraction(char *buf, size_t len, const mpq_t q)
{
    size_t need = pb_exact_fraction_size(q);
    if (need > len) {
        snprintf(buf, len, "?");
        return;
    }
    pb_exact_fraction(buf, len, q);
}
