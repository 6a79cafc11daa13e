#!/bin/sh
# tests/rulebook_tex.sh BIN DIR: the rulebook edition typeset. Installs the TeX packages when
# missing (the Makefile's TEX_PKGS, passed as PB_TEX_PKGS by tests/check.sh), writes both editions
# into DIR, typesets them with tools/rulebook-pdf.sh (LuaLaTeX) and checks each PDF: A4 portrait,
# no line too wide for the page, every font embedded (pdffonts), the rulebook's words and the exact
# fractions in its text (pdftotext): for v1.11-ja the Japanese terms and the field-goal bands
# 17/18, 5/6, 2/3, 4/9, 1/6 and the PAT 11/12 in the field-goal and PAT tables; and its pages render
# to PNG (DIR/RULESET/page-N.png, to look at).
bin=${1:-bin/paperbowl}
dir=${2:-build/rulebook-tex}
cd "$(dirname "$0")/.." || exit 2
pkgs=${PB_TEX_PKGS:-texlive-luatex texlive-lang-japanese texlive-latex-recommended poppler-utils}
sh tools/install-deps.sh $pkgs || { echo "FAIL rulebook_tex: could not install $pkgs"; exit 1; }
fail=0
bad() { printf 'FAIL rulebook_tex: %s\n' "$*"; fail=1; }
for spec in v1.11-ja:ja v1.11-en:en; do
    rules=${spec%:*} lang=${spec#*:}
    out=$dir/$rules
    rm -rf "$out"
    mkdir -p "$out"
    "$bin" tables --edition rulebook --ruleset "$rules" --out "$out" --quiet > /dev/null || { bad "$rules: tables failed"; continue; }
    pdf=$out/rulebook-$lang.pdf
    sh tools/rulebook-pdf.sh "$out/rulebook-$lang.tex" > "$out/pdf.out" 2>&1 || { cat "$out/pdf.out"; bad "$rules: LuaLaTeX failed"; continue; }
    cat "$out/pdf.out"
    grep -q ', 0 lines too wide$' "$out/pdf.out" || bad "$rules: lines too wide for the page"
    pdfinfo "$pdf" | grep -q '^Page size: *595\.[0-9]* x 841\.[0-9]* pts (A4)' || bad "$rules: not A4 portrait: $(pdfinfo "$pdf" | grep '^Page size')"
    pdffonts "$pdf" > "$out/fonts.txt" || bad "$rules: pdffonts failed"
    fonts=$(tail -n +3 "$out/fonts.txt" | wc -l)
    notemb=$(tail -n +3 "$out/fonts.txt" | awk '{ n = NF; if ($(n-4) != "yes") print $1 }')
    [ "$fonts" -ge 2 ] || bad "$rules: $fonts fonts"
    [ -z "$notemb" ] || bad "$rules: fonts not embedded: $notemb"
    pdftotext -layout "$pdf" "$out/text.txt" || bad "$rules: pdftotext failed"
    if [ "$lang" = ja ]; then
        grep -q 'HaranoAji\|IPAex\|Noto' "$out/fonts.txt" || bad "$rules: no Japanese font among: $(tail -n +3 "$out/fonts.txt" | cut -d' ' -f1 | tr '\n' ' ')"
        for term in フィールド・ゴール ポイント・アフター・タッチダウン ツー・ポイント・コンバージョン キックオフ \
            オンサイド・キック パント リターン タッチバック ターンオーバー ファースト・ダウン タッチダウン \
            ディフェンス・カード オフェンス・カード プレイ・カード ラン ショート・パス ロング・パス ゾロ目; do
            grep -q "$term" "$out/text.txt" || bad "$rules: '$term' is not in the PDF's text"
        done
        # the field goal's bands and the PAT, each on its own row of the PDF
        for row in '1〜20 yard.*17/18 (94.4' '21〜25 yard.*5/6 (83.3' '26〜30 yard.*2/3 (66.7' '31〜35 yard.*4/9 (44.4' \
            '36〜40 yard.*1/6 (16.7' 'キック：目の合計が 4 以上.*11/12 (91.7'; do
            grep -q "$row" "$out/text.txt" || bad "$rules: no row '$row' in the PDF's text"
        done
    else
        for row in 'Field goal' '1-19 yards.*17/18 (94.4' 'kick: the dice sum to 5 or more.*5/6 (83.3' 'touchback' 'Short Pass' 'Onside kick\|onside kick'; do
            grep -q "$row" "$out/text.txt" || bad "$rules: no '$row' in the PDF's text"
        done
    fi
    pages=$(pdfinfo "$pdf" | sed -n 's/^Pages: *//p')
    pdftoppm -png -r 50 "$pdf" "$out/page" || bad "$rules: pdftoppm failed"
    png=$(ls "$out"/page-*.png 2>/dev/null | wc -l)
    [ "$png" = "$pages" ] && [ "$pages" -ge 2 ] || bad "$rules: $png pages rendered of $pages"
    echo "rulebook_tex: $pdf: $pages pages, $fonts fonts all embedded, rendered to $out/page-*.png"
done
[ $fail = 0 ]
