soccer table --rules /nonexistent.ini
2
paperbowl soccer: error: --rules: /nonexistent.ini
