package retryloop

// This file models clients configured by functional options: a client's
// method that sends again while a counter stays within a field of its
// receiver (for i := 0; i <= c.retryCount; i++) retries only when that
// field was raised, and a client built by its package's constructor
// (NewClient(opts...)) holds the constructor's default there unless one
// of the options handed to it sets the field (WithRetryCount(3)). A
// client built with no such option sends once.

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"maps"
	"slices"
	"sort"
	"strings"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/flow"
	"github.com/retrylint/retrylint/internal/httpmodel"
)

// optionFact marks a functional option: an exported function whose
// result is a func value that sets the fields Sets of the struct it is
// handed, and nothing else of it.
type optionFact struct {
	Sets []string
}

func (*optionFact) AFact() {}

func (f *optionFact) String() string { return "option(" + strings.Join(f.Sets, " ") + ")" }

// defaultsFact marks a constructor: an exported function that returns a
// struct (or a pointer to one) it made itself, and that changes it only
// through the option values it is handed. Defaults holds the integer
// fields it leaves at a constant, with that constant, sorted by name (a
// map's encoding would change from run to run).
type defaultsFact struct {
	Defaults []FieldDefault
}

// FieldDefault is the value a constructor leaves in a field.
type FieldDefault struct {
	Name  string
	Value int64
}

func (*defaultsFact) AFact() {}

func (f *defaultsFact) String() string {
	var s []string
	for _, d := range f.Defaults {
		s = append(s, d.Name+"="+constant.MakeInt64(d.Value).String())
	}
	return "defaults(" + strings.Join(s, " ") + ")"
}

// of returns the default of field, false when there is none.
func (f *defaultsFact) of(field string) (int64, bool) {
	i, found := slices.BinarySearchFunc(f.Defaults, field, func(d FieldDefault, name string) int { return strings.Compare(d.Name, name) })
	if !found {
		return 0, false
	}
	return f.Defaults[i].Value, true
}

// FieldBound reports the field of recv whose value bounds the attempts
// of loop, a counted loop (for i := a; i <= recv.F; i++, or i <
// recv.F), and the largest value of the field at which the loop makes
// one attempt at most; ok is false for any other loop.
func FieldBound(info *types.Info, loop ast.Stmt, recv *types.Var) (field string, limit int64, ok bool) {
	fs, isFor := loop.(*ast.ForStmt)
	if !isFor || recv == nil || fs.Init == nil || fs.Cond == nil || fs.Post == nil {
		return "", 0, false
	}
	init, isAssign := fs.Init.(*ast.AssignStmt)
	if !isAssign || len(init.Lhs) != 1 || len(init.Rhs) != 1 || init.Tok != token.DEFINE {
		return "", 0, false
	}
	counter := analysisutil.IdentVar(info, init.Lhs[0])
	tv, known := info.Types[init.Rhs[0]]
	if counter == nil || !known || tv.Value == nil || tv.Value.Kind() != constant.Int {
		return "", 0, false
	}
	start, exact := constant.Int64Val(tv.Value)
	inc, isInc := fs.Post.(*ast.IncDecStmt)
	if !exact || !isInc || inc.Tok != token.INC || analysisutil.IdentVar(info, inc.X) != counter {
		return "", 0, false
	}
	cond, isBin := ast.Unparen(fs.Cond).(*ast.BinaryExpr)
	if !isBin || analysisutil.IdentVar(info, cond.X) != counter {
		return "", 0, false
	}
	sel, isSel := ast.Unparen(cond.Y).(*ast.SelectorExpr)
	if !isSel || analysisutil.IdentVar(info, sel.X) != recv {
		return "", 0, false
	}
	f, isVar := info.Uses[sel.Sel].(*types.Var)
	if !isVar || !f.IsField() || !analysisutil.IsInteger(f.Type()) {
		return "", 0, false
	}
	// The counter moves only in the post statement: a body that moves it
	// back (i-- after a failure) retries beyond the field.
	moved := false
	ast.Inspect(fs.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				if analysisutil.IdentVar(info, l) == counter {
					moved = true
				}
			}
		case *ast.IncDecStmt:
			if analysisutil.IdentVar(info, n.X) == counter {
				moved = true
			}
		case *ast.UnaryExpr:
			if n.Op == token.AND && analysisutil.IdentVar(info, n.X) == counter {
				moved = true
			}
		}
		return !moved
	})
	if moved {
		return "", 0, false
	}
	switch cond.Op {
	case token.LEQ:
		return f.Name(), start, true
	case token.LSS:
		return f.Name(), start + 1, true
	}
	return "", 0, false
}

// exportOptions exports an optionFact for each functional option of the
// package and a defaultsFact for each constructor.
func (r *Result) exportOptions() {
	pass := r.pass
	info := pass.TypesInfo
	for fd, fn := range analysisutil.FuncDecls(pass) {
		if !fn.Exported() || fd.Body == nil || fn.Signature().Recv() != nil {
			continue
		}
		if sets, ok := optionSets(info, fd); ok {
			pass.ExportObjectFact(fn, &optionFact{Sets: sets})
			continue
		}
		if d := ctorDefaults(info, fd); len(d) > 0 {
			f := new(defaultsFact)
			for _, name := range slices.Sorted(maps.Keys(d)) {
				f.Defaults = append(f.Defaults, FieldDefault{name, d[name]})
			}
			pass.ExportObjectFact(fn, f)
		}
	}
}

// optionSets returns the fields that the option fd returns sets: fd's
// one result is a func with one parameter, a pointer to a struct, and
// its body is one return of a function literal that only assigns to
// that parameter's fields (and reads what it likes).
func optionSets(info *types.Info, fd *ast.FuncDecl) ([]string, bool) {
	res := fd.Type.Results
	if res == nil || len(res.List) != 1 || len(fd.Body.List) != 1 {
		return nil, false
	}
	ret, ok := fd.Body.List[0].(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 1 {
		return nil, false
	}
	lit, ok := ast.Unparen(ret.Results[0]).(*ast.FuncLit)
	if !ok || lit.Type.Params == nil || len(lit.Type.Params.List) != 1 || len(lit.Type.Params.List[0].Names) != 1 {
		return nil, false
	}
	p, _ := info.Defs[lit.Type.Params.List[0].Names[0]].(*types.Var)
	if p == nil || !isStructPtr(p.Type()) {
		return nil, false
	}
	sets := map[string]bool{}
	ok = true
	ast.PreorderStack(lit.Body, nil, func(n ast.Node, stack []ast.Node) bool {
		id, isID := n.(*ast.Ident)
		if !ok || !isID || info.Uses[id] != p {
			return ok
		}
		// The parameter may only be the X of a field selection that is
		// read or assigned to.
		if len(stack) == 0 {
			ok = false
			return false
		}
		sel, isSel := stack[len(stack)-1].(*ast.SelectorExpr)
		if !isSel || sel.X != id {
			ok = false
			return false
		}
		var parent ast.Node
		if len(stack) >= 2 {
			parent = stack[len(stack)-2]
		}
		name, written, known := fieldUse(info, sel, parent)
		if !known {
			ok = false
		} else if written {
			sets[name] = true
		}
		return false
	})
	if !ok {
		return nil, false
	}
	return slices.Sorted(maps.Keys(sets)), true
}

// fieldUse reads sel, a selection on a struct value whose parent node
// is parent: the field's name and whether the use writes it (assigned or
// incremented); known is false for a method (it may set any field) or a
// field whose address is taken (handed on to be set).
func fieldUse(info *types.Info, sel *ast.SelectorExpr, parent ast.Node) (name string, written, known bool) {
	f, isVar := info.Uses[sel.Sel].(*types.Var)
	if !isVar || !f.IsField() {
		return "", false, false
	}
	switch p := parent.(type) {
	case *ast.AssignStmt:
		return f.Name(), slices.Contains(p.Lhs, ast.Expr(sel)), true
	case *ast.IncDecStmt:
		return f.Name(), true, true
	case *ast.UnaryExpr:
		return f.Name(), false, p.Op != token.AND
	}
	return f.Name(), false, true
}

func isStructPtr(t types.Type) bool {
	p, ok := t.Underlying().(*types.Pointer)
	if !ok {
		return false
	}
	_, ok = p.Elem().Underlying().(*types.Struct)
	return ok
}

// ctorDefaults returns the integer fields that the constructor fd leaves
// at a constant: fd makes a struct with a composite literal held in a
// local, changes it only by calling the option values of a parameter
// with it, and returns it (or its address). A field the literal omits is
// 0; one that any statement of fd assigns is not reported.
func ctorDefaults(info *types.Info, fd *ast.FuncDecl) map[string]int64 {
	var v *types.Var
	var lit *ast.CompositeLit
	for _, st := range fd.Body.List {
		as, ok := st.(*ast.AssignStmt)
		if !ok || as.Tok != token.DEFINE || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
			continue
		}
		rhs := ast.Unparen(as.Rhs[0])
		if u, ok := rhs.(*ast.UnaryExpr); ok && u.Op == token.AND {
			rhs = ast.Unparen(u.X)
		}
		cl, ok := rhs.(*ast.CompositeLit)
		if !ok {
			continue
		}
		if _, isStruct := info.TypeOf(cl).Underlying().(*types.Struct); !isStruct {
			continue
		}
		if v != nil {
			return nil // two candidates: which one is returned is not told here
		}
		v = analysisutil.IdentVar(info, as.Lhs[0])
		lit = cl
	}
	if v == nil {
		return nil
	}
	st := info.TypeOf(lit).Underlying().(*types.Struct)
	// The option values: the parameters of func type (variadic or not)
	// and the variables that range over them.
	opts := map[*types.Var]bool{}
	for _, field := range fd.Type.Params.List {
		for _, name := range field.Names {
			if v := analysisutil.IdentVar(info, name); v != nil && isOptionValues(v.Type()) {
				opts[v] = true
			}
		}
	}
	returned := false
	ok := true
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if !ok {
			return false
		}
		if rs, isRange := n.(*ast.RangeStmt); isRange && rs.Value != nil && opts[analysisutil.IdentVar(info, rs.X)] {
			if v := analysisutil.IdentVar(info, rs.Value); v != nil {
				opts[v] = true
			}
		}
		return true
	})
	assigned := map[string]bool{}
	ast.PreorderStack(fd.Body, nil, func(n ast.Node, stack []ast.Node) bool {
		id, isID := n.(*ast.Ident)
		if !ok || !isID || info.Uses[id] != v {
			return ok
		}
		var parent ast.Node
		if len(stack) > 0 {
			parent = stack[len(stack)-1]
		}
		// &v or v handed to an option value: opt(&v), opt(v).
		arg := ast.Node(id)
		if u, isUnary := parent.(*ast.UnaryExpr); isUnary && u.Op == token.AND && len(stack) >= 2 {
			arg, parent = u, stack[len(stack)-2]
		}
		switch p := parent.(type) {
		case *ast.CallExpr:
			if slices.Contains(p.Args, ast.Expr(arg.(ast.Expr))) && opts[analysisutil.IdentVar(info, p.Fun)] {
				return false
			}
			ok = false
		case *ast.ReturnStmt:
			returned = true
		case *ast.SelectorExpr:
			var gp ast.Node
			if len(stack) >= 2 {
				gp = stack[len(stack)-2]
			}
			name, written, known := fieldUse(info, p, gp)
			if !known {
				ok = false
				return false
			}
			if written {
				assigned[name] = true
			}
		default:
			ok = false // assigned, compared, stored: not followed
		}
		return false
	})
	if !ok || !returned || !returnsOnly(info, fd, v) {
		return nil
	}
	values := map[string]ast.Expr{}
	for i, elt := range lit.Elts {
		if kv, isKV := elt.(*ast.KeyValueExpr); isKV {
			if id := analysisutil.Ident(kv.Key); id != nil {
				values[id.Name] = kv.Value
			}
		} else if i < st.NumFields() {
			values[st.Field(i).Name()] = elt
		}
	}
	d := map[string]int64{}
	for f := range st.Fields() {
		if !analysisutil.IsInteger(f.Type()) || assigned[f.Name()] {
			continue
		}
		val := int64(0)
		if e, set := values[f.Name()]; set {
			tv, known := info.Types[e]
			if !known || tv.Value == nil || tv.Value.Kind() != constant.Int {
				continue
			}
			n, exact := constant.Int64Val(tv.Value)
			if !exact {
				continue
			}
			val = n
		}
		d[f.Name()] = val
	}
	return d
}

// returnsOnly reports whether every return of fd (outside function
// literals) returns v or its address, with nil or errors beside it: a
// constructor that returns another client on some path (one it made
// with other values) tells nothing of what it returns.
func returnsOnly(info *types.Info, fd *ast.FuncDecl, v *types.Var) bool {
	ok := true
	flow.ReturnsOf(fd.Body, func(ret *ast.ReturnStmt) {
		for _, r := range ret.Results {
			e := ast.Unparen(r)
			if u, isAddr := e.(*ast.UnaryExpr); isAddr && u.Op == token.AND {
				e = ast.Unparen(u.X)
			}
			if analysisutil.IdentVar(info, e) == v || analysisutil.IsNil(info, e) {
				continue
			}
			if t := info.TypeOf(e); t != nil && types.Implements(t, analysisutil.ErrorInterface) && !isStructPtr(t) {
				continue
			}
			ok = false
		}
	})
	return ok
}

// isOptionValues reports whether t is a func type or a slice of one.
func isOptionValues(t types.Type) bool {
	if s, ok := t.Underlying().(*types.Slice); ok {
		t = s.Elem()
	}
	_, ok := t.Underlying().(*types.Signature)
	return ok
}

// AtDefault reports whether recv, the receiver of the call of a method
// of another package in body, is a client that its package's constructor
// built in body with field at a value of at most limit: recv is a local
// set once, from a constructor with that default, none of whose
// arguments is an option that may set field, and used in body only as
// the receiver of calls of methods in sends (the retrying senders).
func (r *Result) AtDefault(body ast.Node, recv ast.Expr, owner types.Type, field string, limit int64, sends func(*types.Func) bool) bool {
	info := r.pass.TypesInfo
	if call, ok := ast.Unparen(recv).(*ast.CallExpr); ok {
		return r.ctorAtDefault(call, owner, field, limit)
	}
	v := analysisutil.IdentVar(info, recv)
	if v == nil || v.Parent() == nil || v.Parent() == v.Pkg().Scope() {
		return false
	}
	var made *ast.CallExpr
	ok := true
	ast.PreorderStack(body, nil, func(n ast.Node, stack []ast.Node) bool {
		id, isID := n.(*ast.Ident)
		if !ok || !isID {
			return ok
		}
		if info.Defs[id] == v {
			as, isAssign := stack[len(stack)-1].(*ast.AssignStmt)
			if !isAssign || len(as.Rhs) != 1 || made != nil {
				ok = false
				return false
			}
			made, _ = ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
			if made == nil || len(as.Lhs) > 2 || as.Lhs[0] != id {
				ok = false
			}
			return false
		}
		if info.Uses[id] != v {
			return true
		}
		if len(stack) < 2 {
			ok = false
			return false
		}
		sel, isSel := stack[len(stack)-1].(*ast.SelectorExpr)
		call, isCall := stack[len(stack)-2].(*ast.CallExpr)
		if !isSel || !isCall || call.Fun != sel || sel.X != id {
			ok = false // assigned again, handed on, its address taken
			return false
		}
		if fn, _ := info.Uses[sel.Sel].(*types.Func); fn == nil || !sends(fn) {
			ok = false // another method may raise the field
		}
		return false
	})
	return ok && made != nil && r.ctorAtDefault(made, owner, field, limit)
}

// ctorAtDefault reports whether call is a call of a constructor of
// another package whose result, of the sender's receiver type owner,
// holds field at a value of at most limit, with no argument that may
// set it. (The field is the sender's: an outer type that embeds the
// sender's and has a field of the same name is another client.)
func (r *Result) ctorAtDefault(call *ast.CallExpr, owner types.Type, field string, limit int64) bool {
	info := r.pass.TypesInfo
	fn := httpmodel.Callee(info, call)
	if fn == nil || fn.Pkg() == r.pass.Pkg || call.Ellipsis.IsValid() {
		return false
	}
	if res := fn.Signature().Results(); res.Len() == 0 || !types.Identical(analysisutil.Deref(res.At(0).Type()), analysisutil.Deref(owner)) {
		return false
	}
	d := new(defaultsFact)
	if !r.pass.ImportObjectFact(fn.Origin(), d) {
		return false
	}
	if v, known := d.of(field); !known || v > limit {
		return false
	}
	for _, arg := range call.Args {
		ac, ok := ast.Unparen(arg).(*ast.CallExpr)
		if !ok {
			return false // an option held in a value: which fields it sets is not known
		}
		opt := httpmodel.Callee(info, ac)
		o := new(optionFact)
		if opt == nil || !r.pass.ImportObjectFact(opt.Origin(), o) {
			return false
		}
		if i := sort.SearchStrings(o.Sets, field); i < len(o.Sets) && o.Sets[i] == field {
			return false
		}
	}
	return true
}
