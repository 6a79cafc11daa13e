roll --offense run --defense 4 --dice 2-5 --policy challenge=sometimes
2
--policy: policy challenge has no value 'sometimes'
