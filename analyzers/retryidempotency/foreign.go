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
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/fixes"
	"github.com/retrylint/retrylint/internal/flow"
	"github.com/retrylint/retrylint/internal/httpmodel"
	"github.com/retrylint/retrylint/internal/retryloop"
)

// reportForeignWrite reports the write s of loop l, sent by a function of
// another package that no key can be handed to, retried after outcome;
// it reports whether it did.
func (c *checker) reportForeignWrite(file *ast.File, l *retryloop.Loop, s send, outcome string) bool {
	info := c.pass.TypesInfo
	fn := httpmodel.Callee(info, s.call)
	if fn == nil || fn.Pkg() == c.pass.Pkg || s.helper == nil || s.helper.Keyed {
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
	stmt, errName := c.errAssign(l, s.call)
	ft, _ := flow.FuncParts(l.Func)
	src := fixes.Source(c.pass, s.call.Pos())
	if stmt == nil || ft == nil || src == nil || !fixes.ReturnsError(info, ft) {
		analysisutil.Gate(c.pass, s.call.Pos(), "foreign-nofix", s.method+" of another package retried after "+outcome+", no guard can be written")
		return false
	}
	ret, ok := fixes.Return(info, c.pass.Pkg, file, ft, errName)
	if !ok {
		return false
	}
	edits, ok := c.transportGuard(file, src, stmt, errName, s.method, nil, func(string, map[string]string) string { return ret })
	if !ok {
		return false
	}
	c.pass.Report(analysis.Diagnostic{
		Pos: s.call.Pos(),
		End: s.call.End(),
		Message: fmt.Sprintf("%s is retried after %s without an idempotency key (%s of %s sends it, and takes no key) (the write may be applied twice)",
			s.method, outcome, fn.Name(), fn.Pkg().Name()),
		SuggestedFixes: []analysis.SuggestedFix{{
			Message:   "Hand a transport error back instead of sending the " + s.method + " again",
			TextEdits: edits,
		}},
	})
	return true
}

// errAssign returns the statement of l's body that assigns the result of
// call, with an error as its last result, to a variable (err := f(),
// _, _, err = f()), and that variable's name.
func (c *checker) errAssign(l *retryloop.Loop, call *ast.CallExpr) (ast.Stmt, string) {
	info := c.pass.TypesInfo
	for _, st := range l.Body.List {
		as, ok := st.(*ast.AssignStmt)
		if !ok || len(as.Rhs) != 1 || ast.Unparen(as.Rhs[0]) != call {
			continue
		}
		id, ok := as.Lhs[len(as.Lhs)-1].(*ast.Ident)
		if !ok || id.Name == "_" {
			return nil, ""
		}
		if v, ok := info.ObjectOf(id).(*types.Var); !ok || !types.Identical(v.Type(), types.Universe.Lookup("error").Type()) {
			return nil, ""
		}
		return st, id.Name
	}
	return nil, ""
}

// transportGuard returns the edits that write, after stmt, a guard that
// runs when the error errName is a transport error (a *url.Error in its
// chain, which net/http's Client returns for every failure to get a
// response): "No response: the server may have applied the <what>.",
// then body(indent, names), the guard's inner statements, given the
// indentation of its block and the names of the packages imported for it
// (errors and net/url, and those of imports).
func (c *checker) transportGuard(file *ast.File, src []byte, stmt ast.Stmt, errName, what string, imports []string, body func(indent string, names map[string]string) string) ([]analysis.TextEdit, bool) {
	info := c.pass.TypesInfo
	name, edits, ok := fixes.ImportAll(info, c.pass.Pkg, file, stmt.Pos(), append([]string{"errors", "net/url"}, imports...)...)
	if !ok {
		return nil, false
	}
	urlErr := fixes.FreeName(info, file, "urlErr", nil, stmt.End())
	indent := fixes.Indent(c.pass.Fset, src, stmt.Pos())
	at := fixes.LineEnd(c.pass.Fset, src, stmt.End())
	guard := fmt.Sprintf(`
%[1]sif %[2]s := (*%[3]s.Error)(nil); %[4]s.As(%[5]s, &%[2]s) {
%[1]s	// No response: the server may have applied the %[6]s.
%[1]s	%[7]s
%[1]s}`, indent, urlErr, name["net/url"], name["errors"], errName, what, body(indent+"\t", name))
	return append(edits, analysis.TextEdit{Pos: at, End: at, NewText: []byte(guard)}), true
}
