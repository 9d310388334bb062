package integration

import (
	"os"
	"os/exec"
	"path/filepath"
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
