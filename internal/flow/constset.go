package flow

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
)

// ConstSets finds the package variables of files that hold a constant
// set of integers, such as the statuses a client retries: a map literal
// with constant keys (of a map[K]bool, the keys mapped to true; of any
// other value type, such as struct{}, every key), or a slice or array
// literal of constants. A variable counts only when the package does
// nothing to it but read it: no assignment to it or to an element, no
// delete, no address taken, and no call it is handed to other than len
// and the slices and maps functions that only read.
func ConstSets(info *types.Info, files []*ast.File) map[*types.Var]map[int64]bool {
	sets := map[*types.Var]map[int64]bool{}
	for _, f := range files {
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.VAR {
				continue
			}
			for _, spec := range gd.Specs {
				vs := spec.(*ast.ValueSpec)
				if len(vs.Values) != len(vs.Names) {
					continue
				}
				for i, n := range vs.Names {
					v, ok := info.Defs[n].(*types.Var)
					if !ok {
						continue
					}
					if set, ok := constSet(info, vs.Values[i]); ok {
						sets[v] = set
					}
				}
			}
		}
	}
	if len(sets) == 0 {
		return sets
	}
	// Drop the variables the package may change.
	for _, f := range files {
		ast.PreorderStack(f, nil, func(n ast.Node, stack []ast.Node) bool {
			id, ok := n.(*ast.Ident)
			if !ok || len(stack) == 0 {
				return true
			}
			v, ok := info.Uses[id].(*types.Var)
			if !ok || sets[v] == nil {
				return true
			}
			if !readOnly(info, id, stack) {
				delete(sets, v)
			}
			return true
		})
	}
	return sets
}

// readOnly reports whether the use id of a set variable, under the nodes
// of stack, only reads it.
func readOnly(info *types.Info, id *ast.Ident, stack []ast.Node) bool {
	var e ast.Node = id
	i := len(stack) - 1
	for i >= 0 {
		if p, ok := stack[i].(*ast.ParenExpr); ok {
			e = p
			i--
			continue
		}
		break
	}
	if i < 0 {
		return true
	}
	switch p := stack[i].(type) {
	case *ast.IndexExpr:
		if p.X != e {
			return true
		}
		if i > 0 {
			switch q := stack[i-1].(type) {
			case *ast.AssignStmt:
				for _, l := range q.Lhs {
					if l == p {
						return false
					}
				}
			case *ast.IncDecStmt:
				return false
			case *ast.UnaryExpr:
				return q.Op != token.AND
			}
		}
		return true
	case *ast.AssignStmt:
		for _, l := range p.Lhs {
			if l == e {
				return false
			}
		}
		return true
	case *ast.UnaryExpr:
		return p.Op != token.AND
	case *ast.RangeStmt:
		return true
	case *ast.BinaryExpr, *ast.SwitchStmt, *ast.CaseClause:
		return true
	case *ast.CallExpr:
		if p.Fun == e {
			return false
		}
		if b, ok := info.Uses[calleeIdent(p.Fun)].(*types.Builtin); ok {
			return b.Name() == "len"
		}
		if fn, ok := info.Uses[calleeIdent(p.Fun)].(*types.Func); ok && fn.Pkg() != nil {
			switch fn.Pkg().Path() {
			case "slices":
				switch fn.Name() {
				case "Contains", "Index", "ContainsFunc", "IndexFunc", "Max", "Min":
					return true
				}
			case "maps":
				switch fn.Name() {
				case "Keys", "Values", "All":
					return true
				}
			}
		}
		return false
	}
	return false
}

// calleeIdent returns the identifier that names a called function: f, or
// the Sel of pkg.f; nil for any other callee.
func calleeIdent(fun ast.Expr) *ast.Ident {
	switch f := ast.Unparen(fun).(type) {
	case *ast.Ident:
		return f
	case *ast.SelectorExpr:
		return f.Sel
	case *ast.IndexExpr: // a generic function instantiated explicitly
		return calleeIdent(f.X)
	case *ast.IndexListExpr:
		return calleeIdent(f.X)
	}
	return nil
}

// constSet reads a set literal (see ConstSets).
func constSet(info *types.Info, e ast.Expr) (map[int64]bool, bool) {
	lit, ok := ast.Unparen(e).(*ast.CompositeLit)
	if !ok {
		return nil, false
	}
	intOf := func(e ast.Expr) (int64, bool) {
		tv := info.Types[e]
		if tv.Value == nil || tv.Value.Kind() != constant.Int {
			return 0, false
		}
		return constant.Int64Val(tv.Value)
	}
	set := map[int64]bool{}
	switch t := info.TypeOf(lit).Underlying().(type) {
	case *types.Map:
		isBool := false
		if b, ok := t.Elem().Underlying().(*types.Basic); ok && b.Kind() == types.Bool {
			isBool = true
		}
		for _, elt := range lit.Elts {
			kv, ok := elt.(*ast.KeyValueExpr)
			if !ok {
				return nil, false
			}
			k, ok := intOf(kv.Key)
			if !ok {
				return nil, false
			}
			if isBool {
				tv := info.Types[kv.Value]
				if tv.Value == nil || tv.Value.Kind() != constant.Bool {
					return nil, false
				}
				if !constant.BoolVal(tv.Value) {
					continue
				}
			}
			set[k] = true
		}
	case *types.Slice, *types.Array:
		for _, elt := range lit.Elts {
			if _, keyed := elt.(*ast.KeyValueExpr); keyed {
				return nil, false
			}
			k, ok := intOf(elt)
			if !ok {
				return nil, false
			}
			set[k] = true
		}
	default:
		return nil, false
	}
	return set, true
}
