tables --only nope --out /nonexistent-dir/x
2
paperbowl tables: error: --only: 'nope' selects nothing to write
