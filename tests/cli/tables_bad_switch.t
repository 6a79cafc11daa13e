tables --switch END-LINE=sometimes
2
paperbowl tables: error: --switch: switch END-LINE has no value 'sometimes'
