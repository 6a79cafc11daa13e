/* core/exact.c: correctly rounded decimals, percentages and fractions of exact rationals
 * (see exact.h).
 *
 * A decimal of |q| = N/D at `places` places is the integer R = round_half_even(N * 10^places / D)
 * printed with a decimal point `places` digits from the right. R is computed on GMP's mpn layer
 * with the working limbs on the stack, so typical calls never touch the heap. */
#include "exact.h"

#include <stdlib.h>
#include <string.h>

#if GMP_NAIL_BITS != 0
#error "core/exact.c assumes GMP without nail bits"
#endif

/* Largest exponent k with 10^k in one limb: N is multiplied by 10^scale k digits at a time. */
#if GMP_NUMB_BITS >= 64
#define PB_EXACT_TEN_CHUNK 19
#else
#define PB_EXACT_TEN_CHUNK 9
#endif

/* Upper bound on decimal digits of a number of `limbs` limbs (log10 2 < 1/3), plus slack. */
#define PB_EXACT_DIGITS_FOR(limbs) ((size_t)(limbs) * GMP_NUMB_BITS / 3 + 2)

/* Bounded string writer: keeps the output NUL-terminated and cuts it at len - 1 characters. */
typedef struct pb_exact_out {
    char *buf;
    size_t len, pos;
} pb_exact_out;

static void pb_exact_put(pb_exact_out *o, char c)
{
    if (o->pos + 1 < o->len)
        o->buf[o->pos++] = c;
}

static void pb_exact_put_str(pb_exact_out *o, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        pb_exact_put(o, s[i]);
}

static void pb_exact_finish(pb_exact_out *o)
{
    if (o->len > 0)
        o->buf[o->pos] = '\0';
}

/* Writes the decimal digits (ASCII) of round_half_even(|q| * 10^scale) into digits, no leading
 * zeros, "0" for zero; returns their number. nn_max bounds the limbs of |num| * 10^scale; work
 * must hold 2 nn_max + 2 + 2 dn limbs (dn: limbs of the denominator) and digits
 * PB_EXACT_DIGITS_FOR(nn_max + 2) characters. */
static size_t pb_exact_round_digits(char *digits, mp_limb_t *work, mp_size_t nn_max,
                                    const mpq_t q, unsigned scale)
{
    mpz_srcptr num = mpq_numref(q), den = mpq_denref(q);
    mp_size_t un = (mp_size_t)mpz_size(num), dn = (mp_size_t)mpz_size(den);
    if (un == 0) {
        digits[0] = '0';
        return 1;
    }
    mp_limb_t *np = work;                /* nn_max limbs: N = |num| * 10^scale */
    mp_limb_t *qp = np + nn_max;         /* nn_max + 2 limbs: quotient, then rounded */
    mp_limb_t *rp = qp + nn_max + 2;     /* dn limbs: remainder */
    mp_limb_t *twice_r = rp + dn;        /* dn limbs: 2 * remainder */
    const mp_limb_t *dp = mpz_limbs_read(den);

    mp_size_t nn = un;
    memcpy(np, mpz_limbs_read(num), (size_t)un * sizeof *np);
    for (unsigned left = scale; left > 0;) {
        unsigned chunk = left < PB_EXACT_TEN_CHUNK ? left : PB_EXACT_TEN_CHUNK;
        mp_limb_t factor = 1;
        for (unsigned i = 0; i < chunk; i++)
            factor *= 10;
        mp_limb_t carry = mpn_mul_1(np, np, nn, factor);
        if (carry)
            np[nn++] = carry;
        left -= chunk;
    }

    mp_size_t qn;
    if (nn < dn) { /* N < D: quotient 0, remainder N */
        qn = 0;
        memcpy(rp, np, (size_t)nn * sizeof *rp);
        memset(rp + nn, 0, (size_t)(dn - nn) * sizeof *rp);
    } else {
        mpn_tdiv_qr(qp, rp, 0, np, nn, dp, dn);
        qn = nn - dn + 1;
    }

    /* round half to even: up when 2r > D, or 2r == D and the quotient is odd */
    mp_limb_t overflow = mpn_lshift(twice_r, rp, dn, 1);
    int cmp = overflow ? 1 : mpn_cmp(twice_r, dp, dn);
    int odd = qn > 0 && (qp[0] & 1);
    if (cmp > 0 || (cmp == 0 && odd)) {
        if (qn == 0) {
            qp[0] = 1;
            qn = 1;
        } else {
            mp_limb_t carry = mpn_add_1(qp, qp, qn, 1);
            if (carry)
                qp[qn++] = carry;
        }
    }
    while (qn > 0 && qp[qn - 1] == 0)
        qn--;
    if (qn == 0) {
        digits[0] = '0';
        return 1;
    }

    size_t n = mpn_get_str((unsigned char *)digits, 10, qp, qn);
    size_t lead = 0;
    while (lead + 1 < n && digits[lead] == 0)
        lead++;
    n -= lead;
    memmove(digits, digits + lead, n);
    for (size_t i = 0; i < n; i++)
        digits[i] = (char)('0' + digits[i]);
    return n;
}

/* Formats round_half_even(|q| * 10^(places + extra_scale)) with `places` decimals, the sign of
 * q (unless it rounds to zero) and an optional suffix. */
static void pb_exact_format(char *buf, size_t len, const mpq_t q, int places,
                            unsigned extra_scale, const char *suffix)
{
    unsigned decimals = places > 0 ? (unsigned)places : 0;
    unsigned scale = decimals + extra_scale;
    mp_size_t un = (mp_size_t)mpz_size(mpq_numref(q));
    mp_size_t dn = (mp_size_t)mpz_size(mpq_denref(q));
    /* 10^scale < 2^(scale * 10/3): this many limbs hold N and its carries */
    mp_size_t nn_max = un + (mp_size_t)(((size_t)scale * 10 / 3) / GMP_NUMB_BITS) + 2;
    size_t work_limbs = (size_t)(2 * nn_max + 2 + 2 * dn);
    size_t digits_len = PB_EXACT_DIGITS_FOR(nn_max + 2);

    mp_limb_t stack_work[4 * PB_EXACT_STACK_LIMBS + 8];
    char stack_digits[PB_EXACT_DIGITS_FOR(2 * PB_EXACT_STACK_LIMBS + 8)];
    mp_limb_t *work = stack_work;
    char *digits = stack_digits;
    void *heap = NULL;
    if (work_limbs > sizeof stack_work / sizeof *stack_work || digits_len > sizeof stack_digits) {
        heap = malloc(work_limbs * sizeof *work + digits_len);
        if (!heap) {
            pb_exact_out o = {buf, len, 0};
            pb_exact_put(&o, '?');
            pb_exact_finish(&o);
            return;
        }
        work = heap;
        digits = (char *)(work + work_limbs);
    }

    size_t n = pb_exact_round_digits(digits, work, nn_max, q, scale);
    int is_zero = n == 1 && digits[0] == '0';

    pb_exact_out o = {buf, len, 0};
    if (mpq_sgn(q) < 0 && !is_zero)
        pb_exact_put(&o, '-');
    if (n > decimals)
        pb_exact_put_str(&o, digits, n - decimals);
    else
        pb_exact_put(&o, '0');
    if (decimals > 0) {
        pb_exact_put(&o, '.');
        for (size_t pad = n; pad < decimals; pad++)
            pb_exact_put(&o, '0');
        size_t frac = n < decimals ? n : decimals;
        pb_exact_put_str(&o, digits + n - frac, frac);
    }
    if (suffix)
        pb_exact_put_str(&o, suffix, strlen(suffix));
    pb_exact_finish(&o);
    free(heap);
}

void pb_exact_decimal(char *buf, size_t len, const mpq_t q, int places)
{
    pb_exact_format(buf, len, q, places, 0, NULL);
}

void pb_exact_percent(char *buf, size_t len, const mpq_t q, int places)
{
    pb_exact_format(buf, len, q, places, 2, "%");
}

size_t pb_exact_decimal_size(const mpq_t q, int places)
{
    /* |100 q| < 10^(s+2) rounds to at most s+3 integer digits; plus sign, point, '%', NUL */
    size_t decimals = places > 0 ? (size_t)places : 0;
    return mpz_sizeinbase(mpq_numref(q), 10) + decimals + 7;
}

size_t pb_exact_fraction_size(const mpq_t q)
{
    /* sign, '/', NUL; mpz_get_str needs sizeinbase + 2 for the numerator, which this covers */
    return mpz_sizeinbase(mpq_numref(q), 10) + mpz_sizeinbase(mpq_denref(q), 10) + 3;
}

/* Writes "num/den" into text, which must hold pb_exact_fraction_size(q) bytes. */
static void pb_exact_write_fraction(char *text, const mpq_t q)
{
    mpz_get_str(text, 10, mpq_numref(q));
    size_t pos = strlen(text);
    text[pos++] = '/';
    mpz_get_str(text + pos, 10, mpq_denref(q));
}

void pb_exact_fraction(char *buf, size_t len, const mpq_t q)
{
    size_t need = pb_exact_fraction_size(q);
    if (need <= len) {
        pb_exact_write_fraction(buf, q);
        return;
    }
    /* too small a buffer: format elsewhere, then copy what fits */
    char stack_text[256];
    char *text = need <= sizeof stack_text ? stack_text : malloc(need);
    pb_exact_out o = {buf, len, 0};
    if (text) {
        pb_exact_write_fraction(text, q);
        pb_exact_put_str(&o, text, strlen(text));
    } else {
        pb_exact_put(&o, '?');
    }
    pb_exact_finish(&o);
    if (text != stack_text)
        free(text);
}

void pb_exact_from_pow6(mpq_t out, const mpz_t num, unsigned exp6)
{
    mpz_ptr n = mpq_numref(out), d = mpq_denref(out);
    mpz_set(n, num);
    if (mpz_sgn(n) == 0) {
        mpz_set_ui(d, 1);
        return;
    }
    /* 6^e = 2^e 3^e, so the only common factors are 2s and 3s, at most e of each */
    mp_bitcnt_t twos = mpz_scan1(n, 0); /* trailing zeros, the same for n and -n */
    if (twos > exp6)
        twos = exp6;
    mpz_tdiv_q_2exp(n, n, twos);
    unsigned threes = 0;
    while (threes < exp6 && mpz_divisible_ui_p(n, 3)) {
        mpz_divexact_ui(n, n, 3);
        threes++;
    }
    mpz_ui_pow_ui(d, 3, exp6 - threes);
    mpz_mul_2exp(d, d, exp6 - twos);
}
