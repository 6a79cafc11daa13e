tables --format txt,pdf
2
paperbowl tables: error: --format: unknown format 'pdf' (txt, md, csv, tex, html)
