package integration

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// cleanClient replaces the fixture's client.go for the commit that must
// pass.
const cleanClient = `// Package lintfixture, with its mistakes mended.
package lintfixture

import (
	"context"
	"net/http"
	"time"
)

// Fetch bounds its attempts with one deadline.
func Fetch(ctx context.Context, c *http.Client, url string) (*http.Response, error) {
	ctx, cancel := context.WithTimeout(ctx, 15*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	return c.Do(req)
}
`

// gitRepo turns dir into a git repository with one commit.
func gitRepo(t *testing.T, dir string) []string {
	t.Helper()
	env := []string{
		"GIT_AUTHOR_NAME=test", "GIT_AUTHOR_EMAIL=test@example.com",
		"GIT_COMMITTER_NAME=test", "GIT_COMMITTER_EMAIL=test@example.com",
		"GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1",
		"PRE_COMMIT_HOME=" + filepath.Join(os.TempDir(), "retrylint-pre-commit-cache"),
	}
	for _, args := range [][]string{
		{"init", "-q", "-b", "main"},
		{"add", "go.mod"},
		{"commit", "-q", "-m", "module"},
	} {
		if res := run(t, dir, env, "git", args...); res.code != 0 {
			t.Fatalf("git %v: %s", args, res.stderr)
		}
	}
	return env
}

// TestPreCommit runs the real pre-commit with the hooks of this repository
// (pre-commit try-repo, which builds cmd/retrylint with language: golang)
// on a fixture repository: staging code with mistakes fails the hook, and
// staging mended code passes it and commits.
func TestPreCommit(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the hook environment")
	}
	if _, err := exec.LookPath("pre-commit"); err != nil {
		t.Skip("pre-commit is not installed (apt-get install pre-commit; .ci/run installs it)")
	}
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	root := repoRoot(t)
	dir := fixture(t)
	os.Remove(filepath.Join(dir, ".golangci.yml"))
	env := gitRepo(t, dir)

	for _, hook := range []string{"retrylint", "retrylint-vet"} {
		// A commit with the fixture's mistakes is blocked.
		if res := run(t, dir, env, "git", "add", "client.go"); res.code != 0 {
			t.Fatal(res.stderr)
		}
		bad := run(t, dir, env, "pre-commit", "try-repo", root, hook)
		if bad.code == 0 {
			t.Fatalf("%s: the hook passed code with mistakes:\n%s\n%s", hook, bad.stdout, bad.stderr)
		}
		if !strings.Contains(bad.stdout, "Failed") || !strings.Contains(bad.stdout, "POST is retried") {
			t.Errorf("%s: the hook failed without the findings:\n%s\n%s", hook, bad.stdout, bad.stderr)
		}

		// The mended code passes, and the commit goes through.
		mended := cleanClient + "\n// Checked by the " + hook + " hook.\n"
		if err := os.WriteFile(filepath.Join(dir, "client.go"), []byte(mended), 0o644); err != nil {
			t.Fatal(err)
		}
		run(t, dir, env, "git", "add", "client.go")
		good := run(t, dir, env, "pre-commit", "try-repo", root, hook)
		if good.code != 0 || !strings.Contains(good.stdout, "Passed") {
			t.Fatalf("%s: the hook failed on mended code (exit %d):\n%s\n%s", hook, good.code, good.stdout, good.stderr)
		}
		if res := run(t, dir, env, "git", "commit", "-q", "-m", "mended"); res.code != 0 {
			t.Fatalf("git commit: %s", res.stderr)
		}

		// Put the mistakes back for the next hook.
		orig, err := os.ReadFile(filepath.Join(root, "testdata", "lintfixture", "client.go"))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "client.go"), orig, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// snapshot copies the files of this checkout (uncommitted changes
// included) into a new git repository with one commit, and returns its
// directory and revision.
func snapshot(t *testing.T, env []string) (string, string) {
	t.Helper()
	root := repoRoot(t)
	list := run(t, root, nil, "git", "ls-files", "-z", "--cached", "--others", "--exclude-standard")
	if list.code != 0 {
		t.Fatalf("git ls-files: %s", list.stderr)
	}
	dir := t.TempDir()
	for _, name := range strings.Split(strings.TrimRight(list.stdout, "\x00"), "\x00") {
		data, err := os.ReadFile(filepath.Join(root, name))
		if err != nil {
			continue // deleted in the working tree
		}
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, args := range [][]string{{"init", "-q", "-b", "main"}, {"add", "-A"}, {"commit", "-q", "-m", "snapshot"}} {
		if res := run(t, dir, env, "git", args...); res.code != 0 {
			t.Fatalf("git %v: %s", args, res.stderr)
		}
	}
	rev := run(t, dir, env, "git", "rev-parse", "HEAD")
	if rev.code != 0 {
		t.Fatal(rev.stderr)
	}
	return dir, strings.TrimSpace(rev.stdout)
}

// vetToolRuns counts the runs of the hook's retrylint on a package's
// vet.cfg in go -x output, and those in the directory dir.
func vetToolRuns(out, dir string) (all, inDir int) {
	cd := ""
	for _, line := range strings.Split(out, "\n") {
		if d, ok := strings.CutPrefix(line, "cd "); ok {
			cd = d
			continue
		}
		if strings.Contains(line, "retrylint") && strings.HasSuffix(line, "vet.cfg") {
			all++
			if cd == dir {
				inDir++
			}
		}
	}
	return all, inDir
}

// TestPreCommitHookReusesTheCache runs the default hook twice on the same
// staged code, as a user's configuration names it (pre-commit builds the
// hook once per revision and keeps it; try-repo would build it anew each
// time), with go's -x trace: the first run analyses the fixture package
// through go vet, the second replays it from the cache, with the same
// findings.
func TestPreCommitHookReusesTheCache(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the hook environment")
	}
	if _, err := exec.LookPath("pre-commit"); err != nil {
		t.Skip("pre-commit is not installed (apt-get install pre-commit; .ci/run installs it)")
	}
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	dir := fixture(t)
	os.Remove(filepath.Join(dir, ".golangci.yml"))
	env := gitRepo(t, dir)
	hooks, rev := snapshot(t, env)
	config := "repos:\n  - repo: " + hooks + "\n    rev: " + rev + "\n    hooks:\n      - id: retrylint\n"
	if err := os.WriteFile(filepath.Join(dir, ".pre-commit-config.yaml"), []byte(config), 0o644); err != nil {
		t.Fatal(err)
	}
	if res := run(t, dir, env, "git", "add", "client.go", ".pre-commit-config.yaml"); res.code != 0 {
		t.Fatal(res.stderr)
	}
	trace := append(slices.Clone(env), "GOFLAGS=-x")
	first := run(t, dir, trace, "pre-commit", "run", "--verbose")
	second := run(t, dir, trace, "pre-commit", "run", "--verbose")
	for _, res := range []result{first, second} {
		if res.code == 0 || !strings.Contains(res.stdout, "POST is retried") {
			t.Fatalf("the hook passed code with mistakes, or without the findings:\n%s\n%s", res.stdout, res.stderr)
		}
	}
	if _, inDir := vetToolRuns(first.stdout, dir); inDir == 0 {
		t.Errorf("first run: the hook did not analyse %s through go vet:\n%s", dir, first.stdout)
	}
	if all, _ := vetToolRuns(second.stdout, dir); all != 0 {
		t.Errorf("second run: the hook analysed %d packages again:\n%s", all, second.stdout)
	}
	findings := func(out string) []string {
		var list []string
		for _, line := range strings.Split(out, "\n") {
			if strings.Contains(line, "client.go:") && strings.HasSuffix(line, "]") {
				list = append(list, line)
			}
		}
		return list
	}
	if f1, f2 := findings(first.stdout), findings(second.stdout); len(f1) == 0 || !slices.Equal(f1, f2) {
		t.Errorf("the findings differ between the runs:\n%s\n---\n%s", strings.Join(f1, "\n"), strings.Join(f2, "\n"))
	}
}
