package retryidempotency_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/retrylint/retrylint/analyzers/retryidempotency"
	"github.com/retrylint/retrylint/internal/fixtest"
)

// TestOperations covers the operations that are not a func returning an
// error: conditions polled until done, and named functions and method
// values handed to a retry helper.
func TestOperations(t *testing.T) {
	results := analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), retryidempotency.Analyzer, "cond", "named")
	fixtest.CheckFixed(t, retryidempotency.Analyzer, results)
}
