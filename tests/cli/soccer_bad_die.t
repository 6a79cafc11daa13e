soccer roll --die 9
2
--die
