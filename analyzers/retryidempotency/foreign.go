package retryidempotency

// This file holds a write of another package retried by a loop of this
// one: api.PostMessage(ctx, ch, text), a method of an SDK that sends a POST
// and takes no idempotency key, called again after it fails. The key
// cannot be threaded through code the package does not own, so the fix
// stops the re-send where the outcome is unknown: a transport error (a
// *url.Error, which net/http's Client returns for every failure to get a
// response, and which an SDK that hands the error on keeps in its chain)
// is handed back at once; every other error (an answer the SDK turned
// into one) is retried as before.

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/fixes"
	"github.com/retrylint/retrylint/internal/flow"
	"github.com/retrylint/retrylint/internal/httpmodel"
	"github.com/retrylint/retrylint/internal/retryloop"
	"github.com/retrylint/retrylint/internal/summary"
)

// reportForeignWrite reports the write s of loop l, sent by a function of
// another package that no key can be handed to, retried after outcome;
// it reports whether it did.
func (c *checker) reportForeignWrite(file *ast.File, l *retryloop.Loop, s send, outcome string) bool {
	info := c.pass.TypesInfo
	fn := httpmodel.Callee(info, s.call)
	if fn == nil || fn.Pkg() == c.pass.Pkg && s.impl == nil || s.helper == nil || s.helper.Keyed {
		return false
	}
	if l.Via != nil || len(l.Self) > 0 || len(l.Requeue) > 0 {
		// An operation handed to a retry helper: the helper may retry
		// only what its caller declares idempotent, or send a token of
		// its own on every attempt (cloud.google.com/go/storage's run
		// and its invocation id), which its fact does not tell.
		analysisutil.Gate(c.pass, s.call.Pos(), "foreign-via", s.method+" of another package retried by a helper")
		return false
	}
	if outcome != "a transport error" {
		analysisutil.Gate(c.pass, s.call.Pos(), "foreign-status", s.method+" of another package retried after "+outcome+": no error type says so")
		return false
	}
	place, errName := c.errAssign(l, s.call)
	ft, _ := flow.FuncParts(l.Func)
	src := fixes.Source(c.pass, s.call.Pos())
	if place.stmt == nil || ft == nil || src == nil || !fixes.ReturnsError(info, ft) {
		analysisutil.Gate(c.pass, s.call.Pos(), "foreign-nofix", s.method+" of another package retried after "+outcome+", no guard can be written")
		return false
	}
	ret, ok := fixes.Return(info, c.pass.Pkg, file, ft, errName)
	if !ok {
		return false
	}
	edits, ok := c.transportGuard(file, src, place, errName, s.method, nil, func(string, map[string]string) string { return ret })
	if !ok {
		return false
	}
	c.pass.Report(analysis.Diagnostic{
		Pos: s.call.Pos(),
		End: s.call.End(),
		Message: fmt.Sprintf("%s is retried after %s without an idempotency key (%s) (the write may be applied twice)",
			s.method, outcome, c.foreignSender(fn, s)),
		SuggestedFixes: []analysis.SuggestedFix{{
			Message:   "Hand a transport error back instead of sending the " + s.method + " again",
			TextEdits: edits,
		}},
	})
	return true
}

// foreignSender says what sends the write s that fn's call makes.
func (c *checker) foreignSender(fn *types.Func, s send) string {
	if s.impl == nil {
		return fmt.Sprintf("%s of %s sends it, and takes no key", fn.Name(), fn.Pkg().Name())
	}
	return fmt.Sprintf("%s, which a call of %s may run, sends it and takes no key", methodName(c.pass.Pkg, s.impl), methodName(c.pass.Pkg, fn))
}

// methodName names the method fn as Type.Method, qualified by its
// package's name outside pkg.
func methodName(pkg *types.Package, fn *types.Func) string {
	recv := fn.Type().(*types.Signature).Recv().Type()
	if p, ok := recv.(*types.Pointer); ok {
		recv = p.Elem()
	}
	return types.TypeString(recv, func(p *types.Package) string {
		if p == pkg {
			return ""
		}
		return p.Name()
	}) + "." + fn.Name()
}

// A guardPlace is where a guard on the error a call returns goes: after
// the statement that assigns it (in nil), or first in the block that runs
// when it is not nil (if err := f(); err != nil { ... }).
type guardPlace struct {
	stmt ast.Stmt
	in   *ast.BlockStmt
}

// errAssign returns where a guard on the error that call returns goes in
// l's body, and the error variable's name: after the statement that
// assigns the result of call, with an error as its last result, to a
// variable (err := f(), _, _, err = f()); first in the block of an if
// statement that assigns it and tests err != nil; or after an if
// statement that assigns a variable declared before it and returns when
// err == nil.
func (c *checker) errAssign(l *retryloop.Loop, call *ast.CallExpr) (guardPlace, string) {
	info := c.pass.TypesInfo
	errVar := func(as *ast.AssignStmt) *ast.Ident {
		id, ok := as.Lhs[len(as.Lhs)-1].(*ast.Ident)
		if !ok || id.Name == "_" {
			return nil
		}
		if v, ok := info.ObjectOf(id).(*types.Var); !ok || !types.Identical(v.Type(), types.Universe.Lookup("error").Type()) {
			return nil
		}
		return id
	}
	for _, st := range l.Body.List {
		as, ok := st.(*ast.AssignStmt)
		ifs, isIf := st.(*ast.IfStmt)
		if isIf {
			as, ok = ifs.Init.(*ast.AssignStmt)
		}
		if !ok || len(as.Rhs) != 1 || ast.Unparen(as.Rhs[0]) != call {
			continue
		}
		id := errVar(as)
		if id == nil {
			return guardPlace{}, ""
		}
		if !isIf {
			return guardPlace{stmt: st}, id.Name
		}
		cond, ok := ast.Unparen(ifs.Cond).(*ast.BinaryExpr)
		if !ok || !c.isVar(cond.X, info.ObjectOf(id)) || !info.Types[cond.Y].IsNil() {
			return guardPlace{}, ""
		}
		switch {
		case cond.Op == token.NEQ:
			return guardPlace{stmt: st, in: ifs.Body}, id.Name
		case cond.Op == token.EQL && as.Tok == token.ASSIGN && ifs.Else == nil && len(ifs.Body.List) > 0:
			if _, ret := ifs.Body.List[len(ifs.Body.List)-1].(*ast.ReturnStmt); ret {
				return guardPlace{stmt: st}, id.Name
			}
		}
		return guardPlace{}, ""
	}
	return guardPlace{}, ""
}

// isVar reports whether e names the object v.
func (c *checker) isVar(e ast.Expr, v types.Object) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && v != nil && c.pass.TypesInfo.Uses[id] == v
}

// transportGuard returns the edits that write, at p, a guard that
// runs when the error errName is a transport error (a *url.Error in its
// chain, which net/http's Client returns for every failure to get a
// response): "No response: the server may have applied the <what>.",
// then body(indent, names), the guard's inner statements, given the
// indentation of its block and the names of the packages imported for it
// (errors and net/url, and those of imports).
func (c *checker) transportGuard(file *ast.File, src []byte, p guardPlace, errName, what string, imports []string, body func(indent string, names map[string]string) string) ([]analysis.TextEdit, bool) {
	info := c.pass.TypesInfo
	stmt := p.stmt
	name, edits, ok := fixes.ImportAll(info, c.pass.Pkg, file, stmt.Pos(), append([]string{"errors", "net/url"}, imports...)...)
	if !ok {
		return nil, false
	}
	urlErr := fixes.FreeName(info, file, "urlErr", nil, stmt.End())
	indent := fixes.Indent(c.pass.Fset, src, stmt.Pos())
	at := fixes.LineEnd(c.pass.Fset, src, stmt.End())
	if p.in != nil {
		indent += "\t"
		at = fixes.LineEnd(c.pass.Fset, src, p.in.Lbrace)
	}
	guard := fmt.Sprintf(`
%[1]sif %[2]s := (*%[3]s.Error)(nil); %[4]s.As(%[5]s, &%[2]s) {
%[1]s	// No response: the server may have applied the %[6]s.
%[1]s	%[7]s
%[1]s}`, indent, urlErr, name["net/url"], name["errors"], errName, what, body(indent+"\t", name))
	return append(edits, analysis.TextEdit{Pos: at, End: at, NewText: []byte(guard)}), true
}

// ifaceWrite describes call when it calls a method of an interface
// (s.n.Notify(ctx, msg)) that one of the implementations the package can
// see (summary.Dispatch: its own types', its dependencies' with a fact)
// answers with a POST or PATCH that takes no key: the loop that calls it
// again re-sends that write. A key cannot be threaded through a method
// that every implementation must then take, so the write is judged as one
// of another package's (see reportForeignWrite).
func (c *checker) ifaceWrite(call *ast.CallExpr) (send, bool) {
	fn := httpmodel.Callee(c.pass.TypesInfo, call)
	if fn == nil || !summary.IsInterfaceMethod(fn) {
		return send{}, false
	}
	if c.dispatch == nil {
		c.dispatch = summary.NewDispatch(c.pass, func(f analysis.Fact) bool {
			_, ok := f.(*writeFact)
			return ok
		})
	}
	fns, ws := summary.Dispatched(c.writes, c.dispatch, fn)
	for i, w := range ws {
		if w.Keyed || w.MethodArg > 0 || !isWrite(w.Method) {
			continue
		}
		return send{call: call, method: w.Method, helper: &writeFact{Method: w.Method}, impl: fns[i]}, true
	}
	return send{}, false
}
