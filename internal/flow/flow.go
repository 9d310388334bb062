// Package flow follows values through the local variables of one function:
// which expressions carry a value derived from a source (a header read, a
// parameter) through assignments, conversions, arithmetic and calls whose
// results are known to derive from their arguments.
//
// The engine is generic over the value it tracks: any comparable type V
// with a Join (least upper bound), whose zero value is bottom, such as
// Bits, a set of origins (Analyze), or authlog's credential kinds. Clients
// plug their knowledge in through Hooks: Source (what an expression
// introduces by itself), Call (what a call's results carry, where facts
// about other functions come in), Select (what a field selection carries),
// Kill (an assignment after which a variable's older values are gone),
// Visit (to record what else a body does, or to skip a node) and, for a
// client whose rules for expressions differ from the default ones, Expr and
// Tuple, which replace them node by node.
//
// The analysis is intraprocedural and ordered by position: a use of a
// variable sees the assignments that end before it. Only a Kill hides
// older assignments, and values carried around a loop's back edge are
// ignored, so it errs on the side of fewer derived values.
package flow

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/httpmodel"
)

// A Value is what the engine tracks for each expression: a join
// semilattice of finite height whose zero value is bottom (carries
// nothing). Join must be commutative, associative and idempotent; the
// fixed point over a function's assignments then terminates.
type Value[V any] interface {
	comparable
	Join(V) V
}

// Bits is a set of origins. Bit 0 is the analyzer's source, bits 1 to 3
// tags the analyzer may add to some of its sources; bit i+4 is parameter i
// of the analysed function (for summaries).
type Bits uint64

// Join returns the union of b and c.
func (b Bits) Join(c Bits) Bits { return b | c }

const (
	// Source is the origin bit of the analyzer's own source.
	Source Bits = 1
	// Tag marks a subset of the sources (for example the one header, of
	// several configured, that has a property the others lack).
	Tag Bits = 2
	// Tag2 marks another subset of the sources (for example the headers
	// whose values are in another unit).
	Tag2 Bits = 4
	// Tag3 marks a third subset of the sources (for example the headers
	// whose values are not a plain wait but a time to come back at).
	Tag3 Bits = 8
	// Origins are the bits that are not parameters.
	Origins = Source | Tag | Tag2 | Tag3
)

// maxParams is the number of parameters that get an origin bit.
const maxParams = 60

// Param returns the origin bit of parameter i (0 beyond the 60th).
func Param(i int) Bits {
	if i < 0 || i >= maxParams {
		return 0
	}
	return 1 << (i + 4)
}

// Params returns the parameter indices present in b.
func (b Bits) Params() []int {
	var out []int
	for i := 0; i < maxParams; i++ {
		if b&Param(i) != 0 {
			out = append(out, i)
		}
	}
	return out
}

// Hooks tell the engine where values come from and how calls carry them.
// Every hook is optional.
type Hooks[V Value[V]] struct {
	Info *types.Info
	// Param returns the value of parameter i (v) on entry; nil gives
	// parameters bottom. A Kill does not hide it.
	Param func(i int, v *types.Var) V
	// Source returns the value that expression e introduces by itself
	// (for example Source for a read of the Retry-After header). It is
	// asked about calls and index expressions.
	Source func(e ast.Expr) V
	// Call returns the value of each result of a call to fn, given the
	// values of its receiver (bottom for functions) and arguments. ok is
	// false when the hook knows nothing of fn; Propagates is then
	// consulted.
	Call func(call *ast.CallExpr, fn *types.Func, recv V, args []V) (results []V, ok bool)
	// Select returns the value of a field selection x.f (or of a
	// qualified identifier pkg.v), given a function that evaluates x;
	// nil gives field selections bottom.
	Select func(sel *ast.SelectorExpr, x func() V) V
	// Kill reports whether the assignment lhs = rhs replaces what the
	// variable held so that its older values are no longer followed (for
	// example x = redact(x)). For x op= y, rhs is x op y.
	Kill func(lhs, rhs ast.Expr) bool
	// Visit, when not nil, sees each node the engine collects
	// assignments from (see Nodes), before it does; false makes the
	// engine skip the node.
	Visit func(f *State[V], n ast.Node) bool
	// Expr and Tuple, when not nil, evaluate an expression in the
	// client's own way: ok false leaves it to the default rules (see
	// State.Expr and State.Tuple). Their recursion goes through
	// State.Expr and State.Tuple, which ask them again.
	Expr  func(f *State[V], e ast.Expr) (v V, ok bool)
	Tuple func(f *State[V], e ast.Expr) (t []V, ok bool)
	// Writes, when not nil, makes the engine follow values into the
	// variables that calls write into (fmt.Fprintf(&b, ...),
	// b.WriteString(s), r.Write(&b): see WriteDest) and into local maps
	// and slices through their elements (m[k] = v). Such a write adds to
	// what the variable holds and hides nothing. Writes returns what call
	// writes into dest.
	Writes func(f *State[V], call *ast.CallExpr, dest ast.Expr) V
	// Fills, when not nil (and Writes is not nil), names the arguments
	// that a call the engine does not know as a write (see WriteDest)
	// writes into, as the client's summaries say: a helper that fills
	// the buffer, writer or map it is handed (writeHeaders(&b, h),
	// copyFields(reader, fields)). Writes is then asked what the call
	// writes into each.
	Fills func(call *ast.CallExpr) []ast.Expr
	// Stores, when not nil (and Writes is not nil), is asked about each
	// assignment to a field selection whose root is a local variable
	// (req.URL.RawQuery = q, v the variable req): true makes the engine
	// follow the assigned value into v, as an update that adds to what
	// v holds and hides nothing.
	Stores func(lhs *ast.SelectorExpr, v *types.Var) bool
	// Nodes and Returns, when Nodes is not nil, are what walks of the body
	// would find, as callindex gives them for a function declaration: its
	// assignments, variable specifications and range statements (among
	// other nodes, in preorder), and its own return statements. They spare
	// the engine those walks.
	Nodes   []ast.Node
	Returns []*ast.ReturnStmt
}

// Config is the configuration of the engine over Bits.
type Config = Hooks[Bits]

// Func is the result of analysing one function over Bits.
type Func = State[Bits]

// State is the result of analysing one function.
type State[V Value[V]] struct {
	cfg     *Hooks[V]
	nodes   []ast.Node
	rets    []*ast.ReturnStmt
	decl    *ast.FuncType
	body    *ast.BlockStmt
	assigns map[*types.Var][]*assign[V]
	params  []param[V]
	results []*types.Var
	// blockEnds maps the end of each assignment that is a statement of
	// a block of its own (not an if's or switch's init) to the end of
	// that block, built on first use (see overwrittenAt).
	blockEnds map[token.Pos]token.Pos
}

// A param is the value of a parameter on entry, which no kill hides.
type param[V any] struct {
	v   *types.Var
	val V
}

type assign[V any] struct {
	at  token.Pos // where the assignment takes effect
	rhs ast.Expr  // the value, or the multi-valued expression
	idx int       // result index into rhs, or -1 for a single value
	// rangeOver marks the value variable of a range statement.
	rangeOver bool
	// kill hides the earlier assignments (see Hooks.Kill).
	kill bool
	// write is the destination of a call that writes into the variable
	// (rhs is the call); update marks an element assignment (m[k] =
	// rhs). Neither overwrites the variable (see Hooks.Writes).
	write  ast.Expr
	update bool
	val    V
}

// Analyze follows origins through the function with the given type and
// body. Parameter i has origin Param(i) unless cfg.Param says otherwise.
func Analyze(cfg Config, ftype *ast.FuncType, body *ast.BlockStmt) *Func {
	if cfg.Param == nil {
		cfg.Param = func(i int, _ *types.Var) Bits { return Param(i) }
	}
	return Follow(&cfg, ftype, body)
}

// Follow follows values through the function with the given type and
// body, under the given hooks. It reads cfg.Nodes and cfg.Returns once,
// so that a client may reuse one Hooks for every function, changing them.
func Follow[V Value[V]](cfg *Hooks[V], ftype *ast.FuncType, body *ast.BlockStmt) *State[V] {
	f := &State[V]{cfg: cfg, nodes: cfg.Nodes, rets: cfg.Returns, decl: ftype, body: body, assigns: map[*types.Var][]*assign[V]{}}
	if body == nil {
		return f
	}
	if ftype != nil && ftype.Params != nil {
		f.params = make([]param[V], 0, ftype.Params.NumFields())
		i := 0
		for _, field := range ftype.Params.List {
			names := field.Names
			if len(names) == 0 {
				i++
				continue
			}
			for _, n := range names {
				if v, ok := cfg.Info.Defs[n].(*types.Var); ok {
					p := param[V]{v: v}
					if cfg.Param != nil {
						p.val = cfg.Param(i, v)
					}
					f.params = append(f.params, p)
				}
				i++
			}
		}
	}
	if ftype != nil && ftype.Results != nil {
		for _, field := range ftype.Results.List {
			for _, n := range field.Names {
				if v, ok := cfg.Info.Defs[n].(*types.Var); ok {
					f.results = append(f.results, v)
				}
			}
		}
	}
	f.collect(body)
	// Iterate to a fixed point: values only grow (each is joined into
	// what its assignment held) in a lattice of finite height, so this
	// terminates.
	for {
		changed := false
		for _, list := range f.assigns {
			for _, a := range list {
				if a.rhs == nil {
					continue
				}
				var v V
				switch {
				case a.write != nil:
					v = f.cfg.Writes(f, a.rhs.(*ast.CallExpr), a.write)
				case a.rangeOver:
					v = f.Expr(a.rhs)
				case a.idx >= 0:
					if t := f.Tuple(a.rhs); a.idx < len(t) {
						v = t[a.idx]
					}
				default:
					v = f.Expr(a.rhs)
				}
				if nv := a.val.Join(v); nv != a.val {
					a.val = nv
					changed = true
				}
			}
		}
		if !changed {
			break
		}
	}
	return f
}

// Info returns the type information the state was built with.
func (f *State[V]) Info() *types.Info { return f.cfg.Info }

// ResultVars returns the named results of the function, in order.
func (f *State[V]) ResultVars() []*types.Var { return f.results }

func (f *State[V]) varOf(e ast.Expr) *types.Var { return VarOf(f.cfg.Info, e) }

// FieldOf returns the struct field that sel selects, or nil when sel is
// not a field selection.
func FieldOf(info *types.Info, sel *ast.SelectorExpr) *types.Var {
	s, ok := info.Selections[sel]
	if !ok || s.Kind() != types.FieldVal {
		return nil
	}
	v, _ := s.Obj().(*types.Var)
	return v
}

// VarOf returns the variable (not a field) that e, an identifier, names,
// or nil.
func VarOf(info *types.Info, e ast.Expr) *types.Var {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok || id.Name == "_" {
		return nil
	}
	obj := info.Defs[id]
	if obj == nil {
		obj = info.Uses[id]
	}
	v, _ := obj.(*types.Var)
	if v == nil || v.IsField() {
		return nil
	}
	return v
}

func (f *State[V]) add(lhs ast.Expr, a *assign[V]) {
	if v := f.varOf(lhs); v != nil {
		f.assigns[v] = append(f.assigns[v], a)
	}
}

func (f *State[V]) collect(body *ast.BlockStmt) {
	if f.nodes != nil {
		for _, n := range f.nodes {
			f.collectNode(n)
		}
		return
	}
	ast.Inspect(body, func(n ast.Node) bool {
		f.collectNode(n)
		return true
	})
}

func (f *State[V]) collectNode(n ast.Node) {
	if f.cfg.Visit != nil && !f.cfg.Visit(f, n) {
		return
	}
	switch n := n.(type) {
	case *ast.AssignStmt:
		at := n.End()
		switch {
		case len(n.Lhs) == len(n.Rhs):
			for i, l := range n.Lhs {
				rhs := n.Rhs[i]
				if n.Tok != token.ASSIGN && n.Tok != token.DEFINE {
					// x op= y: the new value derives from both.
					rhs = &ast.BinaryExpr{X: l, OpPos: n.TokPos, Op: token.ADD, Y: n.Rhs[i]}
				}
				kill := f.cfg.Kill != nil && f.cfg.Kill(l, rhs)
				f.add(l, &assign[V]{at: at, rhs: rhs, idx: -1, kill: kill})
				if f.cfg.Writes != nil {
					f.collectElement(l, rhs, at)
				}
			}
		case len(n.Rhs) == 1:
			for i, l := range n.Lhs {
				f.add(l, &assign[V]{at: at, rhs: n.Rhs[0], idx: i})
			}
		}
	case *ast.ValueSpec:
		at := n.End()
		switch {
		case len(n.Names) == len(n.Values):
			for i, l := range n.Names {
				f.add(l, &assign[V]{at: at, rhs: n.Values[i], idx: -1})
			}
		case len(n.Values) == 1:
			for i, l := range n.Names {
				f.add(l, &assign[V]{at: at, rhs: n.Values[0], idx: i})
			}
		}
	case *ast.RangeStmt:
		if n.Value != nil {
			f.add(n.Value, &assign[V]{at: n.X.End(), rhs: n.X, idx: -1, rangeOver: true})
		} else if n.Key != nil && yieldsOne(f.cfg.Info, n.X) {
			// for line := range strings.Lines(s): over an iterator that
			// yields one value (iter.Seq), the key is the element.
			f.add(n.Key, &assign[V]{at: n.X.End(), rhs: n.X, idx: -1, rangeOver: true})
		}
	case *ast.TypeSwitchStmt:
		if f.cfg.Info == nil {
			return
		}
		x, clauses := TypeSwitchVars(f.cfg.Info, n)
		for cc, v := range clauses {
			f.assigns[v] = append(f.assigns[v], &assign[V]{at: cc.Colon, rhs: x, idx: -1})
		}
	case *ast.CallExpr:
		if f.cfg.Writes != nil {
			f.collectWrite(n)
		}
	}
}

// yieldsOne reports whether x is a push iterator whose yield function
// takes one value, func(yield func(V) bool), as iter.Seq is.
func yieldsOne(info *types.Info, x ast.Expr) bool {
	if info == nil {
		return false
	}
	t := info.TypeOf(x)
	if t == nil {
		return false
	}
	sig, ok := t.Underlying().(*types.Signature)
	if !ok || sig.Params().Len() != 1 {
		return false
	}
	yield, ok := sig.Params().At(0).Type().Underlying().(*types.Signature)
	return ok && yield.Params().Len() == 1
}

// killedAt returns the position of the last kill of v at or before pos,
// or of the last assignment that every path to pos runs (see
// overwrittenAt), or token.NoPos.
func (f *State[V]) killedAt(list []*assign[V], pos token.Pos) token.Pos {
	var killed token.Pos
	for _, a := range list {
		if a.kill && a.at <= pos {
			killed = max(killed, a.at)
		}
	}
	if len(list) > 1 || len(f.params) > 0 {
		killed = max(killed, f.overwrittenAt(list, pos))
	}
	return killed
}

// overwrittenAt returns the end of the last assignment of list before
// pos that is a statement of a block holding pos: every path from the
// earlier assignments (and the parameter's entry value) to pos runs it,
// so they cannot reach pos (a goto into the block aside).
func (f *State[V]) overwrittenAt(list []*assign[V], pos token.Pos) token.Pos {
	var last token.Pos
	for _, a := range list {
		if a.at > pos || a.at <= last || a.rangeOver || a.write != nil || a.update {
			continue
		}
		if f.blockEnds == nil {
			f.blockEnds = blockEnds(f.body)
		}
		if end, ok := f.blockEnds[a.at]; ok && pos < end {
			last = a.at
		}
	}
	return last
}

// blockEnds maps the end of each assignment or variable declaration that
// is a statement of a block, a case or a select clause of body to the end
// of that block or clause.
func blockEnds(body *ast.BlockStmt) map[token.Pos]token.Pos {
	out := map[token.Pos]token.Pos{}
	if body == nil {
		return out
	}
	add := func(list []ast.Stmt, end token.Pos) {
		for _, st := range list {
			switch st := st.(type) {
			case *ast.AssignStmt:
				out[st.End()] = end
			case *ast.DeclStmt:
				if gd, ok := st.Decl.(*ast.GenDecl); ok {
					for _, spec := range gd.Specs {
						out[spec.End()] = end
					}
				}
			}
		}
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BlockStmt:
			add(n.List, n.End())
		case *ast.CaseClause:
			add(n.Body, n.End())
		case *ast.CommClause:
			add(n.Body, n.End())
		}
		return true
	})
	return out
}

// Var returns the value a use of v at pos can see: the join of the
// assignments that end before pos and that no kill before pos hides.
func (f *State[V]) Var(v *types.Var, pos token.Pos) V {
	var out V
	list := f.assigns[v]
	killed := f.killedAt(list, pos)
	if p, ok := f.param(v); ok && f.body.Pos() <= pos && (killed == token.NoPos || !f.overwrites(list, killed)) {
		out = p.val
	}
	for _, a := range list {
		if a.at <= pos && a.at >= killed {
			out = out.Join(a.val)
		}
	}
	return out
}

// overwrites reports whether the assignment of list that ends at at
// overwrites the variable on every path (rather than being a kill, which
// hides only the earlier assignments, not the parameter's entry value).
func (f *State[V]) overwrites(list []*assign[V], at token.Pos) bool {
	for _, a := range list {
		if a.at == at && (a.kill || a.write != nil || a.update) {
			return false
		}
	}
	_, ok := f.blockEnds[at]
	return ok
}

// param returns the entry of parameter v, if v is one. A function has
// few parameters: a scan beats a map.
func (f *State[V]) param(v *types.Var) (param[V], bool) {
	for _, p := range f.params {
		if p.v == v {
			return p, true
		}
	}
	return param[V]{}, false
}

// Def is one assignment of a variable that a use can see.
type Def[V any] struct {
	// Rhs is the value, or the multi-valued expression of which the
	// variable takes result Idx; nil for a parameter.
	Rhs ast.Expr
	Idx int // -1 for a single value
	// Range marks the value variable of a range statement over Rhs.
	Range bool
	// Hidden is true when a kill between the assignment and the use
	// hides it (see Hooks.Kill).
	Hidden bool
	// Write is the destination of a call (Rhs) that writes into the
	// variable; Update marks an element assignment, m[k] = Rhs (see
	// Hooks.Writes).
	Write  ast.Expr
	Update bool
	Bits   V
}

// Defs returns the assignments of v that end before pos, in the order of
// the source, with their values; those that a kill hides are marked.
func (f *State[V]) Defs(v *types.Var, pos token.Pos) []Def[V] {
	var out []Def[V]
	if p, ok := f.param(v); ok && f.body.Pos() <= pos {
		out = append(out, Def[V]{Idx: -1, Bits: p.val})
	}
	list := f.assigns[v]
	killed := f.killedAt(list, pos)
	for _, a := range list {
		if a.at <= pos {
			out = append(out, Def[V]{Rhs: a.rhs, Idx: a.idx, Range: a.rangeOver, Hidden: a.at < killed, Write: a.write, Update: a.update, Bits: a.val})
		}
	}
	return out
}

// VarOf returns the local variable or parameter e names, or nil.
func (f *State[V]) VarOf(e ast.Expr) *types.Var { return f.varOf(e) }

// Expr returns the value of e: what the Expr hook says or, by default,
// the value of the variable e names, the operand of a parenthesis,
// dereference, unary or arithmetic operator, slice or type assertion, what
// an index or call expression introduces by itself (Source) joined with
// what its operand or callee carries, and what the Select hook gives a
// field selection.
func (f *State[V]) Expr(e ast.Expr) V {
	if f.cfg.Expr != nil {
		if v, ok := f.cfg.Expr(f, e); ok {
			return v
		}
	}
	var zero V
	info := f.cfg.Info
	switch e := e.(type) {
	case *ast.ParenExpr:
		return f.Expr(e.X)
	case *ast.Ident:
		if v := f.varOf(e); v != nil {
			return f.Var(v, e.Pos())
		}
		return zero
	case *ast.SelectorExpr:
		if f.cfg.Select != nil {
			return f.cfg.Select(e, func() V { return f.Expr(e.X) })
		}
		return zero
	case *ast.StarExpr:
		return f.Expr(e.X)
	case *ast.UnaryExpr:
		switch e.Op {
		case token.SUB, token.ADD, token.XOR, token.AND:
			return f.Expr(e.X)
		}
		return zero
	case *ast.BinaryExpr:
		switch e.Op {
		case token.ADD, token.SUB, token.MUL, token.QUO, token.REM,
			token.SHL, token.SHR, token.AND, token.OR, token.XOR, token.AND_NOT:
			return f.Expr(e.X).Join(f.Expr(e.Y))
		}
		return zero
	case *ast.IndexExpr:
		b := f.source(e)
		if tv, ok := info.Types[e.X]; ok && !tv.IsType() {
			b = b.Join(f.Expr(e.X))
		}
		return b
	case *ast.SliceExpr:
		return f.Expr(e.X)
	case *ast.TypeAssertExpr:
		return f.Expr(e.X)
	case *ast.CallExpr:
		if t := f.Tuple(e); len(t) > 0 {
			return t[0]
		}
		return zero
	}
	return zero
}

func (f *State[V]) source(e ast.Expr) V {
	if f.cfg.Source == nil {
		var zero V
		return zero
	}
	return f.cfg.Source(e)
}

// Tuple returns the value of each result of e: one entry for a
// single-valued expression, one per result for a call, and the value
// first for comma-ok forms. The Tuple hook, when it says so, decides
// instead.
func (f *State[V]) Tuple(e ast.Expr) []V {
	if f.cfg.Tuple != nil {
		if t, ok := f.cfg.Tuple(f, e); ok {
			return t
		}
	}
	var zero V
	info := f.cfg.Info
	e = ast.Unparen(e)
	switch e := e.(type) {
	case *ast.TypeAssertExpr:
		return []V{f.Expr(e.X), zero}
	case *ast.IndexExpr:
		return []V{f.Expr(e), zero}
	case *ast.UnaryExpr:
		if e.Op == token.ARROW {
			return []V{zero, zero}
		}
	case *ast.CallExpr:
		// Conversions carry their operand.
		if tv, ok := info.Types[e.Fun]; ok && tv.IsType() {
			if len(e.Args) == 1 {
				return []V{f.Expr(e.Args[0])}
			}
			return nil
		}
		own := f.source(e)
		if x, ok := analysisutil.UnsafeView(info, e); ok {
			return []V{f.Expr(x).Join(own)}
		}
		if id, ok := ast.Unparen(e.Fun).(*ast.Ident); ok {
			if b, ok := info.Uses[id].(*types.Builtin); ok {
				switch b.Name() {
				case "min", "max":
					var out V
					for _, a := range e.Args {
						out = out.Join(f.Expr(a))
					}
					return []V{out.Join(own)}
				}
				return []V{own}
			}
		}
		fn := httpmodel.Callee(info, e)
		args := make([]V, len(e.Args))
		var all V
		for i, a := range e.Args {
			args[i] = f.Expr(a)
			all = all.Join(args[i])
		}
		var recv V
		if sel, ok := ast.Unparen(e.Fun).(*ast.SelectorExpr); ok && fn != nil {
			if s, ok := info.Selections[sel]; ok && s.Kind() == types.MethodVal {
				recv = f.Expr(sel.X)
			}
		}
		n := 1
		if tv, ok := info.Types[e]; ok {
			if tup, ok := tv.Type.(*types.Tuple); ok {
				n = tup.Len()
			}
		}
		out := make([]V, n)
		if fn != nil && f.cfg.Call != nil {
			if res, ok := f.cfg.Call(e, fn, recv, args); ok {
				copy(out, res)
				if n > 0 {
					out[0] = out[0].Join(own)
				}
				return out
			}
		}
		if fn != nil && Propagates(fn) && n > 0 {
			out[0] = all.Join(recv)
		}
		if n > 0 {
			out[0] = out[0].Join(own)
		}
		return out
	}
	return []V{f.Expr(e)}
}

// Results returns the value of each result of the function, over every
// return statement of its own (not of nested function literals).
func (f *State[V]) Results() []V {
	if f.decl == nil || f.decl.Results == nil {
		return nil
	}
	n := f.decl.Results.NumFields()
	out := make([]V, n)
	f.returns(func(ret *ast.ReturnStmt) {
		switch {
		case len(ret.Results) == 0:
			for i, v := range f.results {
				if i < n {
					out[i] = out[i].Join(f.Var(v, ret.Pos()))
				}
			}
		default:
			f.JoinReturn(out, ret)
		}
	})
	return out
}

// JoinReturn joins into out, one entry per result of the function that
// ret returns from, what ret's operands carry: one value per result, or a
// call whose results they are. A bare return adds nothing (the named
// results hold what it returns: see Results).
func (f *State[V]) JoinReturn(out []V, ret *ast.ReturnStmt) {
	switch {
	case len(ret.Results) == len(out):
		for i, r := range ret.Results {
			out[i] = out[i].Join(f.Expr(r))
		}
	case len(ret.Results) == 1:
		for i, b := range f.Tuple(ret.Results[0]) {
			if i < len(out) {
				out[i] = out[i].Join(b)
			}
		}
	}
}

func (f *State[V]) returns(fn func(*ast.ReturnStmt)) {
	if f.nodes == nil {
		ReturnsOf(f.body, fn)
		return
	}
	for _, ret := range f.rets {
		fn(ret)
	}
}

// Mentions reports whether n (a node of the code info describes) uses the
// variable v.
func Mentions(info *types.Info, n ast.Node, v *types.Var) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		if id, ok := m.(*ast.Ident); ok && info.Uses[id] == v {
			found = true
		}
		return !found
	})
	return found
}

// ReturnsOf calls fn for each return statement of body that belongs to the
// function itself, skipping nested function literals.
func ReturnsOf(body *ast.BlockStmt, fn func(*ast.ReturnStmt)) {
	if body == nil {
		return
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			fn(n)
		}
		return true
	})
}

// propagatingPkgs are standard packages whose functions compute a value
// from their arguments without hiding it: parsing, formatting, arithmetic.
var propagatingPkgs = map[string]bool{
	"strconv": true,
	"strings": true,
	"time":    true,
	"math":    true,
	"bytes":   true,
}

// Propagates reports whether a call to fn yields a value derived from its
// receiver and arguments: the functions and methods of strconv, strings,
// time, math and bytes, fmt.Sprint and its variants, and http.ParseTime.
func Propagates(fn *types.Func) bool {
	if fn.Pkg() == nil {
		return false
	}
	path := fn.Pkg().Path()
	switch {
	case propagatingPkgs[path]:
		return true
	case path == "fmt":
		return fn.Name() == "Sprint" || fn.Name() == "Sprintf" || fn.Name() == "Sprintln"
	case path == "net/http":
		return fn.Name() == "ParseTime" || fn.Name() == "CanonicalHeaderKey"
	}
	return false
}

// AssignsField reports whether root assigns the field name of v, a
// variable or a pointer to a struct (u.User = url.UserPassword(...)).
func AssignsField(info *types.Info, root ast.Node, v *types.Var, name string) bool {
	found := false
	ast.Inspect(root, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || found {
			return !found
		}
		for _, l := range as.Lhs {
			if sel, ok := ast.Unparen(l).(*ast.SelectorExpr); ok && sel.Sel.Name == name && VarOf(info, sel.X) == v {
				found = true
			}
		}
		return !found
	})
	return found
}

// Assigned returns the values assigned to the local variable v within
// root: the right-hand side of each assignment or declaration, or the call
// of x, y := f(), whose first result it is. ok is false when some value
// cannot be told: v is assigned a later result of a call, updated with an
// operator (x += y), or its address is taken.
func Assigned(info *types.Info, root ast.Node, v *types.Var) (values []ast.Expr, ok bool) {
	return assigned(info, root, v, false, false)
}

// AssignedAfterDecl is Assigned where a declaration without a value adds
// none (var req *http.Request; req, err = http.NewRequest(...)): for a
// variable whose zero value no use is asked about.
func AssignedAfterDecl(info *types.Info, root ast.Node, v *types.Var) (values []ast.Expr, ok bool) {
	return assigned(info, root, v, false, true)
}

// AssignedStruct is Assigned for a variable of a struct type, such as a
// request an SDK builds as a struct value and sends by its address
// (var req http.Request; req, err = build(...); client.Do(&req)): a
// declaration without a value adds none, and taking the address hides no
// value, as what a callee writes through it goes to the fields, not to
// the variable as a whole.
func AssignedStruct(info *types.Info, root ast.Node, v *types.Var) (values []ast.Expr, ok bool) {
	return assigned(info, root, v, true, true)
}

func assigned(info *types.Info, root ast.Node, v *types.Var, structVar, emptyDecl bool) (values []ast.Expr, ok bool) {
	is := func(e ast.Expr) bool {
		id, isID := ast.Unparen(e).(*ast.Ident)
		return isID && info.ObjectOf(id) == v
	}
	ok = true
	ast.Inspect(root, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				if !is(l) {
					continue
				}
				switch {
				case n.Tok != token.ASSIGN && n.Tok != token.DEFINE:
					ok = false
				case len(n.Lhs) == len(n.Rhs):
					values = append(values, n.Rhs[i])
				case len(n.Rhs) == 1 && i == 0:
					values = append(values, n.Rhs[0])
				default:
					ok = false
				}
			}
		case *ast.ValueSpec:
			for i, name := range n.Names {
				if info.Defs[name] != v {
					continue
				}
				switch {
				case len(n.Values) == len(n.Names):
					values = append(values, n.Values[i])
				case len(n.Values) == 1 && i == 0:
					values = append(values, n.Values[0])
				case len(n.Values) == 0 && emptyDecl:
					// Declared empty, assigned later.
				default:
					ok = false // zero value, or a later result
				}
			}
		case *ast.UnaryExpr:
			if n.Op == token.AND && is(n.X) && !structVar {
				ok = false
			}
		case *ast.RangeStmt:
			if (n.Key != nil && is(n.Key)) || (n.Value != nil && is(n.Value)) {
				ok = false
			}
		}
		return true
	})
	return values, ok
}

// FuncParts returns the type and body of a function declaration or
// literal, and nils for any other node.
func FuncParts(n ast.Node) (*ast.FuncType, *ast.BlockStmt) {
	switch n := n.(type) {
	case *ast.FuncDecl:
		return n.Type, n.Body
	case *ast.FuncLit:
		return n.Type, n.Body
	}
	return nil, nil
}

// A ConstTable knows the constant strings that range variables take from
// literal tables in a function body:
//
//	for _, h := range []string{"Retry-After-Ms", "Retry-After"} { ... h ... }
//	retries := []struct{ header string }{{header: "Retry-After"}}
//	for _, r := range retries { ... r.header ... }
type ConstTable struct {
	info   *types.Info
	values map[*types.Var][]string            // range variable -> its strings
	fields map[*types.Var]map[string][]string // range variable -> field -> strings
}

// NewConstTable scans body for range statements over a composite literal,
// or over a local variable whose every assigned value is one.
func NewConstTable(info *types.Info, body *ast.BlockStmt) *ConstTable {
	t := &ConstTable{info: info, values: map[*types.Var][]string{}, fields: map[*types.Var]map[string][]string{}}
	if body == nil {
		return t
	}
	ast.Inspect(body, func(n ast.Node) bool {
		rs, ok := n.(*ast.RangeStmt)
		if !ok || rs.Value == nil {
			return true
		}
		id, ok := rs.Value.(*ast.Ident)
		if !ok {
			return true
		}
		v, _ := info.ObjectOf(id).(*types.Var)
		if v == nil {
			return true
		}
		for _, lit := range t.literals(body, rs.X) {
			for _, elt := range lit.Elts {
				t.add(v, elt)
			}
		}
		return true
	})
	return t
}

// literals returns the composite literals that x is: itself, or every
// value assigned to the local variable it names.
func (t *ConstTable) literals(body *ast.BlockStmt, x ast.Expr) []*ast.CompositeLit {
	if lit, ok := ast.Unparen(x).(*ast.CompositeLit); ok {
		return []*ast.CompositeLit{lit}
	}
	id, ok := ast.Unparen(x).(*ast.Ident)
	if !ok {
		return nil
	}
	v, _ := t.info.Uses[id].(*types.Var)
	if v == nil || v.IsField() {
		return nil
	}
	values, ok := Assigned(t.info, body, v)
	if !ok {
		return nil
	}
	var out []*ast.CompositeLit
	for _, val := range values {
		lit, ok := ast.Unparen(val).(*ast.CompositeLit)
		if !ok {
			return nil
		}
		out = append(out, lit)
	}
	return out
}

func (t *ConstTable) add(v *types.Var, elt ast.Expr) {
	if kv, ok := elt.(*ast.KeyValueExpr); ok {
		elt = kv.Value // a keyed array or map element
	}
	if s, ok := httpmodel.ConstString(t.info, elt); ok {
		t.values[v] = append(t.values[v], s)
		return
	}
	lit, ok := ast.Unparen(elt).(*ast.CompositeLit)
	if !ok {
		return
	}
	for _, f := range lit.Elts {
		kv, ok := f.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		key, ok := kv.Key.(*ast.Ident)
		if !ok {
			continue
		}
		if s, ok := httpmodel.ConstString(t.info, kv.Value); ok {
			if t.fields[v] == nil {
				t.fields[v] = map[string][]string{}
			}
			t.fields[v][key.Name] = append(t.fields[v][key.Name], s)
		}
	}
}

// Strings returns the constant strings that e, a range variable or a field
// of one, takes from its table; nil when e is no such expression.
func (t *ConstTable) Strings(e ast.Expr) []string {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		if v, ok := t.info.Uses[e].(*types.Var); ok {
			return t.values[v]
		}
	case *ast.SelectorExpr:
		if id, ok := ast.Unparen(e.X).(*ast.Ident); ok {
			if v, ok := t.info.Uses[id].(*types.Var); ok {
				return t.fields[v][e.Sel.Name]
			}
		}
	}
	return nil
}

// RecvVar returns the named receiver of the method fd, nil for a function
// or an unnamed receiver.
func RecvVar(info *types.Info, fd *ast.FuncDecl) *types.Var {
	if fd.Recv == nil || len(fd.Recv.List) != 1 || len(fd.Recv.List[0].Names) != 1 {
		return nil
	}
	v, _ := info.Defs[fd.Recv.List[0].Names[0]].(*types.Var)
	return v
}

// HandsOwnParams reports whether call passes lit's own parameters, each
// once and in order, as all its arguments: the call of a literal that
// wraps another function (func(req *http.Request) { return get(req) }).
func HandsOwnParams(info *types.Info, lit *ast.FuncLit, call *ast.CallExpr) bool {
	if call.Ellipsis.IsValid() {
		return false
	}
	i := 0
	for _, f := range lit.Type.Params.List {
		for _, n := range f.Names {
			if i >= len(call.Args) {
				return false
			}
			id, ok := ast.Unparen(call.Args[i]).(*ast.Ident)
			if !ok || info.Uses[id] == nil || info.Uses[id] != info.Defs[n] {
				return false
			}
			i++
		}
	}
	return i == len(call.Args)
}

// TypeSwitchVars returns the subject x of switch v := x.(type) and, for
// each clause, the variable v it declares: x narrowed to the clause's
// type (switch v := body.(type) { case url.Values: ... v.Encode() }). It
// returns nil and no clauses for a type switch without a variable.
func TypeSwitchVars(info *types.Info, ts *ast.TypeSwitchStmt) (ast.Expr, map[*ast.CaseClause]*types.Var) {
	as, ok := ts.Assign.(*ast.AssignStmt)
	if !ok || len(as.Rhs) != 1 {
		return nil, nil
	}
	ta, ok := ast.Unparen(as.Rhs[0]).(*ast.TypeAssertExpr)
	if !ok {
		return nil, nil
	}
	clauses := map[*ast.CaseClause]*types.Var{}
	for _, s := range ts.Body.List {
		cc := s.(*ast.CaseClause)
		if v, ok := info.Implicits[cc].(*types.Var); ok {
			clauses[cc] = v
		}
	}
	return ta.X, clauses
}

// FieldStores returns the values that root assigns to the field
// selections that is accepts (x.F = v; x.F, y = v, w): the
// right-hand side of each such assignment of one value a side. all is
// false when some such selection is assigned a result of a call that
// answers more than one (x.F, err = f()), whose value is not returned.
func FieldStores(root ast.Node, is func(*ast.SelectorExpr) bool) (values []ast.Expr, all bool) {
	all = true
	ast.Inspect(root, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok {
			return true
		}
		for i, lhs := range as.Lhs {
			sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr)
			if !ok || !is(sel) {
				continue
			}
			if len(as.Lhs) == len(as.Rhs) {
				values = append(values, as.Rhs[i])
			} else {
				all = false
			}
		}
		return true
	})
	return values, all
}
