#!/bin/sh
# tools/po-update.sh [--check]: the message catalogue from the sources. Extracts every marked
# string (core/msg.h: pb_msg, pb_msgc, PB_N_ in C; T() in the report's and the page's scripts)
# into po/paperbowl.pot with xgettext, and merges it into po/ja.po with msgmerge (new messages
# untranslated, gone ones dropped). --check writes nothing: it fails (exit 1, saying what) when the
# .pot or ja.po is out of date with the sources or a message has no Japanese (or a fuzzy one).
set -eu
cd "$(dirname "$0")/.."
check=0
[ "${1:-}" = --check ] && check=1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
c_src=$(ls paperbowl.c core/*.c enumerate/*.c sim/*.c solve/*.c ask/*.c tables/*.c verify/*.c tune/*.c \
    soccer/*.c carriers/*.c cardgame/*.c cli/*.c 2>/dev/null; ls serve/*.c 2>/dev/null || true)
js_src=$(ls tables/*.js serve/*.js 2>/dev/null || true)
xgettext --from-code=UTF-8 --language=C --keyword= --keyword=pb_msg:2 --keyword=pb_msgc:2c,3 \
    --keyword=PB_N_ --add-comments=TRANSLATORS: --sort-by-file --package-name=paperbowl \
    --msgid-bugs-address=paperbowl@localhost -o "$tmp/c.pot" $c_src
if [ -n "$js_src" ]; then
    xgettext --from-code=UTF-8 --language=JavaScript --keyword= --keyword=T --keyword=TC:1c,2 \
        --add-comments=TRANSLATORS: --sort-by-file -o "$tmp/js.pot" $js_src || true
fi
if [ -s "$tmp/js.pot" ]; then
    msgcat --use-first --sort-by-file -o "$tmp/new.pot" "$tmp/c.pot" "$tmp/js.pot"
else
    cp "$tmp/c.pot" "$tmp/new.pot"
fi
# the creation date is the only line that changes without the messages changing
sed -i '/^"POT-Creation-Date:/d' "$tmp/new.pot"
cp po/ja.po "$tmp/ja.po"
msgmerge --quiet --no-fuzzy-matching --no-wrap --sort-by-file -o "$tmp/ja.merged.po" "$tmp/ja.po" "$tmp/new.pot"
msgattrib --no-obsolete --no-wrap --sort-by-file -o "$tmp/ja.new.po" "$tmp/ja.merged.po"
if [ $check = 0 ]; then
    cp "$tmp/new.pot" po/paperbowl.pot
    cp "$tmp/ja.new.po" po/ja.po
    echo "po/paperbowl.pot and po/ja.po updated: $(grep -c '^msgid ' po/paperbowl.pot) messages (the header included)"
    missing=$(msgattrib --untranslated po/ja.po | grep -c '^msgid ' || true)
    [ "$missing" -le 1 ] || echo "po/ja.po: $((missing - 1)) messages without Japanese: translate them (msgattrib --untranslated po/ja.po)"
    exit 0
fi
status=0
if ! cmp -s "$tmp/new.pot" po/paperbowl.pot; then
    echo "po/paperbowl.pot is out of date with the sources (make po):"
    diff -u po/paperbowl.pot "$tmp/new.pot" | grep '^[-+]msgid' | head -20
    status=1
fi
if ! cmp -s "$tmp/ja.new.po" po/ja.po; then
    echo "po/ja.po is out of date with the sources (make po):"
    diff -u po/ja.po "$tmp/ja.new.po" | grep '^[-+]msgid' | head -20
    status=1
fi
untranslated=$(msgattrib --untranslated "$tmp/ja.new.po" | grep '^msgid ' | grep -v '^msgid ""$' || true)
fuzzy=$(msgattrib --only-fuzzy "$tmp/ja.new.po" | grep '^msgid ' | grep -v '^msgid ""$' || true)
if [ -n "$untranslated$fuzzy" ]; then
    echo "po/ja.po: messages without a Japanese translation (untranslated or fuzzy):"
    printf '%s\n%s\n' "$untranslated" "$fuzzy" | grep . | head -40
    status=1
fi
msgfmt --check --output-file=/dev/null po/ja.po || status=1
exit $status
