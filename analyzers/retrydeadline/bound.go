package retrydeadline

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/cfg"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/fixes"
	"github.com/retrylint/retrylint/internal/flow"
	"github.com/retrylint/retrylint/internal/paths"
	"github.com/retrylint/retrylint/internal/retryloop"
)

// The overall deadline that the fix makes is the loop's number of attempts
// times the per-attempt timeout. The number of attempts is the number of
// times the loop's body can run before the loop exits on its attempt
// counter, however the loop spells it:
//
//   - a range over an integer runs its body that many times;
//   - a counter that moves by one on every iteration (in the post
//     statement, or once on every path through the body) and is compared
//     with a bound in the loop's condition, or in an if statement that
//     every iteration reaches and whose true branch leaves the loop.
//
// The count is written before the loop, so the bound and the counter's
// start must be constants or pure expressions visible there, and a bound
// that is evaluated on every iteration must not be assigned in the loop.

// A term is one side of an attempt count: a constant, or an expression.
type term struct {
	val  constant.Value // an integer constant, or nil
	expr ast.Expr
}

// attemptBound returns source text for the loop's number of attempts and
// whether it is an untyped constant; ok is false when the loop's own bound
// is not at hand.
func (c *checker) attemptBound(file *ast.File, l *retryloop.Loop) (text string, untyped, ok bool) {
	b := &bounds{c: c, file: file, l: l}
	switch s := l.Stmt.(type) {
	case *ast.RangeStmt:
		// for range n, for i := range n: n is evaluated once; a
		// failover over a list (for _, p := range peers) or a
		// schedule (for _, wait := range waits) makes one attempt an
		// item, len(peers).
		var n term
		if analysisutil.IsInteger(c.pass.TypesInfo.TypeOf(s.X)) {
			var ok bool
			if n, ok = b.term(s.X, false); !ok {
				return "", false, false
			}
		} else if !fixes.Pure(c.pass.TypesInfo, s.X) {
			return "", false, false
		} else {
			n.expr = &ast.CallExpr{Fun: ast.NewIdent("len"), Args: []ast.Expr{s.X}}
		}
		return b.countText(n, term{val: constant.MakeInt64(0)}, 0)
	case *ast.ForStmt:
		b.s = s
		for _, e := range b.exits() {
			if text, untyped, ok := b.count(e); ok {
				return text, untyped, true
			}
		}
	}
	return "", false, false
}

type bounds struct {
	c    *checker
	file *ast.File
	l    *retryloop.Loop
	s    *ast.ForStmt
	it   *iteration // built on first use
}

// An exit is a comparison of a counter with a bound that ends the loop:
// the loop leaves when "counter op bound" holds.
type exit struct {
	counter *types.Var
	op      token.Token
	bound   ast.Expr
	ifStmt  *ast.IfStmt // nil for the loop's condition
	cond    ast.Expr    // the if statement's condition
}

// exits returns the comparisons that may end the loop on a counter: the
// conjuncts of the loop's condition (negated), then the disjuncts of the
// conditions of the if statements in the body.
func (b *bounds) exits() []exit {
	var out []exit
	for _, e := range split(b.s.Cond, token.LAND) {
		if x, ok := b.comparison(e, true); ok {
			out = append(out, x)
		}
	}
	ast.Inspect(b.s.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IfStmt:
			for _, e := range split(n.Cond, token.LOR) {
				if x, ok := b.comparison(e, false); ok {
					x.ifStmt, x.cond = n, n.Cond
					out = append(out, x)
				}
			}
		}
		return true
	})
	return out
}

// split returns the operands of e joined by op at its top level.
func split(e ast.Expr, op token.Token) []ast.Expr {
	if e == nil {
		return nil
	}
	if be, ok := ast.Unparen(e).(*ast.BinaryExpr); ok && be.Op == op {
		return append(split(be.X, op), split(be.Y, op)...)
	}
	return []ast.Expr{e}
}

// comparison recognises "counter op bound" or "bound op counter", where
// counter is a local integer variable that bound does not mention. The
// operator is turned so that the counter is on the left, and negated when
// the loop leaves on the comparison being false.
func (b *bounds) comparison(e ast.Expr, negate bool) (exit, bool) {
	info := b.c.pass.TypesInfo
	be, ok := ast.Unparen(e).(*ast.BinaryExpr)
	if !ok {
		return exit{}, false
	}
	counter := func(x ast.Expr) *types.Var {
		id, ok := ast.Unparen(x).(*ast.Ident)
		if !ok {
			return nil
		}
		v, ok := info.Uses[id].(*types.Var)
		if !ok || v.IsField() || v.Parent() == nil || v.Parent() == v.Pkg().Scope() {
			return nil
		}
		if t, ok := v.Type().Underlying().(*types.Basic); !ok || t.Info()&types.IsInteger == 0 {
			return nil
		}
		return v
	}
	x := exit{op: be.Op, bound: be.Y}
	if x.counter = counter(be.X); x.counter == nil {
		x = exit{op: paths.Swap(be.Op), bound: be.X, counter: counter(be.Y)}
	}
	if x.counter == nil || x.op == token.ILLEGAL || flow.Mentions(info, x.bound, x.counter) {
		return exit{}, false
	}
	if negate {
		if x.op == token.EQL {
			return exit{}, false // the loop goes on while the counter is off the bound
		}
		x.op = paths.Negate(x.op)
	}
	return x, x.op != token.ILLEGAL
}

// count returns the number of attempts that exit x allows.
func (b *bounds) count(x exit) (string, bool, bool) {
	ctr, ok := b.counter(x.counter)
	if !ok {
		return "", false, false
	}
	bound, ok := b.term(x.bound, true)
	if !ok {
		return "", false, false
	}
	// The counter reads start + step*j when the exit is tested in
	// iteration j (one more step when the body moves it before the test);
	// the loop leaves in the first iteration where the test holds, and
	// that iteration still makes an attempt when it sends before the test.
	var tOff int64 // the test first holds at bound + step*tOff
	switch {
	case x.op == token.EQL, ctr.step > 0 && x.op == token.GEQ, ctr.step < 0 && x.op == token.LEQ:
	case ctr.step > 0 && x.op == token.GTR, ctr.step < 0 && x.op == token.LSS:
		tOff = 1
	default:
		return "", false, false // the counter moves away from the exit
	}
	var (
		vOff, aOff int64
		it         *iteration
		inc        place
	)
	if ctr.inc != nil || x.ifStmt != nil {
		if it, ok = b.iteration(); !ok {
			return "", false, false
		}
	}
	if ctr.inc != nil {
		// The body moves the counter on every iteration that goes on.
		if inc, ok = it.locate(ctr.inc); !ok || !it.passes(inc.b) {
			return "", false, false
		}
	}
	if x.ifStmt != nil {
		test, ok := it.test(x.cond)
		// Every iteration reaches the test, and its true branch leaves.
		if !ok || !it.passes(test.b) || it.reach(test.b.Succs[0], nil, nil) {
			return "", false, false
		}
		if ctr.inc != nil {
			switch {
			case it.before(inc, test):
				vOff = 1
			case !it.before(test, inc):
				return "", false, false
			}
		}
		for _, send := range b.l.Sends {
			if at, ok := it.locate(send); !ok || !it.before(test, at) {
				aOff = 1
			}
		}
	}
	hi, lo := bound, ctr.start
	if ctr.step < 0 {
		hi, lo = ctr.start, bound
	}
	return b.countText(hi, lo, tOff-vOff+aOff)
}

// A counter is a variable that moves by step on every iteration.
type counter struct {
	start term
	step  int64
	inc   ast.Stmt // the increment in the body, nil when it is the post statement
}

// counter describes v when it counts the loop's iterations: it starts at
// a value known before the loop (the loop's init statement, or a
// declaration just before the loop), moves by one in the post statement
// or once in the body (outside nested loops and function literals), and
// is assigned nowhere else while the loop runs.
func (b *bounds) counter(v *types.Var) (counter, bool) {
	info := b.c.pass.TypesInfo
	s := b.s
	is := func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		return ok && info.ObjectOf(id) == v
	}
	inLoop := func(n ast.Node) bool { return s.Pos() <= n.Pos() && n.End() <= s.End() }
	var (
		ctr      counter
		incs     int
		init     ast.Expr
		declared ast.Expr
		declOK   bool
		other    []ast.Node
	)
	step := func(n ast.Stmt) int64 {
		switch n := n.(type) {
		case *ast.IncDecStmt:
			if n.Tok == token.INC {
				return 1
			}
			return -1
		case *ast.AssignStmt:
			if len(n.Rhs) == 1 {
				if tv := info.Types[n.Rhs[0]]; tv.Value != nil && constant.Compare(tv.Value, token.EQL, constant.MakeInt64(1)) {
					if n.Tok == token.ADD_ASSIGN {
						return 1
					}
					if n.Tok == token.SUB_ASSIGN {
						return -1
					}
				}
			}
		}
		return 0
	}
	// increment records a step of the counter: the loop's own when it is
	// the post statement or runs once per iteration of the body.
	increment := func(n ast.Stmt, stack []ast.Node) {
		switch {
		case n == s.Post || b.ownStmt(stack):
			incs++
			ctr.step = step(n)
			if n != s.Post {
				ctr.inc = n
			}
		default:
			other = append(other, n)
		}
	}
	ast.PreorderStack(b.l.Func, nil, func(n ast.Node, stack []ast.Node) bool {
		switch n := n.(type) {
		case *ast.IncDecStmt:
			if is(n.X) {
				increment(n, stack)
			}
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				if !is(lhs) {
					continue
				}
				switch {
				case n == s.Init && n.Tok != token.ADD_ASSIGN && n.Tok != token.SUB_ASSIGN && len(n.Lhs) == len(n.Rhs):
					init = n.Rhs[i]
				case n.Tok == token.DEFINE && info.Defs[lhs.(*ast.Ident)] == v && len(n.Lhs) == len(n.Rhs):
					declared, declOK = n.Rhs[i], true
				case len(n.Lhs) == 1 && step(n) != 0:
					increment(n, stack)
				default:
					other = append(other, n)
				}
			}
		case *ast.ValueSpec:
			for i, name := range n.Names {
				if info.Defs[name] != v {
					continue
				}
				switch {
				case len(n.Values) == 0:
					declOK = true // the zero value
				case len(n.Values) == len(n.Names):
					declared, declOK = n.Values[i], true
				}
			}
		case *ast.UnaryExpr:
			if n.Op == token.AND && is(n.X) {
				other = append(other, n)
			}
		case *ast.RangeStmt:
			if (n.Key != nil && is(n.Key)) || (n.Value != nil && is(n.Value)) {
				other = append(other, n)
			}
		}
		return true
	})
	if incs != 1 || ctr.step == 0 {
		return counter{}, false
	}
	for _, n := range other {
		// With an init statement, the counter starts afresh with the
		// loop: what happens to it outside does not matter.
		if init == nil || inLoop(n) {
			return counter{}, false
		}
	}
	switch {
	case init != nil:
		t, ok := b.term(init, false)
		if !ok {
			return counter{}, false
		}
		ctr.start = t
	case declOK && v.Parent() == b.blockScope():
		// Declared in the loop's own block, before it, and not assigned
		// since: its declared value is its value when the loop starts.
		ctr.start = term{val: constant.MakeInt64(0)}
		if declared != nil {
			tv := info.Types[declared]
			if tv.Value == nil || constant.ToInt(tv.Value).Kind() != constant.Int {
				return counter{}, false
			}
			ctr.start = term{val: constant.ToInt(tv.Value)}
		}
	default:
		return counter{}, false
	}
	return ctr, true
}

// blockScope returns the scope of the block that holds the loop.
func (b *bounds) blockScope() *types.Scope {
	if b.l.Outer == nil {
		return nil
	}
	sc := b.c.pass.TypesInfo.Scopes[b.file].Innermost(b.l.Outer.Pos())
	for sc != nil && sc.Pos() >= b.l.Outer.Pos() {
		sc = sc.Parent() // the loop's own scope
	}
	return sc
}

// ownStmt reports whether the node under stack runs at most once per
// iteration of the loop: it is in the body, outside nested loops and
// function literals.
func (b *bounds) ownStmt(stack []ast.Node) bool {
	inBody := false
	for _, p := range stack {
		if p == b.s.Body {
			inBody = true
			continue
		}
		if !inBody {
			continue
		}
		switch p.(type) {
		case *ast.ForStmt, *ast.RangeStmt, *ast.FuncLit:
			return false
		}
	}
	return inBody
}

// term returns e as a term that can be written before the loop: an integer
// constant, or a pure expression visible there. A repeated term is
// evaluated on every iteration, so nothing it reads may be assigned in the
// loop.
func (b *bounds) term(e ast.Expr, repeated bool) (term, bool) {
	info := b.c.pass.TypesInfo
	if tv := info.Types[e]; tv.Value != nil {
		v := constant.ToInt(tv.Value)
		if v.Kind() != constant.Int {
			return term{}, false
		}
		return term{val: v}, true
	}
	at := b.l.Stmt.Pos()
	if b.l.Outer != nil {
		at = b.l.Outer.Pos()
	}
	if !fixes.Pure(info, e) || !fixes.VisibleAt(info, b.file, e, at) {
		return term{}, false
	}
	if repeated && assignedIn(info, b.l.Span(), e) {
		return term{}, false
	}
	return term{expr: e}, true
}

// assignedIn reports whether root assigns, increments or takes the address
// of a variable or field that e reads.
func assignedIn(info *types.Info, root ast.Node, e ast.Expr) bool {
	reads := map[types.Object]bool{}
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if v, ok := info.Uses[id].(*types.Var); ok {
				reads[v] = true
			}
		}
		return true
	})
	// written reports whether x, or a variable or field it goes through,
	// is one that e reads.
	var written func(x ast.Expr) bool
	written = func(x ast.Expr) bool {
		switch x := ast.Unparen(x).(type) {
		case *ast.Ident:
			return reads[info.ObjectOf(x)]
		case *ast.SelectorExpr:
			return reads[info.ObjectOf(x.Sel)] || written(x.X)
		case *ast.IndexExpr:
			return written(x.X)
		case *ast.StarExpr:
			return written(x.X)
		}
		return false
	}
	found := false
	ast.Inspect(root, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, lhs := range n.Lhs {
				if n.Tok != token.DEFINE || !isNew(info, lhs) {
					found = found || written(lhs)
				}
			}
		case *ast.IncDecStmt:
			found = found || written(n.X)
		case *ast.UnaryExpr:
			found = found || (n.Op == token.AND && written(n.X))
		case *ast.RangeStmt:
			if n.Tok == token.ASSIGN {
				found = found || (n.Key != nil && written(n.Key)) || (n.Value != nil && written(n.Value))
			}
		}
		return !found
	})
	return found
}

// isNew reports whether lhs of a := statement declares a new variable.
func isNew(info *types.Info, lhs ast.Expr) bool {
	id, ok := lhs.(*ast.Ident)
	return ok && info.Defs[id] != nil
}

// countText writes hi - lo + off, folding constants; ok is false when the
// count is a constant below one.
func (b *bounds) countText(hi, lo term, off int64) (string, bool, bool) {
	fset := b.c.pass.Fset
	offset := constant.MakeInt64(off)
	if hi.val != nil && lo.val != nil {
		n := constant.BinaryOp(constant.BinaryOp(hi.val, token.SUB, lo.val), token.ADD, offset)
		if constant.Sign(n) <= 0 {
			return "", false, false
		}
		return n.ExactString(), true, true
	}
	var text string
	switch {
	case lo.val != nil:
		text = fixes.Format(fset, hi.expr)
		offset = constant.BinaryOp(offset, token.SUB, lo.val)
	case hi.val != nil:
		first := constant.BinaryOp(hi.val, token.ADD, offset)
		offset = constant.MakeInt64(0)
		text = "-" + operand(fset, lo.expr)
		if constant.Sign(first) != 0 {
			text = first.ExactString() + " - " + operand(fset, lo.expr)
		}
	default:
		text = fixes.Format(fset, hi.expr) + " - " + operand(fset, lo.expr)
	}
	switch constant.Sign(offset) {
	case 1:
		text += " + " + offset.ExactString()
	case -1:
		text += " - " + constant.UnaryOp(token.SUB, offset, 0).ExactString()
	}
	return text, false, true
}

// operand writes e so that it can follow a minus sign.
func operand(fset *token.FileSet, e ast.Expr) string {
	if _, ok := ast.Unparen(e).(*ast.BinaryExpr); ok {
		return "(" + fixes.Format(fset, e) + ")"
	}
	return fixes.Format(fset, e)
}

// An iteration is the control flow of one pass through a loop's body: from
// the body's first block to the edge into the next iteration (the post
// statement, the condition, or the body again).
type iteration struct {
	s     *ast.ForStmt
	entry *cfg.Block
	next  *cfg.Block
	g     *cfg.CFG
}

func (b *bounds) iteration() (*iteration, bool) {
	if b.it != nil {
		return b.it, true
	}
	pg := b.c.loops.Graph(b.l.Func)
	if pg == nil {
		return nil, false
	}
	g := pg.CFG()
	it := &iteration{s: b.s, g: g}
	var head, post *cfg.Block
	for _, blk := range g.Blocks {
		if blk.Stmt != b.s {
			continue
		}
		switch blk.Kind {
		case cfg.KindForBody:
			it.entry = blk
		case cfg.KindForLoop:
			head = blk
		case cfg.KindForPost:
			post = blk
		}
	}
	switch {
	case post != nil:
		it.next = post
	case head != nil:
		it.next = head
	default:
		it.next = it.entry
	}
	if it.entry == nil || it.next == nil {
		return nil, false
	}
	b.it = it
	return it, true
}

// inLoop reports whether blk belongs to the loop's body.
func (it *iteration) inLoop(blk *cfg.Block) bool {
	if blk == it.entry {
		return true
	}
	if blk.Stmt == it.s {
		return false // the loop's head, post statement or exit
	}
	if blk.Stmt != nil {
		return it.s.Body.Pos() <= blk.Stmt.Pos() && blk.Stmt.End() <= it.s.Body.End()
	}
	for _, n := range blk.Nodes {
		return it.s.Body.Pos() <= n.Pos() && n.End() <= it.s.Body.End()
	}
	return true
}

// reach reports whether, within one iteration, a path from the start of
// from reaches to (or the next iteration, when to is nil) without entering
// avoid.
func (it *iteration) reach(from, to, avoid *cfg.Block) bool {
	seen := map[*cfg.Block]bool{}
	work := []*cfg.Block{from}
	for len(work) > 0 {
		blk := work[len(work)-1]
		work = work[:len(work)-1]
		if blk == avoid || seen[blk] || !it.inLoop(blk) {
			continue
		}
		seen[blk] = true
		if blk == to {
			return true
		}
		for _, succ := range blk.Succs {
			if succ == it.next {
				if to == nil {
					return true
				}
				continue
			}
			work = append(work, succ)
		}
	}
	return false
}

// passes reports whether every iteration that goes on to the next runs blk.
func (it *iteration) passes(blk *cfg.Block) bool {
	return !it.reach(it.entry, nil, blk)
}

// A place is a node of a block.
type place struct {
	b *cfg.Block
	i int
}

// test returns the block whose condition is cond.
func (it *iteration) test(cond ast.Expr) (place, bool) {
	for _, blk := range it.g.Blocks {
		if k := len(blk.Nodes); k > 0 && blk.Nodes[k-1] == cond && len(blk.Succs) == 2 {
			return place{blk, k - 1}, true
		}
	}
	return place{}, false
}

// locate returns the place of the node of the loop's body that holds n.
func (it *iteration) locate(n ast.Node) (place, bool) {
	for _, blk := range it.g.Blocks {
		if !it.inLoop(blk) {
			continue
		}
		for i, m := range blk.Nodes {
			if m.Pos() <= n.Pos() && n.End() <= m.End() {
				return place{blk, i}, true
			}
		}
	}
	return place{}, false
}

// before reports whether, within an iteration, x runs before y whenever y
// runs.
func (it *iteration) before(x, y place) bool {
	if x.b == y.b {
		return x.i < y.i
	}
	return !it.reach(it.entry, y.b, x.b)
}
