// Package fixtest checks suggested fixes beyond what analysistest's golden
// files show: that the fixed files are gofmt-clean as written, that the
// fixed packages still type-check, and that the analyzer is silent on them.
package fixtest

import (
	"bytes"
	"flag"
	"fmt"
	"go/format"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

var update = flag.Bool("update", false, "write the fixed files as the .golden files of the test data")

type edit struct {
	start, end int
	text       string
}

// Apply returns the content of each file after the first suggested fix of
// every diagnostic in results, keyed by file name.
func Apply(results []*analysistest.Result) (map[string][]byte, error) {
	byFile := map[string][]edit{}
	for _, r := range results {
		fset := r.Pass.Fset
		for _, d := range r.Diagnostics {
			if len(d.SuggestedFixes) != 1 {
				return nil, fmt.Errorf("%s: %d suggested fixes, want exactly 1", fset.Position(d.Pos), len(d.SuggestedFixes))
			}
			for _, te := range d.SuggestedFixes[0].TextEdits {
				tf := fset.File(te.Pos)
				end := te.End
				if !end.IsValid() {
					end = te.Pos
				}
				byFile[tf.Name()] = append(byFile[tf.Name()], edit{tf.Offset(te.Pos), tf.Offset(end), string(te.NewText)})
			}
		}
	}
	out := map[string][]byte{}
	for name, edits := range byFile {
		src, err := os.ReadFile(name)
		if err != nil {
			return nil, err
		}
		sort.SliceStable(edits, func(i, j int) bool {
			if edits[i].start != edits[j].start {
				return edits[i].start < edits[j].start
			}
			return edits[i].end < edits[j].end
		})
		var buf bytes.Buffer
		last := 0
		var prev *edit
		for i := range edits {
			e := &edits[i]
			if prev != nil && *prev == *e {
				continue // the same edit from two fixes, such as an import
			}
			if e.start < last {
				return nil, fmt.Errorf("%s: overlapping edits at offset %d", name, e.start)
			}
			buf.Write(src[last:e.start])
			buf.WriteString(e.text)
			last = e.end
			prev = e
		}
		buf.Write(src[last:])
		out[name] = buf.Bytes()
	}
	return out, nil
}

// CheckFixed applies the fixes of results to a copy of the testdata tree
// and checks that each fixed file is gofmt-clean, that the fixed packages
// type-check, and that running a again reports nothing in them.
func CheckFixed(t *testing.T, a *analysis.Analyzer, results []*analysistest.Result) {
	t.Helper()
	fixed := applyFixes(t, results)

	src := filepath.Join(analysistest.TestData(), "src")
	tmp := t.TempDir()
	if err := os.CopyFS(filepath.Join(tmp, "src"), os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
	var patterns []string
	seen := map[string]bool{}
	for name, content := range fixed {
		rel, err := filepath.Rel(src, name)
		if err != nil || strings.HasPrefix(rel, "..") {
			t.Fatalf("fixed file %s is outside %s", name, src)
		}
		dst := filepath.Join(tmp, "src", rel)
		if err := os.WriteFile(dst, content, 0o644); err != nil {
			t.Fatal(err)
		}
		pkg := filepath.ToSlash(filepath.Dir(rel))
		if !seen[pkg] {
			seen[pkg] = true
			patterns = append(patterns, pkg)
		}
	}
	sort.Strings(patterns)

	cfg := &packages.Config{
		Mode: packages.LoadAllSyntax,
		Dir:  filepath.Join(tmp, "src"),
		Env:  append(os.Environ(), "GOPATH="+tmp, "GO111MODULE=off", "GOPROXY=off", "GOWORK=off"),
	}
	checkSilent(t, a, cfg, patterns)
}

// applyFixes applies the fixes of results, writes the fixed files as the
// .golden files under -update, and checks that each is gofmt-clean.
func applyFixes(t *testing.T, results []*analysistest.Result) map[string][]byte {
	t.Helper()
	fixed, err := Apply(results)
	if err != nil {
		t.Fatal(err)
	}
	if len(fixed) == 0 {
		t.Fatal("no fixes were suggested")
	}
	if *update {
		for name, content := range fixed {
			if err := os.WriteFile(name+".golden", content, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	checkFormatted(t, fixed)
	return fixed
}

// checkSilent loads the fixed packages with cfg and checks that they
// type-check and that a reports nothing on them.
func checkSilent(t *testing.T, a *analysis.Analyzer, cfg *packages.Config, patterns []string) {
	t.Helper()
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		t.Fatal(err)
	}
	if packages.PrintErrors(pkgs) > 0 {
		t.Fatal("fixed packages do not type-check")
	}
	graph, err := checker.Analyze([]*analysis.Analyzer{a}, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	for act := range graph.All() {
		if !act.IsRoot {
			continue
		}
		if act.Err != nil {
			t.Errorf("%s: %v", act.Package.PkgPath, act.Err)
		}
		for _, d := range act.Diagnostics {
			t.Errorf("after the fixes, %s still reports at %s: %s", a.Name, act.Package.Fset.Position(d.Pos), d.Message)
		}
	}
}

// checkFormatted checks that each fixed file parses and is gofmt-clean.
func checkFormatted(t *testing.T, fixed map[string][]byte) {
	t.Helper()
	for name, content := range fixed {
		formatted, err := format.Source(content)
		if err != nil {
			t.Errorf("%s: fixed file does not parse: %v\n%s", name, err, content)
			continue
		}
		if !bytes.Equal(formatted, content) {
			t.Errorf("%s: fixed file is not gofmt-clean:\n%s", name, content)
		}
	}
}
