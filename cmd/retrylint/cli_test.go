package main_test

import (
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/retrylint/retrylint/analyzers"
)

// These tests run the built binary for what the command says around its
// findings: analyzer names, load errors, flag errors, version, help,
// suppression comments and unused sink flags.

// internalNames are the analyzers the suite requires but users never see.
var internalNames = []string{"callindex", "retryloop", "failed prerequisites"}

func noInternalNames(t *testing.T, what, out string) {
	t.Helper()
	for _, n := range internalNames {
		if strings.Contains(out, n) {
			t.Errorf("%s names %q:\n%s", what, n, out)
		}
	}
}

// suffixRE matches the " [analyzer]" at the end of a finding.
var suffixRE = func() *regexp.Regexp {
	var names []string
	for _, a := range analyzers.All() {
		names = append(names, regexp.QuoteMeta(a.Name))
	}
	return regexp.MustCompile(` \[(` + strings.Join(names, "|") + `)\]$`)
}()

func TestFindingsNameTheirAnalyzer(t *testing.T) {
	bin := buildTool(t)
	dir := exampleModule(t)

	lint := run(t, dir, bin, "./...")
	lines := strings.Split(strings.TrimSpace(lint.stderr), "\n")
	if len(lines) != len(wantFindings) {
		t.Fatalf("retrylint: %d lines, want %d:\n%s", len(lines), len(wantFindings), lint.stderr)
	}
	type pos struct {
		file      string
		line, col int
	}
	var order []string
	for _, l := range lines {
		if !suffixRE.MatchString(l) {
			t.Errorf("retrylint: finding without its analyzer: %s", l)
		}
		order = append(order, l)
	}
	// Sorted by file, then line and column, not grouped by analyzer.
	key := regexp.MustCompile(`^(.*\.go):(\d+):(\d+): `)
	sorted := slices.SortedStableFunc(slices.Values(order), func(a, b string) int {
		ma, mb := key.FindStringSubmatch(a), key.FindStringSubmatch(b)
		if c := strings.Compare(ma[1], mb[1]); c != 0 {
			return c
		}
		la, lb := atoi(t, ma[2])*10000+atoi(t, ma[3]), atoi(t, mb[2])*10000+atoi(t, mb[3])
		return la - lb
	})
	if !slices.Equal(order, sorted) {
		t.Errorf("retrylint: findings not sorted by file and line:\n%s", lint.stderr)
	}

	vet := run(t, dir, "go", "vet", "-vettool="+bin, "./...")
	for _, l := range strings.Split(strings.TrimSpace(vet.stderr), "\n") {
		if strings.HasPrefix(l, "#") {
			continue
		}
		if !suffixRE.MatchString(l) {
			t.Errorf("go vet: finding without its analyzer: %s", l)
		}
	}

	// -json: keyed by analyzer, with each analyzer's documentation URL.
	js := run(t, dir, bin, "-json", "./...")
	var tree map[string]map[string][]struct {
		Message string `json:"message"`
		URL     string `json:"url"`
	}
	if err := json.Unmarshal([]byte(js.stdout), &tree); err != nil {
		t.Fatalf("-json: %v\n%s", err, js.stdout)
	}
	urls := map[string]string{}
	for _, a := range analyzers.All() {
		urls[a.Name] = a.URL
	}
	n := 0
	for _, byName := range tree {
		for name, diags := range byName {
			for _, d := range diags {
				n++
				if d.URL != urls[name] {
					t.Errorf("-json: %s finding has url %q, want %q", name, d.URL, urls[name])
				}
				if suffixRE.MatchString(d.Message) {
					t.Errorf("-json: message carries the analyzer name: %s", d.Message)
				}
			}
		}
	}
	if n == 0 {
		t.Errorf("-json: no findings\n%s", js.stdout)
	}
}

func atoi(t *testing.T, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// writeModule writes files (path -> content) into a new module.
func writeModule(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	files["go.mod"] = "module example.com/m\n\ngo 1.26.0\n"
	for name, content := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestLoadErrorsOnce(t *testing.T) {
	bin := buildTool(t)
	dir := exampleModule(t)
	for name, content := range map[string]string{
		"syntax/syntax.go":    "package syntax\n\nfunc f( {\n",
		"typed/typed.go":      "package typed\n\nvar x int = \"s\"\n",
		"typed/typed_test.go": "package typed\n\nimport \"testing\"\n\nfunc TestX(t *testing.T) {}\n",
	} {
		path := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(path), 0o755)
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		args []string
		want string // a line of the output
	}{
		{[]string{"./nosuch"}, "directory not found"},
		{[]string{"./syntax"}, "syntax/syntax.go:3:9: expected ')', found '{'"},
		{[]string{"./typed"}, `typed/typed.go:3:13: cannot use "s" (untyped string constant) as int value in variable declaration`},
		{[]string{"./syntax/syntax.go"}, "syntax/syntax.go:3:9: expected ')', found '{'"},
	}
	for _, tt := range tests {
		res := run(t, dir, bin, tt.args...)
		if res.code != 1 || !strings.Contains(res.stderr, tt.want) {
			t.Errorf("retrylint %v: exit %d, want 1 with %q:\n%s", tt.args, res.code, tt.want, res.stderr)
		}
		noInternalNames(t, "retrylint "+strings.Join(tt.args, " "), res.stderr)
		lines := strings.Split(strings.TrimSpace(res.stderr), "\n")
		if len(lines) != len(slices.Compact(slices.Sorted(slices.Values(lines)))) {
			t.Errorf("retrylint %v printed a line twice:\n%s", tt.args, res.stderr)
		}
	}

	// The packages that load are still linted; the exit code is 1.
	all := run(t, dir, bin, "./...")
	if all.code != 1 || len(findings(all.stderr)) != len(wantFindings) {
		t.Errorf("retrylint ./...: exit %d with %d findings, want 1 with %d:\n%s", all.code, len(findings(all.stderr)), len(wantFindings), all.stderr)
	}
	noInternalNames(t, "retrylint ./...", all.stderr)

	// -json keeps the error entries that scripts/corpus counts, under the
	// analyzers' own names.
	js := run(t, dir, bin, "-json", "./typed")
	var tree map[string]map[string]struct {
		Error string `json:"error"`
	}
	if err := json.Unmarshal([]byte(js.stdout), &tree); err != nil {
		t.Fatalf("-json: %v\n%s", err, js.stdout)
	}
	errored := map[string]bool{}
	for id, byName := range tree {
		for name, e := range byName {
			if e.Error != "analysis skipped due to errors in package" {
				t.Errorf("-json: %s %s: error %q", id, name, e.Error)
			}
			if id == "example.com/retrylintexample/typed" {
				errored[name] = true
			}
		}
	}
	for _, a := range analyzers.All() {
		if !errored[a.Name] {
			t.Errorf("-json: no %s error for example.com/retrylintexample/typed:\n%s", a.Name, js.stdout)
		}
	}
	noInternalNames(t, "retrylint -json", js.stdout)

	vet := run(t, dir, "go", "vet", "-vettool="+bin, "./typed")
	if vet.code == 0 || !strings.Contains(vet.stderr, "cannot use") {
		t.Errorf("go vet ./typed: exit %d\n%s", vet.code, vet.stderr)
	}
	noInternalNames(t, "go vet", vet.stderr)
}

func TestBadFlagIsShort(t *testing.T) {
	bin := buildTool(t)
	dir := exampleModule(t)
	const msg = `invalid value "" for flag -retryafter.headers: empty header list`
	res := run(t, dir, bin, "-retryafter.headers=", "./...")
	want := "retrylint: " + msg + ": give at least one header name\nrun 'retrylint -help' for the flags and analyzers\n"
	if res.code != 2 || res.stderr != want {
		t.Errorf("retrylint: exit %d, stderr:\n%s\nwant exit 2, stderr:\n%s", res.code, res.stderr, want)
	}
	unknown := run(t, dir, bin, "-nosuch", "./...")
	if unknown.code != 2 || strings.Count(unknown.stderr, "\n") != 2 || !strings.Contains(unknown.stderr, "-nosuch") {
		t.Errorf("retrylint -nosuch: exit %d:\n%s", unknown.code, unknown.stderr)
	}

	if strings.Contains(res.stderr, "-authlog.headers") {
		t.Error("a bad flag still prints the list of flags")
	}

	// go vet runs the tool once per package, and on each dependency for
	// facts: each package asked about prints the message and the hint,
	// under its "# package" line, and the dependency stays silent.
	mod := writeModule(t, map[string]string{
		"dep/dep.go": "package dep\n\nfunc F() {}\n",
		"a/a.go":     "package a\n\nimport \"example.com/m/dep\"\n\nfunc A() { dep.F() }\n",
		"b/b.go":     "package b\n\nimport \"example.com/m/dep\"\n\nfunc B() { dep.F() }\n",
	})
	vet := run(t, mod, "go", "vet", "-vettool="+bin, "-retryafter.headers=", "./a", "./b")
	got := map[string]string{} // package -> what is printed under it
	pkg := ""
	for _, line := range strings.Split(strings.TrimSpace(vet.stderr), "\n") {
		if p, ok := strings.CutPrefix(line, "# "); ok {
			pkg = p
			continue
		}
		got[pkg] += line + "\n"
	}
	wantUnder := msg + ": give at least one header name\nrun 'retrylint -help' for the flags and analyzers\n"
	wantVet := map[string]string{"example.com/m/a": wantUnder, "example.com/m/b": wantUnder}
	if vet.code != 1 || !maps.Equal(got, wantVet) {
		t.Errorf("go vet ./a ./b: exit %d, stderr:\n%s\nwant exit 1, under each of example.com/m/a and example.com/m/b:\n%s", vet.code, vet.stderr, wantUnder)
	}
}

// TestMulticheckerFlagsAreGone checks what the README says of the flags
// of multichecker that the command no longer takes.
func TestMulticheckerFlagsAreGone(t *testing.T) {
	bin := buildTool(t)
	dir := t.TempDir()
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"-debug", "-cpuprofile", "-memprofile", "-trace", "-v"} {
		if !strings.Contains(string(readme), "`"+f+"`") {
			t.Errorf("README does not say that %s is gone", f)
		}
		res := run(t, dir, bin, f+"=x", "./...")
		if res.code != 2 || !strings.Contains(res.stderr, "flag provided but not defined: "+f) {
			t.Errorf("retrylint %s=x: exit %d, want 2\n%s", f, res.code, res.stderr)
		}
	}
	if strings.Contains(string(readme), "as JSON (exit 0)") {
		t.Error("README says -json exits 0; it exits 1 on load errors")
	}
}

func TestVersion(t *testing.T) {
	bin := buildTool(t)
	dir := t.TempDir()
	versionRE := regexp.MustCompile(`^retrylint (v\d+\.\d+\.\d+\S*|\(devel\)( [0-9a-f]+(\+modified)?)?) go\d\S*\n$`)
	for _, args := range [][]string{{"version"}, {"-version"}, {"-V"}} {
		res := run(t, dir, bin, args...)
		if res.code != 0 || !versionRE.MatchString(res.stdout) {
			t.Errorf("retrylint %v: exit %d, stdout %q, stderr %q", args, res.code, res.stdout, res.stderr)
		}
	}
	// -V=full keeps the shape cmd/go parses for its cache key.
	full := run(t, dir, bin, "-V=full")
	if !regexp.MustCompile(`^\S+ version devel \S+ buildID=[0-9a-f]{64}\n$`).MatchString(full.stdout) {
		t.Errorf("-V=full: %q", full.stdout)
	}
	flags := run(t, dir, bin, "-flags")
	var list []struct{ Name string }
	if err := json.Unmarshal([]byte(flags.stdout), &list); err != nil || len(list) == 0 {
		t.Errorf("-flags: %v\n%s", err, flags.stdout)
	}
}

func TestHelp(t *testing.T) {
	bin := buildTool(t)
	dir := t.TempDir()
	res := run(t, dir, bin, "help")
	if res.code != 0 {
		t.Fatalf("retrylint help: exit %d\n%s", res.code, res.stderr)
	}
	for _, a := range analyzers.All() {
		summary, _, _ := strings.Cut(a.Doc, "\n")
		if !strings.Contains(res.stdout, a.Name) || !strings.Contains(res.stdout, summary) {
			t.Errorf("help lacks %s: %s", a.Name, summary)
		}
	}
	for _, want := range []string{
		"0 no findings, 3 findings, 1 a package did not", "go vet -vettool", "go fix -fixtool",
		"golangci-lint", "pre-commit", "//nolint:retryafter", "//retrylint:ignore retryafter",
		"https://pkg.go.dev/github.com/retrylint/retrylint", "-json", "-fix",
		"applied 7 of 9 fixes in 4 files", "git apply",
	} {
		if !strings.Contains(res.stdout, want) {
			t.Errorf("help lacks %q:\n%s", want, res.stdout)
		}
	}
	noInternalNames(t, "help", res.stdout)
	if dash := run(t, dir, bin, "-help"); dash.stdout != res.stdout {
		t.Errorf("-help differs from help:\n%s", dash.stdout)
	}

	one := run(t, dir, bin, "help", "retryafter")
	if one.code != 0 || !strings.HasPrefix(one.stdout, "retryafter: report Retry-After") || !strings.Contains(one.stdout, "-retryafter.headers") {
		t.Errorf("help retryafter: exit %d\n%s", one.code, one.stdout)
	}
	if bad := run(t, dir, bin, "help", "callindex"); bad.code == 0 {
		t.Errorf("help callindex: exit 0, an internal analyzer is documented:\n%s", bad.stdout)
	}
}

func TestUnusedSinkWarns(t *testing.T) {
	bin := buildTool(t)
	dir := exampleModule(t)
	res := run(t, dir, bin, "-authlog.sinks=example.com/nosuch.Infof,(*log.Logger).Nope,log.Printf", "./...")
	if res.code != 3 {
		t.Errorf("exit %d, want 3\n%s", res.code, res.stderr)
	}
	for _, want := range []string{
		"warning: -authlog.sinks: example.com/nosuch.Infof matches nothing: no package loaded here imports example.com/nosuch",
		"warning: -authlog.sinks: (*log.Logger).Nope matches nothing: log has no method Logger.Nope",
	} {
		if strings.Count(res.stderr, want) != 1 {
			t.Errorf("want once: %s\n%s", want, res.stderr)
		}
	}
	if strings.Contains(res.stderr, "log.Printf matches nothing") {
		t.Errorf("a sink that exists is reported:\n%s", res.stderr)
	}
	// -fix gives the warning before it fixes; the
	// warning follows the selection of analyzers.
	const nosuch = "-authlog.sinks: example.com/nosuch.Infof matches nothing"
	fix := run(t, dir, bin, "-fix", "-diff", "-authlog.sinks=example.com/nosuch.Infof", "./...")
	if strings.Count(fix.stderr, nosuch) != 1 || !strings.Contains(fix.stdout, "+++") {
		t.Errorf("-fix -diff: exit %d, want the warning once and a diff\n%s\n%s", fix.code, fix.stdout, fix.stderr)
	}
	off := run(t, dir, bin, "-fix", "-diff", "-authlog=false", "-authlog.sinks=example.com/nosuch.Infof", "./...")
	if strings.Contains(off.stderr, "warning") {
		t.Errorf("-fix -authlog=false warns of authlog's sinks:\n%s", off.stderr)
	}
	// go vet sees one package at a time and cannot tell: it stays silent.
	vet := run(t, dir, "go", "vet", "-vettool="+bin, "-authlog.sinks=example.com/nosuch.Infof", "./...")
	if vet.code != 1 || strings.Contains(vet.stderr, "warning") {
		t.Errorf("go vet: exit %d\n%s", vet.code, vet.stderr)
	}
}

// suppressed is a package with the same finding in many functions, each
// silenced, or not, in another way.
const suppressed = `package s

import (
	"net/http"
	"strconv"
	"time"
)

const maxWait = 30 * time.Second

func retryAfter(resp *http.Response) time.Duration {
	v := resp.Header.Get("Retry-After")
	if secs, err := strconv.Atoi(v); err == nil && secs >= 0 {
		return time.Duration(secs) * time.Second
	}
	if t, err := http.ParseTime(v); err == nil {
		return time.Until(t)
	}
	return 0
}

func Reported(resp *http.Response) time.Duration {
	return min(retryAfter(resp), maxWait)
}

func Nolint(resp *http.Response) time.Duration {
	return min(retryAfter(resp), maxWait) //nolint:retryafter // the caller gives up past maxWait
}

func NolintAbove(resp *http.Response) time.Duration {
	//nolint:errcheck,retryafter
	return min(retryAfter(resp), maxWait)
}

func NolintAll(resp *http.Response) time.Duration {
	return min(retryAfter(resp), maxWait) //nolint:all
}

func Ignore(resp *http.Response) time.Duration {
	//retrylint:ignore retryafter the caller gives up past maxWait
	return min(retryAfter(resp), maxWait)
}

func OtherAnalyzer(resp *http.Response) time.Duration {
	return min(retryAfter(resp), maxWait) //nolint:authlog
}

func Typo(resp *http.Response) time.Duration {
	return min(retryAfter(resp), maxWait) //nolint:retryafer
}

func Unknown(resp *http.Response) time.Duration {
	//retrylint:ignore nosuch,retryafter the reason
	return min(retryAfter(resp), maxWait)
}

func TrailingThisLineOnly(resp *http.Response) (time.Duration, time.Duration) {
	a := min(retryAfter(resp), maxWait) //nolint:retryafter // this line, not the next
	b := min(retryAfter(resp), maxWait)
	return a, b
}
`

// suppressedWant returns the findings expected in suppressed, as
// "line: text" with the line of each function's return or directive.
func suppressedWant() []string {
	lines := strings.Split(suppressed, "\n")
	find := func(fn string, delta int) int {
		for i, l := range lines {
			if strings.HasPrefix(l, "func "+fn+"(") {
				return i + 1 + delta
			}
		}
		panic(fn)
	}
	return []string{
		strconv.Itoa(find("Reported", 1)) + ": Retry-After is capped",
		strconv.Itoa(find("OtherAnalyzer", 1)) + ": Retry-After is capped",
		strconv.Itoa(find("Typo", 1)) + ": Retry-After is capped",
		strconv.Itoa(find("Typo", 1)) + `: //nolint names "retryafer", which is no retrylint analyzer (did you mean retryafter?)`,
		strconv.Itoa(find("Unknown", 1)) + `: //retrylint:ignore names "nosuch", which is no retrylint analyzer`,
		strconv.Itoa(find("TrailingThisLineOnly", 2)) + ": Retry-After is capped",
	}
}

var sFindingRE = regexp.MustCompile(`(?m)^.*s\.go:(\d+):\d+: (.*) \[(\w+)\]$`)

func checkSuppressed(t *testing.T, what, out string) {
	t.Helper()
	var got []string
	for _, m := range sFindingRE.FindAllStringSubmatch(out, -1) {
		got = append(got, m[1]+": "+m[2])
	}
	slices.Sort(got)
	want := suppressedWant()
	slices.Sort(want)
	ok := len(got) == len(want)
	for i := 0; ok && i < len(want); i++ {
		ok = strings.HasPrefix(got[i], want[i])
	}
	if !ok {
		t.Errorf("%s: findings\n%s\nwant (prefixes)\n%s\noutput:\n%s", what, strings.Join(got, "\n"), strings.Join(want, "\n"), out)
	}
}

func TestSuppressionComments(t *testing.T) {
	bin := buildTool(t)
	dir := writeModule(t, map[string]string{"s/s.go": suppressed})

	res := run(t, dir, bin, "./...")
	if res.code != 3 {
		t.Errorf("retrylint: exit %d, want 3", res.code)
	}
	checkSuppressed(t, "retrylint", res.stderr)

	vet := run(t, dir, "go", "vet", "-vettool="+bin, "./...")
	if vet.code != 1 {
		t.Errorf("go vet: exit %d, want 1", vet.code)
	}
	checkSuppressed(t, "go vet", vet.stderr)

	// The typo's fix names the analyzer, after which the line is silent.
	if fix := run(t, dir, bin, "-fix", "./..."); fix.code != 0 {
		t.Fatalf("retrylint -fix: exit %d\n%s", fix.code, fix.stderr)
	}
	src, _ := os.ReadFile(filepath.Join(dir, "s/s.go"))
	if !strings.Contains(string(src), "//nolint:retryafter\n") {
		t.Errorf("-fix did not mend //nolint:retryafer:\n%s", src)
	}
}

// TestSinkMethodsAreFound checks the unused-sink warning against methods
// of an interface and of a struct, with and without the star, and against
// writers: a field and a package variable.
func TestSinkMethodsAreFound(t *testing.T) {
	bin := buildTool(t)
	dir := writeModule(t, map[string]string{
		"lg/lg.go": `package lg

import "io"

type Config struct{ Trace io.Writer }

var Dump io.Writer

type Logger interface {
	Infof(format string, args ...any)
}

type File struct{}

func (*File) Infof(format string, args ...any) {}

func (File) Debugf(format string, args ...any) {}
`,
		"p/p.go": `package p

import "example.com/m/lg"

func Use(l lg.Logger, f *lg.File) {
	l.Infof("x")
	f.Infof("x")
	f.Debugf("x")
}
`,
	})
	used := []string{
		"(example.com/m/lg.Logger).Infof",
		"(*example.com/m/lg.File).Infof",
		"(example.com/m/lg.File).Debugf",
		"(*example.com/m/lg.File).Debugf",
		"(example.com/m/lg.Config).Trace",
		"example.com/m/lg.Dump",
	}
	res := run(t, dir, bin, "-authlog.sinks="+strings.Join(used, ",")+",(example.com/m/lg.Logger).Nope", "./...")
	if res.code != 0 {
		t.Errorf("exit %d, want 0\n%s", res.code, res.stderr)
	}
	for _, s := range used {
		if strings.Contains(res.stderr, s+" matches nothing") {
			t.Errorf("%s exists but is reported:\n%s", s, res.stderr)
		}
	}
	want := "warning: -authlog.sinks: (example.com/m/lg.Logger).Nope matches nothing: example.com/m/lg has no method Logger.Nope"
	if strings.Count(res.stderr, want) != 1 {
		t.Errorf("want once: %s\n%s", want, res.stderr)
	}
}

// TestUnknownNameReportedOnce checks that a suppression comment naming no
// analyzer is reported once, by the first analyzer that runs, whichever
// analyzers the flags select.
func TestUnknownNameReportedOnce(t *testing.T) {
	bin := buildTool(t)
	dir := writeModule(t, map[string]string{"s/s.go": suppressed})
	tests := []struct {
		flags []string
		want  string // the analyzer that reports
	}{
		{nil, "authlog"},
		{[]string{"-authlog=false"}, "retryafter"},
		{[]string{"-authlog=false", "-retryafter=false"}, "retrydeadline"},
		{[]string{"-retryidempotency"}, "retryidempotency"},
	}
	for _, tt := range tests {
		for _, tool := range [][]string{
			append(append([]string{bin}, tt.flags...), "./..."),
			append(append([]string{"go", "vet", "-vettool=" + bin}, tt.flags...), "./..."),
		} {
			res := run(t, dir, tool[0], tool[1:]...)
			for _, name := range []string{"nosuch", "retryafer"} {
				var got []string
				for _, m := range sFindingRE.FindAllStringSubmatch(res.stderr, -1) {
					if strings.Contains(m[2], `names "`+name+`"`) {
						got = append(got, m[3])
					}
				}
				if !slices.Equal(got, []string{tt.want}) {
					t.Errorf("%s %v: %q reported by %v, want %s once\n%s", filepath.Base(tool[0]), tool[1:], name, got, tt.want, res.stderr)
				}
			}
		}
	}
}

// TestTestFiles checks that a finding in a package with tests prints once,
// although its file is analysed in both p and p [p.test], and that
// -test=false leaves the test files out.
func TestTestFiles(t *testing.T) {
	bin := buildTool(t)
	const code = `
import (
	"net/http"
	"strconv"
	"time"
)

func %s(resp *http.Response) time.Duration {
	if secs, err := strconv.Atoi(resp.Header.Get("Retry-After")); err == nil {
		return min(time.Duration(secs)*time.Second, time.Minute)
	}
	return 0
}
`
	dir := writeModule(t, map[string]string{
		"p/p.go":      "package p\n" + fmt.Sprintf(code, "Wait"),
		"p/p_test.go": "package p\n" + fmt.Sprintf(code, "waitInTest"),
	})
	count := func(out string) (inP, inTest int) {
		for _, line := range strings.Split(out, "\n") {
			switch {
			case strings.Contains(line, "p.go:"):
				inP++
			case strings.Contains(line, "p_test.go:"):
				inTest++
			}
		}
		return
	}
	res := run(t, dir, bin, "./...")
	inP, inTest := count(res.stderr)
	if res.code != 3 || inP == 0 || inTest != inP {
		t.Fatalf("retrylint: exit %d, %d lines in p.go and %d in p_test.go, want 3 and as many in each:\n%s", res.code, inP, inTest, res.stderr)
	}
	lines := strings.Split(strings.TrimSpace(res.stderr), "\n")
	if len(lines) != len(slices.Compact(slices.Sorted(slices.Values(lines)))) {
		t.Errorf("retrylint printed a finding twice:\n%s", res.stderr)
	}

	noTest := run(t, dir, bin, "-test=false", "./...")
	if p, test := count(noTest.stderr); noTest.code != 3 || p != inP || test != 0 {
		t.Errorf("retrylint -test=false: exit %d, %d lines in p.go and %d in p_test.go, want 3, %d and 0:\n%s", noTest.code, p, test, inP, noTest.stderr)
	}
}
