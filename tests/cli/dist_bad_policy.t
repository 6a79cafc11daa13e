dist --offense run --defense 1 --policy challenge=sometimes
2
paperbowl dist: error: --policy: policy challenge has no value 'sometimes'
