ask --file tests/data/ask_bad_questions.txt
2
tests/data/ask_bad_questions.txt:4:15: unknown offense 'lng'
