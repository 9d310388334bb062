package flow_test

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"github.com/retrylint/retrylint/internal/flow"
)

// TestFieldValues checks which values the Method field of an operation's
// description can hold where it is handed to a builder: the call of use.
func TestFieldValues(t *testing.T) {
	const prelude = "package p\n\ntype op struct{ Method, Path string }\n\nfunc (o *op) reset() { o.Method = \"\" }\n\nfunc use(op) {}\n\nfunc usep(*op) {}\n\n"
	tests := []struct {
		name string
		src  string
		want []string // nil: not known
	}{
		{"literal", `func f() { use(op{Method: "POST"}) }`, []string{`"POST"`}},
		{"address of a literal", `func f() { usep(&op{Method: "PATCH"}) }`, []string{`"PATCH"`}},
		{"local variable", `func f() { o := op{Method: "POST", Path: "/x"}; use(o) }`, []string{`"POST"`}},
		{"two values", `func f(b bool) { o := op{Method: "POST"}; if b { o = op{Method: "GET"} }; use(o) }`, []string{`"POST"`, `"GET"`}},
		{"package variable", `var create = op{Method: "POST"}; func f() { use(create) }`, []string{`"POST"`}},
		{"field written", `func f() { o := op{Method: "POST"}; o.Method = "GET"; use(o) }`, nil},
		{"package variable written elsewhere", `var create = op{Method: "POST"}; func g() { create.Method = "GET" }; func f() { use(create) }`, nil},
		{"pointer method", `func f() { o := op{Method: "POST"}; o.reset(); use(o) }`, nil},
		{"field left out", `func f() { use(op{Path: "/x"}) }`, nil},
		{"parameter", `func f(o op) { use(o) }`, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fset := token.NewFileSet()
			file, err := parser.ParseFile(fset, "p.go", prelude+tt.src, 0)
			if err != nil {
				t.Fatal(err)
			}
			info := &types.Info{Uses: map[*ast.Ident]types.Object{}, Defs: map[*ast.Ident]types.Object{}, Types: map[ast.Expr]types.TypeAndValue{}, Selections: map[*ast.SelectorExpr]*types.Selection{}}
			if _, err := (&types.Config{Importer: importer.Default()}).Check("p", fset, []*ast.File{file}, info); err != nil {
				t.Fatal(err)
			}
			var root *ast.FuncDecl
			var arg ast.Expr
			for _, d := range file.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.Name == "f" {
					root = fd
				}
			}
			ast.Inspect(root, func(n ast.Node) bool {
				if call, ok := n.(*ast.CallExpr); ok {
					if id, ok := call.Fun.(*ast.Ident); ok && (id.Name == "use" || id.Name == "usep") {
						arg = call.Args[0]
					}
				}
				return true
			})
			vals, ok := flow.FieldValues(info, []*ast.File{file}, root, arg, "Method")
			if tt.want == nil {
				if ok {
					t.Errorf("FieldValues = %d values, want unknown", len(vals))
				}
				return
			}
			if !ok || len(vals) != len(tt.want) {
				t.Fatalf("FieldValues = %d values, %v; want %v", len(vals), ok, tt.want)
			}
			for i, v := range vals {
				if lit, isLit := v.(*ast.BasicLit); !isLit || lit.Value != tt.want[i] {
					t.Errorf("value %d = %T, want %s", i, v, tt.want[i])
				}
			}
		})
	}
}
