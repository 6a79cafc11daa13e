tables --lang ja --only fg,pat,two-point,kicks,gain-summary,card-td-togo20 --format txt,csv --out ja --quiet && "$bin" tables --lang en --only fg,pat,two-point,kicks,gain-summary,card-td-togo20 --format csv --out en --quiet && cat ja/pat.txt ja/pat.csv && for f in fg pat two-point kicks gain-summary card-td-togo20; do tr ',' '\n' < ja/$f.csv | grep -E '^-?[0-9./]+$' > ja/$f.num; tr ',' '\n' < en/$f.csv | grep -E '^-?[0-9./]+$' > en/$f.num; test -s en/$f.num && cmp -s ja/$f.num en/$f.num && echo "$f: the same numbers in both languages"; done
0
ポイント・アフター・タッチダウン：キック
P(成功)（パーセント）（3.5：サイコロの目の合計が 4 以上で成功）。
PAT のキック（合計 >= 4）,1,91.666666666666667,11/12
PAT のキック（合計 >= 4）     1       91.67
fg: the same numbers in both languages
pat: the same numbers in both languages
two-point: the same numbers in both languages
kicks: the same numbers in both languages
gain-summary: the same numbers in both languages
card-td-togo20: the same numbers in both languages
