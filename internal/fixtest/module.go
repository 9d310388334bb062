package fixtest

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/packages"
)

// Module prepares the test data module in dir (a directory with its own
// go.mod and go.sum that requires real libraries) for analysistest, which
// loads a module with GOPROXY=off: it downloads the module's dependencies
// through the go command first, so that the test also runs from an empty
// module cache. It returns dir.
func Module(t *testing.T, dir string) string {
	t.Helper()
	abs, err := filepath.Abs(dir)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "mod", "download")
	cmd.Dir = abs
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go mod download in %s: %v\n%s", abs, err, out)
	}
	return abs
}

// CheckFixedModule is CheckFixed for a test data module in dir: it applies
// the fixes of results to a copy of the module and checks that each fixed
// file is gofmt-clean, that the fixed packages type-check against the
// libraries the module requires, and that a reports nothing in them.
func CheckFixedModule(t *testing.T, a *analysis.Analyzer, dir string, results []*analysistest.Result) {
	t.Helper()
	fixed := applyFixes(t, results)
	tmp := t.TempDir()
	if err := os.CopyFS(tmp, os.DirFS(dir)); err != nil {
		t.Fatal(err)
	}
	var patterns []string
	seen := map[string]bool{}
	for name, content := range fixed {
		rel, err := filepath.Rel(dir, name)
		if err != nil || strings.HasPrefix(rel, "..") {
			t.Fatalf("fixed file %s is outside %s", name, dir)
		}
		if err := os.WriteFile(filepath.Join(tmp, rel), content, 0o644); err != nil {
			t.Fatal(err)
		}
		if pkg := "./" + filepath.ToSlash(filepath.Dir(rel)); !seen[pkg] {
			seen[pkg] = true
			patterns = append(patterns, pkg)
		}
	}
	cfg := &packages.Config{
		Mode: packages.LoadAllSyntax,
		Dir:  tmp,
		Env:  append(os.Environ(), "GO111MODULE=on", "GOPROXY=off", "GOWORK=off", "GOFLAGS=-mod=mod"),
	}
	checkSilent(t, a, cfg, patterns)
}
