package httpmodel

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
)

// HeaderMapFact marks a struct field of type map[string][]string that
// every store of its package fills with an http.Header: a request's or a
// response's header as net/http holds it, whose names are in canonical
// form (Response{Headers: res.Header}). A lookup in it by a name spelled
// otherwise finds nothing, as in an http.Header.
type HeaderMapFact struct{}

func (*HeaderMapFact) AFact()         {}
func (*HeaderMapFact) String() string { return "headermap" }

// ExportHeaderMapFields exports a HeaderMapFact on each field of pass's
// package that it holds. An analyzer that calls it lists HeaderMapFact
// among its FactTypes.
func ExportHeaderMapFields(pass *analysis.Pass) {
	info := pass.TypesInfo
	all := map[*types.Var]bool{} // every store seen so far is a header
	var order []*types.Var
	note := func(v *types.Var, val ast.Expr) {
		if v == nil || !v.IsField() || v.Pkg() != pass.Pkg || v.Origin() != v || !isStringsMap(v.Type()) {
			return
		}
		ok := IsNamed(info.TypeOf(val), httpPkg, "Header")
		if prev, seen := all[v]; seen {
			all[v] = prev && ok
			return
		}
		all[v] = ok
		order = append(order, v)
	}
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.KeyValueExpr:
				if k, ok := n.Key.(*ast.Ident); ok {
					v, _ := info.Uses[k].(*types.Var)
					note(v, n.Value)
				}
			case *ast.AssignStmt:
				if len(n.Lhs) != len(n.Rhs) {
					return true
				}
				for i, lhs := range n.Lhs {
					if sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr); ok {
						if s, ok := info.Selections[sel]; ok && s.Kind() == types.FieldVal {
							v, _ := s.Obj().(*types.Var)
							note(v, n.Rhs[i])
						}
					}
				}
			}
			return true
		})
	}
	for _, v := range order {
		if all[v] {
			pass.ExportObjectFact(v, new(HeaderMapFact))
		}
	}
}

// isStringsMap reports whether t is map[string][]string, not named
// http.Header (whose type already says it).
func isStringsMap(t types.Type) bool {
	if IsNamed(t, httpPkg, "Header") {
		return false
	}
	m, ok := t.Underlying().(*types.Map)
	if !ok {
		return false
	}
	k, ok := m.Key().Underlying().(*types.Basic)
	if !ok || k.Kind() != types.String {
		return false
	}
	s, ok := m.Elem().Underlying().(*types.Slice)
	if !ok {
		return false
	}
	e, ok := s.Elem().Underlying().(*types.Basic)
	return ok && e.Kind() == types.String
}

// IsHeaderMap reports whether e is a header as net/http holds it: an
// http.Header, or a field that a HeaderMapFact marks (of pass's package
// or another).
func IsHeaderMap(pass *analysis.Pass, e ast.Expr) bool {
	info := pass.TypesInfo
	t := info.TypeOf(e)
	if t == nil {
		return false
	}
	if IsNamed(t, httpPkg, "Header") {
		return !isPointer(t)
	}
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok || !isStringsMap(t) {
		return false
	}
	s, ok := info.Selections[sel]
	if !ok || s.Kind() != types.FieldVal {
		return false
	}
	v, ok := s.Obj().(*types.Var)
	return ok && pass.ImportObjectFact(v.Origin(), new(HeaderMapFact))
}
