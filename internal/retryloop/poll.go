package retryloop

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/httpmodel"
	"github.com/retrylint/retrylint/internal/paths"
)

// transientStatuses are the statuses after which a loop that retries
// sends again: the server's temporary failures.
var transientStatuses = []int64{408, 429, 500, 502, 503, 504}

// EndsOnFailure reports whether every failure of every send of l, a
// transport error or a transient status (408, 429, 5xx), certainly leaves
// the loop: the loop then sends again only after a success, as a poll
// of a job's status until it is done does, and is no retry. It is false
// when a failure may reach the next iteration, and whenever the answer is
// not certain: a send that is not a net/http send whose response and
// error the loop assigns, or a condition the model does not know (taken
// both ways). A call of a function that sends counts as a send whose
// failure is its error result (and the statuses of a response it
// returns, when the loop assigns that).
func (r *Result) EndsOnFailure(l *Loop) bool {
	if len(l.Sends) == 0 || l.Via != nil || len(l.Self) > 0 || len(l.Requeue) > 0 {
		return false
	}
	g := r.Graph(l.Func)
	if g == nil {
		return false
	}
	for _, call := range l.Sends {
		m, as, direct, ok := r.sendOutcome(l, call)
		if !ok {
			return false
		}
		m.transport = true
		if next, ok := g.Next(l.Stmt, as, m); !ok || next {
			return false
		}
		if m.resp == nil {
			if !direct && !returnsResponse(r.pass.TypesInfo, call) {
				continue // the function's error is its only failure
			}
			return false
		}
		m.transport = false
		for _, st := range transientStatuses {
			m.status = st
			if next, ok := g.Next(l.Stmt, as, m); !ok || next {
				return false
			}
		}
	}
	return true
}

// leftOnSuccess reports whether every send of l, when it succeeds (no
// error and, where the loop sees the response, a 200), certainly leaves
// the loop, while a transport failure of one of them may reach the next
// iteration: the loop does the same operation again on its next item only
// after a failure, as a failover to the next peer, replica or mirror does.
// The answer is false whenever it is not certain (see EndsOnFailure).
func (r *Result) leftOnSuccess(l *Loop) bool {
	g := r.Graph(l.Func)
	if g == nil || len(l.Sends) == 0 {
		return false
	}
	retried := false
	for _, call := range l.Sends {
		m, as, _, ok := r.sendOutcome(l, call)
		if !ok {
			return false
		}
		m.status = 200
		if next, ok := g.Next(l.Stmt, as, m); !ok || next {
			return false
		}
		m.transport = true
		if next, ok := g.Next(l.Stmt, as, m); ok && next {
			retried = true
		}
	}
	return retried
}

// repeatsOnSuccess reports whether no send of l, when it succeeds (no
// error and, where the loop sees the response, a 200), can leave the
// loop: the loop sends again after a success as after a failure (a load
// loop, a heartbeat), so it repeats the operation, not retries it. A
// loop whose condition reads a variable its body assigns (for !done) may
// leave through it, and is not judged.
func (r *Result) repeatsOnSuccess(l *Loop) bool {
	info := r.pass.TypesInfo
	if rs, ok := l.Stmt.(*ast.RangeStmt); ok {
		// A range over an integer counts attempts as a counted for
		// statement does (for range 5, for i := range n).
		if rs.Body != l.Body || !analysisutil.IsInteger(info.TypeOf(rs.X)) {
			return false
		}
	} else if fs, ok := l.Stmt.(*ast.ForStmt); !ok || fs.Body != l.Body {
		return false
	} else if fs.Cond != nil {
		assignedInBody := false
		ast.Inspect(fs.Cond, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				if v, ok := info.Uses[id].(*types.Var); ok && assignsVar(info, fs.Body, v) && (l.Op == nil || setsVar(info, fs.Body, v)) {
					// (A helper's loop that only steps its counter
					// further, i += n past a record, leaves by it after
					// a success as after a failure.)
					assignedInBody = true
				}
			}
			return !assignedInBody
		})
		if assignedInBody {
			return false
		}
	}
	g := r.Graph(l.Func)
	if g == nil || len(l.Sends) == 0 {
		return false
	}
	if r.voidSends(l) && leavesOnlyByChannel(r.pass.TypesInfo, l.Body) {
		// Nothing of the sends' outcome comes back: only a stop
		// channel ends the loop, after a success as after a failure
		// (a poll on a ticker until Stop).
		return true
	}
	for _, call := range l.Sends {
		m, as, _, ok := r.sendOutcome(l, call)
		if !ok {
			return false
		}
		m.status = 200
		// An exit on the caller's cancellation (a select case on
		// ctx.Done(), if ctx.Err() != nil) is taken after a success as
		// after a failure: it does not leave on success.
		m.cancelAside = true
		if leaves, ok := g.Leaves(l.Stmt, as, m); !ok || leaves {
			return false
		}
	}
	return true
}

// voidSends reports whether every send of l is a statement calling a
// function of the package's or another's that returns nothing: the loop
// learns nothing of its outcome.
func (r *Result) voidSends(l *Loop) bool {
	info := r.pass.TypesInfo
	for _, call := range l.Sends {
		if _, direct := httpmodel.SendOf(info, call); direct {
			return false
		}
		sig, ok := info.TypeOf(call.Fun).Underlying().(*types.Signature)
		if !ok || sig.Results().Len() != 0 {
			return false
		}
		stmt := false
		ast.Inspect(l.Body, func(n ast.Node) bool {
			if es, ok := n.(*ast.ExprStmt); ok && es.X == call {
				stmt = true
			}
			return !stmt
		})
		if !stmt {
			return false
		}
	}
	return true
}

// leavesOnlyByChannel reports whether every return, break or goto that
// may leave the loop whose body is body sits in a select case that
// receives from a channel (case <-stop: return), and the body has at
// least one, and no call that never returns: a loop run until it is told
// to stop.
func leavesOnlyByChannel(info *types.Info, body *ast.BlockStmt) bool {
	exits, ok := 0, true
	ast.PreorderStack(body, nil, func(n ast.Node, stack []ast.Node) bool {
		if !ok {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt, *ast.BranchStmt:
			if b, isBranch := n.(*ast.BranchStmt); isBranch {
				switch {
				case b.Tok == token.CONTINUE || b.Tok == token.FALLTHROUGH:
					return true
				case b.Tok == token.BREAK && b.Label == nil && innerBreakTarget(stack):
					return true
				}
			}
			inRecv := false
			for _, s := range stack {
				if cc, isCase := s.(*ast.CommClause); isCase && paths.CommRecv(cc) != nil {
					inRecv = true
				}
			}
			if !inRecv {
				ok = false
			}
			exits++
		case *ast.CallExpr:
			// panic, log.Fatal, os.Exit leave it too, as the graph
			// of internal/paths has them.
			if httpmodel.NoReturn(info, n) {
				ok = false
			}
		}
		return true
	})
	return ok && exits > 0
}

// innerBreakTarget reports whether an unlabelled break under stack ends
// a statement inside the loop body (a switch, select or loop of its own).
func innerBreakTarget(stack []ast.Node) bool {
	for _, s := range stack[1:] {
		switch s.(type) {
		case *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt, *ast.ForStmt, *ast.RangeStmt:
			return true
		}
	}
	return false
}

// assignsVar reports whether n assigns v, steps it or takes its address.
func assignsVar(info *types.Info, n ast.Node, v *types.Var) bool {
	return writesVar(info, n, v, true)
}

// setsVar reports whether n gives v a new value other than a step of it:
// an assignment with = or :=, or its address taken (not v++ or v += n).
func setsVar(info *types.Info, n ast.Node, v *types.Var) bool {
	return writesVar(info, n, v, false)
}

// writesVar reports whether n assigns v, takes its address or, with
// steps, increments it (v++, v += n).
func writesVar(info *types.Info, n ast.Node, v *types.Var, steps bool) bool {
	is := func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		return ok && info.ObjectOf(id) == types.Object(v)
	}
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			found = found || (steps || n.Tok == token.ASSIGN || n.Tok == token.DEFINE) && slices.ContainsFunc(n.Lhs, is)
		case *ast.IncDecStmt:
			found = found || steps && is(n.X)
		case *ast.UnaryExpr:
			found = found || n.Op == token.AND && is(n.X)
		}
		return !found
	})
	return found
}

// sendOutcome returns the model of the outcome of call, a send of l (a
// net/http send or a call of a function that sends), with the assignment
// of its results: its error and, when the loop assigns it, its response.
// direct reports a net/http send. ok is false when the loop does not
// assign the send's error (and a direct send's response), or assigns
// them again elsewhere in the body.
func (r *Result) sendOutcome(l *Loop, call *ast.CallExpr) (m *failure, as *ast.AssignStmt, direct, ok bool) {
	info := r.pass.TypesInfo
	_, direct = httpmodel.SendOf(info, call)
	as = assignOf(l.Body, call)
	// A net/http send assigns a response and an error; a function that
	// sends may return its error alone (err := c.ping(ctx)).
	if as == nil || len(as.Lhs) == 0 || direct && len(as.Lhs) < 2 {
		return nil, nil, false, false
	}
	m = &failure{info: info, err: analysisutil.IdentVar(info, as.Lhs[len(as.Lhs)-1]), codes: map[*types.Var]bool{}}
	switch {
	case direct && len(as.Lhs) == 2:
		m.resp = analysisutil.IdentVar(info, as.Lhs[0])
	case direct:
		return nil, nil, false, false
	default:
		// A function that sends (done, err := c.checkOnce(url)): its
		// error is the failure; a response it returns carries the
		// statuses, as a send's does.
		if m.err == nil || !analysisutil.IsError(m.err.Type()) {
			return nil, nil, false, false
		}
		for _, lhs := range as.Lhs[:len(as.Lhs)-1] {
			if t := info.TypeOf(lhs); t != nil && httpmodel.IsResponse(t) {
				m.resp = analysisutil.IdentVar(info, lhs)
				if m.resp == nil {
					return nil, nil, false, false
				}
			}
		}
	}
	if m.err == nil || assignedElsewhere(info, l.Body, as, m.resp) {
		return nil, nil, false, false // a later response is not the send's
	}
	// The error assigned again later (err = json.NewDecoder(resp.Body).
	// Decode(&st)) is another call's: past that assignment, the model
	// knows nothing of it (see Forget).
	m.sent = as
	return m, as, direct, true
}

// Forget returns the model of a path past n when n assigns the send's
// error variable again: one that knows nothing of it. It returns nil for
// any other node (see paths.Forgetter).
func (m *failure) Forget(n ast.Node) paths.Model {
	st, ok := n.(*ast.AssignStmt)
	if !ok || st == m.sent || m.err == nil {
		return nil
	}
	for _, l := range st.Lhs {
		if analysisutil.IdentVar(m.info, l) == m.err {
			if m.forgot == nil {
				cp := *m
				cp.err, cp.forgot = nil, nil
				m.forgot = &cp
			}
			m.forgot.transport, m.forgot.status = m.transport, m.status
			return m.forgot
		}
	}
	return nil
}

// returnsResponse reports whether the function call calls returns a
// *http.Response.
func returnsResponse(info *types.Info, call *ast.CallExpr) bool {
	t := info.TypeOf(call)
	if tuple, ok := t.(*types.Tuple); ok {
		for i := range tuple.Len() {
			if httpmodel.IsResponse(tuple.At(i).Type()) {
				return true
			}
		}
		return false
	}
	return t != nil && httpmodel.IsResponse(t)
}

// assignOf returns the assignment in body (outside function literals)
// whose one value is call, or nil.
func assignOf(body *ast.BlockStmt, call *ast.CallExpr) *ast.AssignStmt {
	var as *ast.AssignStmt
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt:
			if len(n.Rhs) == 1 && ast.Unparen(n.Rhs[0]) == call {
				as = n
			}
		}
		return as == nil
	})
	return as
}

// failure is the model of one failure of a send (paths.Model): a
// transport error (the error is not nil), or a response of a status
// (the error is nil).
type failure struct {
	info      *types.Info
	resp, err *types.Var
	// codes are the variables that hold the response's status
	// (code := resp.StatusCode), learnt by Visit.
	codes     map[*types.Var]bool
	transport bool
	status    int64
	// sent is the send's assignment; forgot is the model past a later
	// assignment of the error (see Forget).
	sent   *ast.AssignStmt
	forgot *failure
	// cancelAside sets aside the exits on the caller's cancellation (see
	// Cancelled), for a question about this outcome alone.
	cancelAside bool
}

func (m *failure) Return(*ast.ReturnStmt) bool { return false }

// Cancelled reports, when the model sets cancellation aside, whether cc
// is a select case that receives from a context's Done channel (see
// paths.Canceller).
func (m *failure) Cancelled(cc *ast.CommClause) bool {
	if !m.cancelAside {
		return false
	}
	u := paths.CommRecv(cc)
	return u != nil && m.contextCall(u.X, "Done")
}

// contextCall reports whether e is a call of the method name of a
// context.Context (ctx.Done(), ctx.Err()).
func (m *failure) contextCall(e ast.Expr, name string) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 0 {
		return false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	return ok && sel.Sel.Name == name && isContext(m.info.TypeOf(sel.X))
}

// Visit learns the variables assigned the response's status once.
func (m *failure) Visit(n ast.Node) {
	as, ok := n.(*ast.AssignStmt)
	if !ok || len(as.Lhs) != len(as.Rhs) {
		return
	}
	for i, l := range as.Lhs {
		v := analysisutil.IdentVar(m.info, l)
		if v == nil {
			continue
		}
		if m.isStatus(as.Rhs[i]) && as.Tok == token.DEFINE {
			m.codes[v] = true
		}
	}
}

func (m *failure) is(e ast.Expr, v *types.Var) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && v != nil && m.info.Uses[id] == v
}

func (m *failure) isNil(e ast.Expr) bool {
	tv, ok := m.info.Types[e]
	return ok && tv.IsNil()
}

// isStatus reports whether e is the response's status: resp.StatusCode,
// or a variable assigned it.
func (m *failure) isStatus(e ast.Expr) bool {
	e = ast.Unparen(e)
	if sel, ok := e.(*ast.SelectorExpr); ok && sel.Sel.Name == "StatusCode" && m.is(sel.X, m.resp) {
		return httpmodel.IsResponse(m.info.TypeOf(sel.X))
	}
	if id, ok := e.(*ast.Ident); ok {
		v, _ := m.info.Uses[id].(*types.Var)
		return v != nil && m.codes[v]
	}
	return false
}

func (m *failure) Cond(e ast.Expr) paths.Tri {
	if t, ok := paths.Logic(e, m.Cond); ok {
		return t
	}
	if e, ok := ast.Unparen(e).(*ast.BinaryExpr); ok {
		switch e.Op {
		case token.EQL, token.NEQ:
			for _, p := range [][2]ast.Expr{{e.X, e.Y}, {e.Y, e.X}} {
				if m.cancelAside && m.contextCall(p[0], "Err") && m.isNil(p[1]) {
					// Not cancelled: the exit on cancellation is set
					// aside (see Cancelled).
					return paths.Of(e.Op == token.EQL)
				}
				if (m.is(p[0], m.err) || m.is(p[0], m.resp)) && m.isNil(p[1]) {
					// After a transport error the error is set and the
					// response nil; after a status, the reverse.
					isNil := paths.Of(m.is(p[0], m.err) != m.transport)
					if e.Op == token.NEQ {
						return isNil.Not()
					}
					return isNil
				}
			}
			return m.compare(e)
		case token.LSS, token.LEQ, token.GTR, token.GEQ:
			return m.compare(e)
		}
	}
	return paths.Maybe
}

// compare evaluates a comparison of the status with a constant.
func (m *failure) compare(e *ast.BinaryExpr) paths.Tri {
	if m.transport {
		return paths.Maybe
	}
	x, y, op := e.X, e.Y, e.Op
	if !m.isStatus(x) {
		x, y, op = y, x, paths.Swap(op)
	}
	if !m.isStatus(x) {
		return paths.Maybe
	}
	tv, ok := m.info.Types[y]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.Int {
		return paths.Maybe
	}
	return paths.Of(constant.Compare(constant.MakeInt64(m.status), op, tv.Value))
}

// assignedElsewhere reports whether body assigns one of vars after the
// statement as.
func assignedElsewhere(info *types.Info, body *ast.BlockStmt, as *ast.AssignStmt, vars ...*types.Var) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		st, ok := n.(*ast.AssignStmt)
		if found || !ok || st.Pos() <= as.Pos() {
			// An assignment before the send runs before it on every
			// attempt; the paths asked about start after it.
			return !found
		}
		for _, l := range st.Lhs {
			if v := analysisutil.IdentVar(info, l); v != nil {
				for _, w := range vars {
					// A := of a new variable of the same name shadows,
					// which is a different object: only the same one counts.
					found = found || v == w
				}
			}
		}
		return !found
	})
	return found
}
