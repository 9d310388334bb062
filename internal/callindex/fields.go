package callindex

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/flow"
	"github.com/retrylint/retrylint/internal/httpmodel"
)

// A bound field is an unexported func-typed field of a struct type of the
// package to which the package stores one function and nothing else: the
// seam an SDK leaves for its tests (`do func(*Client, *http.Request)
// (*http.Response, error)`, set to defaultDo by the constructor). A call
// of a bound field is a call of that function: the index lists it with
// the function as its callee, and the stores do not count as taking the
// function's address, so that a function reached only through its field
// is, like one called only directly, known by all its calls.
//
// Stores in _test.go files (a fake put in for a test), and stores in an
// unexported function the package uses only from its tests (an option
// withConnCreator(fake)), are not the package's behaviour and are left
// out when the index knows the file set. A field copied from another
// (c.do = o.do, from the options the constructor read) holds what that
// one holds. A field read as a value (g := c.do, run(c.do)), whose
// address is taken, or which is stored anything other than a function of
// the package's scope or a method value of one of its concrete,
// non-generic types (a literal, a variable, a generic function), is not
// bound; a nil stored calls nothing. A parameter stored in the field (a
// constructor's newWAL(sink) { return &wal{sink: sink} }) holds what
// every call of its function hands it, when the package holds all those
// calls (an unexported function, never used as a value, not a method an
// interface of the package names) and each hands a value of its own
// (not a parameter of the caller's, handed on).

// funcField returns the field that fun, a call's function, selects when
// it is an unexported func-typed field (a candidate for binding), or nil.
func funcField(info *types.Info, fun ast.Expr) *types.Var {
	if v := selectedField(info, fun); v != nil && candidateField(v) {
		return v
	}
	return nil
}

// selectedField returns the struct field that e selects, or nil.
func selectedField(info *types.Info, e ast.Expr) *types.Var {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	return flow.FieldOf(info, sel)
}

func candidateField(v *types.Var) bool {
	if !v.IsField() || v.Exported() || v.Embedded() {
		return false
	}
	_, ok := v.Type().Underlying().(*types.Signature)
	return ok
}

// resolveFields gives the calls of bound fields in b their callee, once.
func (ix *Index) resolveFields(b *body) {
	ix.fieldsOnce.Do(ix.bindFields)
	ix.mu.Lock()
	defer ix.mu.Unlock()
	if b.resolved {
		return
	}
	b.resolved = true
	for _, fc := range b.fields {
		if fn := ix.fieldFunc[fc.field]; fn != nil {
			b.calls[fc.i].Callee = fn
		}
	}
}

// bindFields finds the bound fields of the package. It reads the bodies
// through Visit, not Calls, which waits for it.
func (ix *Index) bindFields() {
	cands := map[*types.Var]bool{}
	for _, obj := range ix.info.Defs {
		if v, ok := obj.(*types.Var); ok && candidateField(v) {
			cands[v] = true
		}
	}
	if len(cands) == 0 {
		return
	}
	stored := map[*types.Var]*types.Func{}
	stores := map[*types.Var]int{}
	copied := map[*types.Var][]*types.Var{} // c.do = o.do: the fields a field is copied from
	bad := map[*types.Var]bool{}
	dead := ix.deadFuncs()
	// Every use of a candidate must be a call, a store or a copy's
	// source: one read as a value (g := c.do, run(c.do), return c.do)
	// lets the function be called where the index does not look.
	accounted := map[*types.Var]int{}
	field := func(e ast.Expr) *types.Var { return selectedField(ix.info, e) }
	// paramStores are the parameters stored in a field, by field; calls
	// the calls of the package's functions.
	paramStores := map[*types.Var][]*types.Var{}
	calls := map[*types.Func][]*ast.CallExpr{}
	// written are the parameters that their function assigns or takes
	// the address of: what the field is given is no longer what the
	// calls hand in (if check == nil { check = def.export }).
	written := map[*types.Var]bool{}
	param := func(e ast.Expr) *types.Var {
		if id, ok := ast.Unparen(e).(*ast.Ident); ok {
			if p, ok := ix.info.Uses[id].(*types.Var); ok && p.Kind() == types.ParamVar {
				return p
			}
		}
		return nil
	}
	store := func(v *types.Var, value ast.Expr) {
		if !cands[v] || bad[v] || dead(value.Pos()) {
			return
		}
		if id, ok := ast.Unparen(value).(*ast.Ident); ok {
			if _, isNil := ix.info.Uses[id].(*types.Nil); isNil {
				return // a nil func calls nothing
			}
			if p, ok := ix.info.Uses[id].(*types.Var); ok && p.Kind() == types.ParamVar {
				paramStores[v] = append(paramStores[v], p)
				return
			}
		}
		if from := field(value); from != nil && cands[from] {
			copied[v] = append(copied[v], from)
			accounted[from]++
			return
		}
		fn := ix.plainFunc(value)
		if fn == nil || (stored[v] != nil && stored[v] != fn) {
			bad[v] = true
			return
		}
		stored[v] = fn
		stores[v]++
	}
	// The stores, from the walks of the bodies the index shares.
	skipTests := func(file *ast.File) bool {
		return ix.inTest(file.Pos())
	}
	ix.Visit(skipTests, func(n ast.Node) {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				if p := param(lhs); p != nil {
					written[p] = true
				}
				v := field(lhs)
				if v == nil {
					continue
				}
				accounted[v]++
				if len(n.Lhs) != len(n.Rhs) || n.Tok != token.ASSIGN {
					if cands[v] {
						bad[v] = true
					}
					continue
				}
				store(v, n.Rhs[i])
			}
		case *ast.UnaryExpr:
			if v := field(n.X); v != nil && n.Op == token.AND && cands[v] {
				bad[v] = true
			}
			if p := param(n.X); p != nil && n.Op == token.AND {
				written[p] = true
			}
		case *ast.CallExpr:
			if v := field(n.Fun); v != nil {
				accounted[v]++
			}
			if fn := staticCallee(ix.info, n); fn != nil {
				calls[fn] = append(calls[fn], n)
			}
		case *ast.CompositeLit:
			t := ix.info.TypeOf(n)
			if t == nil {
				return
			}
			if p, ok := t.Underlying().(*types.Pointer); ok {
				t = p.Elem() // an element of []*C{{do: f}}
			}
			st, ok := t.Underlying().(*types.Struct)
			if !ok {
				return
			}
			for i, elt := range n.Elts {
				if kv, ok := elt.(*ast.KeyValueExpr); ok {
					if id, ok := kv.Key.(*ast.Ident); ok {
						if v, ok := ix.info.Uses[id].(*types.Var); ok {
							accounted[v]++
							store(v, kv.Value)
						}
					}
				} else if i < st.NumFields() {
					store(st.Field(i), elt)
				}
			}
		}
	})
	// A parameter stored in a field: what the calls of its function
	// hand it.
	if len(paramStores) > 0 {
		owner := ix.paramOwners()
		uses := map[*types.Func]int{}
		for id, obj := range ix.info.Uses {
			if fn, ok := obj.(*types.Func); ok && !ix.inTest(id.Pos()) && !dead(id.Pos()) {
				uses[fn.Origin()]++
			}
		}
		for v, params := range paramStores {
			for _, p := range params {
				fn, i := owner[p].fn, owner[p].index
				if fn == nil || written[p] || fn.Exported() || interfaceNamed(fn) || fn.Signature().Variadic() && i == fn.Signature().Params().Len()-1 {
					bad[v] = true
					continue
				}
				n := 0
				for _, call := range calls[fn] {
					if ix.inTest(call.Pos()) || dead(call.Pos()) {
						continue
					}
					n++
					if i >= len(call.Args) {
						bad[v] = true
						continue
					}
					if id, ok := ast.Unparen(call.Args[i]).(*ast.Ident); ok {
						if q, ok := ix.info.Uses[id].(*types.Var); ok && q.Kind() == types.ParamVar {
							bad[v] = true // handed on again: not followed
							continue
						}
					}
					store(v, call.Args[i])
				}
				if n == 0 || uses[fn] != n {
					bad[v] = true // used as a value, or never called
				}
			}
		}
	}
	total := map[*types.Var]int{}
	for id, obj := range ix.info.Uses {
		if v, ok := obj.(*types.Var); ok && cands[v] && !ix.inTest(id.Pos()) && !dead(id.Pos()) {
			total[v]++
		}
	}
	for v, n := range total {
		if n > accounted[v] {
			bad[v] = true // read as a value
		}
	}
	// A field copied from another holds what that one holds: follow the
	// copies until nothing changes (a copy of a field that holds
	// another function, or an unknown value, unbinds it).
	for changed := true; changed; {
		changed = false
		for v, froms := range copied {
			if bad[v] {
				continue
			}
			for _, from := range froms {
				switch fn := stored[from]; {
				case bad[from], fn != nil && stored[v] != nil && stored[v] != fn:
					bad[v], changed = true, true
				case fn != nil && stored[v] == nil:
					stored[v], changed = fn, true
				}
			}
		}
	}
	for v, fn := range stored {
		if bad[v] {
			continue
		}
		if ix.fieldFunc == nil {
			ix.fieldFunc = map[*types.Var]*types.Func{}
			ix.fieldUses = map[*types.Func]int{}
		}
		ix.fieldFunc[v] = fn
		ix.fieldUses[fn] += stores[v]
	}
}

// inTest reports whether pos is in a _test.go file, when the index knows
// the file set.
func (ix *Index) inTest(pos token.Pos) bool {
	if ix.fset == nil {
		return false
	}
	tf := ix.fset.File(pos)
	return tf != nil && strings.HasSuffix(tf.Name(), "_test.go")
}

// deadFuncs returns a test of whether a position is in the body of an
// unexported function that the package uses nowhere outside its test
// files (an option that only the tests pass, withConnCreator(fake)): a
// store there does not happen in the package's own runs.
func (ix *Index) deadFuncs() func(token.Pos) bool {
	if ix.fset == nil {
		return func(token.Pos) bool { return false }
	}
	uses := map[*types.Func]int{}
	for id, obj := range ix.info.Uses {
		if fn, ok := obj.(*types.Func); ok && !fn.Exported() && fn.Pkg() != nil && !ix.inTest(id.Pos()) {
			uses[fn.Origin()]++
		}
	}
	var spans [][2]token.Pos
	for _, f := range ix.funcs {
		if f.Obj != nil && !f.Obj.Exported() && f.Obj.Signature().Recv() == nil && f.Decl.Name.Name != "init" && f.Decl.Name.Name != "main" && uses[f.Obj] == 0 && !ix.inTest(f.Decl.Pos()) {
			spans = append(spans, [2]token.Pos{f.Decl.Pos(), f.Decl.End()})
		}
	}
	return func(pos token.Pos) bool {
		for _, s := range spans {
			if s[0] <= pos && pos < s[1] {
				return true
			}
		}
		return false
	}
}

// plainFunc returns the function of the package that e, an identifier,
// names, when it is a package-level, non-generic function declared with
// a body in the package, or nil.
func (ix *Index) plainFunc(e ast.Expr) *types.Func {
	var fn *types.Func
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		fn, _ = ix.info.Uses[e].(*types.Func) // a function of the package: no identifier alone names a method
	case *ast.SelectorExpr:
		// A method value of a concrete type of the package (w.sink =
		// e.export): a call of the field is a call of the method on
		// the receiver the value holds.
		sel, ok := ix.info.Selections[e]
		if !ok || sel.Kind() != types.MethodVal || types.IsInterface(sel.Recv()) {
			return nil
		}
		fn, _ = sel.Obj().(*types.Func)
	}
	if fn == nil || fn.Signature().TypeParams() != nil {
		return nil
	}
	if recv := fn.Signature().Recv(); recv != nil {
		if n, ok := types.Unalias(analysisutil.Deref(recv.Type())).(*types.Named); !ok || n.TypeParams() != nil {
			return nil // a method of a generic type
		}
	}
	if _, ok := ix.Decl(fn); !ok {
		return nil
	}
	return fn
}

// paramOwner is the function a parameter belongs to and its index.
type paramOwner struct {
	fn    *types.Func
	index int
}

// paramOwners maps the parameters of the package's declared functions to
// their functions.
func (ix *Index) paramOwners() map[*types.Var]paramOwner {
	out := map[*types.Var]paramOwner{}
	for _, f := range ix.funcs {
		if f.Obj == nil {
			continue
		}
		params := f.Obj.Signature().Params()
		for i := range params.Len() {
			out[params.At(i)] = paramOwner{f.Obj, i}
		}
	}
	return out
}

// staticCallee returns the function or method that call calls by name
// (see httpmodel.Callee), or nil; nil too for a method expression
// ((*W).f(w, x)), whose arguments start with the receiver.
func staticCallee(info *types.Info, call *ast.CallExpr) *types.Func {
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		if s, ok := info.Selections[sel]; ok && s.Kind() == types.MethodExpr {
			return nil
		}
	}
	if fn := httpmodel.Callee(info, call); fn != nil {
		return fn.Origin()
	}
	return nil
}

// FieldFunc returns the one function that the bound field v holds (see
// above), or nil when v is no bound field.
func (ix *Index) FieldFunc(v *types.Var) *types.Func {
	ix.fieldsOnce.Do(ix.bindFields)
	return ix.fieldFunc[v]
}
