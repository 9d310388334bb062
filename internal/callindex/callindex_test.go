package callindex_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"strings"
	"testing"

	"github.com/retrylint/retrylint/internal/callindex"
)

const src = `package p

func a() {}
func b() int { return 1 }

func f() int {
	a()
	go a()
	defer a()
	func() { a() }()
	g := func() int { a(); return 2 }
	for {
		b()
		go func() { a() }()
	}
	x := []int{1}
	_ = x[0]
	_ = g
	return b()
}

func noBody()
`

func index(t *testing.T) (*callindex.Index, *token.FileSet) {
	t.Helper()
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}, Types: map[ast.Expr]types.TypeAndValue{}, Selections: map[*ast.SelectorExpr]*types.Selection{}}
	if _, err := new(types.Config).Check("p", fset, []*ast.File{file}, info); err != nil {
		t.Fatal(err)
	}
	return callindex.New(fset, []*ast.File{file}, info), fset
}

func describe(n ast.Node) string {
	if n == nil {
		return "-"
	}
	switch n.(type) {
	case *ast.GoStmt:
		return "go"
	case *ast.DeferStmt:
		return "defer"
	case *ast.FuncLit:
		return "lit"
	}
	return "?"
}

func TestCalls(t *testing.T) {
	ix, _ := index(t)
	funcs := ix.Funcs()
	var names []string
	for _, f := range funcs {
		names = append(names, f.Obj.Name())
	}
	if got := strings.Join(names, " "); got != "a b f" {
		t.Fatalf("Funcs = %s, want a b f (noBody has no body)", got)
	}
	fd := funcs[2].Decl
	var got []string
	for _, c := range ix.Calls(fd) {
		callee := "<value>"
		if c.Callee != nil {
			callee = c.Callee.Name()
		}
		got = append(got, callee+"@"+describe(c.Detached))
	}
	// In source order: a go statement, a defer statement and a literal
	// that is not called on the spot detach their calls; a literal called
	// on the spot does not (in a go statement, the statement does).
	want := "a@- a@go a@defer <value>@- a@- a@lit b@- <value>@go a@go b@-"
	if s := strings.Join(got, " "); s != want {
		t.Errorf("Calls =\n  %s\nwant\n  %s", s, want)
	}
	if again := ix.Calls(fd); &again[0] != &ix.Calls(fd)[0] {
		t.Error("Calls walked the body again")
	}
}

func TestIn(t *testing.T) {
	ix, _ := index(t)
	fd := ix.Funcs()[2].Decl
	var loop *ast.ForStmt
	ast.Inspect(fd, func(n ast.Node) bool {
		if l, ok := n.(*ast.ForStmt); ok {
			loop = l
		}
		return true
	})
	in := callindex.In(ix.Calls(fd), loop.Body)
	if len(in) != 3 {
		t.Fatalf("In(loop body) has %d calls, want 3", len(in))
	}
	var own []string
	for _, c := range in {
		if !c.DetachedWithin(loop.Body) {
			own = append(own, c.Callee.Name())
		}
	}
	if strings.Join(own, " ") != "b" {
		t.Errorf("the loop's own calls are %v, want [b]", own)
	}
	// Relative to the body of the goroutine's literal, its call is its
	// own.
	lit := in[1].Expr.Fun.(*ast.FuncLit)
	if c := callindex.In(ix.Calls(fd), lit.Body); len(c) != 1 || c[0].DetachedWithin(lit.Body) {
		t.Errorf("In(literal body) = %v, want one call of its own", c)
	}
}

func TestReturnsAndNodes(t *testing.T) {
	ix, fset := index(t)
	fd := ix.Funcs()[2].Decl
	rets := ix.Returns(fd)
	if len(rets) != 1 || fset.Position(rets[0].Pos()).Line != 19 {
		t.Errorf("Returns = %d statements, want the one on line 19 (not the literal's)", len(rets))
	}
	kinds := map[string]int{}
	for _, n := range ix.Nodes(fd) {
		switch n.(type) {
		case *ast.AssignStmt:
			kinds["assign"]++
		case *ast.CallExpr:
			kinds["call"]++
		case *ast.IndexExpr:
			kinds["index"]++
		}
	}
	if kinds["assign"] != 4 || kinds["call"] != len(ix.Calls(fd)) || kinds["index"] != 1 {
		t.Errorf("Nodes holds %v, want 4 assignments, %d calls and 1 index expression", kinds, len(ix.Calls(fd)))
	}
}

func TestMarkCallers(t *testing.T) {
	// 0 calls 1, 1 calls 2, 3 calls 0 and 4; 4 calls nothing marked.
	callers := [][]int{0: {3}, 1: {0}, 2: {1}, 3: nil, 4: {3}}
	mark := []bool{false, false, true, false, false}
	callindex.MarkCallers(callers, mark)
	if want := []bool{true, true, true, true, false}; !slices.Equal(mark, want) {
		t.Errorf("MarkCallers = %v, want %v", mark, want)
	}
}

const paramSrc = `package p

type T struct{}

func (T) send(m string) {}
func (T) Send(m string) {}
func (T) named(m string) {}

type namer interface{ named(m string) }

func one(m string)         {}
func spread(ms ...string)  {}
func taken(m string)       {}
func Exported(m string)    {}
func unused(m string)      {}

func calls(t T, ms []string) {
	t.send("GET")
	t.send("POST")
	t.Send("GET")
	t.named("GET")
	one("PUT")
	spread(ms...)
	Exported("GET")
	f := taken
	f("GET")
}
`

func TestParamArgs(t *testing.T) {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "p.go", paramSrc, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}, Types: map[ast.Expr]types.TypeAndValue{}, Selections: map[*ast.SelectorExpr]*types.Selection{}}
	pkg, err := new(types.Config).Check("p", fset, []*ast.File{file}, info)
	if err != nil {
		t.Fatal(err)
	}
	ix := callindex.New(fset, []*ast.File{file}, info)
	lookup := func(name string) *types.Func {
		if f, ok := pkg.Scope().Lookup(name).(*types.Func); ok {
			return f
		}
		obj, _, _ := types.LookupFieldOrMethod(pkg.Scope().Lookup("T").Type(), false, pkg, name)
		return obj.(*types.Func)
	}
	for _, c := range []struct {
		fn   string
		args string // the arguments, or "!" when the calls are not all fn gets
	}{
		{"send", `"GET" "POST"`},
		{"one", `"PUT"`},
		{"unused", ``},
		{"Send", "!"},     // exported: other packages call it
		{"named", "!"},    // an interface of the package names it
		{"spread", "!"},   // a slice spread into it
		{"taken", "!"},    // used as a value
		{"Exported", "!"}, // exported
	} {
		fn := lookup(c.fn)
		args, ok := ix.ParamArgs(fn, fn.Signature().Params().At(0))
		got := "!"
		if ok {
			var texts []string
			for _, a := range args {
				texts = append(texts, a.Expr.(*ast.BasicLit).Value)
			}
			got = strings.Join(texts, " ")
		}
		if got != c.args {
			t.Errorf("ParamArgs(%s) = %s, want %s", c.fn, got, c.args)
		}
	}
	if _, ok := ix.ParamArgs(lookup("one"), lookup("send").Signature().Params().At(0)); ok {
		t.Errorf("ParamArgs(one, a parameter of send): ok")
	}
	// CallArgs lists the package's calls however incomplete they are.
	for _, c := range []struct{ fn, args string }{
		{"Exported", `"GET"`},
		{"Send", `"GET"`},
		{"named", `"GET"`},
		{"taken", ``}, // called through f: no direct call
		{"spread", ``},
	} {
		fn := lookup(c.fn)
		args, complete := ix.CallArgs(fn, fn.Signature().Params().At(0))
		var texts []string
		for _, a := range args {
			texts = append(texts, a.Expr.(*ast.BasicLit).Value)
		}
		if got := strings.Join(texts, " "); got != c.args || complete {
			t.Errorf("CallArgs(%s) = %s, complete %v; want %s, incomplete", c.fn, got, complete, c.args)
		}
	}
}

const returnsSrc = `package p

type R struct{ h map[string]string }

type C struct{ token string }

func (c *C) authorize(r *R) *R { r.h["Authorization"] = c.token; return r }

func both(a, b *R) *R {
	if a.h == nil {
		return b
	}
	return a
}

func second(n int, r *R) *R {
	if n > 0 {
		return r
	}
	return r
}

func replaced(r *R) *R {
	r = &R{}
	return r
}

func fresh(r *R) *R { return &R{h: r.h} }

func pair(r *R) (*R, error) { return r, nil }

func none(r *R) {}

func viaPtr(r *R) *R {
	p := &r
	*p = &R{}
	return r
}

func field(r *R) *R {
	r.h = nil
	return r
}
`

func TestReturnsParam(t *testing.T) {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "p.go", returnsSrc, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}, Types: map[ast.Expr]types.TypeAndValue{}, Selections: map[*ast.SelectorExpr]*types.Selection{}}
	pkg, err := new(types.Config).Check("p", fset, []*ast.File{file}, info)
	if err != nil {
		t.Fatal(err)
	}
	ix := callindex.New(fset, []*ast.File{file}, info)
	lookup := func(name string) *types.Func {
		if f, ok := pkg.Scope().Lookup(name).(*types.Func); ok {
			return f
		}
		obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(pkg.Scope().Lookup("C").Type()), false, pkg, name)
		return obj.(*types.Func)
	}
	for _, c := range []struct {
		fn   string
		want int
	}{
		{"authorize", 0},
		{"second", 1},
		{"both", -1},     // one parameter or the other
		{"replaced", -1}, // the parameter is assigned
		{"fresh", -1},    // a new value
		{"pair", -1},     // two results
		{"none", -1},     // no result
		{"viaPtr", -1},   // replaced through its address
		{"field", -1},    // a field of what it points to assigned
	} {
		if got := ix.ReturnsParam(lookup(c.fn)); got != c.want {
			t.Errorf("ReturnsParam(%s) = %d, want %d", c.fn, got, c.want)
		}
	}
	if got := ix.ReturnsParam(nil); got != -1 {
		t.Errorf("ReturnsParam(nil) = %d, want -1", got)
	}
}
