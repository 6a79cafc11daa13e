tables --edition pamphlet
2
paperbowl tables: error: --edition: unknown edition 'pamphlet' (there is one: rulebook)
