soccer roll --kick grounder --line ..x --die 3
2
paperbowl soccer: error: line '..x': square 3 is 'x' (expected . T O K G |)
