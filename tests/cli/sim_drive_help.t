sim --help
0
--drive
--togo N, --down N, --ytg N
--uniform-cards
