package retryidempotency

// This file models the request middleware of a resty client
// (Client.OnBeforeRequest), which resty runs again before every attempt
// of a retried request (resty v2.17.2 client.go:1204, executeBefore,
// called by execute for each try of request.go's retry loop). A
// middleware that sets an idempotency key on the *resty.Request keys
// every request of the client; the key is the same on every attempt when
// the middleware keeps one already set (if r.Header.Get(k) == "" { ... }:
// the Request and its Header outlive the attempt), and a new one on each
// attempt when it sets a fresh value unconditionally.

import (
	"fmt"
	"go/ast"
	"go/types"
	"net/http"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/fixes"
	"github.com/retrylint/retrylint/internal/flow"
	"github.com/retrylint/retrylint/internal/httpmodel"
	"github.com/retrylint/retrylint/internal/retrylib"
)

// restyMiddlewareKeys looks at the middleware the package registers on
// resty clients. It reports a fresh key set on every attempt, with a fix
// that keeps the key of the first, and returns true when some middleware
// sets a key: the package's resty writes are keyed (reported, if at all,
// at the middleware).
func (c *checker) restyMiddlewareKeys() bool {
	info := c.pass.TypesInfo
	keyed := false
	all := func(ast.Node) bool { return true }
	for _, f := range c.calls.Funcs() {
		for _, call := range c.calls.Calls(f.Decl) {
			if !httpmodel.IsMethod(call.Callee, retrylib.RestyV2, "Client", "OnBeforeRequest") || len(call.Expr.Args) != 1 {
				continue
			}
			mw := c.middlewareFunc(call.Expr.Args[0])
			ft, body := flow.FuncParts(mw)
			params := analysisutil.ParamVars(info, ft)
			if body == nil || len(params) != 2 || params[1] == nil {
				continue
			}
			req := params[1]
			for _, set := range c.middlewareKeySets(body, req) {
				keyed = true
				if set.guarded || c.freshFlow(mw, all).Expr(set.value)&flow.Source == 0 {
					continue
				}
				c.reportFreshMiddlewareKey(set, req)
			}
		}
	}
	return keyed
}

// middlewareFunc returns the middleware e: a function literal, or a
// function of this package named there; nil otherwise.
func (c *checker) middlewareFunc(e ast.Expr) ast.Node {
	switch x := ast.Unparen(e).(type) {
	case *ast.FuncLit:
		return x
	case *ast.Ident, *ast.SelectorExpr:
		fn, _ := c.pass.TypesInfo.Uses[analysisutil.RefIdent(x)].(*types.Func)
		if fn == nil {
			return nil
		}
		if d, ok := c.calls.Decl(fn); ok && d.Decl != nil && d.Decl.Body != nil && d.Decl.Recv == nil {
			return d.Decl
		}
	}
	return nil
}

// mwKeySet is one key set by a middleware on its request.
type mwKeySet struct {
	call    *ast.CallExpr
	stmt    ast.Stmt // the statement that sets it, alone on its line
	name    string   // the header's name as the set spells it
	value   ast.Expr
	guarded bool // under a test of the key already on the request
}

// middlewareKeySets returns the idempotency keys that body sets on the request req:
// r.SetHeader(k, v), r.Header.Set(k, v), r.Header.Add(k, v).
func (c *checker) middlewareKeySets(body *ast.BlockStmt, req *types.Var) []mwKeySet {
	info := c.pass.TypesInfo
	var out []mwKeySet
	ast.PreorderStack(body, nil, func(n ast.Node, stack []ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		var name string
		var value ast.Expr
		f := httpmodel.Callee(info, call)
		switch {
		case httpmodel.IsMethod(f, retrylib.RestyV2, "Request", "SetHeader", "SetHeaderVerbatim") && len(call.Args) == 2:
			sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
			if !ok || varOf(info, sel.X) != req {
				return true
			}
			name, _ = httpmodel.ConstString(info, call.Args[0])
			value = call.Args[1]
		default:
			a, ok := httpmodel.HeaderCall(info, call)
			if !ok || a.Op != httpmodel.HeaderSet && a.Op != httpmodel.HeaderAdd {
				return true
			}
			hs, ok := ast.Unparen(a.Header).(*ast.SelectorExpr)
			if !ok || varOf(info, hs.X) != req {
				return true
			}
			name, value = a.Name, a.Value
		}
		if name == "" || !c.keys.Has(name) {
			return true
		}
		set := mwKeySet{call: call, name: name, value: value}
		if st, ok := stack[len(stack)-1].(*ast.ExprStmt); ok {
			set.stmt = st
		}
		set.guarded = c.keyTested(body, stack, req)
		out = append(out, set)
		return true
	})
	return out
}

// keyTested reports whether a test of a key header already on req
// (req.Header.Get(k), Values, req.Header[k]) decides whether the set under
// stack runs: the condition of an if around it, or of an if before it
// that returns.
func (c *checker) keyTested(body *ast.BlockStmt, stack []ast.Node, req *types.Var) bool {
	info := c.pass.TypesInfo
	reads := func(cond ast.Expr) bool {
		found := false
		ast.Inspect(cond, func(n ast.Node) bool {
			e, ok := n.(ast.Expr)
			if !ok || found {
				return !found
			}
			if a, ok := httpmodel.HeaderRead(info, e); ok && c.keys.Has(a.Name) {
				if hs, ok := ast.Unparen(a.Header).(*ast.SelectorExpr); ok && varOf(info, hs.X) == req {
					found = true
				}
			}
			return !found
		})
		return found
	}
	for _, n := range stack {
		if ifs, ok := n.(*ast.IfStmt); ok && reads(ifs.Cond) {
			return true
		}
	}
	for _, st := range body.List {
		if ifs, ok := st.(*ast.IfStmt); ok && reads(ifs.Cond) && analysisutil.Terminates(ifs.Body) {
			return true
		}
	}
	return false
}

// reportFreshMiddlewareKey reports a key that a middleware makes afresh
// for every attempt, with a fix that sets it only when the request has
// none yet, so that the key of the first attempt is sent again.
func (c *checker) reportFreshMiddlewareKey(set mwKeySet, req *types.Var) {
	pass := c.pass
	if set.stmt == nil {
		return // a set inside an expression: no statement to wrap
	}
	src := fixes.Source(pass, set.stmt.Pos())
	if src == nil {
		return
	}
	indent := fixes.Indent(pass.Fset, src, set.stmt.Pos())
	stmt := fixes.Text(pass.Fset, src, set.stmt)
	text := fmt.Sprintf("if %s.Header.Get(%q) == \"\" {\n%s\t%s\n%s}", req.Name(), http.CanonicalHeaderKey(set.name), indent, stmt, indent)
	edits := []analysis.TextEdit{{Pos: set.stmt.Pos(), End: set.stmt.End(), NewText: []byte(text)}}
	pass.Report(analysis.Diagnostic{
		Pos: set.call.Pos(),
		End: set.call.End(),
		Message: fmt.Sprintf("resty runs OnBeforeRequest before every attempt, and this middleware sets a new %s each time: "+
			"a retried write carries a different key on each attempt, so the server cannot tell it is a retry (the write may be applied twice)", http.CanonicalHeaderKey(set.name)),
		SuggestedFixes: []analysis.SuggestedFix{{
			Message:   "Set the key only when the request has none, so that every attempt carries the first one",
			TextEdits: edits,
		}},
	})
}
