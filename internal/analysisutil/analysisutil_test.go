package analysisutil_test

import (
	"go/token"
	"go/types"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/analysisutil"
)

func TestSafeTurnsPanicIntoError(t *testing.T) {
	fset := token.NewFileSet()
	f := fset.AddFile("client.go", -1, 100)
	f.SetLines([]int{0, 10, 20})
	pass := &analysis.Pass{Pkg: types.NewPackage("example.com/p", "p"), Fset: fset}

	run := analysisutil.Safe("demo", func(pass *analysis.Pass, at func(token.Pos)) (any, error) {
		at(f.Pos(12))
		var m map[string]int
		m["x"] = 1 // panics: assignment to entry in nil map
		return "unreachable", nil
	})
	res, err := run(pass)
	if err == nil {
		t.Fatal("no error from a panicking run")
	}
	if res != nil {
		t.Errorf("result %v, want nil", res)
	}
	for _, want := range []string{"demo: internal error at client.go:2:3", "nil map"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not contain %q", err, want)
		}
	}
}

func TestSafePassesResultsThrough(t *testing.T) {
	pass := &analysis.Pass{Pkg: types.NewPackage("example.com/p", "p"), Fset: token.NewFileSet()}
	run := analysisutil.Safe("demo", func(*analysis.Pass, func(token.Pos)) (any, error) { return 42, nil })
	if res, err := run(pass); err != nil || res != 42 {
		t.Fatalf("got %v, %v; want 42, nil", res, err)
	}
}

func TestDoc(t *testing.T) {
	src := `// Package demo does things.
//
// # Analyzer demo
//
// demo: report things
//
// More text.
package demo
`
	got := analysisutil.Doc(src, "demo")
	want := "report things\n\nMore text."
	if got != want {
		t.Errorf("Doc = %q, want %q", got, want)
	}
	if got := analysisutil.Doc(src, "other"); got != "" {
		t.Errorf("Doc for another analyzer = %q, want empty", got)
	}
}
