package retryidempotency_test

import (
	"path/filepath"
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

// TestKubernetes runs on a test data module that requires Kubernetes'
// wait and retry packages (k8s.io/apimachinery, k8s.io/client-go).
func TestKubernetes(t *testing.T) {
	dir := fixtest.Module(t, filepath.Join(analysistest.TestData(), "k8s"))
	results := analysistest.RunWithSuggestedFixes(t, dir, retryidempotency.Analyzer, "./...")
	fixtest.CheckFixedModule(t, retryidempotency.Analyzer, dir, results)
}
