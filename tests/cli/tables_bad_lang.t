tables --lang fr
2
paperbowl tables: error: --lang: unknown language 'fr' (ja or en)
