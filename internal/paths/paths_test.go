package paths_test

import (
	"go/ast"
	"go/constant"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"github.com/retrylint/retrylint/internal/paths"
)

// prelude declares the call whose outcomes the tests follow: do returns
// a status and an error.
const prelude = `package p

import "os"

func do() (int, error) { return 0, nil }
func other() bool      { return false }
func use(...any)       {}

var _ = os.Exit
`

// model is one outcome of do: a failure (err != nil) or a status.
type model struct {
	info     *types.Info
	code     *types.Var // the status result
	err      *types.Var
	failed   bool
	status   int64
	retryRet bool // a return of a non-nil error is retried
	forgot   *model
}

func (m *model) is(e ast.Expr, v *types.Var) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && v != nil && m.info.Uses[id] == v
}

func (m *model) Cond(e ast.Expr) paths.Tri {
	switch e := ast.Unparen(e).(type) {
	case *ast.UnaryExpr:
		if e.Op == token.NOT {
			return m.Cond(e.X).Not()
		}
	case *ast.BinaryExpr:
		switch e.Op {
		case token.LAND:
			return m.Cond(e.X).And(m.Cond(e.Y))
		case token.LOR:
			return m.Cond(e.X).Or(m.Cond(e.Y))
		case token.EQL, token.NEQ, token.GEQ, token.LSS:
			if m.is(e.X, m.err) {
				return paths.Of(m.failed == (e.Op == token.NEQ))
			}
			if m.is(e.X, m.code) && !m.failed {
				tv := m.info.Types[e.Y]
				if tv.Value == nil {
					return paths.Maybe
				}
				y, _ := constant.Int64Val(tv.Value)
				switch e.Op {
				case token.EQL:
					return paths.Of(m.status == y)
				case token.NEQ:
					return paths.Of(m.status != y)
				case token.GEQ:
					return paths.Of(m.status >= y)
				case token.LSS:
					return paths.Of(m.status < y)
				}
			}
		}
	}
	return paths.Maybe
}

// Forget returns the model past a statement that assigns err again:
// one that knows nothing of err, the same one each time.
func (m *model) Forget(n ast.Node) paths.Model {
	as, ok := n.(*ast.AssignStmt)
	if !ok || m.err == nil {
		return nil
	}
	for _, l := range as.Lhs {
		if m.is(l, m.err) {
			if m.forgot == nil {
				cp := *m
				cp.err = nil
				m.forgot = &cp
			}
			m.forgot.failed, m.forgot.status = m.failed, m.status
			return m.forgot
		}
	}
	return nil
}

func (m *model) Return(r *ast.ReturnStmt) bool {
	if !m.retryRet || len(r.Results) == 0 {
		return false
	}
	return m.is(r.Results[len(r.Results)-1], m.err) && m.failed
}

// ask type-checks prelude+src, finds the function f, its first loop (or
// labelled statement, or none when op is set) and the call of do, and
// asks whether a failure and a 500 reach another attempt.
func ask(t *testing.T, src string, op bool) (failure, status500, success bool) {
	t.Helper()
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "p.go", prelude+src, 0)
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	info := &types.Info{
		Types: map[ast.Expr]types.TypeAndValue{},
		Defs:  map[*ast.Ident]types.Object{},
		Uses:  map[*ast.Ident]types.Object{},
	}
	if _, err := (&types.Config{Importer: importer.Default()}).Check("p", fset, []*ast.File{file}, info); err != nil {
		t.Fatalf("type-check: %v", err)
	}
	var fd *ast.FuncDecl
	for _, d := range file.Decls {
		if d, ok := d.(*ast.FuncDecl); ok && d.Name.Name == "f" {
			fd = d
		}
	}
	var call *ast.AssignStmt
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if n, ok := n.(*ast.AssignStmt); ok && call == nil {
			if c, ok := n.Rhs[0].(*ast.CallExpr); ok {
				if id, ok := c.Fun.(*ast.Ident); ok && id.Name == "do" {
					call = n
				}
			}
		}
		return true
	})
	// The loop: the innermost for or range statement around the call,
	// else a labelled statement.
	var loop, label ast.Stmt
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			if !op && call != nil && n.Pos() <= call.Pos() && call.End() <= n.End() {
				loop = n.(ast.Stmt)
			}
		case *ast.LabeledStmt:
			label = n
		}
		return true
	})
	if loop == nil && !op {
		loop = label
	}
	if call == nil {
		t.Fatal("no call of do")
	}
	g := paths.New(info, fd.Body)
	m := &model{info: info, retryRet: op}
	if id, ok := call.Lhs[0].(*ast.Ident); ok {
		m.code, _ = info.ObjectOf(id).(*types.Var)
	}
	m.err, _ = info.ObjectOf(call.Lhs[1].(*ast.Ident)).(*types.Var)
	run := func(failed bool, status int64) bool {
		m.failed, m.status = failed, status
		next, ok := g.Next(loop, call, m)
		if !ok {
			t.Fatal("question not asked")
		}
		return next
	}
	return run(true, 0), run(false, 500), run(false, 200)
}

func TestNext(t *testing.T) {
	for _, tc := range []struct {
		name                        string
		src                         string
		op                          bool
		failure, status500, success bool
	}{
		{name: "failure first, continue", failure: true, src: `
func f() {
	for i := 0; i < 3; i++ {
		code, err := do()
		if err != nil {
			continue
		}
		use(code)
		return
	}
}`},
		{name: "success first, failure falls through", failure: true, status500: true, src: `
func f() {
	for {
		code, err := do()
		if err == nil && code < 500 {
			return
		}
	}
}`},
		{name: "err reused for a later call, in a nested loop", failure: true, src: `
func f() {
	for i := 0; i < 3; i++ {
		_, err := do()
		if err == nil {
			return
		}
		for j := 0; j < 2; j++ {
			_, err = do()
		}
		if err != nil {
			return
		}
	}
}`},
		{name: "failure returns", src: `
func f() {
	for i := 0; i < 3; i++ {
		code, err := do()
		if err != nil {
			return
		}
		if code >= 500 {
			return
		}
		return
	}
}`},
		{name: "switch on the status", status500: true, src: `
func f() {
	for i := 0; i < 3; i++ {
		code, err := do()
		if err != nil {
			return
		}
		switch code {
		case 500, 503:
			continue
		case 200:
		}
		return
	}
}`},
		{name: "labelled continue from a switch in a nested loop", status500: true, src: `
func f() {
outer:
	for i := 0; i < 3; i++ {
		code, err := do()
		if err != nil {
			return
		}
		for j := 0; j < 2; j++ {
			switch {
			case code >= 500:
				continue outer
			}
		}
		return
	}
}`},
		{name: "break in a switch leaves only the switch", failure: true, src: `
func f() {
	for i := 0; i < 3; i++ {
		code, err := do()
		switch {
		case err != nil:
			break
		default:
			use(code)
			return
		}
	}
}`},
		{name: "goto retry", failure: true, src: `
func f() {
	n := 0
retry:
	code, err := do()
	if err != nil && n < 3 {
		n++
		goto retry
	}
	use(code)
}`},
		{name: "no-return call", src: `
func f() {
	for {
		_, err := do()
		if err != nil {
			os.Exit(1)
		}
		return
	}
}`},
		{name: "counted down", failure: true, status500: true, src: `
func f() {
	for n := 3; n > 0; n-- {
		code, err := do()
		if err == nil && code == 200 {
			return
		}
	}
}`},
		{name: "a break of an outer loop leaves", src: `
func f() {
	for _, x := range []int{1, 2} {
		use(x)
		for i := 0; i < 3; i++ {
			_, err := do()
			if err != nil {
				break
			}
			return
		}
	}
}`},
		{name: "unknown condition goes both ways", failure: true, status500: true, success: true, src: `
func f() {
	for {
		_, err := do()
		if other() {
			continue
		}
		if err != nil {
			return
		}
	}
}`},
		{name: "operation returns its failure", op: true, failure: true, src: `
func f() error {
	code, err := do()
	if err != nil {
		return err
	}
	use(code)
	return nil
}`},
		{name: "operation swallows its failure", op: true, src: `
func f() error {
	code, err := do()
	if err != nil {
		use(err)
		return nil
	}
	use(code)
	return nil
}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, s, ok := ask(t, tc.src, tc.op)
			if f != tc.failure || s != tc.status500 || ok != tc.success {
				t.Errorf("failure, 500, success reach another attempt: got %v %v %v, want %v %v %v", f, s, ok, tc.failure, tc.status500, tc.success)
			}
		})
	}
}

// unknown is the model that knows no condition.
type unknown struct{}

func (unknown) Cond(ast.Expr) paths.Tri     { return paths.Maybe }
func (unknown) Return(*ast.ReturnStmt) bool { return false }

// TestFallsThrough checks the cheap test against the graph: a body that
// falls through reaches the next iteration, and each body here is
// answered as expected.
func TestFallsThrough(t *testing.T) {
	for _, tc := range []struct {
		body  string
		falls bool
	}{
		{"x++", true},
		{"if x > 0 { return }", true},
		{"if x > 0 { return } else { x++ }", true},
		{"if x > 0 { return } else { os.Exit(1) }", false},
		{"x++; return", false},
		{"switch x { case 1: return; default: x++ }", true},
		{"switch x { case 1: return; default: return }", false},
		{"switch x { case 1: return }", true},
		{"select { case <-ch: return; default: break }", false},
		{"select { case <-ch: return; default: x++ }", true},
		{"for { x++ }", false},
		{"for x < 3 { x++ }", true},
		{"{ x++; continue }", false},
		{"break", false},
	} {
		src := "func f(ch chan int) {\n\tx := 0\n\tfor i := 0; i < 3; i++ {\n\t\t" + tc.body + "\n\t}\n\tuse(x)\n}\n"
		fset := token.NewFileSet()
		file, err := parser.ParseFile(fset, "p.go", prelude+src, 0)
		if err != nil {
			t.Fatalf("%s: parse: %v", tc.body, err)
		}
		info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}}
		if _, err := (&types.Config{Importer: importer.Default()}).Check("p", fset, []*ast.File{file}, info); err != nil {
			t.Fatalf("%s: type-check: %v", tc.body, err)
		}
		fd := file.Decls[len(file.Decls)-1].(*ast.FuncDecl)
		loop := fd.Body.List[1].(*ast.ForStmt)
		falls := paths.FallsThrough(info, loop.Body.List)
		if falls != tc.falls {
			t.Errorf("%s: FallsThrough = %v, want %v", tc.body, falls, tc.falls)
		}
		if next, ok := paths.New(info, fd.Body).Next(loop, nil, unknown{}); falls && (!ok || !next) {
			t.Errorf("%s: falls through but the graph does not reach the next iteration", tc.body)
		}
	}
}

// TestOperators checks Swap, Negate and Compare against Go's own
// evaluation of every comparison over a few integers.
func TestOperators(t *testing.T) {
	ops := []token.Token{token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ}
	eval := func(a int64, op token.Token, b int64) bool {
		switch op {
		case token.EQL:
			return a == b
		case token.NEQ:
			return a != b
		case token.LSS:
			return a < b
		case token.LEQ:
			return a <= b
		case token.GTR:
			return a > b
		}
		return a >= b
	}
	for _, op := range ops {
		for a := int64(-1); a <= 1; a++ {
			for b := int64(-1); b <= 1; b++ {
				if got, want := paths.Compare(a, op, b), paths.Of(eval(a, op, b)); got != want {
					t.Errorf("paths.Compare(%d %s %d) = %v, want %v", a, op, b, got, want)
				}
				if eval(a, op, b) != eval(b, paths.Swap(op), a) {
					t.Errorf("paths.Swap(%s) = %s: %d %s %d differs from %d %s %d", op, paths.Swap(op), a, op, b, b, paths.Swap(op), a)
				}
				if eval(a, op, b) == eval(a, paths.Negate(op), b) {
					t.Errorf("paths.Negate(%s) = %s: same result on %d, %d", op, paths.Negate(op), a, b)
				}
			}
		}
	}
	for _, op := range []token.Token{token.ADD, token.LAND} {
		if paths.Swap(op) != token.ILLEGAL || paths.Negate(op) != token.ILLEGAL || paths.Compare(1, op, 1) != paths.Maybe {
			t.Errorf("%s is no comparison: Swap %s, Negate %s, Compare %v", op, paths.Swap(op), paths.Negate(op), paths.Compare(1, op, 1))
		}
	}
}

// otherModel decides other() as given: the condition a path to the
// target depends on.
type otherModel struct {
	info  *types.Info
	other paths.Tri
}

func (m otherModel) Cond(e ast.Expr) paths.Tri {
	if t, ok := paths.Logic(e, m.Cond); ok {
		return t
	}
	if call, ok := ast.Unparen(e).(*ast.CallExpr); ok {
		if id, ok := call.Fun.(*ast.Ident); ok && id.Name == "other" {
			return m.other
		}
	}
	return paths.Maybe
}

func (otherModel) Return(*ast.ReturnStmt) bool { return false }

// TestReaches checks that a path from the entry reaches the call of do
// only through the branches the model leaves open.
func TestReaches(t *testing.T) {
	for _, tc := range []struct {
		body string
		// reached, for other() true, false and unknown
		yes, no, maybe bool
	}{
		{"do()", true, true, true},
		{"if other() { return }; do()", false, true, true},
		{"if !other() { do() }", false, true, true},
		{"if other() && x > 0 { do() }", true, false, true},
		{"for i := 0; i < 3; i++ { if other() { break }; do() }", false, true, true},
		{"switch { case other(): return; default: do() }", false, true, true},
	} {
		src := "func f() {\n\tx := 0\n\t" + tc.body + "\n\tuse(x)\n}\n"
		fset := token.NewFileSet()
		file, err := parser.ParseFile(fset, "p.go", prelude+src, 0)
		if err != nil {
			t.Fatalf("%s: parse: %v", tc.body, err)
		}
		info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}}
		if _, err := (&types.Config{Importer: importer.Default()}).Check("p", fset, []*ast.File{file}, info); err != nil {
			t.Fatalf("%s: type-check: %v", tc.body, err)
		}
		fd := file.Decls[len(file.Decls)-1].(*ast.FuncDecl)
		var target ast.Node
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok {
				if id, ok := call.Fun.(*ast.Ident); ok && id.Name == "do" {
					target = call
				}
			}
			return target == nil
		})
		g := paths.New(info, fd.Body)
		for _, c := range []struct {
			other paths.Tri
			want  bool
		}{{paths.Yes, tc.yes}, {paths.No, tc.no}, {paths.Maybe, tc.maybe}} {
			if got := g.Reaches(target, otherModel{info, c.other}); got != c.want {
				t.Errorf("%s: other() %v: Reaches = %v, want %v", tc.body, c.other, got, c.want)
			}
		}
	}
}

func TestFlows(t *testing.T) {
	for _, tc := range []struct {
		body string
		want bool // from mark() on, does control go on to do()?
	}{
		{"mark(); do()", true},
		{"if other() { mark() }; do()", true},
		{"if other() { mark(); return }; do()", false},
		{"if other() { mark(); os.Exit(1) }; do()", false},
		{"if other() { mark(); panic(x) }; do()", false},
		{"switch { case other(): mark(); default: do() }", false},
		{"switch { case other(): mark(); fallthrough; default: do() }", true},
		{"switch { case other(): mark() }; do()", true},
		{"for i := 0; i < 3; i++ { if i > 0 { do() }; mark() }", false}, // only round the loop
		{"for i := 0; i < 3; i++ { mark(); if other() { break } }; do()", true},
		{"do(); mark()", false},
		{"f := func() { mark() }; f(); do()", false},
	} {
		src := "func f() {\n\tx := 0\n\t" + tc.body + "\n\tuse(x)\n}\n"
		fset := token.NewFileSet()
		file, err := parser.ParseFile(fset, "p.go", prelude+"func mark() {}\n"+src, 0)
		if err != nil {
			t.Fatalf("%s: parse: %v", tc.body, err)
		}
		info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}}
		if _, err := (&types.Config{Importer: importer.Default()}).Check("p", fset, []*ast.File{file}, info); err != nil {
			t.Fatalf("%s: type-check: %v", tc.body, err)
		}
		fd := file.Decls[len(file.Decls)-1].(*ast.FuncDecl)
		var from, target ast.Node
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok {
				if id, ok := call.Fun.(*ast.Ident); ok {
					switch id.Name {
					case "do":
						target = call
					case "mark":
						from = call
					}
				}
			}
			return true
		})
		if got := paths.New(info, fd.Body).Flows(from, target); got != tc.want {
			t.Errorf("%s: Flows = %v, want %v", tc.body, got, tc.want)
		}
	}
}

// TestLeavesSelect: a select without default waits until a case is
// ready; the block after its last case is no path out of the loop.
func TestLeavesSelect(t *testing.T) {
	for _, tc := range []struct {
		body string
		want bool
	}{
		{"select { case <-a: case <-b: }", false},
		{"select { case <-a: return; case <-b: }", true},
		{"select { case <-a: case <-b: default: return }", true},
		{"select { case <-a: }", false},
	} {
		src := "func f(a, b chan int) {\n\tfor {\n\t\t_, err := do()\n\t\tuse(err)\n\t\t" + tc.body + "\n\t}\n}\n"
		fset := token.NewFileSet()
		file, err := parser.ParseFile(fset, "p.go", prelude+src, 0)
		if err != nil {
			t.Fatalf("%s: parse: %v", tc.body, err)
		}
		info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}}
		if _, err := (&types.Config{Importer: importer.Default()}).Check("p", fset, []*ast.File{file}, info); err != nil {
			t.Fatalf("%s: type-check: %v", tc.body, err)
		}
		fd := file.Decls[len(file.Decls)-1].(*ast.FuncDecl)
		loop := fd.Body.List[0].(*ast.ForStmt)
		leaves, ok := paths.New(info, fd.Body).Leaves(loop, loop.Body.List[0], unknown{})
		if !ok || leaves != tc.want {
			t.Errorf("%s: Leaves = %v, %v; want %v, true", tc.body, leaves, ok, tc.want)
		}
	}
}
