package retryloop_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/retrylint/retrylint/internal/retryloop"
)

// TestConditionHelpers checks which outcome of a condition (done bool,
// err error) each helper retries, as its fact says.
func TestConditionHelpers(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), retryloop.Analyzer, "cond")
}
