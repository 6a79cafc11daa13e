#!/bin/sh
# tests/completion.sh BIN: the bash completion (tools/completion.sh, from the help texts), in
# bash: it offers every command; tables --format exactly txt md csv tex html and grid --format
# exactly csv jsonl (the formats each takes); after any option that takes a value (every one the
# help texts list, on every page) no option and no lone "-"; sim --home and --away the embedded
# strategies (coach, uniform, always-run) and files; --no-progress for every command (every
# command takes it) and for solve game, wp and check; a page's own options (solve game's, wp's).
bin=${1:-bin/paperbowl}
cd "$(dirname "$0")/.." || exit 2
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
fail=0 n=0
bad() { echo "FAIL completion: $*"; fail=1; }
sh tools/completion.sh "$bin" > "$tmp/paperbowl" || { echo "FAIL completion: tools/completion.sh failed"; exit 1; }
sh tools/help-table.sh "$bin" > "$tmp/table" || exit 1
# the completion of each line of $tmp/in (the words, the last the one completed; '' an empty
# one), one bash for all: a line "WORDS => OFFERED" each in $tmp/got
complete_all() {
    bash -c '
        . "$1"
        while IFS= read -r line; do
            eval "words=($line)"
            COMP_WORDS=("${words[@]}"); COMP_CWORD=$((${#words[@]} - 1)); COMPREPLY=()
            _paperbowl
            printf "%s => %s\n" "$line" "$(printf "%s\n" "${COMPREPLY[@]}" | LC_ALL=C sort | tr "\n" " " | sed "s/ $//")"
        done' complete "$tmp/paperbowl" < "$tmp/in" > "$tmp/got"
}
offered() { grep -F -x -- "$1 => $2" "$tmp/got" > /dev/null; }
got() { grep -F -- "$1 =>" "$tmp/got" | head -1 | sed 's/^.* => //'; }

commands=$(awk -F'\t' '$1 == "-" && $2 == "item" && $3 ~ /^[a-z]+$/ { print $3 }' "$tmp/table")
{
    echo "paperbowl ''"
    echo "paperbowl tables --format ''"
    echo "paperbowl grid --format ''"
    echo "paperbowl sim --home ''"
    echo "paperbowl sim --away ''"
    echo "paperbowl solve game --f"
    echo "paperbowl solve wp --rec"
    for c in $commands; do echo "paperbowl $c --no-"; done
    for s in game wp check; do echo "paperbowl solve $s --no-"; done
    # every option of every page that takes a value, the value's word empty
    awk -F'\t' '$2 == "option" { n = split($3, t, " "); for (i = 1; i < n; i++) { o = t[i]; a = t[i + 1]; sub(/,$/, "", o)
        if (o ~ /^--[a-z]/ && a !~ /^-/ && a != "|") print "paperbowl " $1 " " o " \x27\x27" } }' "$tmp/table" |
        sort -u
} > "$tmp/in"
complete_all
all=$(printf '%s\n' $commands --help -h --version | LC_ALL=C sort | tr '\n' ' ' | sed 's/ $//')
offered "paperbowl ''" "$all" || bad "paperbowl '': offers '$(got "paperbowl ''")', want '$all'"
offered "paperbowl tables --format ''" "csv html md tex txt" ||
    bad "tables --format: offers '$(got "paperbowl tables --format ''")', want txt md csv tex html"
offered "paperbowl grid --format ''" "csv jsonl" || bad "grid --format: offers '$(got "paperbowl grid --format ''")', want csv jsonl"
for o in home away; do
    g=" $(got "paperbowl sim --$o ''") "
    for w in coach uniform always-run README.md; do
        case "$g" in *" $w "*) ;; *) bad "sim --$o: offers '$g', not $w" ;; esac
    done
done
offered "paperbowl solve game --f" "--full --full-last" ||
    bad "solve game --f: offers '$(got "paperbowl solve game --f")', want solve game's --full --full-last"
offered "paperbowl solve wp --rec" "--receives" || bad "solve wp --rec: offers '$(got "paperbowl solve wp --rec")'"
for c in $commands "solve game" "solve wp" "solve check"; do
    case " $(got "paperbowl $c --no-") " in *" --no-progress "*) ;; *) bad "$c: --no-progress is not offered" ;; esac
done
# after an option that takes a value: never an option (nor the lone "-" their common start)
while IFS= read -r line; do
    case $line in "paperbowl ''"|*" --no-"|*--f|*--rec|*" --format ''") continue ;; esac
    n=$((n + 1))
    case " $(got "$line") " in *" -"*) bad "'$line' offers options: $(got "$line" | cut -c1-100)" ;; esac
done < "$tmp/in"
[ $fail = 0 ] && echo "completion: $(wc -l < "$tmp/in") completions right, $n of them after an option that takes a value"
exit $fail
