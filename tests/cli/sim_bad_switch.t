sim --switch OT=sometimes
2
paperbowl sim: error: --switch: switch OT has no value 'sometimes'
