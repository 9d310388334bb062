package retrydeadline

// This file models the http.Client whose Timeout bounds each attempt of
// a retry loop: a client made with a Timeout in its literal, or made
// (by a literal or a constructor's call) and then given one by an
// assignment to its Timeout field, in the loop's function, in a
// package-level variable, or in a struct field that every store of the
// package fills with such a client.

import (
	"go/ast"
	"go/constant"
	"go/parser"
	"go/token"
	"go/types"
	"time"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/callindex"
	"github.com/retrylint/retrylint/internal/fixes"
	"github.com/retrylint/retrylint/internal/flow"
	"github.com/retrylint/retrylint/internal/httpmodel"
	"github.com/retrylint/retrylint/internal/retryloop"
)

// storedTimeout says whether a client holds a Timeout (ok) and whether it
// may hold none on some paths (cond: the Timeout is assigned under a
// condition, if cfg.Timeout > 0 { hc.Timeout = cfg.Timeout }), so that a
// deadline sized from it is made only when it is positive.
type storedTimeout struct {
	ok, cond bool
	// nanos is the Timeout when every store sets the same constant, 0
	// otherwise.
	nanos int64
}

// missingIn returns what s holds when some of the stores it was joined
// from may hold no client with a Timeout (without): conditional.
func (s storedTimeout) missingIn(without bool) storedTimeout {
	s.cond = s.ok && (s.cond || without)
	return s
}

// join returns what a client holds that holds either s or t.
func (s storedTimeout) join(t storedTimeout) storedTimeout {
	switch {
	case !s.ok:
		return t
	case !t.ok:
		return s
	}
	n := s.nanos
	if n != t.nanos {
		n = 0
	}
	return storedTimeout{ok: true, cond: s.cond || t.cond, nanos: n}
}

// clientTimeout returns the Timeout of the client that send goes through,
// when the client is a variable of the loop's function (or of the package)
// that holds a client with a Timeout (see storedTimeout), or a struct
// field that every store of the package fills with such a client (the
// client a constructor builds): the Timeout of the literal, or the
// expression client.Timeout read where the loop is. guard reports that the
// Timeout may be unset (see storedTimeout).
func (c *checker) clientTimeout(l *retryloop.Loop, send *ast.CallExpr) (per ast.Expr, guard bool) {
	per, st := c.clientTimeoutIn(l.Func, send)
	return per, st.cond
}

// embeddedClient returns, for sel, a method of net/http's Client
// promoted through one embedded field of a struct (rs.Do with rs's type
// embedding *http.Client), that field; nil otherwise.
func embeddedClient(info *types.Info, sel *ast.SelectorExpr) *types.Var {
	s, ok := info.Selections[sel]
	if !ok || s.Kind() != types.MethodVal || len(s.Index()) != 2 {
		return nil
	}
	fn, _ := s.Obj().(*types.Func)
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "net/http" {
		return nil
	}
	st := analysisutil.StructOf(s.Recv())
	if st == nil || s.Index()[0] >= st.NumFields() {
		return nil
	}
	f := st.Field(s.Index()[0])
	if !f.Embedded() || !httpmodel.IsNamed(f.Type(), "net/http", "Client") {
		return nil
	}
	return f
}

// clientTimeoutIn is clientTimeout for a send of the function fn, with
// what the client holds (see storedTimeout).
func (c *checker) clientTimeoutIn(fn ast.Node, send *ast.CallExpr) (per ast.Expr, st storedTimeout) {
	info := c.pass.TypesInfo
	sel, ok := ast.Unparen(send.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil, storedTimeout{}
	}
	timeoutOf := func(x ast.Expr) ast.Expr {
		return &ast.SelectorExpr{X: x, Sel: &ast.Ident{Name: "Timeout", NamePos: x.End()}}
	}
	if f := embeddedClient(info, sel); f != nil && fixes.Pure(info, sel.X) {
		// rs.Do(req), Do promoted from the *http.Client that rs's
		// struct embeds: the client is that field (rs.Client).
		if st := c.fieldTimeout(f); st.ok && !types.IsInterface(f.Type()) {
			field := &ast.SelectorExpr{X: sel.X, Sel: &ast.Ident{Name: f.Name(), NamePos: sel.X.End()}}
			return timeoutOf(field), st
		}
		return nil, storedTimeout{}
	}
	if fsel, ok := ast.Unparen(sel.X).(*ast.SelectorExpr); ok {
		// A client variable of another package (httpx.DefaultClient).
		if pkgID, ok := ast.Unparen(fsel.X).(*ast.Ident); ok {
			if _, isPkg := info.Uses[pkgID].(*types.PkgName); isPkg {
				if v, ok := info.Uses[fsel.Sel].(*types.Var); ok {
					f := new(clientVarFact)
					if c.pass.ImportObjectFact(v, f) {
						return timeoutOf(fsel), storedTimeout{ok: true, cond: f.Cond, nanos: f.Nanos}
					}
				}
				return nil, storedTimeout{}
			}
		}
		if s, ok := info.Selections[fsel]; ok && s.Kind() == types.FieldVal && fixes.Pure(info, fsel) {
			if st := c.fieldTimeout(s.Obj().(*types.Var)); st.ok {
				if types.IsInterface(s.Obj().Type()) {
					// A Doer field the package stores clients in: it
					// has no Timeout to read, only the constant one
					// every client stored there has (when another
					// implementation may be stored, a budget sized
					// from it could cut one with no timeout).
					if d := c.constTimeout(send.Pos(), st.nanos); d != nil && !st.cond {
						return d, st
					}
					return nil, storedTimeout{}
				}
				return timeoutOf(fsel), st
			}
		}
		return nil, storedTimeout{}
	}
	if call, ok := ast.Unparen(sel.X).(*ast.CallExpr); ok {
		// sharedClient().Get(url), newHTTPClient().Do(req): the client
		// a getter or a constructor without arguments returns.
		if len(call.Args) == 0 && (fixes.Pure(info, call.Fun) || isGetter(info, call.Fun)) {
			if st := c.clientValueTimeout(nil, call); st.ok {
				// The budget is sized from the constant Timeout every
				// client it returns has: reading the getter's variable
				// before the loop could find it nil (its sync.Once not
				// run yet), and calling a constructor once more only
				// for it reads badly.
				if d := c.constTimeout(call.Pos(), st.nanos); d != nil {
					return d, st
				}
			}
		}
		return nil, storedTimeout{}
	}
	id, ok := ast.Unparen(sel.X).(*ast.Ident)
	if !ok {
		return nil, storedTimeout{}
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok {
		return nil, storedTimeout{}
	}
	var (
		values []ast.Expr
		scopes []ast.Node
	)
	known := true
	if v.Parent() == v.Pkg().Scope() {
		for _, file := range c.pass.Files {
			vals, ok := flow.Assigned(info, file, v)
			values, known = append(values, vals...), known && ok
			scopes = append(scopes, file)
		}
	} else {
		values, known = flow.Assigned(info, fn, v)
		scopes = []ast.Node{fn}
	}
	if known && len(values) > 1 && v.Parent() != v.Pkg().Scope() {
		// The caller's client or a default with a Timeout (hc :=
		// cfg.HTTPClient; if hc == nil { hc = &http.Client{...} }).
		if st := c.clientValueTimeout(fn, id); st.ok {
			return timeoutOf(id), st
		}
	}
	if known && len(values) == 0 {
		// A client parameter the function never assigns: the clients its
		// callers hand it.
		if st := c.paramTimeout(fn, v); st.ok {
			return timeoutOf(id), st
		}
	}
	if !known || len(values) != 1 {
		return nil, storedTimeout{}
	}
	if t := clientLitTimeout(info, values[0]); t != nil {
		return t, c.literalTimeout(t)
	}
	if call, ok := ast.Unparen(values[0]).(*ast.CallExpr); ok {
		if st := c.clientValueTimeout(nil, call); st.ok {
			return timeoutOf(id), st
		}
	}
	if !isClientValue(info, values[0]) {
		return nil, storedTimeout{}
	}
	st = storedTimeout{}
	for _, scope := range scopes {
		st = st.join(c.timeoutAssigned(scope, v))
	}
	if !st.ok {
		return nil, storedTimeout{}
	}
	return timeoutOf(id), st
}

// isGetter reports whether fun is a method value on a pure receiver
// (a.Client), whose call the fix does not repeat.
func isGetter(info *types.Info, fun ast.Expr) bool {
	sel, ok := ast.Unparen(fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	s, ok := info.Selections[sel]
	return ok && s.Kind() == types.MethodVal && fixes.Pure(info, sel.X)
}

// paramTimeout reports whether some call of fn in the package hands its
// client parameter v a client with a Timeout (see clientValueTimeout), as
// fieldTimeout does for the stores of a field: conditional when another
// call hands it one without, or when those calls may not be all fn gets
// (see callindex.CallArgs: fn exported, used as a value, ...).
func (c *checker) paramTimeout(fn ast.Node, v *types.Var) storedTimeout {
	fd, ok := fn.(*ast.FuncDecl)
	if !ok {
		return storedTimeout{}
	}
	if r, ok := c.paramTimeouts[v]; ok {
		return r
	}
	if c.paramTimeouts == nil {
		c.paramTimeouts = map[*types.Var]storedTimeout{}
	}
	c.paramTimeouts[v] = storedTimeout{} // a parameter handed to itself, in a recursive call
	obj, _ := c.pass.TypesInfo.Defs[fd.Name].(*types.Func)
	var held storedTimeout
	// No calls when v is not obj's parameter; without a Timeout when a
	// caller outside the package, or a call not seen, may hand another.
	args, complete := c.index.CallArgs(obj, v)
	without := !complete
	for _, a := range args {
		if st := c.clientValueTimeout(a.Caller.Decl, a.Expr); st.ok {
			held = held.join(st)
		} else {
			without = true
		}
	}
	r := held.missingIn(without)
	c.paramTimeouts[v] = r
	return r
}

// literalTimeout is what a client literal holds whose Timeout is t: a
// Timeout that is not a constant (a duration from configuration) may be
// zero, no timeout at all, so a deadline sized from it is made only when
// it is positive.
func (c *checker) literalTimeout(t ast.Expr) storedTimeout {
	n, _ := c.constNanos(t)
	return storedTimeout{ok: true, cond: n == 0, nanos: n}
}

// clientLitTimeout returns the Timeout that e, an http.Client literal or
// its address, sets to a value that is not a constant <= 0; nil otherwise.
func clientLitTimeout(info *types.Info, e ast.Expr) ast.Expr {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	lit, ok := e.(*ast.CompositeLit)
	if !ok || !httpmodel.IsNamed(info.TypeOf(lit), "net/http", "Client") {
		return nil
	}
	for _, elt := range lit.Elts {
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			if k, ok := kv.Key.(*ast.Ident); ok && k.Name == "Timeout" {
				if tv := info.Types[kv.Value]; tv.Value != nil && constant.Sign(tv.Value) <= 0 {
					return nil // no timeout
				}
				return kv.Value
			}
		}
	}
	return nil
}

// isClientValue reports whether e makes a client of its own: an
// http.Client literal or its address, or a call that returns a
// *http.Client (a constructor such as cleanhttp.DefaultPooledClient()).
func isClientValue(info *types.Info, e ast.Expr) bool {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	switch e := e.(type) {
	case *ast.CompositeLit:
		return httpmodel.IsNamed(info.TypeOf(e), "net/http", "Client")
	case *ast.CallExpr:
		if tv, ok := info.Types[e.Fun]; ok && tv.IsType() {
			return false // a conversion
		}
		return isClientResult(info.TypeOf(e))
	}
	return false
}

// timeoutStore returns the client X of the i-th assignment of as when it
// is X.Timeout = d, an http.Client's, with d no constant <= 0 (a zero
// Timeout is none); nil otherwise.
func timeoutStore(info *types.Info, as *ast.AssignStmt, i int) ast.Expr {
	if len(as.Lhs) != len(as.Rhs) {
		return nil
	}
	sel, ok := ast.Unparen(as.Lhs[i]).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Timeout" || !httpmodel.IsNamed(info.TypeOf(sel.X), "net/http", "Client") {
		return nil
	}
	if tv := info.Types[as.Rhs[i]]; tv.Value != nil && constant.Sign(tv.Value) <= 0 {
		return nil
	}
	return sel.X
}

// timeoutAssigned reports whether scope assigns v.Timeout a value that is
// not a constant <= 0, and whether every such assignment is conditional
// (nested in an if, switch or select, or in a loop).
func (c *checker) timeoutAssigned(scope ast.Node, v *types.Var) storedTimeout {
	info := c.pass.TypesInfo
	var st storedTimeout
	uncond := false
	ast.PreorderStack(scope, nil, func(n ast.Node, stack []ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != len(as.Rhs) {
			return true
		}
		for i := range as.Lhs {
			id, ok := ast.Unparen(timeoutStore(info, as, i)).(*ast.Ident)
			if !ok || info.Uses[id] != types.Object(v) {
				continue
			}
			n, _ := c.constNanos(as.Rhs[i])
			st = st.join(storedTimeout{ok: true, nanos: n})
			nested := false
			for _, s := range stack {
				switch s.(type) {
				case *ast.IfStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt, *ast.ForStmt, *ast.RangeStmt:
					nested = true
				}
			}
			// A Timeout read from configuration may be zero: only a
			// constant one set on every path makes it unconditional.
			uncond = uncond || !nested && n > 0
		}
		return true
	})
	st.cond = st.ok && !uncond
	return st
}

// fieldTimeout reports whether field v of a type of this package is
// stored a client with a Timeout (see clientValueTimeout) by some store
// of the package (a composite literal's element or an assignment): an
// http.Client literal with one, a constructor's client, or a local
// variable assigned only such a client, or only a client its function
// gives a Timeout (hc := &http.Client{}; hc.Timeout = d). When another
// store holds no Timeout (a fake client for tests, a client an option
// replaces), the Timeout is conditional: the clients that hold one make
// each attempt's timeout, and a deadline sized from it is made only when
// it is positive.
func (c *checker) fieldTimeout(v *types.Var) storedTimeout {
	if c.fieldTimeouts == nil {
		c.fieldTimeouts = map[*types.Var]storedTimeout{}
	}
	if r, ok := c.fieldTimeouts[v]; ok {
		return r
	}
	c.fieldTimeouts[v] = storedTimeout{} // a field stored from itself
	info := c.pass.TypesInfo
	if v.Pkg() != c.pass.Pkg {
		c.fieldTimeouts[v] = storedTimeout{}
		return storedTimeout{}
	}
	var held storedTimeout
	without := false // a store of no client with a Timeout, or of an unknown one
	for _, file := range c.pass.Files {
		var fn ast.Node = file // the function of the store, for local variables
		check := func(e ast.Expr) {
			if st := c.clientValueTimeout(fn, e); st.ok {
				held = held.join(st)
				return
			}
			without = true
		}
		ast.Inspect(file, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncDecl:
				fn = n
			case *ast.KeyValueExpr:
				if k, ok := n.Key.(*ast.Ident); ok && info.Uses[k] == types.Object(v) {
					check(n.Value)
				}
			case *ast.AssignStmt:
				for i, lhs := range n.Lhs {
					if s, ok := ast.Unparen(lhs).(*ast.SelectorExpr); ok && flow.FieldOf(info, s) == v {
						if len(n.Lhs) != len(n.Rhs) {
							without = true
							continue
						}
						check(n.Rhs[i])
						continue
					}
					// h.client.Timeout = conf.Timeout: the Timeout of the
					// client the field holds, set after it is stored
					// (conditional: the store itself holds none).
					if inner, ok := ast.Unparen(timeoutStore(info, n, i)).(*ast.SelectorExpr); ok && flow.FieldOf(info, inner) == v {
						d, _ := c.constNanos(n.Rhs[i])
						held = held.join(storedTimeout{ok: true, nanos: d, cond: true})
					}
				}
			}
			return true
		})
	}
	r := held.missingIn(without)
	c.fieldTimeouts[v] = r
	return r
}

// clientVarFact marks a package-level variable that holds a client with a
// Timeout (see storedTimeout; Cond as its cond), or a function whose first
// result, a *http.Client, is always such a client when it is not nil (a
// constructor: func NewHTTPClient() *http.Client), for the retry loops
// of the packages that send through it.
type clientVarFact struct {
	Cond bool
	// Nanos is the Timeout when it is a constant, 0 otherwise.
	Nanos int64
}

func (*clientVarFact) AFact() {}

func (f *clientVarFact) String() string {
	s := "clienttimeout"
	if f.Cond {
		s += "(conditional)"
	}
	if f.Nanos > 0 {
		s += " " + time.Duration(f.Nanos).String()
	}
	return s
}

// returnedTimeout reports whether fd, a function whose first result is a
// *http.Client, returns a client with a Timeout on every return of a
// client (nil aside), and whether some of them set it only under a
// condition: an http.Client literal with one, a local variable assigned
// once a client its function gives a Timeout, or the result of another
// such function.
func (c *checker) returnedTimeout(fd *ast.FuncDecl) storedTimeout {
	info := c.pass.TypesInfo
	fn, _ := info.Defs[fd.Name].(*types.Func)
	if fd.Body == nil || fn == nil || !returnsClient(fn) {
		return storedTimeout{}
	}
	var st storedTimeout
	all := true
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if _, isLit := n.(*ast.FuncLit); isLit || !all {
			return false
		}
		ret, ok := n.(*ast.ReturnStmt)
		if !ok {
			return true
		}
		if len(ret.Results) == 0 {
			all = false // named results: not followed
			return false
		}
		e := ret.Results[0]
		if tv := info.Types[e]; tv.IsNil() {
			return false
		}
		if s := c.clientValueTimeout(fd, e); s.ok {
			st = st.join(s)
		} else {
			all = false
		}
		return false
	})
	if !all {
		return storedTimeout{}
	}
	return st
}

// clientValueTimeout reports whether e, a client value in fn, is a
// client with a Timeout (see returnedTimeout).
func (c *checker) clientValueTimeout(fn ast.Node, e ast.Expr) storedTimeout {
	info := c.pass.TypesInfo
	if t := clientLitTimeout(info, e); t != nil {
		return c.literalTimeout(t)
	}
	if call, ok := ast.Unparen(e).(*ast.CallExpr); ok {
		f := new(clientVarFact)
		if callee := httpmodel.Callee(info, call); callee != nil && c.pass.ImportObjectFact(callee, f) {
			return storedTimeout{ok: true, cond: f.Cond, nanos: f.Nanos}
		}
		return storedTimeout{}
	}
	x, assigned := ast.Unparen(e), flow.Assigned
	if sel, ok := x.(*ast.SelectorExpr); ok {
		// return a.client: a getter of a field the package stores
		// clients with a Timeout in.
		if f := flow.FieldOf(info, sel); f != nil && isClientResult(f.Type()) {
			return c.fieldTimeout(f)
		}
		return storedTimeout{}
	}
	if u, ok := x.(*ast.UnaryExpr); ok && u.Op == token.AND {
		// hc := dispatcher(); return &hc: the address hides no value.
		x, assigned = ast.Unparen(u.X), flow.AssignedStruct
	}
	id, ok := x.(*ast.Ident)
	if !ok {
		return storedTimeout{}
	}
	lv, ok := info.Uses[id].(*types.Var)
	if ok && lv.Kind() == types.PackageVar {
		// return sharedClient: a package's client variable (one its
		// sync.Once fills) with a fact of its own.
		f := new(clientVarFact)
		if c.pass.ImportObjectFact(lv, f) {
			return storedTimeout{ok: true, cond: f.Cond, nanos: f.Nanos}
		}
		return storedTimeout{}
	}
	if !ok || lv.Kind() != types.LocalVar && lv.Kind() != types.ParamVar {
		return storedTimeout{}
	}
	if fn == nil {
		return storedTimeout{}
	}
	vals, known := assigned(info, fn, lv)
	if known && len(vals) == 0 && lv.Kind() == types.ParamVar {
		// A constructor's parameter (NewAPICall(&http.Client{...}, cfg)
		// stores client): the clients its callers hand it.
		return c.paramTimeout(fn, lv)
	}
	if !known || len(vals) == 0 {
		return storedTimeout{}
	}
	if len(vals) == 1 && lv.Kind() == types.LocalVar {
		if s := c.clientValueTimeout(fn, vals[0]); s.ok {
			return s
		}
		if st := c.timeoutAssigned(fn, lv); st.ok && isClientValue(info, vals[0]) {
			return st
		}
		return storedTimeout{}
	}
	// A default for a client the caller may hand in (if client == nil {
	// client = &http.Client{Timeout: 10 * time.Second} }, hc :=
	// cfg.HTTPClient; if hc == nil { hc = ... }): the Timeout bounds each
	// attempt when the default is taken, and may be unset otherwise.
	var st storedTimeout
	for _, val := range vals {
		if s := c.clientValueTimeout(fn, val); s.ok {
			st = st.join(s)
			continue
		}
		if tv, ok := info.Types[val]; ok && (tv.IsNil() || isClientResult(tv.Type)) {
			continue // nil, or another client, with or without a Timeout
		}
		return storedTimeout{}
	}
	if !st.ok {
		return storedTimeout{}
	}
	st.cond = true
	return st
}

// exportClientVars exports a clientVarFact for each package-level client
// variable of the package that is assigned once, a client with a Timeout,
// and for each function that returns such a client (until no function
// gains one, so that a constructor calling another is found whatever the
// order of their declarations).
func exportClientVars(pass *analysis.Pass) {
	info := pass.TypesInfo
	c := &checker{pass: pass, index: pass.ResultOf[callindex.Analyzer].(*callindex.Index)}
	var ctors []*ast.FuncDecl
	for _, file := range pass.Files {
		for _, d := range file.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				if fn, ok := info.Defs[fd.Name].(*types.Func); ok && returnsClient(fn) {
					ctors = append(ctors, fd)
				}
			}
		}
	}
	// Constructors and package variables in turn, until neither gains
	// a fact: a variable filled by a constructor, a getter returning a
	// variable (sharedClient(), which a sync.Once fills), a constructor
	// calling another, in any order of their declarations.
	done := map[types.Object]bool{}
	scope := pass.Pkg.Scope()
	for more := true; more; {
		more = false
		for _, fd := range ctors {
			if done[info.Defs[fd.Name]] {
				continue
			}
			if st := c.returnedTimeout(fd); st.ok {
				pass.ExportObjectFact(info.Defs[fd.Name], &clientVarFact{Cond: st.cond, Nanos: st.nanos})
				done[info.Defs[fd.Name]], more = true, true
			}
		}
		for _, name := range scope.Names() {
			v, ok := scope.Lookup(name).(*types.Var)
			if !ok || done[v] || !httpmodel.IsNamed(v.Type(), "net/http", "Client") {
				continue
			}
			var values []ast.Expr
			known := true
			st := storedTimeout{}
			for _, file := range pass.Files {
				// var shared *http.Client, filled once (by a
				// sync.Once): a nil client sends nothing.
				vals, ok := flow.AssignedAfterDecl(info, file, v)
				values, known = append(values, vals...), known && ok
				st = st.join(c.timeoutAssigned(file, v))
			}
			if !known || len(values) != 1 {
				continue
			}
			switch vs := c.clientValueTimeout(nil, values[0]); {
			case vs.ok:
				pass.ExportObjectFact(v, &clientVarFact{Cond: vs.cond, Nanos: vs.nanos})
				done[v], more = true, true
			case st.ok && isClientValue(info, values[0]):
				pass.ExportObjectFact(v, &clientVarFact{Cond: st.cond, Nanos: st.nanos})
				done[v], more = true, true
			}
		}
	}
}

// returnsClient reports whether fn's first result is a client it makes
// (see isClientResult).
func returnsClient(fn *types.Func) bool {
	res := fn.Signature().Results()
	return res.Len() > 0 && isClientResult(res.At(0).Type())
}

// isClientResult reports whether t, the type of a function's result, is
// a client of the caller's own: a *http.Client, or an http.Client value
// (func makeHTTPClient() http.Client), which its caller copies.
func isClientResult(t types.Type) bool {
	return httpmodel.IsNamed(t, "net/http", "Client")
}

// constTimeout returns the expression of the constant Timeout nanos
// (30 * time.Second, see durationText) for a fix in the file at pos, nil
// when nanos is not positive or the file does not import package time
// already.
func (c *checker) constTimeout(pos token.Pos, nanos int64) ast.Expr {
	file := fixes.FileOf(c.pass, pos)
	if nanos <= 0 || file == nil {
		return nil
	}
	name, edits, ok := fixes.Import(c.pass.TypesInfo, c.pass.Pkg, file, "time", pos)
	if !ok || len(edits) > 0 {
		return nil
	}
	per, err := parser.ParseExpr(durationText(time.Duration(nanos), name))
	if err != nil {
		return nil
	}
	return per
}
