ask --json 'P(success) kick=pat vs v1.11-en'
0
"answer":[{"value":"11/12","percent":"91.67%","ruleset":"v1.11-ja"},{"value":"5/6","percent":"83.33%","ruleset":"v1.11-en"}]
"change":"-1/12"
