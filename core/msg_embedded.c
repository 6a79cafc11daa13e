/* core/msg_embedded.c: the compiled Japanese catalogue (po/ja.po through `msgfmt --check`, into
 * $(BUILD)/po/ja.mo: the Makefile passes its path as PB_MO_JA), embedded with the assembler's
 * .incbin as the rulesets are. */
#include <stddef.h>

#ifndef PB_MO_JA
#error "PB_MO_JA (the compiled po/ja.po) is set by the Makefile"
#endif

__asm__(".section .rodata\n"
        ".balign 4\n"
        ".global pb_msg_mo_ja\n"
        "pb_msg_mo_ja:\n"
        ".incbin \"" PB_MO_JA "\"\n"
        ".global pb_msg_mo_ja_end\n"
        "pb_msg_mo_ja_end:\n"
        ".previous\n");
