package retrydeadline

// This file holds a wall-clock budget that cancels nothing. A loop that
// reads the clock between attempts (if time.Since(start) > budget {
// return err }) bounds how many attempts start, but not the one in
// flight: an attempt whose timeout derives from a context without a
// deadline or cancellation (context.WithoutCancel(ctx), Background())
// runs its whole per-attempt timeout past the budget, and past the
// caller's cancellation. The fix makes the budget a deadline that the
// attempts derive from:
//
//	opCtx, opCancel := context.WithDeadline(context.WithoutCancel(ctx), start.Add(budget))
//	defer opCancel()
//	for {
//		tctx, cancel := context.WithTimeout(opCtx, 5*time.Second)
//
// The loop's clock check stays as it was; a loop whose attempts derive
// from the caller's context (whose deadline, if any, cancels them) or
// whose per-attempt timeout is cut to the time left is not reported.

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/fixes"
	"github.com/retrylint/retrylint/internal/flow"
	"github.com/retrylint/retrylint/internal/httpmodel"
	"github.com/retrylint/retrylint/internal/retryloop"
)

// detachedInBudget reports whether own, a per-attempt timeout of the loop
// l that reads the clock, derives from a context that no deadline and no
// caller's cancellation reaches, with a duration that does not depend on
// the clock (the time left).
func (c *checker) detachedInBudget(l *retryloop.Loop, own *timeout) bool {
	if own == nil || own.parent == nil || own.client || own.via != nil || l.Outer == nil {
		return false
	}
	if l.Via != nil && (l.Lib != nil || l.OpArg != nil || l.Held != nil) {
		// An operation handed to a helper as a function literal is
		// judged here, its budget check in the literal and the
		// deadline's variable before the call; a library's own bounds,
		// a named operation and a held one are not.
		return false
	}
	if mentionsLoopVar(c.pass.TypesInfo, l, own.parent) || !c.noDeadline(l.Func, own.parent, 0) {
		return false // a parent made in the loop is not there before it
	}
	if own.timeout != nil && c.readsClock(own.timeout, c.clockVars(c.declOf(l.Func))) {
		return false
	}
	if c.endsAtBudget(l, own) {
		return false
	}
	return true
}

// endsAtBudget reports whether own is context.WithDeadline at the very
// time the loop's budget check stops at (the deadline variable, or
// start.Add(d) as the check writes it): the attempt ends with the budget.
func (c *checker) endsAtBudget(l *retryloop.Loop, own *timeout) bool {
	info := c.pass.TypesInfo
	if own.call == nil || len(own.call.Args) != 2 || !httpmodel.IsPkgFunc(httpmodel.Callee(info, own.call), "context", "WithDeadline") {
		return false
	}
	at := own.call.Args[1]
	start, budget, deadline := c.budgetCheck(l)
	if deadline != nil {
		v := flow.VarOf(info, at)
		return v != nil && v == flow.VarOf(info, deadline)
	}
	if start == nil {
		return false
	}
	return types.ExprString(ast.Unparen(at)) == types.ExprString(start)+".Add("+types.ExprString(budget)+")"
}

// fixableAt reports whether the fix may declare the budget's deadline,
// and defer its cancel, just before outer: not before a go or defer
// statement (the deferred cancel would run as the function returns, under
// the attempts the statement starts), nor inside a loop of the function
// (the cancels would pile up until it returns).
func (c *checker) fixableAt(l *retryloop.Loop, outer ast.Stmt) bool {
	switch outer.(type) {
	case *ast.GoStmt, *ast.DeferStmt:
		return false
	}
	file := fixes.FileOf(c.pass, outer.Pos())
	if file == nil {
		return false
	}
	path, _ := astutil.PathEnclosingInterval(file, outer.Pos(), outer.End())
	if len(path) > 0 && path[0] == outer {
		path = path[1:] // outer may be the loop itself
	}
	for _, n := range path {
		switch n.(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			return false
		case *ast.FuncDecl, *ast.FuncLit:
			return true
		}
	}
	return true
}

// reportDetachedBudget reports own, a timeout that detachedInBudget
// accepts, with a fix built from the loop's budget check (no fix, no
// report).
func (c *checker) reportDetachedBudget(file *ast.File, l *retryloop.Loop, own *timeout) {
	info := c.pass.TypesInfo
	start, budget, deadline := c.budgetCheck(l)
	if !c.fixableAt(l, l.Outer) {
		c.gate(own.call, "budget-detached-nofix", "a detached per-attempt timeout whose budget's deadline cannot be declared before the loop (a go or defer statement, or inside another loop)")
		return
	}
	if start == nil && deadline == nil {
		c.gate(own.call, "budget-detached-nofix", "a detached per-attempt timeout in a loop with a clock budget no deadline can be made of")
		return
	}
	src := fixes.Source(c.pass, l.Outer.Pos())
	if src == nil {
		c.gate(own.call, "budget-detached-nofix", "no source for the fix")
		return
	}
	fset := c.pass.Fset
	ctxName := fixes.FreeName(info, file, "opCtx", nil, l.Outer.Pos(), own.call.Pos())
	cancelName := fixes.FreeName(info, file, "opCancel", map[string]bool{ctxName: true}, l.Outer.Pos(), own.call.Pos())
	indent := fixes.Indent(fset, src, l.Outer.Pos())
	parent := fixes.Text(fset, src, own.parent)
	at := ""
	if deadline != nil {
		at = fixes.Text(fset, src, deadline)
	} else {
		at = fmt.Sprintf("%s.Add(%s)", fixes.Text(fset, src, start), fixes.Text(fset, src, budget))
	}
	decl := fmt.Sprintf("%s, %s := context.WithDeadline(%s, %s)\n%sdefer %s()\n%s",
		ctxName, cancelName, parent, at, indent, cancelName, indent)
	edits := []analysis.TextEdit{
		{Pos: l.Outer.Pos(), End: l.Outer.Pos(), NewText: []byte(decl)},
		{Pos: own.parent.Pos(), End: own.parent.End(), NewText: []byte(ctxName)},
	}
	c.pass.Report(analysis.Diagnostic{
		Pos: own.call.Pos(),
		End: own.call.End(),
		Message: c.timeoutWhat(own) + " from a context without a deadline, in a retry loop bounded only by a clock check " +
			"(the check does not cancel the attempt in flight, which runs its whole timeout past the budget and past the caller's cancellation)",
		SuggestedFixes: []analysis.SuggestedFix{{
			Message:   "Make the budget a deadline that the attempts derive from",
			TextEdits: edits,
		}},
	})
}

// isTimeNow reports whether e is a call of time.Now.
func isTimeNow(info *types.Info, e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	return ok && httpmodel.IsPkgFunc(httpmodel.Callee(info, call), "time", "Now")
}

// budgetCheck returns the start and the duration of the loop's budget
// check, when it is one of time.Since(start) > d (or >=),
// time.Now().Sub(start) > d, start.Add(d).Before(time.Now()) or
// time.Now().After(start.Add(d)), start a local variable assigned
// time.Now() once before the loop, and d made of nothing the loop
// assigns; or the deadline of deadline.Before(time.Now()) or
// time.Now().After(deadline), deadline a local variable assigned
// time.Now().Add(d) once before the loop. All are nil otherwise.
func (c *checker) budgetCheck(l *retryloop.Loop) (start, budget, deadline ast.Expr) {
	info := c.pass.TypesInfo
	// elapsed matches time.Since(s) and time.Now().Sub(s).
	elapsed := func(e ast.Expr) ast.Expr {
		call, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok || len(call.Args) != 1 {
			return nil
		}
		fn := httpmodel.Callee(info, call)
		switch {
		case httpmodel.IsPkgFunc(fn, "time", "Since"):
			return call.Args[0]
		case httpmodel.IsMethod(fn, "time", "Time", "Sub"):
			if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && isTimeNow(info, sel.X) {
				return call.Args[0]
			}
		}
		return nil
	}
	// Only the condition of an if whose body leaves the loop is a budget
	// (if time.Since(start) > d { return err }); a clock read that only
	// logs (if time.Since(start) > d { log.Print("slow") }) is none.
	var conds []ast.Node
	ast.Inspect(l.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IfStmt:
			if leavesLoop(n.Body) {
				conds = append(conds, n.Cond)
			}
		}
		return true
	})
	for _, cond := range conds {
		ast.Inspect(cond, func(n ast.Node) bool {
			if start != nil {
				return false
			}
			switch n := n.(type) {
			case *ast.BinaryExpr:
				if n.Op == token.GTR || n.Op == token.GEQ {
					if s := elapsed(n.X); s != nil {
						start, budget = s, n.Y
					}
				}
			case *ast.CallExpr:
				fn := httpmodel.Callee(info, n)
				sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr)
				if !ok || len(n.Args) != 1 {
					return true
				}
				var at ast.Expr
				switch {
				case httpmodel.IsMethod(fn, "time", "Time", "Before") && isTimeNow(info, n.Args[0]):
					at = sel.X
				case httpmodel.IsMethod(fn, "time", "Time", "After") && isTimeNow(info, sel.X):
					at = n.Args[0]
				}
				if at != nil {
					if start, budget = timeAdd(info, at); start == nil && c.deadlineBefore(l, at) {
						deadline = at
					}
				}
			}
			return true
		})
	}
	if deadline != nil {
		return nil, nil, deadline
	}
	if start == nil || !c.startedBefore(l, start) || mentionsLoopVar(info, l, budget) {
		return nil, nil, nil
	}
	return start, budget, nil
}

// deadlineBefore reports whether e is a local variable assigned once,
// before the loop, time.Now().Add(d): a deadline fixed before the first
// attempt.
func (c *checker) deadlineBefore(l *retryloop.Loop, e ast.Expr) bool {
	info := c.pass.TypesInfo
	start, _ := timeAdd(info, c.setOnceBefore(l, e))
	return start != nil && isTimeNow(info, start)
}

// setOnceBefore returns the one value that e, a variable of the loop's
// function, is given, when it is given it once, before the loop; nil
// otherwise.
func (c *checker) setOnceBefore(l *retryloop.Loop, e ast.Expr) ast.Expr {
	info := c.pass.TypesInfo
	v, _ := info.Uses[analysisutil.Ident(e)].(*types.Var)
	if v == nil || v.Pos() >= l.Stmt.Pos() {
		return nil
	}
	values, known := flow.Assigned(info, c.declOf(l.Func), v)
	if !known || len(values) != 1 || values[0].Pos() >= l.Stmt.Pos() {
		return nil
	}
	return values[0]
}

// timeAdd matches s.Add(d), a time.Time's Add, and returns s and d; nil,
// nil otherwise.
func timeAdd(info *types.Info, e ast.Expr) (start, d ast.Expr) {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 || !httpmodel.IsMethod(httpmodel.Callee(info, call), "time", "Time", "Add") {
		return nil, nil
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil, nil
	}
	return sel.X, call.Args[0]
}

// startedBefore reports whether e is a local variable of the loop's
// function assigned time.Now() once, before the loop.
func (c *checker) startedBefore(l *retryloop.Loop, e ast.Expr) bool {
	v := c.setOnceBefore(l, e)
	return v != nil && isTimeNow(c.pass.TypesInfo, v)
}

// mentionsLoopVar reports whether e uses a variable declared in the loop,
// or one the loop assigns: a budget that changes from one attempt to the
// next.
func mentionsLoopVar(info *types.Info, l *retryloop.Loop, e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if v, ok := info.Uses[id].(*types.Var); ok && l.Stmt.Pos() <= v.Pos() && v.Pos() < l.Stmt.End() {
				found = true
			}
		}
		return !found
	})
	return found || assignedIn(info, l.Body, e)
}

// leavesLoop reports whether block ends by leaving the loop around it: a
// return or a break.
func leavesLoop(block *ast.BlockStmt) bool {
	if block == nil || len(block.List) == 0 {
		return false
	}
	switch last := block.List[len(block.List)-1].(type) {
	case *ast.ReturnStmt:
		return true
	case *ast.BranchStmt:
		return last.Tok == token.BREAK && last.Label == nil
	}
	return false
}
