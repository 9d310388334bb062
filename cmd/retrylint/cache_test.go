package main_test

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// These tests check that the standalone command reuses the go command's
// cache (it analyses through go vet -vettool): the evidence is go's -x
// trace, passed on through GOFLAGS, which shows each run of the tool on a
// package's vet.cfg; a package whose analysis is replayed from the cache
// shows none.

// runEnv is run with env added to the environment (after the GOFLAGS and
// GOWORK that run sets).
func runEnv(t *testing.T, dir string, env []string, name string, args ...string) result {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(append(os.Environ(), "GOFLAGS=", "GOWORK=off"), env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	code := 0
	if exit, ok := err.(*exec.ExitError); ok {
		code = exit.ExitCode()
	} else if err != nil {
		t.Fatalf("%s %v: %v", name, args, err)
	}
	return result{stdout.String(), stderr.String(), code}
}

// toolRuns returns the directories of the packages that the tool analysed,
// from go -x output: each run of the tool on a vet.cfg follows the "cd"
// into its package's directory.
func toolRuns(bin, trace string) []string {
	var dirs []string
	dir := ""
	for _, line := range strings.Split(trace, "\n") {
		if d, ok := strings.CutPrefix(line, "cd "); ok {
			dir = d
			continue
		}
		if strings.Contains(line, bin) && strings.HasSuffix(line, "vet.cfg") {
			dirs = append(dirs, dir)
		}
	}
	return dirs
}

// noTrace drops go -x's lines from out, leaving what the command printed.
func noTrace(bin, out string) string {
	var keep []string
	for _, line := range strings.Split(out, "\n") {
		if findingRE.MatchString(line) || strings.HasPrefix(line, "retrylint: ") {
			keep = append(keep, line)
		}
	}
	return strings.Join(keep, "\n")
}

// leafModule is the examples module with a package that imports the
// examples' package and that nothing imports.
func leafModule(t *testing.T) string {
	t.Helper()
	dir := exampleModule(t)
	leaf := `// Package leaf uses the examples.
package leaf

import "example.com/retrylintexample/examples/weatherclient"

var _ weatherclient.Client
`
	if err := os.MkdirAll(filepath.Join(dir, "examples/leaf"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "examples/leaf/leaf.go"), []byte(leaf), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestSecondRunReusesTheCache(t *testing.T) {
	bin := buildTool(t)
	dir := leafModule(t)
	// A flag value never used before keys new vet actions, so that the
	// first run is cold whatever the cache holds; it changes no finding.
	nonce := fmt.Sprintf("-retryidempotency.key-headers=Idempotency-Key,X-Idempotency-Key,X-Test-%d", time.Now().UnixNano())
	trace := []string{"GOFLAGS=-x"}

	cold := runEnv(t, dir, trace, bin, nonce, "./...")
	if cold.code != 3 {
		t.Fatalf("cold run: exit %d, want 3\n%s", cold.code, cold.stderr)
	}
	checkFindings(t, "cold run", findings(cold.stderr))
	coldRuns := toolRuns(bin, cold.stderr)
	if !slices.ContainsFunc(coldRuns, func(d string) bool { return strings.HasSuffix(d, filepath.Join("examples", "weatherclient")) }) ||
		!slices.ContainsFunc(coldRuns, func(d string) bool { return strings.HasSuffix(d, filepath.Join("src", "net", "http")) }) {
		t.Fatalf("cold run: the tool did not analyse weatherclient and net/http; it ran on:\n%s", strings.Join(coldRuns, "\n"))
	}

	warm := runEnv(t, dir, trace, bin, nonce, "./...")
	if runs := toolRuns(bin, warm.stderr); len(runs) != 0 {
		t.Errorf("warm run: the tool ran again on %d packages:\n%s", len(runs), strings.Join(runs, "\n"))
	}
	if warm.code != cold.code || noTrace(bin, warm.stderr) != noTrace(bin, cold.stderr) {
		t.Errorf("warm run differs from the cold one: exit %d and %d\nwarm:\n%s\ncold:\n%s", warm.code, cold.code, noTrace(bin, warm.stderr), noTrace(bin, cold.stderr))
	}

	// The same as analysing in process, finding for finding and fix for
	// fix.
	inProcess := run(t, dir, bin, "-cache=false", nonce, "./...")
	if inProcess.code != warm.code || inProcess.stderr != noTrace(bin, warm.stderr)+"\n" {
		t.Errorf("-cache=false: exit %d\n%s\nthe cached run: exit %d\n%s", inProcess.code, inProcess.stderr, warm.code, noTrace(bin, warm.stderr))
	}
	jsonCold := run(t, dir, bin, "-json", nonce, "./...")
	jsonIn := run(t, dir, bin, "-json", "-cache=false", nonce, "./...")
	if jsonCold.code != 0 || jsonCold.stdout != jsonIn.stdout || !strings.Contains(jsonCold.stdout, `"suggested_fixes"`) {
		t.Errorf("-json differs between the cached run and -cache=false:\n%s\n%s", jsonCold.stdout, jsonIn.stdout)
	}

	// After a comment is added to the leaf package, only the leaf is
	// analysed again.
	leaf := filepath.Join(dir, "examples/leaf/leaf.go")
	src, _ := os.ReadFile(leaf)
	if err := os.WriteFile(leaf, append(src, "// One more line.\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	changed := runEnv(t, dir, trace, bin, nonce, "./...")
	runs := toolRuns(bin, changed.stderr)
	if len(runs) != 1 || !strings.HasSuffix(runs[0], filepath.Join("examples", "leaf")) {
		t.Errorf("one file changed: the tool ran on %v, want the leaf package alone", runs)
	}
	if changed.code != cold.code || noTrace(bin, changed.stderr) != noTrace(bin, cold.stderr) {
		t.Errorf("one file changed: exit %d\n%s", changed.code, noTrace(bin, changed.stderr))
	}
}

// TestInProcessWhenAsked checks that -cache=false and -test=false analyse
// in process, without go vet.
func TestInProcessWhenAsked(t *testing.T) {
	bin := buildTool(t)
	dir := exampleModule(t)
	for _, flag := range []string{"-cache=false", "-test=false"} {
		res := runEnv(t, dir, []string{"GOFLAGS=-x"}, bin, flag, "./...")
		if res.code != 3 || len(toolRuns(bin, res.stderr)) != 0 || strings.Contains(res.stderr, "vet.cfg") {
			t.Errorf("retrylint %s: exit %d, want 3 without go vet:\n%s", flag, res.code, res.stderr)
		}
		checkFindings(t, "retrylint "+flag, findings(res.stderr))
	}
}

// TestFixThroughTheCache checks that -fix and -fix -diff through go vet
// give what the in-process fixer gives with -cache=false, and that a second -fix
// -diff replays every package from the cache.
func TestFixThroughTheCache(t *testing.T) {
	bin := buildTool(t)
	cached, inProcess := exampleModule(t), exampleModule(t)
	nonce := fmt.Sprintf("-retryidempotency.key-headers=Idempotency-Key,X-Idempotency-Key,X-Test-%d", time.Now().UnixNano())

	diff := run(t, cached, bin, "-fix", "-diff", nonce, "./...")
	want := run(t, cached, bin, "-cache=false", "-fix", "-diff", nonce, "./...")
	if diff.code != 0 || want.code != 0 || !strings.Contains(diff.stdout, "+++") || diff.stdout != want.stdout {
		t.Errorf("-fix -diff: exit %d, -cache=false: exit %d; the diffs differ:\n%s\n---\n%s\n%s", diff.code, want.code, diff.stdout, want.stdout, want.stderr)
	}
	again := runEnv(t, cached, []string{"GOFLAGS=-x"}, bin, "-fix", "-diff", nonce, "./...")
	if runs := toolRuns(bin, again.stderr); len(runs) != 0 || again.stdout != diff.stdout {
		t.Errorf("second -fix -diff: the tool ran on %v, or the diff changed", runs)
	}

	if res := run(t, cached, bin, "-fix", nonce, "./..."); res.code != 0 {
		t.Fatalf("-fix: exit %d\n%s", res.code, res.stderr)
	}
	if res := run(t, inProcess, bin, "-cache=false", "-fix", nonce, "./..."); res.code != 0 {
		t.Fatalf("-cache=false -fix: exit %d\n%s", res.code, res.stderr)
	}
	files, _ := filepath.Glob(filepath.Join(cached, "examples/weatherclient/*.go"))
	if len(files) == 0 {
		t.Fatal("no files")
	}
	for _, f := range files {
		rel, _ := filepath.Rel(cached, f)
		a, _ := os.ReadFile(f)
		b, _ := os.ReadFile(filepath.Join(inProcess, rel))
		if !bytes.Equal(a, b) {
			t.Errorf("%s: -fix and -cache=false -fix differ:\n%s\n---\n%s", rel, a, b)
		}
	}
	checkFixedModule(t, bin, cached)
}
