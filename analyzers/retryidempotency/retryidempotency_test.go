package retryidempotency_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/retrylint/retrylint/analyzers/retryidempotency"
	"github.com/retrylint/retrylint/internal/fixtest"
)

func TestDiagnostics(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), retryidempotency.Analyzer, "a", "keys", "keys/wrap", "plain", "sender", "helper", "closure")
}

func TestFixes(t *testing.T) {
	results := analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), retryidempotency.Analyzer, "a", "old", "sender", "helper", "closure")
	fixtest.CheckFixed(t, retryidempotency.Analyzer, results)
}

func TestKeyHeadersFlag(t *testing.T) {
	for _, bad := range []string{"", ",", "Idempotency Key"} {
		a := retryidempotency.New(retryidempotency.DefaultConfig())
		if err := a.Flags.Set("key-headers", bad); err == nil {
			t.Errorf("-key-headers=%q: no error", bad)
		}
	}
}
