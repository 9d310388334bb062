package retryafter

// This file holds the helpers that read a header by a name they are given
// (getHeader(resp, name), a wrapper's HeaderValue(name)): a call that
// passes a wait header's name reads the server's wait.

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/internal/flow"
	"github.com/retrylint/retrylint/internal/httpmodel"
)

// headerBits returns the origins of a read of the header name: none when
// it is not a configured wait header.
func (c *checker) headerBits(name string) flow.Bits {
	if !c.headers.Has(name) {
		return 0
	}
	switch {
	case name == retryAfter:
		// Only Retry-After itself is defined to take an HTTP-date as
		// well as seconds.
		return flow.Source | flow.Tag
	case c.headers.millis.Has(name):
		return flow.Source | tagMillis
	case c.headers.reset.Has(name):
		return flow.Source | tagReset
	}
	return flow.Source
}

// namedResult returns the origins of a result of call whose fact says it
// reads the header named by the parameters in names: the server's wait
// when the argument is a wait header's name, and, while a helper's own
// Names are summarised, the source when the argument is the parameter
// being followed.
func (c *checker) namedResult(call *ast.CallExpr, names flow.Bits) flow.Bits {
	var out flow.Bits
	for _, p := range names.Params() {
		if p >= len(call.Args) {
			continue
		}
		arg := call.Args[p]
		if c.nameParam != nil {
			if id, ok := ast.Unparen(httpmodel.Uncanonical(c.pass.TypesInfo, arg)).(*ast.Ident); ok && c.pass.TypesInfo.Uses[id] == c.nameParam {
				out |= flow.Source
			}
			continue
		}
		if name, ok := httpmodel.HeaderName(c.pass.TypesInfo, arg); ok {
			out |= c.headerBits(name)
		}
	}
	return out
}

// paramNamedRead is the source while a helper's Names are summarised: a
// read of the header named by the parameter being followed.
func (c *checker) paramNamedRead(e ast.Expr) flow.Bits {
	a, ok := httpmodel.HeaderRead(c.pass.TypesInfo, e)
	if !ok || a.Name != "" || a.Key == nil {
		return 0
	}
	if id, ok := ast.Unparen(httpmodel.Uncanonical(c.pass.TypesInfo, a.Key)).(*ast.Ident); ok && c.pass.TypesInfo.Uses[id] == c.nameParam {
		return flow.Source
	}
	return 0
}

// namedReads returns the Names of a function's fact: for each string
// parameter that names a header read in the body (directly or through
// another such helper), the results that carry the value read.
func (c *checker) namedReads(fd *ast.FuncDecl) []flow.Bits {
	info := c.pass.TypesInfo
	var params []*types.Var
	for _, field := range fd.Type.Params.List {
		for _, name := range field.Names {
			v, _ := info.Defs[name].(*types.Var)
			params = append(params, v)
		}
		if len(field.Names) == 0 {
			params = append(params, nil)
		}
	}
	var names []flow.Bits
	for p, v := range params {
		if v == nil || !types.Identical(v.Type(), types.Typ[types.String]) || !c.namesHeader(fd, v) {
			continue
		}
		c.nameParam = v
		results := c.analyze(fd).Results()
		c.nameParam = nil
		if names == nil {
			names = make([]flow.Bits, len(results))
		}
		for i, r := range results {
			if r&flow.Source != 0 {
				names[i] |= flow.Param(p)
			}
		}
	}
	return names
}

// namesHeader reports whether v is the name of a header read in fd's
// body, or the argument of a function whose fact says so.
func (c *checker) namesHeader(fd *ast.FuncDecl, v *types.Var) bool {
	info := c.pass.TypesInfo
	isV := func(e ast.Expr) bool {
		id, ok := ast.Unparen(httpmodel.Uncanonical(info, e)).(*ast.Ident)
		return ok && info.Uses[id] == v
	}
	for _, call := range c.calls.Calls(fd) {
		if a, ok := httpmodel.HeaderRead(info, call.Expr); ok && a.Name == "" && isV(a.Key) {
			return true
		}
		if call.Callee == nil {
			continue
		}
		if f := c.fact(call.Callee); f != nil {
			for _, n := range f.Names {
				for _, p := range n.Params() {
					if p < len(call.Expr.Args) && isV(call.Expr.Args[p]) {
						return true
					}
				}
			}
		}
	}
	for _, n := range c.calls.Nodes(fd) {
		if ix, ok := n.(*ast.IndexExpr); ok {
			if a, ok := httpmodel.HeaderRead(info, ix); ok && a.Name == "" && isV(a.Key) {
				return true
			}
		}
	}
	return false
}
