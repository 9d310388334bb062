package flow

import (
	"go/ast"
	"go/token"
	"go/types"
)

// FieldValues returns the values that the field named field of the struct
// value e can hold where root uses it: the element of that name in the
// composite literal e is (or takes the address of), or in each literal a
// variable e names is assigned, a local one within root and a package one
// in files. SDKs describe an operation this way and hand it to the
// function that builds its request (op{Method: "POST", Path: "/users"},
// var createUser = op{...}). ok is false when some value cannot be told:
// a literal that leaves the field out, a variable assigned anything else,
// or one whose field is written, whose address is taken or whose pointer
// method is called.
func FieldValues(info *types.Info, files []*ast.File, root ast.Node, e ast.Expr, field string) (values []ast.Expr, ok bool) {
	return fieldValues(info, files, root, e, field, 0, true)
}

// HeldValues is FieldValues where calls of the variable's pointer methods
// do not count as writes of the field: for a holder of a value (cfg :=
// &Config{Request: req}) whose methods use what it holds (cfg.Execute()
// sends cfg.Request) rather than replace it.
func HeldValues(info *types.Info, files []*ast.File, root ast.Node, e ast.Expr, field string) (values []ast.Expr, ok bool) {
	return fieldValues(info, files, root, e, field, 0, false)
}

func fieldValues(info *types.Info, files []*ast.File, root ast.Node, e ast.Expr, field string, depth int, methods bool) ([]ast.Expr, bool) {
	if depth > 4 {
		return nil, false
	}
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	switch e := e.(type) {
	case *ast.CompositeLit:
		if _, isStruct := typeUnder(info.TypeOf(e)).(*types.Struct); !isStruct {
			return nil, false
		}
		for _, elt := range e.Elts {
			kv, ok := elt.(*ast.KeyValueExpr)
			if !ok {
				return nil, false // positional: not worth the indexing
			}
			if k, ok := kv.Key.(*ast.Ident); ok && k.Name == field {
				return []ast.Expr{kv.Value}, true
			}
		}
		return nil, false
	case *ast.Ident:
		v, ok := info.Uses[e].(*types.Var)
		if !ok || v.IsField() || v.Pkg() == nil {
			return nil, false
		}
		var scope []ast.Node
		if v.Parent() == v.Pkg().Scope() {
			for _, f := range files {
				scope = append(scope, f)
			}
		} else {
			scope = []ast.Node{root}
		}
		var out []ast.Expr
		for _, n := range scope {
			vals, ok := assigned(info, n, v, false, false)
			if !ok || fieldWritten(info, n, v, methods) {
				return nil, false
			}
			for _, val := range vals {
				fv, ok := fieldValues(info, files, root, val, field, depth+1, methods)
				if !ok {
					return nil, false
				}
				out = append(out, fv...)
			}
		}
		return out, len(out) > 0
	}
	return nil, false
}

// typeUnder is the underlying type of t, or of what t points to.
func typeUnder(t types.Type) types.Type {
	if t == nil {
		return nil
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		return p.Elem().Underlying()
	}
	return t.Underlying()
}

// WriteRoot returns the variable's identifier that a store to e writes
// into (v for v, v.F.G, v[i], *v), and whether the store writes a part of
// it (a field or an element) rather than the variable or what it points
// to; nil for another expression (a call's result).
func WriteRoot(e ast.Expr) (root *ast.Ident, inner bool) {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.SelectorExpr:
			e, inner = x.X, true
		case *ast.IndexExpr:
			e, inner = x.X, true
		case *ast.StarExpr:
			e = x.X
		case *ast.Ident:
			return x, inner
		default:
			return nil, false
		}
	}
}

// fieldWritten reports whether root writes a field of the variable v
// (v.F = x, v.F.G++), or, when methods is true, calls a method with a
// pointer receiver on it.
func fieldWritten(info *types.Info, root ast.Node, v *types.Var, methods bool) bool {
	base := func(e ast.Expr) bool {
		id, inner := WriteRoot(e)
		return id != nil && inner && info.Uses[id] == v
	}
	found := false
	ast.Inspect(root, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				found = found || base(l)
			}
		case *ast.IncDecStmt:
			found = base(n.X)
		case *ast.SelectorExpr:
			s, ok := info.Selections[n]
			if !methods || !ok || s.Kind() != types.MethodVal {
				return true
			}
			if id, isID := ast.Unparen(n.X).(*ast.Ident); isID && info.Uses[id] == v {
				sig := s.Obj().Type().(*types.Signature)
				if r := sig.Recv(); r != nil {
					if _, ptr := r.Type().(*types.Pointer); ptr {
						found = true
					}
				}
			}
		}
		return true
	})
	return found
}

// FuncFields returns, for each unexported field of function type of a
// struct type declared in pkg, the functions and methods that files
// store in it (in a composite literal, Field: pkg.Send, or by an
// assignment, c.send = c.post), when every store there is of a named
// function: a seam an SDK keeps for its tests (postJSONFunc:
// notify.PostJSON) calls what the package stores. A field given anything
// else (a function literal, a variable, nil) is left out.
func FuncFields(info *types.Info, pkg *types.Package, files []*ast.File) map[*types.Var][]*types.Func {
	stores := map[*types.Var][]*types.Func{}
	bad := map[*types.Var]bool{}
	store := func(field *types.Var, val ast.Expr) {
		if field == nil || field.Exported() || field.Pkg() != pkg {
			return
		}
		if _, ok := field.Type().Underlying().(*types.Signature); !ok {
			return
		}
		var fn *types.Func
		switch v := ast.Unparen(val).(type) {
		case *ast.Ident:
			fn, _ = info.Uses[v].(*types.Func)
		case *ast.SelectorExpr:
			fn, _ = info.Uses[v.Sel].(*types.Func)
		}
		if fn == nil {
			bad[field] = true
			return
		}
		stores[field] = append(stores[field], fn)
	}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CompositeLit:
				if _, ok := typeUnder(info.TypeOf(n)).(*types.Struct); !ok {
					return true
				}
				for _, elt := range n.Elts {
					if kv, ok := elt.(*ast.KeyValueExpr); ok {
						if k, ok := kv.Key.(*ast.Ident); ok {
							field, _ := info.Uses[k].(*types.Var)
							store(field, kv.Value)
						}
					}
				}
			case *ast.AssignStmt:
				if len(n.Lhs) != len(n.Rhs) {
					return true
				}
				for i, l := range n.Lhs {
					if sel, ok := ast.Unparen(l).(*ast.SelectorExpr); ok {
						if s, ok := info.Selections[sel]; ok && s.Kind() == types.FieldVal {
							field, _ := s.Obj().(*types.Var)
							store(field, n.Rhs[i])
						}
					}
				}
			}
			return true
		})
	}
	for f := range bad {
		delete(stores, f)
	}
	return stores
}
