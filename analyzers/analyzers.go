// Package analyzers lists the retrylint suite.
package analyzers

import (
	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/authlog"
	"github.com/retrylint/retrylint/analyzers/retryafter"
	"github.com/retrylint/retrylint/analyzers/retrydeadline"
	"github.com/retrylint/retrylint/analyzers/retryidempotency"
)

// All returns the analyzers of the suite, each with its default
// configuration.
func All() []*analysis.Analyzer {
	return []*analysis.Analyzer{
		authlog.Analyzer,
		retryafter.Analyzer,
		retrydeadline.Analyzer,
		retryidempotency.Analyzer,
	}
}
