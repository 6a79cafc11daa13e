solve ep --bogus
2
unknown option '--bogus'
