// Package callindex lists the calls (with their callees), the returns and
// the assignments of each function declaration of a package, so that the
// analyzers share one walk of each body and one lookup of each callee
// instead of doing their own.
//
// The index is built lazily, one function at a time: a package in which no
// analyzer asks about a function costs nothing.
package callindex

import (
	"cmp"
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"sort"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/httpmodel"
)

// Analyzer provides the *Index of a package. It has no facts and reports
// nothing.
var Analyzer = &analysis.Analyzer{
	Name:       "callindex",
	Doc:        "index the calls in each function declaration (shared by the retrylint analyzers)",
	URL:        "https://pkg.go.dev/github.com/retrylint/retrylint/internal/callindex",
	Run:        func(pass *analysis.Pass) (any, error) { return New(pass.Fset, pass.Files, pass.TypesInfo), nil },
	ResultType: reflect.TypeFor[*Index](),
}

// A Func is a function declaration with a body.
type Func struct {
	File *ast.File
	Decl *ast.FuncDecl
	// Obj is the declared function, nil when the type checker did not
	// define one (in code with errors).
	Obj *types.Func
}

// A Call is a call in a function body.
type Call struct {
	Expr *ast.CallExpr
	// Callee is the statically known function or method called (see
	// httpmodel.Callee), nil for a call of a func value, a conversion or a
	// builtin.
	Callee *types.Func
	// Detached is the innermost go statement, defer statement or function
	// literal (other than one called on the spot) around the call within
	// the body, or nil: a detached call does not run as part of the code
	// around it each time that code runs.
	Detached ast.Node
}

// DetachedWithin reports whether something between the call and root (a
// node of the same body that holds the call) detaches the call from root.
func (c Call) DetachedWithin(root ast.Node) bool {
	return c.Detached != nil && c.Detached.Pos() >= root.Pos()
}

// Index lists the function declarations of a package and, on demand, the
// calls of each. It is safe for concurrent use: the analyzers of one
// package share it.
type Index struct {
	info  *types.Info
	files []*ast.File
	funcs []Func

	mu     sync.Mutex
	bodies map[*ast.FuncDecl]*body
	vars   map[*ast.GenDecl][]ast.Node

	takenOnce sync.Once
	taken     map[*types.Func]bool

	declOnce sync.Once
	decls    map[*types.Func]Func

	byPosOnce sync.Once
	byPos     []Func // funcs sorted by position

	// fset, when set, tells test files apart (see bindFields).
	fset       *token.FileSet
	fieldsOnce sync.Once
	fieldFunc  map[*types.Var]*types.Func // bound fields (see bindFields)
	fieldUses  map[*types.Func]int        // the stores of bound fields, per function

	callersOnce sync.Once
	callers     map[*types.Func][]callerCall // the calls of each function, by its origin (see callsOf)

	// returnsParam caches ReturnsParam, by the function's origin.
	returnsMu    sync.Mutex
	returnsParam map[*types.Func]int
}

type body struct {
	calls   []Call
	nodes   []ast.Node
	returns []*ast.ReturnStmt
	lits    []*ast.CompositeLit
	addrs   []*ast.UnaryExpr
	// fields holds, for each call of a func-typed field of a struct of
	// the package, the index of the call in calls and the field;
	// resolved is set once the bound ones have their callee (see
	// resolveFields).
	fields   []fieldCall
	resolved bool
}

type fieldCall struct {
	i     int
	field *types.Var
}

// New indexes files, type-checked into info. fset, which may be nil,
// tells the package's test files apart (see bindFields).
func New(fset *token.FileSet, files []*ast.File, info *types.Info) *Index {
	ix := &Index{fset: fset, info: info, files: files, bodies: map[*ast.FuncDecl]*body{}}
	for _, file := range files {
		for _, d := range file.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				fn, _ := info.Defs[fd.Name].(*types.Func)
				ix.funcs = append(ix.funcs, Func{File: file, Decl: fd, Obj: fn})
			}
		}
	}
	return ix
}

// Funcs returns the function declarations with a body, in source order.
// The caller must not modify the slice.
func (ix *Index) Funcs() []Func { return ix.funcs }

// Decl returns the declaration (with a body) of fn, a function of the
// package, and whether there is one. An instance of a generic function
// is not its declaration: pass fn.Origin() for that.
func (ix *Index) Decl(fn *types.Func) (Func, bool) {
	ix.declOnce.Do(func() {
		ix.decls = make(map[*types.Func]Func, len(ix.funcs))
		for _, f := range ix.funcs {
			if f.Obj != nil {
				ix.decls[f.Obj] = f
			}
		}
	})
	f, ok := ix.decls[fn]
	return f, ok
}

// DeclAt returns the function declaration (with a body) whose body holds
// pos, and whether there is one: none for a position in a package-level
// variable's initialiser or outside every body.
func (ix *Index) DeclAt(pos token.Pos) (Func, bool) {
	ix.byPosOnce.Do(func() {
		ix.byPos = slices.Clone(ix.funcs)
		slices.SortFunc(ix.byPos, func(a, b Func) int { return cmp.Compare(a.Decl.Pos(), b.Decl.Pos()) })
	})
	i := sort.Search(len(ix.byPos), func(i int) bool { return ix.byPos[i].Decl.End() > pos })
	if i < len(ix.byPos) && ix.byPos[i].Decl.Body.Pos() <= pos {
		return ix.byPos[i], true
	}
	return Func{}, false
}

// Calls returns the calls in the body of fd, function literals included,
// in source order (by position). The caller must not modify the slice.
func (ix *Index) Calls(fd *ast.FuncDecl) []Call {
	b := ix.body(fd)
	if len(b.fields) > 0 {
		ix.resolveFields(b)
	}
	return b.calls
}

// Nodes returns the assignments, variable specifications, range
// statements, type switches (for the variables of their clauses), calls
// and index expressions in the body of fd, function
// literals included, in the order of a preorder walk of the body. The
// caller must not modify the slice.
func (ix *Index) Nodes(fd *ast.FuncDecl) []ast.Node { return ix.body(fd).nodes }

// Returns returns the return statements of fd itself (not those of the
// function literals in it), in source order. The caller must not modify
// the slice.
func (ix *Index) Returns(fd *ast.FuncDecl) []*ast.ReturnStmt { return ix.body(fd).returns }

// AddressTaken reports whether fn (its origin), a function declared in
// the package, is used other than as the callee of a call: the uses of
// each counted in the type information, less the calls of it that the
// index lists. A call outside every function body (in a package-level
// initializer) counts as a use, which errs toward taken. The answer is
// computed once per package, for every function.
func (ix *Index) AddressTaken(fn *types.Func) bool {
	ix.takenOnce.Do(ix.findTaken)
	return ix.taken[fn.Origin()]
}

func (ix *Index) findTaken() {
	local := make(map[*types.Func]bool, len(ix.funcs))
	for _, f := range ix.funcs {
		if f.Obj != nil {
			local[f.Obj] = true
		}
	}
	uses := map[*types.Func]int{}
	for _, obj := range ix.info.Uses {
		if fn, ok := obj.(*types.Func); ok && local[fn.Origin()] {
			uses[fn.Origin()]++
		}
	}
	for _, f := range ix.funcs {
		for _, call := range ix.Calls(f.Decl) {
			if call.Callee == nil || !namesCallee(ix.info, call.Expr, call.Callee) {
				continue
			}
			if fn := call.Callee.Origin(); uses[fn] > 0 {
				uses[fn]--
			}
		}
	}
	ix.fieldsOnce.Do(ix.bindFields)
	for fn, n := range ix.fieldUses {
		uses[fn] = max(uses[fn]-n, 0)
	}
	ix.taken = map[*types.Func]bool{}
	for fn, n := range uses {
		if n > 0 {
			ix.taken[fn] = true
		}
	}
}

// An Arg is what a call hands a parameter, in the function that makes
// the call.
type Arg struct {
	Caller Func
	Call   *ast.CallExpr
	Expr   ast.Expr
}

// CallArgs returns the argument that each call of fn in the package
// hands its parameter p (a call that spreads a slice into it, f(xs...),
// hands none of its own and is left out), and whether those calls are all
// that fn gets: fn is unexported, not used other than as a callee (see
// AddressTaken), not a method whose name an interface of its package
// declares (it may be called through it), and no call spreads. Both are
// zero when p is not fn's parameter.
func (ix *Index) CallArgs(fn *types.Func, p *types.Var) (args []Arg, complete bool) {
	if fn == nil {
		return nil, false
	}
	sig := fn.Signature()
	j := -1
	for i := range sig.Params().Len() {
		if sig.Params().At(i) == p {
			j = i
		}
	}
	if j < 0 {
		return nil, false
	}
	complete = ix.CallsKnown(fn)
	for _, c := range ix.callsOf(fn) {
		call := c.call
		if j >= len(call.Expr.Args) || call.Expr.Ellipsis.IsValid() {
			complete = false
			continue
		}
		args = append(args, Arg{Caller: c.caller, Call: call.Expr, Expr: call.Expr.Args[j]})
	}
	return args, complete
}

// A callerCall is a call of a function and the function that makes it.
type callerCall struct {
	caller Func
	call   Call
}

// callsOf returns the calls of fn (its origin) in the package's function
// bodies, in the order of the functions and of the calls in each. The
// index of every function's calls is built once, at the first question.
func (ix *Index) callsOf(fn *types.Func) []callerCall {
	ix.callersOnce.Do(func() {
		ix.callers = map[*types.Func][]callerCall{}
		for _, f := range ix.funcs {
			for _, call := range ix.Calls(f.Decl) {
				if call.Callee != nil {
					o := call.Callee.Origin()
					ix.callers[o] = append(ix.callers[o], callerCall{caller: f, call: call})
				}
			}
		}
	})
	return ix.callers[fn.Origin()]
}

// CallsKnown reports whether the calls of fn, a function of the package,
// that the index lists are all it gets: fn is unexported, not used other
// than as a callee (see AddressTaken), and not a method whose name an
// interface of its package declares (it may be called through it).
func (ix *Index) CallsKnown(fn *types.Func) bool {
	return !fn.Exported() && !ix.AddressTaken(fn) && (fn.Signature().Recv() == nil || !interfaceNamed(fn))
}

// ParamArgs returns what CallArgs does when the calls are all that fn
// gets; ok is false otherwise.
func (ix *Index) ParamArgs(fn *types.Func, p *types.Var) (args []Arg, ok bool) {
	args, ok = ix.CallArgs(fn, p)
	if !ok {
		return nil, false
	}
	return args, true
}

// interfaceNamed reports whether an interface type of fn's package has a
// method of fn's name.
func interfaceNamed(fn *types.Func) bool {
	if fn.Pkg() == nil {
		return true
	}
	scope := fn.Pkg().Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok {
			continue
		}
		if it, ok := tn.Type().Underlying().(*types.Interface); ok {
			for m := range it.Methods() {
				if m.Name() == fn.Name() {
					return true
				}
			}
		}
	}
	return false
}

// namesCallee reports whether call's function is written as an
// identifier that uses fn: f(x), pkg.f(x), v.m(x), f[T](x).
func namesCallee(info *types.Info, call *ast.CallExpr, fn *types.Func) bool {
	fun := ast.Unparen(call.Fun)
	for {
		switch x := fun.(type) {
		case *ast.IndexExpr:
			fun = ast.Unparen(x.X)
			continue
		case *ast.IndexListExpr:
			fun = ast.Unparen(x.X)
			continue
		case *ast.SelectorExpr:
			fun = x.Sel
			continue
		case *ast.Ident:
			obj, ok := info.Uses[x].(*types.Func)
			return ok && obj.Origin() == fn.Origin()
		}
		return false
	}
}

// CompositeLits returns the composite literals in the body of fd,
// function literals included, in the order of a preorder walk of the body.
// The caller must not modify the slice.
func (ix *Index) CompositeLits(fd *ast.FuncDecl) []*ast.CompositeLit { return ix.body(fd).lits }

// Visit calls fn, in the order of a preorder walk of each file, for each
// assignment, variable specification, range statement, call, index
// expression, composite literal and address operation (&x) of the
// package's files, except those for which skip (when not nil) returns
// true: in function bodies from the index, whose walk the analyzers
// share, and in package-level variable declarations (function literals
// in them included) by a walk of those declarations alone. It is the
// package-wide scan for the stores an analyzer indexes (which values go
// to which variables and fields), without a walk of its own.
func (ix *Index) Visit(skip func(*ast.File) bool, fn func(ast.Node)) {
	for _, file := range ix.files {
		if skip != nil && skip(file) {
			continue
		}
		for _, d := range file.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Body == nil {
					continue
				}
				b := ix.body(d)
				mergeByPos(b.nodes, b.lits, b.addrs, fn)
			case *ast.GenDecl:
				if d.Tok != token.VAR {
					continue
				}
				for _, n := range ix.varNodes(d) {
					fn(n)
				}
			}
		}
	}
}

// mergeByPos calls fn for the nodes of the three lists, each in preorder,
// in the order of their positions (a node before those of the later
// lists that start where it starts, as a node comes before its children).
func mergeByPos(a []ast.Node, b []*ast.CompositeLit, c []*ast.UnaryExpr, fn func(ast.Node)) {
	i, j, k := 0, 0, 0
	for i < len(a) || j < len(b) || k < len(c) {
		if j == len(b) && k == len(c) {
			// Most bodies have no literal or address operation left:
			// the rest of a needs no positions.
			for ; i < len(a); i++ {
				fn(a[i])
			}
			return
		}
		pos := token.Pos(-1)
		pick := 0
		if i < len(a) {
			pos, pick = a[i].Pos(), 1
		}
		if j < len(b) && (pick == 0 || b[j].Pos() < pos) {
			pos, pick = b[j].Pos(), 2
		}
		if k < len(c) && (pick == 0 || c[k].Pos() < pos) {
			pick = 3
		}
		switch pick {
		case 1:
			fn(a[i])
			i++
		case 2:
			fn(b[j])
			j++
		case 3:
			fn(c[k])
			k++
		}
	}
}

// In returns the calls of calls (as Calls returns them, in source order)
// that lie within n.
func In(calls []Call, n ast.Node) []Call {
	lo := sort.Search(len(calls), func(i int) bool { return calls[i].Expr.Pos() >= n.Pos() })
	hi := lo + sort.Search(len(calls)-lo, func(i int) bool { return calls[lo+i].Expr.Pos() >= n.End() })
	// A call that starts where n starts may hold n, as x.f().g() holds
	// x.f(): it comes first, before the calls inside n.
	for lo < hi && calls[lo].Expr.End() > n.End() {
		lo++
	}
	return calls[lo:hi]
}

// MarkCallers extends mark, a flag per function of a package, to every
// function that calls a marked one, directly or through others; callers[j]
// lists the functions that call function j.
func MarkCallers(callers [][]int, mark []bool) {
	var work []int
	for i, m := range mark {
		if m {
			work = append(work, i)
		}
	}
	for len(work) > 0 {
		j := work[len(work)-1]
		work = work[:len(work)-1]
		for _, i := range callers[j] {
			if !mark[i] {
				mark[i] = true
				work = append(work, i)
			}
		}
	}
}

func (ix *Index) body(fd *ast.FuncDecl) *body {
	ix.mu.Lock()
	b, ok := ix.bodies[fd]
	ix.mu.Unlock()
	if ok {
		return b
	}
	b = ix.walk(fd)
	ix.mu.Lock()
	if old, ok := ix.bodies[fd]; ok {
		b = old // another analyzer was quicker: keep one answer
	} else {
		ix.bodies[fd] = b
	}
	ix.mu.Unlock()
	return b
}

// varNodes returns the nodes of a package-level variable declaration
// that Visit reports, in preorder, listed once per package: the analyzers
// visit them again and again, and a generated table (an SDK's endpoint
// list) can be most of a package's syntax.
func (ix *Index) varNodes(d *ast.GenDecl) []ast.Node {
	ix.mu.Lock()
	nodes, ok := ix.vars[d]
	ix.mu.Unlock()
	if ok {
		return nodes
	}
	ast.Inspect(d, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt, *ast.ValueSpec, *ast.RangeStmt, *ast.CallExpr, *ast.IndexExpr, *ast.CompositeLit:
			nodes = append(nodes, n)
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				nodes = append(nodes, n)
			}
		}
		return true
	})
	ix.mu.Lock()
	if ix.vars == nil {
		ix.vars = map[*ast.GenDecl][]ast.Node{}
	}
	if old, ok := ix.vars[d]; ok {
		nodes = old
	} else {
		ix.vars[d] = nodes
	}
	ix.mu.Unlock()
	return nodes
}

func (ix *Index) walk(fd *ast.FuncDecl) *body {
	w := &walker{info: ix.info, b: &body{}}
	if fd.Body != nil {
		w.stmt(fd.Body)
	}
	return w.b
}

// walker visits a body in the order of ast.Inspect, recording what body
// holds. It is a direct recursion over statements and expressions:
// walking is most of what the index costs, and ast.Inspect pays an
// interface call and a closure call twice for every node.
type walker struct {
	info *types.Info
	b    *body
	// detached holds the go statements, defer statements and function
	// literals (not called on the spot) around the current node,
	// innermost last; lits counts the function literals around it.
	detached []ast.Node
	lits     int
}

func (w *walker) stmts(list []ast.Stmt) {
	for _, s := range list {
		w.stmt(s)
	}
}

func (w *walker) exprs(list []ast.Expr) {
	for _, e := range list {
		w.expr(e)
	}
}

func (w *walker) stmt(s ast.Stmt) {
	switch s := s.(type) {
	case nil:
	case *ast.BlockStmt:
		if s != nil { // a typed nil, as the body of a declaration without one
			w.stmts(s.List)
		}
	case *ast.ExprStmt:
		w.expr(s.X)
	case *ast.AssignStmt:
		w.b.nodes = append(w.b.nodes, s)
		w.exprs(s.Lhs)
		w.exprs(s.Rhs)
	case *ast.DeclStmt:
		if gd, ok := s.Decl.(*ast.GenDecl); ok {
			for _, spec := range gd.Specs {
				switch spec := spec.(type) {
				case *ast.ValueSpec:
					w.b.nodes = append(w.b.nodes, spec)
					w.expr(spec.Type)
					w.exprs(spec.Values)
				case *ast.TypeSpec:
					w.fields(spec.TypeParams)
					w.expr(spec.Type)
				}
			}
		}
	case *ast.ReturnStmt:
		if w.lits == 0 {
			w.b.returns = append(w.b.returns, s)
		}
		w.exprs(s.Results)
	case *ast.IfStmt:
		w.stmt(s.Init)
		w.expr(s.Cond)
		w.stmt(s.Body)
		w.stmt(s.Else)
	case *ast.ForStmt:
		w.stmt(s.Init)
		w.expr(s.Cond)
		w.stmt(s.Post)
		w.stmt(s.Body)
	case *ast.RangeStmt:
		w.b.nodes = append(w.b.nodes, s)
		w.expr(s.Key)
		w.expr(s.Value)
		w.expr(s.X)
		w.stmt(s.Body)
	case *ast.SwitchStmt:
		w.stmt(s.Init)
		w.expr(s.Tag)
		w.stmt(s.Body)
	case *ast.TypeSwitchStmt:
		w.b.nodes = append(w.b.nodes, s) // its clauses' variables
		w.stmt(s.Init)
		w.stmt(s.Assign)
		w.stmt(s.Body)
	case *ast.CaseClause:
		w.exprs(s.List)
		w.stmts(s.Body)
	case *ast.SelectStmt:
		w.stmt(s.Body)
	case *ast.CommClause:
		w.stmt(s.Comm)
		w.stmts(s.Body)
	case *ast.SendStmt:
		w.expr(s.Chan)
		w.expr(s.Value)
	case *ast.IncDecStmt:
		w.expr(s.X)
	case *ast.LabeledStmt:
		w.stmt(s.Stmt)
	case *ast.GoStmt:
		w.detached = append(w.detached, s)
		w.expr(s.Call)
		w.detached = w.detached[:len(w.detached)-1]
	case *ast.DeferStmt:
		w.detached = append(w.detached, s)
		w.expr(s.Call)
		w.detached = w.detached[:len(w.detached)-1]
	case *ast.BranchStmt, *ast.EmptyStmt, *ast.BadStmt:
	}
}

func (w *walker) fields(fl *ast.FieldList) {
	if fl == nil {
		return
	}
	for _, f := range fl.List {
		w.expr(f.Type)
	}
}

func (w *walker) expr(e ast.Expr) {
	switch e := e.(type) {
	case nil, *ast.Ident, *ast.BasicLit, *ast.BadExpr:
	case *ast.CallExpr:
		w.b.nodes = append(w.b.nodes, e)
		var d ast.Node
		if len(w.detached) > 0 {
			d = w.detached[len(w.detached)-1]
		}
		callee := httpmodel.Callee(w.info, e)
		if callee == nil {
			if v := funcField(w.info, e.Fun); v != nil {
				w.b.fields = append(w.b.fields, fieldCall{len(w.b.calls), v})
			}
		}
		w.b.calls = append(w.b.calls, Call{Expr: e, Callee: callee, Detached: d})
		if lit, ok := ast.Unparen(e.Fun).(*ast.FuncLit); ok {
			// Called on the spot: its body runs as part of the call.
			w.lits++
			w.expr(lit.Type)
			w.stmt(lit.Body)
			w.lits--
		} else {
			w.expr(e.Fun)
		}
		w.exprs(e.Args)
	case *ast.FuncLit:
		w.detached = append(w.detached, e)
		w.lits++
		w.expr(e.Type)
		w.stmt(e.Body)
		w.lits--
		w.detached = w.detached[:len(w.detached)-1]
	case *ast.SelectorExpr:
		w.expr(e.X)
	case *ast.IndexExpr:
		w.b.nodes = append(w.b.nodes, e)
		w.expr(e.X)
		w.expr(e.Index)
	case *ast.IndexListExpr:
		w.expr(e.X)
		w.exprs(e.Indices)
	case *ast.ParenExpr:
		w.expr(e.X)
	case *ast.StarExpr:
		w.expr(e.X)
	case *ast.UnaryExpr:
		if e.Op == token.AND {
			w.b.addrs = append(w.b.addrs, e)
		}
		w.expr(e.X)
	case *ast.BinaryExpr:
		w.expr(e.X)
		w.expr(e.Y)
	case *ast.KeyValueExpr:
		w.expr(e.Key)
		w.expr(e.Value)
	case *ast.CompositeLit:
		w.b.lits = append(w.b.lits, e)
		w.expr(e.Type)
		w.exprs(e.Elts)
	case *ast.SliceExpr:
		w.expr(e.X)
		w.expr(e.Low)
		w.expr(e.High)
		w.expr(e.Max)
	case *ast.TypeAssertExpr:
		w.expr(e.X)
		w.expr(e.Type)
	case *ast.Ellipsis:
		w.expr(e.Elt)
	case *ast.ArrayType:
		w.expr(e.Len)
		w.expr(e.Elt)
	case *ast.MapType:
		w.expr(e.Key)
		w.expr(e.Value)
	case *ast.ChanType:
		w.expr(e.Value)
	case *ast.FuncType:
		w.fields(e.TypeParams)
		w.fields(e.Params)
		w.fields(e.Results)
	case *ast.StructType:
		w.fields(e.Fields)
	case *ast.InterfaceType:
		w.fields(e.Methods)
	}
}

// ReturnsParam returns the index of the parameter (receiver aside) that fn,
// a function of the package with a single result, returns unchanged from
// every return statement: a decorator that edits what it is handed and
// hands it back (func (c *Client) authorize(r *http.Request)
// *http.Request { r.Header.Set(...); return r }), so that its call is that
// argument. It is -1 for any other function, and for one that assigns the
// parameter anywhere in its body.
func (ix *Index) ReturnsParam(fn *types.Func) int {
	if fn == nil {
		return -1
	}
	fn = fn.Origin()
	ix.returnsMu.Lock()
	i, done := ix.returnsParam[fn]
	ix.returnsMu.Unlock()
	if !done {
		i = ix.returnsParamOf(fn)
		ix.returnsMu.Lock()
		if ix.returnsParam == nil {
			ix.returnsParam = map[*types.Func]int{}
		}
		ix.returnsParam[fn] = i
		ix.returnsMu.Unlock()
	}
	return i
}

// returnsParamOf computes ReturnsParam for fn, an origin.
func (ix *Index) returnsParamOf(fn *types.Func) int {
	f, ok := ix.Decl(fn)
	sig := fn.Signature()
	if !ok || sig.Results().Len() != 1 {
		return -1
	}
	returns := ix.Returns(f.Decl)
	if len(returns) == 0 {
		return -1
	}
	var param *types.Var
	for _, r := range returns {
		if len(r.Results) != 1 {
			return -1
		}
		id, ok := ast.Unparen(r.Results[0]).(*ast.Ident)
		if !ok {
			return -1
		}
		v, ok := ix.info.Uses[id].(*types.Var)
		if !ok || v.Kind() != types.ParamVar || param != nil && v != param {
			return -1
		}
		param = v
	}
	// The parameter, or a field of what it points to, assigned (r = ...,
	// r.Method = ..., *r = ...), or its address taken (p := &r; *p =
	// ...): what is handed back is not what was handed in.
	changed := false
	ast.Inspect(f.Decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				if ix.rootIs(l, param) {
					changed = true
				}
			}
		case *ast.IncDecStmt:
			changed = changed || ix.rootIs(n.X, param)
		case *ast.UnaryExpr:
			if id, ok := ast.Unparen(n.X).(*ast.Ident); ok && n.Op == token.AND && ix.info.Uses[id] == param {
				changed = true
			}
		}
		return !changed
	})
	if changed {
		return -1
	}
	for i := range f.Obj.Signature().Params().Len() {
		if f.Obj.Signature().Params().At(i) == param {
			return i
		}
	}
	return -1
}

// rootIs reports whether e is v, or a field, array or slice element or
// dereference of it (v.F, v[i], *v, v.F.G). An entry of a map it holds
// (v.Header["X-Trace"] = ...) is none: the map is edited, not replaced.
func (ix *Index) rootIs(e ast.Expr, v *types.Var) bool {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			return ix.info.ObjectOf(x) == v
		case *ast.SelectorExpr:
			e = x.X
		case *ast.IndexExpr:
			if t := ix.info.TypeOf(x.X); t != nil {
				if _, isMap := t.Underlying().(*types.Map); isMap {
					return false
				}
			}
			e = x.X
		case *ast.StarExpr:
			e = x.X
		default:
			return false
		}
	}
}
