package retryidempotency

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"net/http"
	"slices"
	"strings"

	"github.com/retrylint/retrylint/internal/httpmodel"
	"github.com/retrylint/retrylint/internal/paths"
	"github.com/retrylint/retrylint/internal/retryloop"
)

// A postSim is the assumption, while the outcomes of a retrying sender's
// send are walked, that the request it re-sends is a POST (or, on a second
// walk, a PATCH: method): a comparison of its method with a constant is
// then decided, and so is a bool variable of the function every value of
// which such comparisons decide alike.
type postSim struct {
	method  string
	fn      ast.Node
	sources map[types.Object]bool
	vals    map[*types.Var]paths.Tri
	// inner are, for each variable assigned only in arms of ifs and
	// switch cases, the innermost arm of each assignment: a read inside
	// all of them reads what that arm assigned.
	inner map[*types.Var][]ast.Node
	// mixed are the variables the method decides in an order the walk
	// cannot tell (see postValues).
	mixed map[*types.Var]bool
}

// dependsOnMethod reports whether e reads the method or a variable it
// decides (sim.vals, sim.mixed).
func (c *checker) dependsOnMethod(sim *postSim, e ast.Expr) bool {
	info := c.pass.TypesInfo
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.BinaryExpr:
			if _, ok := c.methodCompare(sim, n); ok {
				found = true
			}
		case *ast.Ident:
			if v, ok := info.Uses[n].(*types.Var); ok {
				_, known := sim.vals[v]
				found = found || known || sim.mixed[v] && !sim.inArms(n, v)
			}
		}
		return !found
	})
	return found
}

// leavesBefore reports whether the body of the loop l, before the send
// call, holds an if whose condition the method decides in part and the
// walk cannot (if i > 0 && req.Method != http.MethodGet { return nil,
// err }: a POST's second attempt ends there) and one of whose branches
// leaves at once (a return, break, continue or goto among its
// statements), or whether the loop's own condition is such a test.
func (c *checker) leavesBefore(l *retryloop.Loop, call *ast.CallExpr, sim *postSim) bool {
	undecided := func(e ast.Expr) bool {
		return e != nil && c.dependsOnMethod(sim, e) && (asPost{c, sim}).Cond(e) == paths.Maybe
	}
	if fs, ok := l.Stmt.(*ast.ForStmt); ok && undecided(fs.Cond) {
		return true
	}
	jumps := func(st ast.Stmt) bool {
		b, ok := st.(*ast.BlockStmt)
		if !ok {
			return false
		}
		for _, s := range b.List {
			switch s.(type) {
			case *ast.ReturnStmt, *ast.BranchStmt:
				return true
			}
		}
		return false
	}
	found := false
	ast.Inspect(l.Body, func(n ast.Node) bool {
		if found || n == nil || n.Pos() >= call.Pos() {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IfStmt:
			if undecided(n.Cond) && (jumps(n.Body) || n.Else != nil && jumps(n.Else)) {
				found = true
			}
		}
		return !found
	})
	return found
}

// postStillRetried reports whether the sender of the loop l re-sends s, a
// request of any method, after an unknown outcome even when the request
// is a POST or a PATCH (each walked in turn: a check that stops a POST
// alone lets a PATCH through), and names that outcome (a check that lets
// GET alone retry a 500 and stops POST alone at a 502 re-sends a PATCH
// after the 502, not the 500), in a function whose every check of the method is a
// comparison with a constant in its own body (see directMethodTest),
// directly or through bool variables made of such comparisons. The
// outcomes are walked again with each comparison decided as a POST
// decides it: a test of the method that only picks the host to try, the
// wait, or whether to rewind a body changes nothing on the path from a
// POST's transport error to its next attempt, as one that ends the retry
// does. Any other check (a key header, a predicate, a helper of the
// package, a test inside a function literal) keeps the sender judged
// guarded.
func (c *checker) postStillRetried(l *retryloop.Loop, s send) (string, []int, bool) {
	sources := c.methodSources(l.Func)
	passed := c.passedBy(l, s)
	skip := func(n ast.Node, stack []ast.Node) bool {
		return passed != nil && passed(n, stack) || c.directMethodTest(l.Func, n, stack, sources)
	}
	if c.guardsWhere(l.Func, c.guardingFuncs(), sources, skip) {
		return "", nil, false // a check the walk cannot decide
	}
	transport := false
	var retried []int
	for _, method := range []string{http.MethodPost, http.MethodPatch} {
		if outcome, statuses, ok := c.stillRetriedAs(l, s, &postSim{method: method, fn: l.Func, sources: sources}); ok {
			transport = transport || strings.HasPrefix(outcome, "a transport error")
			for _, st := range statuses {
				if !slices.Contains(retried, st) {
					retried = append(retried, st)
				}
			}
		}
	}
	slices.Sort(retried)
	switch {
	case transport:
		return "a transport error", retried, true
	case len(retried) > 0:
		return fmt.Sprintf("status %d", retried[0]), retried, true
	}
	return "", nil, false
}

// stillRetriedAs walks the outcomes of s taking its request for one of
// sim.method (see postStillRetried).
func (c *checker) stillRetriedAs(l *retryloop.Loop, s send, sim *postSim) (string, []int, bool) {
	if c.postValues(sim); c.readsMixed(sim) {
		return "", nil, false // a value the method decides in an order the walk cannot tell
	}
	if c.leavesBefore(l, s.call, sim) {
		return "", nil, false
	}
	if g := c.loops.Graph(l.Func); g == nil || !g.Reaches(s.call, asPost{c, sim}) {
		return "", nil, false // the write never gets to the send: sent once before, or refused
	}
	retried, why := c.retried, c.why
	c.sim = sim
	outcome, ok := c.retriesUnknown(l, s)
	simRetried := c.retried
	c.sim = nil
	c.retried, c.why = retried, why
	return outcome, simRetried, ok
}

// directMethodTest reports whether n, under stack in fn, is the method of
// a request (or one of sources, the variables a request's method is
// built from) compared with a constant (req.Method == http.MethodGet,
// strings.ToUpper(method) != "POST") or switched on with constant cases,
// in fn's own body rather than in a function literal in it.
func (c *checker) directMethodTest(fn, n ast.Node, stack []ast.Node, sources map[types.Object]bool) bool {
	info := c.pass.TypesInfo
	e, ok := n.(ast.Expr)
	if !ok || !c.isMethodOf(e, sources) {
		return false
	}
	for _, a := range stack {
		if lit, ok := a.(*ast.FuncLit); ok && lit != fn {
			return false
		}
	}
	cur := ast.Node(e)
	for i := len(stack) - 1; i >= 0; i-- {
		switch p := stack[i].(type) {
		case *ast.ParenExpr:
		case *ast.CallExpr:
			if len(p.Args) != 1 || p.Args[0] != cur || normalisedFrom(info, p) == p {
				return false
			}
		case *ast.BinaryExpr:
			other := p.Y
			if other == cur {
				other = p.X
			}
			_, isConst := httpmodel.ConstString(info, other)
			return (p.Op == token.EQL || p.Op == token.NEQ) && isConst
		case *ast.SwitchStmt:
			if p.Tag != cur {
				return false
			}
			for _, st := range p.Body.List {
				for _, v := range st.(*ast.CaseClause).List {
					if _, ok := httpmodel.ConstString(info, v); !ok {
						return false
					}
				}
			}
			return true
		default:
			return false
		}
		cur = stack[i]
	}
	return false
}

// isMethodOf reports whether e is the Method of a request or one of
// sources.
func (c *checker) isMethodOf(e ast.Expr, sources map[types.Object]bool) bool {
	info := c.pass.TypesInfo
	switch e := ast.Unparen(e).(type) {
	case *ast.SelectorExpr:
		s, ok := info.Selections[e]
		if !ok || s.Kind() != types.FieldVal {
			return false
		}
		return sources[s.Obj()] || e.Sel.Name == "Method" && isRequestMethod(s.Obj())
	case *ast.Ident:
		return sources[info.Uses[e]]
	}
	return false
}

// postValue decides e under sim: a comparison of the method with a
// constant (see methodCompare), or a variable of sim.vals. ok is false
// for anything else.
func (c *checker) postValue(sim *postSim, e ast.Expr) (paths.Tri, bool) {
	if t, ok := c.methodCompare(sim, e); ok {
		return t, true
	}
	if id, ok := ast.Unparen(e).(*ast.Ident); ok {
		if v, ok := c.pass.TypesInfo.Uses[id].(*types.Var); ok {
			if t, known := sim.vals[v]; known {
				return t, true
			}
		}
	}
	return paths.Maybe, false
}

// methodCompare decides e, when it compares the method of a request (or
// one of sim.sources) with a constant, as sim's method decides it; ok is
// false for any other expression.
func (c *checker) methodCompare(sim *postSim, e ast.Expr) (paths.Tri, bool) {
	info := c.pass.TypesInfo
	b, ok := ast.Unparen(e).(*ast.BinaryExpr)
	if !ok || b.Op != token.EQL && b.Op != token.NEQ {
		return paths.Maybe, false
	}
	for _, pair := range [2][2]ast.Expr{{b.X, b.Y}, {b.Y, b.X}} {
		k, isConst := httpmodel.ConstString(info, pair[1])
		if !isConst || !c.isMethodOf(normalisedFrom(info, pair[0]), sim.sources) {
			continue
		}
		return paths.Of(strings.EqualFold(k, sim.method) == (b.Op == token.EQL)), true
	}
	return paths.Maybe, false
}

// An assignment is one value given a variable of the function, with the
// arms of the ifs and switch cases it sits in.
type assignment struct {
	v    *types.Var
	val  ast.Expr // nil for a value the walk cannot decide
	arms []arm
}

// An arm is the branch of an if or a switch case: taken when cond holds
// (not when else is set), or, for a switch on tag, when the tag equals
// one of vals (none of the other cases' for default).
type arm struct {
	block     ast.Node // the if's body or else, or the case clause
	cond      ast.Expr
	passed    bool // cond is that of a case before the clause, not taken
	els       bool
	tag       ast.Expr
	vals      []ast.Expr
	isDefault bool
}

// postValues decides, for a POST, the local variables of sim.fn that the
// method decides: it sets sim.vals to the bool variables whose every
// value (each assignment, the zero value of a declaration without one)
// comparisons of the method decide alike, in an arm that a POST can take
// (considerSecondary := (req.Method == "GET" || req.Method == "HEAD") &&
// mirror != "" is false, and primary := !considerSecondary || odd is
// true), and the variables the method decides otherwise, in an order
// the walk cannot tell: a variable given different values in arms
// chosen by the method (again := true; if req.Method == "POST" { again =
// false }), or made of a comparison of the method that other terms leave
// undecided, in sim.mixed. A variable assigned in a function literal, or
// whose address is taken, is decided by nothing.
func (c *checker) postValues(sim *postSim) {
	info := c.pass.TypesInfo
	var as []assignment
	bad := map[*types.Var]bool{}
	isBool := func(v *types.Var) bool {
		b, ok := v.Type().Underlying().(*types.Basic)
		return ok && b.Kind() == types.Bool
	}
	falseLit := ast.NewIdent("false")
	armsOf := func(n ast.Node, stack []ast.Node) []arm {
		var arms []arm
		for i := len(stack) - 1; i >= 0; i-- {
			var child ast.Node = n
			if i+1 < len(stack) {
				child = stack[i+1]
			}
			switch p := stack[i].(type) {
			case *ast.IfStmt:
				if child == p.Body {
					arms = append(arms, arm{block: p.Body, cond: p.Cond})
				} else if child == p.Else {
					arms = append(arms, arm{block: p.Else, cond: p.Cond, els: true})
				}
			case *ast.CaseClause:
				if i < 2 {
					continue
				}
				sw, ok := stack[i-2].(*ast.SwitchStmt)
				if !ok {
					continue
				}
				if sw.Tag == nil {
					// Taken when its case holds and no case before
					// it did.
					own := len(arms)
					for _, st := range sw.Body.List {
						cc := st.(*ast.CaseClause)
						if cc == p {
							break
						}
						for _, e := range cc.List {
							arms = append(arms, arm{block: p, cond: e, els: true, passed: true})
						}
					}
					if len(p.List) == 1 {
						arms = append(arms, arm{block: p, cond: p.List[0]})
					} else if len(arms) == own {
						arms = append(arms, arm{block: p, cond: ast.NewIdent("true")})
					}
					continue
				}
				a := arm{block: p, tag: sw.Tag, vals: p.List, isDefault: p.List == nil}
				if a.isDefault {
					for _, st := range sw.Body.List {
						a.vals = append(a.vals, st.(*ast.CaseClause).List...)
					}
				}
				arms = append(arms, a)
			}
		}
		return arms
	}
	ast.PreorderStack(sim.fn, nil, func(n ast.Node, stack []ast.Node) bool {
		inLit := false
		for _, a := range stack {
			if lit, ok := a.(*ast.FuncLit); ok && lit != sim.fn {
				inLit = true
			}
		}
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				id, ok := ast.Unparen(l).(*ast.Ident)
				if !ok {
					continue
				}
				v, ok := info.ObjectOf(id).(*types.Var)
				if !ok || v.Parent() == v.Pkg().Scope() {
					continue
				}
				if inLit {
					bad[v] = true
					continue
				}
				var val ast.Expr
				if isBool(v) && len(n.Lhs) == len(n.Rhs) && (n.Tok == token.ASSIGN || n.Tok == token.DEFINE) {
					val = n.Rhs[i]
				}
				as = append(as, assignment{v: v, val: val, arms: armsOf(n, stack)})
			}
		case *ast.ValueSpec:
			for i, id := range n.Names {
				v, ok := info.Defs[id].(*types.Var)
				if !ok || v.Parent() == v.Pkg().Scope() {
					continue
				}
				var val ast.Expr
				switch {
				case len(n.Values) == 0:
					val = falseLit
				case len(n.Values) == len(n.Names):
					val = n.Values[i]
				}
				if !isBool(v) {
					val = nil
				}
				as = append(as, assignment{v: v, val: val, arms: armsOf(n, stack)})
			}
		case *ast.UnaryExpr:
			if id, ok := ast.Unparen(n.X).(*ast.Ident); ok && n.Op == token.AND {
				if v, ok := info.Uses[id].(*types.Var); ok {
					bad[v] = true
				}
			}
		}
		return true
	})
	sim.inner = map[*types.Var][]ast.Node{}
	top := map[*types.Var]bool{}
	for _, a := range as {
		if len(a.arms) == 0 {
			top[a.v] = true
			delete(sim.inner, a.v)
		} else if !top[a.v] {
			sim.inner[a.v] = append(sim.inner[a.v], a.arms[0].block)
		}
	}
	vals := map[*types.Var]paths.Tri{}
	mixed := map[*types.Var]bool{}
	sim.vals, sim.mixed = vals, mixed
	var eval func(e ast.Expr) paths.Tri
	eval = func(e ast.Expr) paths.Tri {
		if e == falseLit {
			return paths.No
		}
		if t, ok := paths.Logic(e, eval); ok {
			return t
		}
		if tv := info.Types[ast.Unparen(e)]; tv.Value != nil && tv.Value.Kind() == constant.Bool {
			return paths.Of(constant.BoolVal(tv.Value))
		}
		if t, ok := c.postValue(sim, e); ok {
			return t
		}
		return paths.Maybe
	}
	depends := func(e ast.Expr) bool { return c.dependsOnMethod(sim, e) }
	armTaken := func(a arm) (taken paths.Tri, dep bool) {
		if a.tag != nil {
			if !c.isMethodOf(normalisedFrom(info, a.tag), sim.sources) {
				return paths.Maybe, depends(a.tag)
			}
			hit := paths.No
			for _, v := range a.vals {
				k, ok := httpmodel.ConstString(info, v)
				if !ok {
					return paths.Maybe, true
				}
				if strings.EqualFold(k, sim.method) {
					hit = paths.Yes
				}
			}
			if a.isDefault {
				hit = hit.Not()
			}
			return hit, true
		}
		t := eval(a.cond)
		if a.els {
			t = t.Not()
		}
		return t, depends(a.cond)
	}
	for changed := true; changed; {
		changed = false
		byVar := map[*types.Var][]assignment{}
		var order []*types.Var
		for _, a := range as {
			if _, seen := byVar[a.v]; !seen {
				order = append(order, a.v)
			}
			byVar[a.v] = append(byVar[a.v], a)
		}
		for _, v := range order {
			if _, done := vals[v]; done || mixed[v] || bad[v] {
				continue
			}
			t, first, dep := paths.Maybe, true, false
			for _, a := range byVar[v] {
				live := true
				armDep := false
				for _, ar := range a.arms {
					taken, d := armTaken(ar)
					if ar.passed && taken == paths.Yes {
						d = false // a case before it that a POST never takes
					}
					live = live && taken != paths.No
					armDep = armDep || d
				}
				if !live {
					continue // an arm a POST never takes
				}
				dep = dep || armDep
				at := paths.Maybe
				if a.val != nil {
					at = eval(a.val)
					dep = dep || at == paths.Maybe && depends(a.val)
				}
				if first {
					t, first = at, false
				} else if at != t {
					t = paths.Maybe
				}
			}
			switch {
			case t != paths.Maybe && !first:
				vals[v] = t
				changed = true
			case dep:
				mixed[v] = true
				changed = true
			}
		}
	}
}

// readsMixed reports whether sim.fn reads one of sim.mixed outside the
// arms that assign it (see postSim.inner).
func (c *checker) readsMixed(sim *postSim) bool {
	if len(sim.mixed) == 0 {
		return false
	}
	found := false
	ast.Inspect(sim.fn, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if v, ok := c.pass.TypesInfo.Uses[id].(*types.Var); ok && sim.mixed[v] && !sim.inArms(id, v) {
				found = true
			}
		}
		return !found
	})
	return found
}

// asPost is the paths.Model of the function's entry for a POST: it
// decides the comparisons of the method and the variables they decide.
type asPost struct {
	c   *checker
	sim *postSim
}

func (m asPost) Cond(e ast.Expr) paths.Tri {
	if t, ok := paths.Logic(e, m.Cond); ok {
		return t
	}
	t, _ := m.c.postValue(m.sim, e)
	return t
}

func (asPost) Return(*ast.ReturnStmt) bool { return false }

// inArms reports whether id, a read of v, sits inside every arm that
// assigns v (see postSim.inner): it reads what those arms assigned.
func (sim *postSim) inArms(id *ast.Ident, v *types.Var) bool {
	blocks := sim.inner[v]
	for _, b := range blocks {
		if id.Pos() < b.Pos() || id.End() > b.End() {
			return false
		}
	}
	return len(blocks) > 0
}
