package authlog

// This file models a header printer whose redaction list is a parameter:
//
//	func WriteRequest(w io.Writer, req *http.Request, filter []string) error {
//		skip := map[string]bool{}
//		for _, f := range filter { skip[http.CanonicalHeaderKey(f)] = true }
//		for k, vs := range req.Header {
//			v := strings.Join(vs, ", ")
//			if skip[k] { v = "[FILTERED]" }
//			fmt.Fprintf(w, "%s: %s\n", k, v)
//		}
//	}
//
// The function prints every header but those its caller lists: its fact
// (ListMask) names the list's parameter, and a call that hands it a
// constant list (a composite literal, a variable or a struct field that
// the package only ever gives constant lists) that leaves a credential
// its package sends prints that credential; a call with a list that
// covers them, or with a list the package does not fix (the user's
// configuration), prints none.

import (
	"go/ast"
	"go/token"
	"go/types"
	"net/http"
	"slices"
	"strings"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/flow"
	"github.com/retrylint/retrylint/internal/httpmodel"
)

// paramListFilter reports the parameter (0-based) of the function whose
// list of names the condition of ifs tests the header name key against:
// slices.Contains(list, k), set[k] or _, ok := set[k]; ok, with set a
// local map filled only from the list (for _, f := range list { set[f] =
// true }, the name canonicalised or lowered at will).
func (s *fstate) paramListFilter(ifs *ast.IfStmt, key *types.Var) (int, listNorm, bool) {
	info := s.info
	isName := func(e ast.Expr) bool { return s.varOf(s.nameOperand(e)) == key }
	var norm listNorm
	var listOf func(e ast.Expr) (int, bool)
	listOf = func(e ast.Expr) (int, bool) {
		v := s.varOf(e)
		if v == nil {
			return 0, false
		}
		if p := slices.Index(analysisutil.ParamVars(info, s.ftype), v); p >= 0 {
			return p, isStringList(v.Type())
		}
		// A local map filled from a parameter's list.
		if _, isMap := v.Type().Underlying().(*types.Map); !isMap {
			return 0, false
		}
		param, ok := -1, true
		ast.Inspect(s.decl.Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				for i, l := range n.Lhs {
					if s.varOf(l) == v && i < len(n.Rhs) && !isFresh(info, n.Rhs[i]) {
						ok = false
					}
					ix, isIx := ast.Unparen(l).(*ast.IndexExpr)
					if !isIx || s.varOf(ix.X) != v {
						continue
					}
					// set[f] = true in a range over the list.
					norm.Fill = normOf(info, ix.Index)
					rs, _ := s.rangeOfVar(s.varOf(s.nameOperand(ix.Index)))
					if rs == nil {
						ok = false
						continue
					}
					p := -1
					if pv := s.varOf(rs.X); pv != nil {
						p = slices.Index(analysisutil.ParamVars(info, s.ftype), pv)
					}
					if p < 0 || param >= 0 && param != p {
						ok = false
					}
					param = p
				}
			case *ast.UnaryExpr:
				if n.Op == token.AND && s.varOf(n.X) == v {
					ok = false
				}
			}
			return ok
		})
		return param, ok && param >= 0
	}
	var p int
	ok := false
	switch x := ast.Unparen(ifs.Cond).(type) {
	case *ast.IndexExpr:
		if isName(x.Index) {
			norm.Key = normOf(info, x.Index)
			p, ok = listOf(x.X)
		}
	case *ast.Ident:
		as, isAs := ifs.Init.(*ast.AssignStmt)
		if isAs && len(as.Lhs) == 2 && len(as.Rhs) == 1 && s.varOf(as.Lhs[1]) != nil && s.varOf(as.Lhs[1]) == s.varOf(x) {
			if ix, isIx := ast.Unparen(as.Rhs[0]).(*ast.IndexExpr); isIx && isName(ix.Index) {
				norm.Key = normOf(info, ix.Index)
				p, ok = listOf(ix.X)
			}
		}
	case *ast.CallExpr:
		if httpmodel.IsPkgFunc(httpmodel.Callee(info, x), "slices", "Contains") && len(x.Args) == 2 && isName(x.Args[1]) {
			norm.Key = normOf(info, x.Args[1])
			p, ok = listOf(x.Args[0])
		}
	}
	return p, norm, ok
}

// A listNorm says how a printer compares the names of its caller's list
// with a header's name (a canonical key): each side as it is
// (normSame), made canonical, lowered or raised. A list entry names the
// header N when Fill(entry) == Key(N).
type listNorm struct{ Fill, Key uint8 }

const (
	normSame uint8 = iota
	normCanonical
	normLower
	normUpper
)

// normOf returns how e, a name, is normalised on its way to the
// comparison: http.CanonicalHeaderKey(k), strings.ToLower(k), ... (the
// outermost call that changes the case).
func normOf(info *types.Info, e ast.Expr) uint8 {
	for {
		call, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok || len(call.Args) != 1 {
			return normSame
		}
		fn := httpmodel.Callee(info, call)
		switch {
		case httpmodel.IsPkgFunc(fn, httpPkg, "CanonicalHeaderKey"), httpmodel.IsPkgFunc(fn, "net/textproto", "CanonicalMIMEHeaderKey"):
			return normCanonical
		case httpmodel.IsPkgFunc(fn, "strings", "ToLower"):
			return normLower
		case httpmodel.IsPkgFunc(fn, "strings", "ToUpper"):
			return normUpper
		case httpmodel.IsPkgFunc(fn, "strings", "TrimSpace"):
			e = call.Args[0]
		default:
			return normSame
		}
	}
}

// applyNorm normalises name as norm says.
func applyNorm(norm uint8, name string) string {
	switch norm {
	case normCanonical:
		return http.CanonicalHeaderKey(name)
	case normLower:
		return strings.ToLower(name)
	case normUpper:
		return strings.ToUpper(name)
	}
	return name
}

// listCovers reports whether arg, the redaction list handed to a function
// whose fact has a ListMask, leaves out no credential that the package
// sends: it is not a constant list (what the user configures is taken to
// be right), or it names every one.
func (c *checker) listCovers(arg ast.Expr, norm listNorm) bool {
	names, ok := c.constListNames(arg)
	if !ok {
		return true
	}
	var set nameSet
	for i, header := range c.names {
		want := applyNorm(norm.Key, header)
		for _, n := range names {
			if applyNorm(norm.Fill, n) == want {
				set |= c.nameIndex(c.names[i])
			}
		}
	}
	return c.complete(set)
}

// constListNames returns the names of a constant list of strings: a
// composite literal, or a package-level variable or a struct field that
// the package only ever gives such lists (its declaration, a field of a
// composite literal, an assignment), never an element nor its address
// (the union of them).
func (c *checker) constListNames(arg ast.Expr) ([]string, bool) {
	info := c.pass.TypesInfo
	if analysisutil.IsNil(info, arg) {
		return nil, true // no list: nothing left out
	}
	if lit, ok := ast.Unparen(arg).(*ast.CompositeLit); ok {
		return rawListNames(info, lit)
	}
	var v *types.Var
	switch x := ast.Unparen(arg).(type) {
	case *ast.Ident:
		v, _ = info.Uses[x].(*types.Var)
		if v != nil && (v.Parent() == nil || v.Parent() != c.pass.Pkg.Scope()) {
			return nil, false // a local or a parameter
		}
	case *ast.SelectorExpr:
		v = flow.FieldOf(info, x)
		if v == nil {
			v, _ = info.Uses[x.Sel].(*types.Var) // another package's variable
		}
	}
	if v == nil || v.Pkg() != c.pass.Pkg {
		return nil, false
	}
	var names []string
	stores := 0
	ok := true
	store := func(value ast.Expr) {
		lit, isLit := ast.Unparen(value).(*ast.CompositeLit)
		if !isLit {
			ok = false
			return
		}
		more, known := rawListNames(info, lit)
		if !known {
			ok = false
			return
		}
		names = append(names, more...)
		stores++
	}
	is := func(e ast.Expr) bool {
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			return info.ObjectOf(x) == types.Object(v)
		case *ast.SelectorExpr:
			return flow.FieldOf(info, x) == v || info.Uses[x.Sel] == types.Object(v)
		}
		return false
	}
	for _, file := range c.pass.Files {
		ast.Inspect(file, func(n ast.Node) bool {
			if !ok {
				return false
			}
			switch n := n.(type) {
			case *ast.ValueSpec:
				for i, name := range n.Names {
					if info.Defs[name] == types.Object(v) {
						if i < len(n.Values) && len(n.Values) == len(n.Names) {
							store(n.Values[i])
						} else if len(n.Values) > 0 {
							ok = false
						}
					}
				}
			case *ast.KeyValueExpr:
				if k, isID := n.Key.(*ast.Ident); isID && info.Uses[k] == types.Object(v) {
					store(n.Value)
				}
			case *ast.AssignStmt:
				for i, l := range n.Lhs {
					if ix, isIx := ast.Unparen(l).(*ast.IndexExpr); isIx && is(ix.X) {
						ok = false // an element changed
					}
					if is(l) {
						if len(n.Lhs) != len(n.Rhs) {
							ok = false
							return false
						}
						store(n.Rhs[i])
					}
				}
			case *ast.UnaryExpr:
				if n.Op == token.AND && is(n.X) {
					ok = false
				}
			case *ast.CallExpr:
				// append(list, ...) into itself is an assignment,
				// seen above; a function handed the list may only
				// read it.
			}
			return ok
		})
	}
	return names, ok && stores > 0
}

// headerOnlyIn reports whether the header that the loop n prints is read
// nowhere else in the function but where its names are collected (for k := range
// h { keys = append(keys, k) }) or counted (len(h)), and the request it
// belongs to is not printed whole: what decl prints of it is what the
// loop's filter leaves, and a caller's list can decide all of it.
func (s *fstate) headerOnlyIn(n *ast.RangeStmt) bool {
	info, decl := s.info, s.decl
	h := s.headerOfKeys(n.X)
	if h == nil {
		return false
	}
	hText := types.ExprString(ast.Unparen(h))
	var reqVar *types.Var
	if sel, ok := ast.Unparen(h).(*ast.SelectorExpr); ok && isRequest(info.TypeOf(sel.X)) {
		reqVar = flow.VarOf(info, sel.X)
	}
	ok := true
	ast.PreorderStack(decl.Body, nil, func(m ast.Node, stack []ast.Node) bool {
		if !ok || m == n {
			return false
		}
		switch m := m.(type) {
		case *ast.RangeStmt:
			if types.ExprString(ast.Unparen(m.X)) == hText && (m.Value == nil || isBlank(m.Value)) && collectsOnly(m.Body) {
				return false // for k := range h { keys = append(keys, k) }
			}
		case *ast.CallExpr:
			if analysisutil.IsBuiltinCall(info, m, "len") && len(m.Args) == 1 && types.ExprString(ast.Unparen(m.Args[0])) == hText {
				return false
			}
		case ast.Expr:
			if t := info.TypeOf(m); isHeader(t) && types.ExprString(ast.Unparen(m)) == hText {
				ok = false
				return false
			}
			if id, isID := m.(*ast.Ident); isID && reqVar != nil && info.Uses[id] == types.Object(reqVar) {
				if len(stack) == 0 {
					ok = false
					return false
				}
				if sel, isSel := stack[len(stack)-1].(*ast.SelectorExpr); !isSel || sel.X != m {
					ok = false // the request itself, handed on or printed
				}
			}
		}
		return true
	})
	return ok
}

func isBlank(e ast.Expr) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == "_"
}

// collectsOnly reports whether body is a single append of the loop's key
// to a list (keys = append(keys, k)).
func collectsOnly(body *ast.BlockStmt) bool {
	if len(body.List) != 1 {
		return false
	}
	as, ok := body.List[0].(*ast.AssignStmt)
	if !ok || len(as.Rhs) != 1 {
		return false
	}
	call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
	if !ok {
		return false
	}
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	return ok && id.Name == "append"
}

// collectsOnlyAfterFilters reports whether body is filters (if ... {
// continue }) followed by one append, as in a loop that collects the
// names of a header it does not skip.
func collectsOnlyAfterFilters(body *ast.BlockStmt) bool {
	list := body.List
	for len(list) > 1 {
		ifs, ok := list[0].(*ast.IfStmt)
		if !ok || ifs.Else != nil || !continuesOnly(ifs.Body.List) {
			return false
		}
		list = list[1:]
	}
	return collectsOnly(&ast.BlockStmt{List: list})
}

// continuesOnly reports whether body is a bare continue statement.
func continuesOnly(body []ast.Stmt) bool {
	if len(body) != 1 {
		return false
	}
	br, ok := body[0].(*ast.BranchStmt)
	return ok && br.Tok == token.CONTINUE && br.Label == nil
}

// rawListNames returns the strings of a composite literal of a list of
// constants, spelled as they are, or false.
func rawListNames(info *types.Info, lit *ast.CompositeLit) ([]string, bool) {
	if _, isList := info.TypeOf(lit).Underlying().(*types.Slice); !isList {
		if _, isArray := info.TypeOf(lit).Underlying().(*types.Array); !isArray {
			return nil, false
		}
	}
	var names []string
	for _, elt := range lit.Elts {
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			elt = kv.Value
		}
		name, ok := httpmodel.ConstString(info, elt)
		if !ok {
			return nil, false
		}
		names = append(names, name)
	}
	return names, true
}
