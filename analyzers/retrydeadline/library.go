package retrydeadline

import (
	"fmt"
	"go/ast"
	"go/format"
	"go/token"
	"strings"
	"time"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/fixes"
	"github.com/retrylint/retrylint/internal/retrylib"
)

// checkLibraries reports the retries of retry libraries (internal/retrylib)
// that never stop although their operation makes a per-attempt timeout,
// and those whose waits ignore the caller's context because it was not
// handed to the library.
func checkLibraries(pass *analysis.Pass, cfg Config, at func(token.Pos)) {
	if !retrylib.ImportsLibrary(pass.Pkg) {
		return
	}
	for _, file := range pass.Files {
		if isHTTPTestFile(pass, file) {
			continue
		}
		ast.PreorderStack(file, nil, func(n ast.Node, stack []ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			e, ok := retrylib.EntryOf(pass.TypesInfo, call)
			if !ok {
				return true
			}
			at(call.Pos())
			lc := libChecker{pass: pass, cfg: cfg, file: file, stack: stack, e: e, scope: retrylib.ScopeAt(pass.TypesInfo, pass.Files, stack)}
			if e.Send {
				if retrylib.IsResty(e.Lib.Path) {
					lc.restyContext()
				}
				return true
			}
			switch e.Lib.Path {
			case retrylib.BackoffV4, retrylib.BackoffV1:
				lc.backoffV4()
			case retrylib.BackoffV5, retrylib.GoRetry:
				lc.ctxArg()
			case retrylib.RetryGo:
				lc.retryGo()
			case retrylib.Failsafe:
				lc.failsafe()
			}
			return true
		})
	}
}

type libChecker struct {
	pass  *analysis.Pass
	cfg   Config
	file  *ast.File
	stack []ast.Node
	e     retrylib.Entry
	scope retrylib.Scope
}

func (lc *libChecker) report(n ast.Node, msg, fix string, edits []analysis.TextEdit) {
	lc.pass.Report(analysis.Diagnostic{
		Pos:            n.Pos(),
		End:            n.End(),
		Message:        msg,
		SuggestedFixes: []analysis.SuggestedFix{{Message: fix, TextEdits: edits}},
	})
}

func (lc *libChecker) sameFile(n ast.Node) bool {
	return n != nil && lc.file.Pos() <= n.Pos() && n.End() <= lc.file.End()
}

// bound returns the text of an overall bound for a retry whose attempts
// have the timeout made by call: the configured attempt count times the
// timeout when it is a constant, otherwise def.
func (lc *libChecker) bound(timeout *ast.CallExpr, def string, compact bool) string {
	if len(timeout.Args) == 2 {
		return lc.boundOf(timeout.Args[1], def, compact)
	}
	return def
}

// boundOf returns the text of the configured attempt count times the
// per-attempt timeout d when d is a constant, otherwise def.
func (lc *libChecker) boundOf(d ast.Expr, def string, compact bool) string {
	if d != nil {
		if tv, ok := lc.pass.TypesInfo.Types[d]; ok && tv.Value != nil {
			if n, ok := retrylib.IntValue(lc.pass.TypesInfo, d); ok && n > 0 {
				if name, edits, ok := fixes.Import(lc.pass.TypesInfo, lc.pass.Pkg, lc.file, "time", lc.e.Call.Pos()); ok && len(edits) == 0 {
					return retrylib.DurationText(time.Duration(n)*time.Duration(lc.cfg.Attempts), name, compact)
				}
			}
		}
	}
	return def
}

func (lc *libChecker) text(n ast.Node) string {
	return fixes.Text(lc.pass.Fset, fixes.Source(lc.pass, n.Pos()), n)
}

func (lc *libChecker) backoffV4() {
	e := lc.e
	if e.BackOff == nil || e.Op == nil {
		return
	}
	b := retrylib.BackOffV4(lc.scope, e.BackOff)
	if !b.Known {
		return
	}
	pkg := retrylib.PkgName(e.Call)
	if pkg == "" {
		return
	}
	name := "backoff." + e.Func.Name()
	if ctx := retrylib.ContextAtHand(lc.pass.TypesInfo, lc.stack); ctx != "" && !b.Context {
		lc.report(e.BackOff,
			fmt.Sprintf("%s waits on a BackOff not wrapped in backoff.WithContext, so the waits ignore cancellation of %s (the operation outlives its caller)", name, ctx),
			"Wrap the BackOff in backoff.WithContext",
			[]analysis.TextEdit{{Pos: e.BackOff.Pos(), End: e.BackOff.End(), NewText: fmt.Appendf(nil, "%s.WithContext(%s, %s)", pkg, lc.text(e.BackOff), ctx)}})
		return
	}
	if !b.NeverStops || b.Context {
		return
	}
	timeout := retrylib.PerAttemptTimeout(lc.scope, e.Op)
	if timeout == nil {
		return
	}
	msg := fmt.Sprintf("per-attempt timeout inside %s, whose BackOff never stops (MaxElapsedTime 0, no WithMaxRetries): the attempts and waits are unbounded", name)
	bound := lc.bound(timeout, pkg+".DefaultMaxElapsedTime", b.ZeroInCall)
	switch {
	case b.Zero != nil && lc.sameFile(b.Zero):
		lc.report(e.Call.Fun, msg, "Bound the retry with MaxElapsedTime",
			[]analysis.TextEdit{{Pos: b.Zero.Pos(), End: b.Zero.End(), NewText: []byte(bound)}})
	case b.Lit != nil && lc.sameFile(b.Lit):
		edits := litField(lc.pass, b.Lit, "MaxElapsedTime: "+bound)
		if edits == nil {
			return
		}
		lc.report(e.Call.Fun, msg, "Bound the retry with MaxElapsedTime", edits)
	case b.Zero == nil && b.Lit == nil:
		lc.report(e.Call.Fun, msg, "Bound the retry with backoff.WithMaxRetries",
			[]analysis.TextEdit{{Pos: e.BackOff.Pos(), End: e.BackOff.End(), NewText: fmt.Appendf(nil, "%s.WithMaxRetries(%s, %d)", pkg, lc.text(e.BackOff), lc.cfg.Attempts)}})
	}
}

// litField returns the edit that adds field (key: value) to lit, with the
// literal reformatted as gofmt aligns its keys.
func litField(pass *analysis.Pass, lit *ast.CompositeLit, field string) []analysis.TextEdit {
	src := fixes.Source(pass, lit.Pos())
	if src == nil {
		return nil
	}
	tf := pass.Fset.File(lit.Pos())
	start, rb := tf.Offset(lit.Pos()), tf.Offset(lit.Rbrace)
	body := strings.TrimRight(string(src[start:rb]), " \t")
	var text string
	if len(lit.Elts) == 0 || pass.Fset.Position(lit.Elts[len(lit.Elts)-1].End()).Line == pass.Fset.Position(lit.Rbrace).Line {
		sep := ", "
		if len(lit.Elts) == 0 {
			sep = ""
		}
		text = body + sep + field + "}"
	} else {
		text = strings.TrimRight(body, "\n") + "\n" + field + ",\n}"
	}
	const prefix = "package p\n\nvar _ = "
	out, err := format.Source([]byte(prefix + text))
	if err != nil {
		return nil
	}
	indent := fixes.Indent(pass.Fset, src, lit.Pos())
	lines := strings.Split(strings.TrimSuffix(strings.TrimPrefix(string(out), prefix), "\n"), "\n")
	for i := 1; i < len(lines); i++ {
		if lines[i] != "" {
			lines[i] = indent + lines[i]
		}
	}
	return []analysis.TextEdit{{Pos: lit.Pos(), End: lit.End(), NewText: []byte(strings.Join(lines, "\n"))}}
}

// ctxArg reports a backoff v5 or go-retry call handed context.Background()
// while the caller's context is at hand: the library waits on the context
// it is given (backoff v5 retry.go:133-137, go-retry retry.go:79-83).
func (lc *libChecker) ctxArg() {
	e := lc.e
	if e.Ctx != nil && retrylib.IsBackground(lc.pass.TypesInfo, e.Ctx) {
		if ctx := retrylib.ContextAtHand(lc.pass.TypesInfo, lc.stack); ctx != "" {
			lc.report(e.Ctx,
				fmt.Sprintf("%s %s is given %s instead of %s, so its waits ignore cancellation of %s (the operation outlives its caller)", e.Lib.Name, e.Func.Name(), lc.text(e.Ctx), ctx, ctx),
				"Pass the caller's context",
				[]analysis.TextEdit{{Pos: e.Ctx.Pos(), End: e.Ctx.End(), NewText: []byte(ctx)}})
			return
		}
	}
	// A context of the caller's is the caller's to bound, as for loops.
	if e.Op == nil || !retrylib.IsBackground(lc.pass.TypesInfo, e.Ctx) {
		return
	}
	if e.Lib.Path == retrylib.GoRetry {
		lc.goRetryForever()
		return
	}
	if !e.OptionsKnown {
		return
	}
	o := retrylib.BackoffV5Options(lc.pass.TypesInfo, e.Options)
	if o.Zero == nil || o.MaxTries {
		return
	}
	timeout := retrylib.PerAttemptTimeout(lc.scope, e.Op)
	if timeout == nil {
		return
	}
	pkg := retrylib.PkgName(e.Call)
	lc.report(o.Zero,
		"per-attempt timeout inside backoff.Retry with WithMaxElapsedTime(0) and no WithMaxTries: the attempts and waits are unbounded",
		"Bound the retry with WithMaxElapsedTime",
		[]analysis.TextEdit{{Pos: o.Zero.Pos(), End: o.Zero.End(), NewText: []byte(lc.bound(timeout, pkg+".DefaultMaxElapsedTime", true))}})
}

// retryGo reports a retry-go Do without retry.Context while the caller's
// context is at hand (its waits select on context.Background(),
// retry.go:235), and Attempts(0) around a per-attempt timeout.
func (lc *libChecker) retryGo() {
	e := lc.e
	if !e.OptionsKnown || e.Op == nil {
		return
	}
	o := retrylib.RetryGoOptions(lc.pass.TypesInfo, e.Options)
	if o.Context != nil {
		return
	}
	pkg := retrylib.PkgName(e.Call)
	if pkg == "" {
		return
	}
	if ctx := retrylib.ContextAtHand(lc.pass.TypesInfo, lc.stack); ctx != "" {
		at := e.Call.Rparen
		if e.Call.Args[len(e.Call.Args)-1].End() < at {
			at = e.Call.Args[len(e.Call.Args)-1].End()
		}
		lc.report(e.Call.Fun,
			fmt.Sprintf("retry.%s without retry.Context(%s): its waits ignore cancellation of %s (the operation outlives its caller)", e.Func.Name(), ctx, ctx),
			"Hand the caller's context to retry.Context",
			[]analysis.TextEdit{{Pos: at, End: at, NewText: fmt.Appendf(nil, ", %s.Context(%s)", pkg, ctx)}})
		return
	}
	if o.Forever == nil {
		return
	}
	if retrylib.PerAttemptTimeout(lc.scope, e.Op) == nil {
		return
	}
	lc.report(o.Forever,
		fmt.Sprintf("per-attempt timeout inside retry.%s with %s and no retry.Context: it retries until success, so the attempts and waits are unbounded", e.Func.Name(), lc.text(o.Forever)),
		"Bound the attempts",
		[]analysis.TextEdit{{Pos: o.Forever.Pos(), End: o.Forever.End(), NewText: fmt.Appendf(nil, "%s.Attempts(%d)", pkg, lc.cfg.Attempts)}})
}

// goRetryForever reports a go-retry Do handed context.Background() whose
// Backoff never stops (no WithMaxRetries, no WithMaxDuration) around an
// operation that makes a per-attempt timeout: only success or an error
// not marked retryable ends it. Fix: the library's own bound,
// retry.WithMaxDuration around the Backoff (for the shorthands Constant,
// Exponential, Fibonacci: Do with their Backoff so wrapped).
func (lc *libChecker) goRetryForever() {
	e := lc.e
	if e.BackOff != nil {
		if b := retrylib.GoRetryBackoff(lc.scope, e.BackOff); !b.Known || !b.NeverStops {
			return
		}
	}
	timeout := retrylib.PerAttemptTimeout(lc.scope, e.Op)
	if timeout == nil {
		return
	}
	pkg := retrylib.PkgName(e.Call)
	if pkg == "" || len(e.Call.Args) != 3 {
		return
	}
	bound := lc.bound(timeout, "", true)
	if bound == "" {
		return // no constant timeout to bound by
	}
	msg := fmt.Sprintf("per-attempt timeout inside retry.%s with context.Background() and a Backoff that never stops (no WithMaxRetries or WithMaxDuration): the attempts and waits are unbounded", e.Func.Name())
	var edits []analysis.TextEdit
	if e.BackOff != nil {
		edits = []analysis.TextEdit{{Pos: e.BackOff.Pos(), End: e.BackOff.End(), NewText: fmt.Appendf(nil, "%s.WithMaxDuration(%s, %s)", pkg, bound, lc.text(e.BackOff))}}
	} else {
		sel, ok := ast.Unparen(e.Call.Fun).(*ast.SelectorExpr)
		if !ok {
			return
		}
		base := e.Call.Args[1]
		edits = []analysis.TextEdit{
			{Pos: sel.Sel.Pos(), End: sel.Sel.End(), NewText: []byte("Do")},
			{Pos: base.Pos(), End: base.End(), NewText: fmt.Appendf(nil, "%s.WithMaxDuration(%s, %s.New%s(%s))", pkg, bound, pkg, e.Func.Name(), lc.text(base))},
		}
	}
	lc.report(e.Call.Fun, msg, "Bound the retry with retry.WithMaxDuration", edits)
}

// restyContext reports a request sent through a retrying resty client,
// in a function with the caller's context at hand, without SetContext on
// the request: the attempts and the waits between them run on
// context.Background() (v2 retry.go:116-119, 165-169; v3
// request.go:1583-1590), so they outlive their caller. Fix: hand the
// caller's context to the request.
func (lc *libChecker) restyContext() {
	e := lc.e
	if e.Recv == nil {
		return
	}
	cfg := retrylib.Resty(lc.scope, e.Recv, func(string) bool { return false })
	if !cfg.RetriesMethod(e.Method) || cfg.Context != nil {
		return
	}
	ctx := retrylib.ContextAtHand(lc.pass.TypesInfo, lc.stack)
	if ctx == "" {
		return
	}
	sel, ok := ast.Unparen(e.Call.Fun).(*ast.SelectorExpr)
	if !ok {
		return
	}
	lc.report(sel.Sel,
		fmt.Sprintf("request is sent through a retrying resty client without SetContext(%s): its attempts and the waits between them ignore cancellation of %s (the operation outlives its caller)", ctx, ctx),
		"Hand the caller's context to the request",
		[]analysis.TextEdit{{Pos: sel.Sel.Pos(), End: sel.Sel.Pos(), NewText: fmt.Appendf(nil, "SetContext(%s).", ctx)}})
}

// failsafe reports an operation run by a failsafe-go Executor with a retry
// policy: without WithContext while the caller's context is at hand (the
// waits select on the Executor's context, context.Background() unless
// WithContext, retryexecutor.go:72-77, executor.go:105; fix: WithContext
// on the Executor), and, with no context at hand, a policy that never
// stops (WithMaxRetries(-1), no WithMaxDuration) around an operation that
// makes a per-attempt timeout (fix: WithMaxDuration on its builder).
func (lc *libChecker) failsafe() {
	e := lc.e
	if e.Op == nil || e.Recv == nil {
		return
	}
	cfg := retrylib.FailsafeExecutor(lc.scope, e.Recv)
	if !cfg.Known || !cfg.Retry {
		return
	}
	sel, ok := ast.Unparen(e.Call.Fun).(*ast.SelectorExpr)
	if !ok {
		return
	}
	if ctx := retrylib.ContextAtHand(lc.pass.TypesInfo, lc.stack); ctx != "" {
		if cfg.Context != nil {
			return
		}
		lc.report(sel.Sel,
			fmt.Sprintf("failsafe Executor.%s without WithContext(%s): the waits of its retry policy ignore cancellation of %s (the operation outlives its caller)", e.Func.Name(), ctx, ctx),
			"Hand the caller's context to the Executor",
			[]analysis.TextEdit{{Pos: sel.Sel.Pos(), End: sel.Sel.Pos(), NewText: fmt.Appendf(nil, "WithContext(%s).", ctx)}})
		return
	}
	if !cfg.NeverStops || cfg.OuterTimeout || cfg.Build == nil || !lc.sameFile(cfg.Build) || cfg.Context != nil && !retrylib.IsBackground(lc.pass.TypesInfo, cfg.Context) {
		return
	}
	// A per-attempt timeout: a timeout policy inside the retry policy, or
	// a context.WithTimeout made by the operation.
	perAttempt := cfg.InnerTimeout
	if timeout := retrylib.PerAttemptTimeout(lc.scope, e.Op); perAttempt == nil && timeout != nil && len(timeout.Args) == 2 {
		perAttempt = timeout.Args[1]
	}
	if perAttempt == nil {
		return
	}
	bound := lc.boundOf(perAttempt, "", false)
	build, ok := ast.Unparen(cfg.Build.Fun).(*ast.SelectorExpr)
	if bound == "" || !ok {
		return
	}
	lc.report(sel.Sel,
		fmt.Sprintf("per-attempt timeout inside failsafe Executor.%s whose retry policy never stops (WithMaxRetries(-1), no WithMaxDuration): the attempts and waits are unbounded", e.Func.Name()),
		"Bound the retry policy with WithMaxDuration",
		[]analysis.TextEdit{{Pos: build.Sel.Pos(), End: build.Sel.Pos(), NewText: fmt.Appendf(nil, "WithMaxDuration(%s).", bound)}})
}
