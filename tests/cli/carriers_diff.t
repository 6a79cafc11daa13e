carriers diff --set C2=source
1
intercept-straight L=5
