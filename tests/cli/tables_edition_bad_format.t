tables --edition rulebook --format csv
2
paperbowl tables: error: --edition: --format does not apply to the rulebook edition
