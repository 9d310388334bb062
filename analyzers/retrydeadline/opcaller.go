package retrydeadline

// This file holds per-attempt timeouts made, in an operation handed to a
// retry helper, from the context the helper hands the operation, when
// that is the context the helper was given and the call gives it the
// caller's:
//
//	func retryCtx(ctx context.Context, attempts int, fn func(context.Context) error) error {
//		for i := 0; i < attempts; i++ {
//			if err = fn(ctx); err == nil { ... }
//			select { case <-ctx.Done(): ...; case <-time.After(time.Second): }
//		}
//	}
//
//	return retryCtx(ctx, 5, func(ctx context.Context) error {
//		actx, cancel := context.WithTimeout(ctx, 10*time.Second)
//		...
//	})
//
// As in a loop of the function itself (callerTimeout), the caller's
// deadline, when it has one, is then the only bound over the attempts and
// the waits. The fix makes an overall deadline from the caller's context
// just before the call and hands it to the helper in its place.

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/parser"
	"go/token"
	"go/types"
	"strconv"
	"strings"
	"time"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/callindex"
	"github.com/retrylint/retrylint/internal/fixes"
	"github.com/retrylint/retrylint/internal/flow"
	"github.com/retrylint/retrylint/internal/httpmodel"
	"github.com/retrylint/retrylint/internal/retryloop"
)

// opCtxFact marks a retry helper (a function whose loop calls again an
// operation it receives) that hands the operation, on every call of it,
// a context parameter it was given and never assigns. Parameter indexes
// are 1 + the index, receiver aside, 0 when none is known.
type opCtxFact struct {
	// Ctx is the helper's context parameter; OpCtx the operation's
	// parameter it is passed as.
	Ctx, OpCtx int
	// Count is the helper's parameter that, plus CountOff, is the loop's
	// number of attempts (retryCtx(ctx, attempts, fn): for i := 0; i <
	// attempts; i++; for i := 0; i <= retries; i++ is retries + 1);
	// Attempts the number when it is a constant of the helper.
	Count    int
	CountOff int64
	Attempts int64
	// CountField is the chain of fields of the helper's receiver that,
	// plus CountOff, is the number of attempts, "" when it is not one.
	CountField string
	// Pause is the helper's parameter that is its wait between attempts;
	// PauseNanos the wait when it is a constant of the helper.
	Pause      int
	PauseNanos int64
	// PauseField is the chain of fields of the helper's receiver that
	// holds its wait (c.pause), "" when it is not one.
	PauseField string
	// Timed reports that the helper's loop bounds the retry in time (it
	// reads the clock against a budget or a deadline).
	Timed bool
}

func (*opCtxFact) AFact() {}

func (f *opCtxFact) String() string {
	s := fmt.Sprintf("opctx(param %d as op param %d", f.Ctx-1, f.OpCtx-1)
	if f.Count > 0 {
		s += fmt.Sprintf(" count param %d", f.Count-1)
		if f.CountOff != 0 {
			s += fmt.Sprintf("%+d", f.CountOff)
		}
	} else if f.Attempts > 0 {
		s += fmt.Sprintf(" count %d", f.Attempts)
	} else if f.CountField != "" {
		s += " count recv." + f.CountField
		if f.CountOff != 0 {
			s += fmt.Sprintf("%+d", f.CountOff)
		}
	}
	if f.Pause > 0 {
		s += fmt.Sprintf(" pause param %d", f.Pause-1)
	} else if f.PauseNanos > 0 {
		s += " pause " + time.Duration(f.PauseNanos).String()
	} else if f.PauseField != "" {
		s += " pause recv." + f.PauseField
	}
	if f.Timed {
		s += " timed"
	}
	return s + ")"
}

// computeOpCtxFacts records, for each retry helper loop of the package
// whose operation is handed a context parameter of the helper, an
// opCtxFact on the helper.
func (c *checker) computeOpCtxFacts() {
	info := c.pass.TypesInfo
	c.opCtx = map[*types.Func]*opCtxFact{}
	// A helper with two retry loops is left out: which one runs is not
	// the call's to say.
	seen := map[*types.Func]int{}
	for _, l := range c.loops.Loops {
		if fd, ok := l.Func.(*ast.FuncDecl); ok && l.Op != nil {
			if fn, _ := info.Defs[fd.Name].(*types.Func); fn != nil {
				seen[fn]++
			}
		}
	}
	for _, l := range c.loops.Loops {
		fd, ok := l.Func.(*ast.FuncDecl)
		if !ok || l.Op == nil || len(l.Sends) == 0 || len(l.Self) > 0 {
			continue
		}
		fn, _ := info.Defs[fd.Name].(*types.Func)
		file := fixes.FileOf(c.pass, fd.Pos())
		if fn == nil || file == nil || seen[fn] != 1 {
			continue
		}
		f := &opCtxFact{}
		for k, send := range l.Sends {
			ctx, op := 0, 0
			for i, a := range send.Args {
				if !httpmodel.IsNamed(info.TypeOf(a), "context", "Context") {
					continue
				}
				if j := c.paramIndex(fd, a, nil); j >= 0 {
					ctx, op = j+1, i+1
					break
				}
			}
			if k > 0 && (ctx != f.Ctx || op != f.OpCtx) {
				ctx = 0
			}
			if ctx == 0 {
				f = nil
				break
			}
			f.Ctx, f.OpCtx = ctx, op
		}
		if f == nil {
			continue
		}
		if text, untyped, ok := c.attemptBound(file, l); ok {
			if n, err := strconv.ParseInt(text, 10, 64); untyped && err == nil {
				f.Attempts = n
			} else if e, err := parser.ParseExpr(text); err == nil {
				f.Count, f.CountOff = c.countParam(fn, fd, e)
				if f.Count == 0 {
					// for i := 0; i < r.attempts; i++ in a method.
					f.CountField, f.CountOff = c.recvCount(fd, e)
				}
			}
		}
		if l.Outer != nil {
			if w := c.loopWait(file, l, l.Outer.Pos()); w != nil {
				if n, ok := c.constNanos(w); ok {
					f.PauseNanos = n
				} else if f.Pause = c.paramIndex(fd, w, nil) + 1; f.Pause == 0 {
					f.PauseField = c.recvField(fd, w)
				}
			}
		}
		f.Timed = c.hasBudget(l)
		c.opCtx[fn] = f
		c.pass.ExportObjectFact(fn, f)
	}
	c.delegatingOpCtx(seen)
}

// delegatingOpCtx adds the functions that hand the operation and the
// context they receive to a helper with an opCtxFact, as they are, in
// their one call of such a helper (func (c *Client) withRetry(ctx, op)
// error { return retryCtx(ctx, c.attempts, op) }): the helper hands the
// operation their context. The count and the pause follow when the
// function passes its own parameters, constants or, for a method helper
// of the same receiver, the receiver's pause. It repeats until no
// function is added, so that a chain of them is followed.
func (c *checker) delegatingOpCtx(loops map[*types.Func]int) {
	ix := c.pass.ResultOf[callindex.Analyzer].(*callindex.Index)
	for changed := true; changed; {
		changed = false
		for _, fn := range ix.Funcs() {
			if fn.Obj == nil || fn.Decl.Body == nil || c.opCtx[fn.Obj] != nil || loops[fn.Obj] > 0 {
				continue
			}
			var found *opCtxFact
			n := 0
			for _, call := range ix.Calls(fn.Decl) {
				if call.Detached != nil {
					continue
				}
				h := c.opCtxOf(call.Callee)
				if h == nil {
					continue
				}
				n++
				found = c.delegated(fn.Decl, call.Expr, h)
			}
			if n == 1 && found != nil {
				c.opCtx[fn.Obj] = found
				c.pass.ExportObjectFact(fn.Obj, found)
				changed = true
			}
		}
	}
}

// delegated returns the opCtxFact of fd, which calls (call) a helper with
// the fact h, when fd hands the helper its own context parameter and an
// operation parameter of its own; nil otherwise.
func (c *checker) delegated(fd *ast.FuncDecl, call *ast.CallExpr, h *opCtxFact) *opCtxFact {
	info := c.pass.TypesInfo
	recv, args := httpmodel.Receiver(info, call)
	if h.Ctx > len(args) {
		return nil
	}
	j := c.paramIndex(fd, args[h.Ctx-1], nil)
	if j < 0 {
		return nil
	}
	ops := 0
	for _, a := range args {
		if sig, ok := info.TypeOf(a).Underlying().(*types.Signature); ok && sig.Results().Len() > 0 &&
			analysisutil.IsError(sig.Results().At(sig.Results().Len()-1).Type()) && c.paramIndex(fd, a, nil) >= 0 {
			ops++
		}
	}
	if ops != 1 {
		return nil
	}
	f := &opCtxFact{Ctx: j + 1, OpCtx: h.OpCtx, Timed: h.Timed, Attempts: h.Attempts, PauseNanos: h.PauseNanos}
	if h.Count > 0 && h.Count <= len(args) {
		a := args[h.Count-1]
		if k := c.paramIndex(fd, a, nil); k >= 0 {
			f.Count, f.CountOff = k+1, h.CountOff
		} else if n, ok := c.constNanos(a); ok {
			f.Attempts = n + h.CountOff
		} else if f.CountField = c.recvField(fd, a); f.CountField != "" {
			f.CountOff = h.CountOff
		}
	}
	if h.Pause > 0 && h.Pause <= len(args) {
		a := args[h.Pause-1]
		if k := c.paramIndex(fd, a, nil); k >= 0 {
			f.Pause = k + 1
		} else if n, ok := c.constNanos(a); ok {
			f.PauseNanos = n
		} else {
			f.PauseField = c.recvField(fd, a)
		}
	}
	if h.PauseField != "" && c.isRecv(fd, recv) {
		f.PauseField = h.PauseField
	}
	if h.Count == 0 && h.CountField != "" && c.isRecv(fd, recv) {
		f.CountField, f.CountOff = h.CountField, h.CountOff
	}
	return f
}

// countParam returns 1 + the index of the parameter of fn that the
// count text e (see attemptBound) names, alone or plus or minus an
// integer, and that integer (signed); 0 and 0 otherwise.
func (c *checker) countParam(fn *types.Func, fd *ast.FuncDecl, e ast.Expr) (int, int64) {
	e, off, ok := countOffset(e)
	if !ok {
		return 0, 0
	}
	i := c.namedParam(fn, fd, e)
	if i < 0 {
		return 0, 0
	}
	return i + 1, off
}

// countOffset splits the count text e (see attemptBound) into what it
// counts and the integer added to it (retries+1), 0 when none; ok is
// false for a sum of anything else.
func countOffset(e ast.Expr) (ast.Expr, int64, bool) {
	b, isSum := e.(*ast.BinaryExpr)
	if !isSum || b.Op != token.ADD && b.Op != token.SUB {
		return e, 0, true
	}
	lit, ok := b.Y.(*ast.BasicLit)
	if !ok || lit.Kind != token.INT {
		return nil, 0, false
	}
	n, err := strconv.ParseInt(lit.Value, 10, 64)
	if err != nil {
		return nil, 0, false
	}
	if b.Op == token.SUB {
		n = -n
	}
	return b.X, n, true
}

// recvCount returns the chain of fields of fd's receiver that the count
// text e (see attemptBound) names, alone or plus or minus an integer
// (r.attempts, r.cfg.Retries+1), and that integer; "" and 0 when e names
// no such chain, or fd assigns its receiver or declares another variable
// of its name.
func (c *checker) recvCount(fd *ast.FuncDecl, e ast.Expr) (string, int64) {
	e, off, ok := countOffset(e)
	if !ok {
		return "", 0
	}
	var names []string
	for {
		sel, ok := e.(*ast.SelectorExpr)
		if !ok {
			break
		}
		names = append([]string{sel.Sel.Name}, names...)
		e = sel.X
	}
	id, ok := e.(*ast.Ident)
	if !ok || len(names) == 0 || fd.Recv == nil || len(fd.Recv.List) != 1 || len(fd.Recv.List[0].Names) != 1 {
		return "", 0
	}
	info := c.pass.TypesInfo
	name := fd.Recv.List[0].Names[0]
	recv, _ := info.Defs[name].(*types.Var)
	if recv == nil || id.Name != name.Name || c.assignedIn(fd.Body, recv) {
		return "", 0
	}
	// The text names the receiver unless the body declares another
	// variable of its name.
	shadowed := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if d, ok := n.(*ast.Ident); ok && d.Name == id.Name && info.Defs[d] != nil {
			shadowed = true
		}
		return !shadowed
	})
	if shadowed {
		return "", 0
	}
	return strings.Join(names, "."), off
}

// namedParam returns the index (receiver aside) of the parameter of fn
// that e, an identifier parsed from text, names, when fd never assigns
// it; -1 otherwise.
func (c *checker) namedParam(fn *types.Func, fd *ast.FuncDecl, e ast.Expr) int {
	id, ok := e.(*ast.Ident)
	if !ok {
		return -1
	}
	params := fn.Type().(*types.Signature).Params()
	for i := range params.Len() {
		if v := params.At(i); v.Name() == id.Name {
			if values, known := flow.Assigned(c.pass.TypesInfo, fd.Body, v); !known || len(values) > 0 {
				return -1
			}
			return i
		}
	}
	return -1
}

// opCtxOf returns the opCtxFact of fn, nil when it has none.
func (c *checker) opCtxOf(fn *types.Func) *opCtxFact {
	if fn == nil {
		return nil
	}
	fn = fn.Origin()
	if f := c.opCtx[fn]; f != nil {
		return f
	}
	return c.importedOpCtx.Get(fn)
}

// opCall is the call of a retry helper that an operation loop is handed
// to, seen from the function that makes it.
type opCall struct {
	call *ast.CallExpr
	fact *opCtxFact
	// view is a loop whose Func is the function that makes the call and
	// whose Stmt and Outer are the statement that holds it, for the
	// questions asked of the caller (callerContext) and for the fix.
	view *retryloop.Loop
	// ctx is the call's argument that the helper hands the operation.
	ctx ast.Expr
}

// opCallerTimeout recognises, in the operation l handed to an in-house
// retry helper (l.Via set, l.Lib nil), a per-attempt timeout made from
// the operation's context parameter, when the helper hands the operation
// the context it was given, does not bound the retry in time, and the
// call gives it the caller's context (see callerContext) or one without
// a deadline: as with callerTimeout, the caller's deadline, if any, is
// then the only bound.
func (c *checker) opCallerTimeout(l *retryloop.Loop, call *ast.CallExpr) (timeout, *opCall, bool) {
	t, ok := c.timeoutCall(call)
	if !ok {
		return timeout{}, nil, false
	}
	oc := c.opCaller(l, &t)
	return t, oc, oc != nil
}

// opCaller returns the helper call whose context the timeout t, made in
// the operation l (by context.WithTimeout and its kin, or by a callee
// from the context it is passed: c.withTimeout(ctx)), derives from, as
// opCallerTimeout says, and sets t.outer to the call's context; nil when
// t is not such a timeout.
func (c *checker) opCaller(l *retryloop.Loop, t *timeout) *opCall {
	lit, ok := l.Func.(*ast.FuncLit)
	// A condition whose error ends the loop is polled until done, not
	// retried after a failure.
	if l.Via == nil || l.Lib != nil || l.OpArg != nil || !ok || l.Cond && l.ErrStops || t.call == nil {
		return nil
	}
	f := c.opCtxOf(l.Via)
	if f == nil || f.Timed {
		return nil
	}
	// The parent is the operation's context parameter, never assigned
	// but from the timeout (ctx, cancel = context.WithTimeout(ctx, d)).
	if j := c.paramIndex(&ast.FuncDecl{Name: ast.NewIdent("_"), Type: lit.Type, Body: lit.Body}, t.parent, t.call); j < 0 || j+1 != f.OpCtx {
		return nil
	}
	oc := c.helperCallOf(l, lit, f)
	if oc == nil {
		return nil
	}
	if n, ok := c.attemptsOf(oc); ok && n <= 1 {
		// One attempt (retryCtx(ctx, 1, op), retryUpTo(ctx, 0, op)):
		// its timeout is the whole budget, and nothing is retried.
		return nil
	}
	// The caller's context, or one certainly without a deadline
	// (retryCtx(context.Background(), ...)), as calleeTimeout admits.
	if c.callerContext(oc.view, oc.ctx, 0) == nil && !c.noDeadline(oc.view.Func, oc.ctx, 0) {
		return nil
	}
	t.outer = oc.ctx
	return oc
}

// attemptsOf returns the number of attempts the helper call oc makes,
// when the helper's fact and the call say: a constant count argument
// plus the fact's offset, or the helper's own constant.
func (c *checker) attemptsOf(oc *opCall) (int64, bool) {
	f := oc.fact
	if f.Count == 0 {
		return f.Attempts, f.Attempts > 0
	}
	_, args := httpmodel.Receiver(c.pass.TypesInfo, oc.call)
	if f.Count > len(args) {
		return 0, false
	}
	tv, ok := c.pass.TypesInfo.Types[args[f.Count-1]]
	if !ok || tv.Value == nil {
		return 0, false
	}
	n, exact := constant.Int64Val(constant.ToInt(tv.Value))
	return n + f.CountOff, exact
}

// helperCallOf returns the call of l.Via that hands it the literal lit
// (written in the call, or a local variable assigned only lit), with the
// argument that becomes the operation's context; nil when there is not
// exactly one such call.
func (c *checker) helperCallOf(l *retryloop.Loop, lit *ast.FuncLit, f *opCtxFact) *opCall {
	info := c.pass.TypesInfo
	decl := c.declOf(l.Stmt)
	fn := c.enclosingFunc(decl, l.Stmt)
	if fn == nil {
		return nil
	}
	var found []*ast.CallExpr
	ast.Inspect(fn, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		if g := httpmodel.Callee(info, call); g == nil || g.Origin() != l.Via {
			return true
		}
		for _, a := range call.Args {
			switch a := ast.Unparen(a).(type) {
			case *ast.FuncLit:
				if a == lit {
					found = append(found, call)
				}
			case *ast.Ident:
				if v, ok := info.Uses[a].(*types.Var); ok {
					if values, known := flow.Assigned(info, fn, v); known && len(values) == 1 && ast.Unparen(values[0]) == lit {
						found = append(found, call)
					}
				}
			}
		}
		return true
	})
	if len(found) != 1 {
		return nil
	}
	call := found[0]
	_, args := httpmodel.Receiver(info, call)
	if f.Ctx > len(args) {
		return nil
	}
	stmt := fixes.StmtOf(fn, call)
	if stmt == nil || c.enclosingFunc(fn, stmt) != fn {
		return nil
	}
	view := &retryloop.Loop{Stmt: stmt, Outer: stmt, Func: fn, Body: l.Body, Via: l.Via}
	return &opCall{call: call, fact: f, view: view, ctx: args[f.Ctx-1]}
}

// enclosingFunc returns the innermost function declaration or literal of
// root that holds n, nil when none does.
func (c *checker) enclosingFunc(root, n ast.Node) ast.Node {
	var fn ast.Node
	ast.Inspect(root, func(m ast.Node) bool {
		if m == nil || m.Pos() > n.Pos() || m.End() < n.End() {
			return false
		}
		switch m.(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			if m != n {
				fn = m
			}
		}
		return true
	})
	return fn
}

// reportOpCaller reports the per-attempt timeout t of the operation l,
// made from the caller's context the helper call oc hands on, with a fix
// that makes an overall deadline from that context just before the call
// and hands the helper the deadline instead: sized as the loop fix sizes
// its own (see budgetOf), from the helper's attempt count and pause when
// the call passes them or the helper fixes them.
func (c *checker) reportOpCaller(file *ast.File, l *retryloop.Loop, t *timeout, oc *opCall) {
	info := c.pass.TypesInfo
	if fd, ok := oc.view.Func.(*ast.FuncDecl); ok && c.callersBound(fd, oc.ctx, 0) {
		c.gate(t.call, "callers-bound", "per-attempt timeout in an operation whose callers all pass a deadline")
		return
	}
	src := fixes.Source(c.pass, oc.call.Pos())
	start := oc.view.Outer
	switch start.(type) {
	case *ast.GoStmt, *ast.DeferStmt:
		// A deadline made before go or defer would start the call's
		// budget now and end it when this function returns, not when
		// the call does.
		c.gate(t.call, "op-caller-fix", "per-attempt timeout from the caller's context in an operation run by go or defer: no deadline fix")
		return
	}
	timeName, timeImp, ok := fixes.Import(info, c.pass.Pkg, file, "time", start.Pos())
	if !ok {
		return
	}
	per := t.timeout
	if per == nil && t.nanos > 0 {
		// A callee's timeout of a constant duration.
		per, _ = parser.ParseExpr(durationText(time.Duration(t.nanos), timeName))
	}
	// The caller's context moves before the statement, evaluated once
	// as before: callerContext admits only variables, fields and getters.
	if src == nil || per == nil || !fixes.Pure(info, per) || !fixes.VisibleAt(info, file, per, start.Pos()) ||
		!fixes.VisibleAt(info, file, oc.ctx, start.Pos()) {
		c.gate(t.call, "op-caller-fix", "per-attempt timeout from the caller's context in an operation: no deadline fix")
		return
	}
	ctxName, ctxImp, ok := fixes.Import(info, c.pass.Pkg, file, "context", start.Pos())
	if !ok {
		return
	}
	_, args := httpmodel.Receiver(info, oc.call)
	arg := func(i int) ast.Expr {
		if i < 1 || i > len(args) {
			return nil
		}
		a := args[i-1]
		if !fixes.Pure(info, a) || !fixes.VisibleAt(info, file, a, start.Pos()) {
			return nil
		}
		return a
	}
	recv, _ := httpmodel.Receiver(info, oc.call)
	if recv != nil && !fixes.VisibleAt(info, file, recv, start.Pos()) {
		recv = nil
	}
	countField := func() ast.Expr {
		if f := oc.fact; recv != nil && f.Count == 0 && f.CountField != "" {
			return c.fieldOf(recv, f.CountField, l.Via.Pkg())
		}
		return nil
	}
	n, untyped := strconv.Itoa(c.cfg.Attempts), true
	switch f := oc.fact; {
	case arg(f.Count) != nil || countField() != nil:
		a := arg(f.Count)
		if a == nil {
			a = countField()
		}
		n = fixes.Format(c.pass.Fset, a)
		untyped = untypedConst(info, a)
		if lit, ok := ast.Unparen(a).(*ast.BasicLit); ok && f.CountOff != 0 {
			// retryUpTo(ctx, 2, op) makes 3 attempts: written so.
			if k, err := strconv.ParseInt(lit.Value, 0, 64); err == nil {
				n = strconv.FormatInt(k+f.CountOff, 10)
			}
		} else if f.CountOff != 0 {
			if _, ok := ast.Unparen(a).(*ast.BinaryExpr); ok {
				n = "(" + n + ")"
			}
			n = gofmtExpr(fmt.Sprintf("%s%+d", n, f.CountOff))
			if untyped {
				n = "(" + n + ")"
			}
		}
	case f.Count == 0 && f.Attempts > 0:
		n = strconv.FormatInt(f.Attempts, 10)
	}
	var wait ast.Expr
	switch f := oc.fact; {
	case arg(f.Pause) != nil:
		wait = arg(f.Pause)
	case f.Pause == 0 && f.PauseNanos > 0:
		wait, _ = parser.ParseExpr(durationText(time.Duration(f.PauseNanos), timeName))
	case f.Pause == 0 && f.PauseField != "":
		// The helper's receiver is the call's: c.retry(ctx, op) waits
		// c.pause.
		if recv != nil {
			if e := c.fieldOf(recv, f.PauseField, l.Via.Pkg()); e != nil {
				wait = e
			}
		}
	}
	taken := map[string]bool{}
	opCtx := fixes.FreeName(info, file, "opCtx", taken, start.Pos(), oc.call.End())
	opCancel := fixes.FreeName(info, file, "opCancel", taken, start.Pos(), oc.call.End())
	at, indent, ok := oc.view.Before(c.pass.Fset, src)
	if !ok {
		return
	}
	budget := c.budgetOf(n, untyped, per, wait, timeName)
	text := fmt.Sprintf("%s%s, %s := %s.WithTimeout(%s, %s)\n%sdefer %s()\n",
		indent, opCtx, opCancel, ctxName, fixes.Format(c.pass.Fset, oc.ctx), budget, indent, opCancel)
	if c.conditional(l, t.call) && !c.positiveConst(per) {
		// The operation makes its timeout only when a duration is set:
		// so does the deadline, as the loop fix makes its own.
		text = fmt.Sprintf("%[1]s%[2]s := %[4]s\n%[1]sif %[5]s > 0 {\n%[1]s\tvar %[3]s %[6]s.CancelFunc\n%[1]s\t%[2]s, %[3]s = %[6]s.WithTimeout(%[2]s, %[7]s)\n%[1]s\tdefer %[3]s()\n%[1]s}\n",
			indent, opCtx, opCancel, fixes.Format(c.pass.Fset, oc.ctx), fixes.Format(c.pass.Fset, per), ctxName, budget)
	}
	edits := []analysis.TextEdit{
		{Pos: at, End: at, NewText: []byte(text)},
		{Pos: oc.ctx.Pos(), End: oc.ctx.End(), NewText: []byte(opCtx)},
	}
	edits = append(edits, ctxImp...)
	edits = append(edits, timeImp...)
	c.pass.Report(analysis.Diagnostic{
		Pos:     t.call.Pos(),
		End:     t.call.End(),
		Message: c.message(file, l, c.timeoutWhat(t)),
		SuggestedFixes: []analysis.SuggestedFix{{
			Message:   "Add an overall deadline before the call of " + l.Via.Name() + " and hand it the deadline",
			TextEdits: edits,
		}},
	})
}

// untypedConst reports whether e is an untyped constant as written: a
// literal, or a constant declared without a type (const attempts = 4).
func untypedConst(info *types.Info, e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.BasicLit:
		return true
	case *ast.Ident:
		if k, ok := info.Uses[e].(*types.Const); ok {
			b, ok := k.Type().(*types.Basic)
			return ok && b.Info()&types.IsUntyped != 0
		}
	}
	return false
}
