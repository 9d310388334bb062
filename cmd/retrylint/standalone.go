package main

import (
	"cmp"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"go/token"
	"go/types"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/logsink"
)

// options are the driver's own flags.
type options struct {
	json    bool
	context int
	fix     bool
	diff    bool
	test    bool
	version bool
	cache   bool
}

// standalone runs the command on packages loaded with go/packages and
// returns its exit code.
func standalone(args []string) int {
	var running []string // the analyzers that run, once the flags are read
	as := suite(false, func() []string { return running })
	fs, opts, enabled := newFlagSet(as)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			printHelp(os.Stdout, as, fs)
			return 0
		}
		fmt.Fprintf(os.Stderr, "%s: %v\nrun '%s -help' for the flags and analyzers\n", progname, err, progname)
		return 2
	}
	rest := fs.Args()
	switch {
	case opts.version || len(rest) == 1 && rest[0] == "version":
		fmt.Printf("%s %s\n", progname, version())
		return 0
	case len(rest) > 0 && rest[0] == "help":
		return help(as, fs, rest[1:])
	case len(rest) == 0:
		fmt.Fprintf(os.Stderr, "usage: %s [flags] packages...\nrun '%s -help' for the flags and analyzers\n", progname, progname)
		return 2
	}
	as = selected(as, enabled)
	running = analyzerNames(as)
	if opts.fix && opts.cache && opts.test {
		if code, ok := cachedFix(rest, fs, as, opts); ok {
			return code
		}
	}
	if opts.fix {
		return fixInProcess(rest, as, opts)
	}

	if opts.cache && opts.test {
		if code, ok := cachedRun(rest, fs, as, opts); ok {
			return code
		}
	}

	initial, code := load(rest, opts.test, false)
	if initial == nil {
		return code
	}
	warnUnusedSinks(initial, as)
	graph, err := analyze(as, initial)
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", progname, err)
		return 1
	}
	res := collect(graph)
	if opts.json {
		if err := printJSON(os.Stdout, graph); err != nil {
			fmt.Fprintf(os.Stderr, "%s: %v\n", progname, err)
			return 1
		}
		return code
	}
	printText(os.Stderr, res, opts.context)
	switch {
	case code != 0 || len(res.errors) > 0:
		return 1
	case len(res.findings) > 0:
		return 3
	}
	return 0
}

// fixInProcess loads and analyses the packages in process, prints their
// load errors and the analyzer failures, and applies the fixes of the
// packages that analysed (see applyFixes).
func fixInProcess(patterns []string, as []*analysis.Analyzer, opts *options) int {
	initial, code := load(patterns, opts.test, false)
	if initial == nil {
		return code
	}
	warnUnusedSinks(initial, as)
	graph, err := analyze(as, initial)
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", progname, err)
		return 1
	}
	res := collect(graph)
	printText(os.Stderr, results{errors: res.errors}, -1)
	if !applyFixes(graphFixes(graph), opts.diff, os.Stdout, os.Stderr) || code != 0 || len(res.errors) > 0 {
		return 1
	}
	return 0
}

func help(as []*analysis.Analyzer, fs *flag.FlagSet, names []string) int {
	if len(names) == 0 {
		printHelp(os.Stdout, as, fs)
		return 0
	}
	for _, name := range names {
		i := slices.IndexFunc(as, func(a *analysis.Analyzer) bool { return a.Name == name })
		if i < 0 {
			var known []string
			for _, a := range as {
				known = append(known, a.Name)
			}
			fmt.Fprintf(os.Stderr, "%s: no analyzer named %q; the analyzers are %s\n", progname, name, strings.Join(known, ", "))
			return 2
		}
		printAnalyzerHelp(os.Stdout, as[i])
	}
	return 0
}

// newFlagSet returns the command's flags: the driver's own, and for each
// analyzer -NAME (to select it) and -NAME.FLAG.
func newFlagSet(as []*analysis.Analyzer) (*flag.FlagSet, *options, map[string]*triState) {
	fs := flag.NewFlagSet(progname, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	opts := &options{context: -1}
	fs.BoolVar(&opts.json, "json", false, "print the findings and their fixes as JSON on stdout")
	fs.IntVar(&opts.context, "c", -1, "print each finding's line with `N` lines of context")
	fs.BoolVar(&opts.fix, "fix", false, "apply the suggested fixes and print how many were applied in how many files")
	fs.BoolVar(&opts.diff, "diff", false, "with -fix, print the fixes as a unified diff instead of applying them")
	fs.BoolVar(&opts.test, "test", true, "lint the packages' test files too")
	fs.BoolVar(&opts.cache, "cache", true, "reuse the analysis of unchanged packages from the go command's cache (through go vet -vettool)")
	fs.BoolVar(&opts.version, "version", false, "print the version and exit")
	fs.BoolVar(&opts.version, "V", false, "print the version and exit")
	enabled := map[string]*triState{}
	for _, a := range as {
		ts := new(triState)
		enabled[a.Name] = ts
		fs.Var(ts, a.Name, "run the "+a.Name+" analyzer")
		a.Flags.VisitAll(func(f *flag.Flag) {
			fs.Var(f.Value, a.Name+"."+f.Name, f.Usage)
		})
	}
	return fs, opts, enabled
}

// selected applies the -NAME flags: with any -NAME=true only those
// analyzers run, otherwise all but those with -NAME=false.
func selected(as []*analysis.Analyzer, enabled map[string]*triState) []*analysis.Analyzer {
	var out []*analysis.Analyzer
	for _, a := range as {
		if runs(a.Name, enabled) {
			out = append(out, a)
		}
	}
	return out
}

// runs reports whether the -NAME flags select the analyzer name.
func runs(name string, enabled map[string]*triState) bool {
	anyTrue := false
	for _, ts := range enabled {
		anyTrue = anyTrue || *ts == setTrue
	}
	ts := unset
	if p := enabled[name]; p != nil {
		ts = *p
	}
	return anyTrue && ts == setTrue || !anyTrue && ts != setFalse
}

// A triState is a boolean flag that knows whether it was set.
type triState int

const (
	unset triState = iota
	setTrue
	setFalse
)

func (ts *triState) IsBoolFlag() bool { return true }

func (ts *triState) String() string {
	if *ts == setFalse {
		return "false"
	}
	return "true"
}

func (ts *triState) Set(s string) error {
	b, err := strconv.ParseBool(s)
	if err != nil {
		return errors.New("want true or false")
	}
	*ts = setFalse
	if b {
		*ts = setTrue
	}
	return nil
}

// load loads the packages and prints each of their errors once, in the go
// command's words, unless quiet. It returns nil and an exit code when
// nothing could be loaded, and otherwise the packages and 1 when some had
// errors.
// analyze runs the analyzers on the initial packages and what they
// import. Only the initial packages' findings are shown: the analyzers
// are told so, and on the others stop once their facts are exported.
func analyze(as []*analysis.Analyzer, initial []*packages.Package) (*checker.Graph, error) {
	roots := make([]*types.Package, 0, len(initial))
	for _, p := range initial {
		roots = append(roots, p.Types)
	}
	defer analysisutil.SetRoots(roots)()
	return checker.Analyze(as, initial, nil)
}

func load(patterns []string, tests, quiet bool) ([]*packages.Package, int) {
	cfg := &packages.Config{
		Mode:  packages.LoadAllSyntax | packages.NeedModule,
		Tests: tests,
	}
	initial, err := packages.Load(cfg, patterns...)
	if err != nil {
		if !quiet {
			fmt.Fprintf(os.Stderr, "%s: %v\n", progname, err)
		}
		return nil, 1
	}
	if len(initial) == 0 {
		if !quiet {
			fmt.Fprintf(os.Stderr, "%s: %s matched no packages\n", progname, strings.Join(patterns, " "))
		}
		return nil, 1
	}
	seen := map[string]bool{}
	print := func(msg string) {
		if !seen[msg] {
			seen[msg] = true
			if !quiet {
				fmt.Fprintln(os.Stderr, msg)
			}
		}
	}
	packages.Visit(initial, nil, func(p *packages.Package) {
		if p.Module != nil && p.Module.Error != nil {
			print(p.Module.Error.Err)
		}
		for _, e := range p.Errors {
			if e.Pos == "" || e.Pos == "-" {
				print(e.Msg)
			} else {
				print(e.Pos + ": " + e.Msg)
			}
		}
	})
	if len(seen) > 0 {
		return initial, 1
	}
	return initial, 0
}

// A finding is one diagnostic of an analyzer on a root package.
type finding struct {
	analyzer  *analysis.Analyzer
	posn, end token.Position
	message   string
	related   []related
}

type related struct {
	posn, end token.Position
	message   string
}

type results struct {
	findings []finding
	errors   []string // "analyzer: error", for failures other than load errors
}

// collect gathers the findings of the root actions, once each (a file of
// a package and of its test variant is analysed twice), sorted by file,
// line and column, and the analyzer failures that are not load errors.
func collect(graph *checker.Graph) results {
	seenErr := map[string]bool{}
	var res results
	for _, act := range graph.Roots {
		if act.Err != nil {
			for _, cause := range causes(act) {
				if cause.loadError {
					continue // printed by load
				}
				line := act.Analyzer.Name + ": " + cause.msg
				if !seenErr[line] {
					seenErr[line] = true
					res.errors = append(res.errors, line)
				}
			}
			continue
		}
		fset := act.Package.Fset
		for _, d := range act.Diagnostics {
			f := finding{analyzer: act.Analyzer, posn: fset.Position(d.Pos), end: fset.Position(d.End), message: d.Message}
			for _, r := range d.Related {
				f.related = append(f.related, related{fset.Position(r.Pos), fset.Position(r.End), r.Message})
			}
			res.findings = append(res.findings, f)
		}
	}
	res.findings = dedupe(res.findings)
	return res
}

// dedupe sorts the findings by file, line and column and drops those
// reported again (on the test variant of a package, for example).
func dedupe(findings []finding) []finding {
	type key struct {
		posn, end token.Position
		name, msg string
	}
	seen := map[key]bool{}
	var out []finding
	for _, f := range findings {
		k := key{f.posn, f.end, f.analyzer.Name, f.message}
		if !seen[k] {
			seen[k] = true
			out = append(out, f)
		}
	}
	slices.SortStableFunc(out, func(a, b finding) int {
		return cmp.Or(
			cmp.Compare(a.posn.Filename, b.posn.Filename),
			cmp.Compare(a.posn.Line, b.posn.Line),
			cmp.Compare(a.posn.Column, b.posn.Column),
			cmp.Compare(a.analyzer.Name, b.analyzer.Name),
			cmp.Compare(a.message, b.message))
	})
	return out
}

// A cause is why an action failed, in words that name no internal
// analyzer.
type cause struct {
	msg       string
	loadError bool // the package, or a dependency, did not load or type-check
}

// causes returns the root causes of a failed action: its own error, or
// those of the prerequisites that failed first.
func causes(act *checker.Action) []cause {
	var out []cause
	seen := map[*checker.Action]bool{}
	var visit func(a *checker.Action)
	visit = func(a *checker.Action) {
		if seen[a] || a.Err == nil {
			return
		}
		seen[a] = true
		if a.Package.IllTyped || len(a.Package.Errors) > 0 {
			msg := "analysis skipped due to errors in package"
			if a.Package != act.Package {
				msg += " " + a.Package.PkgPath
			}
			out = append(out, cause{msg, true})
			return
		}
		if !strings.HasPrefix(a.Err.Error(), "failed prerequisites: ") {
			out = append(out, cause{a.Err.Error(), false})
			return
		}
		for _, d := range a.Deps {
			visit(d)
		}
	}
	visit(act)
	return out
}

// printText prints the findings as "file:line:col: message [analyzer]",
// then the analyzer failures.
func printText(w io.Writer, res results, context int) {
	for _, f := range res.findings {
		print := func(posn, last token.Position, msg string) {
			fmt.Fprintf(w, "%s: %s\n", posn, msg)
			if context < 0 {
				return
			}
			if !last.IsValid() {
				last = posn
			}
			data, _ := os.ReadFile(posn.Filename)
			lines := strings.Split(string(data), "\n")
			for i := posn.Line - context; i <= last.Line+context; i++ {
				if 1 <= i && i <= len(lines) {
					fmt.Fprintf(w, "%d\t%s\n", i, lines[i-1])
				}
			}
		}
		print(f.posn, f.end, f.message+" ["+f.analyzer.Name+"]")
		for _, rel := range f.related {
			print(rel.posn, rel.end, "\t"+rel.message)
		}
	}
	for _, e := range res.errors {
		fmt.Fprintln(w, e)
	}
}

// The JSON output keeps the shape of the go/analysis drivers (package ID
// -> analyzer -> findings or {"error": ...}), with the documentation URL
// of each finding added.
type jsonEdit struct {
	Filename string `json:"filename"`
	Start    int    `json:"start"`
	End      int    `json:"end"`
	New      string `json:"new"`
}

type jsonFix struct {
	Message string     `json:"message"`
	Edits   []jsonEdit `json:"edits"`
}

type jsonRelated struct {
	Posn    string `json:"posn"`
	End     string `json:"end"`
	Message string `json:"message"`
}

type jsonDiagnostic struct {
	Category       string        `json:"category,omitempty"`
	Posn           string        `json:"posn"`
	End            string        `json:"end"`
	Message        string        `json:"message"`
	URL            string        `json:"url,omitempty"`
	SuggestedFixes []jsonFix     `json:"suggested_fixes,omitempty"`
	Related        []jsonRelated `json:"related,omitempty"`
}

type jsonError struct {
	Err string `json:"error"`
}

// printJSON prints the findings of the root actions and the failures of
// every action of a suite analyzer (dependencies included, where the
// analyzers run for facts); the internal analyzers do not appear.
func printJSON(w io.Writer, graph *checker.Graph) error {
	public := map[*analysis.Analyzer]bool{}
	for _, act := range graph.Roots {
		public[act.Analyzer] = true
	}
	tree := map[string]map[string]any{}
	add := func(id, name string, v any) {
		if tree[id] == nil {
			tree[id] = map[string]any{}
		}
		tree[id][name] = v
	}
	for act := range graph.All() {
		if !public[act.Analyzer] {
			continue
		}
		id, name := act.Package.ID, act.Analyzer.Name
		if act.Err != nil {
			var msgs []string
			for _, c := range causes(act) {
				msgs = append(msgs, c.msg)
			}
			msg := strings.Join(msgs, "; ")
			if act.Package.IllTyped || len(act.Package.Errors) > 0 || !strings.HasPrefix(act.Err.Error(), "failed prerequisites: ") {
				add(id, name, jsonError{msg})
			} else {
				add(id, name, jsonError{"failed prerequisites: " + msg})
			}
			continue
		}
		if !act.IsRoot || len(act.Diagnostics) == 0 {
			continue
		}
		fset := act.Package.Fset
		var diags []jsonDiagnostic
		for _, d := range act.Diagnostics {
			jd := jsonDiagnostic{
				Category: d.Category,
				Posn:     fset.Position(d.Pos).String(),
				End:      fset.Position(cmp.Or(d.End, d.Pos)).String(),
				Message:  d.Message,
				URL:      cmp.Or(d.URL, act.Analyzer.URL),
			}
			for _, fix := range d.SuggestedFixes {
				jf := jsonFix{Message: fix.Message, Edits: []jsonEdit{}}
				for _, e := range fix.TextEdits {
					jf.Edits = append(jf.Edits, jsonEdit{
						Filename: fset.Position(e.Pos).Filename,
						Start:    fset.Position(e.Pos).Offset,
						End:      fset.Position(e.End).Offset,
						New:      string(e.NewText),
					})
				}
				jd.SuggestedFixes = append(jd.SuggestedFixes, jf)
			}
			for _, r := range d.Related {
				jd.Related = append(jd.Related, jsonRelated{
					Posn:    fset.Position(r.Pos).String(),
					End:     fset.Position(cmp.Or(r.End, r.Pos)).String(),
					Message: r.Message,
				})
			}
			diags = append(diags, jd)
		}
		add(id, name, diags)
	}
	return writeJSON(w, tree)
}

func writeJSON(w io.Writer, tree map[string]map[string]any) error {
	data, err := json.MarshalIndent(tree, "", "\t")
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s\n", data)
	return err
}

// warnUnusedSinks warns, once each, of a configured -authlog.sinks entry
// that can match nothing: its package is not among the loaded packages
// and their dependencies, or has no such function or method.
func warnUnusedSinks(initial []*packages.Package, as []*analysis.Analyzer) {
	sinks := configuredSinks(as)
	if len(sinks) == 0 {
		return
	}
	loaded := map[string]*types.Package{}
	packages.Visit(initial, nil, func(p *packages.Package) {
		if p.Types != nil {
			loaded[p.PkgPath] = p.Types
		}
	})
	for _, s := range sinks {
		pkg := loaded[s.Pkg]
		switch {
		case pkg == nil:
			fmt.Fprintf(os.Stderr, "%s: warning: -authlog.sinks: %s matches nothing: no package loaded here imports %s\n", progname, s, s.Pkg)
		case !declares(pkg, s):
			what := "function " + s.Name
			if s.Recv != "" {
				what = "method " + s.Recv + "." + s.Name
			}
			fmt.Fprintf(os.Stderr, "%s: warning: -authlog.sinks: %s matches nothing: %s has no %s\n", progname, s, s.Pkg, what)
		}
	}
}

// configuredSinks returns the -authlog.sinks entries, if authlog runs.
func configuredSinks(as []*analysis.Analyzer) logsink.Funcs {
	i := slices.IndexFunc(as, func(a *analysis.Analyzer) bool { return a.Name == "authlog" })
	if i < 0 {
		return nil
	}
	f := as[i].Flags.Lookup("sinks")
	if f == nil {
		return nil
	}
	sinks, ok := f.Value.(*logsink.Funcs)
	if !ok {
		return nil
	}
	return *sinks
}

// declares reports whether pkg has the function or method s, or the
// package variable or field s (a writer that is a log).
func declares(pkg *types.Package, s logsink.Func) bool {
	if !pkg.Complete() {
		return true // not fully known: do not guess
	}
	if s.Recv == "" {
		switch pkg.Scope().Lookup(s.Name).(type) {
		case *types.Func, *types.Var:
			return true
		}
		return false
	}
	tn, ok := pkg.Scope().Lookup(s.Recv).(*types.TypeName)
	if !ok {
		return false
	}
	// Addressable, so that the methods of *T are found on a struct type T;
	// not *T itself, whose method set an interface type T does not have.
	obj, _, _ := types.LookupFieldOrMethod(tn.Type(), true, pkg, s.Name)
	switch obj.(type) {
	case *types.Func, *types.Var:
		return true
	}
	return false
}
