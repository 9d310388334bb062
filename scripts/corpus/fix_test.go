package main

import "testing"

func TestParseFixSummary(t *testing.T) {
	for _, c := range []struct {
		stderr                      string
		offered, applied, generated int
	}{
		{"retrylint: applied 9 fixes in 4 files\n", 9, 9, 0},
		{"retrylint: applied 1 fix in 1 file\n", 1, 1, 0},
		{"x.go:1:2: some error\nretrylint: applied 7 of 9 fixes in 4 files (1 conflicts with another fix: re-run to apply it; 1 would edit a generated file)\n", 9, 7, 1},
		{"retrylint: applied 2 of 3 fixes in 1 file (1 would edit a generated file)\n", 3, 2, 1},
		{"retrylint: applied 0 fixes in 0 files\n", 0, 0, 0},
		{"a finding that says it applied 3 fixes\n", 0, 0, 0},
	} {
		o, a, g := parseFixSummary(c.stderr)
		if o != c.offered || a != c.applied || g != c.generated {
			t.Errorf("%q: offered %d, applied %d, generated %d; want %d, %d, %d", c.stderr, o, a, g, c.offered, c.applied, c.generated)
		}
	}
}
