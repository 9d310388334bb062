package integration

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// golangci returns the golangci-lint binary built with the plugins, from
// RETRYLINT_GOLANGCI, or skips the test.
func golangci(t *testing.T) string {
	t.Helper()
	bin := os.Getenv("RETRYLINT_GOLANGCI")
	if bin == "" {
		t.Skip("RETRYLINT_GOLANGCI is not set: build tools/custom-gcl (as .ci/run does) to run golangci-lint tests")
	}
	if _, err := os.Stat(bin); err != nil {
		t.Fatalf("RETRYLINT_GOLANGCI=%s: %v", bin, err)
	}
	return bin
}

type issue struct {
	FromLinter string
	Text       string
	Pos        struct {
		Filename string
		Line     int
	}
	SuggestedFixes []json.RawMessage
}

// lint runs golangci-lint in dir with its .golangci.yml and returns the
// issues it reports as JSON, and its exit code.
func lint(t *testing.T, bin, dir string, extra ...string) ([]issue, result) {
	t.Helper()
	out := filepath.Join(t.TempDir(), "issues.json")
	args := append([]string{"run", "--output.json.path=" + out, "--output.text.path=stderr"}, extra...)
	args = append(args, "./...")
	res := run(t, dir, []string{"GOLANGCI_LINT_CACHE=" + t.TempDir()}, bin, args...)
	data, err := os.ReadFile(out)
	if err != nil {
		return nil, res
	}
	var report struct{ Issues []issue }
	if err := json.Unmarshal(data, &report); err != nil {
		t.Fatalf("golangci-lint JSON: %v\n%s", err, data)
	}
	return report.Issues, res
}

func byLinter(issues []issue) map[string][]issue {
	m := map[string][]issue{}
	for _, is := range issues {
		m[is.FromLinter] = append(m[is.FromLinter], is)
	}
	return m
}

func TestGolangciFindingsAndNolint(t *testing.T) {
	bin := golangci(t)
	dir := fixture(t)
	issues, res := lint(t, bin, dir)
	if res.code != 1 {
		t.Fatalf("golangci-lint: exit %d, want 1\n%s\n%s", res.code, res.stdout, res.stderr)
	}
	m := byLinter(issues)
	for _, name := range []string{"authlog", "retryafter", "retrydeadline", "retryidempotency"} {
		if len(m[name]) != 1 {
			t.Errorf("%s: %d issues, want 1: %+v", name, len(m[name]), m[name])
			continue
		}
		if len(m[name][0].SuggestedFixes) != 1 {
			t.Errorf("%s: %d suggested fixes, want 1", name, len(m[name][0].SuggestedFixes))
		}
	}
	// The second cap carries //nolint:retryafter.
	src, err := os.ReadFile(filepath.Join(dir, "client.go"))
	if err != nil {
		t.Fatal(err)
	}
	nolint := 0
	for i, line := range strings.Split(string(src), "\n") {
		if strings.Contains(line, "//nolint:retryafter") {
			nolint = i + 1
		}
	}
	if nolint == 0 {
		t.Fatal("the fixture has no //nolint:retryafter line")
	}
	for _, is := range m["retryafter"] {
		if is.Pos.Line == nolint {
			t.Errorf("//nolint:retryafter did not silence line %d", nolint)
		}
	}
}

func TestGolangciSettingsChangeBehaviour(t *testing.T) {
	bin := golangci(t)
	dir := fixture(t)
	cfg, err := os.ReadFile(filepath.Join(dir, ".golangci.yml"))
	if err != nil {
		t.Fatal(err)
	}
	// With another header configured, retryafter has nothing to report.
	changed := strings.Replace(string(cfg),
		"description: Retry-After waits shortened, misparsed or dropped\n",
		"description: Retry-After waits shortened, misparsed or dropped\n        settings:\n          headers: [X-Not-Used]\n", 1)
	if changed == string(cfg) {
		t.Fatal("fixture config changed shape; update this test")
	}
	if err := os.WriteFile(filepath.Join(dir, ".golangci.yml"), []byte(changed), 0o644); err != nil {
		t.Fatal(err)
	}
	issues, res := lint(t, bin, dir)
	m := byLinter(issues)
	if len(m["retryafter"]) != 0 || len(m["retrydeadline"]) != 1 {
		t.Errorf("with headers [X-Not-Used]: %d retryafter and %d retrydeadline issues, want 0 and 1 (exit %d)\n%s",
			len(m["retryafter"]), len(m["retrydeadline"]), res.code, res.stderr)
	}
}

func TestGolangciUnknownSettingFails(t *testing.T) {
	bin := golangci(t)
	dir := fixture(t)
	cfg, _ := os.ReadFile(filepath.Join(dir, ".golangci.yml"))
	bad := strings.Replace(string(cfg),
		"description: per-attempt timeouts with no overall deadline\n",
		"description: per-attempt timeouts with no overall deadline\n        settings:\n          attemps: 4\n", 1)
	if err := os.WriteFile(filepath.Join(dir, ".golangci.yml"), []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	_, res := lint(t, bin, dir)
	if res.code != 3 {
		t.Fatalf("unknown setting: exit %d, want 3\n%s\n%s", res.code, res.stdout, res.stderr)
	}
	if !strings.Contains(res.stdout+res.stderr, "attemps") {
		t.Errorf("the error does not name the unknown setting:\n%s\n%s", res.stdout, res.stderr)
	}
}

func TestGolangciSARIF(t *testing.T) {
	bin := golangci(t)
	dir := fixture(t)
	sarif := filepath.Join(t.TempDir(), "out.sarif")
	_, res := lint(t, bin, dir, "--output.sarif.path="+sarif)
	if res.code != 1 {
		t.Fatalf("exit %d, want 1\n%s", res.code, res.stderr)
	}
	data, err := os.ReadFile(sarif)
	if err != nil {
		t.Fatal(err)
	}
	var log struct {
		Version string
		Runs    []struct {
			Results []struct {
				RuleID  string
				Message struct{ Text string }
			}
		}
	}
	if err := json.Unmarshal(data, &log); err != nil {
		t.Fatalf("SARIF is not JSON: %v", err)
	}
	if log.Version != "2.1.0" || len(log.Runs) == 0 {
		t.Fatalf("SARIF version %q with %d runs", log.Version, len(log.Runs))
	}
	var rules []string
	for _, r := range log.Runs[0].Results {
		rules = append(rules, r.RuleID)
	}
	for _, name := range []string{"authlog", "retryafter", "retrydeadline", "retryidempotency"} {
		if !slices.Contains(rules, name) {
			t.Errorf("SARIF has no result of %s: %v", name, rules)
		}
	}
}

func TestGolangciFix(t *testing.T) {
	bin := golangci(t)
	dir := fixture(t)
	before, _ := os.ReadFile(filepath.Join(dir, "client.go"))
	lint(t, bin, dir, "--fix")
	after, _ := os.ReadFile(filepath.Join(dir, "client.go"))
	if string(before) == string(after) {
		t.Fatal("--fix changed nothing")
	}
	if res := run(t, dir, nil, "go", "build", "./..."); res.code != 0 {
		t.Fatalf("fixed code does not build:\n%s\n%s", res.stderr, after)
	}
	issues, res := lint(t, bin, dir)
	if len(issues) != 0 || res.code != 0 {
		t.Errorf("after --fix: exit %d, issues %+v\n%s", res.code, issues, after)
	}
}

// TestGolangciRetrylintIgnore checks that the plugins honour
// //retrylint:ignore as the retrylint command does, and report a name in
// it that is no analyzer.
func TestGolangciRetrylintIgnore(t *testing.T) {
	bin := golangci(t)
	dir := fixture(t)
	extra := `package lintfixture

import (
	"net/http"
	"time"
)

// WaitIgnored caps the server's wait, and says why.
func WaitIgnored(resp *http.Response) time.Duration {
	//retrylint:ignore retryafter the caller gives up past maxWait
	return min(retryAfter(resp), maxWait)
}

// WaitMisnamed says so under a name that is no analyzer.
func WaitMisnamed(resp *http.Response) time.Duration {
	//retrylint:ignore retryafer the caller gives up past maxWait
	return min(retryAfter(resp), maxWait)
}
`
	if err := os.WriteFile(filepath.Join(dir, "ignore.go"), []byte(extra), 0o644); err != nil {
		t.Fatal(err)
	}
	issues, res := lint(t, bin, dir)
	var inExtra []string
	for _, is := range issues {
		if is.Pos.Filename == "ignore.go" {
			inExtra = append(inExtra, strconv.Itoa(is.Pos.Line)+": "+is.Text+" ("+is.FromLinter+")")
		}
	}
	slices.Sort(inExtra)
	// The name that is no analyzer is reported once, by authlog: the first
	// analyzer configured.
	want := []string{
		`16: //retrylint:ignore names "retryafer", which is no retrylint analyzer (did you mean retryafter?)`,
		"17: Retry-After is capped by min(...)",
	}
	wantLinter := []string{"(authlog)", "(retryafter)"}
	ok := len(inExtra) == len(want)
	for i := 0; ok && i < len(want); i++ {
		ok = strings.HasPrefix(inExtra[i], want[i]) && strings.HasSuffix(inExtra[i], wantLinter[i])
	}
	if !ok {
		t.Errorf("issues in ignore.go:\n%s\nwant (prefixes, linters):\n%s\n%s\n(exit %d)\n%s", strings.Join(inExtra, "\n"), strings.Join(want, "\n"), strings.Join(wantLinter, " "), res.code, res.stderr)
	}
}
