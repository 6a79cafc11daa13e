diff v1.11-ja v1.11-ja --switch C18-ROUND=floor --togo 1 --threads 2
1
diff A = v1.11-ja -> B = v1.11-ja with C18-ROUND=floor
+ [switches] C18-ROUND = floor
4 of 413 cells changed
