package retrydeadline

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/constant"
	"go/format"
	"go/parser"
	"go/token"
	"go/types"
	"strconv"
	"strings"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/cfg"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/config"
	"github.com/retrylint/retrylint/internal/fixes"
	"github.com/retrylint/retrylint/internal/flow"
	"github.com/retrylint/retrylint/internal/httpmodel"
	"github.com/retrylint/retrylint/internal/retryloop"
)

//go:embed doc.go
var doc string

// Config is the configuration of one instance of the analyzer.
type Config struct {
	// Bounded reports loops with a bounded attempt count too.
	Bounded bool
	// Attempts is the attempt count the suggested overall deadline assumes
	// for a loop whose count is not known.
	Attempts int
}

// DefaultConfig returns the configuration the analyzer runs with when no
// flag is given.
func DefaultConfig() Config {
	return Config{Bounded: true, Attempts: 3}
}

// Analyzer reports per-attempt timeouts without an overall deadline and
// waits that ignore cancellation, with the default configuration.
var Analyzer = New(DefaultConfig())

// New returns an analyzer with its own configuration and flags.
func New(cfg Config) *analysis.Analyzer {
	if cfg.Attempts < 1 {
		cfg.Attempts = DefaultConfig().Attempts
	}
	c := &cfg
	a := &analysis.Analyzer{
		Name:      "retrydeadline",
		Doc:       analysisutil.Doc(doc, "retrydeadline"),
		URL:       "https://pkg.go.dev/github.com/retrylint/retrylint/analyzers/retrydeadline",
		Requires:  []*analysis.Analyzer{retryloop.Analyzer},
		FactTypes: []analysis.Fact{new(timeoutFact)},
		Run: analysisutil.Safe("retrydeadline", func(pass *analysis.Pass, at func(token.Pos)) (any, error) {
			return run(pass, *c, at)
		}),
	}
	a.Flags.BoolVar(&c.Bounded, "bounded", c.Bounded, "also report loops with a bounded attempt count")
	a.Flags.Var(config.PositiveInt{P: &c.Attempts}, "attempts", "attempt count that the suggested overall deadline assumes when the loop's count is not known (at least 1)")
	return a
}

// timeoutFact marks a function that makes its own per-attempt timeout from
// a context without a deadline and sends a request under it. Nanos is the
// timeout when it is a constant, 0 otherwise.
type timeoutFact struct {
	Nanos int64
}

func (*timeoutFact) AFact() {}

func (f *timeoutFact) String() string {
	if f.Nanos == 0 {
		return "owntimeout"
	}
	return "owntimeout(" + time.Duration(f.Nanos).String() + ")"
}

type checker struct {
	pass  *analysis.Pass
	cfg   Config
	loops *retryloop.Result
	local map[*types.Func]*timeoutFact
	// handledSleeps are waits already rewritten by a deadline fix.
	handledSleeps map[*ast.ExprStmt]bool
	// cfgs are the control-flow graphs of function bodies, built when a
	// loop's attempt bound needs one.
	cfgs map[*ast.BlockStmt]*cfg.CFG
}

func run(pass *analysis.Pass, cfg Config, at func(token.Pos)) (any, error) {
	loops := pass.ResultOf[retryloop.Analyzer].(*retryloop.Result)
	if !httpmodel.ImportsHTTP(pass.Pkg) && len(loops.Loops) == 0 {
		return nil, nil // no send, and no retry helper
	}
	c := &checker{pass: pass, cfg: cfg, loops: loops, local: map[*types.Func]*timeoutFact{}, handledSleeps: map[*ast.ExprStmt]bool{}}
	c.computeFacts(at)
	checkLibraries(pass, cfg, at)
	checkClients(pass)
	for _, l := range loops.Loops {
		at(l.Stmt.Pos())
		file := fixes.FileOf(pass, l.Stmt.Pos())
		if file == nil || isHTTPTestFile(pass, file) {
			continue
		}
		c.checkDeadline(file, l)
	}
	for _, l := range loops.OpLoops {
		at(l.Stmt.Pos())
		file := fixes.FileOf(pass, l.Stmt.Pos())
		if file == nil || isHTTPTestFile(pass, file) {
			continue
		}
		c.checkDeadline(file, l)
	}
	for _, l := range loops.Loops {
		at(l.Stmt.Pos())
		file := fixes.FileOf(pass, l.Stmt.Pos())
		if file == nil || isHTTPTestFile(pass, file) {
			continue
		}
		c.checkSleeps(file, l)
	}
	return nil, nil
}

// isHTTPTestFile reports whether file is a test file that uses an
// httptest server, whose loops poll a server of the test's own.
func isHTTPTestFile(pass *analysis.Pass, file *ast.File) bool {
	if !strings.HasSuffix(pass.Fset.File(file.Pos()).Name(), "_test.go") {
		return false
	}
	for _, imp := range file.Imports {
		if p, _ := strconv.Unquote(imp.Path.Value); p == "net/http/httptest" {
			return true
		}
	}
	return false
}

// computeFacts marks the functions that make their own timeout from a
// deadline-less context and send.
func (c *checker) computeFacts(at func(token.Pos)) {
	for _, file := range c.pass.Files {
		if isHTTPTestFile(c.pass, file) {
			continue
		}
		for _, d := range file.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			fn, _ := c.pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if fn == nil || !c.loops.Sends(fn) {
				continue
			}
			at(fd.Pos())
			var found *timeoutFact
			c.inspectOwn(fd.Body, func(call *ast.CallExpr) {
				if found != nil {
					return
				}
				if t, ok := c.attemptTimeout(fd, call); ok {
					found = &timeoutFact{}
					if v, ok := c.constNanos(t.timeout); ok {
						found.Nanos = v
					}
				}
			})
			if found != nil {
				c.local[fn] = found
				if fn.Exported() {
					c.pass.ExportObjectFact(fn, found)
				}
			}
		}
	}
}

func (c *checker) fact(fn *types.Func) *timeoutFact {
	if fn == nil {
		return nil
	}
	if f, ok := c.local[fn.Origin()]; ok {
		return f
	}
	var f timeoutFact
	if fn.Pkg() != c.pass.Pkg && c.pass.ImportObjectFact(fn.Origin(), &f) {
		return &f
	}
	return nil
}

// inspectOwn calls fn for each call in root that runs as part of root
// itself: go and defer statements and function literals are skipped, but a
// literal called on the spot is part of root.
func (c *checker) inspectOwn(root ast.Node, fn func(*ast.CallExpr)) {
	ast.Inspect(root, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit, *ast.GoStmt, *ast.DeferStmt:
			return false
		case *ast.CallExpr:
			fn(n)
			if lit, ok := ast.Unparen(n.Fun).(*ast.FuncLit); ok {
				c.inspectOwn(lit.Body, fn)
			}
			// A closure made in root and called here (as a retry loop
			// calls its attempt) runs here too.
			if lit := c.loops.ClosureOf(n); lit != nil && root.Pos() <= lit.Pos() && lit.End() <= root.End() {
				c.inspectOwn(lit.Body, fn)
			}
		}
		return true
	})
}

// A timeout is a context.WithTimeout and its kin.
type timeout struct {
	call    *ast.CallExpr
	parent  ast.Expr
	timeout ast.Expr // the per-attempt duration, nil when unknown
}

// attemptTimeout recognises a timeout made from a context that carries no
// deadline.
func (c *checker) attemptTimeout(fn ast.Node, call *ast.CallExpr) (timeout, bool) {
	info := c.pass.TypesInfo
	f := httpmodel.Callee(info, call)
	if !httpmodel.IsPkgFunc(f, "context", "WithTimeout", "WithTimeoutCause", "WithDeadline", "WithDeadlineCause") || len(call.Args) < 2 {
		return timeout{}, false
	}
	t := timeout{call: call, parent: call.Args[0]}
	if !c.noDeadline(fn, t.parent, 0) {
		return timeout{}, false
	}
	switch f.Name() {
	case "WithTimeout", "WithTimeoutCause":
		t.timeout = call.Args[1]
	default:
		// WithDeadline(parent, time.Now().Add(d)) is a timeout of d.
		if add, ok := ast.Unparen(call.Args[1]).(*ast.CallExpr); ok && len(add.Args) == 1 {
			if m := httpmodel.Callee(info, add); httpmodel.IsMethod(m, "time", "Time", "Add") {
				if sel, ok := ast.Unparen(add.Fun).(*ast.SelectorExpr); ok {
					if now, ok := ast.Unparen(sel.X).(*ast.CallExpr); ok && httpmodel.IsPkgFunc(httpmodel.Callee(info, now), "time", "Now") {
						t.timeout = add.Args[0]
					}
				}
			}
		}
	}
	return t, true
}

// noDeadline reports whether the context e certainly carries no deadline:
// context.Background(), TODO(), WithoutCancel(...), or a local variable
// assigned only such contexts (directly or through WithCancel, WithValue
// and their kin). Parameters, fields and anything else may carry one.
func (c *checker) noDeadline(fn ast.Node, e ast.Expr, depth int) bool {
	if depth > 8 {
		return false
	}
	info := c.pass.TypesInfo
	switch e := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		f := httpmodel.Callee(info, e)
		switch {
		case httpmodel.IsPkgFunc(f, "context", "Background", "TODO", "WithoutCancel"):
			return true
		case httpmodel.IsPkgFunc(f, "context", "WithCancel", "WithCancelCause", "WithValue"):
			return len(e.Args) > 0 && c.noDeadline(fn, e.Args[0], depth+1)
		}
	case *ast.Ident:
		v, ok := info.Uses[e].(*types.Var)
		if !ok || v.IsField() || isParam(info, fn, v) || v.Parent() == v.Pkg().Scope() {
			return false
		}
		values, ok := flow.Assigned(info, fn, v)
		if !ok || len(values) == 0 {
			return false
		}
		for _, val := range values {
			if !c.noDeadline(fn, val, depth+1) {
				return false
			}
		}
		return true
	}
	return false
}

func isParam(info *types.Info, fn ast.Node, v *types.Var) bool {
	ft, _ := flow.FuncParts(fn)
	if ft == nil || ft.Params == nil {
		return false
	}
	for _, f := range ft.Params.List {
		for _, n := range f.Names {
			if info.Defs[n] == v {
				return true
			}
		}
	}
	// A variable of an enclosing function seen from a literal is not ours
	// to judge either.
	return v.Pos() < fn.Pos() || v.Pos() > fn.End()
}

func (c *checker) constNanos(e ast.Expr) (int64, bool) {
	if e == nil {
		return 0, false
	}
	tv, ok := c.pass.TypesInfo.Types[e]
	if !ok || tv.Value == nil {
		return 0, false
	}
	v, exact := constant.Int64Val(constant.ToInt(tv.Value))
	return v, exact && v > 0
}

// hasBudget reports whether the loop checks a wall-clock budget: it calls
// time.Since, time.Until, time.Now or a context's Deadline method.
func (c *checker) hasBudget(l *retryloop.Loop) bool {
	info := c.pass.TypesInfo
	found := false
	ast.Inspect(l.Stmt, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || found {
			return !found
		}
		f := httpmodel.Callee(info, call)
		if httpmodel.IsPkgFunc(f, "context", "WithDeadline", "WithDeadlineCause") {
			return false // its time.Now() computes a per-attempt deadline
		}
		if httpmodel.IsPkgFunc(f, "time", "Since", "Until", "Now") || httpmodel.IsMethod(f, "context", "Context", "Deadline") {
			found = true
		}
		return !found
	})
	return found
}

// bounded reports whether the loop's number of attempts is limited: it has
// a condition or ranges over an integer, or exits on an attempt counter.
func (c *checker) bounded(file *ast.File, l *retryloop.Loop) bool {
	if l.Bounded {
		return true
	}
	_, _, ok := c.attemptBound(file, l)
	return ok
}

func (c *checker) message(file *ast.File, l *retryloop.Loop, what string) string {
	where := " inside retry loop"
	if l.Via != nil {
		where = " inside an operation retried by " + l.Via.Name()
	}
	if c.bounded(file, l) {
		return what + where + " but no overall deadline (the attempts plus the waits between them can take many times the per-attempt timeout)"
	}
	return what + where + " but no overall deadline (attempts and sleeps are unbounded)"
}

// checkDeadline reports the first per-attempt timeout of a loop that
// nothing bounds as a whole.
func (c *checker) checkDeadline(file *ast.File, l *retryloop.Loop) {
	if (!c.cfg.Bounded && c.bounded(file, l)) || c.hasBudget(l) {
		return
	}
	info := c.pass.TypesInfo
	var (
		own    *timeout
		helper *ast.CallExpr
		hfact  *timeoutFact
	)
	c.inspectOwn(l.Body, func(call *ast.CallExpr) {
		if own != nil || helper != nil {
			return
		}
		if t, ok := c.attemptTimeout(l.Func, call); ok {
			own = &t
			return
		}
		if f := c.fact(httpmodel.Callee(info, call)); f != nil {
			helper, hfact = call, f
		}
	})
	switch {
	case own != nil:
		c.reportOwnTimeout(file, l, own)
	case helper != nil:
		c.reportHelper(file, l, helper, hfact)
	default:
		c.checkClientTimeout(file, l)
	}
}

// attemptCount returns source text for the loop's number of attempts, and
// whether it is an untyped constant: the loop's own bound when it is at
// hand (see attemptBound), the -attempts value otherwise.
func (c *checker) attemptCount(file *ast.File, l *retryloop.Loop) (string, bool) {
	if n, untyped, ok := c.attemptBound(file, l); ok {
		return n, untyped
	}
	return strconv.Itoa(c.cfg.Attempts), true
}

// budget returns the text of attempts times the per-attempt timeout,
// formatted as gofmt would.
func (c *checker) budget(file *ast.File, l *retryloop.Loop, per ast.Expr, timeName string) string {
	n, untyped := c.attemptCount(file, l)
	per = ast.Unparen(per)
	perText := fixes.Format(c.pass.Fset, per)
	if b, ok := per.(*ast.BinaryExpr); ok && b.Op != token.MUL && b.Op != token.QUO {
		perText = "(" + perText + ")"
	}
	if !untyped {
		n = timeName + ".Duration(" + n + ")"
	}
	return gofmtExpr(n + " * " + perText)
}

// gofmtExpr formats an expression as gofmt does as the second argument of
// a call, which is where the fixes write it.
func gofmtExpr(s string) string {
	const prefix, suffix = "package p\n\nvar _ = f(x, ", ")\n"
	out, err := format.Source([]byte(prefix + s + suffix))
	if err != nil {
		return s
	}
	return strings.TrimSuffix(strings.TrimPrefix(string(out), prefix), suffix)
}

// overallContext builds the edits that create the overall deadline before
// the loop and rewrite the loop's waits to end with it. It returns the
// name of the new context.
// parent is the source text of the context the deadline derives from; the
// caller checks that it can be written before the loop.
func (c *checker) overallContext(file *ast.File, l *retryloop.Loop, start ast.Stmt, parent string, per ast.Expr, taken map[string]bool, src []byte) (string, []analysis.TextEdit, bool) {
	info := c.pass.TypesInfo
	if !fixes.Pure(info, per) || !fixes.VisibleAt(info, file, per, start.Pos()) {
		return "", nil, false
	}
	ctxName, ctxImp, ok := fixes.Import(info, c.pass.Pkg, file, "context", start.Pos())
	if !ok {
		return "", nil, false
	}
	timeName, timeImp, ok := fixes.Import(info, c.pass.Pkg, file, "time", start.Pos())
	if !ok {
		return "", nil, false
	}
	positions := []token.Pos{start.Pos(), l.Body.End() - 1}
	opCtx := fixes.FreeName(info, file, "opCtx", taken, positions...)
	opCancel := fixes.FreeName(info, file, "opCancel", taken, positions...)
	at, indent, _ := l.Before(c.pass.Fset, src)
	text := fmt.Sprintf("%s%s, %s := %s.WithTimeout(%s, %s)\n%sdefer %s()\n",
		indent, opCtx, opCancel, ctxName, parent, c.budget(file, l, per, timeName), indent, opCancel)
	edits := []analysis.TextEdit{{Pos: at, End: at, NewText: []byte(text)}}
	edits = append(edits, ctxImp...)
	edits = append(edits, timeImp...)
	// Once the deadline has passed, every attempt fails at once: stop
	// instead of spinning.
	stop, ok := c.stopCheck(l, opCtx+".Err() != nil", opCtx+".Err()", file, src)
	if !ok {
		return "", nil, false
	}
	edits = append(edits, stop)
	// The loop's waits end with the overall deadline too.
	for _, s := range c.sleepsOf(l) {
		e, ok := c.selectEdit(file, l, s, opCtx, taken, src)
		if !ok {
			return "", nil, false
		}
		edits = append(edits, e...)
	}
	return opCtx, edits, true
}

func (c *checker) reportOwnTimeout(file *ast.File, l *retryloop.Loop, t *timeout) {
	if t.timeout == nil {
		return
	}
	src := fixes.Source(c.pass, l.Stmt.Pos())
	if src == nil {
		return
	}
	start := l.Outer
	if start == nil || !fixes.VisibleAt(c.pass.TypesInfo, file, t.parent, start.Pos()) {
		return
	}
	opCtx, edits, ok := c.overallContext(file, l, start, fixes.Format(c.pass.Fset, t.parent), t.timeout, map[string]bool{}, src)
	if !ok {
		return
	}
	edits = append(edits, analysis.TextEdit{Pos: t.parent.Pos(), End: t.parent.End(), NewText: []byte(opCtx)})
	c.markSleeps(l)
	fn := httpmodel.Callee(c.pass.TypesInfo, t.call)
	c.pass.Report(analysis.Diagnostic{
		Pos:     t.call.Pos(),
		End:     t.call.End(),
		Message: c.message(file, l, "per-attempt timeout (context."+fn.Name()+")"),
		SuggestedFixes: []analysis.SuggestedFix{{
			Message:   "Add an overall deadline before the loop and derive the attempts and waits from it",
			TextEdits: edits,
		}},
	})
}

// checkClientTimeout reports a request built without a context in the loop
// and sent through a client whose Timeout is set in the same function.
func (c *checker) checkClientTimeout(file *ast.File, l *retryloop.Loop) {
	info := c.pass.TypesInfo
	for _, send := range l.Sends {
		s, ok := httpmodel.SendOf(info, send)
		if !ok || s.Request == nil {
			continue
		}
		per := c.clientTimeout(l, send)
		if per == nil {
			continue
		}
		newReq := c.newRequestInLoop(l, s.Request)
		if newReq == nil {
			continue
		}
		src := fixes.Source(c.pass, l.Stmt.Pos())
		if src == nil {
			return
		}
		start := l.Outer
		if start == nil {
			return
		}
		ctxName, _, ok := fixes.Import(info, c.pass.Pkg, file, "context", start.Pos())
		if !ok {
			return
		}
		opCtx, edits, ok := c.overallContext(file, l, start, ctxName+".Background()", per, map[string]bool{}, src)
		if !ok {
			return
		}
		sel := ast.Unparen(newReq.Fun).(*ast.SelectorExpr)
		edits = append(edits,
			analysis.TextEdit{Pos: sel.Sel.Pos(), End: sel.Sel.End(), NewText: []byte("NewRequestWithContext")},
			analysis.TextEdit{Pos: newReq.Lparen + 1, End: newReq.Lparen + 1, NewText: []byte(opCtx + ", ")},
		)
		c.markSleeps(l)
		c.pass.Report(analysis.Diagnostic{
			Pos:     send.Pos(),
			End:     send.End(),
			Message: c.message(file, l, "per-attempt timeout (http.Client.Timeout)"),
			SuggestedFixes: []analysis.SuggestedFix{{
				Message:   "Add an overall deadline before the loop and build the request with it",
				TextEdits: edits,
			}},
		})
		return
	}
}

// clientTimeout returns the Timeout of the client that send goes through,
// when the client is a variable of the loop's function (or of the package)
// initialised from an http.Client literal that sets Timeout.
func (c *checker) clientTimeout(l *retryloop.Loop, send *ast.CallExpr) ast.Expr {
	info := c.pass.TypesInfo
	sel, ok := ast.Unparen(send.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	id, ok := ast.Unparen(sel.X).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok {
		return nil
	}
	var values []ast.Expr
	known := true
	if v.Parent() == v.Pkg().Scope() {
		for _, file := range c.pass.Files {
			vals, ok := flow.Assigned(info, file, v)
			values, known = append(values, vals...), known && ok
		}
	} else {
		values, known = flow.Assigned(info, l.Func, v)
	}
	if !known || len(values) != 1 {
		return nil
	}
	e := ast.Unparen(values[0])
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

// newRequestInLoop returns the http.NewRequest call (without a context)
// that builds req inside the loop, when it is the only assignment to req.
func (c *checker) newRequestInLoop(l *retryloop.Loop, req ast.Expr) *ast.CallExpr {
	info := c.pass.TypesInfo
	id, ok := ast.Unparen(req).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok {
		return nil
	}
	values, known := flow.Assigned(info, l.Func, v)
	if !known || len(values) != 1 {
		return nil
	}
	call, ok := ast.Unparen(values[0]).(*ast.CallExpr)
	if !ok || call.Pos() < l.Body.Pos() || call.End() > l.Body.End() {
		return nil
	}
	if f := httpmodel.Callee(info, call); !httpmodel.IsPkgFunc(f, "net/http", "NewRequest") {
		return nil
	}
	if _, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); !ok {
		return nil
	}
	return call
}

// reportHelper reports a loop that calls a function making its own
// timeout; the fix gives the loop a wall-clock budget.
func (c *checker) reportHelper(file *ast.File, l *retryloop.Loop, call *ast.CallExpr, f *timeoutFact) {
	if f.Nanos == 0 {
		return // no constant timeout to size a budget from
	}
	info := c.pass.TypesInfo
	src := fixes.Source(c.pass, l.Stmt.Pos())
	start := l.Outer
	if src == nil || start == nil || len(l.Body.List) == 0 {
		return
	}
	timeName, timeImp, ok := fixes.Import(info, c.pass.Pkg, file, "time", start.Pos())
	if !ok {
		return
	}
	taken := map[string]bool{}
	startName := fixes.FreeName(info, file, "retryStart", taken, start.Pos(), l.Body.End()-1)
	var budget string
	if n, untyped := c.attemptCount(file, l); untyped {
		count, _ := strconv.ParseInt(n, 10, 64)
		budget = durationText(time.Duration(count*f.Nanos), timeName)
	} else {
		perExpr, err := parser.ParseExpr(durationText(time.Duration(f.Nanos), timeName))
		if err != nil {
			return
		}
		budget = c.budget(file, l, perExpr, timeName)
	}
	at, indent, _ := l.Before(c.pass.Fset, src)
	errText := ""
	var errImp []analysis.TextEdit
	if ft, _ := flow.FuncParts(l.Func); fixes.ReturnsError(info, ft) {
		fmtName, imp, ok := fixes.Import(info, c.pass.Pkg, file, "fmt", start.Pos())
		if !ok {
			return
		}
		errText, errImp = fmtName+`.Errorf("retry budget of %v exhausted", `+budget+`)`, imp
	}
	stop, ok := c.stopCheck(l, fmt.Sprintf("%s.Since(%s) > %s", timeName, startName, budget), errText, file, src)
	if !ok {
		return
	}
	edits := []analysis.TextEdit{
		{Pos: at, End: at, NewText: []byte(fmt.Sprintf("%s%s := %s.Now()\n", indent, startName, timeName))},
		stop,
	}
	edits = append(edits, timeImp...)
	edits = append(edits, errImp...)
	name := httpmodel.Callee(info, call).Name()
	c.pass.Report(analysis.Diagnostic{
		Pos:     call.Pos(),
		End:     call.End(),
		Message: c.message(file, l, "per-attempt timeout (made by "+name+")"),
		SuggestedFixes: []analysis.SuggestedFix{{
			Message:   "Stop the operation once a wall-clock budget for the whole loop is spent",
			TextEdits: edits,
		}},
	})
}

// durationText writes d as a constant expression such as 10*time.Second.
func durationText(d time.Duration, timeName string) string {
	units := []struct {
		d    time.Duration
		name string
	}{{time.Hour, "Hour"}, {time.Minute, "Minute"}, {time.Second, "Second"}, {time.Millisecond, "Millisecond"}, {time.Microsecond, "Microsecond"}}
	for _, u := range units {
		if d%u.d == 0 {
			if d == u.d {
				return timeName + "." + u.name
			}
			return fmt.Sprintf("%d*%s.%s", d/u.d, timeName, u.name)
		}
	}
	return fmt.Sprintf("%s.Duration(%d)", timeName, int64(d))
}

// A sleep is a wait that ignores cancellation.
type sleep struct {
	stmt *ast.ExprStmt
	dur  ast.Expr
}

// sleepsOf returns the loop's own time.Sleep(d) and <-time.After(d)
// statements, outside nested function literals.
func (c *checker) sleepsOf(l *retryloop.Loop) []sleep {
	info := c.pass.TypesInfo
	var out []sleep
	ast.Inspect(l.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ExprStmt:
			x := ast.Unparen(n.X)
			if u, ok := x.(*ast.UnaryExpr); ok && u.Op == token.ARROW {
				if call, ok := ast.Unparen(u.X).(*ast.CallExpr); ok && len(call.Args) == 1 && httpmodel.IsPkgFunc(httpmodel.Callee(info, call), "time", "After") {
					out = append(out, sleep{n, call.Args[0]})
				}
			}
			if call, ok := x.(*ast.CallExpr); ok && len(call.Args) == 1 && httpmodel.IsPkgFunc(httpmodel.Callee(info, call), "time", "Sleep") {
				out = append(out, sleep{n, call.Args[0]})
			}
		}
		return true
	})
	return out
}

func (c *checker) markSleeps(l *retryloop.Loop) {
	for _, s := range c.sleepsOf(l) {
		c.handledSleeps[s.stmt] = true
	}
}

// checkSleeps reports waits in the loop that ignore a context in scope.
func (c *checker) checkSleeps(file *ast.File, l *retryloop.Loop) {
	for _, s := range c.sleepsOf(l) {
		if c.handledSleeps[s.stmt] {
			continue
		}
		ctx := c.contextInScope(file, l, s.stmt.Pos())
		if ctx == "" {
			continue
		}
		src := fixes.Source(c.pass, s.stmt.Pos())
		if src == nil {
			return
		}
		edits, ok := c.selectEdit(file, l, s, ctx, map[string]bool{}, src)
		if !ok {
			continue
		}
		c.handledSleeps[s.stmt] = true
		what := "time.Sleep"
		if _, isRecv := ast.Unparen(s.stmt.X).(*ast.UnaryExpr); isRecv {
			what = "<-time.After"
		}
		c.pass.Report(analysis.Diagnostic{
			Pos:     s.stmt.Pos(),
			End:     s.stmt.End(),
			Message: fmt.Sprintf("%s in retry loop ignores cancellation of %s (the operation outlives its caller)", what, ctx),
			SuggestedFixes: []analysis.SuggestedFix{{
				Message:   "Wait in a select that also ends when " + ctx + " is done",
				TextEdits: edits,
			}},
		})
	}
}

// contextInScope returns the name of a context.Context declared outside
// the loop and visible at pos: a parameter named ctx first, then the
// nearest other one.
func (c *checker) contextInScope(file *ast.File, l *retryloop.Loop, pos token.Pos) string {
	info := c.pass.TypesInfo
	var outer ast.Node = l.Func
	for _, d := range file.Decls {
		if d.Pos() <= l.Stmt.Pos() && l.Stmt.End() <= d.End() {
			outer = d
		}
	}
	best := ""
	var bestPos token.Pos
	ast.Inspect(outer, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok || id.Name == "_" {
			return true
		}
		v, ok := info.Defs[id].(*types.Var)
		if !ok || v.IsField() || !httpmodel.IsNamed(v.Type(), "context", "Context") {
			return true
		}
		if v.Pos() >= l.Stmt.Pos() || !c.namesAt(file, id, v, pos) || c.neverCancelled(outer, v) {
			return true
		}
		if best == "" || v.Pos() > bestPos || id.Name == "ctx" {
			if best != "ctx" {
				best, bestPos = id.Name, v.Pos()
			}
		}
		return true
	})
	if best == "" {
		best = c.requestContext(file, l, pos)
	}
	return best
}

// requestContext returns the context of a request the loop re-sends, as
// req.Context(), when no context variable is at hand: the request is a
// variable of the function made before the loop (its parameter, often)
// and visible at pos, so its context is the caller's.
func (c *checker) requestContext(file *ast.File, l *retryloop.Loop, pos token.Pos) string {
	info := c.pass.TypesInfo
	for _, call := range l.Sends {
		s, ok := httpmodel.SendOf(info, call)
		if !ok || s.Request == nil {
			continue
		}
		id, ok := ast.Unparen(s.Request).(*ast.Ident)
		if !ok {
			continue
		}
		v, ok := info.Uses[id].(*types.Var)
		if !ok || v.Pos() >= l.Stmt.Pos() || v.Pos() < l.Func.Pos() || !c.namesAt(file, id, v, pos) {
			continue
		}
		if c.assignedIn(l.Body, v) {
			continue // a new request each attempt
		}
		return id.Name + ".Context()"
	}
	return ""
}

// namesAt reports whether id, which names v, can be written at pos and
// still name v there (no declaration between shadows it).
func (c *checker) namesAt(file *ast.File, id *ast.Ident, v *types.Var, pos token.Pos) bool {
	info := c.pass.TypesInfo
	if !fixes.VisibleAt(info, file, id, pos) {
		return false
	}
	if scope := info.Scopes[file].Innermost(pos); scope != nil {
		if _, obj := scope.LookupParent(id.Name, pos); obj != v {
			return false
		}
	}
	return true
}

// assignedIn reports whether root assigns to v.
func (c *checker) assignedIn(root ast.Node, v *types.Var) bool {
	found := false
	ast.Inspect(root, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok {
			for _, lhs := range as.Lhs {
				if id, ok := ast.Unparen(lhs).(*ast.Ident); ok && c.pass.TypesInfo.ObjectOf(id) == v {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// selectEdit replaces a sleep with a select on ctx.Done() and a timer,
// returning the context's error through the function's results.
func (c *checker) selectEdit(file *ast.File, l *retryloop.Loop, s sleep, ctx string, taken map[string]bool, src []byte) ([]analysis.TextEdit, bool) {
	info := c.pass.TypesInfo
	// The function that the return leaves: the innermost one around the
	// sleep.
	var ft *ast.FuncType
	ast.Inspect(l.Func, func(n ast.Node) bool {
		if n == nil || n.Pos() > s.stmt.Pos() || n.End() < s.stmt.End() {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncDecl:
			ft = n.Type
		case *ast.FuncLit:
			ft = n.Type
		}
		return true
	})
	if ft == nil {
		return nil, false
	}
	var stack []ast.Node
	ast.PreorderStack(l.Func, nil, func(n ast.Node, st []ast.Node) bool {
		if n == s.stmt {
			stack = append(st, n)
			return false
		}
		return stack == nil
	})
	if stmt, _ := fixes.StmtInBlock(stack); stmt != s.stmt {
		return nil, false
	}
	timeName, timeImp, ok := fixes.Import(info, c.pass.Pkg, file, "time", s.stmt.Pos())
	if !ok || !fixes.VisibleAt(info, file, s.dur, s.stmt.Pos()) {
		return nil, false
	}
	ret, ok := c.giveUp(file, ft, ctx+".Err()")
	if !ok {
		return nil, false
	}
	timer := fixes.FreeName(info, file, "timer", taken, s.stmt.Pos())
	in := fixes.Indent(c.pass.Fset, src, s.stmt.Pos())
	text := fmt.Sprintf("%[1]s := %[2]s.NewTimer(%[3]s)\n%[4]sselect {\n%[4]scase <-%[5]s.Done():\n%[4]s\t%[1]s.Stop()\n%[4]s\t%[6]s\n%[4]scase <-%[1]s.C:\n%[4]s}",
		timer, timeName, fixes.Format(c.pass.Fset, s.dur), in, ctx, ret)
	edits := []analysis.TextEdit{{Pos: s.stmt.Pos(), End: s.stmt.End(), NewText: []byte(text)}}
	return append(edits, timeImp...), true
}

// giveUp returns a return statement that leaves the function ft, handing
// err to the caller when ft returns an error.
func (c *checker) giveUp(file *ast.File, ft *ast.FuncType, err string) (string, bool) {
	info := c.pass.TypesInfo
	if !fixes.ReturnsError(info, ft) {
		err = ""
	}
	return fixes.Return(info, c.pass.Pkg, file, ft, err)
}

// stopCheck returns the edit that makes the loop's first statement a check
// that stops the operation once cond holds.
func (c *checker) stopCheck(l *retryloop.Loop, cond, err string, file *ast.File, src []byte) (analysis.TextEdit, bool) {
	if len(l.Body.List) == 0 {
		return analysis.TextEdit{}, false
	}
	ft, _ := flow.FuncParts(l.Func)
	ret, ok := c.giveUp(file, ft, err)
	if !ok {
		return analysis.TextEdit{}, false
	}
	first := l.Body.List[0].Pos()
	in := fixes.Indent(c.pass.Fset, src, first)
	text := fmt.Sprintf("if %s {\n%s\t%s\n%s}\n%s", cond, in, ret, in, in)
	return analysis.TextEdit{Pos: first, End: first, NewText: []byte(text)}, true
}

// neverCancelled reports whether the local context v holds only
// context.Background() or context.TODO(): nothing can cancel it, so a
// sleep that ignores it loses nothing.
func (c *checker) neverCancelled(fn ast.Node, v *types.Var) bool {
	info := c.pass.TypesInfo
	values, ok := flow.Assigned(info, fn, v)
	if !ok || len(values) == 0 {
		return false
	}
	for _, val := range values {
		call, ok := ast.Unparen(val).(*ast.CallExpr)
		if !ok || !httpmodel.IsPkgFunc(httpmodel.Callee(info, call), "context", "Background", "TODO") {
			return false
		}
	}
	return true
}
