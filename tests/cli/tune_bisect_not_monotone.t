tune --vary 'defense 1.run=0..5' --target 'P(gain = 5) offense=run defense=1 togo=50 card=none' --bisect --equal 0.1
1
paperbowl tune: error: --bisect: the target is not monotone in defense 1.run: 0 -> 0.112654, 2 -> 0.168210, 5 -> 0.057099
