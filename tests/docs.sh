#!/bin/sh
# tests/docs.sh BIN: the manual (README.md and doc/*.md) holds only what a user of the project can
# follow. It fails when a page
#   - names a folder outside the project (`../shared`, `/work/shared`);
#   - names an issue ("issue 22", "issues 3 and 5", "#22" outside code);
#   - links a page or a file that does not exist, or an anchor that no heading of the target makes
#     (GitHub's slugs: lower case, punctuation dropped, spaces to '-', -1, -2 ... for repeats), or
#     names a page `doc/NAME.md` that does not exist;
#   - doc/reference.md is not what tools/reference.sh writes from the help texts now.
# The examples of README.md, doc/guide.md, doc/commands.md and doc/figures.md are run by tests/readme.sh.
# `tests/docs.sh --self-test` plants each fault in a copy and checks that it is found.
set -u
root=$(cd "$(dirname "$0")/.." && pwd) || exit 2
self_test=0
[ "${1:-}" = --self-test ] && { self_test=1; shift; }
bin=${1:-bin/paperbowl}
case "$bin" in /*) ;; *) bin=$root/$bin ;; esac
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT HUP TERM

# scan DIR: the faults of the pages README.md and doc/*.md under DIR, one line each, on stdout
scan() {
    ( cd "$1" && for f in README.md doc/*.md; do [ -f "$f" ] && printf '%s\n' "$f"; done ) > "$tmp/pages"
    # every page's anchors: "PAGE<TAB>SLUG"
    : > "$tmp/anchors"
    while read -r p; do
        LC_ALL=C awk -v page="$p" '
            /^```/ { inb = !inb; next }
            inb || !/^#+ / { next }
            {
                h = $0; sub(/^#+ +/, "", h); sub(/ +#* *$/, "", h)
                s = tolower(h); t = ""
                n = split("– — − × ≤ ≥ ± · → ← … “ ” ‘ ’ 「 」 、 。 （ ） ： ½ ¼ ¾ ²", punct, " ")
                for (k = 1; k <= n; k++) gsub(punct[k], "", s)
                for (i = 1; i <= length(s); i++) {
                    c = substr(s, i, 1)
                    if (c ~ /[a-z0-9_-]/ || c > "\177") t = t c
                    else if (c == " ") t = t "-"
                }
                n = seen[t]++
                if (n > 0) t = t "-" n
                print page "\t" t
            }
        ' "$1/$p" >> "$tmp/anchors"
        grep -o '<a \(name\|id\)="[^"]*"' "$1/$p" | sed 's/.*="\(.*\)"/\1/' | sed "s|^|$p	|" >> "$tmp/anchors"
    done < "$tmp/pages"
    while read -r p; do
        dir=$(dirname "$p")
        # outside folders, everywhere in the page
        grep -n '\.\./shared\|/work/shared' "$1/$p" | sed "s|^|$p:|; s|\$|  <- names a folder outside the project|"
        # issue numbers: "issue N" anywhere; "#N" in the prose (not in code, not an anchor)
        grep -n -i -E '\bissues? (no\.? *)?[0-9]+' "$1/$p" | sed "s|^|$p:|; s|\$|  <- names an issue|"
        LC_ALL=C awk -v page="$p" '
            /^```/ { inb = !inb; next }
            inb { next }
            {
                line = $0
                gsub(/`[^`]*`/, "", line)           # inline code
                gsub(/\]\([^)]*\)/, "]", line)      # link targets
                if (line ~ /(^|[^A-Za-z0-9_&\/#-])#[0-9]+([^0-9A-Za-z_-]|$)/)
                    print page ":" NR ":" $0 "  <- names an issue (#N)"
            }
        ' "$1/$p"
        # links outside code: "LINE<TAB>TARGET"
        LC_ALL=C awk '
            /^```/ { inb = !inb; next }
            inb { next }
            {
                line = $0
                gsub(/`[^`]*`/, "", line)
                while (match(line, /\]\([^) ]+\)/)) {
                    print NR "\t" substr(line, RSTART + 2, RLENGTH - 3)
                    line = substr(line, RSTART + RLENGTH)
                }
            }
        ' "$1/$p" | while IFS='	' read -r n target; do
            case "$target" in http://*|https://*|mailto:*) continue ;; esac
            file=${target%%#*}
            anchor=
            case "$target" in *'#'*) anchor=${target#*#} ;; esac
            if [ -n "$file" ]; then
                path=$dir/$file
                [ -e "$1/$path" ] || { echo "$p:$n: link to $target: no such file"; continue; }
                # the page's name as the anchors list has it (doc/../README.md -> README.md)
                tp=$(cd "$1" && cd "$(dirname "$path")" 2>/dev/null && pwd)/$(basename "$path")
                tp=${tp#"$(cd "$1" && pwd)"/}
            else
                tp=$p
            fi
            if [ -n "$anchor" ]; then
                grep -qxF "$tp	$anchor" "$tmp/anchors" ||
                    echo "$p:$n: link to $target: no heading of $tp makes the anchor #$anchor"
            fi
        done
        # pages named in the text
        grep -n -o 'doc/[A-Za-z0-9_-]*\.md' "$1/$p" | while IFS=: read -r n name; do
            [ -f "$1/$name" ] || echo "$p:$n: names $name, which does not exist"
        done
    done < "$tmp/pages"
}

if [ $self_test = 1 ]; then
    fail=0
    for fault in 'see ../shared/seeds/000.txt' 'as issue 22 asked' 'fixed in #48 last week' \
                 '[the guide](nothing.md)' '[a section](README.md#no-such-heading)' 'in doc/nothing.md'; do
        rm -rf "$tmp/tree" && mkdir -p "$tmp/tree/doc" || exit 2
        cp "$root/README.md" "$tmp/tree/" && cp "$root"/doc/*.md "$tmp/tree/doc/" || exit 2
        scan "$tmp/tree" > "$tmp/before"
        printf '\n%s\n' "$fault" >> "$tmp/tree/doc/README.md"
        scan "$tmp/tree" > "$tmp/after"
        if [ "$(wc -l < "$tmp/after")" -le "$(wc -l < "$tmp/before")" ]; then
            echo "FAIL docs self-test: '$fault' planted in doc/README.md is not found"; fail=1
        fi
    done
    # and what must pass: an anchor of a repeated heading, a link into another page
    rm -rf "$tmp/tree" && mkdir -p "$tmp/tree/doc" && printf '# A\n## Same\n## Same\n[x](#same-1) [y](../README.md#b-c)\n' > "$tmp/tree/doc/x.md" &&
        printf '# B, c\n' > "$tmp/tree/README.md" || exit 2
    scan "$tmp/tree" > "$tmp/after"
    [ -s "$tmp/after" ] && { echo "FAIL docs self-test: good links refused:"; cat "$tmp/after"; fail=1; }
    [ $fail = 0 ] && echo "docs self-test: every planted fault found, good links kept"
    exit $fail
fi

fail=0
scan "$root" > "$tmp/faults"
if [ -s "$tmp/faults" ]; then
    echo "FAIL docs: the manual names what a user cannot follow:"; cat "$tmp/faults"; fail=1
fi
if [ -x "$bin" ]; then
    if ! sh "$root/tools/reference.sh" "$bin" > "$tmp/reference.md"; then
        echo "FAIL docs: tools/reference.sh failed"; fail=1
    elif ! cmp -s "$tmp/reference.md" "$root/doc/reference.md"; then
        echo "FAIL docs: doc/reference.md is not what the help texts say now (make reference):"
        diff "$root/doc/reference.md" "$tmp/reference.md" | head -20; fail=1
    fi
else
    echo "FAIL docs: no $bin"; fail=1
fi
[ $fail = 0 ] && echo "docs: $(wc -l < "$tmp/pages") pages: no outside folder, no issue number, every link and anchor found; the reference is the help texts"
exit $fail
