sim --drive --togo 50 --uniform-cards
2
paperbowl sim: error: --uniform-cards is for whole games: --drive draws each snap's card from the 24 already (--real-deck for the deck)
