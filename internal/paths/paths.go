// Package paths answers one question on a function's control-flow graph
// (go/cfg): can control go from just after a call (a send, an operation)
// to another attempt of it, without leaving the retry, under the outcome
// of the call that a Model describes?
//
// Another attempt is the next iteration of the loop (its head, its post
// statement, a continue of it, the body again for a loop without
// condition), a path back to the call itself (a goto that retries), or,
// for the operation a retry helper calls, a return that the Model says
// the helper retries. A return, a break out of the loop, a branch out of
// it and a call that never returns leave the retry. Every spelling of a
// loop (success or failure first, continue, goto, a counted exit, a
// switch on the status) is then one graph: the Model only evaluates the
// branch conditions met on the way, and a condition it does not know is
// taken both ways.
package paths

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"sync"

	"golang.org/x/tools/go/cfg"

	"github.com/retrylint/retrylint/internal/httpmodel"
)

// A Tri is the value of a condition: known true, known false or not known.
type Tri uint8

const (
	Maybe Tri = iota
	Yes
	No
)

// Not returns the negation of t.
func (t Tri) Not() Tri {
	switch t {
	case Yes:
		return No
	case No:
		return Yes
	}
	return Maybe
}

// Or returns t || u.
func (t Tri) Or(u Tri) Tri {
	switch {
	case t == Yes || u == Yes:
		return Yes
	case t == No && u == No:
		return No
	}
	return Maybe
}

// And returns t && u.
func (t Tri) And(u Tri) Tri {
	switch {
	case t == No || u == No:
		return No
	case t == Yes && u == Yes:
		return Yes
	}
	return Maybe
}

// Logic evaluates e when it is a negation, a conjunction or a
// disjunction (parentheses aside), asking cond of its operands; ok is
// false for any other expression, which the caller's model evaluates.
// It is the part every Model's Cond shares.
func Logic(e ast.Expr, cond func(ast.Expr) Tri) (t Tri, ok bool) {
	switch e := ast.Unparen(e).(type) {
	case *ast.UnaryExpr:
		if e.Op == token.NOT {
			return cond(e.X).Not(), true
		}
	case *ast.BinaryExpr:
		switch e.Op {
		case token.LAND:
			return cond(e.X).And(cond(e.Y)), true
		case token.LOR:
			return cond(e.X).Or(cond(e.Y)), true
		}
	}
	return Maybe, false
}

// Of returns Yes for true and No for false.
func Of(b bool) Tri {
	if b {
		return Yes
	}
	return No
}

// A Model describes one outcome of the call a path starts from.
type Model interface {
	// Cond evaluates a branch condition: the condition of an if or for
	// statement, a case of a switch without tag, or tag == value for a
	// case of a switch with a tag (a synthetic *ast.BinaryExpr whose
	// operands are the tag and the case's value).
	Cond(e ast.Expr) Tri
	// Return reports whether a return statement makes the caller call
	// the operation again (a retry helper's operation that returns a
	// failure). For the body of a loop it is false.
	Return(r *ast.ReturnStmt) bool
}

// An Againer is a Model that knows nodes which themselves start another
// attempt: the self-calls of a retry by recursion. A path that reaches
// such a node reaches another attempt, whatever the loop.
type Againer interface {
	Again(n ast.Node) bool
}

// An Iterator is a Model for which the loop's next iteration is no
// other attempt when Iterates is true: a worker's loop takes another
// item there, and only its Againer's nodes retry. The next iteration then
// ends a path, as leaving the loop does.
type Iterator interface {
	Iterates() bool
}

// A Canceller is a Model that sets aside the paths that leave on the
// caller's cancellation: a select case that Cancelled accepts (one that
// receives from ctx.Done()) ends a path without leaving the loop. Such a
// path is taken after any outcome alike, so it says nothing of this one.
type Canceller interface {
	Cancelled(cc *ast.CommClause) bool
}

// A Forgetter is a Model whose conditions are on variables that a node
// after the call may assign again (err reused for a later call's error:
// req.Body, err = req.GetBody()). Past such a node, a path goes on in the
// Model that Forget returns, which knows nothing of what was assigned
// again; Forget returns nil for a node that assigns none of them. The
// Models it returns must be few (one for each set of variables
// forgotten), since each is a state in which a block may be walked.
type Forgetter interface {
	Forget(n ast.Node) Model
}

// A Visitor is a Model that wants to see every node that may run after
// the call, in no particular order, before any condition is evaluated
// (to learn the variables that hold a result of the call: code :=
// resp.StatusCode).
type Visitor interface {
	Visit(n ast.Node)
}

// A Graph is the control-flow graph of one function body.
type Graph struct {
	g    *cfg.CFG
	body *ast.BlockStmt
	// conds are the branch conditions of the body: each condition of an
	// if or for statement maps to itself, each case value of a switch to
	// the condition that chooses it.
	conds map[ast.Node]ast.Expr
}

// New builds the graph of body; a call that httpmodel.NoReturn knows
// never returns ends its path.
func New(info *types.Info, body *ast.BlockStmt) *Graph {
	g := &Graph{
		g:     cfg.New(body, func(call *ast.CallExpr) bool { return !httpmodel.NoReturn(info, call) }),
		body:  body,
		conds: map[ast.Node]ast.Expr{},
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IfStmt:
			g.conds[n.Cond] = n.Cond
		case *ast.ForStmt:
			if n.Cond != nil {
				g.conds[n.Cond] = n.Cond
			}
		case *ast.SwitchStmt:
			for _, cc := range n.Body.List {
				for _, e := range cc.(*ast.CaseClause).List {
					if n.Tag == nil {
						g.conds[e] = e
					} else {
						g.conds[e] = &ast.BinaryExpr{X: n.Tag, OpPos: e.Pos(), Op: token.EQL, Y: e}
					}
				}
			}
		}
		return true
	})
	return g
}

// CFG returns the control-flow graph itself, for questions of another
// kind (does every iteration pass a statement).
func (g *Graph) CFG() *cfg.CFG { return g.g }

// A Cache keeps the graph of each function body asked for. It is safe
// for concurrent use (analyzers that share a result may run at once).
type Cache struct {
	info   *types.Info
	mu     sync.Mutex
	graphs map[*ast.BlockStmt]*Graph
}

// NewCache returns an empty cache for the functions of one package.
func NewCache(info *types.Info) *Cache {
	return &Cache{info: info, graphs: map[*ast.BlockStmt]*Graph{}}
}

// Of returns the graph of body, building it on first use.
func (c *Cache) Of(body *ast.BlockStmt) *Graph {
	c.mu.Lock()
	defer c.mu.Unlock()
	g := c.graphs[body]
	if g == nil {
		g = New(c.info, body)
		c.graphs[body] = g
	}
	return g
}

// place is a node of a block.
type place struct {
	b *cfg.Block
	i int
}

// locate returns the node of the graph that holds n.
func (g *Graph) locate(n ast.Node) (place, bool) {
	for _, b := range g.g.Blocks {
		for i, m := range b.Nodes {
			if m.Pos() <= n.Pos() && n.End() <= m.End() {
				return place{b, i}, true
			}
		}
	}
	return place{}, false
}

// scope is the part of the graph a question is asked in: the loop and
// the positions of its body.
type scope struct {
	loop   ast.Stmt // nil for the body of an operation
	lo, hi token.Pos
}

// scopeOf returns the scope of loop: a *ast.ForStmt, a *ast.RangeStmt,
// a *ast.LabeledStmt that a goto repeats (its body is the rest of the
// block that holds it) or nil.
func (g *Graph) scopeOf(loop ast.Stmt) (scope, bool) {
	sc := scope{loop: loop}
	switch l := loop.(type) {
	case nil:
	case *ast.ForStmt:
		sc.lo, sc.hi = l.Body.Pos(), l.Body.End()
	case *ast.RangeStmt:
		sc.lo, sc.hi = l.Body.Pos(), l.Body.End()
	case *ast.LabeledStmt:
		sc.lo = l.Pos()
		ast.Inspect(g.body, func(n ast.Node) bool {
			var list []ast.Stmt
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.BlockStmt:
				list = n.List
			case *ast.CaseClause:
				list = n.Body
			case *ast.CommClause:
				list = n.Body
			}
			for _, st := range list {
				if st == loop {
					sc.hi = n.End()
				}
			}
			return sc.hi == token.NoPos
		})
		if sc.hi == token.NoPos {
			return sc, false
		}
	default:
		return sc, false
	}
	return sc, true
}

// kind tells what reaching b means for the loop: another attempt, or a
// way out of it.
func (sc scope) kind(b *cfg.Block) (next, out bool) {
	if sc.loop == nil {
		return false, false
	}
	if b.Stmt == sc.loop {
		switch b.Kind {
		case cfg.KindForBody, cfg.KindForLoop, cfg.KindForPost, cfg.KindRangeLoop, cfg.KindRangeBody, cfg.KindLabel:
			return true, false
		}
		return false, true // the loop's exit
	}
	var at ast.Node = b.Stmt
	if at == nil && len(b.Nodes) > 0 {
		at = b.Nodes[0]
	}
	if at == nil {
		return false, false
	}
	return false, at.Pos() < sc.lo || sc.hi < at.End()
}

// Next reports whether, in the outcome m describes, control can go from
// just after the node that holds from (a statement of loop's body, or of
// the function's body when loop is nil) to another attempt: the next
// iteration of loop (a *ast.ForStmt or *ast.RangeStmt), a goto back to
// loop (a *ast.LabeledStmt), or a return for which m.Return is true. A
// nil from asks the question from the start of loop's body. ok is false
// when the question cannot be asked (from is not in the graph).
func (g *Graph) Next(loop ast.Stmt, from ast.Node, m Model) (next, ok bool) {
	sc, ok := g.scopeOf(loop)
	if !ok {
		return false, false
	}
	var start place
	if from != nil {
		p, found := g.locate(from)
		if !found {
			return false, false
		}
		start = place{p.b, p.i + 1}
	} else {
		for _, b := range g.g.Blocks {
			if b.Stmt == loop && (b.Kind == cfg.KindForBody || b.Kind == cfg.KindRangeBody || b.Kind == cfg.KindLabel) {
				start = place{b, 0}
			}
		}
		if start.b == nil {
			return false, false
		}
	}
	if v, isVisitor := m.(Visitor); isVisitor {
		g.visit(sc, start, v)
	}
	return g.walk(sc, start, m, func(m Model, r *ast.ReturnStmt) bool { return m.Return(r) }), true
}

// Leaves reports whether, in the outcome m describes, control can go
// from just after the node that holds from (a statement of loop's body)
// out of loop other than through its next iteration: a return (but one
// for which m.Return is true, another attempt), a break or goto out of
// it, or a call that never returns. A path that reaches the next
// iteration goes on from the start of the body, past the loop's own
// condition: leaving through it is not seen (the attempts running out,
// not the success). ok is false when the question cannot be asked.
func (g *Graph) Leaves(loop ast.Stmt, from ast.Node, m Model) (leaves, ok bool) {
	sc, ok := g.scopeOf(loop)
	if !ok || loop == nil {
		return false, false
	}
	p, found := g.locate(from)
	if !found {
		return false, false
	}
	var body *cfg.Block // the next iteration starts here
	for _, b := range g.g.Blocks {
		if b.Stmt == loop && (b.Kind == cfg.KindForBody || b.Kind == cfg.KindRangeBody) {
			body = b
		}
	}
	type state struct {
		b       *cfg.Block
		m       Model
		wrapped bool
	}
	seen := map[state]bool{}
	var walk func(p place, m Model, wrapped bool) bool
	walk = func(p place, m Model, wrapped bool) bool {
		b := p.b
		if c, ok := m.(Canceller); ok && b.Kind == cfg.KindSelectCaseBody {
			if cc, ok := b.Stmt.(*ast.CommClause); ok && c.Cancelled(cc) {
				return false
			}
		}
		for _, n := range b.Nodes[p.i:] {
			if r, isReturn := n.(*ast.ReturnStmt); isReturn {
				return !m.Return(r)
			}
			if f, ok := m.(Forgetter); ok {
				if after := f.Forget(n); after != nil {
					if wrapped {
						return false // the next attempt's outcome, not this one's
					}
					m = after
				}
			}
		}
		if len(b.Succs) == 0 {
			// A call that never returns ends the path; the block after
			// the last case of a select without default is no path at
			// all (the select waits until a case is ready).
			return b.Kind != cfg.KindSelectAfterCase
		}
		succs := g.taken(p, m)
		for _, s := range succs {
			isNext, out := sc.kind(s)
			if out {
				return true
			}
			if isNext {
				// The next iteration may leave at once (if err ==
				// nil { break } at the top of the body): follow it
				// from the body, not through the loop's condition.
				if body == nil {
					continue
				}
				s = body
			}
			w := wrapped || isNext
			if seen[state{s, m, w}] {
				continue
			}
			seen[state{s, m, w}] = true
			if walk(place{s, 0}, m, w) {
				return true
			}
		}
		return false
	}
	return walk(place{p.b, p.i + 1}, m, false), true
}

// Returns returns the return statements of the function (the implicit
// one at the end of its body included) that a path from its entry
// reaches in the outcome m describes.
func (g *Graph) Returns(m Model) []*ast.ReturnStmt {
	var out []*ast.ReturnStmt
	start := place{g.g.Blocks[0], 0}
	if v, isVisitor := m.(Visitor); isVisitor {
		g.visit(scope{}, start, v)
	}
	g.walk(scope{}, start, m, func(_ Model, r *ast.ReturnStmt) bool {
		out = append(out, r)
		return false
	})
	return out
}

// Reaches reports whether a path from the function's entry, taking each
// branch that m does not rule out, reaches a node that holds target.
func (g *Graph) Reaches(target ast.Node, m Model) bool {
	seen := map[*cfg.Block]bool{}
	work := []*cfg.Block{g.g.Blocks[0]}
	seen[work[0]] = true
	for len(work) > 0 {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		for _, n := range b.Nodes {
			if n.Pos() <= target.Pos() && target.End() <= n.End() {
				return true
			}
		}
		for _, s := range g.taken(place{b, 0}, m) {
			if !seen[s] {
				seen[s] = true
				work = append(work, s)
			}
		}
	}
	return false
}

// Flows reports whether control can go on from just after the node that
// holds from to a node that holds target, forward only: a path never
// enters code placed before from (a loop's head or post statement, an
// earlier case), so that target is reached by the run of from it follows,
// not a later one. Every branch is taken both ways; a call that never
// returns ends its path, and the clauses of a switch or select are
// alternatives. A from inside a function literal flows nowhere.
func (g *Graph) Flows(from, target ast.Node) bool {
	start, ok := g.locate(from)
	if !ok {
		return false
	}
	inLit := false
	ast.Inspect(start.b.Nodes[start.i], func(n ast.Node) bool {
		if lit, ok := n.(*ast.FuncLit); ok && lit.Pos() <= from.Pos() && from.End() <= lit.End() {
			inLit = true
		}
		return !inLit
	})
	if inLit {
		return false // from runs when the literal is called, not here
	}
	holds := func(n ast.Node) bool { return n.Pos() <= target.Pos() && target.End() <= n.End() }
	for _, n := range start.b.Nodes[start.i+1:] {
		if holds(n) {
			return true
		}
	}
	seen := map[*cfg.Block]bool{start.b: true}
	work := slices.Clone(start.b.Succs)
	for len(work) > 0 {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[b] {
			continue
		}
		seen[b] = true
		if len(b.Nodes) > 0 && b.Nodes[0].Pos() < from.Pos() {
			continue // back round a loop, or before from
		}
		for _, n := range b.Nodes {
			if holds(n) {
				return true
			}
		}
		work = append(work, b.Succs...)
	}
	return false
}

// walk follows the paths from start within sc, taking each branch that
// m does not rule out, and reports whether one reaches another attempt of
// the loop or a return for which ret, told the Model of the path there,
// is true.
func (g *Graph) walk(sc scope, start place, m Model, ret func(Model, *ast.ReturnStmt) bool) bool {
	type state struct {
		b *cfg.Block
		m Model
	}
	seen := map[state]bool{}
	again, _ := m.(Againer)
	iter, _ := m.(Iterator)
	iterates := iter != nil && iter.Iterates()
	var walk func(p place, m Model) bool
	walk = func(p place, m Model) bool {
		b := p.b
		for _, n := range b.Nodes[p.i:] {
			if again != nil && again.Again(n) {
				return true
			}
			if r, isReturn := n.(*ast.ReturnStmt); isReturn {
				return ret(m, r)
			}
			if f, ok := m.(Forgetter); ok {
				if after := f.Forget(n); after != nil {
					m = after
				}
			}
		}
		succs := g.taken(p, m)
		for _, s := range succs {
			isNext, out := sc.kind(s)
			if isNext && iterates {
				isNext, out = false, true
			}
			if isNext {
				return true
			}
			if out || seen[state{s, m}] {
				continue
			}
			seen[state{s, m}] = true
			if walk(place{s, 0}, m) {
				return true
			}
		}
		return false
	}
	return walk(start, m)
}

// taken returns the successors of p's block that control may take in
// the outcome m: both, unless the block ends in a condition m decides.
func (g *Graph) taken(p place, m Model) []*cfg.Block {
	b, succs := p.b, p.b.Succs
	if len(succs) == 2 && len(b.Nodes) > p.i {
		if cond, isCond := g.conds[b.Nodes[len(b.Nodes)-1]]; isCond {
			switch m.Cond(cond) {
			case Yes:
				succs = succs[:1]
			case No:
				succs = succs[1:]
			}
		}
	}
	return succs
}

// visit shows v every node reachable from start within the scope,
// whatever the conditions.
func (g *Graph) visit(sc scope, start place, v Visitor) {
	seen := map[*cfg.Block]bool{start.b: true}
	work := []place{start}
	for len(work) > 0 {
		p := work[len(work)-1]
		work = work[:len(work)-1]
		for _, n := range p.b.Nodes[p.i:] {
			v.Visit(n)
		}
		for _, s := range p.b.Succs {
			isNext, out := sc.kind(s)
			if isNext || out || seen[s] {
				continue
			}
			seen[s] = true
			work = append(work, place{s, 0})
		}
	}
}

// FallsThrough reports, without building a graph, that control can run
// off the end of list (whatever its conditions): no statement of it
// certainly ends the path (a return, a branch, a goto, a call that never
// returns, an if whose branches all do, a for without condition, a switch
// or select whose every clause does). It answers false when unsure; the
// graph then decides. A loop whose body falls through reaches its next
// iteration.
func FallsThrough(info *types.Info, list []ast.Stmt) bool {
	for _, st := range list {
		if !fallsThrough(info, st) {
			return false
		}
	}
	return true
}

func fallsThrough(info *types.Info, st ast.Stmt) bool {
	switch st := st.(type) {
	case *ast.ReturnStmt, *ast.BranchStmt, *ast.BadStmt:
		return false
	case *ast.ExprStmt:
		call, ok := st.X.(*ast.CallExpr)
		return !ok || !httpmodel.NoReturn(info, call)
	case *ast.BlockStmt:
		return FallsThrough(info, st.List)
	case *ast.LabeledStmt:
		return fallsThrough(info, st.Stmt)
	case *ast.IfStmt:
		if st.Init != nil && !fallsThrough(info, st.Init) {
			return false
		}
		return st.Else == nil || FallsThrough(info, st.Body.List) || fallsThrough(info, st.Else)
	case *ast.ForStmt:
		return st.Cond != nil // a for without condition ends only by a branch
	case *ast.RangeStmt:
		return true
	case *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
		var clauses []ast.Stmt
		dflt := false
		switch st := st.(type) {
		case *ast.SwitchStmt:
			clauses = st.Body.List
		case *ast.TypeSwitchStmt:
			clauses = st.Body.List
		case *ast.SelectStmt:
			clauses, dflt = st.Body.List, true // a select runs one of its clauses
		}
		for _, cc := range clauses {
			switch cc := cc.(type) {
			case *ast.CaseClause:
				if cc.List == nil {
					dflt = true
				}
				if FallsThrough(info, cc.Body) {
					return true
				}
			case *ast.CommClause:
				if FallsThrough(info, cc.Body) {
					return true
				}
			}
		}
		return !dflt
	}
	return true // assignments, declarations, sends, go, defer, ...
}

// Swap returns the comparison operator that gives the same result with
// its operands exchanged (a < b is b > a); ILLEGAL for an operator that
// is no comparison.
func Swap(op token.Token) token.Token {
	switch op {
	case token.LSS:
		return token.GTR
	case token.GTR:
		return token.LSS
	case token.LEQ:
		return token.GEQ
	case token.GEQ:
		return token.LEQ
	case token.EQL, token.NEQ:
		return op
	}
	return token.ILLEGAL
}

// Negate returns the comparison operator whose result is the negation
// of op's (!(a < b) is a >= b); ILLEGAL for an operator that is no
// comparison.
func Negate(op token.Token) token.Token {
	switch op {
	case token.LSS:
		return token.GEQ
	case token.GTR:
		return token.LEQ
	case token.LEQ:
		return token.GTR
	case token.GEQ:
		return token.LSS
	case token.EQL:
		return token.NEQ
	case token.NEQ:
		return token.EQL
	}
	return token.ILLEGAL
}

// Compare evaluates a op b: Maybe for an operator that is no comparison.
func Compare(a int64, op token.Token, b int64) Tri {
	switch op {
	case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
		return Of(constant.Compare(constant.MakeInt64(a), op, constant.MakeInt64(b)))
	}
	return Maybe
}

// CommRecv returns the receive (<-ch) of the case cc: alone, or assigned
// (v := <-ch, v, ok = <-ch); nil for a send or the default case.
func CommRecv(cc *ast.CommClause) *ast.UnaryExpr {
	var x ast.Expr
	switch comm := cc.Comm.(type) {
	case *ast.ExprStmt:
		x = comm.X
	case *ast.AssignStmt:
		if len(comm.Rhs) == 1 {
			x = comm.Rhs[0]
		}
	}
	u, ok := ast.Unparen(x).(*ast.UnaryExpr)
	if !ok || u.Op != token.ARROW {
		return nil
	}
	return u
}

// TimerChan returns t when e is t.C, the channel of a *time.Timer or
// *time.Ticker t, and whether t is a ticker; nil otherwise.
func TimerChan(info *types.Info, e ast.Expr) (t ast.Expr, ticker bool) {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "C" {
		return nil, false
	}
	switch typ := info.TypeOf(sel.X); {
	case httpmodel.IsNamed(typ, "time", "Timer"):
		return sel.X, false
	case httpmodel.IsNamed(typ, "time", "Ticker"):
		return sel.X, true
	}
	return nil, false
}
