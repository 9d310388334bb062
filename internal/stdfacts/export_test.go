package stdfacts

import "golang.org/x/tools/go/analysis"

// Lookup is lookup, for the tests of package stdfacts_test, which use
// the real analyzers.
var Lookup = lookup

// Loaded is loaded.
var Loaded = loaded

// AllSkip is allSkip.
var AllSkip = allSkip

// SetWrapped replaces the analyzers Wrap has wrapped, and returns a
// function that puts them back.
func SetWrapped(as []*analysis.Analyzer) (restore func()) {
	wrappedMu.Lock()
	old := wrapped
	wrapped = as
	wrappedMu.Unlock()
	return func() {
		wrappedMu.Lock()
		wrapped = old
		wrappedMu.Unlock()
	}
}
