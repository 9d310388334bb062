package retrydeadline

// This file holds attempts that ignore the context their retry ends
// with. A loop whose waits select on ctx.Done(), or a retry library
// handed ctx, stops between attempts when ctx is cancelled or its
// deadline passes; an attempt sent without ctx (c.Get(url), a request of
// http.NewRequest, or of NewRequestWithContext(context.Background(), ...))
// is not stopped: it runs on until the server answers or the client's
// Timeout, if any, ends it, and the retry outlives its caller by as
// much. Checking the clock or the context between attempts does not
// cancel the request in flight; the attempts must derive their context
// from the operation's.

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/callindex"
	"github.com/retrylint/retrylint/internal/fixes"
	"github.com/retrylint/retrylint/internal/flow"
	"github.com/retrylint/retrylint/internal/httpmodel"
	"github.com/retrylint/retrylint/internal/retryloop"
)

// checkUncancelledAttempts reports the sends of l, a retry loop or a
// retry library's operation, that carry no context while the retry ends
// with one (see loopContext): each is fixed to build its request with
// that context.
func (c *checker) checkUncancelledAttempts(file *ast.File, l *retryloop.Loop) {
	ctx := c.loopContext(file, l)
	if ctx == nil {
		return
	}
	usable := func(pos token.Pos) bool {
		return ctx.Pos() < pos && fixes.ObjectAt(c.pass.TypesInfo, file, ctx.Name(), pos) == ctx
	}
	for _, call := range l.Sends {
		edits, ok := c.attemptFix(file, l, call, ctx.Name(), usable)
		if !ok {
			continue
		}
		c.pass.Report(analysis.Diagnostic{
			Pos:     call.Pos(),
			End:     call.End(),
			Message: fmt.Sprintf("attempt sent without %s, which ends the retry (an attempt in flight outlives the caller's cancellation and deadline)", ctx.Name()),
			SuggestedFixes: []analysis.SuggestedFix{{
				Message:   "Build the attempt's request with " + ctx.Name(),
				TextEdits: edits,
			}},
		})
		break // one attempt a loop: the others are fixed alike
	}
	// Attempts made through helpers that send without a context
	// (ctxhelper.go): one finding for all of them.
	attempts, ch := c.helperAttempts(l, usable)
	if len(attempts) == 0 {
		return
	}
	edits, ok := c.chainEdits(attempts, ctx.Name(), ch)
	if !ok {
		return
	}
	call := attempts[0]
	c.pass.Report(analysis.Diagnostic{
		Pos:     call.Pos(),
		End:     call.End(),
		Message: fmt.Sprintf("attempt sent without %s, which ends the retry: %s sends its request without a context (an attempt in flight outlives the caller's cancellation and deadline)", ctx.Name(), httpmodel.CalleeName(call)),
		SuggestedFixes: []analysis.SuggestedFix{{
			Message:   "Hand " + ctx.Name() + " down to the request",
			TextEdits: edits,
		}},
	})
}

// helperAttempts returns the attempts of l, calls where usable says the
// retry's context can be written, of functions of the package that send
// without a context (see ctxlessChain), and the helpers they reach.
func (c *checker) helperAttempts(l *retryloop.Loop, usable func(token.Pos) bool) ([]*ast.CallExpr, *ctxChain) {
	info := c.pass.TypesInfo
	ch := &ctxChain{funcs: map[*types.Func]callindex.Func{}}
	var attempts []*ast.CallExpr
	for _, call := range l.Sends {
		if c.handledSends[call] || !usable(call.Pos()) {
			continue
		}
		if _, direct := httpmodel.SendOf(info, call); direct {
			continue
		}
		if fn := httpmodel.Callee(info, call); fn != nil && c.ctxlessChain(fn, ch) {
			attempts = append(attempts, call)
		}
	}
	return attempts, ch
}

// attemptFix returns the edits that give call, a send of l, the context
// ctx (an expression that usable says can be written at a position): a
// URL send rewritten into a request built with it, or the request's
// http.NewRequest (NewRequestWithContext of a context nothing cancels)
// built with it. ok is false when call is none of these, when another
// fix gives it a context already (handledSends), or when ctx cannot be
// written where the request is built.
func (c *checker) attemptFix(file *ast.File, l *retryloop.Loop, call *ast.CallExpr, ctx string, usable func(token.Pos) bool) ([]analysis.TextEdit, bool) {
	info := c.pass.TypesInfo
	if c.handledSends[call] || !usable(call.Pos()) {
		return nil, false
	}
	if _, ok := fixes.URLSendOf(httpmodel.Callee(info, call)); ok {
		stmt := fixes.URLSendStmt(l.Body, call)
		if stmt == nil {
			return nil, false
		}
		return fixes.URLSend{Pass: c.pass, File: file, Stmt: stmt, Call: call, Ctx: ctx, Taken: map[string]bool{}}.Rewrite()
	}
	s, ok := httpmodel.SendOf(info, call)
	if !ok || s.Request == nil {
		return nil, false
	}
	if id, ok := ast.Unparen(s.Request).(*ast.Ident); ok && strings.HasPrefix(ctx, id.Name+".") {
		return nil, false // the request's own context (req.Context()): the attempt carries it
	}
	build := c.uncancelledBuild(l, s.Request)
	if build == nil || !usable(build.Pos()) {
		return nil, false
	}
	edits := c.withContextEdits(build, ctx)
	return edits, edits != nil
}

// attemptsFix returns the edits that give every attempt of l that carries
// no context the context ctx (see attemptFix): a fix that makes the
// loop's waits end with ctx gives them to its attempts too.
//
// ctx is written as the wait's fix writes it: a name, or an expression
// rooted at one (r.Context()), that the fix declares before the loop when
// declared is set. It must name the same thing where it is written.
func (c *checker) attemptsFix(file *ast.File, l *retryloop.Loop, ctx string, declared bool) []analysis.TextEdit {
	root := ctx
	if i := strings.IndexAny(root, ".("); i >= 0 {
		root = root[:i]
	}
	lookup := func(pos token.Pos) types.Object { return fixes.ObjectAt(c.pass.TypesInfo, file, root, pos) }
	var usable func(token.Pos) bool
	if declared {
		// Declared by the fix just before the loop: usable in the
		// loop's body where nothing of the loop's own shadows it.
		before := lookup(l.Stmt.Pos())
		usable = func(pos token.Pos) bool {
			return l.Body.Pos() <= pos && pos < l.Body.End() && lookup(pos) == before
		}
	} else {
		obj := lookup(l.Stmt.Pos())
		usable = func(pos token.Pos) bool {
			return obj != nil && lookup(pos) == obj && (obj.Parent() == c.pass.Pkg.Scope() || obj.Pos() < pos)
		}
	}
	var out []analysis.TextEdit
	var fixed []*ast.CallExpr
	for _, call := range l.Sends {
		if edits, ok := c.attemptFix(file, l, call, ctx, usable); ok {
			out = append(out, edits...)
			fixed = append(fixed, call)
		}
	}
	if attempts, ch := c.helperAttempts(l, usable); len(attempts) > 0 {
		if edits, ok := c.chainEdits(attempts, ctx, ch); ok {
			out = append(out, edits...)
			fixed = append(fixed, attempts...)
		}
	}
	// Given the context by this fix: not another finding's.
	for _, call := range fixed {
		c.handledSends[call] = true
	}
	return out
}

// loopContext returns the context that ends the retry l between
// attempts: for a retry library's operation, a context parameter of the
// operation, or else a context variable the library's call is handed
// (backoff.Retry(ctx, op), retry.Context(ctx)); for a loop, a context
// variable declared before it whose Done channel the loop receives from.
// It returns nil when there is none.
func (c *checker) loopContext(file *ast.File, l *retryloop.Loop) *types.Var {
	info := c.pass.TypesInfo
	outer := c.declOf(l.Stmt)
	if l.Lib != nil {
		if lit, ok := l.Func.(*ast.FuncLit); ok && lit.Type.Params != nil {
			for _, f := range lit.Type.Params.List {
				for _, n := range f.Names {
					if v, ok := info.Defs[n].(*types.Var); ok && httpmodel.IsNamed(v.Type(), "context", "Context") {
						return v
					}
				}
			}
		}
		var found *types.Var
		ast.Inspect(l.Lib.Call, func(n ast.Node) bool {
			if found != nil {
				return false
			}
			if _, ok := n.(*ast.FuncLit); ok {
				return false // the operation, a notify callback: not the retry's context
			}
			if id, ok := n.(*ast.Ident); ok {
				if v, ok := info.Uses[id].(*types.Var); ok && httpmodel.IsNamed(v.Type(), "context", "Context") && v.Pos() < l.Lib.Call.Pos() && !c.neverCancelled(outer, v) {
					found = v
				}
			}
			return true
		})
		return found
	}
	if l.Via != nil || len(l.Self) > 0 || len(l.Requeue) > 0 || l.Unrolled {
		return nil
	}
	var found *types.Var
	ast.Inspect(l.Body, func(n ast.Node) bool {
		if found != nil {
			return false
		}
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		u, ok := n.(*ast.UnaryExpr)
		if !ok || u.Op != token.ARROW {
			return true
		}
		call, ok := ast.Unparen(u.X).(*ast.CallExpr)
		if !ok || !httpmodel.IsMethod(httpmodel.Callee(info, call), "context", "Context", "Done") {
			return true
		}
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok {
			return true
		}
		if id, ok := ast.Unparen(sel.X).(*ast.Ident); ok {
			if v, ok := info.Uses[id].(*types.Var); ok && v.Pos() < l.Stmt.Pos() && !c.neverCancelled(outer, v) {
				found = v
			}
		}
		return true
	})
	return found
}

// uncancelledBuild returns the call that built req, the request a send
// of l sends, when it gives the request no context that can be
// cancelled (see uncancelledBuildIn).
func (c *checker) uncancelledBuild(l *retryloop.Loop, req ast.Expr) *ast.CallExpr {
	_, body := flow.FuncParts(l.Func)
	return uncancelledBuildIn(c.pass.TypesInfo, body, req)
}

// withContextEdits returns the edits that make build, an http.NewRequest
// or a NewRequestWithContext of a context nothing cancels, build its
// request with ctx.
func (c *checker) withContextEdits(build *ast.CallExpr, ctx string) []analysis.TextEdit {
	fn := httpmodel.Callee(c.pass.TypesInfo, build)
	if fn.Name() == "NewRequestWithContext" {
		a := build.Args[0]
		return []analysis.TextEdit{{Pos: a.Pos(), End: a.End(), NewText: []byte(ctx)}}
	}
	sel, ok := ast.Unparen(build.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	return []analysis.TextEdit{
		{Pos: sel.Sel.Pos(), End: sel.Sel.End(), NewText: []byte("NewRequestWithContext")},
		{Pos: build.Lparen + 1, End: build.Lparen + 1, NewText: []byte(ctx + ", ")},
	}
}

// libAttemptsFix is attemptsFix for the operation that a retry library's
// call hands its library (a function literal: a named operation's
// attempts are its declaration's).
func (c *checker) libAttemptsFix(file *ast.File, call *ast.CallExpr, ctx string) []analysis.TextEdit {
	for _, l := range c.loops.OpLoops {
		if l.Lib != nil && l.Lib.Call == call {
			if _, lit := l.Func.(*ast.FuncLit); lit && l.Func.Pos() >= call.Pos() && l.Func.End() <= call.End() {
				return c.attemptsFix(file, l, ctx, false)
			}
		}
	}
	return nil
}
