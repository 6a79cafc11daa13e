soccer shootout --p 3/2
2
paperbowl soccer: error: --p: '3/2' is not a probability (0..1)
