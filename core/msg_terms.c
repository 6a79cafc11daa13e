/* core/msg_terms.c: the rulebook's terms, the glossary that the printers, the report and the page
 * share (po/ja.po gives each the Japanese edition's word). */
#include "msg_terms.h"

const char *const pb_msg_terms[] = {
    PB_N_("Run play"),   PB_N_("Pass play"),  PB_N_("Defense card"), PB_N_("Play card"),
    PB_N_("Field goal"), PB_N_("Punt"),       PB_N_("Touchback"),    PB_N_("Safety"),
    PB_N_("Interception"), PB_N_("Onside kick"), PB_N_("Kickoff"),   PB_N_("Touchdown"),
    PB_N_("Turnover"),   PB_N_("First down"), PB_N_("Point after touchdown"),
    PB_N_("Two-point conversion"), PB_N_("Timeout"), PB_N_("Return"), NULL};
