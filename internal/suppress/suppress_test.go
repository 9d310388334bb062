package suppress

import (
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"testing"
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
