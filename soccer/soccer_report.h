/* soccer/soccer_report.h: Masume Soccer TACTICS's tables as one standalone HTML page with charts
 * (tables/game_page.h: heat maps with every value written in its cell): P(goal) by distance per
 * kick type and kicker, pass success by distance, the charge by bonus; then every table. */
#ifndef MS_REPORT_H
#define MS_REPORT_H

#include <stddef.h>

#include "msg.h"
#include "soccer_rules.h"

/* The page, malloc'd (NUL-terminated, *len its length); NULL when out of memory. */
char *ms_report_render(const ms_rules *r, pb_lang lang, size_t *len);

#endif
