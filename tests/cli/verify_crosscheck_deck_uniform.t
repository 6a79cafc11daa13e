verify crosscheck --quick --threads 2 --deck uniform
0
whole games (2000, coach vs coach, uniform cards)
verdict: PASS
