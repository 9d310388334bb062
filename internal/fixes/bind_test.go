package fixes_test

import (
	"go/ast"
	"slices"
	"strings"
	"testing"

	"github.com/retrylint/retrylint/internal/fixes"
)

// TestBind binds the first call of w in f to a variable, or refuses to
// where moving it would change what runs or when.
func TestBind(t *testing.T) {
	const head = "package p\n\nfunc w(int) int       { return 0 }\nfunc g() int          { return 0 }\nfunc use(...int) bool { return true }\n\n"
	for _, tc := range []struct {
		name, body, want string // want "" when Bind must refuse
	}{
		{"argument", "use(g2, w(1))", "v := w(1)\n\tuse(g2, v)"},
		{"nested", "x := use(w(1) + 1)\n\t_ = x", "v := w(1)\n\tx := use(v + 1)\n\t_ = x"},
		{"if condition", "if use(w(1)) {\n\t}", "v := w(1)\n\tif use(v) {\n\t}"},
		{"name taken", "v := 1\n\tuse(v, w(1))", "v := 1\n\tv2 := w(1)\n\tuse(v, v2)"},
		{"right of &&", "if use() && use(w(1)) {\n\t}", ""},
		{"else if", "if use() {\n\t} else if use(w(1)) {\n\t}", ""},
		{"call before", "use(g(), w(1))", ""},
		{"receive before", "use(<-ch, w(1))", ""},
		{"loop condition", "for use(w(1)) {\n\t}", ""},
		{"declared by the statement", "if x := 1; use(w(x)) {\n\t}", ""},
		{"function literal", "f := func() { use(w(1)) }\n\tf()", ""},
		{"len before", "use(len(s), w(1))", "v := w(1)\n\tuse(len(s), v)"},
		{"goto over it", "if use() {\n\t\tgoto done\n\t}\n\tuse(w(1))\ndone:", ""},
		{"labelled", "again:\n\tif use(w(1)) {\n\t\tgoto again\n\t}", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := head + "func f(ch chan int, s []int, g2 int) {\n\t" + tc.body + "\n}\n"
			c := check(t, src)
			var stack []ast.Node
			ast.PreorderStack(c.file, nil, func(n ast.Node, s []ast.Node) bool {
				if call, ok := n.(*ast.CallExpr); ok && stack == nil && c.text(call.Fun) == "w" {
					stack = append(slices.Clone(s), n)
				}
				return stack == nil
			})
			e := stack[len(stack)-1].(ast.Expr)
			v, edits, ok := fixes.Bind(c.info, c.file, c.fset, []byte(c.src), stack, e, "v", nil)
			if tc.want == "" {
				if ok {
					t.Fatalf("bound %s: %s", v, c.apply(t, edits))
				}
				return
			}
			if !ok {
				t.Fatal("not bound")
			}
			got := c.apply(t, edits)
			checkGofmt(t, got)
			if body := strings.TrimSuffix(strings.TrimPrefix(got, head+"func f(ch chan int, s []int, g2 int) {\n\t"), "\n}\n"); body != tc.want {
				t.Errorf("got\n%s\nwant\n%s", body, tc.want)
			}
			if _, err := typeCheck(got); err != nil {
				t.Errorf("result does not type-check: %v", err)
			}
		})
	}
}
