package authlog

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/internal/summary"
)

// This file follows the calls of a func value taken from a constant table
// of functions, the way a package chains its redacting helpers:
//
//	var anonymizers = []func(http.Header) http.Header{anonymizeToken, anonymizeJWT}
//
//	func anonymize(h http.Header) http.Header {
//		for _, a := range anonymizers {
//			h = a(h)
//		}
//		return h
//	}
//
// The loop calls every function of the table, so what they remove
// together (their Removes and Strips facts, joined) is removed. The table
// is a composite literal of functions (a slice, array or map), in place
// or in a variable of the package that nothing else assigns; a table
// with any other element (a closure, a field) is not followed.

// tableFuncs returns the functions of the table that call, in fd, calls
// through the value variable of a range over it; nil when call is no
// such call.
func (c *checker) tableFuncs(fd *ast.FuncDecl, call *ast.CallExpr) []*types.Func {
	info := c.pass.TypesInfo
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok {
		return nil
	}
	v, _ := info.Uses[id].(*types.Var)
	if v == nil {
		return nil
	}
	if _, isSig := v.Type().Underlying().(*types.Signature); !isSig {
		return nil
	}
	for _, n := range c.calls.Nodes(fd) {
		rs, ok := n.(*ast.RangeStmt)
		if !ok || rs.Tok != token.DEFINE || rs.Value == nil {
			continue
		}
		if vid, ok := rs.Value.(*ast.Ident); !ok || info.Defs[vid] != v {
			continue
		}
		lit := c.constLitOf(rs.X)
		if lit == nil || len(lit.Elts) == 0 {
			return nil
		}
		var fns []*types.Func
		for _, elt := range lit.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				elt = kv.Value
			}
			var ref *ast.Ident
			switch x := ast.Unparen(elt).(type) {
			case *ast.Ident:
				ref = x
			case *ast.SelectorExpr:
				ref = x.Sel
			}
			if ref == nil {
				return nil
			}
			fn, _ := info.Uses[ref].(*types.Func)
			if fn == nil {
				return nil
			}
			fns = append(fns, fn)
		}
		return fns
	}
	return nil
}

// addTableEdges adds to g an edge from each function to the functions of
// the tables it calls through (see tableFuncs), so that the solver
// summarises them first.
func (c *checker) addTableEdges(g *summary.Graph) {
	for i, d := range g.Funcs {
		for _, call := range c.calls.Calls(d.Decl) {
			if call.Callee != nil {
				continue
			}
			for _, fn := range c.tableFuncs(d.Decl, call.Expr) {
				if j, ok := g.Of(fn); ok {
					g.AddEdge(i, j)
				}
			}
		}
	}
}

// tableRemoves returns the configured headers that the functions of the
// table call goes through remove from their result (funcFact.Removes).
func (s *fstate) tableRemoves(call *ast.CallExpr) nameSet {
	var set nameSet
	for _, fn := range s.c.tableFuncs(s.decl, call) {
		if f := s.c.fact(fn); f != nil && len(f.Removes) > 0 {
			set |= s.c.namesSet(f.Removes[0])
		}
	}
	return set
}

// tableStrips returns, for each parameter, the configured headers that
// the functions of the table call goes through remove from it in place
// (funcFact.Strips).
func (s *fstate) tableStrips(call *ast.CallExpr) [][]string {
	var strips [][]string
	for _, fn := range s.c.tableFuncs(s.decl, call) {
		if f := s.c.fact(fn); f != nil {
			strips = joinNames(strips, f.Strips)
		}
	}
	return strips
}
