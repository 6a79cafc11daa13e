--version > /dev/null; [ -L Makefile ] && [ -L tests ] && [ ! -e out ] && [ -z "$(find . -maxdepth 1 ! -name . ! -type l)" ] && touch pb_own && [ ! -e "$root/pb_own" ] && echo "a folder of its own"
0
a folder of its own
