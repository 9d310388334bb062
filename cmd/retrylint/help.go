package main

import (
	"flag"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
	"strings"

	"golang.org/x/tools/go/analysis"
)

const docsURL = "https://pkg.go.dev/github.com/retrylint/retrylint"

// printHelp writes the command's help: what it checks, how to run it, its
// flags and exit codes.
func printHelp(w io.Writer, as []*analysis.Analyzer, fs *flag.FlagSet) {
	fmt.Fprintf(w, `retrylint reports HTTP retry mistakes in Go code: waits that come back
before the server's Retry-After, retries with no overall deadline, writes
retried without an idempotency key, and credentials that reach a log.
Every finding carries a suggested fix.

Usage:

	retrylint [flags] packages...     lint packages, as the go command names them (./...)
	retrylint help [analyzer]         this help, or an analyzer's documentation and flags
	retrylint version                 the module version retrylint was built from

Analyzers (all run by default):

`)
	for _, a := range as {
		fmt.Fprintf(w, "	%-17s %s\n", a.Name, summary(a))
	}
	fmt.Fprintf(w, `
Run 'retrylint help <analyzer>' for what an analyzer reports, a wrong and a
right example, and its flags.

The ways to run it:

	retrylint ./...                                  standalone (this command), cached per package
	go vet -vettool="$(command -v retrylint)" ./...  through go vet, cached per package
	go fix -fixtool="$(command -v retrylint)" ./...  through go fix, applies the fixes
	golangci-lint: the module plugin github.com/retrylint/retrylint/plugin
	pre-commit: the hooks retrylint, retrylint-vet and retrylint-fix

Exit codes (standalone): 0 no findings, 3 findings, 1 a package did not
load or type-check (its errors are printed; the other packages are still
linted), 2 a bad flag or no package given. With -json or -fix the exit code
is 0 unless loading fails. Through go vet: 1 with findings, 0 without.

The standalone command analyses through go vet -json -vettool=retrylint,
so that the go command's cache keeps each package's findings and facts and
a run on unchanged packages replays them; it prints and exits as it would
with the analysis in this process. When go vet fails (a package does not
load) or an analyzer fails, it analyses in process and explains the errors;
-cache=false and -test=false always analyse in process. -fix takes its
fixes from the same analysis (through go vet, or in process), applies the
first fix of each finding that is not silenced, once, skips a fix that
would edit a generated file or overlaps one applied before (re-run to
apply it), formats the files it changes and prints one line on stderr:
"applied 7 of 9 fixes in 4 files (...)". With -diff it changes nothing
and prints a diff that git apply accepts, with paths relative to the
module root; the -authlog.sinks warning comes first.

Silence one finding with a comment at the end of its line, or alone on the
line above it (a comment after code applies to its own line only):

	//nolint:retryafter // the caller gives up past maxWait
	//retrylint:ignore retryafter the caller gives up past maxWait

//nolint:a,b names several analyzers, //nolint or //nolint:all silences
them all. A //retrylint:ignore that names no analyzer is reported.

Flags:

`)
	fs.VisitAll(func(f *flag.Flag) {
		if strings.Contains(f.Name, ".") || isAnalyzer(as, f.Name) || f.Name == "V" {
			return
		}
		printFlag(w, f, f.Name)
	})
	fmt.Fprintf(w, `	-<analyzer>=false
		leave an analyzer out (-<analyzer> alone runs only the analyzers named so)
	-<analyzer>.<flag>=value
		set an analyzer's flag (see retrylint help <analyzer>)

Documentation: %s
`, docsURL)
}

// printAnalyzerHelp writes an analyzer's documentation and flags.
func printAnalyzerHelp(w io.Writer, a *analysis.Analyzer) {
	paras := strings.Split(a.Doc, "\n\n")
	fmt.Fprintf(w, "%s: %s\n", a.Name, paras[0])
	first := true
	a.Flags.VisitAll(func(f *flag.Flag) {
		if first {
			fmt.Fprintf(w, "\nAnalyzer flags:\n\n")
			first = false
		}
		printFlag(w, f, a.Name+"."+f.Name)
	})
	if len(paras) > 1 {
		fmt.Fprintf(w, "\n%s\n", strings.Join(paras[1:], "\n\n"))
	}
	fmt.Fprintf(w, "\nDocumentation: %s\n", a.URL)
}

func printFlag(w io.Writer, f *flag.Flag, name string) {
	kind, usage := flag.UnquoteUsage(f)
	line := "	-" + name
	if kind != "" {
		line += " " + kind
	}
	fmt.Fprintf(w, "%s\n		%s", line, usage)
	if f.DefValue != "" && f.DefValue != "false" {
		fmt.Fprintf(w, " (default %s)", f.DefValue)
	}
	fmt.Fprintln(w)
}

func summary(a *analysis.Analyzer) string {
	s, _, _ := strings.Cut(a.Doc, "\n")
	return s
}

func isAnalyzer(as []*analysis.Analyzer, name string) bool {
	for _, a := range as {
		if a.Name == name {
			return true
		}
	}
	return false
}

// version describes the build: the module version (a tag for go install
// ...@v0.1.0, "(devel)" for a build from a checkout, with its revision),
// and the Go release.
func version() string {
	v := "(devel)"
	var rev, modified string
	if info, ok := debug.ReadBuildInfo(); ok {
		if info.Main.Version != "" {
			v = info.Main.Version
		}
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.modified":
				if s.Value == "true" {
					modified = "+modified"
				}
			}
		}
	}
	if v == "(devel)" && rev != "" {
		v += " " + rev[:min(12, len(rev))] + modified
	}
	return v + " " + runtime.Version()
}
