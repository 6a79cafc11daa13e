verify switches --game --only '' --no-such-option
2
paperbowl verify: error: --only: '' has an empty switch id
