/* cardgame/cardgame_report.h: the card-game draft's tables as one standalone HTML page
 * (tables/game_page.h): heat maps of a suit's count in a hand and of following suit at the first
 * trick, every value in its cell; then every table. */
#ifndef CG_REPORT_H
#define CG_REPORT_H

#include <stddef.h>

#include "cardgame_rules.h"
#include "msg.h"

/* The page, malloc'd (NUL-terminated, *len its length); NULL when out of memory. */
char *cg_report_render(const cg_rules *r, pb_lang lang, size_t *len);

#endif
