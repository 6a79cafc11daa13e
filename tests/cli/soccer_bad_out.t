soccer report --out /nonexistent-dir/x.html
2
paperbowl soccer: error: --out: cannot write '/nonexistent-dir/x.html'
