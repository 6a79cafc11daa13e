rules switches
0
END-LINE       gt
C18-ROUND      toward-zero
from: card 18
