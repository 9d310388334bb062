package analyzers_test

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/retrylint/retrylint/analyzers"
)

// TestREADMETable checks the README's table of analyzers against the
// analyzers themselves: one row per analyzer, with its summary.
func TestREADMETable(t *testing.T) {
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	row := regexp.MustCompile(`(?m)^\| \[(\w+)\]\(analyzers/(\w+)\) \| (.*) \|$`)
	rows := map[string]string{}
	for _, m := range row.FindAllStringSubmatch(string(readme), -1) {
		if m[1] != m[2] {
			t.Errorf("README row links %s to analyzers/%s", m[1], m[2])
		}
		rows[m[1]] = m[3]
	}
	for _, a := range analyzers.All() {
		summary, _, _ := strings.Cut(a.Doc, "\n")
		got, ok := rows[a.Name]
		if !ok {
			t.Errorf("README has no row for analyzer %s", a.Name)
			continue
		}
		if got != summary {
			t.Errorf("README row for %s says %q, its Doc says %q", a.Name, got, summary)
		}
		delete(rows, a.Name)
	}
	for name := range rows {
		t.Errorf("README lists %s, which is not in the suite", name)
	}
}

func TestAnalyzersAreWellFormed(t *testing.T) {
	for _, a := range analyzers.All() {
		if a.URL == "" || a.Doc == "" || strings.Contains(a.Doc, "# Analyzer") {
			t.Errorf("%s: URL %q, Doc %q", a.Name, a.URL, a.Doc)
		}
		if a.Name != strings.ToLower(a.Name) {
			t.Errorf("%s: name is not lower case", a.Name)
		}
	}
}
