package main_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/retrylint/retrylint/analyzers"
)

// These tests build the real retrylint binary and run it the ways users do:
// standalone, under go vet -vettool and under go fix -fixtool, on a copy of
// the examples in a throwaway module.

// tool is the binary, built once for all the tests.
var tool struct {
	once sync.Once
	dir  string
	path string
	err  error
}

func TestMain(m *testing.M) {
	code := m.Run()
	if tool.dir != "" {
		os.RemoveAll(tool.dir)
	}
	os.Exit(code)
}

func buildTool(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the binary and runs the go command")
	}
	tool.once.Do(func() {
		tool.dir, tool.err = os.MkdirTemp("", "retrylint-test")
		if tool.err != nil {
			return
		}
		tool.path = filepath.Join(tool.dir, "retrylint")
		if runtime.GOOS == "windows" {
			tool.path += ".exe"
		}
		if out, err := exec.Command("go", "build", "-o", tool.path, ".").CombinedOutput(); err != nil {
			tool.err = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if tool.err != nil {
		t.Fatal(tool.err)
	}
	return tool.path
}

// exampleModule copies ../../examples into a new module and returns its
// directory.
func exampleModule(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.CopyFS(filepath.Join(dir, "examples"), os.DirFS("../../examples")); err != nil {
		t.Fatal(err)
	}
	gomod := "module example.com/retrylintexample\n\ngo 1.26.0\n"
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(gomod), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

type result struct {
	stdout, stderr string
	code           int
}

func run(t *testing.T, dir, name string, args ...string) result {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=", "GOWORK=off")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	code := 0
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		code = exit.ExitCode()
	} else if err != nil {
		t.Fatalf("%s %v: %v", name, args, err)
	}
	return result{stdout.String(), stderr.String(), code}
}

var findingRE = regexp.MustCompile(`(?m)^(?:\./|.*/)?(examples/[^:]+\.go):(\d+):(\d+): (.*)$`)

// findings returns "file:line:col: message" for each finding in out, with
// paths relative to the module, sorted.
func findings(out string) []string {
	var list []string
	for _, m := range findingRE.FindAllStringSubmatch(out, -1) {
		list = append(list, m[1]+":"+m[2]+":"+m[3]+": "+m[4])
	}
	slices.Sort(list)
	return slices.Compact(list)
}

// wantFindings are the findings the examples must produce, as regexps.
var wantFindings = []string{
	`client\.go:\d+:\d+: Retry-After is capped by min\(\.\.\.\)`,
	`client\.go:\d+:\d+: Retry-After is parsed only as seconds by strconv\.Atoi`,
	`client\.go:\d+:\d+: Retry-After is honoured only below 10 \* time\.Second`,
	`client\.go:\d+:\d+: Retry-After is parsed only as an HTTP-date by http\.ParseTime`,
	`client\.go:\d+:\d+: a negative Retry-After value is accepted as the wait`,
	`alerts\.go:\d+:\d+: per-attempt timeout \(context\.WithTimeout\) inside retry loop but no overall deadline`,
	`batch\.go:\d+:\d+: time\.Sleep in retry loop ignores cancellation of ctx`,
	`client\.go:\d+:\d+: time\.Sleep in retry loop ignores cancellation of ctx`,
	`reports\.go:\d+:\d+: POST is retried after a transport error without an idempotency key`,
	`reports\.go:\d+:\d+: request formatted whole .* reaches log\.Printf`,
}

func checkFindings(t *testing.T, what string, got []string) {
	t.Helper()
	for _, w := range wantFindings {
		re := regexp.MustCompile(w)
		if !slices.ContainsFunc(got, re.MatchString) {
			t.Errorf("%s: no finding matches %s; got:\n%s", what, w, strings.Join(got, "\n"))
		}
	}
	if len(got) != len(wantFindings) {
		t.Errorf("%s: %d findings, want %d:\n%s", what, len(got), len(wantFindings), strings.Join(got, "\n"))
	}
}

func TestStandaloneAndVetAgree(t *testing.T) {
	bin := buildTool(t)
	dir := exampleModule(t)

	lint := run(t, dir, bin, "./...")
	if lint.code != 3 {
		t.Fatalf("retrylint ./...: exit %d, want 3\n%s", lint.code, lint.stderr)
	}
	standalone := findings(lint.stderr)
	checkFindings(t, "retrylint", standalone)

	vet := run(t, dir, "go", "vet", "-vettool="+bin, "./...")
	if vet.code != 1 {
		t.Fatalf("go vet -vettool: exit %d, want 1\n%s", vet.code, vet.stderr)
	}
	if got := findings(vet.stderr); !slices.Equal(got, standalone) {
		t.Errorf("go vet -vettool findings differ from standalone:\nvet:\n%s\nstandalone:\n%s",
			strings.Join(got, "\n"), strings.Join(standalone, "\n"))
	}

	// Analyzer flags pass through go vet: with another header configured,
	// retryafter is silent on the examples.
	other := run(t, dir, "go", "vet", "-vettool="+bin, "-retryafter.headers=X-Not-Used", "./...")
	for _, f := range findings(other.stderr) {
		if strings.Contains(f, "Retry-After") {
			t.Errorf("go vet -retryafter.headers=X-Not-Used still reports: %s", f)
		}
	}
	if len(findings(other.stderr)) == 0 {
		t.Errorf("go vet -retryafter.headers=X-Not-Used: no findings of the other analyzers\n%s", other.stderr)
	}
}

func TestJSONListsFixes(t *testing.T) {
	bin := buildTool(t)
	dir := exampleModule(t)
	res := run(t, dir, bin, "-json", "./...")
	if res.code != 0 {
		t.Fatalf("retrylint -json: exit %d\n%s", res.code, res.stderr)
	}
	// package -> analyzer -> diagnostics
	var tree map[string]map[string]json.RawMessage
	if err := json.Unmarshal([]byte(res.stdout), &tree); err != nil {
		t.Fatalf("-json output is not JSON: %v\n%s", err, res.stdout)
	}
	type fix struct {
		Message string            `json:"message"`
		Edits   []json.RawMessage `json:"edits"`
	}
	type diag struct {
		Posn    string `json:"posn"`
		Message string `json:"message"`
		Fixes   []fix  `json:"suggested_fixes"`
	}
	perAnalyzer := map[string]int{}
	for pkg, byName := range tree {
		for name, raw := range byName {
			var diags []diag
			if err := json.Unmarshal(raw, &diags); err != nil {
				t.Fatalf("%s: %s: %v\n%s", pkg, name, err, raw)
			}
			for _, d := range diags {
				perAnalyzer[name]++
				if len(d.Fixes) != 1 || len(d.Fixes[0].Edits) == 0 || d.Fixes[0].Message == "" {
					t.Errorf("%s: %s: want exactly one fix with edits, got %+v", d.Posn, d.Message, d.Fixes)
				}
			}
		}
	}
	for _, a := range analyzers.All() {
		name := a.Name
		if perAnalyzer[name] == 0 {
			t.Errorf("-json listed no %s findings\n%s", name, res.stdout)
		}
	}
}

// checkFixedModule checks that a fixed copy builds, passes go vet and is
// clean under retrylint.
func checkFixedModule(t *testing.T, bin, dir string) {
	t.Helper()
	if res := run(t, dir, "go", "build", "./..."); res.code != 0 {
		t.Fatalf("fixed code does not build:\n%s", res.stderr)
	}
	if res := run(t, dir, "go", "vet", "./..."); res.code != 0 {
		t.Fatalf("fixed code fails go vet:\n%s", res.stderr)
	}
	if res := run(t, dir, "gofmt", "-l", "."); res.stdout != "" {
		t.Fatalf("fixed code is not gofmt-clean: %s", res.stdout)
	}
	if res := run(t, dir, bin, "./..."); res.code != 0 {
		t.Fatalf("retrylint after the fixes: exit %d\n%s", res.code, res.stderr)
	}
}

func TestFix(t *testing.T) {
	bin := buildTool(t)
	dir := exampleModule(t)

	before, err := os.ReadFile(filepath.Join(dir, "examples/weatherclient/client.go"))
	if err != nil {
		t.Fatal(err)
	}
	diff := run(t, dir, bin, "-fix", "-diff", "./...")
	if !strings.Contains(diff.stdout, "+++") || !strings.Contains(diff.stdout, "retry_after_exceeds_deadline") {
		t.Errorf("retrylint -fix -diff printed no diff with the give-up fix:\n%s\n%s", diff.stdout, diff.stderr)
	}
	after, _ := os.ReadFile(filepath.Join(dir, "examples/weatherclient/client.go"))
	if !bytes.Equal(before, after) {
		t.Fatal("-fix -diff changed the files")
	}

	if res := run(t, dir, bin, "-fix", "./..."); res.code != 0 && res.code != 3 {
		t.Fatalf("retrylint -fix: exit %d\n%s", res.code, res.stderr)
	}
	checkFixedModule(t, bin, dir)
}

func TestGoFixFixtool(t *testing.T) {
	bin := buildTool(t)
	dir := exampleModule(t)
	if res := run(t, dir, "go", "fix", "-fixtool="+bin, "./..."); res.code != 0 {
		t.Fatalf("go fix -fixtool: exit %d\n%s", res.code, res.stderr)
	}
	checkFixedModule(t, bin, dir)
}

func TestBadFlagIsAnError(t *testing.T) {
	bin := buildTool(t)
	dir := exampleModule(t)
	tests := []struct{ flag, want string }{
		{"-retryafter.headers=", "empty header list"},
		{"-retryafter.headers= , ", "empty header name"},
		{"-retryafter.headers=Retry After", "invalid header name"},
		{"-retryafter.headers=Retry-After,", "empty header name"},
		{"-retrydeadline.attempts=0", "less than 1"},
		{"-retrydeadline.attempts=many", "not a whole number"},
		{"-retrydeadline.bounded=maybe", "invalid boolean"},
		{"-retryidempotency.key-headers=", "empty header list"},
		{"-retryidempotency.key-headers=Idempotency:Key", "invalid header name"},
		{"-authlog.headers=", "empty header list"},
		{"-authlog.sinks=Infof", "invalid function name"},
		{"-authlog.sinks=example.com/log.Infof,", "invalid function name"},
	}
	for _, tt := range tests {
		for _, tool := range [][]string{{bin, tt.flag, "./..."}, {"go", "vet", "-vettool=" + bin, tt.flag, "./..."}} {
			res := run(t, dir, tool[0], tool[1:]...)
			if res.code == 0 || res.code == 3 || !strings.Contains(res.stderr, tt.want) {
				t.Errorf("%v: exit %d, want a flag error mentioning %q\n%s", tool[1:], res.code, tt.want, res.stderr)
			}
		}
	}
}

func TestVetJSONAndDiff(t *testing.T) {
	bin := buildTool(t)
	dir := exampleModule(t)

	res := run(t, dir, "go", "vet", "-vettool="+bin, "-json", "./...")
	if res.code != 0 {
		t.Fatalf("go vet -json: exit %d\n%s", res.code, res.stderr)
	}
	// One JSON object per package: package -> analyzer -> diagnostics.
	dec := json.NewDecoder(strings.NewReader(res.stdout))
	seen := map[string]int{}
	for dec.More() {
		var tree map[string]map[string][]struct {
			Message string            `json:"message"`
			Fixes   []json.RawMessage `json:"suggested_fixes"`
		}
		if err := dec.Decode(&tree); err != nil {
			t.Fatalf("go vet -json output: %v\n%s", err, res.stdout)
		}
		for _, byName := range tree {
			for name, diags := range byName {
				for _, d := range diags {
					seen[name]++
					if len(d.Fixes) != 1 {
						t.Errorf("%s: %q has %d fixes, want 1", name, d.Message, len(d.Fixes))
					}
				}
			}
		}
	}
	for _, a := range analyzers.All() {
		name := a.Name
		if seen[name] == 0 {
			t.Errorf("go vet -json reported nothing of %s\n%s", name, res.stdout)
		}
	}

	before, _ := os.ReadFile(filepath.Join(dir, "examples/weatherclient/client.go"))
	diff := run(t, dir, "go", "vet", "-vettool="+bin, "-fix", "-diff", "./...")
	if diff.code != 1 || !strings.Contains(diff.stdout, "+++") || !strings.Contains(diff.stdout, "retry_after_exceeds_deadline") {
		t.Errorf("go vet -fix -diff: exit %d, want 1 with a diff holding the give-up fix\n%s\n%s", diff.code, diff.stdout, diff.stderr)
	}
	after, _ := os.ReadFile(filepath.Join(dir, "examples/weatherclient/client.go"))
	if !bytes.Equal(before, after) {
		t.Error("go vet -fix -diff changed the files")
	}
}
