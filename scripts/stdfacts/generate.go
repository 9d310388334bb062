package main

import (
	"fmt"
	"go/build"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/stdfacts"
)

// Generate loads the packages of patterns (of the standard library) from
// source, runs the analyzers over them with the table disabled, and
// returns the table of what they exported, encoded as std.jsonl holds it.
func Generate(as []*analysis.Analyzer, patterns []string) ([]byte, error) {
	if analysisutil.GatesOn() {
		return nil, fmt.Errorf("RETRYLINT_GATES=1 adds diagnostics that a run without it does not report: unset it")
	}
	restore := stdfacts.Disable()
	defer restore()
	pkgs, err := packages.Load(&packages.Config{Mode: packages.LoadAllSyntax, Tests: false}, patterns...)
	if err != nil {
		return nil, err
	}
	if n := packages.PrintErrors(pkgs); n > 0 {
		return nil, fmt.Errorf("%d errors loading %v", n, patterns)
	}
	g, err := checker.Analyze(as, pkgs, nil)
	if err != nil {
		return nil, err
	}
	// The analyzers they depend on that read the table too (the retry
	// loops of a package) have their facts in it.
	t, err := stdfacts.Build(g, append(slices.Clone(as), stdfacts.Deps()...), build.Default.GOROOT)
	if err != nil {
		return nil, err
	}
	return t.Marshal()
}
