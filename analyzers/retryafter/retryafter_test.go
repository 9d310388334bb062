package retryafter_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/retrylint/retrylint/analyzers/retryafter"
	"github.com/retrylint/retrylint/internal/fixtest"
)

func TestDiagnostics(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), retryafter.Analyzer, "a", "b", "odd", "mixed", "small", "twofiles", "reuse", "units", "table", "negative", "callback", "fields", "funcvalues", "fallback", "named", "layouts", "jitter", "jitteronly", "floors", "capfacts", "scan", "reset", "zerotime", "zerotimeutil", "locallimit", "helperparse", "truncate", "uncanonical/rest", "uncanonical", "uncanonical/own", "lowerbound", "headermap", "signfact/throttle", "signfact/facade", "signfact", "waitcap", "mathcap", "closurefield")
}

func TestFixes(t *testing.T) {
	results := analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), retryafter.Analyzer, "a", "b", "odd", "mixed", "small", "twofiles", "reuse", "units", "table", "negative", "callback", "fields", "funcvalues", "fallback", "named", "layouts", "jitter", "jitteronly", "floors", "capfacts", "scan", "reset", "zerotime", "zerotimeutil", "locallimit", "helperparse", "truncate", "uncanonical/rest", "uncanonical", "uncanonical/own", "lowerbound", "headermap", "signfact/throttle", "signfact/facade", "signfact", "waitcap", "mathcap", "closurefield")
	fixtest.CheckFixed(t, retryafter.Analyzer, results)
}

func TestHeadersFlag(t *testing.T) {
	a := retryafter.New(retryafter.DefaultConfig())
	if err := a.Flags.Set("headers", "x-ratelimit-reset-after"); err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, analysistest.TestData(), a, "custom")
}

func TestHeadersFlagRejectsBadValues(t *testing.T) {
	for _, bad := range []string{"", " , ", "Retry After", "Retry-After,", "Retry:After"} {
		a := retryafter.New(retryafter.DefaultConfig())
		if err := a.Flags.Set("headers", bad); err == nil {
			t.Errorf("-headers=%q: no error", bad)
		}
	}
}

// TestLibraries runs on a test data module that requires the real resty
// (v2 and v3).
func TestLibraries(t *testing.T) {
	dir := fixtest.Module(t, filepath.Join(analysistest.TestData(), "libs"))
	results := analysistest.RunWithSuggestedFixes(t, dir, retryafter.Analyzer, "./...")
	fixtest.CheckFixedModule(t, retryafter.Analyzer, dir, results)
}

// TestOldGo runs on a module of Go 1.20, where the fixes cannot use the
// builtin max.
func TestOldGo(t *testing.T) {
	dir := fixtest.Module(t, filepath.Join(analysistest.TestData(), "oldmod"))
	results := analysistest.RunWithSuggestedFixes(t, dir, retryafter.Analyzer, "./...")
	fixtest.CheckFixedModule(t, retryafter.Analyzer, dir, results)
}

// overflowAnalyzer runs with -overflow.
func overflowAnalyzer(t *testing.T) *analysis.Analyzer {
	a := retryafter.New(retryafter.DefaultConfig())
	if err := a.Flags.Set("overflow", "true"); err != nil {
		t.Fatal(err)
	}
	return a
}

func TestOverflow(t *testing.T) {
	a := overflowAnalyzer(t)
	results := analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), a, "overflow")
	fixtest.CheckFixed(t, a, results)
}

// TestOverflowOffByDefault runs the default analyzer on the same shapes:
// only the value whose sign is never checked is reported.
func TestOverflowOffByDefault(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), retryafter.Analyzer, "overflowoff")
}
