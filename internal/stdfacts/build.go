package stdfacts

import (
	"cmp"
	"go/ast"
	"go/build"
	"go/token"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
)

// Build returns the table of what the analyzers (those wrapped by Wrap)
// exported and reported on the packages of the standard library in g, a
// run with the table disabled (see Disable). goroot is the Go root the
// packages were loaded from.
func Build(g *checker.Graph, analyzers []*analysis.Analyzer, goroot string) (*Table, error) {
	t := &Table{
		Go:         ReadVersion(goroot),
		GOOS:       build.Default.GOOS,
		GOARCH:     build.Default.GOARCH,
		CgoEnabled: build.Default.CgoEnabled,
		ToolTags:   build.Default.ToolTags,
		Files:      map[string][]string{},
		Analyzers:  map[string]*AnalyzerFacts{},
	}
	want := map[*analysis.Analyzer]bool{}
	for _, a := range analyzers {
		want[a] = true
		t.Analyzers[a.Name] = &AnalyzerFacts{Flags: Flags(a), Schemas: Schemas(a), Packages: map[string]*Package{}}
	}
	var err error
	g.All()(func(act *checker.Action) bool {
		if want[act.Analyzer] && act.Err != nil {
			err = act.Err
			return false
		}
		if !want[act.Analyzer] || !inRoot(act.Package.Fset, act.Package.Syntax, goroot) {
			return true
		}
		pkg := act.Package.Types
		t.Files[pkg.Path()] = fileList(act.Package.Fset, act.Package.Syntax)
		p := &Package{Diagnostics: len(act.Diagnostics)}
		for _, of := range act.AllObjectFacts() {
			if of.Object.Pkg() != pkg {
				continue
			}
			f, ok, e := EncodeFact(pkg, of.Object, of.Fact)
			if e != nil {
				err = e
				return false
			}
			if ok {
				p.Facts = append(p.Facts, f)
			}
		}
		for _, pf := range act.AllPackageFacts() {
			if pf.Package != pkg {
				continue
			}
			f, _, e := EncodeFact(pkg, nil, pf.Fact)
			if e != nil {
				err = e
				return false
			}
			p.Facts = append(p.Facts, f)
		}
		slices.SortFunc(p.Facts, func(a, b Fact) int {
			return cmp.Or(cmp.Compare(a.Object, b.Object), cmp.Compare(a.Type, b.Type))
		})
		if p.Diagnostics > 0 || len(p.Facts) > 0 {
			t.Analyzers[act.Analyzer.Name].Packages[pkg.Path()] = p
		}
		return true
	})
	return t, err
}

// inRoot reports whether all the files are in the Go root goroot: not
// a package without files, nor one whose files cgo generated.
func inRoot(fset *token.FileSet, files []*ast.File, goroot string) bool {
	if len(files) == 0 {
		return false
	}
	src := filepath.Join(goroot, "src") + string(filepath.Separator)
	for _, f := range files {
		tf := fset.File(f.FileStart)
		if tf == nil || !strings.HasPrefix(tf.Name(), src) {
			return false
		}
	}
	return true
}
