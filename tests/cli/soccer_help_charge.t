soccer --help
0
  --charge CHARGER    field, area-defender, area-other, keeper
