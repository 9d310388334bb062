package main

import (
	"slices"
	"testing"
)

// TestListAnalyzers checks that the analyzer names come from the suite
// itself: they once came from "retrylint help", whose wording changed
// under the program and left it with no analyzers.
func TestListAnalyzers(t *testing.T) {
	got := listAnalyzers()
	want := []string{"authlog", "retryafter", "retrydeadline", "retryidempotency"}
	for _, name := range want {
		if !slices.Contains(got, name) {
			t.Errorf("listAnalyzers() = %v, lacks %s", got, name)
		}
	}
	if len(got) != len(slices.Compact(slices.Sorted(slices.Values(got)))) {
		t.Errorf("listAnalyzers() = %v, a name twice", got)
	}
}
