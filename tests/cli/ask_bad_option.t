ask --bogus 'P(td)'
2
unknown option '--bogus'
