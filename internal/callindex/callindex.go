// Package callindex lists the calls in each function declaration of a
// package, so that the analyzers that look at calls share one walk of each
// body and one lookup of each callee instead of doing their own.
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

	mu    sync.Mutex
	calls map[*ast.FuncDecl]*body
}

type body struct {
	calls   []Call
	nodes   []ast.Node
	returns []*ast.ReturnStmt
}

// New indexes files, type-checked into info.
func New(files []*ast.File, info *types.Info) *Index {
	ix := &Index{info: info, calls: map[*ast.FuncDecl]*body{}}
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

func (ix *Index) body(fd *ast.FuncDecl) *body {
	ix.mu.Lock()
	b, ok := ix.calls[fd]
	ix.mu.Unlock()
	if ok {
		return b
	}
	b = ix.walk(fd)
	ix.mu.Lock()
	if old, ok := ix.calls[fd]; ok {
		b = old // another analyzer was quicker: keep one answer
	} else {
		ix.calls[fd] = b
	}
	ix.mu.Unlock()
	return b
}

func (ix *Index) walk(fd *ast.FuncDecl) *body {
	b := &body{}
	if fd.Body == nil {
		return b
	}
	// path holds, for each node from the body down to the current one,
	// whether it detaches what is below it and whether it is a function
	// literal; detached holds the detaching nodes, innermost last.
	const detaches, isLit = 1, 2
	var path []uint8
	var detached []ast.Node
	lits := 0
	var onTheSpot map[*ast.FuncLit]bool
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if n == nil {
			top := path[len(path)-1]
			path = path[:len(path)-1]
			if top&detaches != 0 {
				detached = detached[:len(detached)-1]
			}
			if top&isLit != 0 {
				lits--
			}
			return true
		}
		var flags uint8
		switch n := n.(type) {
		case *ast.GoStmt, *ast.DeferStmt:
			flags = detaches
		case *ast.FuncLit:
			flags = isLit
			if !onTheSpot[n] {
				flags |= detaches
			}
		case *ast.ReturnStmt:
			if lits == 0 {
				b.returns = append(b.returns, n)
			}
		case *ast.AssignStmt, *ast.ValueSpec, *ast.RangeStmt, *ast.IndexExpr:
			b.nodes = append(b.nodes, n)
		case *ast.CallExpr:
			b.nodes = append(b.nodes, n)
			var d ast.Node
			if len(detached) > 0 {
				d = detached[len(detached)-1]
			}
			b.calls = append(b.calls, Call{Expr: n, Callee: httpmodel.Callee(ix.info, n), Detached: d})
			if lit, ok := ast.Unparen(n.Fun).(*ast.FuncLit); ok {
				if onTheSpot == nil {
					onTheSpot = map[*ast.FuncLit]bool{}
				}
				onTheSpot[lit] = true
			}
		}
		path = append(path, flags)
		if flags&detaches != 0 {
			detached = append(detached, n)
		}
		if flags&isLit != 0 {
			lits++
		}
		return true
	})
	return b
}
