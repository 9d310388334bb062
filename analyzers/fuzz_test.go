package analyzers_test

import (
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers"
)

// FuzzAnalyzers feeds Go source, valid or only half valid, through every
// analyzer of the suite (and the analyzers they require) and checks that
// none of them fails and that every finding has exactly one suggested fix
// whose edits lie inside the file and do not overlap.
//
// The seeds are the examples, the fixtures and the test data of the
// analyzers; mutations give odd but parseable code. Type errors are
// tolerated, as in a user's run: the analyzers must survive partial type
// information. Run it with
//
//	go test ./analyzers -run '^$' -fuzz FuzzAnalyzers -fuzztime 5m
func FuzzAnalyzers(f *testing.F) {
	for _, pattern := range []string{
		"../examples/*/*.go",
		"../testdata/lintfixture/*.go",
		"*/testdata/src/*/*.go",
	} {
		files, err := filepath.Glob(pattern)
		if err != nil {
			f.Fatal(err)
		}
		for _, name := range files {
			src, err := os.ReadFile(name)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(string(src))
		}
	}
	f.Add("package p\n\nfunc f() { for { } }\n")
	f.Fuzz(func(t *testing.T, src string) {
		checkSource(t, src)
	})
}

var (
	importerOnce sync.Once
	stdImporter  types.Importer
)

// stdOnly imports packages of the standard library that exist in GOROOT
// and refuses anything else at once, so that a mutated import path never
// sends the importer to the go command and the network.
type stdOnly struct{ types.Importer }

func (s stdOnly) Import(path string) (*types.Package, error) {
	first, _, _ := strings.Cut(path, "/")
	if path == "" || strings.Contains(first, ".") || strings.ContainsAny(path, " \\:\t\n") || strings.Contains(path, "..") {
		return nil, fmt.Errorf("not a standard-library package: %q", path)
	}
	if st, err := os.Stat(filepath.Join(runtime.GOROOT(), "src", path)); err != nil || !st.IsDir() {
		return nil, fmt.Errorf("no standard-library package %q", path)
	}
	return s.Importer.Import(path)
}

// checkSource type-checks src (tolerating errors), runs the suite on it
// and returns the number of findings.
func checkSource(t *testing.T, src string) int {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "fuzz.go", src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return 0 // not Go: nothing to analyse
	}
	importerOnce.Do(func() { stdImporter = stdOnly{importer.Default()} })
	info := &types.Info{
		Types:        map[ast.Expr]types.TypeAndValue{},
		Defs:         map[*ast.Ident]types.Object{},
		Uses:         map[*ast.Ident]types.Object{},
		Implicits:    map[ast.Node]types.Object{},
		Selections:   map[*ast.SelectorExpr]*types.Selection{},
		Scopes:       map[ast.Node]*types.Scope{},
		Instances:    map[*ast.Ident]types.Instance{},
		FileVersions: map[*ast.File]string{},
	}
	conf := types.Config{Importer: stdImporter, Error: func(error) {}}
	pkg, _ := conf.Check("example.com/fuzz", fset, []*ast.File{file}, info)
	if pkg == nil {
		return 0
	}
	found := 0
	results := map[*analysis.Analyzer]any{}
	var run func(a *analysis.Analyzer)
	run = func(a *analysis.Analyzer) {
		if _, done := results[a]; done {
			return
		}
		for _, req := range a.Requires {
			run(req)
		}
		var diags []analysis.Diagnostic
		pass := &analysis.Pass{
			Analyzer:          a,
			Fset:              fset,
			Files:             []*ast.File{file},
			Pkg:               pkg,
			TypesInfo:         info,
			TypesSizes:        types.SizesFor("gc", "amd64"),
			ResultOf:          results,
			Report:            func(d analysis.Diagnostic) { diags = append(diags, d) },
			ReadFile:          func(string) ([]byte, error) { return []byte(src), nil },
			ImportObjectFact:  func(types.Object, analysis.Fact) bool { return false },
			ExportObjectFact:  func(types.Object, analysis.Fact) {},
			ImportPackageFact: func(*types.Package, analysis.Fact) bool { return false },
			ExportPackageFact: func(analysis.Fact) {},
			AllObjectFacts:    func() []analysis.ObjectFact { return nil },
			AllPackageFacts:   func() []analysis.PackageFact { return nil },
		}
		res, err := a.Run(pass)
		if err != nil {
			t.Fatalf("%s failed on:\n%s\nerror: %v", a.Name, src, err)
		}
		results[a] = res
		found += len(diags)
		for _, d := range diags {
			checkFix(t, a, fset, len(src), d, src)
		}
	}
	for _, a := range analyzers.All() {
		run(a)
	}
	return found
}

// TestFuzzHarnessFindsSomething keeps the fuzz target honest: on the
// examples its harness must see the findings the command sees, so that the
// checks on fixes are not vacuous.
func TestFuzzHarnessFindsSomething(t *testing.T) {
	src, err := os.ReadFile("../testdata/lintfixture/client.go")
	if err != nil {
		t.Fatal(err)
	}
	if n := checkSource(t, string(src)); n < 4 {
		t.Errorf("the harness found %d findings in the fixture, want at least 4", n)
	}
}

func checkFix(t *testing.T, a *analysis.Analyzer, fset *token.FileSet, size int, d analysis.Diagnostic, src string) {
	if len(d.SuggestedFixes) != 1 {
		t.Fatalf("%s: %q has %d suggested fixes, want 1\n%s", a.Name, d.Message, len(d.SuggestedFixes), src)
	}
	edits := d.SuggestedFixes[0].TextEdits
	type span struct{ start, end int }
	var spans []span
	for _, e := range edits {
		f := fset.File(e.Pos)
		if f == nil {
			t.Fatalf("%s: %q: edit outside the file", a.Name, d.Message)
		}
		end := e.End
		if !end.IsValid() {
			end = e.Pos
		}
		s, en := f.Offset(e.Pos), f.Offset(end)
		if s < 0 || en > size || s > en {
			t.Fatalf("%s: %q: edit [%d,%d) outside [0,%d)", a.Name, d.Message, s, en, size)
		}
		spans = append(spans, span{s, en})
	}
	sort.Slice(spans, func(i, j int) bool { return spans[i].start < spans[j].start })
	for i := 1; i < len(spans); i++ {
		if spans[i].start < spans[i-1].end {
			t.Fatalf("%s: %q: overlapping edits %v\n%s", a.Name, d.Message, spans, strings.TrimSpace(src))
		}
	}
}
