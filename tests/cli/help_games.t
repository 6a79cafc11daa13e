--help
0
            (soccer table|dist|roll|shootout|switches|impact|diff|check|report)
            (carriers table|chart|intercept|roll|switches|impact|diff|check)
            (cardgame table|findings|switches|sim)
