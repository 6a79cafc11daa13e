roll --offense run --defense 4 --dice 2-5 --ruleset /nonexistent.ini
2
/nonexistent.ini: cannot open
