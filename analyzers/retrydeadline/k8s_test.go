package retrydeadline_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/retrylint/retrylint/analyzers/retrydeadline"
	"github.com/retrylint/retrylint/internal/fixtest"
)

// TestKubernetes runs on a test data module that requires Kubernetes'
// wait package (k8s.io/apimachinery) and client-go's retry package.
func TestKubernetes(t *testing.T) {
	dir := fixtest.Module(t, filepath.Join(analysistest.TestData(), "k8s"))
	results := analysistest.RunWithSuggestedFixes(t, dir, retrydeadline.Analyzer, "./...")
	fixtest.CheckFixedModule(t, retrydeadline.Analyzer, dir, results)
}
