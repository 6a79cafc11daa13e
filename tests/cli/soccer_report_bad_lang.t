soccer report --lang fr --out pb_cli_x.html
2
paperbowl soccer: error: --lang: unknown language 'fr' (en, ja)
