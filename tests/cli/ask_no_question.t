ask
2
give a question
