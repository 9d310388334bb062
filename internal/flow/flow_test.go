package flow_test

import (
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/retrylint/retrylint/internal/flow"
	"github.com/retrylint/retrylint/internal/httpmodel"
)

var stdImporter = importer.Default()

// prelude declares the sources and helpers that the test functions use.
// src and srcInt are sources (matched by *types.Func identity); use marks
// the expressions whose origins a test asserts.
const prelude = `package p

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

func src() string     { return "" }
func srcInt() int     { return 0 }
func notSrc() int     { return 0 }
func opaque(s string) string { return s }
func use(...any)      {}

var (
	_ = fmt.Sprint
	_ = strconv.Itoa
	_ = strings.ToUpper
	_ = time.Second
)
`

type analysed struct {
	fset *token.FileSet
	info *types.Info
	fn   *flow.Func
	decl *ast.FuncDecl
	uses []ast.Expr // the arguments of the calls to use in f, in order
}

// analyse type-checks prelude+decls and analyses the function named f with
// a Source hook that marks calls to src and srcInt; call, if not nil, is the
// Call hook.
func analyse(t *testing.T, decls string, call func(info *types.Info) func(*ast.CallExpr, *types.Func, flow.Bits, []flow.Bits) ([]flow.Bits, bool)) *analysed {
	t.Helper()
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "p.go", prelude+decls, 0)
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	info := &types.Info{
		Types:      map[ast.Expr]types.TypeAndValue{},
		Defs:       map[*ast.Ident]types.Object{},
		Uses:       map[*ast.Ident]types.Object{},
		Implicits:  map[ast.Node]types.Object{},
		Selections: map[*ast.SelectorExpr]*types.Selection{},
		Scopes:     map[ast.Node]*types.Scope{},
	}
	conf := types.Config{Importer: stdImporter}
	pkg, err := conf.Check("p", fset, []*ast.File{file}, info)
	if err != nil {
		t.Fatalf("type-check: %v", err)
	}
	sources := map[*types.Func]bool{
		pkg.Scope().Lookup("src").(*types.Func):    true,
		pkg.Scope().Lookup("srcInt").(*types.Func): true,
	}
	useFn := pkg.Scope().Lookup("use").(*types.Func)
	cfg := flow.Config{
		Info: info,
		Source: func(e ast.Expr) flow.Bits {
			if c, ok := e.(*ast.CallExpr); ok && sources[httpmodel.Callee(info, c)] {
				return flow.Source
			}
			return 0
		},
	}
	if call != nil {
		cfg.Call = call(info)
	}
	a := &analysed{fset: fset, info: info}
	for _, d := range file.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.Name == "f" {
			a.decl = fd
		}
	}
	if a.decl == nil {
		t.Fatalf("no func f in source")
	}
	a.fn = flow.Analyze(cfg, a.decl.Type, a.decl.Body)
	ast.Inspect(a.decl.Body, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok && httpmodel.Callee(info, c) == useFn {
			a.uses = append(a.uses, c.Args[0])
		}
		return true
	})
	return a
}

// useBits returns the origins of the argument of each call to use.
func (a *analysed) useBits() []flow.Bits {
	var out []flow.Bits
	for _, e := range a.uses {
		out = append(out, a.fn.Expr(e))
	}
	return out
}

const src = flow.Source

var (
	p0 = flow.Param(0)
	p1 = flow.Param(1)
	p2 = flow.Param(2)
)

func TestExpr(t *testing.T) {
	tests := []struct {
		name string
		f    string
		want []flow.Bits // origins of each use(x) argument, in source order
	}{
		{"define", `func f() { x := src(); use(x) }`, []flow.Bits{src}},
		{"not a source", `func f() { x := notSrc(); use(x) }`, []flow.Bits{0}},
		{"assign", `func f() { var x string; x = src(); use(x) }`, []flow.Bits{src}},
		{"var decl", `func f() { var x = src(); var y, z = "a", srcInt(); use(x); use(y); use(z) }`, []flow.Bits{src, 0, src}},
		{"use before the assignment", `func f() { var x string; use(x); x = src(); use(x) }`, []flow.Bits{0, src}},
		{"chain of copies", `func f() { a := src(); b := a; c := b; d := c; use(d) }`, []flow.Bits{src}},
		{"op-assign", `func f() { x := 1; x += srcInt(); use(x) }`, []flow.Bits{src}},
		{"op-assign keeps the old value", `func f() { x := srcInt(); x *= 2; use(x) }`, []flow.Bits{src}},
		{"conversion", `func f() { b := []byte(src()); d := time.Duration(srcInt()); use(b); use(d) }`, []flow.Bits{src, src}},
		{"arithmetic", `func f() { d := time.Duration(srcInt()) * time.Second; use(d); use(-srcInt()); use(1 + 2) }`, []flow.Bits{src, src, 0}},
		{"paren, deref, address", `func f() { x := srcInt(); p := &x; use(*p); use((x)) }`, []flow.Bits{src, src}},
		{"index and slice", `func f() { use(src()[0]); use(src()[1:]) }`, []flow.Bits{src, src}},
		{"strconv.Atoi", `func f() { n, err := strconv.Atoi(src()); use(n); use(err) }`, []flow.Bits{src, 0}},
		{"time calls", `func f() { t, err := time.Parse(time.RFC1123, src()); use(t); use(err); use(time.Until(t)) }`, []flow.Bits{src, 0, src}},
		{"method on a derived receiver", `func f() { d := time.Duration(srcInt()); use(d.Seconds()) }`, []flow.Bits{src}},
		{"strings and fmt.Sprintf", `func f() { use(strings.TrimSpace(src())); use(fmt.Sprintf("%d", srcInt())); use(fmt.Errorf("%d", srcInt())) }`, []flow.Bits{src, src, 0}},
		{"min and max", `func f() { use(min(srcInt(), 5)); use(max(1, srcInt(), 3)); use(max(1, 2)) }`, []flow.Bits{src, src, 0}},
		{"other builtins", `func f() { use(len(src())) }`, []flow.Bits{0}},
		{"opaque call", `func f() { use(opaque(src())) }`, []flow.Bits{0}},
		{"comparisons", `func f() { use(src() == "x"); use(srcInt() > 3); use(!(srcInt() > 3)); use(srcInt() > 0 && true) }`, []flow.Bits{0, 0, 0, 0}},
		{"range over a derived slice", `func f() { for i, v := range strings.Split(src(), ",") { use(v); use(i) } }`, []flow.Bits{src, 0}},
		{"range over a parameter", `func f(xs []string) { for _, v := range xs { use(v) } }`, []flow.Bits{p0}},
		{"range over an iterator of one value", `func f(seq func(func(string) bool)) { for v := range seq { use(v) } }`, []flow.Bits{p0}},
		{"range over the keys of a two-value iterator", `func f(seq func(func(int, string) bool)) { for k := range seq { use(k) } }`, []flow.Bits{0}},
		{"parameters", `func f(s string, n int, xs []string) { use(s); use(n); use(xs) }`, []flow.Bits{p0, p1, p2}},
		{"unnamed and grouped parameters", `func f(_ int, b, c string) { use(b); use(c) }`, []flow.Bits{p1, p2}},
		{"parameter and source", `func f(n int) { x := n + srcInt(); use(x) }`, []flow.Bits{p0 | src}},
		{"shadowed variable", `func f() { x := 0; { x := srcInt(); use(x) }; use(x) }`, []flow.Bits{src, 0}},
		{"comma-ok type assertion", `func f() { var i any = src(); v, ok := i.(string); use(v); use(ok) }`, []flow.Bits{src, 0}},
		{"type switch variable", `func f(x any) { switch v := x.(type) { case string: use(v); case int: use(v + 1); default: use(v) }; use(x) }`, []flow.Bits{p0, p0, p0, p0}},
		{"type switch variable of a source", `func f() { var x any = src(); switch v := x.(type) { case string: use(strings.ToUpper(v)) } }`, []flow.Bits{src}},
		{"type switch without a variable", `func f(x any) { var v any; switch x.(type) { case string: use(v) } }`, []flow.Bits{0}},
		{"comma-ok map index", `func f(m map[string]int) { v, ok := m["k"]; use(v); use(ok) }`, []flow.Bits{p0, 0}},
		{"closure call", `func f() { x := srcInt(); g := func() int { return x }; use(g()) }`, []flow.Bits{0}},
		{"loop back edge is ignored", `func f() { var x int; for i := 0; i < 3; i++ { use(x); x = srcInt() } }`, []flow.Bits{0}},
		{"blank assignment", `func f() { _ = src(); var x string; use(x) }`, []flow.Bits{0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := analyse(t, tt.f, nil)
			if got := a.useBits(); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("origins of the use arguments = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestExprSingleTypeAssertion(t *testing.T) {
	a := analyse(t, `func f() { var i any = src(); w := i.(string); use(w) }`, nil)
	if got := a.useBits(); !reflect.DeepEqual(got, []flow.Bits{src}) {
		t.Errorf("origins = %v, want [%v]", got, src)
	}
}

func TestExprLongChain(t *testing.T) {
	var b strings.Builder
	b.WriteString("func f() {\n\tx0 := srcInt()\n")
	const n = 200
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "\tx%d := x%d\n", i, i-1)
	}
	fmt.Fprintf(&b, "\tuse(x%d)\n}\n", n)
	a := analyse(t, b.String(), nil)
	if got := a.useBits(); !reflect.DeepEqual(got, []flow.Bits{src}) {
		t.Errorf("origins = %v, want [%v]", got, src)
	}
}

func TestTuple(t *testing.T) {
	a := analyse(t, `func f(m map[string]int, ch chan int, i any) {
	use(strconv.Atoi(src()))
	use(m["k"])
	use(i.(int))
	use(<-ch)
	use(srcInt())
	use(int64(srcInt()))
	use(notSrc())
	use(src() + "x")
}
`, nil)
	want := [][]flow.Bits{
		{src, 0},
		{p0, 0},
		{p2, 0},
		{0, 0},
		{src},
		{src},
		{0},
		{src},
	}
	if len(a.uses) != len(want) {
		t.Fatalf("found %d uses, want %d", len(a.uses), len(want))
	}
	for i, e := range a.uses {
		if got := a.fn.Tuple(e); !reflect.DeepEqual(got, want[i]) {
			t.Errorf("Tuple(%s) = %v, want %v", types.ExprString(e), got, want[i])
		}
	}
}

func TestCallHook(t *testing.T) {
	// The hook says opaque passes its argument through, strconv.Atoi hides
	// it, and knows nothing of other functions.
	hook := func(info *types.Info) func(*ast.CallExpr, *types.Func, flow.Bits, []flow.Bits) ([]flow.Bits, bool) {
		return func(call *ast.CallExpr, fn *types.Func, recv flow.Bits, args []flow.Bits) ([]flow.Bits, bool) {
			switch {
			case fn.Name() == "opaque" && fn.Pkg().Path() == "p":
				return []flow.Bits{args[0]}, true
			case fn.Name() == "Atoi" && fn.Pkg().Path() == "strconv":
				return []flow.Bits{0, 0}, true
			case fn.Name() == "Seconds":
				return []flow.Bits{recv | p2}, true
			case fn.Name() == "src":
				return nil, true // the Source bit is still added
			}
			return nil, false
		}
	}
	tests := []struct {
		name string
		f    string
		want []flow.Bits
	}{
		{"hook propagates", `func f() { use(opaque(src())) }`, []flow.Bits{src}},
		{"hook hides", `func f() { n, _ := strconv.Atoi(src()); use(n) }`, []flow.Bits{0}},
		{"hook sees the receiver", `func f() { d := time.Duration(srcInt()); use(d.Seconds()) }`, []flow.Bits{src | p2}},
		{"source bit survives the hook", `func f() { use(src()) }`, []flow.Bits{src}},
		{"unknown to the hook", `func f() { use(strings.ToUpper(src())); use(notSrc()) }`, []flow.Bits{src, 0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := analyse(t, tt.f, hook)
			if got := a.useBits(); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("origins of the use arguments = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestResults(t *testing.T) {
	tests := []struct {
		name string
		f    string
		want []flow.Bits
	}{
		{"no results", `func f() {}`, nil},
		{"several returns", `func f(s string, n int) (int, error) {
	if s == "" {
		return n, nil
	}
	v, err := strconv.Atoi(s)
	return v, err
}`, []flow.Bits{p0 | p1, 0}},
		{"multi-valued return", `func f(s string) (int, error) { return strconv.Atoi(s) }`, []flow.Bits{p0, 0}},
		{"naked return", `func f() (d time.Duration, err error) {
	d = time.Duration(srcInt())
	return
}`, []flow.Bits{src, 0}},
		{"naked and explicit returns", `func f(a, b int) (x, y int) {
	x = a
	if a > 0 {
		return
	}
	return b, a
}`, []flow.Bits{p0 | p1, p0}},
		{"naked return before the assignment", `func f(b bool) (n int) {
	if b {
		return
	}
	n = srcInt()
	return 0
}`, []flow.Bits{0}},
		{"returns of a func literal are excluded", `func f() int {
	g := func() int { return srcInt() }
	_ = g
	return 1
}`, []flow.Bits{0}},
		{"blank named result", `func f(a int) (_ string, n int) {
	n = a
	return
}`, []flow.Bits{0, p0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := analyse(t, tt.f, nil)
			if got := a.fn.Results(); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Results() = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestVar(t *testing.T) {
	a := analyse(t, `func f(n int) {
	x := 0
	use(x)
	x = srcInt()
	use(x)
}
`, nil)
	x := a.uses[0].(*ast.Ident)
	v := a.info.Uses[x].(*types.Var)
	tests := []struct {
		at   token.Pos
		want flow.Bits
	}{
		{a.decl.Body.Lbrace, 0},
		{a.uses[0].Pos(), 0},
		{a.uses[1].Pos(), src},
		{a.decl.Body.End(), src},
	}
	for _, tt := range tests {
		if got := a.fn.Var(v, tt.at); got != tt.want {
			t.Errorf("Var(x, %s) = %v, want %v", a.fset.Position(tt.at), got, tt.want)
		}
	}
	n := a.info.Defs[a.decl.Type.Params.List[0].Names[0]].(*types.Var)
	if got := a.fn.Var(n, a.decl.Body.End()); got != p0 {
		t.Errorf("Var(n) = %v, want %v", got, p0)
	}
}

// TestVarOverwritten: an assignment that is a statement of a block
// holding the use hides the earlier values (the parameter's too); one in
// a branch does not.
func TestVarOverwritten(t *testing.T) {
	a := analyse(t, `func f(n int, b bool) {
	x := srcInt()
	if b {
		use(x)
	}
	x = 0
	if b {
		use(x)
	}
	y := srcInt()
	if b {
		y = 0
	}
	use(y)
	n = 0
	use(n)
}
`, nil)
	tests := []struct {
		use  int
		want flow.Bits
	}{
		{0, src}, // before the overwrite
		{1, 0},   // after it, in a nested block
		{2, src}, // overwritten on one path only
		{3, 0},   // a parameter overwritten
	}
	for _, tt := range tests {
		id := a.uses[tt.use].(*ast.Ident)
		v := a.info.Uses[id].(*types.Var)
		if got := a.fn.Var(v, id.Pos()); got != tt.want {
			t.Errorf("Var(%s at use %d) = %v, want %v", id.Name, tt.use, got, tt.want)
		}
	}
}

func TestParamBits(t *testing.T) {
	// The parameters that get a bit are 0..n-1: each bit is a single one,
	// distinct from the others and from the analyzer's own origins.
	n := 0
	for flow.Param(n) != 0 {
		n++
	}
	if n < 60 || n > 63 {
		t.Fatalf("%d parameters get an origin bit, want about 62", n)
	}
	var seen flow.Bits
	for i := range n {
		b := flow.Param(i)
		if b&(b-1) != 0 {
			t.Errorf("Param(%d) = %#x, want a single bit", i, b)
		}
		if b&(seen|flow.Origins) != 0 {
			t.Errorf("Param(%d) = %#x overlaps an earlier parameter or an origin bit", i, b)
		}
		seen |= b
	}
	for _, i := range []int{-1, n, n + 1, 100} {
		if b := flow.Param(i); b != 0 {
			t.Errorf("Param(%d) = %#x, want 0", i, b)
		}
	}
	if flow.Origins&flow.Source == 0 || flow.Origins&flow.Tag == 0 || flow.Origins&flow.Tag2 == 0 {
		t.Errorf("Origins = %#x, want Source, Tag and Tag2 in it", flow.Origins)
	}
	b := flow.Source | flow.Tag | flow.Tag2 | flow.Param(0) | flow.Param(3) | flow.Param(n-1)
	if got, want := b.Params(), []int{0, 3, n - 1}; !reflect.DeepEqual(got, want) {
		t.Errorf("Params() = %v, want %v", got, want)
	}
	if got := flow.Origins.Params(); got != nil {
		t.Errorf("Origins.Params() = %v, want nil", got)
	}
}

func TestPropagates(t *testing.T) {
	fns := map[string][]string{
		"strconv":  {"Atoi", "ParseFloat"},
		"strings":  {"TrimSpace"},
		"time":     {"ParseDuration", "Until"},
		"math":     {"Ceil"},
		"bytes":    {"TrimSpace"},
		"fmt":      {"Sprint", "Sprintf", "Sprintln", "Errorf", "Println"},
		"net/http": {"ParseTime", "CanonicalHeaderKey", "Get", "StatusText"},
		"os":       {"Getenv"},
	}
	want := map[string]bool{
		"strconv.Atoi": true, "strconv.ParseFloat": true, "strings.TrimSpace": true,
		"time.ParseDuration": true, "time.Until": true, "math.Ceil": true, "bytes.TrimSpace": true,
		"fmt.Sprint": true, "fmt.Sprintf": true, "fmt.Sprintln": true,
		"net/http.ParseTime": true, "net/http.CanonicalHeaderKey": true,
	}
	for path, names := range fns {
		pkg, err := stdImporter.Import(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range names {
			fn, ok := pkg.Scope().Lookup(name).(*types.Func)
			if !ok {
				t.Fatalf("%s.%s is not a func", path, name)
			}
			if got := flow.Propagates(fn); got != want[path+"."+name] {
				t.Errorf("Propagates(%s.%s) = %v, want %v", path, name, got, want[path+"."+name])
			}
		}
	}
	// Methods of the listed packages propagate too.
	timePkg, _ := stdImporter.Import("time")
	dur := timePkg.Scope().Lookup("Duration").Type().(*types.Named)
	for i := range dur.NumMethods() {
		if m := dur.Method(i); m.Name() == "Seconds" && !flow.Propagates(m) {
			t.Errorf("Propagates(time.Duration.Seconds) = false, want true")
		}
	}
}

func TestAssigned(t *testing.T) {
	tests := []struct {
		name   string
		decls  string
		values []string // the source of each value, in order
		ok     bool
	}{
		{"define and assign", "func f() { x := 1; x = 2; use(x) }", []string{"1", "2"}, true},
		{"var with value", "func f() { var x = notSrc(); use(x) }", []string{"notSrc()"}, true},
		{"first result of a call", "func f() { x, err := strconv.Atoi(\"1\"); use(x, err) }", []string{`strconv.Atoi("1")`}, true},
		{"later result of a call", "func f() { n, x := strconv.Atoi(\"1\"); use(x, n) }", nil, false},
		{"operator assignment", "func f() { x := 1; x += 2; use(x) }", []string{"1"}, false},
		{"address taken", "func f() { x := 1; p := &x; use(x, p) }", []string{"1"}, false},
		{"zero value", "func f() { var x int; use(x) }", nil, false},
		{"range variable", "func f() { for _, x := range []int{1} { use(x) } }", nil, false},
		{"parameter", "func f(x int) { use(x) }", nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := analyse(t, tt.decls, nil)
			id := a.uses[0].(*ast.Ident)
			v := a.info.Uses[id].(*types.Var)
			values, ok := flow.Assigned(a.info, a.decl, v)
			if ok != tt.ok {
				t.Errorf("ok = %v, want %v", ok, tt.ok)
			}
			var got []string
			for _, e := range values {
				got = append(got, types.ExprString(e))
			}
			if strings.Join(got, "|") != strings.Join(tt.values, "|") {
				t.Errorf("values = %q, want %q", got, tt.values)
			}
		})
	}
}

func TestFuncParts(t *testing.T) {
	a := analyse(t, "func f() { g := func() int { return 1 }; use(g) }", nil)
	if ft, body := flow.FuncParts(a.decl); ft != a.decl.Type || body != a.decl.Body {
		t.Error("FuncParts of a declaration")
	}
	var lit *ast.FuncLit
	ast.Inspect(a.decl, func(n ast.Node) bool {
		if l, ok := n.(*ast.FuncLit); ok {
			lit = l
		}
		return true
	})
	if ft, body := flow.FuncParts(lit); ft != lit.Type || body != lit.Body {
		t.Error("FuncParts of a literal")
	}
	if ft, body := flow.FuncParts(a.decl.Body); ft != nil || body != nil {
		t.Error("FuncParts of a block")
	}
}

func TestHandsOwnParams(t *testing.T) {
	a := analyse(t, `
func g(a, b int) int { return a + b }
func h(a int) int    { return a }
func f(x int) {
	_ = func(a, b int) int { return g(a, b) }
	_ = func(a, b int) int { return g(b, a) }
	_ = func(a, b int) int { return g(a, x) }
	_ = func(a int) int { return h(a) }
	_ = func() int { return h(x) }
	_ = func(a, b int) int { return h(a) }
}`, nil)
	want := []bool{true, false, false, true, false, false}
	var got []bool
	ast.Inspect(a.decl, func(n ast.Node) bool {
		lit, ok := n.(*ast.FuncLit)
		if !ok {
			return true
		}
		ret := lit.Body.List[len(lit.Body.List)-1].(*ast.ReturnStmt)
		got = append(got, flow.HandsOwnParams(a.info, lit, ret.Results[0].(*ast.CallExpr)))
		return false
	})
	if !slices.Equal(got, want) {
		t.Errorf("HandsOwnParams: got %v, want %v", got, want)
	}
}

func TestFieldStores(t *testing.T) {
	tests := []struct {
		name   string
		decls  string
		values []string
		all    bool
	}{
		{"one store", "type T struct{ F, G int }\nfunc f() { var x T; x.F = 1; x.G = 2; use(x) }", []string{"1"}, true},
		{"two stores", "type T struct{ F int }\nfunc f(x, y *T) { x.F = 1; y.F, x.F = 2, 3; use(x) }", []string{"1", "2", "3"}, true},
		{"result of a call", "type T struct{ F int }\nfunc f(x *T) { var err error; x.F, err = strconv.Atoi(\"1\"); use(x, err) }", nil, false},
		{"another field", "type T struct{ F, G int }\nfunc f(x *T) { x.G = 1; use(x) }", nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := analyse(t, tt.decls, nil)
			values, all := flow.FieldStores(a.decl, func(sel *ast.SelectorExpr) bool {
				s, ok := a.info.Selections[sel]
				return ok && s.Obj().Name() == "F"
			})
			if all != tt.all {
				t.Errorf("all = %v, want %v", all, tt.all)
			}
			var got []string
			for _, e := range values {
				got = append(got, types.ExprString(e))
			}
			if strings.Join(got, "|") != strings.Join(tt.values, "|") {
				t.Errorf("values = %q, want %q", got, tt.values)
			}
		})
	}
}
