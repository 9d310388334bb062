package httpmodel

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
)

// HeaderMapFact marks a struct field of type map[string][]string that
// every store of its package fills with the header of a response or a
// request as net/http parsed it (see ReceivedHeader), whose names are in
// canonical form (Response{Headers: res.Header}). A lookup in it by a name
// spelled otherwise finds nothing.
type HeaderMapFact struct{}

func (*HeaderMapFact) AFact()         {}
func (*HeaderMapFact) String() string { return "headermap" }

// ExportHeaderMapFields exports a HeaderMapFact on each field of pass's
// package that it holds. An analyzer that calls it lists HeaderMapFact
// among its FactTypes.
func ExportHeaderMapFields(pass *analysis.Pass) {
	info := pass.TypesInfo
	if !declaresStringsMapField(info) {
		return // no field to mark: the walk of every store is spared
	}
	all := map[*types.Var]bool{} // every store seen so far is a header
	var order []*types.Var
	note := func(v *types.Var, val ast.Expr) {
		if v == nil || !v.IsField() || v.Pkg() != pass.Pkg || v.Origin() != v || !isStringsMap(v.Type()) {
			return
		}
		ok := ReceivedHeader(info, val)
		if prev, seen := all[v]; seen {
			all[v] = prev && ok
			return
		}
		all[v] = ok
		order = append(order, v)
	}
	eachFieldStore(pass, func(v *types.Var, val ast.Expr) bool {
		if val != nil {
			note(v, val)
		}
		return true
	})
	for _, v := range order {
		if all[v] {
			pass.ExportObjectFact(v, new(HeaderMapFact))
		}
	}
}

// declaresStringsMapField reports whether info defines a struct field of
// type map[string][]string (other than http.Header).
func declaresStringsMapField(info *types.Info) bool {
	for _, obj := range info.Defs {
		if v, ok := obj.(*types.Var); ok && v.IsField() && isStringsMap(v.Type()) {
			return true
		}
	}
	return false
}

// isStringsMap reports whether t is map[string][]string, not named
// http.Header (whose type already says it).
func isStringsMap(t types.Type) bool {
	elem := stringKeyedElem(t)
	if elem == nil {
		return false
	}
	s, ok := elem.Underlying().(*types.Slice)
	return ok && isBasicString(s.Elem())
}

// IsNameValueMap reports whether t is a map of header names to values
// that is no http.Header: map[string][]string or map[string]string (a
// client's copy of a response's headers, names folded).
func IsNameValueMap(t types.Type) bool {
	elem := stringKeyedElem(t)
	if elem == nil {
		return false
	}
	if s, ok := elem.Underlying().(*types.Slice); ok {
		elem = s.Elem()
	}
	return isBasicString(elem)
}

// stringKeyedElem returns the element type of t, a map with string keys
// that is not named http.Header, nil for any other type.
func stringKeyedElem(t types.Type) types.Type {
	if t == nil || IsNamed(t, httpPkg, "Header") {
		return nil
	}
	m, ok := t.Underlying().(*types.Map)
	if !ok || !isBasicString(m.Key()) {
		return nil
	}
	return m.Elem()
}

func isBasicString(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.String
}

// ReceivedHeader reports whether e is the header of a response or a
// request (resp.Header, r.Header, or its Clone), which net/http fills with
// the names it parsed, in canonical form. An http.Header made otherwise
// (converted from gRPC metadata, decoded from JSON, built by hand) may
// hold any spelling.
func ReceivedHeader(info *types.Info, e ast.Expr) bool {
	e = ast.Unparen(e)
	if call, ok := e.(*ast.CallExpr); ok && len(call.Args) == 0 && IsMethod(Callee(info, call), httpPkg, "Header", "Clone") {
		e = ast.Unparen(call.Fun).(*ast.SelectorExpr).X
	}
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Header" {
		return false
	}
	s, ok := info.Selections[sel]
	if !ok || s.Kind() != types.FieldVal {
		return false
	}
	recv := s.Recv()
	if p, ok := recv.(*types.Pointer); ok {
		recv = p.Elem()
	}
	return IsNamed(recv, httpPkg, "Response") || IsNamed(recv, httpPkg, "Request")
}

// IsHeaderMap reports whether e is a header as net/http parsed it: a
// received header (see ReceivedHeader), or a field that a HeaderMapFact
// marks (of pass's package or another) and that pass's package fills with
// nothing else.
func IsHeaderMap(pass *analysis.Pass, e ast.Expr) bool {
	info := pass.TypesInfo
	if ReceivedHeader(info, e) {
		return true
	}
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok || !isStringsMap(info.TypeOf(e)) {
		return false
	}
	s, ok := info.Selections[sel]
	if !ok || s.Kind() != types.FieldVal {
		return false
	}
	v, ok := s.Obj().(*types.Var)
	if !ok || !pass.ImportObjectFact(v.Origin(), new(HeaderMapFact)) {
		return false
	}
	return v.Pkg() == pass.Pkg || !storesOther(pass, v.Origin())
}

// storesOther reports whether pass's package stores into field v a value
// that is not a received header.
func storesOther(pass *analysis.Pass, v *types.Var) bool {
	other := false
	eachFieldStore(pass, func(f *types.Var, val ast.Expr) bool {
		other = f.Origin() == v && (val == nil || !ReceivedHeader(pass.TypesInfo, val))
		return !other
	})
	return other
}

// eachFieldStore calls f for each store into a struct field in pass's
// files, a composite literal's key (T{F: val}) or an assignment (x.F =
// val), with the value stored; val is nil for one of several results of
// a call (x.F, err = g()). It stops when f returns false.
func eachFieldStore(pass *analysis.Pass, f func(field *types.Var, val ast.Expr) bool) {
	info := pass.TypesInfo
	more := true
	for _, file := range pass.Files {
		ast.Inspect(file, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.KeyValueExpr:
				if k, ok := n.Key.(*ast.Ident); ok {
					if v, ok := info.Uses[k].(*types.Var); ok && v.IsField() {
						more = f(v, n.Value)
					}
				}
			case *ast.AssignStmt:
				for i, lhs := range n.Lhs {
					sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr)
					if !ok {
						continue
					}
					s, ok := info.Selections[sel]
					if !ok || s.Kind() != types.FieldVal {
						continue
					}
					var val ast.Expr
					if len(n.Lhs) == len(n.Rhs) {
						val = n.Rhs[i]
					}
					if more = f(s.Obj().(*types.Var), val); !more {
						break
					}
				}
			}
			return more
		})
		if !more {
			return
		}
	}
}
