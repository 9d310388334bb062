package retryidempotency

// This file holds the check of retrying senders: a retry loop that re-sends
// a request whose method it does not fix (the request it was given, a copy
// of it, or one built with the caller's method) after an unknown outcome,
// without the check that net/http's own Transport makes before it replays
// a request: an idempotent method, or an idempotency key header. The fix
// adds that check, through one small helper added once per package.

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"net/http"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/callindex"
	"github.com/retrylint/retrylint/internal/fixes"
	"github.com/retrylint/retrylint/internal/flow"
	"github.com/retrylint/retrylint/internal/httpmodel"
	"github.com/retrylint/retrylint/internal/retrylib"
	"github.com/retrylint/retrylint/internal/retryloop"
)

// helperMark stands for the helper's name in a guard until the name is
// chosen.
const helperMark = "\x00replayable\x00"

// anyFinding is a retrying sender waiting for the package's helper.
type anyFinding struct {
	file    *ast.File
	decl    ast.Decl // the top-level declaration that holds the send
	diag    analysis.Diagnostic
	guardAt token.Pos // where the guard calls the helper
}

// paramOf reports whether v is a parameter of the function fn (a
// declaration or a literal) or, for a literal, of a function around it
// whose parameter it captures: the caller's either way.
func (c *checker) paramOf(fn ast.Node, v *types.Var) bool {
	if _, lit := fn.(*ast.FuncLit); lit && v.Kind() == types.ParamVar && v.Pos() < fn.Pos() {
		return true
	}
	ft, _ := flow.FuncParts(fn)
	if ft == nil || ft.Params == nil {
		return false
	}
	for _, f := range ft.Params.List {
		for _, n := range f.Names {
			if c.pass.TypesInfo.Defs[n] == v {
				return true
			}
		}
	}
	return false
}

// callersRequest reports whether e is a request that fn was handed rather
// than built: a field holding a request, or a copy of a parameter or such
// a field made by (*http.Request).Clone or WithContext.
func (c *checker) callersRequest(fn ast.Node, e ast.Expr) bool {
	info := c.pass.TypesInfo
	switch e := ast.Unparen(e).(type) {
	case *ast.SelectorExpr:
		s, ok := info.Selections[e]
		return ok && s.Kind() == types.FieldVal && carriesRequest(s.Type())
	case *ast.Ident:
		v, ok := info.Uses[e].(*types.Var)
		return ok && carriesRequest(v.Type()) && c.paramOf(fn, v)
	case *ast.CallExpr:
		r := httpmodel.CopiedRequest(info, e)
		return r != nil && c.callersRequest(fn, r)
	}
	return false
}

// anyMethodRequest reports whether the request variable v of fn, assigned
// values there, carries the method of fn's caller (see fromCaller).
func (c *checker) anyMethodRequest(fn ast.Node, v *types.Var, values []ast.Expr) bool {
	if len(values) == 0 {
		return httpmodel.IsRequest(v.Type()) && c.paramOf(fn, v)
	}
	for _, val := range values {
		if c.fromCaller(fn, val) {
			return true
		}
	}
	return false
}

// fromCaller reports whether the request e of fn carries the method of
// fn's caller: it derives from a request parameter or field of fn (a copy,
// a clone with another context, a request a helper or a wrapper makes from
// it) or is built with a method that is not a constant of fn (a
// parameter, a field, another request's Method). A request built with a
// constant method does not.
func (c *checker) fromCaller(fn ast.Node, e ast.Expr) bool {
	if c.callersRequest(fn, e) {
		return true
	}
	info := c.pass.TypesInfo
	ft, body := flow.FuncParts(fn)
	var callers flow.Bits = flow.Source
	if ft != nil && ft.Params != nil {
		i := 0
		for _, field := range ft.Params.List {
			for range max(len(field.Names), 1) {
				if carriesRequest(info.TypeOf(field.Type)) {
					callers |= flow.Param(i)
				}
				i++
			}
		}
	}
	f := flow.Analyze(flow.Config{
		Info: info,
		// A request the caller's factory makes for each attempt (req,
		// err := newRequest(), a func value fn was handed or holds in a
		// field): the caller's, of any method.
		Source: func(e ast.Expr) flow.Bits {
			if call, ok := e.(*ast.CallExpr); ok && httpmodel.Callee(info, call) == nil && c.callersFunc(fn, call.Fun) && returnsRequestFirst(info, call) {
				return flow.Source
			}
			return 0
		},
		Call: func(call *ast.CallExpr, callee *types.Func, recv flow.Bits, args []flow.Bits) ([]flow.Bits, bool) {
			if _, known, isNew := httpmodel.NewRequestMethod(info, call); isNew {
				if !known && c.callersMethod(fn, methodArg(info, call)) {
					if _, local := c.methodVar(fn, call); !local {
						return []flow.Bits{flow.Source, 0}, true
					}
				}
				return []flow.Bits{0, 0}, true
			}
			// A helper that builds the request with the method it is
			// handed, here the caller's.
			if m := c.lookupMethod(callee); m != nil && m.Const == "" {
				if e, ok := m.from(info, call); ok && c.callersMethod(fn, e) && !c.onlyReplayable(e, m.Field) {
					out := make([]flow.Bits, callee.Type().(*types.Signature).Results().Len())
					out[0] = flow.Source
					return out, true
				}
			}
			// Whatever is made from the caller's request (a copy, a
			// wrapper, the request a helper derives from it) is it.
			all := recv
			for i, a := range args {
				if i < len(call.Args) && c.callersRequest(fn, call.Args[i]) {
					a |= flow.Source
				}
				all |= a
			}
			if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && c.callersRequest(fn, sel.X) {
				all |= flow.Source
			}
			out := resultSlots(info, call)
			out[0] = all
			return out, true
		},
	}, ft, body)
	return f.Expr(e)&callers != 0
}

// callersFunc reports whether e, a function value that fn calls, is its
// caller's: a parameter of fn or a field.
func (c *checker) callersFunc(fn ast.Node, e ast.Expr) bool {
	info := c.pass.TypesInfo
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		v, ok := info.Uses[e].(*types.Var)
		return ok && c.paramOf(fn, v)
	case *ast.SelectorExpr:
		s, ok := info.Selections[e]
		return ok && s.Kind() == types.FieldVal
	}
	return false
}

// returnsRequestFirst reports whether call's first result is a
// *http.Request.
func returnsRequestFirst(info *types.Info, call *ast.CallExpr) bool {
	t := info.TypeOf(call)
	if tuple, ok := t.(*types.Tuple); ok {
		if tuple.Len() == 0 {
			return false
		}
		t = tuple.At(0).Type()
	}
	return t != nil && httpmodel.IsRequest(t)
}

// accessor reports whether e can be written again in a fix to get the
// same request: a pure expression, or a method call without arguments on
// one (a wrapper's Request()).
func accessor(info *types.Info, e ast.Expr) bool {
	if fixes.Pure(info, e) {
		return true
	}
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 0 {
		return false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	s, ok := info.Selections[sel]
	return ok && s.Kind() == types.MethodVal && fixes.Pure(info, sel.X)
}

// sameRequest returns the request whose method and header e, a request
// sent, has: for a copy made for the attempt (req.WithContext(ctx),
// req.Clone(ctx), a wrapper's req.Copy()), the request it copies, which a
// guard can name again.
func sameRequest(info *types.Info, e ast.Expr) ast.Expr {
	for e != nil {
		call, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok {
			break
		}
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok {
			break
		}
		f := httpmodel.Callee(info, call)
		if !httpmodel.IsMethod(f, "net/http", "Request", "Clone", "WithContext") && !copyOf(info, f, call, sel.X) {
			break
		}
		e = sel.X
	}
	return e
}

// copyOf reports whether call, a call of the method f on x, copies a
// request wrapper: a method without arguments that returns a value of x's
// type (r.Copy()).
func copyOf(info *types.Info, f *types.Func, call *ast.CallExpr, x ast.Expr) bool {
	if f == nil || len(call.Args) != 0 || !holdsRequest(info.TypeOf(x)) {
		return false
	}
	sig := f.Type().(*types.Signature)
	return sig.Recv() != nil && sig.Results().Len() == 1 && types.Identical(sig.Results().At(0).Type(), info.TypeOf(x))
}

// onlyReplayable reports whether the field of e that a request's method
// is taken from is one only this package can set, and every value it
// gives it is a method that may be sent again (a builder whose Get and
// Head set verb, and nothing else does).
func (c *checker) onlyReplayable(e ast.Expr, field string) bool {
	info := c.pass.TypesInfo
	if field == "" || info.TypeOf(e) == nil {
		return false
	}
	obj, _, _ := types.LookupFieldOrMethod(info.TypeOf(e), true, c.pass.Pkg, field)
	v, isVar := obj.(*types.Var)
	if !isVar || !v.IsField() || v.Exported() || v.Pkg() != c.pass.Pkg {
		return false
	}
	if r, ok := c.replayableField[v]; ok {
		return r
	}
	replayable := func(x ast.Expr) bool {
		m, ok := httpmodel.ConstString(info, x)
		switch m {
		case "", http.MethodGet, http.MethodHead, http.MethodOptions, http.MethodTrace, http.MethodPut, http.MethodDelete:
			return ok
		}
		return false
	}
	ok := true
	for _, f := range c.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CompositeLit:
				t := info.TypeOf(n)
				if t == nil {
					return ok
				}
				st, isStruct := t.Underlying().(*types.Struct)
				if !isStruct || !slices.Contains(slices.Collect(st.Fields()), v) {
					return ok
				}
				for _, elt := range n.Elts {
					kv, keyed := elt.(*ast.KeyValueExpr)
					if !keyed {
						ok = false // positional: every field set
					} else if id, isID := kv.Key.(*ast.Ident); isID && info.Uses[id] == v && !replayable(kv.Value) {
						ok = false
					}
				}
			case *ast.SelectorExpr:
				if s, isSel := info.Selections[n]; isSel && s.Obj() == v && !c.readOnlyUse(f, n, replayable) {
					ok = false
				}
			}
			return ok
		})
		if !ok {
			break
		}
	}
	if c.replayableField == nil {
		c.replayableField = map[*types.Var]bool{}
	}
	c.replayableField[v] = ok
	return ok
}

// readOnlyUse reports whether the field selection sel in file is read, or
// assigned a value for which replayable holds.
func (c *checker) readOnlyUse(file *ast.File, sel *ast.SelectorExpr, replayable func(ast.Expr) bool) bool {
	path, _ := astutil.PathEnclosingInterval(file, sel.Pos(), sel.End())
	if len(path) < 2 {
		return false
	}
	switch p := path[1].(type) {
	case *ast.AssignStmt:
		for i, l := range p.Lhs {
			if l == sel {
				return len(p.Lhs) == len(p.Rhs) && p.Tok == token.ASSIGN && replayable(p.Rhs[i])
			}
		}
	case *ast.UnaryExpr:
		return p.Op != token.AND // its address taken: written who knows where
	case *ast.IncDecStmt:
		return false
	}
	return true
}

// lookupMethod returns the methodFact of fn, nil for none or no fn.
func (c *checker) lookupMethod(fn *types.Func) *methodFact {
	if fn == nil {
		return nil
	}
	return c.methods.Lookup(fn)
}

// methodArg returns the method argument of a NewRequest call.
func methodArg(info *types.Info, build *ast.CallExpr) ast.Expr {
	if f := httpmodel.Callee(info, build); httpmodel.IsPkgFunc(f, "net/http", "NewRequestWithContext") {
		return build.Args[1]
	}
	return build.Args[0]
}

// callersMethod reports whether the method expression m comes from fn's
// caller: a parameter of fn, or a field (such as a request's Method or a
// client's verb).
func (c *checker) callersMethod(fn ast.Node, m ast.Expr) bool {
	info := c.pass.TypesInfo
	m = normalisedFrom(info, described(m)) // build(ctx, &op), build(ctx, *op): op
	switch m := ast.Unparen(m).(type) {
	case *ast.SelectorExpr:
		s, ok := info.Selections[m]
		return ok && s.Kind() == types.FieldVal
	case *ast.Ident:
		v, ok := info.Uses[m].(*types.Var)
		if fd, isDecl := fn.(*ast.FuncDecl); ok && isDecl && v == flow.RecvVar(info, fd) {
			return true // the receiver: a builder whose method its maker set
		}
		if ok && v.Kind() == types.LocalVar {
			// method := cfg.Method; if method == "" { method = "POST" }:
			// the configured method, with a default.
			vals, known := flow.Assigned(info, fn, v)
			if !known || len(vals) == 0 {
				return false
			}
			from := false
			for _, val := range vals {
				if _, isConst := httpmodel.ConstString(info, val); isConst {
					continue
				}
				if _, isIdent := ast.Unparen(val).(*ast.Ident); isIdent || !c.callersMethod(fn, val) {
					return false
				}
				from = true
			}
			return from
		}
		return ok && c.paramOf(fn, v)
	}
	return false
}

// normalisedFrom returns the text that e, a method, normalises:
// strings.ToUpper(strings.TrimSpace(req.Method)) is the caller's method
// as much as req.Method is. Any other expression is returned as it is.
func normalisedFrom(info *types.Info, e ast.Expr) ast.Expr {
	for {
		call, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok || len(call.Args) == 0 || !httpmodel.IsPkgFunc(httpmodel.Callee(info, call), "strings", "ToUpper", "ToLower", "TrimSpace", "Trim", "TrimPrefix", "TrimSuffix") {
			return e
		}
		e = call.Args[0]
	}
}

// ---- the method check ----

// guardsIn reports whether root checks a request's method or its
// idempotency key: it compares or looks up a request's Method, or the
// method a request of root is built with (see methodSources), reads a
// configured key header, or calls a function of the package that does;
// or it sets a configured key header itself, as a sender that keys every
// request it re-sends does (req.Header.Set("X-Goog-Gcs-Idempotency-Token",
// invocationID) before each attempt).
func (c *checker) guardsIn(root ast.Node) bool {
	return c.guardsWith(root, c.guardingFuncs(), c.methodSources(root))
}

// guardsWith is guardsIn with the checking functions of the package in
// guarded (nil: calls do not count) and the sources of the method of the
// requests root builds in sources.
func (c *checker) guardsWith(root ast.Node, guarded map[*types.Func]bool, sources map[types.Object]bool) bool {
	return c.guardsWhere(root, guarded, sources, nil)
}

// callersIdempotent reports whether fn, a function of the package that
// builds its request with the method it is handed (its write fact's
// MethodArg), is called only from this package, and every call hands it
// a constant idempotent method (GET, HEAD, OPTIONS, TRACE, PUT, DELETE):
// an unexported do(ctx, method, path, body) behind Get and Update never
// re-sends a POST or a PATCH.
func (c *checker) callersIdempotent(fn ast.Node) bool {
	info := c.pass.TypesInfo
	fd, ok := fn.(*ast.FuncDecl)
	if !ok {
		return false
	}
	obj, _ := info.Defs[fd.Name].(*types.Func)
	if obj == nil {
		return false
	}
	w := c.writes.Lookup(obj)
	if w == nil || w.MethodArg == 0 || w.MethodField != "" || w.MethodArg > obj.Signature().Params().Len() {
		return false
	}
	param := obj.Signature().Params().At(w.MethodArg - 1)
	args, ok := c.calls.ParamArgs(obj, param)
	if !ok || len(args) == 0 {
		return false
	}
	outside := 0
	for _, a := range args {
		if id, isID := ast.Unparen(a.Expr).(*ast.Ident); isID && info.Uses[id] == param {
			// A call of fn by itself (the next attempt of a retry
			// by recursion) that hands on the method it was given.
			continue
		}
		outside++
		m, known := httpmodel.ConstString(info, a.Expr)
		if !known || !replayable[m] {
			return false
		}
	}
	return outside > 0
}

// callersGuard reports whether req, a request parameter of fn (or one
// that a literal in fn captures), is at every call of fn a request that
// its caller built, with a method that is no write there (a constant, or
// a variable the caller's branches keep writes from: see sendsNoWriteAt):
// fn is an unexported function called only directly in its package. An
// SDK's shared sender sends the writes once and hands the other methods
// to its retrying helper (if method == "POST" || method == "PUT" { resp,
// err = c.hc.Do(req) } else { resp, err = c.doRequestWithRetries(req) }):
// the check is made before the retry, by its one caller.
func (c *checker) callersGuard(fn ast.Node, req ast.Expr) bool {
	info := c.pass.TypesInfo
	fd, ok := fn.(*ast.FuncDecl)
	if !ok || req == nil {
		return false
	}
	obj, _ := info.Defs[fd.Name].(*types.Func)
	v := varOf(info, req)
	args, ok := c.calls.ParamArgs(obj, v)
	if !ok || len(args) == 0 {
		return false
	}
	outside := 0
	for _, a := range args {
		arg := varOf(info, a.Expr)
		if a.Caller.Decl == fd && arg == v {
			continue // the retry itself: fn calls itself with the same request
		}
		outside++
		body := a.Caller.Decl.Body
		if arg == nil || arg.Pos() < body.Pos() || arg.Pos() >= body.End() {
			return false // not a request of the caller's own
		}
		values, ok := flow.AssignedAfterDecl(info, a.Caller.Decl, arg)
		if !ok || len(values) != 1 {
			return false
		}
		build, ok := ast.Unparen(values[0]).(*ast.CallExpr)
		if !ok {
			return false
		}
		m, known, isNew := httpmodel.NewRequestMethod(info, build)
		mexpr := methodArg(info, build)
		if !isNew {
			// A helper of the package that builds the request with the
			// method it is handed, or with a constant one
			// (a.newHTTPRequest("PUT", rel)).
			f := c.lookupMethod(httpmodel.Callee(info, build))
			if f == nil {
				return false
			}
			if f.Const != "" {
				m, known = f.Const, true
			} else if e, ok := f.from(info, build); ok && f.Field == "" {
				mexpr = e
				if name, ok := httpmodel.ConstString(info, e); ok {
					m, known = name, true
				}
			} else {
				return false
			}
		}
		switch {
		case known && isWrite(m):
			return false
		case !known && !c.sendsNoWriteAt(a.Caller.Decl, a.Call, mexpr):
			return false
		}
	}
	return outside > 0
}

// sendsNoWriteAt reports whether the method variable m (of fd, the
// caller) holds no POST or PATCH where fd makes call: call sits in a
// branch that the method's comparisons with constants reach only for
// other methods. An if whose condition is a chain of m == "..." joined
// by || sends its else branch none of those methods and its then branch
// only those; one of m != "..." joined by && the reverse; a switch on m
// sends a case its values and the default clause none of the cases'. The
// methods left out must include POST, and PATCH too unless every call
// of fd (unexported, called only directly) hands m a constant and none
// is PATCH: the branch is the caller's "send the writes once".
func (c *checker) sendsNoWriteAt(fd *ast.FuncDecl, call *ast.CallExpr, m ast.Expr) bool {
	info := c.pass.TypesInfo
	v := varOf(info, m)
	if v == nil {
		return false
	}
	isM := func(e ast.Expr) bool { return varOf(info, e) == v }
	// methods returns the constants that cond compares m with, joined by
	// op (== under ||, != under &&); ok false for any other condition.
	var methods func(cond ast.Expr, op, join token.Token) ([]string, bool)
	methods = func(cond ast.Expr, op, join token.Token) ([]string, bool) {
		b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
		if !ok {
			return nil, false
		}
		if b.Op == join {
			l, lok := methods(b.X, op, join)
			r, rok := methods(b.Y, op, join)
			return append(l, r...), lok && rok
		}
		if b.Op != op {
			return nil, false
		}
		x, y := b.X, b.Y
		if !isM(x) {
			x, y = y, x
		}
		k, ok := httpmodel.ConstString(info, y)
		if !isM(x) || !ok {
			return nil, false
		}
		return []string{k}, true
	}
	var only, excluded []string
	onlySet := false
	in := func(n ast.Node) bool { return n != nil && n.Pos() <= call.Pos() && call.End() <= n.End() }
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if n == nil || !in(n) {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.BlockStmt:
			// An if before the call that returns from its branch (if
			// method == "POST" { return c.hc.Do(req) }) leaves the
			// rest of the block its else.
			for _, st := range n.List {
				if st.End() > call.Pos() {
					break
				}
				is, ok := st.(*ast.IfStmt)
				if !ok || is.Else != nil || is.Init != nil || len(is.Body.List) == 0 {
					continue
				}
				if _, ret := is.Body.List[len(is.Body.List)-1].(*ast.ReturnStmt); !ret {
					continue
				}
				if eq, ok := methods(is.Cond, token.EQL, token.LOR); ok {
					excluded = append(excluded, eq...)
				} else if ne, ok := methods(is.Cond, token.NEQ, token.LAND); ok {
					only, onlySet = ne, true
				}
			}
		case *ast.IfStmt:
			eq, eqOK := methods(n.Cond, token.EQL, token.LOR)
			ne, neOK := methods(n.Cond, token.NEQ, token.LAND)
			switch {
			case in(n.Body) && eqOK, in(n.Else) && neOK:
				only, onlySet = append(eq, ne...), true
			case in(n.Else) && eqOK:
				excluded = append(excluded, eq...)
			case in(n.Body) && neOK:
				excluded = append(excluded, ne...)
			}
		case *ast.SwitchStmt:
			if n.Tag == nil || !isM(n.Tag) {
				return true
			}
			var listed []string
			for _, st := range n.Body.List {
				cc := st.(*ast.CaseClause)
				var vals []string
				for _, e := range cc.List {
					k, ok := httpmodel.ConstString(info, e)
					if !ok {
						return true
					}
					vals = append(vals, k)
				}
				listed = append(listed, vals...)
				if in(cc) && cc.List != nil {
					only, onlySet = vals, true
				}
			}
			for _, st := range n.Body.List {
				if cc := st.(*ast.CaseClause); in(cc) && cc.List == nil {
					excluded = append(excluded, listed...)
				}
			}
		}
		return true
	})
	if onlySet {
		return !slices.ContainsFunc(only, func(k string) bool { return isWrite(strings.ToUpper(k)) })
	}
	has := func(k string) bool {
		return slices.ContainsFunc(excluded, func(e string) bool { return strings.EqualFold(e, k) })
	}
	if !has(http.MethodPost) {
		return false
	}
	if has(http.MethodPatch) {
		return true
	}
	// PATCH is left: no call may hand it.
	consts, ok := c.paramConsts(fd, v)
	return ok && !slices.ContainsFunc(consts, func(k string) bool { return strings.EqualFold(k, http.MethodPatch) })
}

// paramConsts returns the constants that every call of fd, an unexported
// function called only directly in its package, hands its parameter v;
// ok false when some call hands something else. A call that hands on a
// parameter of its own caller, never assigned there (a wrapper's
// doJSON(method, path) calling doJSONUnredacted(method, path)), hands
// what the wrapper's calls hand it, two wrappers up at most.
func (c *checker) paramConsts(fd *ast.FuncDecl, v *types.Var) ([]string, bool) {
	return c.paramConstsDepth(fd, v, 0)
}

func (c *checker) paramConstsDepth(fd *ast.FuncDecl, v *types.Var, depth int) ([]string, bool) {
	info := c.pass.TypesInfo
	obj, _ := info.Defs[fd.Name].(*types.Func)
	args, ok := c.calls.ParamArgs(obj, v)
	if !ok || len(args) == 0 {
		return nil, false
	}
	var out []string
	for _, a := range args {
		if k, ok := httpmodel.ConstString(info, a.Expr); ok {
			out = append(out, k)
			continue
		}
		p := varOf(info, a.Expr)
		caller := a.Caller.Decl
		if p == nil || depth >= 2 || caller == nil || caller == fd || caller.Type.Params == nil ||
			p.Pos() < caller.Type.Params.Pos() || p.Pos() >= caller.Type.Params.End() {
			return nil, false
		}
		if values, ok := flow.AssignedAfterDecl(info, caller.Body, p); !ok || len(values) > 0 {
			return nil, false
		}
		ks, ok := c.paramConstsDepth(caller, p, depth+1)
		if !ok {
			return nil, false
		}
		out = append(out, ks...)
	}
	return out, true
}

// checksMethod reports whether the function of l checks a request's
// method or key (itself, through a function of the package, or on the
// method its requests are built from) where the check can stop the
// re-send of s: the check net/http's Transport makes, already there.
func (c *checker) checksMethod(l *retryloop.Loop, s send) bool {
	// The send itself is no guard of its re-send: a function that sends
	// and tests the method does so for what it sends (a redirect it
	// follows for a POST), each attempt alike.
	passedBy := c.passedBy(l, s)
	skip := func(n ast.Node, stack []ast.Node) bool {
		return n == ast.Node(s.call) || passedBy != nil && passedBy(n, stack)
	}
	if errVar := c.sendErr(l, s); errVar != nil && c.statusGuard(l, s) != "" {
		// The loop retries unknown statuses too: a check under err !=
		// nil && ... stops the re-send after a transport error only.
		passed := skip
		skip = func(n ast.Node, stack []ast.Node) bool {
			return passed != nil && passed(n, stack) || c.underErr(n, stack, errVar)
		}
	}
	return c.guardsWhere(l.Func, c.guardingFuncs(), c.methodSources(l.Func), skip)
}

// statusGuard returns the test of the unknown statuses that the loop l
// retries beside a transport error (see retriedCheck), when a guard can
// end the retry on them (the send's response and error are assigned to
// variables, and the function returns an error: the answer itself when
// it returns the send's response, see handsBackResponse, or an error
// made of its status), or "".
func (c *checker) statusGuard(l *retryloop.Loop, s send) string {
	if len(c.retried) == 0 {
		return ""
	}
	info := c.pass.TypesInfo
	as, _ := c.sendAssign(l, s)
	file := fixes.FileOf(c.pass, s.call.Pos())
	if as == nil || len(as.Lhs) < 2 || file == nil {
		return ""
	}
	respName, errName := identName(sentResponse(info, as)), identName(as.Lhs[len(as.Lhs)-1])
	ft, _ := flow.FuncParts(l.Func)
	if respName == "" || errName == "" || !fixes.ReturnsError(info, ft) {
		return ""
	}
	return c.retriedCheck(file, s, respName)
}

// handsBackResponse reports whether the function ft returns, as its two
// results, the send's response (of type resp) and an error.
func handsBackResponse(info *types.Info, ft *ast.FuncType, resp types.Type) bool {
	res := fixes.ResultTypes(info, ft)
	return len(res) == 2 && types.Identical(res[0], resp)
}

// answerReturn returns the text of a return statement of the function of
// the loop l that hands its caller resp and errv, the results of the send,
// as they came (return resp, elapsed, err: the function returns more than
// the answer), and can stand after the statement at: its other results are
// constants, nil, or variables in scope there that the loop does not
// assign after it. "" if there is none. src is the file's text.
func (c *checker) answerReturn(l *retryloop.Loop, src []byte, resp, errv ast.Expr, at ast.Stmt) string {
	info := c.pass.TypesInfo
	respObj, errObj := identObj(info, resp), identObj(info, errv)
	_, body := flow.FuncParts(l.Func)
	if respObj == nil || errObj == nil || body == nil {
		return ""
	}
	scope := c.pass.Pkg.Scope().Innermost(at.End())
	if scope == nil {
		return ""
	}
	usable := func(r *ast.ReturnStmt) bool {
		if len(r.Results) < 3 || identObj(info, r.Results[len(r.Results)-1]) != errObj {
			return false
		}
		hasResp := false
		later := map[types.Object]bool{}
		for _, e := range r.Results[:len(r.Results)-1] {
			e = ast.Unparen(e)
			if identObj(info, e) == respObj {
				hasResp = true
				continue
			}
			id, isIdent := e.(*ast.Ident)
			if !isIdent {
				// A literal, or a constant of a package (http.StatusOK).
				if tv, ok := info.Types[e]; ok && tv.Value != nil {
					continue
				}
				return false
			}
			// A name must mean at the guard what it means at the
			// return: a local constant or a shadowed variable does not.
			if !meansAt(info, scope, id, at.End()) {
				return false
			}
			switch obj := info.Uses[id]; obj.(type) {
			case *types.Var:
				later[obj] = true
			case *types.Const, *types.Nil:
			default:
				return false
			}
		}
		// A variable the function sets after the guard (n++, &meta
		// handed to a decoder, took = time.Since(start) after the loop)
		// would be read at the guard before it is set.
		return hasResp && !setAfter(info, body, later, at.End())
	}
	return c.returnText(body, src, usable)
}

// returnText returns the text of the first return statement of body (not
// one of a function literal in it) for which fits holds, "" if none.
func (c *checker) returnText(body *ast.BlockStmt, src []byte, fits func(*ast.ReturnStmt) bool) string {
	var found *ast.ReturnStmt
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if fits(n) {
				found = n
			}
		}
		return found == nil
	})
	if found == nil {
		return ""
	}
	vals := make([]string, len(found.Results))
	for i, e := range found.Results {
		vals[i] = fixes.Text(c.pass.Fset, src, e)
	}
	return "return " + strings.Join(vals, ", ")
}

// meansAt reports whether the name id names at pos, scope being the
// innermost scope there, what it names where it stands: a local constant
// or variable declared later, or one shadowed at pos, does not.
func meansAt(info *types.Info, scope *types.Scope, id *ast.Ident, pos token.Pos) bool {
	obj := info.Uses[id]
	_, found := scope.LookupParent(id.Name, pos)
	return obj != nil && found == obj
}

// setAfter reports whether the function body sets one of vars after pos:
// an assignment, an increment or decrement, or its address taken.
func setAfter(info *types.Info, body *ast.BlockStmt, vars map[types.Object]bool, pos token.Pos) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if found || n == nil || n.End() <= pos {
			return !found && n != nil
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			// A closure may set it at any time.
			found = assignsTo(info, n.Body, vars)
		case *ast.AssignStmt:
			if n.Pos() > pos {
				for _, e := range n.Lhs {
					found = found || vars[identObj(info, e)]
				}
			}
		case *ast.IncDecStmt:
			found = n.Pos() > pos && vars[identObj(info, n.X)]
		case *ast.UnaryExpr:
			found = n.Op == token.AND && n.Pos() > pos && vars[identObj(info, n.X)]
		case *ast.RangeStmt:
			found = n.Pos() > pos && (vars[identObj(info, n.Key)] || n.Value != nil && vars[identObj(info, n.Value)])
		}
		return !found
	})
	return found
}

// identObj returns the object an identifier e names, or nil.
func identObj(info *types.Info, e ast.Expr) types.Object {
	if id, ok := ast.Unparen(e).(*ast.Ident); ok && id.Name != "_" {
		return info.ObjectOf(id)
	}
	return nil
}

// sendErr returns the variable that the send of s in the loop l assigns
// its error to, or nil.
func (c *checker) sendErr(l *retryloop.Loop, s send) *types.Var {
	as, _ := c.sendAssign(l, s)
	if as == nil {
		return nil
	}
	id, ok := as.Lhs[len(as.Lhs)-1].(*ast.Ident)
	if !ok {
		return nil
	}
	v, _ := c.pass.TypesInfo.ObjectOf(id).(*types.Var)
	return v
}

// underErr reports whether n sits in the condition of an if statement (or
// in its body) whose condition requires errVar != nil: a conjunct of &&.
func (c *checker) underErr(n ast.Node, stack []ast.Node, errVar *types.Var) bool {
	info := c.pass.TypesInfo
	for i := len(stack) - 1; i >= 0; i-- {
		ifs, ok := stack[i].(*ast.IfStmt)
		if !ok || ifs.Else != nil && ifs.Else.Pos() <= n.Pos() && n.End() <= ifs.Else.End() {
			continue // in the else branch: err == nil there
		}
		for _, conj := range conjuncts(ifs.Cond) {
			b, ok := ast.Unparen(conj).(*ast.BinaryExpr)
			if !ok || b.Op != token.NEQ {
				continue
			}
			x, y := ast.Unparen(b.X), ast.Unparen(b.Y)
			if id, ok := y.(*ast.Ident); ok && id.Name == "nil" {
				if xi, ok := x.(*ast.Ident); ok && info.Uses[xi] == errVar {
					return true
				}
			}
		}
	}
	return false
}

// conjuncts returns the operands of the && chain e.
func conjuncts(e ast.Expr) []ast.Expr {
	if b, ok := ast.Unparen(e).(*ast.BinaryExpr); ok && b.Op == token.LAND {
		return append(conjuncts(b.X), conjuncts(b.Y)...)
	}
	return []ast.Expr{e}
}

// guardsWhere is guardsWith where a comparison of a method for which
// skip(n, stack) holds is no check.
func (c *checker) guardsWhere(root ast.Node, guarded map[*types.Func]bool, sources map[types.Object]bool, skip func(n ast.Node, stack []ast.Node) bool) bool {
	info := c.pass.TypesInfo
	found := false
	tested := func(ok bool, n ast.Node, stack []ast.Node) bool {
		return ok && (skip == nil || !skip(n, stack)) && !c.weakened(n, stack, guarded, sources)
	}
	ast.PreorderStack(root, nil, func(n ast.Node, stack []ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.SelectorExpr:
			if len(stack) == 0 {
				return true
			}
			s, ok := info.Selections[n]
			if !ok || s.Kind() != types.FieldVal {
				return true
			}
			if sources[s.Obj()] {
				found = tested(sourceTested(info, n, stack[len(stack)-1]), n, stack)
				return !found
			}
			if n.Sel.Name != "Method" || !isRequestMethod(s.Obj()) {
				return true // the Method of a request, or of a type that embeds one
			}
			found = tested(methodTested(info, n, stack[len(stack)-1]), n, stack)
		case *ast.Ident:
			if len(stack) > 0 && sources[info.Uses[n]] {
				found = tested(sourceTested(info, n, stack[len(stack)-1]), n, stack)
			}
		case *ast.CallExpr:
			if a, ok := httpmodel.HeaderRead(info, n); ok && c.keys.Has(a.Name) {
				found = !c.weakened(n, stack, guarded, sources)
			} else if h, ok := httpmodel.HeaderCall(info, n); ok && !h.Op.IsRead() && h.Op != httpmodel.HeaderDel && h.Name != "" && c.keys.Has(h.Name) {
				found = true
			} else if f := httpmodel.Callee(info, n); f != nil && guarded[f.Origin()] {
				found = tested(true, n, stack)
			} else if callerPredicate(info, n, f) && !optional(info, n, stack) {
				// o.decider(req): whether a request may be retried is the
				// caller's to say, through a predicate it configures.
				found = tested(true, n, stack)
			} else if f != nil && len(sources) > 0 && c.testsSource(f.Origin(), sources) {
				// A predicate of the package on the field the method
				// comes from: r.idempotent() over r.verb.
				found = !c.weakened(n, stack, guarded, sources)
			}
		case *ast.IndexExpr:
			if a, ok := httpmodel.HeaderRead(info, n); ok && c.keys.Has(a.Name) {
				found = !c.weakened(n, stack, guarded, sources)
			}
		}
		return !found
	})
	return found
}

// callerPredicate reports whether call, of the function f (nil for a
// function value), asks a predicate the caller configures about a
// request: a function value held in a field or a parameter that takes a
// *http.Request (and a context) alone and returns a bool alone
// (o.decider(req)).
func callerPredicate(info *types.Info, call *ast.CallExpr, f *types.Func) bool {
	if f != nil {
		// A function or a method, an interface's too: a retry policy's
		// IsNextRetry(ctx, req, resp, err) decides on the outcome as
		// much as on the request.
		return false
	}
	// A field (o.decider) or a parameter the caller hands in; a local
	// function of the sender's own is no caller's word.
	switch fun := ast.Unparen(call.Fun).(type) {
	case *ast.SelectorExpr:
		if s, ok := info.Selections[fun]; !ok || s.Kind() != types.FieldVal {
			return false
		}
	case *ast.Ident:
		if v, ok := info.Uses[fun].(*types.Var); !ok || v.Kind() != types.ParamVar {
			return false
		}
	default:
		return false
	}
	t := info.TypeOf(call.Fun)
	if t == nil {
		return false // a type error
	}
	sig, ok := t.Underlying().(*types.Signature)
	if !ok || sig.Results().Len() != 1 || !types.Identical(sig.Results().At(0).Type(), types.Typ[types.Bool]) {
		return false
	}
	// About the request alone (and a context): one that is also handed
	// the response or the error decides on the outcome.
	req := false
	for i := range sig.Params().Len() {
		switch t := sig.Params().At(i).Type(); {
		case httpmodel.IsNamed(t, "net/http", "Request"):
			req = true
		case !httpmodel.IsNamed(t, "context", "Context"):
			return false
		}
	}
	return req
}

// optional reports whether call, under stack, is asked only when its
// function value is set (c.shouldRetry != nil && !c.shouldRetry(req,
// resp, err)): unset, the request is retried whatever its method.
func optional(info *types.Info, call *ast.CallExpr, stack []ast.Node) bool {
	fun := types.ExprString(ast.Unparen(call.Fun))
	for i := len(stack) - 1; i >= 0; i-- {
		switch p := stack[i].(type) {
		case *ast.ParenExpr, *ast.UnaryExpr:
			continue
		case *ast.BinaryExpr:
			if p.Op != token.LAND && p.Op != token.LOR {
				return false
			}
			for _, side := range []ast.Expr{p.X, p.Y} {
				if b, ok := ast.Unparen(side).(*ast.BinaryExpr); ok && b.Op == token.NEQ &&
					(types.ExprString(ast.Unparen(b.X)) == fun && analysisutil.IsNil(info, b.Y) || types.ExprString(ast.Unparen(b.Y)) == fun && analysisutil.IsNil(info, b.X)) {
					return true
				}
			}
			continue
		}
		return false
	}
	return false
}

// testsSource reports whether the function f of the package compares or
// looks up one of sources, the variables and fields a request's method is
// taken from, itself or through the functions of the package it calls.
func (c *checker) testsSource(f *types.Func, sources map[types.Object]bool) bool {
	if f.Pkg() != c.pass.Pkg {
		return false
	}
	d, ok := c.calls.Decl(f)
	if !ok || d.Decl.Body == nil || c.testing[f] {
		return false
	}
	if c.testing == nil {
		c.testing = map[*types.Func]bool{}
	}
	c.testing[f] = true
	defer delete(c.testing, f)
	return c.guardsWith(d.Decl.Body, nil, sources)
}

// weakened reports whether the test at n (under stack) is one side of an
// || whose other side tests neither a method nor a key: "retry when the
// method is idempotent, or when something else holds" admits a POST
// whenever the something else does (isIdempotent(req.Method) ||
// rewind != nil, a body that can be replayed). Only a test on the side
// that lets the re-send happen is weakened: isIdempotent(m), m == GET,
// m != POST; a negated test (!isIdempotent(m) || ...) or one for a
// method that must not be re-sent (m == POST || ...) stops the re-send
// in more cases, and stays a check.
func (c *checker) weakened(n ast.Node, stack []ast.Node, guarded map[*types.Func]bool, sources map[types.Object]bool) bool {
	info := c.pass.TypesInfo
	var cur ast.Node = n
	for i := len(stack) - 1; i >= 0; i-- {
		switch p := stack[i].(type) {
		case *ast.ParenExpr:
		case *ast.CallExpr:
			if p.Fun != cur {
				if b, ok := info.TypeOf(p).(*types.Basic); !ok || b.Kind() != types.Bool {
					return false
				}
			} // else the callee of a guarding call: the call is the test
		case *ast.BinaryExpr:
			switch p.Op {
			case token.EQL, token.NEQ:
				other := p.Y
				if other == cur {
					other = p.X
				}
				m, ok := httpmodel.ConstString(info, other)
				if !ok {
					return false
				}
				if (p.Op == token.EQL) != replayable[strings.ToUpper(m)] {
					return false // m == POST, m != GET: the stopping side
				}
			case token.LAND:
			case token.LOR:
				other := p.Y
				if other == cur {
					other = p.X
				}
				if !c.guardsWhere(other, guarded, sources, nil) && !safeRetry(info, stack[0], other) {
					return true
				}
			default:
				return false
			}
		default:
			return false
		}
		cur = stack[i]
	}
	return false
}

// safeRetry reports whether e, the other side of a method test's ||,
// holds only where a re-send applies nothing twice: after an error raised
// before the request left (errors.Is(err, syscall.ECONNREFUSED)), after
// no error at all (err == nil, an answer, not a transport error), or
// after a 429 (a rejection). It is judged by its shape: a || is safe when
// both sides are, a && when one is, a negation never; a variable
// assigned once (rejected := err == nil && status == 429) by its value.
func safeRetry(info *types.Info, root ast.Node, e ast.Expr) bool {
	switch x := ast.Unparen(e).(type) {
	case *ast.BinaryExpr:
		switch x.Op {
		case token.LOR:
			return safeRetry(info, root, x.X) && safeRetry(info, root, x.Y)
		case token.LAND:
			return safeRetry(info, root, x.X) || safeRetry(info, root, x.Y)
		case token.EQL:
			for _, pair := range [2][2]ast.Expr{{x.X, x.Y}, {x.Y, x.X}} {
				if tv := info.Types[pair[1]]; tv.IsNil() && types.Implements(info.TypeOf(pair[0]), analysisutil.ErrorInterface) {
					return true // err == nil
				}
				if tv := info.Types[pair[1]]; tv.Value != nil && tv.Value.ExactString() == "429" {
					return true
				}
			}
		}
	case *ast.CallExpr:
		_, ok := httpmodel.NotSentTest(info, x)
		return ok
	case *ast.Ident:
		if v, ok := info.Uses[x].(*types.Var); ok && root != nil {
			if rhs := onlyValue(info, root, v); rhs != nil {
				return safeRetry(info, nil, rhs)
			}
		}
	}
	return false
}

// onlyValue returns the value v is given in root when root assigns it
// once, in its definition (v := x), and nil otherwise.
func onlyValue(info *types.Info, root ast.Node, v *types.Var) ast.Expr {
	var val ast.Expr
	n := 0
	ast.Inspect(root, func(node ast.Node) bool {
		switch node := node.(type) {
		case *ast.AssignStmt:
			for i, l := range node.Lhs {
				if id, ok := l.(*ast.Ident); ok && info.ObjectOf(id) == v {
					n++
					if node.Tok == token.DEFINE && len(node.Lhs) == len(node.Rhs) {
						val = node.Rhs[i]
					}
				}
			}
		case *ast.UnaryExpr:
			if id, ok := node.X.(*ast.Ident); ok && node.Op == token.AND && info.Uses[id] == v {
				n++
			}
		}
		return true
	})
	if n != 1 {
		return nil
	}
	return val
}

// replayable are the methods net/http's Transport re-sends on its own.
var replayable = map[string]bool{"GET": true, "HEAD": true, "OPTIONS": true, "TRACE": true, "PUT": true, "DELETE": true}

// isRequestMethod reports whether obj is the Method field of
// net/http.Request, selected on a request or on a type that embeds one.
func isRequestMethod(obj types.Object) bool {
	if obj == nil || obj.Pkg() == nil || obj.Pkg().Path() != "net/http" {
		return false
	}
	req, ok := obj.Pkg().Scope().Lookup("Request").(*types.TypeName)
	if !ok {
		return false
	}
	st, ok := req.Type().Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for f := range st.Fields() {
		if f == obj {
			return true
		}
	}
	return false
}

// methodTested reports whether the Method selector sel is tested where it
// stands under parent: compared, switched on, looked up in a map or a
// slice, or handed to a function that answers yes or no.
func methodTested(info *types.Info, sel ast.Expr, parent ast.Node) bool {
	switch p := parent.(type) {
	case *ast.BinaryExpr:
		return p.Op == token.EQL || p.Op == token.NEQ
	case *ast.SwitchStmt:
		return p.Tag == sel
	case *ast.IndexExpr:
		return p.Index == sel
	case *ast.CallExpr:
		t := info.TypeOf(p)
		b, ok := t.(*types.Basic)
		return ok && b.Kind() == types.Bool
	}
	return false
}

// sourceTested is methodTested for the method a request is built with,
// where a comparison with "" is not a check of the method but the choice
// of a default one (if method == "" { method = http.MethodGet }).
func sourceTested(info *types.Info, e ast.Expr, parent ast.Node) bool {
	if b, ok := parent.(*ast.BinaryExpr); ok {
		other := b.Y
		if other == e {
			other = b.X
		}
		if s, ok := httpmodel.ConstString(info, other); ok && s == "" {
			return false
		}
	}
	return methodTested(info, e, parent)
}

// methodSources returns the variables and fields that the requests built
// in fn take their method from, when it is not a constant: the method
// argument of http.NewRequest, or of a function of the package that
// builds a request with the method it is handed (a methodFact), such as
// the method parameter of an SDK's do(ctx, method, path, body) or the
// Method field of its own request type. A check of one (isIdempotent(method),
// switch opts.Method) checks the method of every request built from it.
func (c *checker) methodSources(fn ast.Node) map[types.Object]bool {
	info := c.pass.TypesInfo
	sources := map[types.Object]bool{}
	add := func(e ast.Expr) {
		switch e := ast.Unparen(e).(type) {
		case *ast.Ident:
			if v, ok := info.Uses[e].(*types.Var); ok && !v.IsField() {
				sources[v] = true
			}
		case *ast.SelectorExpr:
			if s, ok := info.Selections[e]; ok && s.Kind() == types.FieldVal {
				sources[s.Obj()] = true
			}
		}
	}
	ast.Inspect(fn, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		if _, known, isNew := httpmodel.NewRequestMethod(info, call); isNew {
			if !known {
				add(methodArg(info, call))
			}
		} else if m := c.lookupMethod(httpmodel.Callee(info, call)); m != nil && m.Const == "" {
			if e, ok := m.from(info, call); ok && m.Field == "" {
				add(e)
			} else if ok {
				// The field of the operation (or of the builder) the
				// method is read from: a check of op.Method checks it.
				if t := info.TypeOf(e); t != nil {
					if obj, _, _ := types.LookupFieldOrMethod(t, true, c.pass.Pkg, m.Field); obj != nil {
						sources[obj] = true
					}
				}
			}
		} else if f := httpmodel.Callee(info, call); f != nil {
			// A function that sends a request it builds from the method
			// it is handed (doOnce(ctx, method, url, body)).
			if w := c.writes.Lookup(f); w != nil && w.MethodArg > 0 {
				if _, args := httpmodel.Receiver(info, call); w.MethodArg <= len(args) {
					if w.MethodField == "" {
						add(args[w.MethodArg-1])
					} else if v := c.methodFieldOf(send{methodArg: args[w.MethodArg-1], methodField: w.MethodField}); v != nil {
						// The field of the description it is handed:
						// a check of op.Method checks it.
						sources[v] = true
					}
				}
			}
		}
		return true
	})
	return sources
}

// guardingFuncs returns the functions of the package that check a
// request's method or key, directly or through the functions they call.
func (c *checker) guardingFuncs() map[*types.Func]bool {
	if c.guarding != nil {
		return c.guarding
	}
	c.guarding = map[*types.Func]bool{}
	funcs := c.calls.Funcs()
	idx := map[*types.Func]int{}
	for i, f := range funcs {
		if f.Obj != nil {
			idx[f.Obj] = i
		}
	}
	mark := make([]bool, len(funcs))
	callers := make([][]int, len(funcs))
	for i, f := range funcs {
		for _, call := range c.calls.Calls(f.Decl) {
			if call.Callee == nil {
				continue
			}
			if j, ok := idx[call.Callee.Origin()]; ok {
				callers[j] = append(callers[j], i)
			}
		}
		mark[i] = c.guardsWith(f.Decl.Body, nil, nil) && !c.passesWrites(f.Decl)
	}
	callindex.MarkCallers(callers, mark)
	for i, f := range funcs {
		if mark[i] && f.Obj != nil {
			c.guarding[f.Obj] = true
		}
	}
	return c.guarding
}

// ---- the report and its fix ----

// checkAnyMethod reports a retrying sender, and reports whether it did.
func (c *checker) checkAnyMethod(file *ast.File, l *retryloop.Loop, s send) bool {
	if l.Via != nil && !l.Again {
		return c.checkAnyMethodOp(file, l, s)
	}
	// A loop, or an operation whose result says whether to call it
	// again (see retryloop.Loop.Again): the guard goes after the send,
	// and returns what ends the retry.
	outcome, ok := c.retriesUnknown(l, s)
	if !ok {
		analysisutil.Gate(c.pass, s.call.Pos(), "any-outcome-"+c.why, "a request of any method in a retry loop, no unknown outcome found retried")
		return false
	}
	if outcome == "a transport error" && c.statusGuard(l, s) != "" {
		outcome = fmt.Sprintf("a transport error or status %d", c.retried[0])
	}
	if c.freshKeyAny(file, l, s, outcome) {
		return true
	}
	if c.checksMethod(l, s) {
		simOutcome, simRetried, still := c.postStillRetried(l, s)
		if !still {
			analysisutil.Gate(c.pass, s.call.Pos(), "any-guarded", "a request of any method re-sent after "+outcome+" in a function that checks a method or key somewhere")
			return false
		}
		// The checks stop a write at some outcomes: name one after
		// which a POST or a PATCH is still sent again, and let the
		// guard end the retry at those alone (a 500 whose branch
		// already turns a write into an error keeps doing so).
		outcome, c.retried = simOutcome, simRetried
		if outcome == "a transport error" && c.statusGuard(l, s) != "" {
			outcome = fmt.Sprintf("a transport error or status %d", c.retried[0])
		}
	}
	if c.callersGuard(l.Func, s.request) {
		analysisutil.Gate(c.pass, s.call.Pos(), "any-callers-guard", "a request of any method re-sent after "+outcome+", handed by callers that check its method")
		return false
	}
	if c.callersIdempotent(l.Func) {
		analysisutil.Gate(c.pass, s.call.Pos(), "any-callers-idempotent", "a request of its caller's method re-sent after "+outcome+", every caller handing an idempotent one")
		return false
	}
	if len(l.Self) > 0 && c.carriesResponse(l.Func) {
		// retry(req, resp, n) { if retriable(resp) { resp2 := send(req);
		// return retry(req, resp2, n+1) } }: each call decides on the
		// response it is handed before it sends again.
		o, param, ok := c.resentThroughParam(l, s)
		if !ok {
			analysisutil.Gate(c.pass, s.call.Pos(), "any-recursion-response", "a request of any method re-sent by a recursion that is handed the last response")
			return false
		}
		return c.entryGuard(file, l, s, o, param)
	}
	info := c.pass.TypesInfo
	s.request = sameRequest(info, s.request)
	if c.keyedField(c.requestOrigin(l.Func, s.request)) {
		analysisutil.Gate(c.pass, s.call.Pos(), "any-keyed-field", "a request of any method re-sent after "+outcome+", kept in a field whose every store carries a key")
		return false
	}
	src := fixes.Source(c.pass, s.call.Pos())
	if src == nil || s.request == nil || !accessor(info, s.request) {
		analysisutil.Gate(c.pass, s.call.Pos(), "any-nofix-request", "a request of any method re-sent after "+outcome+", the request cannot be named again")
		return false
	}
	as, stmt := c.sendAssign(l, s)
	if as == nil {
		analysisutil.Gate(c.pass, s.call.Pos(), "any-nofix-assign", "a request of any method re-sent after "+outcome+", its results are not assigned in the loop body")
		return false
	}
	respName, errName := "", identName(as.Lhs[len(as.Lhs)-1])
	resp := sentResponse(info, as)
	if resp != nil {
		respName = identName(resp)
	}
	ft, _ := flow.FuncParts(l.Func)
	var cond, ret string
	reused := false               // ret is a return of the function's own (see answerReturn)
	var extra []analysis.TextEdit // an import the guard needs
	if strings.HasPrefix(outcome, "status") {
		// A status is an answer: hand it to the caller as it came (the
		// function returns what the send does: a *http.Response, or a
		// pipeline's wrapper of one).
		ret = ""
		if respName != "" && errName != "" {
			if handsBackResponse(info, ft, info.TypeOf(resp)) {
				ret = "return " + respName + ", " + errName
			} else {
				// More results than the answer (return resp, elapsed,
				// err): return as the function returns an answer it
				// does not retry, after the attempt's bookkeeping.
				at := c.guardPointBefore(l, stmt, as, func(n ast.Stmt) bool { return usesResponse(info, n, resp) })
				if r := c.answerReturn(l, src, resp, as.Lhs[len(as.Lhs)-1], at); r != "" {
					ret, stmt, reused = r, at, true
				}
			}
		}
		if ret == "" {
			if c.budgetGuards(file, l, s, as, outcome) {
				return true
			}
			analysisutil.Gate(c.pass, s.call.Pos(), "any-nofix-status", "a request of any method re-sent after "+outcome+", the function does not return (*http.Response, error)")
			return false
		}
		cond = "!%s(%s)"
		if code := c.retriedCheck(file, s, respName); code != "" {
			// Only the statuses whose outcome is unknown end the
			// retry; every other answer goes on as before (a 4xx the
			// function turns into an error, a 503 retried).
			cond = errName + " == nil && !%s(%s) && " + code
		}
	} else {
		if errName == "" || !fixes.ReturnsError(info, ft) {
			analysisutil.Gate(c.pass, s.call.Pos(), "any-nofix-noerr", "a request of any method re-sent after "+outcome+", the function returns no error")
			return false
		}
		r, ok := fixes.Return(info, c.pass.Pkg, file, ft, errName)
		if !ok {
			analysisutil.Gate(c.pass, s.call.Pos(), "any-nofix-return", "a request of any method re-sent after "+outcome+", no return statement can be written")
			return false
		}
		cond, ret = errName+" != nil && !%s(%s)", r
		if code := c.statusGuard(l, s); code != "" {
			// The loop retries unknown statuses too: the guard ends the
			// retry on both, and hands the caller the answer or the
			// error as they came, after the attempt's bookkeeping but
			// before anything reads or closes the response.
			cond, ret = "("+errName+" != nil || "+strings.TrimSuffix(strings.TrimPrefix(code, "("), ")")+") && !%s(%s)", "return "+respName+", "+errName
			if !handsBackResponse(info, ft, info.TypeOf(resp)) {
				// The function returns no response: an unknown status
				// becomes its error, the body closed as the function
				// would have closed it.
				fmtName, imp, ok := fixes.Import(info, c.pass.Pkg, file, "fmt", s.call.Pos())
				if !ok {
					analysisutil.Gate(c.pass, s.call.Pos(), "any-nofix-fmt", "a request of any method re-sent after "+outcome+", fmt cannot be named")
					return false
				}
				extra = imp
				ret = fmt.Sprintf("if %[1]s == nil {\n\t%[2]s.Body.Close()\n\t%[1]s = %[3]s.Errorf(\"%%s answered %%s: not sent again, the outcome is unknown\", %[4]s.Method, %[2]s.Status)\n}\n%[5]s",
					errName, respName, fmtName, fixes.Text(c.pass.Fset, src, s.request)+s.raw, r)
			}
			stmt = c.guardPointBefore(l, stmt, as, func(n ast.Stmt) bool { return usesResponse(info, n, resp) })
		} else {
			stmt = c.guardPoint(l, stmt, as)
		}
	}
	indentAt := stmt.Pos()
	if lb, isLabel := stmt.(*ast.LabeledStmt); isLabel {
		indentAt = lb.Stmt.Pos() // a label is outdented
	}
	indent := fixes.Indent(c.pass.Fset, src, indentAt)
	at := fixes.LineEnd(c.pass.Fset, src, stmt.End())
	req := fixes.Text(c.pass.Fset, src, s.request) + s.raw
	// The helper's name is chosen for the whole package at the end;
	// helperMark stands for it until then.
	guard := func(indent string) []byte {
		body := strings.ReplaceAll(ret, "\n", "\n"+indent+"\t")
		return []byte(fmt.Sprintf("\n%[1]sif %[2]s {\n%[1]s\t%[3]s\n%[1]s}", indent, fmt.Sprintf(cond, helperMark, req), body))
	}
	edits := extra
	if _, first := c.firstAttempt(l, s, src); first != nil {
		if reused {
			// The return is known to fit at the guard in the loop
			// only.
			analysisutil.Gate(c.pass, s.call.Pos(), "any-nofix-first", "a request of any method re-sent after "+outcome+", first sent before the loop by a function that returns more than the answer")
			return false
		}
		// The first attempt is sent before the loop, which re-sends it:
		// the same guard after it.
		firstAt := fixes.LineEnd(c.pass.Fset, src, first.End())
		edits = append(edits, analysis.TextEdit{Pos: firstAt, End: firstAt, NewText: guard(fixes.Indent(c.pass.Fset, src, first.Pos()))})
	}
	edits = append(edits, analysis.TextEdit{Pos: at, End: at, NewText: guard(indent)})
	return c.addAnyFinding(file, s, outcome, edits)
}

// unknownStatusNames are net/http's names of serverUnknownStatuses.
var unknownStatusNames = map[int]string{500: "StatusInternalServerError", 502: "StatusBadGateway", 504: "StatusGatewayTimeout"}

// retriedCheck returns the test of the response resp for the unknown
// statuses that the loop just judged retries (resp.StatusCode ==
// http.StatusBadGateway || ...), "" when resp is not a *http.Response
// or net/http has no name in file at the send.
func (c *checker) retriedCheck(file *ast.File, s send, resp string) string {
	info := c.pass.TypesInfo
	if len(c.retried) == 0 {
		return ""
	}
	t := info.TypeOf(s.call)
	tup, ok := t.(*types.Tuple)
	if !ok || tup.Len() < 2 || !slices.ContainsFunc(slices.Collect(tup.Variables()), func(v *types.Var) bool { return httpmodel.IsResponse(v.Type()) }) {
		return ""
	}
	httpName, edits, ok := fixes.Import(info, c.pass.Pkg, file, "net/http", s.call.Pos())
	if !ok || len(edits) > 0 {
		return ""
	}
	var tests []string
	for _, st := range c.retried {
		name := unknownStatusNames[st]
		if name == "" {
			return ""
		}
		tests = append(tests, resp+".StatusCode == "+httpName+"."+name)
	}
	if len(tests) == 1 {
		return tests[0]
	}
	return "(" + strings.Join(tests, " || ") + ")"
}

// addAnyFinding records the report of a retrying sender whose fix makes
// edits (with helperMark for the replay check's name), to be made once
// the package's findings are all known (see reportAnyMethod).
func (c *checker) addAnyFinding(file *ast.File, s send, outcome string, edits []analysis.TextEdit) bool {
	var decl ast.Decl
	for _, d := range file.Decls {
		if d.Pos() <= s.call.Pos() && s.call.End() <= d.End() {
			decl = d
		}
	}
	if decl == nil || len(edits) == 0 {
		return false
	}
	c.exportResender(decl, s, outcome)
	c.anyFindings = append(c.anyFindings, anyFinding{
		file: file,
		decl: decl,
		diag: analysis.Diagnostic{
			Pos: s.call.Pos(),
			End: s.call.End(),
			Message: fmt.Sprintf("a request of any method is re-sent after %s without a check of its method or an %s header (a POST or PATCH may be applied twice)",
				outcome, c.first),
			SuggestedFixes: []analysis.SuggestedFix{{
				Message:   "Retry only requests with an idempotent method or an " + c.first,
				TextEdits: edits,
			}},
		},
		guardAt: edits[0].Pos,
	})
	return true
}

// budgetGuards reports a retry by recursion of a request of any method
// after a status, in a function that does not return the response (it
// returns what it read from it): the answer cannot be handed back as it
// came, so the fix makes a request that may not be replayed count as one
// with no attempt left. Every self-call after an unknown outcome (a
// self-call after a 429 is left alone) must be the body of an if
// statement without an else whose condition is the retry's budget (it
// reads neither the send's results nor calls anything: sequence <
// s.MaxRetries); the fix adds the replay check to each such condition,
// and a request that may not be replayed takes the path the function
// takes when its attempts are spent:
//
//	if sequence < s.MaxRestRetries && replayable(req) {
//		return s.request(method, urlStr, b, sequence+1)
//	}
func (c *checker) budgetGuards(file *ast.File, l *retryloop.Loop, s send, as *ast.AssignStmt, outcome string) bool {
	info := c.pass.TypesInfo
	if len(l.Self) == 0 {
		return false
	}
	src := fixes.Source(c.pass, s.call.Pos())
	fd, ok := l.Func.(*ast.FuncDecl)
	if !ok || src == nil {
		return false
	}
	outcomeVars := map[*types.Var]bool{}
	for _, lhs := range as.Lhs {
		if v := varOf(info, lhs); v != nil {
			outcomeVars[v] = true
		}
	}
	req := fixes.Text(c.pass.Fset, src, s.request) + s.raw
	var edits []analysis.TextEdit
	for _, self := range l.Self {
		one := *l
		one.Self = []*ast.CallExpr{self}
		if _, ok := c.retriesUnknown(&one, s); !ok {
			continue // a retry after a rejection (429, 503) or a success
		}
		var ifs *ast.IfStmt
		ast.PreorderStack(fd.Body, nil, func(n ast.Node, stack []ast.Node) bool {
			if n != self {
				return true
			}
			for i := len(stack) - 1; i >= 0; i-- {
				if x, ok := stack[i].(*ast.IfStmt); ok {
					if i+1 < len(stack) && stack[i+1] == x.Body {
						ifs = x
					}
					break
				}
			}
			return false
		})
		if ifs == nil || ifs.Else != nil || ifs.Init != nil || !fixes.VisibleAt(info, file, s.request, ifs.Cond.Pos()) {
			return false
		}
		budget := true
		ast.Inspect(ifs.Cond, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				budget = false
			case *ast.Ident:
				if v, ok := info.Uses[n].(*types.Var); ok && outcomeVars[v] {
					budget = false
				}
			}
			return budget
		})
		if !budget {
			return false
		}
		cond := fixes.Text(c.pass.Fset, src, ifs.Cond)
		if b, ok := ast.Unparen(ifs.Cond).(*ast.BinaryExpr); ok && b.Op == token.LOR {
			edits = append(edits, analysis.TextEdit{Pos: ifs.Cond.Pos(), End: ifs.Cond.End(), NewText: []byte("(" + cond + ") && " + helperMark + "(" + req + ")")})
		} else {
			edits = append(edits, analysis.TextEdit{Pos: ifs.Cond.End(), End: ifs.Cond.End(), NewText: []byte(" && " + helperMark + "(" + req + ")")})
		}
	}
	return c.addAnyFinding(file, s, outcome, edits)
}

// guardPoint returns the statement of the loop body after which the
// guard for a transport error goes: the last of the statements from the
// send's own st on that run straight through, neither leaving the attempt
// nor starting the next (no return, branch or call that never returns)
// nor assigning the send's results. The attempt's bookkeeping (a
// per-attempt timeout's cancel, a connection released, a log line) then
// runs before the guard hands the error back; the retry decision does not.
func (c *checker) guardPoint(l *retryloop.Loop, st ast.Stmt, as *ast.AssignStmt) ast.Stmt {
	return c.guardPointBefore(l, st, as, nil)
}

// usesResponse reports whether st hands the response resp, or its body,
// to a call (resp.Body.Close(), io.Copy(io.Discard, resp.Body),
// c.log(resp)): the guard that returns the response goes before it.
func usesResponse(info *types.Info, st ast.Stmt, resp ast.Expr) bool {
	id, ok := resp.(*ast.Ident)
	if !ok {
		return false
	}
	v := info.ObjectOf(id)
	rooted := func(e ast.Expr) bool {
		for {
			switch x := ast.Unparen(e).(type) {
			case *ast.SelectorExpr:
				e = x.X
				continue
			case *ast.Ident:
				return info.Uses[x] == v
			}
			return false
		}
	}
	found := false
	ast.Inspect(st, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || found {
			return !found
		}
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && rooted(sel.X) {
			found = true
		}
		for _, a := range call.Args {
			found = found || rooted(a)
		}
		return !found
	})
	return found
}

// guardPointBefore is guardPoint that also stops before a statement for
// which stop holds.
func (c *checker) guardPointBefore(l *retryloop.Loop, st ast.Stmt, as *ast.AssignStmt, stop func(ast.Stmt) bool) ast.Stmt {
	info := c.pass.TypesInfo
	list := listOf(l.Body, st)
	i := slices.Index(list, st)
	if i < 0 {
		return st
	}
	results := map[types.Object]bool{}
	for _, e := range as.Lhs {
		if id, ok := e.(*ast.Ident); ok && id.Name != "_" {
			results[info.ObjectOf(id)] = true
		}
	}
	last := st
	for _, next := range list[i+1:] {
		if leavesOrContinues(info, next) || assignsTo(info, next, results) || stop != nil && stop(next) {
			break
		}
		last = next
	}
	return last
}

// assignsTo reports whether n assigns one of the variables vars, outside
// function literals.
func assignsTo(info *types.Info, n ast.Node, vars map[types.Object]bool) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		switch m := m.(type) {
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt:
			for _, e := range m.Lhs {
				if id, ok := ast.Unparen(e).(*ast.Ident); ok && vars[info.ObjectOf(id)] {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// checkAnyMethodOp reports a retrying sender whose send is in the
// operation l handed to a retry helper, and reports whether it did. The
// helper, not the operation, decides on another attempt, so the guard
// goes before the helper's call: a request that may not be replayed is
// sent once, as the function's result.
//
//	if !replayable(req) {
//		return t.next.RoundTrip(req)
//	}
//	op := func() error { resp, err = t.next.RoundTrip(req); ... }
//	retry(op)
func (c *checker) checkAnyMethodOp(file *ast.File, l *retryloop.Loop, s send) bool {
	outcome, ok := c.retriesUnknown(l, s)
	if !ok {
		analysisutil.Gate(c.pass, s.call.Pos(), "anyop-outcome-"+c.why, "a request of any method in an operation of a retry helper, no unknown outcome found retried")
		return false
	}
	info := c.pass.TypesInfo
	var decl ast.Decl
	for _, d := range file.Decls {
		if d.Pos() <= l.Outer.Pos() && l.Outer.End() <= d.End() {
			decl = d
		}
	}
	fd, isFunc := decl.(*ast.FuncDecl)
	if !isFunc || fd.Body == nil {
		return false
	}
	if c.guardsIn(fd) {
		analysisutil.Gate(c.pass, s.call.Pos(), "anyop-guarded", "a request of any method re-sent by a retry helper after "+outcome+" in a function that checks a method or key somewhere")
		return false
	}
	if c.callersGuard(fd, s.request) {
		analysisutil.Gate(c.pass, s.call.Pos(), "anyop-callers-guard", "a request of any method re-sent by a retry helper after "+outcome+", handed by callers that check its method")
		return false
	}
	s.request = sameRequest(info, s.request)
	if s.request == nil || !accessor(info, s.request) {
		analysisutil.Gate(c.pass, s.call.Pos(), "anyop-nofix-request", "a request of any method re-sent by a retry helper after "+outcome+", the request cannot be named again")
		return false
	}
	// The function around the helper's call (the declaration, or the
	// literal that holds it, as a sender written as a RoundTripperFunc
	// literal does) must return what the send does, and the send be
	// written the same before the operation.
	ft, body := fd.Type, fd.Body
	if lit := innermostLit(fd, l.Outer); lit != nil {
		ft, body = lit.Type, lit.Body
	}
	sig, ok := info.TypeOf(s.call).(*types.Tuple)
	res := fixes.ResultTypes(info, ft)
	same := ok && sig.Len() == len(res)
	for i := 0; same && i < len(res); i++ {
		same = types.Identical(sig.At(i).Type(), res[i])
	}
	if !same {
		if l.Lib != nil && c.anyOpOnce(file, decl, l, s, outcome) {
			return true
		}
		analysisutil.Gate(c.pass, s.call.Pos(), "anyop-nofix-results", "a request of any method re-sent by a retry helper after "+outcome+", the function does not return what the send does")
		return false
	}
	at, ok := c.beforeBodyRead(body, l.Outer, s.request)
	if !ok {
		analysisutil.Gate(c.pass, s.call.Pos(), "anyop-nofix-body", "a request of any method re-sent by a retry helper after "+outcome+", its body is read and the request used before the helper's call")
		return false
	}
	if !fixes.VisibleAt(info, file, s.call, at) || !fixes.VisibleAt(info, file, s.request, at) {
		analysisutil.Gate(c.pass, s.call.Pos(), "anyop-nofix-visible", "a request of any method re-sent by a retry helper after "+outcome+", the send cannot be written before the helper's call")
		return false
	}
	src := fixes.Source(c.pass, s.call.Pos())
	if src == nil {
		return false
	}
	indent := fixes.Indent(c.pass.Fset, src, at)
	req := fixes.Text(c.pass.Fset, src, s.request) + s.raw
	guard := fmt.Sprintf("if !%s(%s) {\n%s\treturn %s\n%s}\n%s", helperMark, req, indent, fixes.Text(c.pass.Fset, src, s.call), indent, indent)
	c.addOpFinding(file, decl, l, s, outcome, at, "Send a request without an idempotent method or an "+c.first+" once, without retries",
		[]analysis.TextEdit{{Pos: at, End: at, NewText: []byte(guard)}})
	return true
}

// addOpFinding records the finding of checkAnyMethodOp at the send s,
// with its fix (edits, the guard at at), for reportAnyMethod.
func (c *checker) addOpFinding(file *ast.File, decl ast.Decl, l *retryloop.Loop, s send, outcome string, at token.Pos, fix string, edits []analysis.TextEdit) {
	by := ""
	if l.Via != nil {
		by = " by " + viaName(l)
	}
	c.anyFindings = append(c.anyFindings, anyFinding{
		file: file,
		decl: decl,
		diag: analysis.Diagnostic{
			Pos: s.call.Pos(),
			End: s.call.End(),
			Message: fmt.Sprintf("a request of any method is re-sent%s after %s without a check of its method or an %s header (a POST or PATCH may be applied twice)",
				by, outcome, c.first),
			SuggestedFixes: []analysis.SuggestedFix{{Message: fix, TextEdits: edits}},
		},
		guardAt: at,
	})
}

// beforeBodyRead returns where the guard of a retrying sender's operation
// goes: before outer, the statement that calls the retry helper, or,
// when a statement of body before it reads the request's body (to send it
// again on each attempt: body, _ := io.ReadAll(req.Body)), before that
// statement, for the request sent once to go with its body unread. The
// statements in between must not use the request: the request sent once
// would miss what they do to it.
func (c *checker) beforeBodyRead(body *ast.BlockStmt, outer ast.Stmt, request ast.Expr) (token.Pos, bool) {
	info := c.pass.TypesInfo
	v := varOf(info, request)
	if v == nil {
		return outer.Pos(), true
	}
	i := slices.Index(body.List, outer)
	if i < 0 {
		return outer.Pos(), true
	}
	uses := func(n ast.Node, body bool) bool {
		found := false
		ast.Inspect(n, func(m ast.Node) bool {
			switch m := m.(type) {
			case *ast.SelectorExpr:
				if body && m.Sel.Name == "Body" && varOf(info, m.X) == v {
					found = true
				}
			case *ast.Ident:
				if !body && info.Uses[m] == v {
					found = true
				}
			}
			return !found
		})
		return found
	}
	for j, st := range body.List[:i] {
		if !uses(st, true) {
			continue
		}
		for _, between := range body.List[j+1 : i] {
			if uses(between, false) {
				return token.NoPos, false
			}
		}
		return st.Pos(), true
	}
	return outer.Pos(), true
}

// innermostLit returns the innermost function literal of fd that holds
// n, or nil when n is in fd's own body.
func innermostLit(fd *ast.FuncDecl, n ast.Node) *ast.FuncLit {
	var in *ast.FuncLit
	ast.Inspect(fd.Body, func(m ast.Node) bool {
		if m == nil || m.Pos() > n.Pos() || n.End() > m.End() {
			return false
		}
		if lit, ok := m.(*ast.FuncLit); ok {
			in = lit
		}
		return true
	})
	return in
}

// sendAssign returns the assignment of the send's response and error (or
// of the error alone, for a helper that returns nothing else) and
// the statement after which both hold them: the assignment itself, an if
// statement that makes it in its init (if resp, err = send(); err == nil
// {...}), or an if statement whose every branch sends (see branchSend),
// in the loop's body or in a block nested in it (not in a function
// literal). It returns nil when there is none.
func (c *checker) sendAssign(l *retryloop.Loop, s send) (*ast.AssignStmt, ast.Stmt) {
	var foundAs *ast.AssignStmt
	var foundSt ast.Stmt
	eachList(l.Body, func(list []ast.Stmt) bool {
		for _, st := range list {
			if st.Pos() > s.call.Pos() || s.call.End() > st.End() {
				continue
			}
			inner := st
			if lb, isLabel := st.(*ast.LabeledStmt); isLabel {
				inner = lb.Stmt // the send a goto goes back to: again: resp, err := ...
			}
			as, ok := inner.(*ast.AssignStmt)
			if ifs, isIf := inner.(*ast.IfStmt); isIf {
				as, ok = c.branchSend(ifs, s.call), true
				if init, isAs := ifs.Init.(*ast.AssignStmt); as == nil && isAs && init.Tok == token.ASSIGN {
					as = init // resp, err = send() in the init: both hold after the if
				}
			}
			if ok && as != nil && (len(as.Lhs) == 2 || len(as.Lhs) > 2 && (sentResponse(c.pass.TypesInfo, as) != nil || analysisutil.IsError(c.pass.TypesInfo.TypeOf(as.Lhs[len(as.Lhs)-1]))) || len(as.Lhs) == 1 && returnsErrorOnly(c.pass.TypesInfo, s.call)) && len(as.Rhs) == 1 && ast.Unparen(as.Rhs[0]) == s.call {
				foundAs, foundSt = as, st
				return false
			}
		}
		return true
	})
	return foundAs, foundSt
}

// sentResponse returns the expression that the assignment as of a send's
// results assigns the response to: the first of two, or the one of type
// *http.Response among more (resp, body, err := c.doRequest(req)); nil
// when there is none.
func sentResponse(info *types.Info, as *ast.AssignStmt) ast.Expr {
	if len(as.Lhs) == 2 {
		return as.Lhs[0]
	}
	var found ast.Expr
	for _, e := range as.Lhs[:max(len(as.Lhs)-1, 0)] {
		if t := info.TypeOf(e); t != nil && httpmodel.IsResponse(t) {
			if found != nil {
				return nil
			}
			found = e
		}
	}
	return found
}

// returnsErrorOnly reports whether call returns an error and nothing
// else: a helper that sends (err := c.do(ctx, method, path, body, out)).
func returnsErrorOnly(info *types.Info, call *ast.CallExpr) bool {
	t := info.TypeOf(call)
	return analysisutil.IsError(t)
}

// eachList calls f with the statement list of body and of every block,
// case and communication clause nested in it, outside function literals,
// outermost first, until f returns false.
func eachList(body *ast.BlockStmt, f func([]ast.Stmt) bool) {
	more := true
	ast.Inspect(body, func(n ast.Node) bool {
		if !more {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.BlockStmt:
			more = f(n.List)
		case *ast.CaseClause:
			more = f(n.Body)
		case *ast.CommClause:
			more = f(n.Body)
		}
		return more
	})
}

// listOf returns the statement list, in body or a block nested in it,
// that holds st, nil when there is none.
func listOf(body *ast.BlockStmt, st ast.Stmt) []ast.Stmt {
	var found []ast.Stmt
	eachList(body, func(list []ast.Stmt) bool {
		if slices.Contains(list, st) {
			found = list
			return false
		}
		return true
	})
	return found
}

func identName(e ast.Expr) string {
	if id, ok := e.(*ast.Ident); ok && id.Name != "_" {
		return id.Name
	}
	return ""
}

// reportAnyMethod reports the retrying senders of the package, each fix
// adding the same helper after the declaration of the first one (so that
// the fixes of one run add it once), unless the package has it already.
func (c *checker) reportAnyMethod() {
	if len(c.anyFindings) == 0 {
		return
	}
	info := c.pass.TypesInfo
	// The fixes that call the helper (a guard on the caller's method
	// calls none); the first of them declares it.
	usesHelper := func(f anyFinding) bool {
		return slices.ContainsFunc(f.diag.SuggestedFixes[0].TextEdits, func(e analysis.TextEdit) bool {
			return strings.Contains(string(e.NewText), helperMark)
		})
	}
	var first *anyFinding
	var guards []token.Pos
	for i, f := range c.anyFindings {
		if usesHelper(f) {
			if first == nil {
				first = &c.anyFindings[i]
			}
			guards = append(guards, f.guardAt)
		}
	}
	name, have := "", true
	if first != nil {
		name, have = c.replayableName(first.file, guards)
	}
	var helper []analysis.TextEdit
	if !have {
		at := first.decl.End()
		httpName, imp, ok := fixes.Import(info, c.pass.Pkg, first.file, "net/http", at)
		if !ok {
			return
		}
		var keys []string
		for _, k := range c.keyList {
			keys = append(keys, fmt.Sprintf("req.Header.Get(%q) != \"\"", http.CanonicalHeaderKey(k)))
		}
		decl := fmt.Sprintf(`

// %[1]s reports whether req may be sent again after an unknown outcome,
// as net/http's Transport decides: its method is idempotent (RFC 9110,
// section 9.2.2), or it carries an idempotency key.
func %[1]s(req *%[2]s.Request) bool {
	switch req.Method {
	case "", %[2]s.MethodGet, %[2]s.MethodHead, %[2]s.MethodOptions, %[2]s.MethodTrace, %[2]s.MethodPut, %[2]s.MethodDelete:
		return true
	}
	return %[3]s
}`, name, httpName, strings.Join(keys, " || "))
		helper = append(imp, analysis.TextEdit{Pos: at, End: at, NewText: []byte(decl)})
	}
	for _, f := range c.anyFindings {
		d := f.diag
		fix := d.SuggestedFixes[0]
		var edits []analysis.TextEdit
		for _, e := range fix.TextEdits {
			edits = append(edits, analysis.TextEdit{Pos: e.Pos, End: e.End, NewText: []byte(strings.ReplaceAll(string(e.NewText), helperMark, name))})
		}
		if usesHelper(f) {
			edits = append(edits, helper...)
		}
		d.SuggestedFixes = []analysis.SuggestedFix{{Message: fix.Message, TextEdits: edits}}
		c.pass.Report(d)
	}
}

// replayableName returns the name of the helper: one the package already
// declares with the helper's signature (have is then true), or a name
// free in the package and at every guard.
func (c *checker) replayableName(file *ast.File, guards []token.Pos) (name string, have bool) {
	scope := c.pass.Pkg.Scope()
	for _, try := range []string{"replayable", "replayableRequest", "isReplayable"} {
		obj := scope.Lookup(try)
		if fn, ok := obj.(*types.Func); ok && c.guardingFuncs()[fn] {
			if sig := fn.Type().(*types.Signature); sig.Params().Len() == 1 && httpmodel.IsRequest(sig.Params().At(0).Type()) && sig.Results().Len() == 1 {
				return try, true
			}
		}
		if obj != nil {
			continue
		}
		free := true
		for _, f := range c.anyFindings {
			if fixes.FreeName(c.pass.TypesInfo, f.file, try, nil, f.guardAt) != try {
				free = false
			}
		}
		if free {
			return try, false
		}
	}
	return fixes.FreeName(c.pass.TypesInfo, file, "replayable", nil, guards...), false
}

// branchSend returns the assignment of the send call's results when it is
// a statement of a branch of the if statement st, and every branch of st
// (an else is required) assigns the same variables from a send and then
// neither leaves nor continues: after st, those variables hold the
// results of one send, whichever branch ran (a per-attempt timeout set
// up in one branch only). It returns nil otherwise.
func (c *checker) branchSend(st *ast.IfStmt, call *ast.CallExpr) *ast.AssignStmt {
	info := c.pass.TypesInfo
	var found *ast.AssignStmt
	var lhs []types.Object
	var branch func(s ast.Stmt) bool
	branch = func(s ast.Stmt) bool {
		switch s := s.(type) {
		case *ast.IfStmt:
			if s.Init != nil || s.Else == nil {
				return false
			}
			return branch(s.Body) && branch(s.Else)
		case *ast.BlockStmt:
			var as *ast.AssignStmt
			for _, x := range s.List {
				a, ok := x.(*ast.AssignStmt)
				if ok && len(a.Rhs) == 1 && a.Tok == token.ASSIGN {
					if sc, ok := ast.Unparen(a.Rhs[0]).(*ast.CallExpr); ok && c.loops.SendsCall(sc) {
						as = a
					}
				}
			}
			if as == nil || leavesOrContinues(info, s) {
				return false
			}
			var objs []types.Object
			for _, e := range as.Lhs {
				id, ok := e.(*ast.Ident)
				if !ok {
					return false
				}
				objs = append(objs, info.ObjectOf(id))
			}
			if lhs != nil && !slices.Equal(lhs, objs) {
				return false
			}
			lhs = objs
			if ast.Unparen(as.Rhs[0]) == call {
				found = as
			}
			return true
		}
		return false
	}
	if st.Init != nil || st.Else == nil || !branch(st.Body) || !branch(st.Else) {
		return nil
	}
	return found
}

// carriesResponse reports whether fn, a function that retries by calling
// itself, is handed a response: the previous attempt's, on which it
// decides whether to send again.
func (c *checker) carriesResponse(fn ast.Node) bool {
	ft, _ := flow.FuncParts(fn)
	if ft == nil || ft.Params == nil {
		return false
	}
	for _, f := range ft.Params.List {
		if httpmodel.IsResponse(c.pass.TypesInfo.TypeOf(f.Type)) {
			return true
		}
	}
	return false
}

// resentThroughParam decides a retry by recursion that hands each call
// the response of the last attempt (see checkAnyMethod): the send's
// outcome reaches a self-call (c.retried, the statuses after which it
// does), and the call, its response parameter holding that answer,
// reaches the send again only as its own test of that parameter decides
// (kiota's retryRequest: if isRetriableErrorCode(resp.StatusCode) && ...
// { response, err := pipeline.Next(req); return retryRequest(...,
// response, ...) }). It keeps in c.retried the statuses that pass both,
// and names the first; a transport error, handed on as no response, is
// not judged. It returns that response parameter too. False when none
// passes, or when the self-calls do not hand the send's response to one
// response parameter.
func (c *checker) resentThroughParam(l *retryloop.Loop, s send) (string, *types.Var, bool) {
	info := c.pass.TypesInfo
	var sig *types.Signature
	switch fn := l.Func.(type) {
	case *ast.FuncDecl:
		if obj, ok := info.Defs[fn.Name].(*types.Func); ok {
			sig, _ = obj.Type().(*types.Signature)
		}
	case *ast.FuncLit:
		sig, _ = info.TypeOf(fn).(*types.Signature)
	}
	as, _ := c.sendAssign(l, s)
	g := c.loops.Graph(l.Func)
	if sig == nil || as == nil || g == nil || len(c.retried) == 0 {
		return "", nil, false
	}
	sent := identObj(info, sentResponse(info, as))
	param := -1
	for i := range sig.Params().Len() {
		if httpmodel.IsResponse(sig.Params().At(i).Type()) {
			if param >= 0 {
				return "", nil, false
			}
			param = i
		}
	}
	if param < 0 || sent == nil {
		return "", nil, false
	}
	for _, call := range l.Self {
		_, args := httpmodel.Receiver(info, call)
		if len(args) != sig.Params().Len() || identObj(info, args[param]) != sent {
			return "", nil, false
		}
	}
	// The walk from the entry does not visit: the variables the body
	// defines before the send from the response (code :=
	// resp.StatusCode, throttled := code == 429) are learnt first,
	// once: what they hold does not depend on the status walked.
	_, body := flow.FuncParts(l.Func)
	m := &outcome{c: c, info: info, errKnown: true, statusVars: map[*types.Var]bool{}, resp: sig.Params().At(param)}
	ast.Inspect(body, func(n ast.Node) bool {
		if _, lit := n.(*ast.FuncLit); lit || n == nil || n.Pos() >= s.call.Pos() {
			return false
		}
		if as, ok := n.(*ast.AssignStmt); ok {
			m.Visit(as)
		}
		return true
	})
	resent := func(st int) bool {
		m.env = outcomeEnv{status: st}
		return g.Reaches(s.call, m)
	}
	if resent(http.StatusOK) {
		// A test the model cannot read (last := resp; an answer kept
		// in a struct): every status would seem to be re-sent.
		return "", nil, false
	}
	var kept []int
	for _, st := range c.retried {
		if resent(st) {
			kept = append(kept, st)
		}
	}
	c.retried = kept
	if len(kept) == 0 {
		return "", nil, false
	}
	return fmt.Sprintf("status %d", kept[0]), sig.Params().At(param), true
}

// entryGuard reports the retry by recursion l, which re-sends s after
// the unknown statuses in c.retried (see resentThroughParam), with a fix
// that decides where the recursion does, at the top of the function, on
// the response it is handed: one that may not be replayed is handed back
// after such a status as the function hands back an answer it does not
// retry (return resp, nil). A guard after the send would miss the first
// attempt, which the recursion's caller makes. It reports whether it did.
func (c *checker) entryGuard(file *ast.File, l *retryloop.Loop, s send, outcome string, resp *types.Var) bool {
	info := c.pass.TypesInfo
	_, body := flow.FuncParts(l.Func)
	src := fixes.Source(c.pass, s.call.Pos())
	reqVar, _ := identObj(info, sameRequest(info, s.request)).(*types.Var)
	if body == nil || len(body.List) == 0 || src == nil || s.raw != "" || reqVar == nil || !c.paramOf(l.Func, reqVar) || !rebuiltFromItself(info, body, reqVar) {
		analysisutil.Gate(c.pass, s.call.Pos(), "any-recursion-nofix", "a request of any method re-sent by a recursion after "+outcome+", the request it sends is not its parameter")
		return false
	}
	code := c.retriedCheck(file, s, resp.Name())
	// A return that hands back the response as it came, its other
	// results literals, nil, or constants that their names mean at the
	// top of the function too.
	top := body.List[0].Pos()
	scope := c.pass.Pkg.Scope().Innermost(top)
	ret := c.returnText(body, src, func(r *ast.ReturnStmt) bool {
		if scope == nil || !slices.ContainsFunc(r.Results, func(e ast.Expr) bool { return identObj(info, e) == resp }) {
			return false
		}
		for _, e := range r.Results {
			if identObj(info, e) == resp {
				continue
			}
			if tv, ok := info.Types[e]; !ok || tv.Value == nil && !tv.IsNil() {
				return false
			}
			if id, isIdent := ast.Unparen(e).(*ast.Ident); isIdent && !meansAt(info, scope, id, top) {
				return false
			}
		}
		return true
	})
	if code == "" || ret == "" {
		analysisutil.Gate(c.pass, s.call.Pos(), "any-recursion-nofix", "a request of any method re-sent by a recursion after "+outcome+", no return hands back the response it is given")
		return false
	}
	indent := fixes.Indent(c.pass.Fset, src, body.List[0].Pos())
	at := fixes.LineEnd(c.pass.Fset, src, body.Lbrace)
	guard := fmt.Sprintf("\n%[1]sif %[2]s != nil && !%[3]s(%[4]s) && %[5]s {\n%[1]s\t%[6]s\n%[1]s}", indent, resp.Name(), helperMark, reqVar.Name(), code, ret)
	return c.addAnyFinding(file, s, outcome, []analysis.TextEdit{{Pos: at, End: at, NewText: []byte(guard)}})
}

// rebuiltFromItself reports whether every assignment of v in body gives
// it a copy of itself (req = req.WithContext(ctx), req = req.Clone(ctx),
// see httpmodel.CopiedRequest), which keeps its method and headers: a
// test of v at the top of the body tests what the body sends.
func rebuiltFromItself(info *types.Info, body *ast.BlockStmt, v *types.Var) bool {
	vals, ok := flow.Assigned(info, body, v)
	for _, e := range vals {
		ok = ok && identObj(info, httpmodel.CopiedRequest(info, e)) == v
	}
	return ok
}

// checkClosureAny reports a retrying sender whose send is in a local
// closure that the loop l calls (op is the closure's body as an
// operation): the closure hands the send's failure back as its error, and
// the loop starts another attempt on it. It reports whether it did.
//
// No guard fits: the closure's return only ends the attempt, and the
// request it builds cannot be named in the loop. The fix makes the
// re-sends safe instead, as a sender that keys what it re-sends does: a
// key made once before the loop, set on the request of every attempt when
// its method is POST or PATCH and it carries no key of its own.
func (c *checker) checkClosureAny(file *ast.File, l, op *retryloop.Loop, s send) bool {
	info := c.pass.TypesInfo
	pass := c.pass
	outcome, ok := c.retriesUnknownOp(op, s, true)
	if !ok {
		analysisutil.Gate(pass, s.call.Pos(), "closure-any-outcome-"+c.why, "a request of any method in a closure retried by a loop, no unknown outcome found retried")
		return false
	}
	if c.checksMethod(l, s) {
		analysisutil.Gate(pass, s.call.Pos(), "closure-any-guarded", "a request of any method in a closure retried by a loop, in a function that checks a method or key somewhere")
		return false
	}
	if c.callersGuard(l.Func, s.request) {
		analysisutil.Gate(pass, s.call.Pos(), "closure-any-callers-guard", "a request of any method in a closure retried by a loop, handed by callers that check its method")
		return false
	}
	req := ast.Unparen(sameRequest(info, s.request))
	if req == nil || s.raw != "" || !fixes.Pure(info, req) {
		analysisutil.Gate(pass, s.call.Pos(), "closure-any-nofix", "a request of any method in a closure retried by a loop, the request cannot be named again")
		return false
	}
	stmt := fixes.StmtOf(op.Body, s.call)
	src := fixes.Source(pass, s.call.Pos())
	if stmt == nil || src == nil {
		return false
	}
	before, loopIndent, ok := l.Before(pass.Fset, src)
	if !ok {
		return false
	}
	key := fixes.FreeName(info, file, "idempotencyKey", nil, l.Outer.Pos(), stmt.Pos())
	gen, edits, ok := c.keyGen(file, l.Outer.Pos(), key, loopIndent)
	if !ok {
		return false
	}
	httpName, httpEdits, ok := fixes.Import(info, pass.Pkg, file, "net/http", stmt.Pos())
	if !ok {
		return false
	}
	edits = fixes.Coalesce(append(edits, httpEdits...))
	indent := fixes.Indent(pass.Fset, src, stmt.Pos())
	reqText := fixes.Text(pass.Fset, src, req)
	set := fmt.Sprintf("%[1]s// The loop re-sends this request: one key for all its attempts.\n%[1]sif (%[2]s.Method == %[3]s.MethodPost || %[2]s.Method == %[3]s.MethodPatch) && %[2]s.Header.Get(%[4]q) == \"\" {\n%[1]s\t%[2]s.Header.Set(%[4]q, %[5]s)\n%[1]s}\n",
		indent, reqText, httpName, c.first, key)
	tf := pass.Fset.File(stmt.Pos())
	at := tf.LineStart(tf.Line(commentsAbove(pass.Fset, file, stmt)))
	edits = append(edits,
		analysis.TextEdit{Pos: before, End: before, NewText: []byte(gen)},
		analysis.TextEdit{Pos: at, End: at, NewText: []byte(set)})
	pass.Report(analysis.Diagnostic{
		Pos: s.call.Pos(),
		End: s.call.End(),
		Message: fmt.Sprintf("a request of any method is re-sent after %s without a check of its method or an %s header (a POST or PATCH may be applied twice)",
			outcome, c.first),
		SuggestedFixes: []analysis.SuggestedFix{{
			Message:   "Set an " + c.first + " made once for all attempts on a POST or PATCH",
			TextEdits: edits,
		}},
	})
	return true
}

// passedBy returns the test of guardsWhere that tells a comparison of the
// method that cannot stop a re-send of the send s of loop l: one in the
// loop before the send, the condition of an if or a switch none of whose
// branches leaves the loop (a HEAD that picks another path, a scope that
// a write asks for). A comparison after the send, outside the loop, or
// whose branch leaves the loop may decide on the re-send.
func (c *checker) passedBy(l *retryloop.Loop, s send) func(n ast.Node, stack []ast.Node) bool {
	info := c.pass.TypesInfo
	if l.Stmt == nil || len(l.Self) > 0 || len(l.Requeue) > 0 {
		return nil // a retry by recursion or requeue: no loop body to place a check in
	}
	return func(n ast.Node, stack []ast.Node) bool {
		if v := testedInto(info, n, stack); v != nil {
			// A test kept in a variable (considerSecondary := m == GET
			// && secondary != "") that only picks a path inside the
			// loop: it cannot stop the re-send.
			return onlySteers(info, l, s.call.Pos(), v, 0)
		}
		if n.Pos() < l.Stmt.Pos() || l.Stmt.End() < n.End() || n.Pos() >= s.call.Pos() {
			return false
		}
		for i := len(stack) - 1; i >= 0; i-- {
			var branches ast.Node
			switch st := stack[i].(type) {
			case *ast.IfStmt:
				if st.Cond.Pos() > n.Pos() || n.End() > st.Cond.End() {
					return false
				}
				branches = st
			case *ast.SwitchStmt:
				if st.Tag == nil || st.Tag.Pos() > n.Pos() || n.End() > st.Tag.End() {
					return false
				}
				branches = st
			case *ast.CaseClause:
				if i == 0 || len(st.List) == 0 || n.Pos() < st.List[0].Pos() || st.List[len(st.List)-1].End() < n.End() {
					return false
				}
				branches = stack[i-1]
			case ast.Stmt:
				return false // the comparison is not the condition of a branch
			}
			if branches != nil {
				// In a closure of the loop, a return or a branch ends
				// only the closure's call.
				inLit := slices.ContainsFunc(stack[:i], func(s ast.Node) bool {
					lit, ok := s.(*ast.FuncLit)
					return ok && lit != l.Func && l.Stmt.Pos() <= lit.Pos()
				})
				return !leavesLoop(info, branches, l.Func, inLit)
			}
		}
		return false
	}
}

// testedInto returns the local variable that the test n (under stack) is
// assigned to, through parentheses, ! and boolean operators only; nil for
// a test used otherwise.
func testedInto(info *types.Info, n ast.Node, stack []ast.Node) *types.Var {
	var cur ast.Node = n
	for i := len(stack) - 1; i >= 0; i-- {
		switch p := stack[i].(type) {
		case *ast.ParenExpr, *ast.UnaryExpr:
		case *ast.BinaryExpr:
			switch p.Op {
			case token.LAND, token.LOR, token.EQL, token.NEQ:
			default:
				return nil
			}
		case *ast.AssignStmt:
			if len(p.Lhs) != 1 || len(p.Rhs) != 1 || p.Rhs[0] != cur {
				return nil
			}
			v := flow.VarOf(info, p.Lhs[0])
			if v == nil || v.IsField() || v.Parent() == v.Pkg().Scope() {
				return nil
			}
			return v
		default:
			return nil
		}
		cur = stack[i]
	}
	return nil
}

// onlySteers reports whether every read of the boolean variable v in the
// function of l is, inside the loop and before the send at send, the
// condition of a branch that does not leave the loop, or is kept in
// another variable that only steers (tryingPrimary := !considerSecondary
// || try%2 == 1; if tryingPrimary {...}). A read anywhere else may change
// how often the loop runs (if !idempotent { attempts = 1 }) and steers
// more than a path.
func onlySteers(info *types.Info, l *retryloop.Loop, send token.Pos, v *types.Var, depth int) bool {
	if depth > 3 {
		return false
	}
	ok := true
	ast.PreorderStack(l.Func, nil, func(n ast.Node, stack []ast.Node) bool {
		id, isID := n.(*ast.Ident)
		if !ok || !isID || info.Uses[id] != v {
			return ok
		}
		var cur ast.Node = id
		if id.Pos() < l.Stmt.Pos() || l.Stmt.End() < id.End() || id.Pos() >= send {
			if as, isAssign := stack[len(stack)-1].(*ast.AssignStmt); !isAssign || !slices.Contains(as.Lhs, ast.Expr(id)) {
				ok = false // a read outside the part of the loop before the send
				return false
			}
		}
		for i := len(stack) - 1; i >= 0; i-- {
			switch p := stack[i].(type) {
			case *ast.ParenExpr, *ast.UnaryExpr, *ast.BinaryExpr:
				cur = p
				continue
			case *ast.AssignStmt:
				if slices.Contains(p.Lhs, ast.Expr(id)) {
					return true // a store to v, not a read
				}
				if w := testedInto(info, id, stack); w != nil && w != v {
					ok = onlySteers(info, l, send, w, depth+1)
					return ok
				}
			case *ast.IfStmt:
				if p.Cond == cur {
					inLit := slices.ContainsFunc(stack[:i], func(s ast.Node) bool {
						lit, isLit := s.(*ast.FuncLit)
						return isLit && lit != l.Func
					})
					ok = !leavesLoop(info, p, l.Func, inLit)
					return ok
				}
			}
			ok = false
			return false
		}
		ok = false
		return false
	})
	return ok
}

// leavesLoop reports whether n holds a return of the function fn (not of
// a literal inside it), a break or goto, or a call that never returns;
// for n inside a closure of the loop (inLit), only such a call.
func leavesLoop(info *types.Info, n ast.Node, fn ast.Node, inLit bool) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		switch m := m.(type) {
		case *ast.FuncLit:
			return m == fn
		case *ast.ReturnStmt:
			found = !inLit
		case *ast.BranchStmt:
			found = !inLit && (m.Tok == token.BREAK || m.Tok == token.GOTO)
		case *ast.CallExpr:
			found = httpmodel.NoReturn(info, m)
		}
		return !found
	})
	return found
}

// commentsAbove returns where the comment lines right above st begin (a
// directive such as //nolint or //#nosec that belongs to it), or st's
// position.
func commentsAbove(fset *token.FileSet, file *ast.File, st ast.Stmt) token.Pos {
	pos := st.Pos()
	for changed := true; changed; {
		changed = false
		line := fset.Position(pos).Line
		for _, cg := range file.Comments {
			if cg.End() < pos && fset.Position(cg.End()).Line == line-1 && fset.Position(cg.Pos()).Column == fset.Position(pos).Column {
				pos, changed = cg.Pos(), true
			}
		}
	}
	return pos
}

// keyedField reports whether req is a field of a struct (cfg.Request)
// that every store of the package fills with a request on which the
// storing function sets an idempotency key header (a generated SDK's
// request config: NewRequestConfig sets Idempotency-Key once, for every
// method but GET, and each attempt sends a clone of cfg.Request): the
// request re-sent carries a key made once, before the first attempt.
func (c *checker) keyedField(req ast.Expr) bool {
	info := c.pass.TypesInfo
	sel, ok := ast.Unparen(req).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	selection, ok := info.Selections[sel]
	if !ok || selection.Kind() != types.FieldVal {
		return false
	}
	field := selection.Obj().(*types.Var)
	if c.keyedFields == nil {
		c.keyedFields = map[*types.Var]bool{}
	}
	if r, ok := c.keyedFields[field]; ok {
		return r
	}
	stores, all := 0, true
	store := func(fn ast.Node, val ast.Expr) {
		stores++
		id, ok := ast.Unparen(val).(*ast.Ident)
		v, isVar := info.Uses[id].(*types.Var)
		if !ok || !isVar || fn == nil || !c.setsKeyOn(fn, v) {
			all = false
		}
	}
	for _, file := range c.pass.Files {
		var fn ast.Node // the function declaration around the store
		ast.Inspect(file, func(n ast.Node) bool {
			if !all {
				return false
			}
			switch n := n.(type) {
			case *ast.FuncDecl:
				fn = n
			case *ast.CompositeLit:
				for _, elt := range n.Elts {
					if kv, ok := elt.(*ast.KeyValueExpr); ok {
						if k, ok := kv.Key.(*ast.Ident); ok && info.Uses[k] == types.Object(field) {
							store(fn, kv.Value)
						}
					}
				}
			case *ast.AssignStmt:
				for i, lhs := range n.Lhs {
					if ls, ok := ast.Unparen(lhs).(*ast.SelectorExpr); ok && info.Uses[ls.Sel] == types.Object(field) {
						if len(n.Lhs) != len(n.Rhs) {
							all = false
						} else {
							store(fn, n.Rhs[i])
						}
					}
				}
			}
			return true
		})
	}
	r := stores > 0 && all
	c.keyedFields[field] = r
	return r
}

// requestOrigin returns the request that req, a request sent in fn, is
// made from: through a local variable assigned once (req :=
// cfg.Request.Clone(ctx)) and the copies sameRequest sees through.
func (c *checker) requestOrigin(fn ast.Node, req ast.Expr) ast.Expr {
	info := c.pass.TypesInfo
	for range 4 {
		req = sameRequest(info, req)
		id, ok := ast.Unparen(req).(*ast.Ident)
		if !ok {
			return req
		}
		v, ok := info.Uses[id].(*types.Var)
		if !ok || v.Kind() != types.LocalVar {
			return req
		}
		vals, known := flow.Assigned(info, fn, v)
		if !known || len(vals) != 1 {
			return req
		}
		req = vals[0]
	}
	return req
}

// setsKeyOn reports whether fn sets an idempotency key header on the
// request v (v.Header.Set("Idempotency-Key", ...), v.Header[...] = ...).
func (c *checker) setsKeyOn(fn ast.Node, v *types.Var) bool {
	info := c.pass.TypesInfo
	return c.setsKeyWhere(fn, func(h ast.Expr) bool {
		hs, ok := ast.Unparen(h).(*ast.SelectorExpr)
		if !ok || hs.Sel.Name != "Header" {
			return false
		}
		id, ok := ast.Unparen(hs.X).(*ast.Ident)
		return ok && info.Uses[id] == types.Object(v)
	})
}

// freshKeyAny reports a retrying sender that sets an idempotency key on
// the request it re-sends, inside the loop, from a value made anew for
// each attempt (req.Header.Set("Idempotency-Key", "sdk-"+uuid())): the
// key it sets counts as the check net/http's Transport makes, but a new
// key on each attempt defeats the server's deduplication. The fix makes
// the key once, before the loop, as for a write's fresh key.
func (c *checker) freshKeyAny(file *ast.File, l *retryloop.Loop, s send, outcome string) bool {
	info := c.pass.TypesInfo
	id, ok := ast.Unparen(s.request).(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok {
		return false
	}
	keyed, _ := c.keyValue(l.Func, v)
	if keyed == nil || keyed.Pos() < l.Body.Pos() || keyed.End() > l.Body.End() {
		return false
	}
	within := func(n ast.Node) bool { return l.Body.Pos() <= n.Pos() && n.End() <= l.Body.End() }
	if c.freshFlow(l.Func, within).Expr(keyed)&flow.Source == 0 {
		return false
	}
	s.method = "a request of any method"
	return c.reportFresh(file, l, s, keyed, outcome)
}

// anyOpOnce is checkAnyMethodOp's report when the function around the
// retry library's call does not return what the send does (it wraps the
// response, decodes it): the guard then keeps a request that may not be
// replayed to one attempt through the library's own setting
// (retrylib.Library.OnceBackOff, OnceOption), made before the call,
// and every other request is retried as before:
//
//	retryBackOff := backoff.BackOff(b)
//	if !replayable(req) {
//		retryBackOff = &backoff.StopBackOff{}
//	}
//	err = backoff.Retry(op, retryBackOff)
//
//	retryOpts := []backoff.RetryOption{backoff.WithMaxTries(3)}
//	if !replayable(req) {
//		retryOpts = append(retryOpts, backoff.WithMaxTries(1))
//	}
//	return backoff.Retry(ctx, op, retryOpts...)
//
// The library's call must be what its statement evaluates first, and
// the arguments before the one replaced have no effects, so that taking
// it out of the call changes no order.
func (c *checker) anyOpOnce(file *ast.File, decl ast.Decl, l *retryloop.Loop, s send, outcome string) bool {
	info := c.pass.TypesInfo
	e := l.Lib
	lib := e.Lib
	sel, ok := ast.Unparen(e.Call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	pkgID, ok := ast.Unparen(sel.X).(*ast.Ident)
	if !ok {
		return false
	}
	if _, isPkg := info.Uses[pkgID].(*types.PkgName); !isPkg {
		return false
	}
	stmt := fixes.StmtOf(file, e.Call)
	if stmt == nil || !sendsFirst(stmt, e.Call) {
		analysisutil.Gate(c.pass, s.call.Pos(), "anyop-once-stmt", "a request of any method re-sent by "+lib.Name+", in a statement its call cannot be prepared before")
		return false
	}
	at := stmt.Pos()
	// What the guard tests: the request the operation sends, when it is
	// in scope before the call; or the caller's method it is built with.
	var cond string
	src := fixes.Source(c.pass, stmt.Pos())
	if src == nil {
		return false
	}
	// The function around the library's call: the declaration, or the
	// literal in it that holds the call.
	var outerFn ast.Node
	if fd, ok := decl.(*ast.FuncDecl); ok {
		outerFn = fd
		if lit := innermostLit(fd, stmt); lit != nil {
			outerFn = lit
		}
	}
	var edits []analysis.TextEdit
	switch {
	case s.request != nil && accessor(info, s.request) && fixes.VisibleAt(info, file, s.request, at):
		cond = "!" + helperMark + "(" + fixes.Text(c.pass.Fset, src, s.request) + s.raw + ")"
	case s.methodArg != nil && s.methodField == "" && outerFn != nil && c.callersMethod(outerFn, s.methodArg) && fixes.VisibleAt(info, file, s.methodArg, at):
		httpName, imp, ok := fixes.Import(info, c.pass.Pkg, file, "net/http", at)
		if !ok {
			return false
		}
		edits = append(edits, imp...)
		cond = writeMethodCond(fixes.Text(c.pass.Fset, src, s.methodArg), httpName)
	case outerFn != nil && c.builtWithMethod(l.Func, s.request) != nil:
		m := c.builtWithMethod(l.Func, s.request)
		if !c.callersMethod(outerFn, m) || !fixes.VisibleAt(info, file, m, at) || !fixes.Pure(info, m) {
			analysisutil.Gate(c.pass, s.call.Pos(), "anyop-once-method", "a request of any method re-sent by "+lib.Name+", built with a method that is not the caller's")
			return false
		}
		httpName, imp, ok := fixes.Import(info, c.pass.Pkg, file, "net/http", at)
		if !ok {
			return false
		}
		edits = append(edits, imp...)
		cond = writeMethodCond(fixes.Text(c.pass.Fset, src, m), httpName)
	default:
		analysisutil.Gate(c.pass, s.call.Pos(), "anyop-once-request", "a request of any method re-sent by "+lib.Name+", the request or its method cannot be named before the call")
		return false
	}
	pure := func(args []ast.Expr) bool {
		for _, a := range args {
			if _, lit := ast.Unparen(a).(*ast.FuncLit); !lit && !fixes.Pure(info, a) {
				return false
			}
		}
		return true
	}
	indent := fixes.Indent(c.pass.Fset, src, at)
	var text string
	pkg := pkgID.Name
	comment := "// A request that may not be replayed is tried once."
	switch {
	case lib.OnceBackOff != "" && e.BackOff != nil:
		i := slices.Index(e.Call.Args, e.BackOff)
		if i < 0 || !pure(e.Call.Args[:i]) {
			return false
		}
		name := fixes.FreeName(info, file, "retryBackOff", nil, at)
		b := fixes.Text(c.pass.Fset, src, e.BackOff)
		init := b
		if retrylib.IsBackoffClassic(lib.Path) {
			init = pkg + ".BackOff(" + b + ")"
		}
		text = fmt.Sprintf("%[1]s := %[2]s\nif %[3]s {\n\t%[4]s\n\t%[1]s = %[5]s\n}",
			name, init, cond, comment, fmt.Sprintf(lib.OnceBackOff, pkg, name))
		edits = append(edits, analysis.TextEdit{Pos: e.BackOff.Pos(), End: e.BackOff.End(), NewText: []byte(name)})
	case lib.OnceOption != "" && e.OptionsKnown && e.Defaults == nil && e.Call.Ellipsis == token.NoPos:
		first := len(e.Call.Args) - len(e.Options)
		if first < 0 || !pure(e.Call.Args[:first]) {
			return false
		}
		name := fixes.FreeName(info, file, "retryOpts", nil, at)
		var opts []string
		for _, o := range e.Options {
			opts = append(opts, fixes.Text(c.pass.Fset, src, o))
		}
		text = fmt.Sprintf("%[1]s := []%[2]s.%[3]s{%[4]s}\nif %[5]s {\n\t%[6]s\n\t%[1]s = append(%[1]s, %[7]s)\n}",
			name, pkg, lib.OptionType, strings.Join(opts, ", "), cond, comment, fmt.Sprintf(lib.OnceOption, pkg))
		if len(e.Options) > 0 {
			edits = append(edits, analysis.TextEdit{Pos: e.Options[0].Pos(), End: e.Options[len(e.Options)-1].End(), NewText: []byte(name + "...")})
		} else {
			last := e.Call.Args[len(e.Call.Args)-1]
			edits = append(edits, analysis.TextEdit{Pos: last.End(), End: last.End(), NewText: []byte(", " + name + "...")})
		}
	default:
		analysisutil.Gate(c.pass, s.call.Pos(), "anyop-once-lib", "a request of any method re-sent by "+lib.Name+", which has no setting for one attempt that a fix can write here")
		return false
	}
	// Options copied into a composite literal are spaced as gofmt spaces
	// them there (100 * time.Millisecond).
	const mark = "replayableHelperMark"
	text, ok = fixes.FormatStmts(strings.ReplaceAll(text, helperMark, mark), indent)
	if !ok {
		return false
	}
	text = strings.ReplaceAll(text, mark, helperMark) + "\n" + indent
	edits = append(edits, analysis.TextEdit{Pos: at, End: at, NewText: []byte(text)})
	c.addOpFinding(file, decl, l, s, outcome, at, "Try a request that may not be replayed once ("+lib.Name+"'s own setting), without retries", edits)
	return true
}

// builtWithMethod returns the method expression that the request req, sent
// in fn, is built with, when every value fn gives it is built (by
// http.NewRequest or a builder of the package with a method fact) with
// that one expression, or is req itself again with another context:
// req, _ := c.newRequest(ctx, method, url); req = req.WithContext(t).
func (c *checker) builtWithMethod(fn ast.Node, req ast.Expr) ast.Expr {
	info := c.pass.TypesInfo
	id, ok := ast.Unparen(sameRequest(info, req)).(*ast.Ident)
	if req == nil || !ok {
		return nil
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok || v.Kind() != types.LocalVar {
		return nil
	}
	vals, known := flow.Assigned(info, fn, v)
	if !known {
		return nil
	}
	var method ast.Expr
	for _, val := range vals {
		val = sameRequest(info, val)
		if x, ok := ast.Unparen(val).(*ast.Ident); ok && info.Uses[x] == v {
			continue // req = req.WithContext(ctx)
		}
		call, ok := ast.Unparen(val).(*ast.CallExpr)
		if !ok {
			return nil
		}
		var m ast.Expr
		if _, _, isNew := httpmodel.NewRequestMethod(info, call); isNew {
			m = methodArg(info, call)
		} else if f := c.lookupMethod(httpmodel.Callee(info, call)); f != nil && f.Const == "" && !f.Recv && f.Field == "" {
			m, _ = f.from(info, call)
		}
		if m == nil || method != nil && varOf(info, m) != varOf(info, method) || varOf(info, m) == nil {
			return nil
		}
		method = m
	}
	return method
}

// writeMethodCond is the condition of a fix's guard that the method
// expression m (text) is a write, POST or PATCH; httpName is the name of
// net/http in the file.
func writeMethodCond(m, httpName string) string {
	return fmt.Sprintf("%[1]s == %[2]s.MethodPost || %[1]s == %[2]s.MethodPatch", m, httpName)
}
