package analysisutil

import (
	"go/types"
	"testing"

	"golang.org/x/tools/go/analysis"
)

func TestFactsOnly(t *testing.T) {
	root := types.NewPackage("example.com/root", "root")
	dep := types.NewPackage("example.com/dep", "dep")
	pass := func(p *types.Package) *analysis.Pass { return &analysis.Pass{Pkg: p} }

	if FactsOnly(pass(root)) || FactsOnly(pass(dep)) {
		t.Fatal("FactsOnly before any SetRoots: want every package checked in full")
	}
	restore := SetRoots([]*types.Package{root})
	if FactsOnly(pass(root)) {
		t.Error("FactsOnly(root) = true, want false: its findings are shown")
	}
	if !FactsOnly(pass(dep)) {
		t.Error("FactsOnly(dep) = false, want true: only its facts are used")
	}
	restore()
	if FactsOnly(pass(dep)) {
		t.Error("FactsOnly(dep) after restore = true, want false")
	}
}
