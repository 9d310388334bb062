package analyzers_test

import (
	"bytes"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"unicode"

	"github.com/retrylint/retrylint/analyzers"
	"github.com/retrylint/retrylint/analyzers/authlog"
	"github.com/retrylint/retrylint/analyzers/retryafter"
	"github.com/retrylint/retrylint/analyzers/retrydeadline"
	"github.com/retrylint/retrylint/analyzers/retryidempotency"
)

// These tests check what Bazel's nogo (rules_go) needs of an analyzer
// package: an exported Analyzer built without side effects at init, and
// every setting reachable through Analyzer.Flags, which nogo's
// "analyzer_flags" set.

// TestNoInitSideEffects checks that importing the analyzer packages
// defines no flag on the command line's flag set (the test binary's own
// flags aside) and that each Analyzer has its own flag set.
func TestNoInitSideEffects(t *testing.T) {
	flag.CommandLine.VisitAll(func(f *flag.Flag) {
		if !strings.HasPrefix(f.Name, "test.") {
			t.Errorf("flag -%s is defined on flag.CommandLine at init", f.Name)
		}
	})
	seen := map[*flag.FlagSet]string{}
	for _, a := range analyzers.All() {
		if other, ok := seen[&a.Flags]; ok {
			t.Errorf("%s shares its flags with %s", a.Name, other)
		}
		seen[&a.Flags] = a.Name
	}
}

// kebab turns a Config field name into its flag name: KeyHeaders ->
// key-headers.
func kebab(name string) string {
	var b strings.Builder
	for i, r := range name {
		if unicode.IsUpper(r) {
			if i > 0 {
				b.WriteByte('-')
			}
			r = unicode.ToLower(r)
		}
		b.WriteRune(r)
	}
	return b.String()
}

// TestEverySettingIsAFlag checks that each field of an analyzer's Config
// has a flag in its Analyzer.Flags, and each flag a field.
func TestEverySettingIsAFlag(t *testing.T) {
	configs := map[string]any{
		authlog.Analyzer.Name:          authlog.DefaultConfig(),
		retryafter.Analyzer.Name:       retryafter.DefaultConfig(),
		retrydeadline.Analyzer.Name:    retrydeadline.DefaultConfig(),
		retryidempotency.Analyzer.Name: retryidempotency.DefaultConfig(),
	}
	for _, a := range analyzers.All() {
		cfg, ok := configs[a.Name]
		if !ok {
			t.Errorf("%s: no Config known to this test", a.Name)
			continue
		}
		fields := map[string]bool{}
		typ := reflect.TypeOf(cfg)
		for i := range typ.NumField() {
			name := kebab(typ.Field(i).Name)
			fields[name] = true
			if a.Flags.Lookup(name) == nil {
				t.Errorf("%s: Config.%s has no flag -%s", a.Name, typ.Field(i).Name, name)
			}
		}
		a.Flags.VisitAll(func(f *flag.Flag) {
			if !fields[f.Name] {
				t.Errorf("%s: flag -%s has no Config field", a.Name, f.Name)
			}
		})
	}
}

// nogoMain is a driver in the shape that nogo generates: it links the
// four analyzer packages, sets their flags through Analyzer.Flags as
// nogo's "analyzer_flags" do, and runs them with unitchecker.
const nogoMain = `package main

import (
	"flag"
	"fmt"
	"os"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/retrylint/retrylint/analyzers/authlog"
	"github.com/retrylint/retrylint/analyzers/retryafter"
	"github.com/retrylint/retrylint/analyzers/retrydeadline"
	"github.com/retrylint/retrylint/analyzers/retryidempotency"
)

func main() {
	// Nothing was registered at init.
	flag.CommandLine.VisitAll(func(f *flag.Flag) {
		fmt.Fprintf(os.Stderr, "flag -%s defined at init\n", f.Name)
		os.Exit(2)
	})
	as := []*analysis.Analyzer{authlog.Analyzer, retryafter.Analyzer, retrydeadline.Analyzer, retryidempotency.Analyzer}
	for _, a := range as {
		for name, value := range analyzerFlags[a.Name] {
			if err := a.Flags.Set(name, value); err != nil {
				fmt.Fprintf(os.Stderr, "%s: -%s: %v\n", a.Name, name, err)
				os.Exit(2)
			}
		}
	}
	unitchecker.Main(as...)
}
`

// buildNogo builds the driver with the analyzer flags given as Go source
// (a map literal, analyzer -> flag -> value) into dir and returns the
// binary.
func buildNogo(t *testing.T, dir, root, flags string) string {
	t.Helper()
	gomod := "module example.com/nogo\n\ngo 1.26.0\n\n" +
		"require (\n\tgithub.com/retrylint/retrylint v0.0.0\n\tgolang.org/x/tools v0.52.0\n)\n\n" +
		"replace github.com/retrylint/retrylint => " + root + "\n"
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		"go.mod":    gomod,
		"go.sum":    string(sum),
		"main.go":   nogoMain,
		"config.go": "package main\n\nvar analyzerFlags = map[string]map[string]string" + flags + "\n",
	}
	for name, content := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	bin := filepath.Join(dir, "nogo")
	if out, err := goCmd(dir, "build", "-mod=mod", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build of the nogo-style driver: %v\n%s", err, out)
	}
	return bin
}

func goCmd(dir string, args ...string) *exec.Cmd {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=", "GOWORK=off")
	return cmd
}

// TestNogoStyleDriver builds a nogo-style driver over the four analyzer
// packages, with the repository through a replace directive, and runs it
// under go vet -vettool on the examples: without flags it reports what
// retrylint reports, and with retryafter's headers set through
// Analyzer.Flags it no longer reports Retry-After.
func TestNogoStyleDriver(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a driver and runs go vet")
	}
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	plain := buildNogo(t, t.TempDir(), root, "{}")
	configured := buildNogo(t, t.TempDir(), root, `{"retryafter": {"headers": "X-Not-Used"}, "retrydeadline": {"attempts": "5"}}`)

	mod := t.TempDir()
	if err := os.CopyFS(filepath.Join(mod, "examples"), os.DirFS("../examples")); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(mod, "go.mod"), []byte("module example.com/nogoexample\n\ngo 1.26.0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	vet := func(bin string) (string, int) {
		var stderr bytes.Buffer
		cmd := goCmd(mod, "vet", "-vettool="+bin, "./...")
		cmd.Stderr = &stderr
		err := cmd.Run()
		code := 0
		if exit, ok := err.(*exec.ExitError); ok {
			code = exit.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		return stderr.String(), code
	}
	finding := regexp.MustCompile(`(?m)^.*examples/weatherclient/\w+\.go:\d+:\d+: (.*)$`)
	messages := func(out string) []string {
		var list []string
		for _, m := range finding.FindAllStringSubmatch(out, -1) {
			list = append(list, m[1])
		}
		return list
	}
	count := func(list []string, substr string) int {
		n := 0
		for _, m := range list {
			if strings.Contains(m, substr) {
				n++
			}
		}
		return n
	}

	out, code := vet(plain)
	got := messages(out)
	if code != 1 || count(got, "Retry-After") == 0 || count(got, "time.Sleep in retry loop ignores cancellation") == 0 ||
		count(got, "without an idempotency key") == 0 || count(got, "reaches log.Printf") == 0 {
		t.Fatalf("nogo-style driver: exit %d, want 1 with findings of the four analyzers:\n%s", code, out)
	}

	out, code = vet(configured)
	conf := messages(out)
	if code != 1 || count(conf, "Retry-After") != 0 || count(conf, "time.Sleep in retry loop") == 0 {
		t.Errorf("with -retryafter.headers=X-Not-Used set through Analyzer.Flags: exit %d, want 1 with no Retry-After finding:\n%s", code, out)
	}
	if len(conf) != len(got)-count(got, "Retry-After") {
		t.Errorf("the flag changed more than retryafter's findings:\nwithout:\n%s\nwith:\n%s", strings.Join(got, "\n"), strings.Join(conf, "\n"))
	}
}
