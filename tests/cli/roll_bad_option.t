roll --offense run --defense 4 --dice 2-5 --frobnicate
2
unknown option '--frobnicate'
