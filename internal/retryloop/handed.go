package retryloop

// This file finds the function literals that run as part of the function
// that writes them: an operation handed to a function that calls it (a
// retry helper, a re-authorising wrapper) runs whenever that call does,
// so what the literal sends, the function sends.

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/internal/callindex"
	"github.com/retrylint/retrylint/internal/httpmodel"
	"github.com/retrylint/retrylint/internal/retrylib"
)

// handedLits finds, in the function declarations of a package, the
// function literals that run as part of their function.
type handedLits struct {
	r    *Result
	info *types.Info
	// calls caches, per function of the package, which of its
	// parameters it calls.
	calls map[*types.Func]map[*types.Var]bool
	// of caches the literals of each declaration that run.
	of map[*ast.FuncDecl]map[*ast.FuncLit]bool
}

func newHandedLits(r *Result) *handedLits {
	return &handedLits{r: r, info: r.pass.TypesInfo, calls: map[*types.Func]map[*types.Var]bool{}, of: map[*ast.FuncDecl]map[*ast.FuncLit]bool{}}
}

// runs reports whether the call c of fd, detached from fd by a function
// literal, runs as part of fd: the literal (and each literal around it)
// is handed to a function that calls it, directly or through a local
// variable, or called through such a variable, outside go and defer
// statements.
func (h *handedLits) runs(fd *ast.FuncDecl, c callindex.Call) bool {
	lit, ok := c.Detached.(*ast.FuncLit)
	if !ok {
		return false
	}
	lits, done := h.of[fd]
	if !done {
		lits = h.find(fd)
		h.of[fd] = lits
	}
	return lits[lit]
}

func (h *handedLits) find(fd *ast.FuncDecl) map[*ast.FuncLit]bool {
	out := map[*ast.FuncLit]bool{}
	ast.PreorderStack(fd.Body, nil, func(n ast.Node, stack []ast.Node) bool {
		lit, ok := n.(*ast.FuncLit)
		if !ok {
			return true
		}
		// Every literal around it runs, and no go or defer statement
		// detaches it.
		for _, s := range stack {
			switch s := s.(type) {
			case *ast.GoStmt, *ast.DeferStmt:
				return false
			case *ast.FuncLit:
				if !out[s] {
					return false
				}
			}
		}
		if len(stack) == 0 {
			return true
		}
		switch p := stack[len(stack)-1].(type) {
		case *ast.CallExpr:
			out[lit] = h.handed(p, lit)
		case *ast.AssignStmt:
			for i, rhs := range p.Rhs {
				if rhs == lit && len(p.Lhs) == len(p.Rhs) {
					out[lit] = h.varRuns(fd, p.Lhs[i])
				}
			}
		case *ast.ValueSpec:
			for i, v := range p.Values {
				if v == lit && len(p.Names) == len(p.Values) {
					out[lit] = h.varRuns(fd, p.Names[i])
				}
			}
		}
		return true
	})
	return out
}

// varRuns reports whether the local variable that id declares or names
// is called in fd, or handed to a function that calls it.
func (h *handedLits) varRuns(fd *ast.FuncDecl, id ast.Expr) bool {
	ident, ok := id.(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := h.info.ObjectOf(ident).(*types.Var)
	if !ok || v.IsField() {
		return false
	}
	for _, c := range h.r.ix.Calls(fd) {
		if fun, ok := ast.Unparen(c.Expr.Fun).(*ast.Ident); ok && h.info.Uses[fun] == v {
			return true
		}
		for _, a := range c.Expr.Args {
			if aid, ok := ast.Unparen(a).(*ast.Ident); ok && h.info.Uses[aid] == v && h.handed(c.Expr, a) {
				return true
			}
		}
	}
	return false
}

// handed reports whether call hands its argument arg to a function that
// calls it: a retry helper that retries it, or a function of the package
// that calls the parameter it receives it as.
func (h *handedLits) handed(call *ast.CallExpr, arg ast.Expr) bool {
	fn := httpmodel.Callee(h.info, call)
	if fn == nil {
		return false
	}
	_, args := httpmodel.Receiver(h.info, call)
	i := -1
	for j, a := range args {
		if a == arg {
			i = j
		}
	}
	sig := fn.Type().(*types.Signature)
	if i < 0 || i >= sig.Params().Len() || sig.Variadic() && i >= sig.Params().Len()-1 {
		return false
	}
	if hf := h.r.helperOf(fn); hf != nil && hf.Op == i {
		return true
	}
	if e, lib := retrylib.EntryOf(h.info, call); lib && e.Op == arg {
		return true // a retry library's operation
	}
	fn = fn.Origin()
	decl, ok := h.r.ix.Decl(fn)
	if !ok {
		return false
	}
	called, done := h.calls[fn]
	if !done {
		called = map[*types.Var]bool{}
		for _, c := range h.r.ix.Calls(decl.Decl) {
			if id, ok := ast.Unparen(c.Expr.Fun).(*ast.Ident); ok {
				if v, ok := h.info.Uses[id].(*types.Var); ok {
					called[v] = true
				}
			}
		}
		h.calls[fn] = called
	}
	return called[fn.Type().(*types.Signature).Params().At(i)]
}
