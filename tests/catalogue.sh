#!/bin/sh
# tests/catalogue.sh: the message catalogue is whole. po/paperbowl.pot and po/ja.po agree with the
# strings the sources mark (tools/po-update.sh --check: xgettext, msgmerge), every message has its
# Japanese (none falls back to English under --lang ja), and msgfmt --check accepts ja.po.
# `--self-test`: on a copy of the tree, a newly marked string without Japanese must fail the check
# and be named.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
if [ "${1:-}" = --self-test ]; then
    tmp=$(mktemp -d) || exit 2
    trap 'rm -rf "$tmp"' EXIT
    (cd "$top" && tar cf - paperbowl.c core enumerate sim solve ask tables verify tune soccer carriers cardgame cli po tools $(ls -d serve 2>/dev/null)) | (cd "$tmp" && tar xf -)
    printf '%s\n' 'static const char *planted_untranslated = PB_N_("A planted message without Japanese");' >> "$tmp/core/msg_terms.c"
    out=$(sh "$tmp/tools/po-update.sh" --check 2>&1) && { echo "catalogue self-test: FAILED, an untranslated message passed"; exit 1; }
    case $out in
    *"A planted message without Japanese"*) echo "catalogue self-test: the planted untranslated message was caught" ;;
    *) echo "catalogue self-test: FAILED, the check did not name it: $out"; exit 1 ;;
    esac
    exit 0
fi
sh "$top/tools/po-update.sh" --check || exit 1
n=$(grep -c '^msgid ' "$top/po/ja.po")
echo "catalogue: po/paperbowl.pot and po/ja.po up to date, $((n - 1)) messages, every one in Japanese"
