package stdfacts

import (
	"flag"
	"go/build"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"
)

// retrydeadline as the table knows it: its name and default flags.
func tableAnalyzer(t *testing.T, attempts string) *analysis.Analyzer {
	t.Helper()
	a := &analysis.Analyzer{Name: "retrydeadline"}
	a.Flags.String("attempts", attempts, "")
	a.Flags.Bool("bounded", true, "")
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
	tab, err := loaded()
	if err != nil {
		t.Fatal(err)
	}
	if v := ReadVersion(build.Default.GOROOT); v != tab.Go {
		t.Skipf("the table is for %s, the Go root is %s: nothing applies (go run ./scripts/stdfacts)", tab.Go, v)
	}
	pass := loadPass(t, "errors")
	if lookup(tableAnalyzer(t, "3"), pass) == nil {
		t.Errorf("errors with the default flags: the table does not apply")
	}
	if lookup(tableAnalyzer(t, "5"), pass) != nil {
		t.Errorf("-attempts=5: the table applies to a configuration it was not written for")
	}
	if lookup(&analysis.Analyzer{Name: "other", Flags: *flag.NewFlagSet("other", flag.ContinueOnError)}, pass) != nil {
		t.Errorf("an analyzer the table does not hold: the table applies")
	}
	short := *pass
	short.Files = pass.Files[1:]
	if lookup(tableAnalyzer(t, "3"), &short) != nil {
		t.Errorf("errors with a file less: the table applies to files it was not written for")
	}
	t.Setenv("RETRYLINT_GATES", "1")
	if lookup(tableAnalyzer(t, "3"), pass) != nil {
		t.Errorf("RETRYLINT_GATES=1: the table applies, and the gates' diagnostics would be lost")
	}
	t.Setenv("RETRYLINT_GATES", "")
	restore := Disable()
	if lookup(tableAnalyzer(t, "3"), pass) != nil {
		t.Errorf("disabled: the table applies")
	}
	restore()
	// A package outside the Go root is analysed, whatever its path.
	mod := loadPass(t, "github.com/retrylint/retrylint/internal/stdfacts")
	mod.Pkg = pass.Pkg
	if lookup(tableAnalyzer(t, "3"), mod) != nil {
		t.Errorf("files outside the Go root: the table applies")
	}
}
