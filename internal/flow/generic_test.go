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

// kinds is a lattice other than Bits: a set of kinds of secret.
type kinds uint8

func (a kinds) Join(b kinds) kinds { return a | b }

const (
	tok   kinds = 1 << iota // a token, from the field Token
	param                   // the parameter p
	other                   // what src returns
)

// TestFollowHooks drives the engine over kinds with every hook: Param,
// Source, Select (a field selection c.Token carries a token, other fields
// what their struct carries), Kill (x = clean(x) hides x's older values,
// but not a parameter's), Visit (it records the calls to mark and skips
// the range statements) and Call (clean returns nothing).
func TestFollowHooks(t *testing.T) {
	const file = `package p

type creds struct{ Token, User string }

func src() string          { return "" }
func clean(s string) string { return s }
func mark()                 {}
func use(...any)            {}

func f(p string, c creds, xs []string) {
	t := c.Token
	use(t)
	u := c.User
	use(u)
	x := src() + t
	use(x)
	x = clean(x)
	use(x)
	x += p
	use(x)
	p = clean(p)
	use(p)
	mark()
	for _, v := range xs {
		use(v)
	}
	use(len(x))
}
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", file, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{
		Types:      map[ast.Expr]types.TypeAndValue{},
		Defs:       map[*ast.Ident]types.Object{},
		Uses:       map[*ast.Ident]types.Object{},
		Selections: map[*ast.SelectorExpr]*types.Selection{},
	}
	pkg, err := (&types.Config{}).Check("p", fset, []*ast.File{f}, info)
	if err != nil {
		t.Fatal(err)
	}
	fn := func(name string) *types.Func { return pkg.Scope().Lookup(name).(*types.Func) }
	var decl *ast.FuncDecl
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.Name == "f" {
			decl = fd
		}
	}
	var marks int
	hooks := &flow.Hooks[kinds]{
		Info: info,
		Param: func(i int, _ *types.Var) kinds {
			if i == 0 {
				return param
			}
			return 0
		},
		Source: func(e ast.Expr) kinds {
			if c, ok := e.(*ast.CallExpr); ok && httpmodel.Callee(info, c) == fn("src") {
				return other
			}
			return 0
		},
		Select: func(sel *ast.SelectorExpr, x func() kinds) kinds {
			if sel.Sel.Name == "Token" {
				return tok
			}
			return x()
		},
		Call: func(call *ast.CallExpr, callee *types.Func, _ kinds, _ []kinds) ([]kinds, bool) {
			return []kinds{0}, callee == fn("clean")
		},
		Kill: func(lhs, rhs ast.Expr) bool {
			c, ok := rhs.(*ast.CallExpr)
			return ok && httpmodel.Callee(info, c) == fn("clean")
		},
		Visit: func(_ *flow.State[kinds], n ast.Node) bool {
			if c, ok := n.(*ast.CallExpr); ok && httpmodel.Callee(info, c) == fn("mark") {
				marks++
			}
			_, isRange := n.(*ast.RangeStmt)
			return !isRange
		},
	}
	st := flow.Follow(hooks, decl.Type, decl.Body)
	var got []kinds
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok && httpmodel.Callee(info, c) == fn("use") {
			got = append(got, st.Expr(c.Args[0]))
		}
		return true
	})
	want := []kinds{
		tok,         // t := c.Token
		0,           // u := c.User: c carries nothing
		other | tok, // x := src() + t
		0,           // x = clean(x): killed
		param,       // x += p
		param,       // p = clean(p): a parameter is not killed
		0,           // range skipped by Visit
		0,           // len(x): a builtin
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("uses = %v, want %v", got, want)
	}
	if marks != 1 {
		t.Errorf("Visit saw mark() %d times, want 1", marks)
	}
	// Defs lists the killed assignment, marked hidden.
	x := decl.Body.List[4].(*ast.AssignStmt).Lhs[0]
	v := info.Defs[x.(*ast.Ident)].(*types.Var)
	defs := st.Defs(v, decl.Body.End())
	var hidden []bool
	for _, d := range defs {
		hidden = append(hidden, d.Hidden)
	}
	if want := []bool{true, false, false}; !reflect.DeepEqual(hidden, want) {
		t.Errorf("Defs(x) hidden = %v, want %v", hidden, want)
	}
}
