package b

import "a"

// helper is used as a value: its fact is exported.
func helper() { a.Even(1) } // want helper:"reach\\(1\\)" "helper 1"

func generic[T any]() {}

// Local reaches the sink through another package's fact.
func Local() { // want Local:"reach\\(1\\)" "Local 1"
	helper()
	generic[int]()
}

func value() { // want "value 1"
	f := helper
	f()
	helper()
}
