package retryidempotency

// This file holds the functions that set an idempotency key on a request
// they are handed: setKey(req, key), c.setHeaders(req, opts), a helper
// that fills an http.Header. A call of one sets the key on the caller's
// request as req.Header.Set would.

import (
	"go/ast"
	"go/types"
	"strconv"

	"github.com/retrylint/retrylint/internal/flow"
	"github.com/retrylint/retrylint/internal/httpmodel"
	"github.com/retrylint/retrylint/internal/summary"
)

// keySetFact marks a function that sets a configured key header on its
// Param-th parameter (receiver aside), a *http.Request or an http.Header.
// The key is its Value-th parameter, or, when Value is -1, a value of the
// function's own, which Fresh tells to be new on every call.
type keySetFact struct {
	Param int
	Value int
	Fresh bool
}

func (*keySetFact) AFact() {}

func (f *keySetFact) String() string {
	s := "setskey(param " + strconv.Itoa(f.Param)
	switch {
	case f.Value >= 0:
		s += " from param " + strconv.Itoa(f.Value)
	case f.Fresh:
		s += " fresh"
	}
	return s + ")"
}

// headerHolder reports whether a value of type t can carry request
// headers a callee sets: a *http.Request or an http.Header.
func headerHolder(t types.Type) bool {
	return httpmodel.IsRequest(t) || httpmodel.IsNamed(t, "net/http", "Header")
}

// mayKeySet reports whether fn has a parameter a key could be set on.
func mayKeySet(fn *types.Func) bool {
	params := fn.Type().(*types.Signature).Params()
	for v := range params.Variables() {
		if headerHolder(v.Type()) {
			return true
		}
	}
	return false
}

// solveKeySets finds the functions of the package that set a key on a
// request or header they are handed.
func (c *checker) solveKeySets(g *summary.Graph) {
	c.keySets.Solve(g, summary.Problem[*keySetFact]{
		Active: func(i int) bool { return mayKeySet(g.Funcs[i].Obj) },
		Summarise: func(i int) (*keySetFact, bool) {
			f := c.keySetOf(g.Funcs[i].Decl)
			return f, f != nil
		},
		Equal: func(a, b *keySetFact) bool {
			return (a == nil) == (b == nil) && (a == nil || *a == *b)
		},
		Join: func(old, new *keySetFact) *keySetFact {
			if new != nil {
				return new
			}
			return old
		},
	})
}

// keySetOf summarises a function that sets a key on one of its
// parameters, directly or through another such function.
func (c *checker) keySetOf(fd *ast.FuncDecl) *keySetFact {
	info := c.pass.TypesInfo
	params := map[*types.Var]int{}
	i := 0
	for _, field := range fd.Type.Params.List {
		for _, n := range field.Names {
			if v, ok := info.Defs[n].(*types.Var); ok {
				params[v] = i
			}
			i++
		}
		if len(field.Names) == 0 {
			i++
		}
	}
	param := func(e ast.Expr) (int, bool) {
		id, ok := ast.Unparen(e).(*ast.Ident)
		if !ok {
			return 0, false
		}
		v, ok := info.Uses[id].(*types.Var)
		if !ok {
			return 0, false
		}
		p, ok := params[v]
		return p, ok
	}
	// holder returns the parameter whose headers e is: req.Header of a
	// request parameter, or a header parameter (or the request itself,
	// handed to another setter).
	holder := func(e ast.Expr) (int, bool) {
		if sel, ok := ast.Unparen(e).(*ast.SelectorExpr); ok && sel.Sel.Name == "Header" && httpmodel.IsRequest(info.TypeOf(sel.X)) {
			e = sel.X
		}
		if !headerHolder(info.TypeOf(e)) {
			return 0, false
		}
		return param(e)
	}
	var out *keySetFact
	value := func(p int, val ast.Expr, fresh bool) {
		out = &keySetFact{Param: p, Value: -1, Fresh: fresh}
		if val == nil {
			return
		}
		if lit, ok := ast.Unparen(val).(*ast.CompositeLit); ok && len(lit.Elts) == 1 {
			val = lit.Elts[0] // req.Header[name] = []string{key}
		}
		if j, ok := param(val); ok {
			out.Value = j
			return
		}
		f := c.freshFlow(fd, func(ast.Node) bool { return true })
		out.Fresh = f.Expr(val)&flow.Source != 0
	}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if out != nil {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if a, ok := httpmodel.HeaderCall(info, n); ok {
				if (a.Op == httpmodel.HeaderSet || a.Op == httpmodel.HeaderAdd) && c.keys.Has(a.Name) {
					if p, ok := holder(a.Header); ok {
						value(p, a.Value, false)
					}
				}
				return true
			}
			callee := httpmodel.Callee(info, n)
			if callee == nil {
				return true
			}
			if k := c.keySets.Lookup(callee); k != nil {
				_, args := httpmodel.Receiver(info, n)
				if k.Param >= len(args) {
					return true
				}
				if p, ok := holder(args[k.Param]); ok {
					if k.Value >= 0 && k.Value < len(args) {
						value(p, args[k.Value], false)
					} else {
						value(p, nil, k.Fresh)
					}
				}
			}
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				ix, ok := l.(*ast.IndexExpr)
				if !ok || i >= len(n.Rhs) {
					continue
				}
				if a, ok := httpmodel.HeaderIndexExpr(info, ix); ok && c.keys.Has(a.Name) {
					if p, ok := holder(a.Header); ok {
						value(p, n.Rhs[i], false)
					}
				}
			}
		}
		return true
	})
	return out
}
