#!/bin/sh
# tools/rulebook-pdf.sh FILE.tex...: typeset the rulebook edition's LaTeX (paperbowl tables
# --edition rulebook) with LuaLaTeX into FILE.pdf beside it. Each runs in a temporary folder (the
# .aux and .log stay out of out/), the PDF is moved into place only when LuaLaTeX succeeded; on a
# failure the end of its log is shown and the exit status is 1. The TeX packages are the
# Makefile's TEX_PKGS (make rulebook installs them).
command -v lualatex > /dev/null 2>&1 || { echo "rulebook-pdf: no lualatex (make rulebook installs it)" >&2; exit 1; }
status=0
for tex in "$@"; do
    dir=$(cd "$(dirname "$tex")" && pwd) || exit 2
    name=$(basename "$tex" .tex)
    tmp=$(mktemp -d) || exit 2
    start=$(date +%s)
    if (cd "$tmp" && lualatex -interaction=nonstopmode -halt-on-error "$dir/$name.tex" > "$tmp/run.log" 2>&1) &&
        [ -s "$tmp/$name.pdf" ]; then
        mv "$tmp/$name.pdf" "$dir/$name.pdf.tmp" && mv "$dir/$name.pdf.tmp" "$dir/$name.pdf" || status=1
        pages=$(sed -n 's/^Output written on .*(\([0-9]*\) page.*/\1/p' "$tmp/run.log" | head -1)
        over=$(grep -c '^Overfull \\hbox' "$tmp/run.log")
        echo "rulebook-pdf: $dir/$name.pdf: ${pages:-?} pages, $(( $(date +%s) - start )) s, $over lines too wide"
        [ "$over" = 0 ] || grep -A1 '^Overfull \\hbox' "$tmp/run.log" | head -8
    else
        echo "rulebook-pdf: lualatex failed on $tex:" >&2
        tail -30 "$tmp/run.log" >&2
        status=1
    fi
    rm -rf "$tmp"
done
exit $status
