package httpmodel_test

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"github.com/retrylint/retrylint/internal/httpmodel"
)

// TestNotSentTest checks which error tests NotSentTest takes for a test
// of an error raised before the request was sent.
func TestNotSentTest(t *testing.T) {
	tests := []struct {
		expr string
		want bool
	}{
		{"errors.Is(err, syscall.ECONNREFUSED)", true},
		{"errors.Is(err, syscall.EHOSTUNREACH)", true},
		{"errors.Is(err, syscall.ECONNRESET)", false},
		{"errors.Is(err, io.EOF)", false},
		{"errors.As(err, &dnsErr)", true},
		{"errors.As(err, &opErr)", false},
	}
	for _, tt := range tests {
		t.Run(tt.expr, func(t *testing.T) {
			src := "package p\n\nimport (\n\t\"errors\"\n\t\"io\"\n\t\"net\"\n\t\"syscall\"\n)\n\nvar _, _ = io.EOF, syscall.ECONNREFUSED\n\nfunc f(err error) bool {\n\tvar dnsErr *net.DNSError\n\tvar opErr *net.OpError\n\t_, _ = dnsErr, opErr\n\treturn " + tt.expr + "\n}\n"
			fset := token.NewFileSet()
			file, err := parser.ParseFile(fset, "p.go", src, 0)
			if err != nil {
				t.Fatal(err)
			}
			info := &types.Info{Uses: map[*ast.Ident]types.Object{}, Defs: map[*ast.Ident]types.Object{}, Types: map[ast.Expr]types.TypeAndValue{}}
			if _, err := (&types.Config{Importer: importer.Default()}).Check("p", fset, []*ast.File{file}, info); err != nil {
				t.Fatal(err)
			}
			var call *ast.CallExpr
			ast.Inspect(file, func(n ast.Node) bool {
				if r, ok := n.(*ast.ReturnStmt); ok {
					call = r.Results[0].(*ast.CallExpr)
				}
				return true
			})
			arg, ok := httpmodel.NotSentTest(info, call)
			if ok != tt.want {
				t.Fatalf("NotSentTest = %v, want %v", ok, tt.want)
			}
			if ok && arg != call.Args[0] {
				t.Errorf("tested error = %v, want the first argument", arg)
			}
		})
	}
}
