roll --offense run --defense 4 --dice 2-5 --ruleset tests/data/bad_rules/unknown_key.ini
2
tests/data/bad_rules/unknown_key.ini:3:1: unknown key 'red_zon' in [field]
