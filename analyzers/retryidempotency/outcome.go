package retryidempotency

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"github.com/retrylint/retrylint/internal/httpmodel"
	"github.com/retrylint/retrylint/internal/retryloop"
)

// unknownStatuses are statuses that do not prove that the server declined
// the write; 408, 425, 429 and 503 do.
var unknownStatuses = []int{200, 201, 202, 204, 400, 401, 403, 404, 409, 422, 500, 502, 504}

// serverUnknownStatuses are the statuses after which the outcome of a
// request is unknown whatever its method (POLICY: a 500, 502 or 504 after
// it may have been processed). A retrying sender is judged on these: a
// 4xx is the server's answer to the request, which is not applied twice
// by sending it again.
var serverUnknownStatuses = []int{500, 502, 504}

// retriesUnknown reports whether the loop can start another attempt after
// the send s ends in an unknown outcome, and names that outcome.
//
// For an operation handed to a retry helper (l.Via), another attempt is
// what follows when the operation returns an error: a return whose last
// result is not nil.
func (c *checker) retriesUnknown(l *retryloop.Loop, s send) (string, bool) {
	return c.retriesUnknownOp(l, s, l.Via != nil)
}

// retriesUnknownOp is retriesUnknown, told whether l's body is an
// operation (as the body of a closure that a loop calls is).
func (c *checker) retriesUnknownOp(l *retryloop.Loop, s send, op bool) (string, bool) {
	if op && !l.ErrStops && returnsSend(l, s) {
		return "a transport error", true
	}
	sim, ok := c.newSim(l, s)
	if !ok {
		return "", false
	}
	sim.op = op
	sim.condOp, sim.errStops = op && l.Cond, op && l.ErrStops
	if sim.run(outcomeEnv{transport: true})&next != 0 {
		return "a transport error", true
	}
	if sim.resp == nil && sim.statusVars == nil {
		// A helper: its error may stand for any outcome.
		return "", false
	}
	statuses := unknownStatuses
	if s.anyMethod {
		statuses = serverUnknownStatuses
	}
	for _, st := range statuses {
		if len(l.Self) > 0 && st < 300 {
			continue // a self-call after a success goes on with the job
		}
		if sim.run(outcomeEnv{status: st})&next != 0 {
			return fmt.Sprintf("status %d", st), true
		}
	}
	return "", false
}

type outcomeEnv struct {
	transport bool
	status    int
}

// Results of running statements: a set of ways out.
type exits uint8

const (
	fallsThrough exits = 1 << iota // on to the next statement
	next                           // the next iteration of the loop
	leaves                         // return, break out of the loop, panic
	breaksSwitch                   // break out of an enclosing switch or select
)

type sim struct {
	c          *checker
	l          *retryloop.Loop
	label      types.Object
	rest       []ast.Stmt // the loop body's statements from the send on
	errVar     *types.Var
	resp       *types.Var
	statusVars map[*types.Var]bool
	env        outcomeEnv
	// op reports that the body is an operation of a retry helper: a
	// return of an error starts the next attempt.
	op bool
	// condOp and errStops are the operation's Loop.Cond and Loop.ErrStops
	// (see retriedReturn).
	condOp, errStops bool
}

// returnsSend reports whether the send of s is a result of a return
// statement of the operation's body, so that its error is the
// operation's.
func returnsSend(l *retryloop.Loop, s send) bool {
	for _, st := range l.Body.List {
		if ret, ok := st.(*ast.ReturnStmt); ok && len(ret.Results) > 0 && ast.Unparen(ret.Results[len(ret.Results)-1]) == s.call {
			return true
		}
	}
	return false
}

// newSim prepares the simulation of the loop body after the send: the send
// must be a statement of the body itself (an assignment of its results or
// the init of an if statement).
func (c *checker) newSim(l *retryloop.Loop, s send) (*sim, bool) {
	info := c.pass.TypesInfo
	sm := &sim{c: c, l: l, statusVars: map[*types.Var]bool{}}
	for i, st := range l.Body.List {
		if !(st.Pos() <= s.call.Pos() && s.call.End() <= st.End()) {
			continue
		}
		var as *ast.AssignStmt
		switch st := st.(type) {
		case *ast.AssignStmt:
			as = st
			sm.rest = l.Body.List[i+1:]
		case *ast.IfStmt:
			if init, ok := st.Init.(*ast.AssignStmt); ok && init.Pos() <= s.call.Pos() && s.call.End() <= init.End() {
				as = init
				sm.rest = l.Body.List[i:]
			} else {
				as = c.branchSend(st, s.call)
				sm.rest = l.Body.List[i+1:]
			}
		}
		if as == nil || len(as.Rhs) != 1 || ast.Unparen(as.Rhs[0]) != s.call {
			return nil, false
		}
		varOf := func(e ast.Expr) *types.Var {
			id, ok := e.(*ast.Ident)
			if !ok || id.Name == "_" {
				return nil
			}
			v, _ := info.ObjectOf(id).(*types.Var)
			return v
		}
		switch {
		case s.helper == nil && len(as.Lhs) == 2:
			sm.resp, sm.errVar = varOf(as.Lhs[0]), varOf(as.Lhs[1])
		case s.helper != nil && len(as.Lhs) >= 1:
			sm.errVar = varOf(as.Lhs[len(as.Lhs)-1])
			sm.statusVars = nil
		default:
			return nil, false
		}
		if sm.errVar == nil || !types.Identical(sm.errVar.Type(), types.Universe.Lookup("error").Type()) {
			return nil, false
		}
		if ls, ok := c.labelOf(l); ok {
			sm.label = ls
		}
		return sm, true
	}
	return nil, false
}

// branchSend returns the assignment of the send call's results when it is
// a statement of a branch of the if statement st, and every branch of st
// (an else is required) assigns the same variables from a send and then
// neither leaves nor continues: after st, those variables hold the
// results of one send, whichever branch ran (a per-attempt timeout set
// up in one branch only). It returns nil otherwise.
func (c *checker) branchSend(st *ast.IfStmt, call *ast.CallExpr) *ast.AssignStmt {
	info := c.pass.TypesInfo
	var found *ast.AssignStmt
	var lhs []types.Object
	var branch func(s ast.Stmt) bool
	branch = func(s ast.Stmt) bool {
		switch s := s.(type) {
		case *ast.IfStmt:
			if s.Init != nil || s.Else == nil {
				return false
			}
			return branch(s.Body) && branch(s.Else)
		case *ast.BlockStmt:
			var as *ast.AssignStmt
			for _, x := range s.List {
				a, ok := x.(*ast.AssignStmt)
				if ok && len(a.Rhs) == 1 && a.Tok == token.ASSIGN {
					if sc, ok := ast.Unparen(a.Rhs[0]).(*ast.CallExpr); ok && c.loops.SendsCall(sc) {
						as = a
					}
				}
			}
			if as == nil || leavesOrContinues(info, s) {
				return false
			}
			var objs []types.Object
			for _, e := range as.Lhs {
				id, ok := e.(*ast.Ident)
				if !ok {
					return false
				}
				objs = append(objs, info.ObjectOf(id))
			}
			if lhs != nil && !slices.Equal(lhs, objs) {
				return false
			}
			lhs = objs
			if ast.Unparen(as.Rhs[0]) == call {
				found = as
			}
			return true
		}
		return false
	}
	if st.Init != nil || st.Else == nil || !branch(st.Body) || !branch(st.Else) {
		return nil
	}
	return found
}

// leavesOrContinues reports whether n holds a return, a branch statement
// or a call that never returns, outside function literals.
func leavesOrContinues(info *types.Info, n ast.Node) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		switch m := m.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt, *ast.BranchStmt:
			found = true
		case *ast.CallExpr:
			found = httpmodel.NoReturn(info, m)
		}
		return !found
	})
	return found
}

// labelOf returns the label of the loop statement, if any.
func (c *checker) labelOf(l *retryloop.Loop) (types.Object, bool) {
	var label types.Object
	ast.Inspect(l.Func, func(n ast.Node) bool {
		if ls, ok := n.(*ast.LabeledStmt); ok && ls.Stmt == l.Stmt {
			label = c.pass.TypesInfo.Defs[ls.Label]
		}
		return label == nil
	})
	return label, label != nil
}

func (sm *sim) run(env outcomeEnv) exits {
	sm.env = env
	out := sm.stmts(sm.rest, false)
	if out&fallsThrough != 0 {
		if sm.op || len(sm.l.Self) > 0 {
			out = out&^fallsThrough | leaves // the operation ends without an error
		} else {
			out = out&^fallsThrough | next
		}
	}
	return out
}

// stmts runs a statement list; inSwitch says whether a bare break leaves a
// switch or select rather than the loop.
func (sm *sim) stmts(list []ast.Stmt, inSwitch bool) exits {
	var out exits
	for _, st := range list {
		e := sm.stmt(st, inSwitch)
		out |= e &^ fallsThrough
		if e&fallsThrough == 0 {
			return out
		}
	}
	return out | fallsThrough
}

func (sm *sim) stmt(st ast.Stmt, inSwitch bool) exits {
	info := sm.c.pass.TypesInfo
	if recursiveNext(sm.l, st) {
		return next // a retry by recursion calls itself again
	}
	switch st := st.(type) {
	case *ast.ReturnStmt:
		if sm.op && sm.retriedReturn(st) {
			return next // the helper calls the operation again
		}
		return leaves
	case *ast.BranchStmt:
		switch st.Tok {
		case token.CONTINUE:
			if st.Label == nil || info.Uses[st.Label] == sm.label {
				return next
			}
			return leaves
		case token.BREAK:
			if st.Label == nil && inSwitch {
				return breaksSwitch
			}
			return leaves
		case token.GOTO:
			return leaves
		}
		return fallsThrough
	case *ast.BlockStmt:
		return sm.stmts(st.List, inSwitch)
	case *ast.LabeledStmt:
		return sm.stmt(st.Stmt, inSwitch)
	case *ast.ExprStmt:
		if call, ok := st.X.(*ast.CallExpr); ok && httpmodel.NoReturn(sm.c.pass.TypesInfo, call) {
			return leaves
		}
		return fallsThrough
	case *ast.AssignStmt:
		// code := resp.StatusCode
		if len(st.Lhs) == 1 && len(st.Rhs) == 1 && sm.statusVars != nil && sm.isStatus(st.Rhs[0]) {
			if id, ok := st.Lhs[0].(*ast.Ident); ok {
				if v, ok := info.ObjectOf(id).(*types.Var); ok {
					sm.statusVars[v] = true
				}
			}
		}
		return fallsThrough
	case *ast.IfStmt:
		var out exits
		if st.Init != nil {
			out |= sm.stmt(st.Init, inSwitch) &^ fallsThrough
		}
		var then, els exits
		switch sm.cond(st.Cond) {
		case yes:
			then = sm.stmts(st.Body.List, inSwitch)
		case no:
			els = sm.elseOf(st, inSwitch)
		default:
			then = sm.stmts(st.Body.List, inSwitch)
			els = sm.elseOf(st, inSwitch)
		}
		return out | then | els
	case *ast.SwitchStmt:
		return sm.switchStmt(st)
	case *ast.ForStmt, *ast.RangeStmt, *ast.SelectStmt, *ast.TypeSwitchStmt:
		// Opaque: it may return or leave our loop, or go on.
		out := fallsThrough
		ast.Inspect(st, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.ReturnStmt:
				out |= leaves
			case *ast.BranchStmt:
				if n.Label != nil {
					if info.Uses[n.Label] == sm.label && n.Tok == token.CONTINUE {
						out |= next
					} else {
						out |= leaves
					}
				}
			}
			return true
		})
		return out
	}
	return fallsThrough
}

// recursiveNext reports whether st is a simple statement that holds a
// self-call of the retry by recursion l: it starts the next attempt.
func recursiveNext(l *retryloop.Loop, st ast.Stmt) bool {
	switch st.(type) {
	case *ast.ReturnStmt, *ast.AssignStmt, *ast.ExprStmt, *ast.DeclStmt:
		return l.HasSelfCall(st)
	}
	return false
}

func (sm *sim) elseOf(st *ast.IfStmt, inSwitch bool) exits {
	if st.Else == nil {
		return fallsThrough
	}
	return sm.stmt(st.Else, inSwitch)
}

func (sm *sim) switchStmt(st *ast.SwitchStmt) exits {
	var out exits
	if st.Init != nil {
		out |= sm.stmt(st.Init, false) &^ fallsThrough
	}
	var bodies [][]ast.Stmt
	var dflt []ast.Stmt
	hasDefault, matched := false, false
	for _, cc := range st.Body.List {
		clause := cc.(*ast.CaseClause)
		if clause.List == nil {
			hasDefault, dflt = true, clause.Body
			continue
		}
		v := no
		for _, e := range clause.List {
			var t tri
			if st.Tag != nil {
				t = sm.compare(st.Tag, token.EQL, e)
			} else {
				t = sm.cond(e)
			}
			v = v.or(t)
		}
		if v == yes {
			bodies = append(bodies, clause.Body)
			matched = true
			break
		}
		if v == maybe {
			bodies = append(bodies, clause.Body)
		}
	}
	if !matched {
		if hasDefault {
			bodies = append(bodies, dflt)
		} else {
			out |= fallsThrough
		}
	}
	for _, b := range bodies {
		e := sm.stmts(b, true)
		if e&breaksSwitch != 0 {
			e = e&^breaksSwitch | fallsThrough
		}
		out |= e
	}
	return out
}

type tri int

const (
	maybe tri = iota
	yes
	no
)

func (t tri) not() tri {
	switch t {
	case yes:
		return no
	case no:
		return yes
	}
	return maybe
}

func (t tri) or(u tri) tri {
	switch {
	case t == yes || u == yes:
		return yes
	case t == no && u == no:
		return no
	}
	return maybe
}

func (t tri) and(u tri) tri {
	switch {
	case t == no || u == no:
		return no
	case t == yes && u == yes:
		return yes
	}
	return maybe
}

func (sm *sim) isVar(e ast.Expr, v *types.Var) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && v != nil && sm.c.pass.TypesInfo.Uses[id] == v
}

// isStatus reports whether e is resp.StatusCode or a variable holding it.
func (sm *sim) isStatus(e ast.Expr) bool {
	e = ast.Unparen(e)
	if sel, ok := e.(*ast.SelectorExpr); ok && sel.Sel.Name == "StatusCode" && sm.isVar(sel.X, sm.resp) {
		return true
	}
	if id, ok := e.(*ast.Ident); ok {
		if v, ok := sm.c.pass.TypesInfo.Uses[id].(*types.Var); ok && sm.statusVars[v] {
			return true
		}
	}
	return false
}

// value evaluates an integer expression over the status.
func (sm *sim) value(e ast.Expr) (int64, bool) {
	info := sm.c.pass.TypesInfo
	e = ast.Unparen(e)
	if tv := info.Types[e]; tv.Value != nil {
		v, exact := constant.Int64Val(constant.ToInt(tv.Value))
		return v, exact
	}
	if sm.isStatus(e) {
		if sm.env.transport {
			return 0, false
		}
		return int64(sm.env.status), true
	}
	if b, ok := e.(*ast.BinaryExpr); ok {
		x, ok1 := sm.value(b.X)
		y, ok2 := sm.value(b.Y)
		if !ok1 || !ok2 {
			return 0, false
		}
		switch b.Op {
		case token.ADD:
			return x + y, true
		case token.SUB:
			return x - y, true
		case token.MUL:
			return x * y, true
		case token.QUO:
			if y != 0 {
				return x / y, true
			}
		case token.REM:
			if y != 0 {
				return x % y, true
			}
		}
	}
	return 0, false
}

func (sm *sim) compare(x ast.Expr, op token.Token, y ast.Expr) tri {
	// err and resp against nil.
	nilness := func(a, b ast.Expr) (tri, bool) {
		if tv := sm.c.pass.TypesInfo.Types[b]; !tv.IsNil() {
			return maybe, false
		}
		switch {
		case sm.isVar(a, sm.errVar):
			if sm.env.transport {
				return no, true // err == nil is false
			}
			if sm.resp == nil {
				return maybe, true
			}
			return yes, true
		case sm.isVar(a, sm.resp):
			if sm.env.transport {
				return yes, true
			}
			return no, true
		}
		return maybe, false
	}
	if op == token.EQL || op == token.NEQ {
		t, ok := nilness(x, y)
		if !ok {
			t, ok = nilness(y, x)
		}
		if ok {
			if op == token.NEQ {
				return t.not()
			}
			return t
		}
	}
	a, ok1 := sm.value(x)
	b, ok2 := sm.value(y)
	if !ok1 || !ok2 {
		return maybe
	}
	var r bool
	switch op {
	case token.EQL:
		r = a == b
	case token.NEQ:
		r = a != b
	case token.LSS:
		r = a < b
	case token.LEQ:
		r = a <= b
	case token.GTR:
		r = a > b
	case token.GEQ:
		r = a >= b
	default:
		return maybe
	}
	if r {
		return yes
	}
	return no
}

// cond evaluates a condition under the environment.
func (sm *sim) cond(e ast.Expr) tri {
	switch e := ast.Unparen(e).(type) {
	case *ast.UnaryExpr:
		if e.Op == token.NOT {
			return sm.cond(e.X).not()
		}
	case *ast.BinaryExpr:
		switch e.Op {
		case token.LAND:
			return sm.cond(e.X).and(sm.cond(e.Y))
		case token.LOR:
			return sm.cond(e.X).or(sm.cond(e.Y))
		case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
			return sm.compare(e.X, e.Op, e.Y)
		}
	}
	return maybe
}

// failure reports whether the error e, returned by an operation, is
// certainly not nil in the outcome simulated: the send's error after a
// transport error, an error made by fmt.Errorf, errors.New or
// errors.Join, a package-level error variable, or a value of a concrete
// type. Another call (resp.Body.Close(), a helper) may return nil: it is
// not taken for a failure.
func (sm *sim) failure(e ast.Expr) bool {
	info := sm.c.pass.TypesInfo
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		v, ok := info.Uses[e].(*types.Var)
		if !ok {
			return false
		}
		if v == sm.errVar {
			return sm.env.transport
		}
		return v.Parent() == v.Pkg().Scope()
	case *ast.SelectorExpr:
		v, ok := info.Uses[e.Sel].(*types.Var)
		return ok && !v.IsField() && v.Parent() == v.Pkg().Scope()
	case *ast.CallExpr:
		f := httpmodel.Callee(info, e)
		return httpmodel.IsPkgFunc(f, "fmt", "Errorf") || httpmodel.IsPkgFunc(f, "errors", "New", "Join")
	case *ast.UnaryExpr:
		return e.Op == token.AND
	case *ast.CompositeLit:
		return true
	}
	return false
}
