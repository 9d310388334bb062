// Package flow follows values through the local variables of one function:
// which expressions carry a value derived from a source (a header read, a
// parameter) through assignments, conversions, arithmetic and calls whose
// results are known to derive from their arguments.
//
// The analysis is intraprocedural and ordered by position: a use of a
// variable sees the assignments that end before it. It does not kill older
// assignments, and it ignores values carried around a loop's back edge, so
// it errs on the side of fewer derived values. Calls are resolved through a
// caller-supplied hook, which is where analyzers plug in facts about other
// functions.
package flow

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/internal/httpmodel"
)

// Bits is a set of origins. Bit 0 is the analyzer's source, bits 1 and 2
// tags the analyzer may add to some of its sources; bit i+3 is parameter i
// of the analysed function (for summaries).
type Bits uint64

const (
	// Source is the origin bit of the analyzer's own source.
	Source Bits = 1
	// Tag marks a subset of the sources (for example the one header, of
	// several configured, that has a property the others lack).
	Tag Bits = 2
	// Tag2 marks another subset of the sources (for example the headers
	// whose values are in another unit).
	Tag2 Bits = 4
	// Origins are the bits that are not parameters.
	Origins = Source | Tag | Tag2
)

// maxParams is the number of parameters that get an origin bit.
const maxParams = 61

// Param returns the origin bit of parameter i (0 beyond the 61st).
func Param(i int) Bits {
	if i < 0 || i >= maxParams {
		return 0
	}
	return 1 << (i + 3)
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

// Config tells the analysis where values come from and how calls carry them.
type Config struct {
	Info *types.Info
	// Source returns the origins that expression e introduces by itself
	// (for example Source for a read of the Retry-After header). It is
	// asked about calls and index expressions.
	Source func(e ast.Expr) Bits
	// Call returns the origins of each result of a call to fn, given the
	// origins of its receiver (0 for functions) and arguments. ok is false
	// when the hook knows nothing of fn; Propagates is then consulted.
	Call func(call *ast.CallExpr, fn *types.Func, recv Bits, args []Bits) (results []Bits, ok bool)
	// Nodes and Returns, when Nodes is not nil, are what walks of the body
	// would find, as callindex gives them for a function declaration: its
	// assignments, variable specifications and range statements (among
	// other nodes, in preorder), and its own return statements. They spare
	// Analyze and Results those walks.
	Nodes   []ast.Node
	Returns []*ast.ReturnStmt
}

// Func is the result of analysing one function.
type Func struct {
	cfg     Config
	decl    *ast.FuncType
	body    *ast.BlockStmt
	assigns map[*types.Var][]*assign
	results []*types.Var
}

type assign struct {
	at  token.Pos // where the assignment takes effect
	rhs ast.Expr  // the value, or the multi-valued expression
	idx int       // result index into rhs, or -1 for a single value
	// rangeOver marks the value variable of a range statement.
	rangeOver bool
	bits      Bits
}

// Analyze follows values through the function with the given type and body.
// params are the function's parameters in order (their origin bits are
// Param(i)); nil gives no parameter any origin.
func Analyze(cfg Config, ftype *ast.FuncType, body *ast.BlockStmt) *Func {
	f := &Func{cfg: cfg, decl: ftype, body: body, assigns: map[*types.Var][]*assign{}}
	if body == nil {
		return f
	}
	start := body.Pos()
	if ftype != nil && ftype.Params != nil {
		i := 0
		for _, field := range ftype.Params.List {
			names := field.Names
			if len(names) == 0 {
				i++
				continue
			}
			for _, n := range names {
				if v, ok := cfg.Info.Defs[n].(*types.Var); ok {
					f.assigns[v] = append(f.assigns[v], &assign{at: start, idx: -1, bits: Param(i)})
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
	// Iterate to a fixed point: bits only grow and each assignment has at
	// most 64, so this terminates.
	for {
		changed := false
		for _, list := range f.assigns {
			for _, a := range list {
				if a.rhs == nil {
					continue
				}
				var b Bits
				switch {
				case a.rangeOver:
					b = f.Expr(a.rhs)
				case a.idx >= 0:
					if t := f.Tuple(a.rhs); a.idx < len(t) {
						b = t[a.idx]
					}
				default:
					b = f.Expr(a.rhs)
				}
				if b|a.bits != a.bits {
					a.bits |= b
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

func (f *Func) varOf(e ast.Expr) *types.Var {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok || id.Name == "_" {
		return nil
	}
	obj := f.cfg.Info.Defs[id]
	if obj == nil {
		obj = f.cfg.Info.Uses[id]
	}
	v, _ := obj.(*types.Var)
	if v == nil || v.IsField() {
		return nil
	}
	return v
}

func (f *Func) add(lhs ast.Expr, a *assign) {
	if v := f.varOf(lhs); v != nil {
		f.assigns[v] = append(f.assigns[v], a)
	}
}

func (f *Func) collect(body *ast.BlockStmt) {
	if f.cfg.Nodes != nil {
		for _, n := range f.cfg.Nodes {
			f.collectNode(n)
		}
		return
	}
	ast.Inspect(body, func(n ast.Node) bool {
		f.collectNode(n)
		return true
	})
}

func (f *Func) collectNode(n ast.Node) {
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
				f.add(l, &assign{at: at, rhs: rhs, idx: -1})
			}
		case len(n.Rhs) == 1:
			for i, l := range n.Lhs {
				f.add(l, &assign{at: at, rhs: n.Rhs[0], idx: i})
			}
		}
	case *ast.ValueSpec:
		at := n.End()
		switch {
		case len(n.Names) == len(n.Values):
			for i, l := range n.Names {
				f.add(l, &assign{at: at, rhs: n.Values[i], idx: -1})
			}
		case len(n.Values) == 1:
			for i, l := range n.Names {
				f.add(l, &assign{at: at, rhs: n.Values[0], idx: i})
			}
		}
	case *ast.RangeStmt:
		if n.Value != nil {
			f.add(n.Value, &assign{at: n.X.End(), rhs: n.X, idx: -1, rangeOver: true})
		}
	}
}

// Var returns the origins a use of v at pos can see.
func (f *Func) Var(v *types.Var, pos token.Pos) Bits {
	var b Bits
	for _, a := range f.assigns[v] {
		if a.at <= pos {
			b |= a.bits
		}
	}
	return b
}

// Def is one assignment of a variable that a use can see.
type Def struct {
	// Rhs is the value, or the multi-valued expression of which the
	// variable takes result Idx; nil for a parameter.
	Rhs ast.Expr
	Idx int // -1 for a single value
	// Range marks the value variable of a range statement over Rhs.
	Range bool
	Bits  Bits
}

// Defs returns the assignments of v that a use at pos can see, in the
// order of the source, with their origins.
func (f *Func) Defs(v *types.Var, pos token.Pos) []Def {
	var out []Def
	for _, a := range f.assigns[v] {
		if a.at <= pos {
			out = append(out, Def{Rhs: a.rhs, Idx: a.idx, Range: a.rangeOver, Bits: a.bits})
		}
	}
	return out
}

// VarOf returns the local variable or parameter e names, or nil.
func (f *Func) VarOf(e ast.Expr) *types.Var { return f.varOf(e) }

// Expr returns the origins of the value of e.
func (f *Func) Expr(e ast.Expr) Bits {
	info := f.cfg.Info
	switch e := e.(type) {
	case *ast.ParenExpr:
		return f.Expr(e.X)
	case *ast.Ident:
		if v := f.varOf(e); v != nil {
			return f.Var(v, e.Pos())
		}
		return 0
	case *ast.StarExpr:
		return f.Expr(e.X)
	case *ast.UnaryExpr:
		switch e.Op {
		case token.SUB, token.ADD, token.XOR, token.AND:
			return f.Expr(e.X)
		}
		return 0
	case *ast.BinaryExpr:
		switch e.Op {
		case token.ADD, token.SUB, token.MUL, token.QUO, token.REM,
			token.SHL, token.SHR, token.AND, token.OR, token.XOR, token.AND_NOT:
			return f.Expr(e.X) | f.Expr(e.Y)
		}
		return 0
	case *ast.IndexExpr:
		b := f.source(e)
		if tv, ok := info.Types[e.X]; ok && !tv.IsType() {
			b |= f.Expr(e.X)
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
		return 0
	}
	return 0
}

func (f *Func) source(e ast.Expr) Bits {
	if f.cfg.Source == nil {
		return 0
	}
	return f.cfg.Source(e)
}

// Tuple returns the origins of each result of e: one entry for a
// single-valued expression, one per result for a call, and the value's
// origins first for comma-ok forms.
func (f *Func) Tuple(e ast.Expr) []Bits {
	info := f.cfg.Info
	e = ast.Unparen(e)
	switch e := e.(type) {
	case *ast.TypeAssertExpr:
		return []Bits{f.Expr(e.X), 0}
	case *ast.IndexExpr:
		return []Bits{f.Expr(e), 0}
	case *ast.UnaryExpr:
		if e.Op == token.ARROW {
			return []Bits{0, 0}
		}
	case *ast.CallExpr:
		// Conversions carry their operand.
		if tv, ok := info.Types[e.Fun]; ok && tv.IsType() {
			if len(e.Args) == 1 {
				return []Bits{f.Expr(e.Args[0])}
			}
			return nil
		}
		own := f.source(e)
		if id, ok := ast.Unparen(e.Fun).(*ast.Ident); ok {
			if b, ok := info.Uses[id].(*types.Builtin); ok {
				switch b.Name() {
				case "min", "max":
					var out Bits
					for _, a := range e.Args {
						out |= f.Expr(a)
					}
					return []Bits{out | own}
				}
				return []Bits{own}
			}
		}
		fn := httpmodel.Callee(info, e)
		args := make([]Bits, len(e.Args))
		var all Bits
		for i, a := range e.Args {
			args[i] = f.Expr(a)
			all |= args[i]
		}
		var recv Bits
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
		out := make([]Bits, n)
		if fn != nil && f.cfg.Call != nil {
			if res, ok := f.cfg.Call(e, fn, recv, args); ok {
				copy(out, res)
				if n > 0 {
					out[0] |= own
				}
				return out
			}
		}
		if fn != nil && Propagates(fn) && n > 0 {
			out[0] = all | recv
		}
		if n > 0 {
			out[0] |= own
		}
		return out
	}
	return []Bits{f.Expr(e)}
}

// Results returns the origins of each result of the function, over every
// return statement of its own (not of nested function literals).
func (f *Func) Results() []Bits {
	if f.decl == nil || f.decl.Results == nil {
		return nil
	}
	n := f.decl.Results.NumFields()
	out := make([]Bits, n)
	f.returns(func(ret *ast.ReturnStmt) {
		switch {
		case len(ret.Results) == 0:
			for i, v := range f.results {
				if i < n {
					out[i] |= f.Var(v, ret.Pos())
				}
			}
		case len(ret.Results) == n:
			for i, r := range ret.Results {
				out[i] |= f.Expr(r)
			}
		case len(ret.Results) == 1:
			for i, b := range f.Tuple(ret.Results[0]) {
				if i < n {
					out[i] |= b
				}
			}
		}
	})
	return out
}

func (f *Func) returns(fn func(*ast.ReturnStmt)) {
	if f.cfg.Nodes == nil {
		ReturnsOf(f.body, fn)
		return
	}
	for _, ret := range f.cfg.Returns {
		fn(ret)
	}
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

// Assigned returns the values assigned to the local variable v within
// root: the right-hand side of each assignment or declaration, or the call
// of x, y := f(), whose first result it is. ok is false when some value
// cannot be told: v is assigned a later result of a call, updated with an
// operator (x += y), or its address is taken.
func Assigned(info *types.Info, root ast.Node, v *types.Var) (values []ast.Expr, ok bool) {
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
				default:
					ok = false // zero value, or a later result
				}
			}
		case *ast.UnaryExpr:
			if n.Op == token.AND && is(n.X) {
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
