carriers report
2
paperbowl carriers: error: report: --out FILE.html is required
