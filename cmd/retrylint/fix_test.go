package main_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

var summaryRE = regexp.MustCompile(`(?m)^retrylint: applied (?:(\d+) of )?(\d+) fix(?:es)? in (\d+) files?\b.*$`)

// TestFixSummaryAndDiff checks, through go vet and in process, that -fix
// says how many fixes it applied in how many files, and that the diff of
// -fix -diff, applied with git apply to a fresh copy, gives the files
// that -fix writes.
func TestFixSummaryAndDiff(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	bin := buildTool(t)
	for _, mode := range []string{"-cache=true", "-cache=false"} {
		t.Run(mode, func(t *testing.T) {
			orig, fixed, patched := exampleModule(t), exampleModule(t), exampleModule(t)
			lint := run(t, orig, bin, mode, "./...")
			findings := 0
			for _, l := range strings.Split(lint.stderr, "\n") {
				if suffixRE.MatchString(l) {
					findings++
				}
			}
			fix := run(t, fixed, bin, mode, "-fix", "./...")
			m := summaryRE.FindStringSubmatch(fix.stderr)
			if fix.code != 0 || m == nil {
				t.Fatalf("-fix: exit %d, no summary line\n%s", fix.code, fix.stderr)
			}
			offered, _ := strconv.Atoi(m[2])
			files, _ := strconv.Atoi(m[3])
			if m[1] != "" || offered != findings || files < 2 {
				t.Errorf("summary %q: want every one of the %d findings' fixes applied, in several files", m[0], findings)
			}
			if changed := changedGoFiles(t, orig, fixed); len(changed) != files {
				t.Errorf("summary says %d files, -fix changed %d: %v", files, len(changed), changed)
			}

			diff := run(t, patched, bin, mode, "-fix", "-diff", "./...")
			if diff.code != 0 || strings.Count(diff.stdout, "\n+++ b/examples/") != files || !strings.HasPrefix(diff.stdout, "--- a/examples/") {
				t.Fatalf("-fix -diff: exit %d, want a diff of %d files with paths from the module root\n%s\n%s", diff.code, files, diff.stdout, diff.stderr)
			}
			if got := summaryRE.FindString(diff.stderr); got != m[0] {
				t.Errorf("-fix -diff summary %q, -fix said %q", got, m[0])
			}
			if changed := changedGoFiles(t, orig, patched); len(changed) != 0 {
				t.Errorf("-fix -diff changed %v", changed)
			}
			for _, args := range [][]string{{"apply", "--check", "-"}, {"apply", "-"}} {
				cmd := exec.Command("git", args...)
				cmd.Dir = patched
				cmd.Stdin = strings.NewReader(diff.stdout)
				if out, err := cmd.CombinedOutput(); err != nil {
					t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
				}
			}
			if changed := changedGoFiles(t, fixed, patched); len(changed) != 0 {
				t.Errorf("git apply of the diff and -fix differ in %v", changed)
			}

			again := run(t, fixed, bin, mode, "-fix", "./...")
			if got := summaryRE.FindString(again.stderr); got != "retrylint: applied 0 fixes in 0 files" {
				t.Errorf("second -fix: %q, want nothing left to fix\n%s", got, again.stderr)
			}
		})
	}
}

// changedGoFiles returns the .go files under dir a whose content differs
// in dir b.
func changedGoFiles(t *testing.T, a, b string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(a, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		rel, _ := filepath.Rel(a, path)
		x, _ := os.ReadFile(path)
		y, err := os.ReadFile(filepath.Join(b, rel))
		if err != nil || string(x) != string(y) {
			out = append(out, rel)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}
