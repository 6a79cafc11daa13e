/* tests/fuzz/fuzz_serve.c: libFuzzer target for the workbench's request decoding
 * (serve/serve_req.c, `make fuzz`): a request body as JSON, the edited ruleset assembled from it
 * and read by the loader, the query number, the language and the cookie readers. Any input must
 * give a ruleset or one message (a loader error naming "edited" or "upload"), never crash or leak;
 * a ruleset text assembled from edits holds no line the edits did not make. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "serve_internal.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    char err[PB_ERR_MAX], buf[128];
    long n;
    (void)pb_serve_query_long(text, 0, 1000000, &n);
    (void)pb_serve_lang(text, text);
    (void)pb_serve_cookie(text, "pb_token_8642", buf, sizeof buf);
    (void)pb_serve_error_line(text);
    json_t *body = pb_serve_body_parse(text, size, err, sizeof err);
    if (body) {
        pb_serve_ruleset_text rt;
        bool too_large;
        if (pb_serve_ruleset_decode(body, &rt, &too_large, err, sizeof err) == 0) {
            if (rt.edits) {
                /* one line per edit and one per section change, nothing else */
                int lines = 0;
                for (const char *p = rt.text; *p; p++)
                    lines += *p == '\n';
                if (lines != rt.nlines)
                    abort();
            }
            pb_ruleset rs;
            char lerr[PB_ERR_MAX];
            if (pb_ruleset_parse(&rs, rt.text, rt.edits ? "edited" : "upload", lerr, sizeof lerr) != 0 &&
                strncmp(lerr, rt.edits ? "edited" : "upload", 6) != 0)
                abort();
            pb_serve_ruleset_text_release(&rt);
        }
        json_decref(body);
    }
    free(text);
    return 0;
}
