diff v1.11-ja v1.11-en --solve --togo 20
2
paperbowl diff: error: --togo belongs to the cell diff (without --solve)
