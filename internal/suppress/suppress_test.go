package suppress

import (
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
)

func TestParse(t *testing.T) {
	tests := []struct {
		comment string
		ok, all bool
		names   []string
	}{
		{"//nolint:retryafter", true, false, []string{"retryafter"}},
		{"//nolint:retryafter // the reason", true, false, []string{"retryafter"}},
		{"//nolint:retryafter,authlog", true, false, []string{"retryafter", "authlog"}},
		{"//nolint:errcheck,all", true, true, []string{"errcheck"}},
		{"//nolint", true, true, nil},
		{"//nolint // the reason", true, true, nil},
		{"//nolintfoo", false, false, nil},
		{"// nolint:retryafter", false, false, nil}, // golangci-lint wants no space
		{"//retrylint:ignore retryafter the reason", true, false, []string{"retryafter"}},
		{"//retrylint:ignore retryafter,authlog the reason", true, false, []string{"retryafter", "authlog"}},
		{"//retrylint:ignore all the reason", true, false, []string{"all"}}, // no "all" here: reported as unknown
		{"//retrylint:ignore", false, false, nil},
		{"//retrylint:ignoreretryafter", false, false, nil},
	}
	for _, tt := range tests {
		d, ok := parse(&ast.Comment{Slash: 1, Text: tt.comment}, true)
		if ok != tt.ok || d.all != tt.all || !slices.Equal(d.names, tt.names) {
			t.Errorf("%q: ok %v, all %v, names %q; want %v, %v, %q", tt.comment, ok, d.all, d.names, tt.ok, tt.all, tt.names)
		}
	}
	if _, ok := parse(&ast.Comment{Slash: 1, Text: "//nolint:retryafter"}, false); ok {
		t.Error("//nolint read although Options.Nolint is false")
	}
}

// TestNamePositions checks that each name's position covers the name, for
// the finding and its fix.
func TestNamePositions(t *testing.T) {
	src := "package p\n\nvar x = 1 //nolint:errcheck,retryafer // why\n"
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	dirs := scan(fset, []*ast.File{f}, true)
	if len(dirs) != 1 || len(dirs[0].names) != 2 {
		t.Fatalf("directives %+v", dirs)
	}
	d := dirs[0]
	start, end := fset.Position(d.pos[1]).Offset, fset.Position(d.end[1]).Offset
	if got := src[start:end]; got != "retryafer" {
		t.Errorf("second name spans %q", got)
	}
	known := []string{"authlog", "retryafter", "retrydeadline", "retryidempotency"}
	if near, dist := nearest("retryafer", known); near != "retryafter" || dist != 1 {
		t.Errorf("nearest(retryafer) = %s, %d", near, dist)
	}
}

// runWrapped runs Wrap(fake, opts) on src, where fake reports each
// package-level variable, and returns the messages reported.
func runWrapped(t *testing.T, src string, opts Options) []string {
	t.Helper()
	return runWrappedNamed(t, "fake", src, opts)
}

// runWrappedNamed is runWrapped with the fake analyzer named name.
func runWrappedNamed(t *testing.T, name, src string, opts Options) []string {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	fake := &analysis.Analyzer{
		Name: name,
		Doc:  "report each package-level variable",
		Run: func(pass *analysis.Pass) (any, error) {
			for _, file := range pass.Files {
				for _, decl := range file.Decls {
					if gd, ok := decl.(*ast.GenDecl); ok && gd.Tok == token.VAR {
						for _, spec := range gd.Specs {
							for _, name := range spec.(*ast.ValueSpec).Names {
								pass.Reportf(name.Pos(), "%s", name.Name)
							}
						}
					}
				}
			}
			return nil, nil
		},
	}
	var got []string
	pass := &analysis.Pass{
		Analyzer: fake,
		Fset:     fset,
		Files:    []*ast.File{f},
		Report:   func(d analysis.Diagnostic) { got = append(got, d.Message) },
	}
	if _, err := Wrap(fake, opts).Run(pass); err != nil {
		t.Fatal(err)
	}
	return got
}

// TestWrapLines checks which lines a directive silences: a directive after
// code its own line only, a directive alone on its line the next line.
func TestWrapLines(t *testing.T) {
	const src = `package p

func fn(...int) int { return 0 }

var a = 1

var b = 1 //nolint:fake // after code: this line only
var c = 1

//nolint:fake
var d = 1

var e = 1 //retrylint:ignore fake after code
var f = 1

//retrylint:ignore fake alone
var g = 1

var h = fn(1,
	2) //nolint:fake // after the end of a call
var i = 1

var j = 1 //nolint:other
var k = 1 //nolint
var l = 1
`
	got := runWrapped(t, src, Options{Known: []string{"fake"}, Nolint: true})
	want := []string{"a", "c", "f", "h", "i", "j", "l"}
	if !slices.Equal(got, want) {
		t.Errorf("reported %v, want %v", got, want)
	}
	// Without Nolint, only //retrylint:ignore silences.
	got = runWrapped(t, src, Options{Known: []string{"fake"}})
	want = []string{"a", "b", "c", "d", "f", "h", "i", "j", "k", "l"}
	if !slices.Equal(got, want) {
		t.Errorf("without Nolint: reported %v, want %v", got, want)
	}
}

// TestWrapSuffix checks that Suffix names the analyzer after each message,
// the analyzer's own and those on directives.
func TestWrapSuffix(t *testing.T) {
	const src = `package p

var a = 1

//retrylint:ignore nosuch the reason
var b = 1
`
	got := runWrapped(t, src, Options{Known: []string{"fake"}, Suffix: true})
	if len(got) != 3 {
		t.Fatalf("reported %q, want 3 messages", got)
	}
	for _, msg := range got {
		if !strings.HasSuffix(msg, " [fake]") || strings.Count(msg, "[fake]") != 1 {
			t.Errorf("message %q does not end with one \" [fake]\"", msg)
		}
	}
	for _, msg := range runWrapped(t, src, Options{Known: []string{"fake"}}) {
		if strings.Contains(msg, "[fake]") {
			t.Errorf("without Suffix: %q", msg)
		}
	}
}

// TestWrapUnknownOnce checks that the first analyzer that runs, and only
// it, reports a directive naming no analyzer.
func TestWrapUnknownOnce(t *testing.T) {
	const src = `package p

//retrylint:ignore nosuch the reason
var a = 1
`
	known := []string{"first", "second", "third"}
	tests := []struct {
		enabled []string // nil: Options.Enabled is nil
		want    string   // the analyzer that reports nosuch
	}{
		{nil, "first"},
		{[]string{"first", "second", "third"}, "first"},
		{[]string{"second", "third"}, "second"},
		{[]string{"third", "second"}, "second"}, // in the order of Known
		{[]string{"third"}, "third"},
	}
	for _, tt := range tests {
		opts := Options{Known: known}
		if tt.enabled != nil {
			opts.Enabled = func() []string { return tt.enabled }
		}
		var reporters []string
		for _, name := range known {
			for _, msg := range runWrappedNamed(t, name, src, opts) {
				if strings.Contains(msg, `"nosuch"`) {
					reporters = append(reporters, name)
				}
			}
		}
		if !slices.Equal(reporters, []string{tt.want}) {
			t.Errorf("enabled %v: nosuch reported by %v, want %s alone", tt.enabled, reporters, tt.want)
		}
	}
}
