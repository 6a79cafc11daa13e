grid --format xml
2
paperbowl grid: error: --format: unknown format 'xml' (csv, jsonl)
