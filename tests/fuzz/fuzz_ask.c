/* tests/fuzz/fuzz_ask.c: libFuzzer target for the question reader of `paperbowl ask`
 * (`make fuzz-ask`). An input starting with 'W' is a --weight file, with 'D' a --define
 * text; anything else is a question (with two defines in scope). Every input must either be
 * read or give one message whose place lies inside the text; never crash, hang or leak. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ask.h"

static pb_ask_query query;

static void check_error(const pb_ask_error *e, const char *text, const pb_ask_defines *defs)
{
    const char *src = e->source >= 0 ? defs->items[e->source].text : text;
    if (e->msg[0] == '\0' || e->offset < 0 || (size_t)e->offset > strlen(src) || e->span < 0)
        abort();
    char buf[1024], ctx[4096];
    pb_ask_error_format(e, text, defs, 1, buf, sizeof buf);
    pb_ask_error_context(e, text, defs, ctx, sizeof ctx);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    pb_ask_error e;
    if (size && text[0] == 'W') {
        pb_ask_weights w;
        char err[512];
        pb_ask_weights_init(&w);
        if (pb_ask_weights_parse(&w, text + 1, "fuzz.txt", err, sizeof err) != 0 && strncmp(err, "fuzz.txt", 8) != 0)
            abort();
        pb_ask_weights_release(&w);
    } else if (size && text[0] == 'D') {
        pb_ask_defines defs = {{{"beat", text + 1}, {"other", "beat or td"}}, 2};
        if (pb_ask_defines_check(&defs, &e) != 0)
            check_error(&e, "", &defs);
    } else {
        pb_ask_defines defs = {{{"beat", "first_down or td"}, {"big", "gain >= 20 and not beat"}}, 2};
        if (pb_ask_parse(&query, text, &defs, &e) != 0) {
            check_error(&e, text, &defs);
        } else {
            char buf[4096];
            if (query.event >= 0)
                pb_ask_event_text(&query, query.event, &defs, buf, sizeof buf);
            if (query.given >= 0)
                pb_ask_event_text(&query, query.given, &defs, buf, sizeof buf);
        }
    }
    free(text);
    return 0;
}
