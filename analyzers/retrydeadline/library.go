package retrydeadline

import (
	"fmt"
	"go/ast"
	"go/format"
	"go/token"
	"go/types"
	"strings"
	"time"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/fixes"
	"github.com/retrylint/retrylint/internal/httpmodel"
	"github.com/retrylint/retrylint/internal/retrylib"
)

// checkLibraries reports the retries of retry libraries (internal/retrylib)
// that never stop although their operation makes a per-attempt timeout,
// and those whose waits ignore the caller's context because it was not
// handed to the library. ctors gives the clients of other packages'
// constructors (see retryloop.Result.Ctors): a resty client one returns
// is read from its configuration there.
func checkLibraries(pass *analysis.Pass, cfg Config, ctors retrylib.Ctors, uncancelled func(fn ast.Node, v *types.Var) bool, attempts func(file *ast.File, call *ast.CallExpr, ctx string) []analysis.TextEdit, at func(token.Pos)) {
	if !retrylib.ImportsLibrary(pass.Pkg) && ctors == nil {
		return
	}
	var ix *retrylib.Values
	values := func() *retrylib.Values {
		if ix == nil {
			ix = retrylib.NewValues(pass.TypesInfo, pass.Files)
		}
		return ix
	}
	shared := &libState{uncancelled: uncancelled, attempts: attempts}
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
			lc := libChecker{pass: pass, cfg: cfg, file: file, stack: stack, e: e, scope: retrylib.ScopeAt(pass.TypesInfo, pass.Files, stack), values: values, shared: shared}
			lc.scope.Ctors = ctors
			lc.e = lc.scope.Resolve(e)
			e = lc.e
			if e.Send {
				if retrylib.IsResty(e.Lib.Path) {
					lc.restyContext()
				}
				return true
			}
			switch path := e.Lib.Path; {
			case retrylib.IsBackoffClassic(path):
				lc.backoffV4()
			case retrylib.IsBackoffCtx(path), path == retrylib.GoRetry:
				lc.ctxArg()
			case retrylib.IsRetryGo(path):
				lc.retryGo()
			case path == retrylib.Failsafe:
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
	// values is the package's value index, made on first use.
	values func() *retrylib.Values
	// shared is what the checkers of one package share.
	shared *libState
}

// libState is what the library checks of one package share: the
// declaration of withoutDeadline that the resty v3 context fixes use.
type libState struct {
	noDeadline *noDeadlineDecl
	// uncancelled reports a request parameter whose every request has
	// a context nothing cancels (see checker.uncancelledRequest).
	uncancelled func(fn ast.Node, v *types.Var) bool
	// attempts returns the edits that give ctx to the attempts of the
	// operation handed to the library's call (see checker.attemptsFix).
	attempts func(file *ast.File, call *ast.CallExpr, ctx string) []analysis.TextEdit
}

// contextAtHand returns the caller's context at the library's call (see
// retrylib.ContextAtHand), passing over a request parameter whose
// context nothing cancels.
func (lc *libChecker) contextAtHand() string {
	return retrylib.ContextAtHandExcept(lc.pass.TypesInfo, lc.stack, lc.shared.uncancelled)
}

func (lc *libChecker) report(n ast.Node, msg, fix string, edits []analysis.TextEdit) {
	lc.pass.Report(analysis.Diagnostic{
		Pos:            n.Pos(),
		End:            n.End(),
		Message:        msg,
		SuggestedFixes: []analysis.SuggestedFix{{Message: fix, TextEdits: edits}},
	})
}

// reportWait is report for a finding whose fix makes the library's waits
// end with ctx: the fix gives ctx to the operation's attempts too (see
// attemptsFix), or they would outlive it.
func (lc *libChecker) reportWait(ctx string, n ast.Node, msg, fix string, edits []analysis.TextEdit) {
	if lc.shared.attempts != nil {
		edits = append(edits, lc.shared.attempts(lc.file, lc.e.Call, ctx)...)
	}
	lc.report(n, msg, fix, edits)
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

// indentAt returns the indentation of the line of pos.
func (lc *libChecker) indentAt(pos token.Pos) string {
	return fixes.Indent(lc.pass.Fset, fixes.Source(lc.pass, pos), pos)
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
	if ctx := lc.contextAtHand(); ctx != "" && !b.Context {
		lc.reportWait(ctx, e.BackOff,
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
		if ctx := lc.contextAtHand(); ctx != "" {
			lc.reportWait(ctx, e.Ctx,
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
	if !e.OptionsKnown && e.Defaults == nil || e.Op == nil {
		return
	}
	o := retrylib.RetryGoOptions(lc.pass.TypesInfo, e.Options)
	if o.Context != nil || o.None {
		return
	}
	pkg := retrylib.PkgName(e.Call)
	if pkg == "" || e.Func.Pkg().Scope().Lookup("Context") == nil {
		return // v2 has no Context option to hand the context to
	}
	if ctx := lc.contextAtHand(); ctx != "" {
		// Options of defaults the caller's may follow
		// (append([]retry.Option{...}, opts...)...): the defaults do
		// not bind the waits to the context at hand, and get it.
		text := fmt.Sprintf(", %s.Context(%s)", pkg, ctx)
		at := e.Call.Rparen
		if e.Call.Args[len(e.Call.Args)-1].End() < at {
			at = e.Call.Args[len(e.Call.Args)-1].End()
		}
		d := e.Defaults
		if e.Spread != nil {
			// retry.Do(op, opts...) with opts a local slice: the
			// option goes into the literal it is built from, where
			// the context must be in scope as it is at the call.
			d = e.Spread
			info := lc.pass.TypesInfo
			if obj := fixes.ObjectAt(info, lc.file, ctx, d.Lbrace); obj == nil || obj != fixes.ObjectAt(info, lc.file, ctx, e.Call.Pos()) {
				return
			}
		}
		if d != nil {
			at, text = d.Lbrace+1, fmt.Sprintf("%s.Context(%s), ", pkg, ctx)
			if len(d.Elts) > 0 && lc.pass.Fset.Position(d.Elts[0].Pos()).Line != lc.pass.Fset.Position(d.Lbrace).Line {
				at, text = d.Elts[0].Pos(), fmt.Sprintf("%s.Context(%s),\n%s", pkg, ctx, lc.indentAt(d.Elts[0].Pos()))
			}
		}
		lc.reportWait(ctx, e.Call.Fun,
			fmt.Sprintf("retry.%s without retry.Context(%s): its waits ignore cancellation of %s (the operation outlives its caller)", e.Func.Name(), ctx, ctx),
			"Hand the caller's context to retry.Context",
			[]analysis.TextEdit{{Pos: at, End: at, NewText: []byte(text)}})
		return
	}
	if o.Forever == nil || !e.OptionsKnown {
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
	sel, ok := ast.Unparen(e.Call.Fun).(*ast.SelectorExpr)
	if !ok {
		return
	}
	ctx := lc.contextAtHand()
	if ctx == "" {
		lc.restyTimeout(cfg, sel)
		return
	}
	msg := fmt.Sprintf("request is sent through a retrying resty client without SetContext(%s): its attempts and the waits between them ignore cancellation of %s (the operation outlives its caller)", ctx, ctx)
	if cfg.Path == retrylib.RestyV3 && cfg.HasTimeout() {
		// v3 drops SetTimeout for a request whose context has a deadline
		// (request.go:1911-1912): with the caller's context as it is, a
		// hung attempt would run to the caller's deadline instead of
		// being cut and retried. The request gets the caller's context
		// without its deadline, which still ends every attempt and wait
		// when the caller's context ends, with its error.
		name, edits, ok := lc.withoutDeadline(sel.Sel.Pos())
		if !ok {
			return
		}
		lc.report(sel.Sel, msg,
			"Hand the caller's context to the request, without its deadline, so that SetTimeout still bounds each attempt",
			append(edits, analysis.TextEdit{Pos: sel.Sel.Pos(), End: sel.Sel.Pos(), NewText: fmt.Appendf(nil, "SetContext(%s{%s}).", name, ctx)}))
		return
	}
	lc.report(sel.Sel, msg,
		"Hand the caller's context to the request",
		[]analysis.TextEdit{{Pos: sel.Sel.Pos(), End: sel.Sel.Pos(), NewText: fmt.Appendf(nil, "SetContext(%s).", ctx)}})
}

// noDeadlineName is the name of the type that hides a context's deadline.
const noDeadlineName = "withoutDeadline"

// noDeadlineDecl is the package's withoutDeadline: declared already
// (edits nil), or declared by the edits that every fix using it carries,
// identical in each, after the declaration of the package's first use in a
// file that is not a test (go fix and golangci-lint merge identical edits
// of several fixes). usable is false when no declaration can be made.
type noDeadlineDecl struct {
	usable bool
	name   string
	edits  []analysis.TextEdit
}

// withoutDeadline returns the name of the type that hides a context's
// deadline, usable at pos, and the edits that declare it:
//
//	// withoutDeadline is its context without the deadline: ...
//	type withoutDeadline struct{ context.Context }
//
//	func (withoutDeadline) Deadline() (time.Time, bool) { return time.Time{}, false }
func (lc *libChecker) withoutDeadline(pos token.Pos) (string, []analysis.TextEdit, bool) {
	if lc.shared.noDeadline == nil {
		if analysisutil.IsTestFile(lc.pass, lc.file) && lc.nonTestImportsResty() {
			// A declaration in a test file would not serve the package's
			// other files, one of which uses resty v3 too: the home is
			// the first use in a file that is not a test, and a use in a
			// test file before it goes unreported.
			return "", nil, false
		}
		lc.shared.noDeadline = lc.declareNoDeadline(pos)
	}
	d := lc.shared.noDeadline
	if !d.usable {
		return "", nil, false
	}
	pkgObj := lc.pass.Pkg.Scope().Lookup(d.name)
	if scope := lc.pass.Pkg.Scope().Innermost(pos); scope != nil {
		if _, obj := scope.LookupParent(d.name, pos); obj != nil && obj != pkgObj {
			return "", nil, false // a local declaration hides it here
		}
	}
	return d.name, d.edits, true
}

// nonTestImportsResty reports whether a file of the package that is not a
// test imports resty v3.
func (lc *libChecker) nonTestImportsResty() bool {
	for _, f := range lc.pass.Files {
		if !analysisutil.IsTestFile(lc.pass, f) && analysisutil.FileImports(f, retrylib.RestyV3) {
			return true
		}
	}
	return false
}

// declareNoDeadline resolves, at the package's first use (at pos),
// whether the package declares withoutDeadline already (a struct type
// that embeds context.Context alone and has a Deadline method of its own,
// as the fix declares it), and otherwise the name and the edits that
// declare it after the top-level declaration holding the use: the name
// withoutDeadline, or with a number when something else has it.
func (lc *libChecker) declareNoDeadline(pos token.Pos) *noDeadlineDecl {
	if obj := lc.pass.Pkg.Scope().Lookup(noDeadlineName); obj != nil && isNoDeadline(obj) {
		return &noDeadlineDecl{usable: true, name: noDeadlineName}
	}
	if len(lc.stack) < 2 {
		return &noDeadlineDecl{}
	}
	decl := lc.stack[1] // the file's declaration holding the use
	info := lc.pass.TypesInfo
	name := fixes.FreeName(info, lc.file, noDeadlineName, nil, pos, decl.End())
	ctxName, edits, ok := fixes.Import(info, lc.pass.Pkg, lc.file, "context", decl.End())
	if !ok {
		return &noDeadlineDecl{}
	}
	timeName, tEdits, ok := fixes.Import(info, lc.pass.Pkg, lc.file, "time", decl.End())
	if !ok {
		return &noDeadlineDecl{}
	}
	text := fmt.Sprintf(`

// %[1]s is its context without the deadline: resty drops
// SetTimeout for a request whose context has a deadline, and keeps it for
// this one, which still ends when its context does, with the same error.
type %[1]s struct{ %[2]s.Context }

// Deadline reports that there is none.
func (%[1]s) Deadline() (%[3]s.Time, bool) { return %[3]s.Time{}, false }`, name, ctxName, timeName)
	edits = append(append(edits, tEdits...), analysis.TextEdit{Pos: decl.End(), End: decl.End(), NewText: []byte(text)})
	return &noDeadlineDecl{usable: true, name: name, edits: edits}
}

// isNoDeadline reports whether obj is a withoutDeadline as the fix
// declares it: a struct type whose only field is an embedded
// context.Context, with a Deadline method of its own.
func isNoDeadline(obj types.Object) bool {
	tn, ok := obj.(*types.TypeName)
	if !ok {
		return false
	}
	named, ok := tn.Type().(*types.Named)
	if !ok {
		return false
	}
	st, ok := named.Underlying().(*types.Struct)
	if !ok || st.NumFields() != 1 || !st.Field(0).Embedded() || !httpmodel.IsNamed(st.Field(0).Type(), "context", "Context") {
		return false
	}
	for i := range named.NumMethods() {
		if named.Method(i).Name() == "Deadline" {
			return true
		}
	}
	return false
}

// restyTimeout reports a request sent, with no context at hand and none
// set on it, through a retrying resty client whose SetTimeout bounds each
// attempt (retrylib.RestyConfig.Timeout), from a function that makes no
// deadline: RetryCount+1 attempts and the waits between them have no
// overall bound. Fix: a context that ends after the attempts' timeouts,
// handed to the request (the attempts and the waits select on it: v2
// retry.go:116-119, 165-169, v3 request.go:1583-1590). v2 keeps its
// per-attempt Timeout beside a deadline, so the context is a
// context.WithTimeout; v3 drops SetTimeout when the context has a
// deadline (request.go:1911-1912), so the context has none and is
// cancelled by a timer instead, which keeps the per-attempt timeout.
func (lc *libChecker) restyTimeout(cfg retrylib.RestyConfig, sel *ast.SelectorExpr) {
	if !cfg.HasTimeout() {
		return
	}
	info := lc.pass.TypesInfo
	var fn ast.Node
	for i := len(lc.stack) - 1; i >= 0 && fn == nil; i-- {
		switch n := lc.stack[i].(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			fn = n
		case *ast.ForStmt, *ast.RangeStmt:
			return // a defer per iteration: not the place for the fix
		}
	}
	if fn == nil || makesDeadline(lc.pass, lc.values(), fn, 0) {
		return
	}
	stmt := fixes.StmtOf(fn, lc.e.Call)
	if stmt == nil {
		return
	}
	ctxName, edits, ok := fixes.Import(info, lc.pass.Pkg, lc.file, "context", stmt.Pos())
	if !ok {
		return
	}
	timeName, tEdits, ok := fixes.Import(info, lc.pass.Pkg, lc.file, "time", stmt.Pos())
	if !ok {
		return
	}
	edits = append(edits, tEdits...)
	budget := lc.restyBudget(cfg, timeName)
	if budget == "" {
		return
	}
	src := fixes.Source(lc.pass, stmt.Pos())
	indent := fixes.Indent(lc.pass.Fset, src, stmt.Pos())
	tf := lc.pass.Fset.File(stmt.Pos())
	if tf.Offset(stmt.Pos())-tf.Offset(tf.LineStart(tf.Line(stmt.Pos()))) != len(indent) {
		// The statement shares its line (case x: c.R().Get(u), a
		// one-line closure): the lines of the fix have no place of
		// their own before it.
		return
	}
	ctx := fixes.FreeName(info, lc.file, "ctx", nil, stmt.Pos())
	cancel := fixes.FreeName(info, lc.file, "cancel", nil, stmt.Pos())
	var text string
	if cfg.Path == retrylib.RestyV2 {
		text = fmt.Sprintf(`%[1]s// SetTimeout bounds each attempt: bound the attempts and the waits
%[1]s// between them as well.
%[1]s%[2]s, %[3]s := %[4]s.WithTimeout(%[4]s.Background(), %[5]s)
%[1]sdefer %[3]s()
`, indent, ctx, cancel, ctxName, budget)
	} else {
		stop := fixes.FreeName(info, lc.file, "stop", nil, stmt.Pos())
		text = fmt.Sprintf(`%[1]s// SetTimeout bounds each attempt, and resty drops it when the context
%[1]s// has a deadline: end the attempts and the waits with a timer instead.
%[1]s%[2]s, %[3]s := %[4]s.WithCancel(%[4]s.Background())
%[1]sdefer %[3]s()
%[1]s%[6]s := %[7]s.AfterFunc(%[5]s, %[3]s)
%[1]sdefer %[6]s.Stop()
`, indent, ctx, cancel, ctxName, budget, stop, timeName)
	}
	line := lc.pass.Fset.File(stmt.Pos()).LineStart(lc.pass.Fset.Position(stmt.Pos()).Line)
	edits = append(edits,
		analysis.TextEdit{Pos: line, End: line, NewText: []byte(text)},
		analysis.TextEdit{Pos: sel.Sel.Pos(), End: sel.Sel.Pos(), NewText: fmt.Appendf(nil, "SetContext(%s).", ctx)})
	lc.report(sel.Sel,
		"request is sent through a retrying resty client whose SetTimeout bounds each attempt, not the call: its attempts and the waits between them have no overall deadline",
		"Bound every attempt and wait with one deadline on the request's context", edits)
}

// restyBudget returns the text of the attempts' timeouts added up: the
// constant retry count plus one times the constant timeout, or, when
// either is not a constant, the same read from the client at the root of
// the request's chain (v2: the RetryCount field and GetClient().Timeout,
// client.go:116, 1169; v3: RetryCount() and Timeout(), client.go:1291,
// 1365), or "".
func (lc *libChecker) restyBudget(cfg retrylib.RestyConfig, timeName string) string {
	info := lc.pass.TypesInfo
	t, ok := cfg.CtorTimeout, cfg.CtorTimeout > 0 // the constructor's
	if cfg.Timeout != nil {
		t, ok = retrylib.IntValue(info, cfg.Timeout.Args[0])
	}
	if ok && cfg.RetryCount > 0 {
		return retrylib.DurationText(time.Duration(cfg.RetryCount+1)*time.Duration(t), timeName, true)
	}
	// The client: x of x.R() (or x.NewRequest()) at the root of the chain.
	var client ast.Expr
	for x := ast.Unparen(lc.e.Recv); client == nil; {
		call, ok := x.(*ast.CallExpr)
		if !ok {
			return ""
		}
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok {
			return ""
		}
		if fn := httpmodel.Callee(info, call); fn != nil && (fn.Name() == "R" || fn.Name() == "NewRequest") && httpmodel.IsNamed(info.TypeOf(sel.X), cfg.Path, "Client") {
			client = sel.X
		}
		x = ast.Unparen(sel.X)
	}
	if !fixes.Pure(info, client) {
		return ""
	}
	c := lc.text(client)
	if cfg.Path == retrylib.RestyV2 {
		return fmt.Sprintf("%s.Duration(%s.RetryCount+1)*%s.GetClient().Timeout", timeName, c, c)
	}
	if cfg.Timeout != nil && recvOf(info, cfg.Timeout) == "Request" {
		return "" // the request's own timeout: not on the client
	}
	return fmt.Sprintf("%s.Duration(%s.RetryCount()+1)*%s.Timeout()", timeName, c, c)
}

// recvOf returns the name of the receiver's type of the method call, or "".
func recvOf(info *types.Info, call *ast.CallExpr) string {
	fn := httpmodel.Callee(info, call)
	if fn == nil {
		return ""
	}
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil {
		return ""
	}
	t := sig.Recv().Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := t.(*types.Named); ok {
		return n.Obj().Name()
	}
	return ""
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
	if ctx := lc.contextAtHand(); ctx != "" {
		if cfg.Context != nil {
			return
		}
		lc.reportWait(ctx, sel.Sel,
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
