package authlog

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/internal/flow"
	"github.com/retrylint/retrylint/internal/httpmodel"
	"github.com/retrylint/retrylint/internal/retrylib"
)

// bareDump reports whether dump, a call of httputil.DumpRequest or
// DumpRequestOut, dumps a request that holds no credential: a local
// variable that the function makes with http.NewRequest or
// NewRequestWithContext (or go-retryablehttp's, whose Request embeds the
// *http.Request dumped as req.Request) and, before the dump, gives only headers that are
// no credential (req.Header.Set("Accept", ...)), never passes to another
// function (a signer, an authorize(req) helper) nor hands a header map,
// basic auth or a cookie, and whose body is nil or not dumped:
//
//	req, _ := http.NewRequest("GET", healthURL, nil)
//	req.Header.Set("Accept", "application/json")
//	b, _ := httputil.DumpRequestOut(req, false)
//	log.Printf("%s", b)
//
// Such a dump shows the method, the path, the host and those headers
// only. A use of the request after the dump does not count, unless a
// loop or a function literal may run the dump again after it (a client
// with a cookie jar adds cookies to the request it sends).
func (s *fstate) bareDump(dump *ast.CallExpr) bool {
	if s.decl == nil || s.decl.Body == nil || len(dump.Args) < 2 {
		return false
	}
	info := s.info
	arg := ast.Unparen(dump.Args[0])
	if sel, ok := arg.(*ast.SelectorExpr); ok && sel.Sel.Name == "Request" && httpmodel.IsNamed(info.TypeOf(sel.X), retrylib.RetryableHTTP, "Request") {
		arg = ast.Unparen(sel.X) // the *http.Request a retryablehttp.Request embeds
	}
	id, ok := arg.(*ast.Ident)
	if !ok {
		return false
	}
	v, _ := info.Uses[id].(*types.Var)
	body := s.decl.Body
	if v == nil || v.Pos() < body.Pos() || v.Pos() >= body.End() {
		return false // a parameter, a field or a package variable
	}
	values, ok := flow.Assigned(info, body, v)
	if !ok || len(values) == 0 {
		return false
	}
	withBody := !isConstFalse(info, dump.Args[1])
	for _, e := range values {
		call, isCall := ast.Unparen(e).(*ast.CallExpr)
		if !isCall {
			return false
		}
		if _, _, ok := httpmodel.NewRequestMethod(info, call); !ok && !retrylib.IsFunc(info, call, retrylib.RetryableHTTP, "", "NewRequest", "NewRequestWithContext") {
			return false
		}
		bi := len(call.Args) - 1 // the body is the last argument
		if withBody && (bi < 0 || !isNoBody(info, call.Args[bi])) {
			return false
		}
	}
	// Uses after the dump count when the dump may run again.
	after := dump.End()
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.ForStmt, *ast.RangeStmt, *ast.FuncLit:
			if n.Pos() <= dump.Pos() && dump.End() <= n.End() {
				after = token.NoPos
			}
		}
		return true
	})
	bare := true
	var stack []ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		if !bare {
			return false
		}
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		stack = append(stack, n)
		use, ok := n.(*ast.Ident)
		if !ok || info.Uses[use] != v || (after.IsValid() && use.Pos() > after) {
			return true
		}
		if !s.harmlessUse(use, stack[:len(stack)-1]) {
			bare = false
		}
		return true
	})
	return bare
}

// harmlessUse reports whether the use of a bare request's variable, under
// the nodes of path (innermost last), gives it no credential.
func (s *fstate) harmlessUse(use *ast.Ident, path []ast.Node) bool {
	info := s.info
	parent := func(i int) ast.Node {
		if i < len(path) {
			return path[len(path)-1-i]
		}
		return nil
	}
	switch p := parent(0).(type) {
	case *ast.AssignStmt:
		// req, err := http.NewRequest(...): its values are checked.
		for _, l := range p.Lhs {
			if l == use {
				return true
			}
		}
	case *ast.CallExpr:
		// The dump itself, and other dumps of it.
		return isDump(info, p) && len(p.Args) > 0 && ast.Unparen(p.Args[0]) == use
	case *ast.SelectorExpr:
		if p.X != use {
			return false
		}
		sel, ok := info.Selections[p]
		if !ok {
			return false
		}
		switch sel.Kind() {
		case types.MethodVal:
			switch sel.Obj().Name() {
			case "Context", "ProtoAtLeast", "UserAgent", "Referer":
				return true
			}
			return false
		case types.FieldVal:
		default:
			return false
		}
		if !isHeader(sel.Obj().Type()) {
			// req.Method, req.URL, req.Host, req.Close = true: none
			// of them is dumped as a credential header.
			if a, ok := parent(1).(*ast.AssignStmt); ok {
				for _, l := range a.Lhs {
					if l == p && sel.Obj().Name() == "URL" {
						return false // a URL from elsewhere
					}
				}
			}
			return true
		}
		// req.Header.Get, Values, Del, and Set or Add of a constant
		// name that is no credential.
		hs, ok := parent(1).(*ast.SelectorExpr)
		if !ok || hs.X != p {
			return false
		}
		call, ok := parent(2).(*ast.CallExpr)
		if !ok || call.Fun != hs {
			return false
		}
		a, ok := httpmodel.HeaderCall(info, call)
		if !ok {
			return false
		}
		if !a.Op.IsRead() && a.Op != httpmodel.HeaderDel {
			return a.Name != "" && !s.c.credentialName(a.Name)
		}
		return true
	}
	return false
}

// credentialName reports whether the canonical header name is one whose
// value is a credential: a configured header, or one of those that carry
// a credential whatever the list (basic auth, cookies).
func (c *checker) credentialName(name string) bool {
	switch name {
	case "Authorization", "Proxy-Authorization", "Cookie", "Set-Cookie":
		return true
	}
	return c.nameBit(name) != 0
}

// isNoBody reports whether e, the body of a new request, is nil or
// http.NoBody.
func isNoBody(info *types.Info, e ast.Expr) bool {
	e = ast.Unparen(e)
	if tv, ok := info.Types[e]; ok && tv.IsNil() {
		return true
	}
	if sel, ok := e.(*ast.SelectorExpr); ok {
		if v, ok := info.Uses[sel.Sel].(*types.Var); ok && v.Pkg() != nil && v.Pkg().Path() == httpPkg && v.Name() == "NoBody" {
			return true
		}
	}
	return false
}
