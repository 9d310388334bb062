// Command noop is the baseline of the speed benchmark: the same driver as
// retrylint (multichecker) with analyzers that do nothing, one of them
// with a fact type as the retrylint analyzers have (which makes the
// standalone driver load and analyse every dependency from source).
//
//	noop -facts=false ./...   loading and type checking only
//	noop ./...                the same, with dependencies from source
package main

import (
	"os"
	"slices"

	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/retrylint/retrylint/scripts/bench/internal/noop"
)

func main() {
	// -facts=false picks the analyzer without facts; the flag is taken
	// out before the driver parses the rest.
	args := os.Args
	if i := slices.Index(args, "-facts=false"); i >= 0 {
		os.Args = slices.Delete(slices.Clone(args), i, i+1)
		multichecker.Main(noop.Plain)
		return
	}
	multichecker.Main(noop.WithFacts)
}
