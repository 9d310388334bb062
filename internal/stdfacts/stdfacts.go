// Package stdfacts ships the facts that the retrylint analyzers export on
// the packages of the standard library, computed once per Go release, so
// that a run does not analyse the standard library again.
//
// The analyzers export facts on every package a root package imports:
// their summaries of net/http, strings, bytes, errors, log/slog and the
// rest are what the analysis of the user's code reads. In the standard
// library those facts depend only on its source, the platform and the
// analyzers' configuration, and computing them took about a third of the
// analysis of a typical run. The table in std.jsonl holds them for one Go
// release and platform (see scripts/stdfacts, which writes it).
//
// An analyzer wrapped by Wrap, on a package of the standard library,
// exports the facts of the table instead of running when all of these
// hold, and runs as always otherwise:
//   - all the package's files are in the Go root (not a toolchain in the
//     module cache, nor the files cgo generates for net or os/user), and
//     the Go root's VERSION, GOOS, GOARCH, CGO_ENABLED and GOEXPERIMENT
//     settings (go/build's ToolTags) are the table's;
//   - the package's files have the names and sizes the table recorded;
//   - every flag of the analyzer has the value it had when the table was
//     written (the default configuration), and its fact types have the
//     fields they had;
//   - the table recorded no diagnostic of the analyzer on the package, so
//     that a run whose root packages are of the standard library reports
//     what it always did;
//   - the maintainers' gate aid (RETRYLINT_GATES=1) is off.
//
// An analyzer that only they use (the retry loops of internal/retryloop),
// wrapped by WrapDep, is skipped the same way, with an empty result, on a
// package where every analyzer wrapped by Wrap in the process is: none of
// them then asks for its result. One analyzer configured otherwise than
// the table (a flag changed) keeps it running everywhere.
//
// A table that cannot be read for a package is no error: the analyzer
// runs. One difference is not seen: build tags given to the go command
// (-tags) that change the files of an imported package of the standard
// library but not those of the package itself.
//
// Facts on unexported package-level functions are not in the table: they
// have no object path, no other package can name them, and the vet tool
// drops them too.
//
// The tests of scripts/stdfacts check that the table equals what the
// analyzers compute, for the Go release and platform it was written for,
// and that a run reading it exports the facts and reports the
// diagnostics of a run that does not. The analyzers' own tests run with
// the table off.
package stdfacts

import (
	"bufio"
	"bytes"
	_ "embed"
	"encoding/json"
	"flag"
	"fmt"
	"go/ast"
	"go/build"
	"go/token"
	"go/types"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/objectpath"

	"github.com/retrylint/retrylint/internal/analysisutil"
)

//go:embed std.jsonl
var stdJSON []byte

// Table is the facts of the analyzers on the packages of the standard
// library of one Go release and platform.
type Table struct {
	// Go is the release, as the first line of the Go root's VERSION
	// file says it (go1.26.8).
	Go     string
	GOOS   string
	GOARCH string
	// CgoEnabled and ToolTags are go/build's (ToolTags holds the
	// GOEXPERIMENT settings), which select the files of packages.
	CgoEnabled bool
	ToolTags   []string
	// Files maps the import path of each package analysed to the base
	// names and sizes of its files, sorted ("client.go:31234").
	Files map[string][]string `json:"-"`
	// Analyzers maps each analyzer's name to what it exports.
	Analyzers map[string]*AnalyzerFacts
}

// AnalyzerFacts is what one analyzer exports on the standard library.
type AnalyzerFacts struct {
	// Flags is the configuration the facts were computed with (see
	// Flags).
	Flags string
	// Schemas maps each fact type to its exported fields, as Schema
	// prints them: a fact type whose fields changed since makes the
	// table inapplicable rather than decoded into zero values.
	Schemas map[string]string
	// Packages maps an import path to what the analyzer exported or
	// reported there; a package of Table.Files that is not listed gave
	// neither.
	Packages map[string]*Package `json:"-"`
}

// The table is stored as JSON lines (std.jsonl): the first holds the
// release, the platform and each analyzer's flags and schemas; each other
// line one package, sorted by path, so that a run (a process a package,
// under go vet) parses the lines of the packages it asks about only.
type pkgLine struct {
	Path      string
	Files     []string
	Analyzers map[string]*Package `json:",omitempty"`
}

// Marshal encodes t as std.jsonl holds it.
func (t *Table) Marshal() ([]byte, error) {
	var b bytes.Buffer
	head, err := json.Marshal(t)
	if err != nil {
		return nil, err
	}
	b.Write(head)
	b.WriteByte('\n')
	for _, path := range slices.Sorted(maps.Keys(t.Files)) {
		line := pkgLine{Path: path, Files: t.Files[path]}
		for name, af := range t.Analyzers {
			if p := af.Packages[path]; p != nil {
				if line.Analyzers == nil {
					line.Analyzers = map[string]*Package{}
				}
				line.Analyzers[name] = p
			}
		}
		data, err := json.Marshal(line)
		if err != nil {
			return nil, err
		}
		b.Write(data)
		b.WriteByte('\n')
	}
	return b.Bytes(), nil
}

// Unmarshal decodes a whole table encoded by Marshal.
func Unmarshal(data []byte) (*Table, error) {
	head, rest, _ := bytes.Cut(data, []byte("\n"))
	var t Table
	if err := json.Unmarshal(head, &t); err != nil {
		return nil, err
	}
	t.Files = map[string][]string{}
	for _, af := range t.Analyzers {
		af.Packages = map[string]*Package{}
	}
	for len(rest) > 0 {
		var line []byte
		line, rest, _ = bytes.Cut(rest, []byte("\n"))
		var pl pkgLine
		if err := json.Unmarshal(line, &pl); err != nil {
			return nil, err
		}
		t.Files[pl.Path] = pl.Files
		for name, p := range pl.Analyzers {
			if af := t.Analyzers[name]; af != nil {
				af.Packages[pl.Path] = p
			}
		}
	}
	return &t, nil
}

// Package is what one analyzer exported and reported on one package.
type Package struct {
	// Diagnostics is the number of diagnostics the analyzer reported.
	Diagnostics int `json:",omitempty"`
	// Facts are the facts, sorted.
	Facts []Fact `json:",omitempty"`
}

// Fact is one fact, of an object of the package or (Object empty) of the
// package itself.
type Fact struct {
	Object objectpath.Path `json:",omitempty"`
	// Type is the fact's type, as reflect prints it (*authlog.funcFact).
	Type string
	// Value is the fact's exported fields, which are all that the vet
	// tool's encoding keeps too.
	Value json.RawMessage
}

var off atomic.Bool

var (
	tableOnce sync.Once
	table     *Table
	tableErr  error
)

// loaded returns the embedded table's first line: release, platform,
// flags and schemas, without packages.
func loaded() (*Table, error) {
	tableOnce.Do(func() {
		head, _, _ := bytes.Cut(stdJSON, []byte("\n"))
		var t Table
		if err := json.Unmarshal(head, &t); err != nil {
			tableErr = fmt.Errorf("stdfacts: the embedded table: %v", err)
			return
		}
		table = &t
	})
	return table, tableErr
}

// lines caches the packages' lines parsed (a *pkgLine, nil for a path
// the table does not hold).
var lines sync.Map

// entry returns the table's line of the package path, nil when there is
// none.
func entry(path string) *pkgLine {
	if v, ok := lines.Load(path); ok {
		return v.(*pkgLine)
	}
	var pl *pkgLine
	prefix := []byte("\n{\"Path\":" + strconv.Quote(path) + ",")
	if i := bytes.Index(stdJSON, prefix); i >= 0 {
		line, _, _ := bytes.Cut(stdJSON[i+1:], []byte("\n"))
		pl = new(pkgLine)
		if json.Unmarshal(line, pl) != nil || pl.Path != path {
			pl = nil
		}
	}
	lines.Store(path, pl)
	return pl
}

// Wrap makes a use the facts of the table on the packages of the
// standard library where they apply (see the package documentation). a
// must have no result: a package it skips gives none. Wrap returns a.
func Wrap(a *analysis.Analyzer) *analysis.Analyzer {
	if a.ResultType != nil {
		panic("stdfacts: " + a.Name + " has a result")
	}
	wrappedMu.Lock()
	if !slices.Contains(wrapped, a) {
		wrapped = append(wrapped, a)
	}
	wrappedMu.Unlock()
	run := a.Run
	a.Run = func(pass *analysis.Pass) (any, error) {
		if p := lookup(a, pass); p != nil {
			// A table that cannot be read for this package (it should
			// not happen: the test of scripts/stdfacts keeps the two
			// in step) is no reason to fail a run: analyse.
			if export(a, pass, p) == nil {
				return nil, nil
			}
		}
		return run(pass)
	}
	return a
}

// wrapped are the analyzers Wrap has wrapped, and deps those WrapDep has.
var (
	wrappedMu sync.Mutex
	wrapped   []*analysis.Analyzer
	deps      []*analysis.Analyzer
)

// WrapDep is Wrap for an analyzer whose result only analyzers that Wrap
// wraps use (the retry loops of a package): it is skipped, its facts
// exported from the table and empty(pass) returned as its result, where
// the table applies to it and to every analyzer Wrap has wrapped, which
// are then skipped too and ask nothing of the result. Until Wrap has
// wrapped one, a runs. WrapDep returns a.
func WrapDep(a *analysis.Analyzer, empty func(*analysis.Pass) any) *analysis.Analyzer {
	wrappedMu.Lock()
	deps = append(deps, a)
	wrappedMu.Unlock()
	run := a.Run
	a.Run = func(pass *analysis.Pass) (any, error) {
		if p := lookup(a, pass); p != nil && allSkip(pass) {
			if export(a, pass, p) == nil {
				return empty(pass), nil
			}
		}
		return run(pass)
	}
	return a
}

// Deps returns the analyzers WrapDep has wrapped: the table holds their
// facts too.
func Deps() []*analysis.Analyzer {
	wrappedMu.Lock()
	defer wrappedMu.Unlock()
	return slices.Clone(deps)
}

// allSkip reports whether every analyzer Wrap has wrapped (one at least)
// takes its facts on pass's package from the table.
func allSkip(pass *analysis.Pass) bool {
	wrappedMu.Lock()
	ws := slices.Clone(wrapped)
	wrappedMu.Unlock()
	if len(ws) == 0 {
		return false
	}
	for _, w := range ws {
		if lookup(w, pass) == nil {
			return false
		}
	}
	return true
}

// Disable turns the table off in this process (for the program that
// writes it, and the test that checks it), and returns a function that
// turns it on again.
func Disable() (restore func()) {
	off.Store(true)
	return func() { off.Store(false) }
}

// lookup returns the table's facts of a on the package of pass, nil when
// they do not apply and a must run.
func lookup(a *analysis.Analyzer, pass *analysis.Pass) *Package {
	if off.Load() || analysisutil.GatesOn() || !analysisutil.IsStdPath(pass.Pkg.Path()) {
		return nil
	}
	t, err := loaded()
	if err != nil || !t.platform() || goVersion() != t.Go {
		return nil
	}
	af := t.Analyzers[a.Name]
	if af == nil || af.Flags != Flags(a) || !schemasMatch(a, af) {
		return nil
	}
	// The four analyzers ask about the same package: its files are
	// listed once.
	key := filesKey{pkg: pass.Pkg, n: len(pass.Files)}
	if len(pass.Files) > 0 {
		key.first = pass.Files[0]
	}
	pf, found := pkgFiles.Load(key)
	files, _ := pf.([]string)
	if !found {
		if inRoot(pass.Fset, pass.Files, build.Default.GOROOT) {
			files = Files(pass)
		}
		pkgFiles.Store(key, files)
	}
	pl := entry(pass.Pkg.Path())
	if pl == nil || files == nil || !slices.Equal(pl.Files, files) {
		return nil
	}
	p := pl.Analyzers[a.Name]
	if p == nil {
		return new(Package) // nothing to export
	}
	if p.Diagnostics > 0 {
		return nil
	}
	return p
}

// filesKey identifies the files of a pass.
type filesKey struct {
	pkg   *types.Package
	n     int
	first *ast.File
}

var (
	// pkgFiles maps the files of a package of the standard library (a
	// filesKey) to their names and sizes (see Files), nil when they are
	// not all in the Go root.
	pkgFiles sync.Map
	// schemas maps an analyzer to whether its fact types have the table's
	// schemas: they are the same for the life of the process.
	schemas sync.Map
)

func schemasMatch(a *analysis.Analyzer, af *AnalyzerFacts) bool {
	if ok, found := schemas.Load(a); found {
		return ok.(bool)
	}
	ok := maps.Equal(af.Schemas, Schemas(a))
	schemas.Store(a, ok)
	return ok
}

// platform reports whether the table was written for the platform and
// build settings of this process.
func (t *Table) platform() bool {
	d := build.Default
	return t.GOOS == d.GOOS && t.GOARCH == d.GOARCH && t.CgoEnabled == d.CgoEnabled && slices.Equal(t.ToolTags, d.ToolTags)
}

// Schemas returns the schema of each fact type of a (see Schema).
func Schemas(a *analysis.Analyzer) map[string]string {
	m := map[string]string{}
	for _, f := range a.FactTypes {
		t := reflect.TypeOf(f)
		m[t.String()] = Schema(t)
	}
	return m
}

// Schema returns the exported fields of the type t (through pointers,
// slices and arrays, and into structs), with their types: what the
// table's JSON holds of a fact of type t.
func Schema(t reflect.Type) string {
	var b strings.Builder
	var walk func(t reflect.Type, depth int)
	walk = func(t reflect.Type, depth int) {
		switch t.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Array:
			b.WriteString(t.Kind().String() + " ")
			walk(t.Elem(), depth)
		case reflect.Map:
			b.WriteString("map[" + t.Key().String() + "] ")
			walk(t.Elem(), depth)
		case reflect.Struct:
			if depth > 8 {
				b.WriteString(t.String())
				return
			}
			b.WriteString("{")
			for i := range t.NumField() {
				if f := t.Field(i); f.IsExported() {
					b.WriteString(f.Name + " ")
					walk(f.Type, depth+1)
					b.WriteString("; ")
				}
			}
			b.WriteString("}")
		default:
			b.WriteString(t.Kind().String())
		}
	}
	walk(t, 0)
	return b.String()
}

// export exports the facts of p, as a's run on the package would have,
// or none when one of them cannot be read.
func export(a *analysis.Analyzer, pass *analysis.Pass, p *Package) error {
	factTypes := map[string]reflect.Type{}
	for _, f := range a.FactTypes {
		t := reflect.TypeOf(f)
		factTypes[t.String()] = t.Elem()
	}
	type objFact struct {
		obj  types.Object // nil for a package fact
		fact analysis.Fact
	}
	var out []objFact
	for _, f := range p.Facts {
		t, ok := factTypes[f.Type]
		if !ok {
			return fmt.Errorf("stdfacts: %s has no fact type %s (the table is out of date: go run ./scripts/stdfacts)", a.Name, f.Type)
		}
		fact := reflect.New(t).Interface().(analysis.Fact)
		dec := json.NewDecoder(bytes.NewReader(f.Value))
		dec.DisallowUnknownFields()
		if err := dec.Decode(fact); err != nil {
			return fmt.Errorf("stdfacts: %s fact %s of %s %s: %v", a.Name, f.Type, pass.Pkg.Path(), f.Object, err)
		}
		var obj types.Object
		if f.Object != "" {
			var err error
			if obj, err = objectpath.Object(pass.Pkg, f.Object); err != nil {
				return fmt.Errorf("stdfacts: %s fact %s of %s %s: %v", a.Name, f.Type, pass.Pkg.Path(), f.Object, err)
			}
		}
		out = append(out, objFact{obj, fact})
	}
	for _, f := range out {
		if f.obj == nil {
			pass.ExportPackageFact(f.fact)
		} else {
			pass.ExportObjectFact(f.obj, f.fact)
		}
	}
	return nil
}

// Flags returns the configuration of a as its flags hold it: each flag's
// name and value, in the order of their names.
func Flags(a *analysis.Analyzer) string {
	var b strings.Builder
	a.Flags.VisitAll(func(f *flag.Flag) {
		fmt.Fprintf(&b, "-%s=%s\n", f.Name, f.Value.String())
	})
	return b.String()
}

// Files returns the base names and sizes of the files of pass, sorted.
func Files(pass *analysis.Pass) []string { return fileList(pass.Fset, pass.Files) }

func fileList(fset *token.FileSet, files []*ast.File) []string {
	var out []string
	for _, f := range files {
		if tf := fset.File(f.FileStart); tf != nil {
			out = append(out, fmt.Sprintf("%s:%d", filepath.Base(tf.Name()), tf.Size()))
		}
	}
	sort.Strings(out)
	return out
}

// EncodeFact encodes one fact of obj (nil for a package fact) of the
// package pkg for the table; ok is false when obj has no object path,
// as the vet tool then drops the fact too.
func EncodeFact(pkg *types.Package, obj types.Object, fact analysis.Fact) (Fact, bool, error) {
	var f Fact
	if obj != nil {
		p, err := objectpath.For(obj)
		if err != nil {
			return f, false, nil
		}
		f.Object = p
	}
	v, err := json.Marshal(fact)
	if err != nil {
		return f, false, fmt.Errorf("stdfacts: %T of %s: %v", fact, pkg.Path(), err)
	}
	f.Type = reflect.TypeOf(fact).String()
	f.Value = v
	return f, true, nil
}

var (
	versionOnce sync.Once
	version     string
)

// goVersion returns the release of the Go root, "" when its VERSION file
// cannot be read (a development build).
func goVersion() string {
	versionOnce.Do(func() {
		version = ReadVersion(build.Default.GOROOT)
	})
	return version
}

// ReadVersion returns the first line of the VERSION file of the Go root
// goroot, "" when there is none.
func ReadVersion(goroot string) string {
	f, err := os.Open(filepath.Join(goroot, "VERSION"))
	if err != nil {
		return ""
	}
	defer f.Close()
	s := bufio.NewScanner(f)
	if s.Scan() {
		return strings.TrimSpace(s.Text())
	}
	return ""
}
