/* carriers/carriers_report.h: Carriers!!'s tables as one standalone HTML page (tables/game_page.h):
 * heat maps of the interception by zone, the other rolls and the injury by tackles, every value in
 * its cell; then every table. */
#ifndef CR_REPORT_H
#define CR_REPORT_H

#include <stddef.h>

#include "carriers_rules.h"
#include "msg.h"

/* The page, malloc'd (NUL-terminated, *len its length); NULL when out of memory. */
char *cr_report_render(const cr_rules *r, pb_lang lang, size_t *len);

#endif
