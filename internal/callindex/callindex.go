// Package callindex lists the calls (with their callees), the returns and
// the assignments of each function declaration of a package, so that the
// analyzers share one walk of each body and one lookup of each callee
// instead of doing their own.
//
// The index is built lazily, one function at a time: a package in which no
// analyzer asks about a function costs nothing.
package callindex

import (
	"go/ast"
	"go/types"
	"reflect"
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
	Run:        func(pass *analysis.Pass) (any, error) { return New(pass.Files, pass.TypesInfo), nil },
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
	funcs []Func

	mu     sync.Mutex
	bodies map[*ast.FuncDecl]*body
}

type body struct {
	calls   []Call
	nodes   []ast.Node
	returns []*ast.ReturnStmt
}

// New indexes files, type-checked into info.
func New(files []*ast.File, info *types.Info) *Index {
	ix := &Index{info: info, bodies: map[*ast.FuncDecl]*body{}}
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

// Calls returns the calls in the body of fd, function literals included,
// in source order (by position). The caller must not modify the slice.
func (ix *Index) Calls(fd *ast.FuncDecl) []Call { return ix.body(fd).calls }

// Nodes returns the assignments, variable specifications, range
// statements, calls and index expressions in the body of fd, function
// literals included, in the order of a preorder walk of the body. The
// caller must not modify the slice.
func (ix *Index) Nodes(fd *ast.FuncDecl) []ast.Node { return ix.body(fd).nodes }

// Returns returns the return statements of fd itself (not those of the
// function literals in it), in source order. The caller must not modify
// the slice.
func (ix *Index) Returns(fd *ast.FuncDecl) []*ast.ReturnStmt { return ix.body(fd).returns }

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
		w.b.calls = append(w.b.calls, Call{Expr: e, Callee: httpmodel.Callee(w.info, e), Detached: d})
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
		w.expr(e.X)
	case *ast.BinaryExpr:
		w.expr(e.X)
		w.expr(e.Y)
	case *ast.KeyValueExpr:
		w.expr(e.Key)
		w.expr(e.Value)
	case *ast.CompositeLit:
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
