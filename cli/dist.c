/* cli/dist.c: the processes a command's game solves are split over (cli.h): none in the plain
 * build, MPI's ranks in the MPI build (mpi/paperbowl_mpi.c sets them); pb_cli_agree, the exit
 * status every rank agrees on; pb_cli_agree_inputs, the same and a check that every rank read
 * the same inputs (a hash of them exchanged with the dist's allgather). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "wp.h"
#include "wp_file.h"

static const pb_wp_dist *current;
static int agreed;

void pb_cli_set_dist(const pb_wp_dist *d)
{
    current = d;
    agreed = 0;
}
int pb_cli_agreed(void) { return agreed; }
const pb_wp_dist *pb_cli_dist(void) { return current; }
int pb_cli_rank(void) { return current ? current->rank : 0; }

int pb_cli_agree(int status)
{
    if (!current || current->size <= 1)
        return status;
    agreed = 1;
    double x = status;
    if (current->max(current->ctx, &x, 1) != 0)
        return status > PB_EXIT_USAGE ? status : PB_EXIT_USAGE;
    return (int)x;
}

static uint64_t fnv(uint64_t h, const char *s)
{
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 0x100000001b3ULL;
    return h;
}

/* What a rank read, as it travels between ranks: a hash of each ruleset's canonical text (its
 * switches applied), of the policies, of the options, and the options' text (for the message). */
typedef struct {
    uint64_t rules, policies, options;
    char text[256];
} inputs;

/* 0, or -1 (out of memory). */
static int inputs_of(const pb_ruleset *a, const pb_ruleset *b, const pb_policies *pol, const char *options,
                     inputs *out)
{
    memset(out, 0, sizeof *out);
    out->rules = 0xcbf29ce484222325ULL;
    const pb_ruleset *rs[2] = {a, b};
    for (int i = 0; i < 2; i++) {
        char fp[512];
        if (!rs[i])
            continue;
        if (pb_wp_file_fingerprint(rs[i], pol, fp, sizeof fp) != 0)
            return -1;
        char *p = strstr(fp, "\npolicies ");   /* "ruleset ...\nruleset_fnv ...\npolicies ...\n" */
        if (p)
            *p = '\0';
        out->rules = fnv(out->rules, fp);
    }
    char pols[256];
    pb_policies_format(pol, pols, sizeof pols);
    out->policies = fnv(0xcbf29ce484222325ULL, pols);
    out->options = fnv(0xcbf29ce484222325ULL, options ? options : "");
    snprintf(out->text, sizeof out->text, "%s", options ? options : "");
    return 0;
}

int pb_cli_agree_inputs(const char *cmd, int status, const pb_ruleset *a, const pb_ruleset *b,
                        const pb_policies *pol, const char *options)
{
    if (!current || current->size <= 1)
        return status;
    inputs mine;
    memset(&mine, 0, sizeof mine);
    if (status == PB_EXIT_OK && inputs_of(a, b, pol, options, &mine) != 0)
        status = pb_cli_error(cmd, "out of memory");
    if ((status = pb_cli_agree(status)) != PB_EXIT_OK)
        return status;
    int n = current->size;
    inputs *all = calloc((size_t)n, sizeof *all);
    int *start = malloc(((size_t)n + 1) * sizeof *start);
    int ok = all && start;
    if ((status = pb_cli_agree(ok ? PB_EXIT_OK : PB_EXIT_USAGE)) != PB_EXIT_OK) {
        free(all);
        free(start);
        return ok ? status : pb_cli_error(cmd, "out of memory");
    }
    for (int r = 0; r <= n; r++)
        start[r] = r;
    all[current->rank] = mine;
    if (current->allgather(current->ctx, all, sizeof *all, start) != 0)
        status = pb_cli_error(cmd, "the ranks could not exchange what they read");
    else {
        int first = -1, others = 0;
        for (int r = 1; r < n; r++)
            if (all[r].rules != all[0].rules || all[r].policies != all[0].policies || all[r].options != all[0].options) {
                if (first < 0)
                    first = r;
                else
                    others++;
            }
        if (first >= 0) {   /* the first input that differs, by name */
            char more[48] = "", what[700];
            const inputs *x = &all[first], *z = &all[0];
            if (others)
                snprintf(more, sizeof more, " (and %d other rank%s)", others, others == 1 ? "" : "s");
            if (x->rules != z->rules)
                snprintf(what, sizeof what, "the ruleset differs: its text or its switches");
            else if (x->policies != z->policies)
                snprintf(what, sizeof what, "the policies differ");
            else
                snprintf(what, sizeof what, "the options differ: '%s' here, '%s' on rank 0", x->text, z->text);
            status = pb_cli_error(cmd, "rank %d%s read other inputs than rank 0 (%s): every rank must read the same",
                                  first, more, what);
        }
    }
    free(all);
    free(start);
    return status;
}
