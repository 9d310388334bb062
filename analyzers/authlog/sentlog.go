package authlog

// This file handles a credential that a caller hands to a helper of the
// package which both logs what it is given and sends it: a client's
// Req(ctx, method, path, body) that prints the body at debug level
// before it sends it, or a Get(ctx, path) whose path carries a query with
// a password. Redacting the value at the caller would send the redacted
// text, and the log of the helper would print the next caller's secret
// all the same: the finding is the helper's log call, which prints what
// its callers fill with secrets, and its fix stops printing it there.

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
	"strings"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/callindex"
	"github.com/retrylint/retrylint/internal/fixes"
	"github.com/retrylint/retrylint/internal/flow"
	"github.com/retrylint/retrylint/internal/httpmodel"
	"github.com/retrylint/retrylint/internal/logsink"
)

// A route is a credential of a caller handed to parameter param of decl,
// a helper of the package that logs and sends that parameter.
type route struct {
	decl  *ast.FuncDecl
	param int
	c     creds
	from  token.Pos // where the caller's credential is
}

// sentKey names a parameter of a function of the package.
type sentKey struct {
	decl  *ast.FuncDecl
	param int
}

// routeOf returns the route of a credential (leaf l, in the argument arg
// of the call ic) when ic is a call of a helper of this package that
// logs the parameter it lands in and uses it otherwise too (alsoSent).
func (c *checker) routeOf(ic callindex.Call, s sinkCall, arg ast.Expr, l leaf) (route, bool) {
	if s.via == "" || ic.Callee == nil {
		return route{}, false
	}
	d, ok := c.calls.Decl(ic.Callee)
	if impls := c.ifaceImpls[ic.Callee]; !ok && len(impls) == 1 {
		// s.client.Do(...) of an interface of the package that one
		// type of the package implements: that method's log.
		d, ok = c.calls.Decl(impls[0])
	}
	if !ok || d.Decl.Body == nil {
		return route{}, false
	}
	j := argIndex(c.pass.TypesInfo, ic.Expr, ic.Callee, arg)
	if j < 0 || !c.mayBeSent(d.Decl, j) || !c.logsParam(sentKey{d.Decl, j}, l.c) {
		return route{}, false
	}
	return route{decl: d.Decl, param: j, c: l.c, from: l.expr.Pos()}, true
}

// logsParam reports whether the helper k.decl writes its parameter
// k.param, holding credentials cr, to a log that shows them, itself or
// through helpers of the package: where routedFindings will report. A
// credential whose route finds none keeps its finding at the caller.
func (c *checker) logsParam(k sentKey, cr creds) bool {
	found := false
	c.logSites(k, cr, map[sentKey]bool{}, func(*ast.FuncDecl, callindex.Call, sinkCall, logsink.Arg, creds) bool {
		found = true
		return false
	})
	return found
}

// logSites calls site for each argument of a log (or of a log wrapper of
// another package) that prints parameter k.param of k.decl, in k.decl or
// in the helpers of the package it hands the parameter to, with what the
// log shows of credentials cr: a value printed through a method that
// shows none of them (a String method that redacts) is no site. It stops
// when site returns false, and then returns false.
func (c *checker) logSites(k sentKey, cr creds, seen map[sentKey]bool, site func(decl *ast.FuncDecl, ic callindex.Call, s sinkCall, a logsink.Arg, shown creds) bool) bool {
	if seen[k] {
		return true
	}
	seen[k] = true
	st := c.stateOf(k.decl)
	more := true
	for _, ic := range c.calls.Calls(k.decl) {
		s, ok := c.sinkOf(ic)
		if !ok {
			continue
		}
		c.loggedArgs(ic.Expr, s, nil, func(a logsink.Arg) {
			if !more || st.eval(a.Expr).p&(1<<k.param) == 0 {
				return
			}
			if s.via != "" && c.declared(ic.Callee) {
				d, _ := c.calls.Decl(ic.Callee)
				if j := argIndex(c.pass.TypesInfo, ic.Expr, ic.Callee, a.Expr); j >= 0 {
					more = c.logSites(sentKey{d.Decl, j}, cr, seen, site)
				}
				return
			}
			shown := cr
			t := c.pass.TypesInfo.TypeOf(a.Expr)
			if _, byMethod := c.printedCreds(t, 0); byMethod && !httpmodel.IsNamed(a.Type, "io", "Reader") && !a.Source && a.Verb != logsink.GoSyntax {
				if shown, _ = c.printedCreds(t, cr); shown == 0 {
					return
				}
			}
			more = site(k.decl, ic, s, a, shown)
		})
		if !more {
			break
		}
	}
	return more
}

// argIndex returns the index of the parameter of fn that the argument of
// call holding e is bound to (the variadic parameter for the arguments
// it gathers), or -1.
func argIndex(info *types.Info, call *ast.CallExpr, fn *types.Func, e ast.Expr) int {
	_, args := httpmodel.Receiver(info, call)
	sig, ok := fn.Type().(*types.Signature)
	if !ok {
		return -1
	}
	for k, a := range args {
		if a.Pos() <= e.Pos() && e.End() <= a.End() {
			if sig.Variadic() && k >= sig.Params().Len()-1 {
				return sig.Params().Len() - 1
			}
			if k < sig.Params().Len() {
				return k
			}
		}
	}
	return -1
}

// alsoSent reports whether fd sends its parameter i, or a value made
// from it (by any call, a conversion, an operator): hands it to
// http.NewRequest (its URL or body), to a send (Client.Do, RoundTrip,
// http.Post), to a header it sets, or to a helper of the package that
// sends that parameter. A helper that only logs what it is given, or
// inspects it (cos.IsNotFoundError(err)), does not.
func (c *checker) alsoSent(fd *ast.FuncDecl, i int) bool {
	sent, _ := c.paramSent(fd, i)
	return sent
}

// mayBeSent reports whether fd sends its parameter i (alsoSent) or hands
// it to a function of another package that is no log, which may send it:
// for a helper of the package, whose log is where the finding goes then,
// a fix that stops printing the value there is safe whether or not the
// other function sends it.
func (c *checker) mayBeSent(fd *ast.FuncDecl, i int) bool {
	sent, out := c.paramSent(fd, i)
	return sent || out
}

// paramSent returns alsoSent's answer for parameter i of fd, and whether
// fd hands it, or a value made from it, to a function of another package
// outside the standard library that is no log.
func (c *checker) paramSent(fd *ast.FuncDecl, i int) (sent, out bool) {
	key := sentKey{fd, i}
	if v, ok := c.sentMemo[key]; ok {
		return v[0], v[1]
	}
	if c.sentMemo == nil {
		c.sentMemo = map[sentKey][2]bool{}
	}
	c.sentMemo[key] = [2]bool{} // a recursive call adds no use
	info := c.pass.TypesInfo
	obj, _ := info.Defs[fd.Name].(*types.Func)
	if obj == nil {
		return false, false
	}
	sig := obj.Type().(*types.Signature)
	if i < 0 || i >= sig.Params().Len() {
		return false, false
	}
	derived := map[*types.Var]bool{sig.Params().At(i): true}
	uses := func(e ast.Expr) bool {
		found := false
		ast.Inspect(e, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				if v, ok := info.Uses[id].(*types.Var); ok && derived[v] {
					found = true
				}
			}
			return !found
		})
		return found
	}
	for changed := true; changed; {
		changed = false
		add := func(lhs ast.Expr) {
			if id, ok := ast.Unparen(lhs).(*ast.Ident); ok {
				// A context made with a value (context.WithValue)
				// carries it to no request body or URL.
				if v, ok := info.ObjectOf(id).(*types.Var); ok && !derived[v] && !httpmodel.IsNamed(v.Type(), "context", "Context") {
					derived[v], changed = true, true
				}
			}
		}
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				if len(n.Rhs) == 1 && uses(n.Rhs[0]) {
					for _, l := range n.Lhs {
						add(l)
					}
				} else if len(n.Lhs) == len(n.Rhs) {
					for k, l := range n.Lhs {
						if uses(n.Rhs[k]) {
							add(l)
						}
					}
				}
			case *ast.ValueSpec:
				for k, name := range n.Names {
					if k < len(n.Values) && uses(n.Values[k]) || len(n.Values) == 1 && uses(n.Values[0]) {
						add(name)
					}
				}
			case *ast.RangeStmt:
				if uses(n.X) {
					for _, e := range []ast.Expr{n.Key, n.Value} {
						if e != nil {
							add(e)
						}
					}
				}
			case *ast.TypeSwitchStmt:
				// switch v := body.(type): each clause's v is the body.
				if x, clauses := flow.TypeSwitchVars(info, n); x != nil && uses(x) {
					for _, v := range clauses {
						if !derived[v] {
							derived[v], changed = true, true
						}
					}
				}
			case *ast.CallExpr:
				// q.Set("password", p), b.WriteString(p): the receiver
				// holds it after.
				if recv, args := httpmodel.Receiver(info, n); recv != nil && accumulates(info.TypeOf(recv)) && slices.ContainsFunc(args, uses) {
					add(recv)
				}
			}
			return true
		})
	}
	for _, ic := range c.calls.Calls(fd) {
		recv, args := httpmodel.Receiver(info, ic.Expr)
		if !slices.ContainsFunc(args, uses) && (recv == nil || !uses(recv)) {
			continue
		}
		_, _, isNew := httpmodel.NewRequestMethod(info, ic.Expr)
		_, isSend := httpmodel.SendOf(info, ic.Expr)
		h, isHeader := httpmodel.HeaderCall(info, ic.Expr)
		switch {
		case isNew || isSend, isHeader && !h.Op.IsRead():
			sent = true
		case c.declared(ic.Callee):
			d, _ := c.calls.Decl(ic.Callee)
			for _, a := range args {
				if uses(a) {
					s, o := c.paramSent(d.Decl, argIndex(info, ic.Expr, ic.Callee, a))
					sent, out = sent || s, out || o
				}
			}
		case ic.Callee != nil && ic.Callee.Pkg() != nil && !analysisutil.IsStdPath(ic.Callee.Pkg().Path()):
			if f := c.fact(ic.Callee); f != nil && f.Sent != 0 {
				for _, a := range args {
					if j := argIndex(info, ic.Expr, ic.Callee, a); uses(a) && j >= 0 && j < 64 && f.Sent&(1<<j) != 0 {
						sent = true
					}
				}
			}
			if _, isLog := c.sinkOf(ic); !isLog {
				// An error handed to another package is inspected
				// (cos.IsNotFoundError(err)), not sent.
				for _, a := range args {
					if uses(a) && !implementsError(info.TypeOf(a)) {
						out = true
					}
				}
			}
		}
		if sent {
			break
		}
	}
	c.sentMemo[key] = [2]bool{sent, out}
	return sent, out
}

// accumulates reports whether a method call on a value of type t with a
// value among its arguments keeps the value in it: url.Values, an
// http.Header, a request, a buffer or a builder.
func accumulates(t types.Type) bool {
	if t == nil {
		return false
	}
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	return httpmodel.IsNamed(t, "net/url", "Values") || httpmodel.IsNamed(t, "net/http", "Header") || httpmodel.IsNamed(t, "net/http", "Request") ||
		httpmodel.IsNamed(t, "bytes", "Buffer") || httpmodel.IsNamed(t, "strings", "Builder")
}

// routedFindings returns the findings at the log calls of the helpers
// that the routes reach (see logSites), each with the credentials of every
// route to it.
func (c *checker) routedFindings() []*fileFindings {
	type site struct {
		decl *ast.FuncDecl
		f    *finding
	}
	var sites []*site
	byExpr := map[ast.Expr]*site{}
	for _, r := range c.routes {
		c.logSites(sentKey{r.decl, r.param}, r.c, map[sentKey]bool{}, func(decl *ast.FuncDecl, ic callindex.Call, s sinkCall, a logsink.Arg, shown creds) bool {
			if old := byExpr[a.Expr]; old != nil {
				old.f.c |= shown
				if !slices.Contains(old.f.from, r.from) {
					old.f.from = append(old.f.from, r.from)
				}
				return true
			}
			f := &finding{leaf: leaf{expr: a.Expr, ctx: a.Type, c: shown}, sink: s.describe(), call: ic.Expr, sinkFormat: s.Format, from: []token.Pos{r.from}}
			byExpr[a.Expr] = &site{decl, f}
			sites = append(sites, byExpr[a.Expr])
			return true
		})
	}
	var out []*fileFindings
	byDecl := map[*ast.FuncDecl]*fileFindings{}
	for _, s := range sites {
		ff := byDecl[s.decl]
		if ff == nil {
			src := fixes.Source(c.pass, s.decl.Pos())
			if src == nil {
				continue
			}
			ff = &fileFindings{file: fixes.FileOf(c.pass, s.decl.Pos()), st: c.stateOf(s.decl), src: src}
			byDecl[s.decl] = ff
			out = append(out, ff)
		}
		ff.fs = append(ff.fs, s.f)
	}
	return out
}

// mergeFindings adds more to found, the findings of a function that has
// some already joining them, in source order: the fixes of one function's
// values are planned together.
func (c *checker) mergeFindings(found, more []*fileFindings) []*fileFindings {
	for _, m := range more {
		i := slices.IndexFunc(found, func(ff *fileFindings) bool { return ff.st.decl == m.st.decl })
		if i < 0 {
			found = append(found, m)
			continue
		}
		ff := found[i]
		for _, f := range m.fs {
			if !slices.ContainsFunc(ff.fs, func(g *finding) bool { return g.expr == f.expr }) {
				ff.fs = append(ff.fs, f)
			}
		}
		slices.SortStableFunc(ff.fs, func(a, b *finding) int { return int(a.expr.Pos() - b.expr.Pos()) })
	}
	return found
}

// positions lists where the credentials at ps are, as file:line.
func (c *checker) positions(ps []token.Pos) string {
	// By file name and line, not by token.Pos: the order of files in
	// the file set is the loader's, which may parse them in parallel.
	places := make([]token.Position, len(ps))
	for i, p := range ps {
		places[i] = c.pass.Fset.Position(p)
		places[i].Filename = filepath.Base(places[i].Filename)
	}
	slices.SortFunc(places, func(a, b token.Position) int {
		if a.Filename != b.Filename {
			return strings.Compare(a.Filename, b.Filename)
		}
		return a.Line - b.Line
	})
	var out []string
	for _, pos := range places {
		out = append(out, fmt.Sprintf("%s:%d", pos.Filename, pos.Line))
	}
	out = slices.Compact(out)
	if len(out) > 3 {
		out = append(out[:3], "...")
	}
	return strings.Join(out, ", ")
}

// declared reports whether fn is a function of this package with a body.
func (c *checker) declared(fn *types.Func) bool {
	if fn == nil {
		return false
	}
	d, ok := c.calls.Decl(fn)
	return ok && d.Decl.Body != nil
}

// sentElsewhere reports whether ic calls a helper of another package that
// logs and sends (its fact's Sent) the parameter that arg lands in: the
// helper's package reports its log, and a redaction at the caller would
// change what is sent.
func (c *checker) sentElsewhere(ic callindex.Call, s sinkCall, arg ast.Expr) bool {
	if s.via == "" || ic.Callee == nil || c.declared(ic.Callee) {
		return false
	}
	f := c.fact(ic.Callee)
	if f == nil || f.Sent == 0 {
		return false
	}
	j := argIndex(c.pass.TypesInfo, ic.Expr, ic.Callee, arg)
	return j >= 0 && j < 64 && f.Sent&(1<<j) != 0
}

// routeStruct routes a struct of this package with a secret field (see
// noteSecret), handed whole to a helper of the package that logs and
// sends it: a String method that redacts the field would leave the body
// the helper logs, JSON made from the struct, as it was.
func (c *checker) routeStruct(ic callindex.Call, s sinkCall, arg ast.Expr) bool {
	t := c.pass.TypesInfo.TypeOf(arg)
	if t == nil {
		return false
	}
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	named, ok := types.Unalias(t).(*types.Named)
	if !ok || named.Obj().Pkg() != c.pass.Pkg || c.secretField(t) == nil {
		return false
	}
	r, ok := c.routeOf(ic, s, arg, leaf{expr: arg, c: credSecret})
	if ok {
		c.routes = append(c.routes, r)
	}
	return ok
}
