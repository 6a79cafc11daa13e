solve cards --ytg 3
2
--down and --ytg need --togo
