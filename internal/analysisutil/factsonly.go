package analysisutil

import (
	"go/types"
	"sync"

	"golang.org/x/tools/go/analysis"
)

// A driver analyses the dependencies of the packages it was asked about
// only for the facts they export: it never shows their findings (the
// standalone command prints those of its root packages, go vet discards
// the diagnostics of a unit it analyses with VetxOnly). On such a
// package an analyzer may stop once its facts are exported, and skip the
// checks that only report, which on a large dependency tree are a good
// part of its time. A driver that says nothing (analysistest, the
// golangci-lint plugin) gets every check on every package.

var factsOnly struct {
	sync.RWMutex
	all   bool                    // every package: a vet unit analysed with VetxOnly
	roots map[*types.Package]bool // nil: no package is facts-only
}

// SetRoots tells the analyzers that the driver shows the findings of the
// packages of roots alone; every other package it analyses is
// facts-only. The returned function restores the state before the call,
// for a driver that analyses more than once in one process.
func SetRoots(roots []*types.Package) (restore func()) {
	factsOnly.Lock()
	defer factsOnly.Unlock()
	old := factsOnly.roots
	factsOnly.roots = make(map[*types.Package]bool, len(roots))
	for _, p := range roots {
		factsOnly.roots[p] = true
	}
	return func() {
		factsOnly.Lock()
		factsOnly.roots = old
		factsOnly.Unlock()
	}
}

// SetFactsOnly tells the analyzers that the driver shows no finding of
// any package it analyses in this process (go vet's VetxOnly unit).
func SetFactsOnly() {
	factsOnly.Lock()
	factsOnly.all = true
	factsOnly.Unlock()
}

// FactsOnly reports whether the driver analyses pass's package only for
// the facts it exports (see SetRoots): the analyzer may then skip the
// checks that only report.
func FactsOnly(pass *analysis.Pass) bool {
	factsOnly.RLock()
	defer factsOnly.RUnlock()
	return factsOnly.all || factsOnly.roots != nil && !factsOnly.roots[pass.Pkg]
}
