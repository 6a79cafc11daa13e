tune --vary pat.two_point_togo=2,3 --target 'P(success) kick=pat' --min
0
tie: exactly as good: pat.two_point_togo=2 (11/12  0.9167); pat.two_point_togo=3 (11/12  0.9167)
