tables --lang fr
2
paperbowl tables: error: --lang: 'fr' is not a language (ja or en)
