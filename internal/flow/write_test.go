package flow_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"reflect"
	"testing"

	"github.com/retrylint/retrylint/internal/flow"
	"github.com/retrylint/retrylint/internal/httpmodel"
)

const writePrelude = `package p

import (
	"bytes"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"io"
	"net/http"
	"strings"
)

func src() string { return "" }
func use(...any)  {}

var _, _ = base64.StdEncoding, hex.Encode

var (
	_ = bytes.NewBuffer
	_ = fmt.Sprint
	_ = io.Copy
	_ = http.Get
	_ = strings.ToUpper
)
`

// TestWrites checks that, with the Writes hook, a value written into a
// buffer, a builder or a writer variable, or assigned to an element of a
// local map, reaches later uses of that variable, and that without the
// hook it does not.
func TestWrites(t *testing.T) {
	tests := []struct {
		name string
		f    string
		want []flow.Bits
	}{
		{"fmt.Fprintf into &b", `func f() { var b bytes.Buffer; fmt.Fprintf(&b, "%s", src()); use(b.String()) }`, []flow.Bits{flow.Source}},
		{"into a pointer variable", `func f() { b := &bytes.Buffer{}; b.WriteString(src()); use(b) }`, []flow.Bits{flow.Source}},
		{"builder", `func f() { var sb strings.Builder; sb.WriteString("x"); use(sb.String()); sb.WriteString(src()); use(sb.String()) }`, []flow.Bits{0, flow.Source}},
		{"io.WriteString", `func f(w io.Writer) { io.WriteString(w, src()); use(w) }`, []flow.Bits{flow.Source | flow.Param(0)}},
		{"a write does not overwrite", `func f(s string) { var b bytes.Buffer; b.WriteString(s); b.WriteString("x"); use(b.String()) }`, []flow.Bits{flow.Param(0)}},
		{"an assignment in the same block does", `func f() { b := &bytes.Buffer{}; b.WriteString(src()); b = &bytes.Buffer{}; use(b) }`, []flow.Bits{0}},
		{"err of the write", `func f() { var b bytes.Buffer; _, err := b.WriteString(src()); use(err) }`, []flow.Bits{0}},
		{"map element", `func f() { m := map[string]string{}; m["k"] = src(); use(m) }`, []flow.Bits{flow.Source}},
		{"request Write", `func f(r *http.Request) { var b bytes.Buffer; r.Write(&b); use(b.String()) }`, []flow.Bits{flow.Param(0)}},
		{"io.ReadFull fills its buffer", `func f(r io.Reader) { b := make([]byte, 8); io.ReadFull(r, b); use(b) }`, []flow.Bits{flow.Param(0)}},
		{"base64 Encode fills its destination", `func f() { b := make([]byte, 8); base64.StdEncoding.Encode(b, []byte(src())); use(b) }`, []flow.Bits{flow.Source}},
		{"hex Encode fills its destination", `func f() { b := make([]byte, 8); hex.Encode(b, []byte(src())); use(b) }`, []flow.Bits{flow.Source}},
		{"io.ReadFull's reader is no destination", `func f(r io.Reader) { b := make([]byte, 8); io.ReadFull(r, b); use(r) }`, []flow.Bits{flow.Param(0)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := writeUses(t, tt.f, true); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("with Writes: got %v, want %v", got, tt.want)
			}
			for _, b := range writeUses(t, tt.f, false) {
				if b&flow.Source != 0 {
					t.Errorf("without Writes: a use carries the source")
				}
			}
		})
	}
}

// writeUses analyses f with a Writes hook (when writes) that joins what
// every argument but the destination, and the receiver, carry.
func writeUses(t *testing.T, decl string, writes bool) []flow.Bits {
	t.Helper()
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "p.go", writePrelude+decl, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{
		Types:      map[ast.Expr]types.TypeAndValue{},
		Defs:       map[*ast.Ident]types.Object{},
		Uses:       map[*ast.Ident]types.Object{},
		Selections: map[*ast.SelectorExpr]*types.Selection{},
	}
	pkg, err := (&types.Config{Importer: stdImporter}).Check("p", fset, []*ast.File{file}, info)
	if err != nil {
		t.Fatal(err)
	}
	srcFn, useFn := pkg.Scope().Lookup("src").(*types.Func), pkg.Scope().Lookup("use").(*types.Func)
	cfg := &flow.Hooks[flow.Bits]{
		Info:  info,
		Param: func(i int, _ *types.Var) flow.Bits { return flow.Param(i) },
		Source: func(e ast.Expr) flow.Bits {
			if c, ok := e.(*ast.CallExpr); ok && httpmodel.Callee(info, c) == srcFn {
				return flow.Source
			}
			return 0
		},
	}
	if writes {
		cfg.Writes = func(f *flow.State[flow.Bits], call *ast.CallExpr, dest ast.Expr) flow.Bits {
			var b flow.Bits
			recv, args := httpmodel.Receiver(info, call)
			for _, a := range append([]ast.Expr{recv}, args...) {
				if a != nil && a != dest {
					b |= f.Expr(a)
				}
			}
			return b
		}
	}
	var fd *ast.FuncDecl
	for _, d := range file.Decls {
		if d, ok := d.(*ast.FuncDecl); ok && d.Name.Name == "f" {
			fd = d
		}
	}
	f := flow.Follow(cfg, fd.Type, fd.Body)
	var out []flow.Bits
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok && httpmodel.Callee(info, c) == useFn {
			out = append(out, f.Expr(c.Args[0]))
		}
		return true
	})
	return out
}
