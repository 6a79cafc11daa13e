verify switches --togo 2,4,99 --threads 2
0
END-LINE = ge (default gt)
largest   td              -16.67% at long vs D1, card 02, togo 4 (exact -1/6)
C18-ROUND = floor (default toward-zero)
largest   safety          +11.11% at run vs D5, card 18, togo 99 (exact +1/9)
HALVE-EACH = total (default each-roll): 0 of
ranking by the largest direct change of a probability
switches with a single reading (nothing to flip): I01-SPOT I-ENDZONE F-OPP-EZ C16-ENDLINE PEN-CHOICE ONSIDE-SPOT 2ND-HALF-KICK
