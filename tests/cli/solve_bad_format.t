solve fourth --format xml
2
paperbowl solve: error: --format: unknown format 'xml' (txt, csv, json)
