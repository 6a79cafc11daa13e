solve wp --half 2 --left 3 --lead 0 --kickoff --togo 30
2
paperbowl solve: error: --togo, --down and --ytg describe a snap, not a kick or a try
