tune --vary pat.two_point_togo=2,3 --target 'P(success) kick=pat' --min
0
tie: these cannot be told apart within their bounds: pat.two_point_togo=2 (11/12  0.9167); pat.two_point_togo=3 (11/12  0.9167)
