package retryloop_test

import (
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/retrylint/retrylint/internal/retryloop"
)

// report turns the recogniser's result into diagnostics, so that the test
// data can say with // want comments which loops are retries.
var report = &analysis.Analyzer{
	Name:     "retryloopreport",
	Doc:      "report each retry loop found by retryloop",
	Requires: []*analysis.Analyzer{retryloop.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[retryloop.Analyzer].(*retryloop.Result)
		for _, l := range res.Loops {
			kind := "unbounded"
			if l.Bounded {
				kind = "bounded"
			}
			peers := ""
			if l.Peers != nil {
				peers = " (a failover)"
			}
			pass.Reportf(l.Stmt.Pos(), "retry loop (%s) with %d send(s)%s", kind, len(l.Sends), peers)
		}
		for _, l := range res.Unrolled {
			pass.Reportf(l.Stmt.Pos(), "retry written out, the second attempt at line %d", pass.Fset.Position(l.Self[0].Pos()).Line)
		}
		return nil, nil
	},
}

func TestRetryVersusIteration(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), report, "loops")
}

// TestInterfaces checks sends and retry loops through interfaces declared,
// implemented and called in three packages.
func TestInterfaces(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), retryloop.Analyzer, "example.com/sdk/transport", "example.com/sdk/client", "example.com/sdk/fake", "example.com/sdk/service")
	analysistest.Run(t, analysistest.TestData(), report, "example.com/sdk/loops")
}

func TestSendsFact(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), retryloop.Analyzer, "sender", "backend")
}
