/* tables/report_assets.c: the report's stylesheet and script (tables/report.css,
 * tables/report.js), embedded in the binary with the assembler's .incbin, each followed by a
 * NUL byte, so that the page needs no file beside the binary. */
#include "report.h"

__asm__(".section .rodata\n"
        ".global pb_report_css\n"
        "pb_report_css:\n"
        ".incbin \"tables/report.css\"\n"
        ".byte 0\n"
        ".global pb_report_js\n"
        "pb_report_js:\n"
        ".incbin \"tables/report.js\"\n"
        ".byte 0\n"
        ".previous\n");
