/* examples/td_long_vs_d4.c: P(touchdown) of a Long Pass against Defense 4 in the red zone,
 * exactly, through the installed library:
 *
 *     cc td_long_vs_d4.c $(pkg-config --cflags --libs paperbowl) -o td_long_vs_d4
 *
 * "In the red zone" is read the way `paperbowl ask 'P(td) offense=long defense=4 zone=red'`
 * reads it: the play card turned from the deck (each of the 24 cards 1/24), 1st and 10 (goal to
 * go inside the 10), tied, 3 timeouts each, the "best" policies, and every togo of the red zone
 * (1..20 in v1.11-ja) equally likely. The two print the same fraction. */
#include <stdio.h>
#include <stdlib.h>

#include <gmp.h>
#include <paperbowl/enumerate.h>

int main(void)
{
    char err[PB_ERR_MAX];
    pb_ruleset rs;
    if (pb_ruleset_load(&rs, PB_RULESET_DEFAULT, err, sizeof err) != 0) {
        fprintf(stderr, "td_long_vs_d4: %s\n", err);
        return 1;
    }
    pb_play_env env = {.rules = &rs};  /* policies all "best"; pb_enumerate brings its own evaluator */

    mpq_t sum, p;
    mpq_inits(sum, p, NULL);
    for (int togo = 1; togo <= rs.red_zone; togo++) {
        pb_enum_query q = {
            .action = PB_ACTION_PLAY,
            .sit = pb_situation_default(&rs, togo),  /* 1st and 10, or goal to go */
            .offense = PB_OFF_LONG,
            .defense = 4,
            .card = PB_CARD_DECK,
            .depth = 0,                              /* doubles chains summed exactly */
        };
        pb_dist d;                                   /* initialized by pb_enumerate, even on error */
        if (pb_enumerate(&d, &env, &q, err, sizeof err) != 0) {
            fprintf(stderr, "td_long_vs_d4: togo %d: %s\n", togo, err);
            pb_dist_release(&d);
            mpq_clears(sum, p, NULL);
            return 1;
        }
        pb_dist_kind_p(&d, PB_OUT_TOUCHDOWN, p);     /* P(td) at this togo, in lowest terms */
        mpq_add(sum, sum, p);
        pb_dist_release(&d);
    }
    mpq_set_ui(p, 1, (unsigned long)rs.red_zone);    /* each togo weighs 1/red_zone */
    mpq_mul(sum, sum, p);

    /* the percentage to two places, rounded half up from the exact fraction */
    mpz_t hundredths;
    mpz_init(hundredths);
    mpz_mul_ui(hundredths, mpq_numref(sum), 20000);
    mpz_fdiv_q(hundredths, hundredths, mpq_denref(sum));
    mpz_add_ui(hundredths, hundredths, 1);
    mpz_fdiv_q_2exp(hundredths, hundredths, 1);
    unsigned long h = mpz_get_ui(hundredths);

    printf("Long Pass vs Defense 4, card deck, red zone (togo 1..%d, each 1/%d), %s\n", rs.red_zone, rs.red_zone,
           rs.name);
    gmp_printf("P(td) = %Qd = %lu.%02lu%%\n", sum, h / 100, h % 100);

    mpz_clear(hundredths);
    mpq_clears(sum, p, NULL);
    return 0;
}
