package retryafter

// This file holds the zero-time check: a time the server sent (a rate
// limit's reset, a Retry-After date) kept in a struct field, which holds
// the zero time.Time when the header was missing or malformed, waited on
// before the next attempt with no test for that zero. time.Until of the
// zero time is a wait far in the past: the client comes back at once.

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/fixes"
	"github.com/retrylint/retrylint/internal/flow"
	"github.com/retrylint/retrylint/internal/httpmodel"
	"github.com/retrylint/retrylint/internal/retryloop"
)

// isWaitCall reports whether fn waits for the duration it is given: a
// sleep, a timer or a ticker.
func isWaitCall(fn *types.Func) bool {
	return httpmodel.IsPkgFunc(fn, "time", "Sleep", "NewTimer", "After", "AfterFunc", "NewTicker", "Tick") ||
		httpmodel.IsMethod(fn, "time", "Timer", "Reset") || httpmodel.IsMethod(fn, "time", "Ticker", "Reset")
}

// timeLike reports whether t is a time.Time, or a named struct whose one
// field is an embedded one (go-github's and godo's Timestamp).
func timeLike(t types.Type) bool {
	if t == nil {
		return false
	}
	if httpmodel.IsNamed(t, "time", "Time") {
		return true
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		if st, ok := n.Underlying().(*types.Struct); ok && st.NumFields() == 1 && st.Field(0).Embedded() {
			return httpmodel.IsNamed(st.Field(0).Type(), "time", "Time")
		}
	}
	return false
}

// timeParams returns the parameters of fd of time type, each with its
// origin bit.
func timeParams(info *types.Info, fd *ast.FuncDecl) map[*types.Var]flow.Bits {
	var out map[*types.Var]flow.Bits
	i := 0
	for _, field := range fd.Type.Params.List {
		if len(field.Names) == 0 {
			i++
			continue
		}
		for _, name := range field.Names {
			if v, ok := info.Defs[name].(*types.Var); ok && timeLike(v.Type()) {
				if out == nil {
					out = map[*types.Var]flow.Bits{}
				}
				out[v] = flow.Param(i)
			}
			i++
		}
	}
	return out
}

// waitsUntilParam is the cheap test before untilParams: fd takes a time
// and calls a sleep, a timer or a ticker.
func (c *checker) waitsUntilParam(fd *ast.FuncDecl) bool {
	if timeParams(c.pass.TypesInfo, fd) == nil {
		return false
	}
	for _, call := range c.calls.Calls(fd) {
		if call.Callee != nil && isWaitCall(call.Callee) {
			return true
		}
	}
	return false
}

// untilParams returns the parameters of time type whose time fd waits
// until (a timer of time.Until(reset) + buffer) with no test for the zero
// time: a caller that hands it a time which may be zero waits not at all.
func (c *checker) untilParams(fd *ast.FuncDecl, f *flow.Func) flow.Bits {
	info := c.pass.TypesInfo
	params := timeParams(info, fd)
	if params == nil {
		return 0
	}
	var all flow.Bits
	for _, b := range params {
		all |= b
	}
	var out flow.Bits
	for _, call := range c.calls.Calls(fd) {
		if call.Callee == nil || !isWaitCall(call.Callee) {
			continue
		}
		for _, a := range call.Expr.Args {
			out |= f.Expr(a) & all
		}
	}
	for v, b := range params {
		if out&b != 0 && zeroTested(info, fd.Body, func(e ast.Expr) bool {
			id, ok := ast.Unparen(e).(*ast.Ident)
			return ok && info.Uses[id] == v
		}) {
			out &^= b
		}
	}
	return out
}

// zeroTested reports whether body tests a time that is matches for the
// zero time: t.IsZero(), a comparison with another time (t.Before(now),
// t.After(x), t.Equal(x), t.Compare(x)) or with ==.
func zeroTested(info *types.Info, body ast.Node, is func(ast.Expr) bool) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.CallExpr:
			sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr)
			if !ok {
				return true
			}
			switch sel.Sel.Name {
			case "IsZero", "Before", "After", "Equal", "Compare":
			default:
				return true
			}
			if fn, ok := info.Uses[sel.Sel].(*types.Func); !ok || fn.Pkg() == nil || fn.Pkg().Path() != "time" {
				return true
			}
			if is(sel.X) || len(n.Args) == 1 && is(n.Args[0]) {
				found = true
			}
		case *ast.BinaryExpr:
			if (n.Op == token.EQL || n.Op == token.NEQ) && (is(n.X) || is(n.Y)) {
				found = true
			}
		}
		return true
	})
	return found
}

// fieldTime returns, when e selects (through any chain of fields) a field
// of time type that holds the server's time, that field.
func (c *checker) fieldTime(e ast.Expr) *types.Var {
	for {
		sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
		if !ok {
			return nil
		}
		v := flow.FieldOf(c.pass.TypesInfo, sel)
		if v == nil {
			return nil
		}
		if timeLike(v.Type()) && c.fieldBits(v)&flow.Source != 0 {
			if !c.fieldUnset(v) {
				return nil // filled wherever the server's time is stored
			}
			return v
		}
		e = sel.X
	}
}

// checkZeroTime reports a wait until a server's time read from a struct
// field, with no test for the zero time in the function, before the next
// attempt of a retry: call is a wait (time.Sleep(time.Until(t)), a timer)
// or a call of a helper that waits until the time it is given.
func (c *checker) checkZeroTime(file *ast.File, fd *ast.FuncDecl, f *flow.Func, call *ast.CallExpr, stack []ast.Node) {
	info := c.pass.TypesInfo
	fn := httpmodel.Callee(info, call)
	if fn == nil {
		return
	}
	var t ast.Expr
	if isWaitCall(fn) {
		for _, a := range call.Args {
			ast.Inspect(a, func(n ast.Node) bool {
				if t != nil {
					return false
				}
				if u, ok := n.(*ast.CallExpr); ok && len(u.Args) == 1 && httpmodel.IsPkgFunc(httpmodel.Callee(info, u), "time", "Until") {
					t = u.Args[0]
				}
				return true
			})
		}
	} else if fact := c.fact(fn); fact != nil && fact.Until != 0 {
		for _, p := range fact.Until.Params() {
			if p < len(call.Args) {
				t = call.Args[p]
				break
			}
		}
	}
	if t == nil || f.Expr(t)&flow.Source == 0 {
		return
	}
	field := c.fieldTime(t)
	if field == nil || !fixes.Pure(info, t) {
		return
	}
	text := types.ExprString(ast.Unparen(t))
	if zeroTested(info, fd.Body, func(e ast.Expr) bool { return types.ExprString(ast.Unparen(e)) == text }) {
		return
	}
	if !c.beforeRetry(fd, call) {
		return
	}
	if obj, _, _ := types.LookupFieldOrMethod(info.TypeOf(t), true, c.pass.Pkg, "IsZero"); obj == nil {
		return
	}
	_, ft := fixes.EnclosingFunc(stack)
	if !fixes.ReturnsError(info, ft) {
		return // no way to stop instead of retrying at once
	}
	stmt := stmtBefore(stack)
	src := fixes.Source(c.pass, call.Pos())
	if stmt == nil || src == nil {
		return
	}
	errorsName, edits, ok := fixes.Import(info, c.pass.Pkg, file, "errors", stmt.Pos())
	if !ok {
		return
	}
	ret, ok := fixes.Return(info, c.pass.Pkg, file, ft, errorsName+`.New("the server's reset time is unknown: not retrying at once")`)
	if !ok {
		return
	}
	indent := fixes.Indent(c.pass.Fset, src, stmt.Pos())
	tf := c.pass.Fset.File(stmt.Pos())
	at := tf.LineStart(tf.Line(stmt.Pos()))
	guard := fmt.Sprintf("%sif %s.IsZero() {\n%s\t%s\n%s}\n", indent, text, indent, ret, indent)
	edits = append(edits, analysis.TextEdit{Pos: at, End: at, NewText: []byte(guard)})
	c.pass.Report(analysis.Diagnostic{
		Pos:     t.Pos(),
		End:     t.End(),
		Message: fmt.Sprintf("the server's time in %s is waited on with no test for the zero time (a missing or malformed header leaves it zero, a time long past, and the client retries at once)", field.Name()),
		SuggestedFixes: []analysis.SuggestedFix{{
			Message:   "Stop when the server's time is unknown",
			TextEdits: edits,
		}},
	})
}

// beforeRetry reports whether call runs before the next attempt of a
// retry: inside a retry loop's body, or before a retry by recursion calls
// the function again.
func (c *checker) beforeRetry(fd *ast.FuncDecl, call *ast.CallExpr) bool {
	loops, _ := c.pass.ResultOf[retryloop.Analyzer].(*retryloop.Result)
	if loops == nil {
		return false
	}
	for _, l := range loops.Loops {
		if len(l.Self) > 0 {
			if l.Func != ast.Node(fd) {
				continue
			}
			for _, s := range l.Self {
				if s.Pos() > call.End() {
					return true
				}
			}
			continue
		}
		if inside(call, l.Body) {
			return true
		}
	}
	return false
}

// wrappedTime returns what a Timestamp{t} literal carries: what t does.
func wrappedTime(f *flow.State[flow.Bits], info *types.Info, lit *ast.CompositeLit) (flow.Bits, bool) {
	if t := info.TypeOf(lit); !timeLike(t) || httpmodel.IsNamed(t, "time", "Time") || len(lit.Elts) != 1 {
		return 0, false
	}
	elt := lit.Elts[0]
	if kv, ok := elt.(*ast.KeyValueExpr); ok {
		elt = kv.Value
	}
	return f.Expr(elt), true
}

// stmtBefore returns the statement of a block in stack before which a
// guard can go: the select or switch statement itself for a call in a
// case's expression (case <-time.After(d):).
func stmtBefore(stack []ast.Node) ast.Stmt {
	for {
		s, i := fixes.StmtInBlock(stack)
		switch s.(type) {
		case *ast.CaseClause, *ast.CommClause:
			// The clause's body block is not where its case runs: go
			// out to the statement that holds the clauses.
			stack = stack[:i-1]
			continue
		}
		return s
	}
}
