carriers table --only rolls --set 'higher_share=1/ 2'
2
paperbowl carriers: error: --set: switch higher_share: bad value '1/ 2' (expected a fraction A/B in 0..1)
