package main

import (
	"bytes"
	"fmt"
	"go/build"
	"go/types"
	"os"
	"slices"
	"testing"

	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/retrylint/retrylint/analyzers"
	"github.com/retrylint/retrylint/internal/stdfacts"
)

// The shipped table is what the analyzers compute on the standard library
// of the Go root it names: a change to an analyzer's facts or defaults
// that was not followed by go run ./scripts/stdfacts fails here.
func TestTableUpToDate(t *testing.T) {
	old, err := os.ReadFile("../../internal/stdfacts/std.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	tab, err := stdfacts.Unmarshal(old)
	if err != nil {
		t.Fatal(err)
	}
	d := build.Default
	if v := stdfacts.ReadVersion(d.GOROOT); v != tab.Go || d.GOOS != tab.GOOS || d.GOARCH != tab.GOARCH || d.CgoEnabled != tab.CgoEnabled || !slices.Equal(d.ToolTags, tab.ToolTags) {
		t.Skipf("the table is for %s %s/%s cgo=%v %v, this is %s %s/%s cgo=%v %v: runs here analyse the standard library",
			tab.Go, tab.GOOS, tab.GOARCH, tab.CgoEnabled, tab.ToolTags, v, d.GOOS, d.GOARCH, d.CgoEnabled, d.ToolTags)
	}
	data, err := Generate(analyzers.All(), []string{"std"})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(old, data) {
		t.Errorf("internal/stdfacts/std.jsonl is out of date: go run ./scripts/stdfacts")
	}
}

// A run that reads the table gives the facts of a run that analyses the
// standard library, on every object another package can name, and the
// same diagnostics.
func TestTableMatchesAnalysis(t *testing.T) {
	pkgs, err := packages.Load(&packages.Config{Mode: packages.LoadAllSyntax}, "net/http/httputil", "log/slog")
	if err != nil || packages.PrintErrors(pkgs) > 0 {
		t.Fatal(err)
	}
	run := func() (facts []string, diags int) {
		g, err := checker.Analyze(analyzers.All(), pkgs, nil)
		if err != nil {
			t.Fatal(err)
		}
		for act := range g.All() {
			diags += len(act.Diagnostics)
			for _, f := range act.AllObjectFacts() {
				if f.Object.Pkg() != act.Package.Types || !f.Object.Exported() {
					continue
				}
				facts = append(facts, fmt.Sprintf("%s %s %v", act.Analyzer.Name, types.ObjectString(f.Object, nil), f.Fact))
			}
		}
		slices.Sort(facts)
		return facts, diags
	}
	restore := stdfacts.Disable()
	want, wantDiags := run()
	restore()
	got, gotDiags := run()
	if len(want) == 0 {
		t.Fatal("no facts on net/http/httputil, log/slog and their imports: the test proves nothing")
	}
	if !slices.Equal(got, want) || gotDiags != wantDiags {
		t.Errorf("with the table: %d facts, %d diagnostics; analysed: %d facts, %d diagnostics", len(got), gotDiags, len(want), wantDiags)
		for _, f := range want {
			if !slices.Contains(got, f) {
				t.Logf("missing: %s", f)
			}
		}
	}
}
