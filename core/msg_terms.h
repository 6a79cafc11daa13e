/* core/msg_terms.h: the rulebook's terms in the message catalogue (core/msg.h). */
#ifndef PB_MSG_TERMS_H
#define PB_MSG_TERMS_H

#include "msg.h"

/* The glossary's English msgids, NULL-terminated; pb_msg(lang, term) gives each in lang. */
extern const char *const pb_msg_terms[];

#endif
