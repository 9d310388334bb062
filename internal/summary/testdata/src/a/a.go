package a

func sink() {}

// A ring, called in source order: ring0 calls ring1, ..., ring23 calls
// ring0 and the sink.
func ring0()  { ring1() }         // want "ring0 1"
func ring1()  { ring2() }         // want "ring1 1"
func ring2()  { ring3() }         // want "ring2 1"
func ring3()  { ring4() }         // want "ring3 1"
func ring4()  { ring5() }         // want "ring4 1"
func ring5()  { ring6() }         // want "ring5 1"
func ring6()  { ring7() }         // want "ring6 1"
func ring7()  { ring8() }         // want "ring7 1"
func ring8()  { ring9() }         // want "ring8 1"
func ring9()  { ring10() }        // want "ring9 1"
func ring10() { ring11() }        // want "ring10 1"
func ring11() { ring12() }        // want "ring11 1"
func ring12() { ring13() }        // want "ring12 1"
func ring13() { ring14() }        // want "ring13 1"
func ring14() { ring15() }        // want "ring14 1"
func ring15() { ring16() }        // want "ring15 1"
func ring16() { ring17() }        // want "ring16 1"
func ring17() { ring18() }        // want "ring17 1"
func ring18() { ring19() }        // want "ring18 1"
func ring19() { ring20() }        // want "ring19 1"
func ring20() { ring21() }        // want "ring20 1"
func ring21() { ring22() }        // want "ring21 1"
func ring22() { ring23() }        // want "ring22 1"
func ring23() { ring0(); sink() } // want "ring23 1"

// Mutual recursion reached through a callee outside the cycle.
func even(n int) bool { // want "even 1"
	if n == 0 {
		return leaf()
	}
	return odd(n - 1)
}

func odd(n int) bool { // want "odd 1"
	if n == 0 {
		return false
	}
	return even(n - 1)
}

func leaf() bool { sink(); return true } // want "leaf 1"

// Exported, so its fact is exported; calls nothing that reaches.
func Even(n int) bool { return even(n) } // want Even:"reach\\(1\\)" "Even 1"

func quiet() {}

// osc is self-recursive and its summary oscillates: the join stops it.
func osc(n int) { // want "osc 110"
	if n > 0 {
		osc(n - 1)
	}
}

// hidden is unexported, but used as a value: its fact is exported.
func hidden() { sink() } // want hidden:"reach\\(1\\)" "hidden 1"

var F = hidden

// private is unexported and only called: no fact.
func private() { sink() } // want "private 1"

func Use() { private() } // want Use:"reach\\(1\\)" "Use 1"
