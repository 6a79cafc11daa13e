solve state --togo 35 --format csv
2
--format csv: solve state prints txt or json
