diff v1.11-ja v1.11-en --solve --switch PEN-1ST=maybe
2
paperbowl diff: error: --switch: switch PEN-1ST has no value 'maybe'
