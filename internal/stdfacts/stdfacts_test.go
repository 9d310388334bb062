package stdfacts_test

import (
	"flag"
	"go/build"
	"slices"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"

	"github.com/retrylint/retrylint/analyzers/retrydeadline"
	"github.com/retrylint/retrylint/internal/stdfacts"
)

// retrydeadline, with the default number of attempts (3) or another.
func tableAnalyzer(t *testing.T, attempts string) *analysis.Analyzer {
	t.Helper()
	a := retrydeadline.New(retrydeadline.DefaultConfig())
	if err := a.Flags.Set("attempts", attempts); err != nil {
		t.Fatal(err)
	}
	return a
}

func loadPass(t *testing.T, pattern string) *analysis.Pass {
	t.Helper()
	pkgs, err := packages.Load(&packages.Config{Mode: packages.NeedName | packages.NeedFiles | packages.NeedSyntax | packages.NeedTypes | packages.NeedTypesInfo}, pattern)
	if err != nil || len(pkgs) != 1 || len(pkgs[0].Errors) > 0 {
		t.Fatalf("load %s: %v %v", pattern, err, pkgs)
	}
	p := pkgs[0]
	return &analysis.Pass{Pkg: p.Types, Files: p.Syntax, Fset: p.Fset, TypesInfo: p.TypesInfo}
}

// The table applies only where the package, the Go root and the
// configuration are the ones it was written for.
func TestLookup(t *testing.T) {
	skipUnlessTablePlatform(t)
	pass := loadPass(t, "errors")
	if stdfacts.Lookup(tableAnalyzer(t, "3"), pass) == nil {
		t.Errorf("errors with the default flags: the table does not apply")
	}
	if stdfacts.Lookup(tableAnalyzer(t, "5"), pass) != nil {
		t.Errorf("-attempts=5: the table applies to a configuration it was not written for")
	}
	if stdfacts.Lookup(&analysis.Analyzer{Name: "other", Flags: *flag.NewFlagSet("other", flag.ContinueOnError)}, pass) != nil {
		t.Errorf("an analyzer the table does not hold: the table applies")
	}
	changed := *tableAnalyzer(t, "3")
	changed.FactTypes = []analysis.Fact{new(otherFact)}
	if stdfacts.Lookup(&changed, pass) != nil {
		t.Errorf("a fact type that is not the table's: the table applies")
	}
	short := *pass
	short.Files = pass.Files[1:]
	if stdfacts.Lookup(tableAnalyzer(t, "3"), &short) != nil {
		t.Errorf("errors with a file less: the table applies to files it was not written for")
	}
	t.Setenv("RETRYLINT_GATES", "1")
	if stdfacts.Lookup(tableAnalyzer(t, "3"), pass) != nil {
		t.Errorf("RETRYLINT_GATES=1: the table applies, and the gates' diagnostics would be lost")
	}
	t.Setenv("RETRYLINT_GATES", "")
	restore := stdfacts.Disable()
	if stdfacts.Lookup(tableAnalyzer(t, "3"), pass) != nil {
		t.Errorf("disabled: the table applies")
	}
	restore()
	// A package outside the Go root is analysed, whatever its path.
	mod := loadPass(t, "github.com/retrylint/retrylint/internal/stdfacts")
	mod.Pkg = pass.Pkg
	if stdfacts.Lookup(tableAnalyzer(t, "3"), mod) != nil {
		t.Errorf("files outside the Go root: the table applies")
	}
}

type otherFact struct{ N int }

func (*otherFact) AFact() {}

// An analyzer that WrapDep wraps is skipped only where every analyzer
// that Wrap wraps is: one that runs would ask for its result.
func TestAllSkip(t *testing.T) {
	skipUnlessTablePlatform(t)
	pass := loadPass(t, "errors")
	for _, c := range []struct {
		name    string
		wrapped []*analysis.Analyzer
		want    bool
	}{
		{"none wrapped", nil, false},
		{"the default configuration", []*analysis.Analyzer{tableAnalyzer(t, "3")}, true},
		{"one configured otherwise", []*analysis.Analyzer{tableAnalyzer(t, "3"), tableAnalyzer(t, "5")}, false},
	} {
		restore := stdfacts.SetWrapped(c.wrapped)
		if got := stdfacts.AllSkip(pass); got != c.want {
			t.Errorf("%s: AllSkip = %v, want %v", c.name, got, c.want)
		}
		restore()
	}
	if !slices.ContainsFunc(stdfacts.Deps(), func(a *analysis.Analyzer) bool { return a.Name == "retryloop" }) {
		t.Errorf("retryloop is not among the analyzers WrapDep wraps: its facts are not in the table")
	}
}

// skipUnlessTablePlatform skips the test unless the table was written for
// this Go release and platform: nothing applies elsewhere.
func skipUnlessTablePlatform(t *testing.T) {
	t.Helper()
	tab, err := stdfacts.Loaded()
	if err != nil {
		t.Fatal(err)
	}
	if v := stdfacts.ReadVersion(build.Default.GOROOT); v != tab.Go || tab.GOOS != build.Default.GOOS || tab.GOARCH != build.Default.GOARCH || tab.CgoEnabled != build.Default.CgoEnabled || !slices.Equal(tab.ToolTags, build.Default.ToolTags) {
		t.Skipf("the table is for %s %s/%s, this is %s %s/%s (or other build settings): nothing applies", tab.Go, tab.GOOS, tab.GOARCH, v, build.Default.GOOS, build.Default.GOARCH)
	}
}
