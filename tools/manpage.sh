#!/bin/sh
# tools/manpage.sh BIN VERSION: the man page paperbowl.1 (roff, on stdout), written from the
# command's own help texts through their table (tools/help-table.sh), so the page never says
# other than the help does: `paperbowl --help`'s usage lines are the SYNOPSIS (there only), the
# rest of it the DESCRIPTION; then each command's help (and solve game|wp|check's) as a section.
# The help's layout becomes roff's, so man fills the page to the terminal's width: a usage line is
# a synopsis (.SY), an option or a list entry a tagged paragraph (.TP), prose is filled, an
# indented line (an example) keeps its line. A line with other than ASCII (the card game's title)
# is shown as it is on a UTF-8 terminal, and on others without those characters (the help gives
# the title in ASCII too), so that man warns of no character it cannot show.
# `make install` installs it as $(PREFIX)/share/man/man1/paperbowl.1; tests/manpage.sh tests it.
bin=${1:-bin/paperbowl}
version=${2:-unknown}
set -e
table=$(sh "$(dirname "$0")/help-table.sh" "$bin")
cat <<HEAD
.\\" -*- coding: UTF-8 -*-
.\\" paperbowl.1: written by tools/manpage.sh from the help texts of paperbowl $version; do not edit.
.TH PAPERBOWL 1 "" "paperbowl $version" "User Commands"
.\\" left-adjusted, unhyphenated (HY: also after a synopsis): options and values are not words to split
.ad l
.nh
.nr HY 0
.SH NAME
paperbowl \\- the dice-and-card football game PAPER BOWL, solved exactly
HEAD
printf '%s\n' "$table" | awk -F'\t' '
    function esc(s,   r, m, lead, body) {   # roff-safe text: backslashes; the dashes of an
        gsub(/\\/, "\\e", s)                   # option as \-; a break point after a comma or a bar
        r = ""                                 # inside a word; a leading dot or quote
        while (match(s, /(^|[^A-Za-z0-9_])--?[A-Za-z0-9]/)) {
            m = substr(s, RSTART, RLENGTH)
            lead = substr(m, 1, 1) == "-" ? "" : substr(m, 1, 1)
            body = substr(m, length(lead) + 1)
            r = r substr(s, 1, RSTART - 1) lead (length(body) == 3 ? "\\-\\-" : "\\-") substr(body, length(body))
            s = substr(s, RSTART + RLENGTH)
        }
        s = r s
        r = ""
        while (match(s, /[,|][^ ,|]/)) { r = r substr(s, 1, RSTART) "\\:"; s = substr(s, RSTART + 1) }
        s = r s
        if (s ~ /^[.'\'']/) s = "\\&" s
        return s
    }
    function out(s,   a) {   # a line of roff; one with other than ASCII only on a UTF-8 device
        if (s !~ /[^\001-\177]/) { print s; return }
        a = s; gsub(/[^\001-\177][^ ]*[^\001-\177]/, "", a); gsub(/[^\001-\177]/, "", a); gsub(/  +/, " ", a)
        sub(/^ /, "", a); sub(/^\\& /, "\\&", a)
        print ".ie \x27\\*(.T\x27utf8\x27 " s
        print ".el " a
    }
    function tagged(tag, text,   n, w, i, t) {   # .TP: options and dashes bold, the rest italic
        n = split(tag, w, " "); t = ""
        for (i = 1; i <= n; i++)
            t = t (i > 1 ? " " : "") (w[i] ~ /^-/ || w[i] == "|" ? "\\fB" esc(w[i]) "\\fR" : "\\fI" esc(w[i]) "\\fR")
        print ".TP"
        out(t)
        if (text != "") out(esc(text))
    }
    function usage(u,   rest) {   # .SY paperbowl / the rest / .YS
        rest = u; sub(/^paperbowl */, "", rest)
        print ".SY paperbowl"
        if (rest != "") out(esc(rest))
        print ".YS"
    }
    function flushpre() { if (inpre) print ".RE"; inpre = 0 }
    $1 != page {
        flushpre()
        if (page == "-") { print ".SH COMMANDS" }
        page = $1
        if (page == "-") print ".SH SYNOPSIS"
        else { print ".SS \"paperbowl " page "\""; started = 1 }
        lastkind = ""
    }
    page == "-" && $2 != "usage" && !desc { print ".SH DESCRIPTION"; desc = 1; if ($2 == "break") next }
    {
        if ($2 != "pre") flushpre()
        if ($2 == "usage") usage($4)
        else if ($2 == "option" || $2 == "item") tagged($3, $4)
        else if ($2 == "text") { if (lastkind == "option" || lastkind == "item") print ".PP"; out(esc($4)) }
        else if ($2 == "pre") {
            if (!inpre) { print ".RS 4"; print ".PD 0" ; inpre = 1 }
            print ".PP"; out(esc($4))
        }
        else if ($2 == "break") { if (lastkind != "break") print ".PP" }
        lastkind = $2
    }
    END { flushpre() }
' | awk '/^\.PD 0$/ { pd = 1 } /^\.RE$/ && pd { print; print ".PD"; pd = 0; next } { print }'
cat <<TAIL
.SH "EXIT STATUS"
0 success; 1 a check failed or a diff found changes; 2 bad input (an option, a ruleset, a query).
.SH FILES
The embedded rulesets v1.11-ja (the default) and v1.11-en; \\fB\\-\\-ruleset FILE\\fR reads a ruleset file
(\\fBpaperbowl rules show\\fR prints one to start from).
.SH "SEE ALSO"
The README and doc/ of the paperbowl source.
TAIL
