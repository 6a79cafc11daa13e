/* serve/serve_assets.c: the page's files (serve/page.html, page.js, page.css), embedded in the
 * binary with the assembler's .incbin as the report's are (tables/report_assets.c), each followed
 * by a NUL byte: the page needs nothing beside the binary and nothing from the network. */
#include "serve_internal.h"

__asm__(".section .rodata\n"
        ".global pb_serve_page_html\n"
        "pb_serve_page_html:\n"
        ".incbin \"serve/page.html\"\n"
        ".byte 0\n"
        ".global pb_serve_page_js\n"
        "pb_serve_page_js:\n"
        ".incbin \"serve/page.js\"\n"
        ".byte 0\n"
        ".global pb_serve_page_css\n"
        "pb_serve_page_css:\n"
        ".incbin \"serve/page.css\"\n"
        ".byte 0\n"
        ".previous\n");
