package authlog

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"net/http"
	"slices"
	"strings"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/callindex"
	"github.com/retrylint/retrylint/internal/httpmodel"
)

// This file models what a redaction removes. A header (or the Header of a
// request) is clean only when every configured header has been removed
// from it: deleted, overwritten with a marker, or the whole header
// replaced. A redaction that removes some (Authorization) and leaves the
// others (Cookie, X-Amz-Security-Token) is partial, and reported with the
// headers it misses.
//
// The removed headers are a set of bits, bit i for the i-th configured
// header (see checker.names); every is the set of all of them, which a
// name that is not a constant, and not read from a constant list, stands
// for. Facts name the headers, so that they read without the
// configuration.

// nameSet is a set of configured headers: bit i is c.names[i].
type nameSet uint64

// every is the set that holds every configured header.
func (c *checker) every() nameSet {
	if len(c.names) >= 64 {
		return ^nameSet(0)
	}
	return 1<<len(c.names) - 1
}

// complete reports whether removing the headers of set redacts a header:
// every configured header with -partial-redaction; without it, any of
// them, and every one of those the package itself sends (sendsHeaders):
// a redaction that masks Authorization where the package sets X-Api-Key
// too misses a credential that its requests carry, while one that masks
// the one credential its requests carry is whole.
func (c *checker) complete(set nameSet) bool {
	if c.partial {
		return set&c.every() == c.every()
	}
	return set != 0 && c.sendsHeaders()&^set == 0
}

// completeResponse is complete for the header of a response, whose
// credentials are what the server set, not what the package sends: a
// redaction must remove Set-Cookie too, where it is configured.
func (c *checker) completeResponse(set nameSet) bool {
	setCookie := c.namesSet([]string{"Set-Cookie"})
	return c.complete(set) && set&setCookie == setCookie
}

// left returns the configured headers that a header from which set was
// removed may still hold, as a finding names them: every other one with
// -partial-redaction, those the package sends without it.
func (c *checker) left(set nameSet) nameSet {
	if c.partial || set == 0 {
		return c.every() &^ set
	}
	return c.sendsHeaders() &^ set
}

// responseHeader reports whether h is the header of a response: what a
// server sets there (w.Header().Set("Set-Cookie", ...)) is no header of
// the requests it logs.
func (c *checker) responseHeader(h ast.Expr) bool {
	info := c.pass.TypesInfo
	switch x := ast.Unparen(h).(type) {
	case *ast.CallExpr:
		// w.Header() of an http.ResponseWriter.
		fn := httpmodel.Callee(info, x)
		return fn != nil && fn.Name() == "Header" && fn.Pkg() != nil && fn.Pkg().Path() == httpPkg
	case *ast.SelectorExpr:
		return x.Sel.Name == "Header" && isResponse(info.TypeOf(x.X))
	}
	return false
}

// sendsHeaders returns the configured headers that the package sets to a
// value that is no marker: h.Set and h.Add with a constant name,
// h[name] = v, req.SetBasicAuth (Authorization) and req.AddCookie
// (Cookie).
func (c *checker) sendsHeaders() nameSet {
	if c.sendsDone {
		return c.sends
	}
	c.sendsDone = true
	info := c.pass.TypesInfo
	// masked reports whether v, the value a header is set to, hides the
	// credential: a marker, or a masking helper of another package (its
	// fact) or of this one (its body; the solve may not have reached it).
	masked := func(v ast.Expr) bool {
		if c.isMasked(info, v) {
			return true
		}
		call, ok := ast.Unparen(v).(*ast.CallExpr)
		if !ok {
			return false
		}
		fn := httpmodel.Callee(info, call)
		if fn == nil {
			return false
		}
		d, local := c.calls.Decl(fn)
		return local && d.Decl != nil && c.masksText(d.Decl)
	}
	c.eachHeaderWrite(func(call callindex.Call) {
		if a, ok := httpmodel.HeaderCall(info, call.Expr); ok {
			if (a.Op == httpmodel.HeaderSet || a.Op == httpmodel.HeaderAdd) && a.Name != "" && !masked(a.Value) && !c.responseHeader(a.Header) {
				c.sends |= c.nameIndex(a.Name)
			}
			return
		}
		switch {
		case httpmodel.IsMethod(call.Callee, httpPkg, "Request", "SetBasicAuth"):
			c.sends |= c.nameIndex("Authorization")
			c.basicAuth = true
		case httpmodel.IsMethod(call.Callee, httpPkg, "Request", "AddCookie"):
			c.sends |= c.nameIndex("Cookie")
		}
	}, func(a httpmodel.HeaderAccess, value ast.Expr) {
		if !c.isMaskedList(info, value) && !c.responseHeader(a.Header) {
			c.sends |= c.nameIndex(a.Name)
		}
	})
	return c.sends
}

// eachHeaderWrite walks the functions of the package's non-test files
// once: onCall sees each call, onIndex each assignment h[name] = value to
// a header with a constant name.
func (c *checker) eachHeaderWrite(onCall func(callindex.Call), onIndex func(a httpmodel.HeaderAccess, value ast.Expr)) {
	info := c.pass.TypesInfo
	for _, f := range c.calls.Funcs() {
		if isTestFile(c.pass, f.File) {
			continue
		}
		for _, call := range c.calls.Calls(f.Decl) {
			onCall(call)
		}
		for _, n := range c.calls.Nodes(f.Decl) {
			as, ok := n.(*ast.AssignStmt)
			if !ok || len(as.Lhs) != len(as.Rhs) {
				continue
			}
			for i, l := range as.Lhs {
				if ix, ok := ast.Unparen(l).(*ast.IndexExpr); ok {
					if a, ok := httpmodel.HeaderIndexExpr(info, ix); ok && a.Name != "" {
						onIndex(a, as.Rhs[i])
					}
				}
			}
		}
	}
}

// nameIndex returns the bit of the configured header name (canonical), or
// 0 when it is not one.
func (c *checker) nameIndex(name string) nameSet {
	if i := slices.Index(c.names, name); i >= 0 && i < 64 {
		return 1 << i
	}
	return 0
}

// factNames lists the headers of set for a fact: in the order of the
// configuration, or "*" for every header.
func (c *checker) factNames(set nameSet) []string {
	if set&c.every() == c.every() {
		return []string{"*"}
	}
	return c.setNames(set)
}

// setNames lists the headers of set in the order of the configuration.
func (c *checker) setNames(set nameSet) []string {
	var out []string
	for i, n := range c.names {
		if i < 64 && set&(1<<i) != 0 {
			out = append(out, n)
		}
	}
	return out
}

// namesSet is factNames reversed: the set of the headers of a fact.
func (c *checker) namesSet(names []string) nameSet {
	var set nameSet
	for _, n := range names {
		if n == "*" {
			return c.every()
		}
		set |= c.nameIndex(n)
	}
	return set
}

// missingNames lists the configured headers that set lacks.
func (c *checker) missingNames(set nameSet) []string {
	return c.setNames(c.every() &^ set)
}

// unionNames returns the sorted union of two lists of a fact; "*"
// absorbs every other name.
func unionNames(a, b []string) []string {
	if slices.Contains(a, "*") || slices.Contains(b, "*") {
		return []string{"*"}
	}
	out := append(slices.Clone(a), b...)
	slices.Sort(out)
	return slices.Compact(out)
}

// removedAt returns the configured headers removed from the header with
// key k before pos (see del). fresh says whether a header replaced by an
// empty one, and not filled since, counts as every header removed.
func (s *fstate) removedAt(k string, pos token.Pos, fresh bool) nameSet {
	if k == "" {
		return 0
	}
	var set nameSet
	for _, d := range s.dels[k] {
		if !d.applies(pos) {
			continue
		}
		switch {
		case d.fresh:
			if fresh && !s.filled(k, d.at, pos) {
				set = s.c.every()
			}
		case d.name == "":
			set = s.c.every()
		default:
			set |= s.c.nameIndex(d.name)
		}
	}
	// A failed attempt (delete(h, "authorization")) removes nothing; a
	// later deletion of the same header does.
	return set
}

// removedFrom returns the configured headers removed from e, a header or
// a request, where it is used: those deleted from the storage it names,
// or those that the function whose result it is removes (its fact).
func (s *fstate) removedFrom(e ast.Expr, t types.Type) nameSet {
	if k := s.headerKey(e, t); k != "" {
		return s.removedAt(k, e.Pos(), true)
	}
	if call, ok := ast.Unparen(e).(*ast.CallExpr); ok {
		if f := s.c.fact(httpmodel.Callee(s.info, call)); f != nil && len(f.Removes) > 0 {
			return s.c.namesSet(f.Removes[0])
		}
	}
	return 0
}

// addDels records that the headers of set were removed from the header
// with key k at pos.
func (s *fstate) addDels(k string, set nameSet, at token.Pos) {
	if k == "" || set == 0 {
		return
	}
	if set&s.c.every() == s.c.every() {
		s.dels[k] = append(s.dels[k], del{at: at})
		return
	}
	for _, n := range s.c.setNames(set) {
		s.dels[k] = append(s.dels[k], del{at: at, name: n})
	}
}

// delNamed records the deletion (or masking) of the header named by key,
// an expression that is not a constant, from h: the names of the constant
// list or filter it comes from (see constNames), or every name.
func (s *fstate) delNamed(h, key ast.Expr, at token.Pos) {
	names, ok := s.constNames(key)
	if !ok {
		s.addDel(h, "", at)
		return
	}
	for _, n := range names {
		s.addDel(h, n, at)
	}
}

// constNames returns the header names, canonical, that key, a header name
// that is not a constant, may hold, when they are read from a constant
// list:
//
//	for _, name := range []string{"Authorization", "Cookie"} { h.Del(name) }
//	for name := range map[string]bool{"Authorization": true} { h.Del(name) }
//	for k := range h { if sensitive[k] { h.Set(k, "***") } }   (sensitive a map literal)
//	for k := range h { if slices.Contains(secret, k) { h.Del(k) } }
//	for k := range h { if k == "Authorization" || strings.EqualFold(k, "cookie") { ... } }
//
// A list or map is constant when it is a composite literal of constants,
// written in place or held by a variable that nothing else assigns. ok is
// false when the names cannot be known.
func (s *fstate) constNames(key ast.Expr) (names []string, ok bool) {
	key = s.nameOperand(key)
	v := s.varOf(key)
	if v == nil {
		return nil, false
	}
	if rs, isKey := s.rangeOfVar(v); rs != nil {
		if lit := s.constLit(rs.X); lit != nil {
			if names, ok := litNames(s.info, lit, isKey); ok {
				return names, true
			}
		}
	}
	// A filter around the use: the if statements between the range and
	// the use whose condition tests the name against constants.
	path := pathTo(s.decl.Body, key)
	for i := len(path) - 1; i >= 0; i-- {
		ifs, isIf := path[i].(*ast.IfStmt)
		if !isIf || i+1 >= len(path) || path[i+1] != ifs.Body {
			continue
		}
		if names, ok := s.filterNames(ifs, v); ok {
			return names, true
		}
	}
	return nil, false
}

// nameOperand strips the calls that only change the case of a header
// name: http.CanonicalHeaderKey(k), textproto.CanonicalMIMEHeaderKey(k),
// strings.ToLower(k) and strings.Title-like spellings are the same header
// to Del and Set.
func (s *fstate) nameOperand(e ast.Expr) ast.Expr {
	for {
		call, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok || len(call.Args) != 1 {
			return e
		}
		fn := httpmodel.Callee(s.info, call)
		if !httpmodel.IsPkgFunc(fn, httpPkg, "CanonicalHeaderKey") && !httpmodel.IsPkgFunc(fn, "net/textproto", "CanonicalMIMEHeaderKey") &&
			!httpmodel.IsPkgFunc(fn, "strings", "ToLower", "ToUpper", "TrimSpace") {
			return e
		}
		e = call.Args[0]
	}
}

// rangeOfVar returns the range statement that declares v, and whether v
// is its key.
func (s *fstate) rangeOfVar(v *types.Var) (*ast.RangeStmt, bool) {
	var found *ast.RangeStmt
	isKey := false
	ast.Inspect(s.decl.Body, func(n ast.Node) bool {
		if found != nil {
			return false
		}
		rs, ok := n.(*ast.RangeStmt)
		if !ok || rs.Tok != token.DEFINE {
			return true
		}
		for i, e := range []ast.Expr{rs.Key, rs.Value} {
			if id, ok := e.(*ast.Ident); ok && s.info.Defs[id] == v {
				found, isKey = rs, i == 0
			}
		}
		return found == nil
	})
	return found, isKey
}

// constLit returns the composite literal that e is, or that the variable
// e holds when its declaration gives it one and nothing assigns it again
// (nor takes its address); nil otherwise.
func (s *fstate) constLit(e ast.Expr) *ast.CompositeLit { return s.c.constLitOf(e) }

// constLitOf is constLit for any function of the package.
func (c *checker) constLitOf(e ast.Expr) *ast.CompositeLit {
	e = ast.Unparen(e)
	if lit, ok := e.(*ast.CompositeLit); ok {
		return lit
	}
	var id *ast.Ident
	switch x := e.(type) {
	case *ast.Ident:
		id = x
	case *ast.SelectorExpr:
		id = x.Sel // a package-level variable of another package is not read
	}
	if id == nil {
		return nil
	}
	v, ok := c.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok || v.Pkg() != c.pass.Pkg {
		return nil
	}
	return c.litOfVar(v)
}

// litOfVar returns the composite literal that declares v, a variable of
// this package, when nothing else in the package assigns v or an element
// of it, or takes its address.
func (c *checker) litOfVar(v *types.Var) *ast.CompositeLit {
	if c.lits == nil {
		c.lits = c.constLits()
	}
	return c.lits[v]
}

// constLits finds, in one pass over the package's stores (the call
// index's Visit), the variables declared with a composite literal that
// nothing else assigns, indexes into, takes the address of or hands to a
// function that may fill it.
func (c *checker) constLits() map[*types.Var]*ast.CompositeLit {
	lits := map[*types.Var]*ast.CompositeLit{}
	written := map[*types.Var]bool{}
	info := c.pass.TypesInfo
	root := func(e ast.Expr) *types.Var {
		for {
			switch x := ast.Unparen(e).(type) {
			case *ast.IndexExpr:
				e = x.X
			case *ast.Ident:
				v, _ := info.ObjectOf(x).(*types.Var)
				return v
			default:
				return nil
			}
		}
	}
	c.calls.Visit(nil, func(n ast.Node) {
		switch n := n.(type) {
		case *ast.ValueSpec:
			if len(n.Names) != len(n.Values) {
				return
			}
			for i, name := range n.Names {
				if v, ok := info.Defs[name].(*types.Var); ok {
					if lit, ok := ast.Unparen(n.Values[i]).(*ast.CompositeLit); ok {
						lits[v] = lit
					}
				}
			}
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				if id, ok := ast.Unparen(l).(*ast.Ident); ok && n.Tok == token.DEFINE && len(n.Lhs) == len(n.Rhs) {
					if v, ok := info.Defs[id].(*types.Var); ok {
						if lit, ok := ast.Unparen(n.Rhs[i]).(*ast.CompositeLit); ok {
							lits[v] = lit
						}
						continue
					}
				}
				if v := root(l); v != nil {
					written[v] = true
				}
			}
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				if v := root(n.X); v != nil {
					written[v] = true
				}
			}
		case *ast.CallExpr:
			// append(v, ...) assigned elsewhere is caught above; a slice
			// handed to a function that sorts or fills it is a write we
			// cannot see.
			for _, a := range n.Args {
				id, ok := ast.Unparen(a).(*ast.Ident)
				if !ok {
					continue
				}
				v, ok := info.Uses[id].(*types.Var)
				if !ok {
					continue
				}
				if _, isSlice := v.Type().Underlying().(*types.Slice); isSlice && !analysisutil.IsBuiltinCall(info, n, "len") && !analysisutil.IsBuiltinCall(info, n, "append") {
					if fn := httpmodel.Callee(info, n); fn == nil || !httpmodel.IsPkgFunc(fn, "slices", "Contains", "Index") {
						written[v] = true
					}
				}
			}
		}
	})
	for v := range written {
		delete(lits, v)
	}
	return lits
}

// litNames returns the canonical header names of a constant list or
// array literal (its elements) or map literal (its keys, when keys is
// true or the literal is a map).
func litNames(info *types.Info, lit *ast.CompositeLit, keys bool) ([]string, bool) {
	return litNamesSpelled(info, lit, keys, nil)
}

// litNamesSpelled is litNames, keeping only the names whose spelling in
// the literal keep accepts (all when keep is nil).
func litNamesSpelled(info *types.Info, lit *ast.CompositeLit, keys bool, keep func(string) bool) ([]string, bool) {
	t := info.TypeOf(lit)
	if t == nil {
		return nil, false
	}
	_, isMap := t.Underlying().(*types.Map)
	if keys && !isMap {
		return nil, false // the index of a list
	}
	var names []string
	for _, elt := range lit.Elts {
		e := elt
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			if !isMap {
				e = kv.Value
			} else {
				e = kv.Key
			}
		} else if isMap {
			return nil, false
		}
		name, ok := httpmodel.ConstString(info, e)
		if !ok {
			return nil, false
		}
		if keep == nil || keep(name) {
			names = append(names, http.CanonicalHeaderKey(name))
		}
	}
	return names, true
}

// filterNames returns the names that the condition of ifs lets through
// to its body, when it tests the header name v against constants: a
// lookup in a constant map (m[k], _, ok := m[k]; ok), slices.Contains of
// a constant list, comparisons with constants joined by ||. Where v is
// the key of a loop over a header, whose keys net/http stores canonical,
// a constant spelled otherwise and compared with v as it is (k ==
// "authorization") lets nothing through (see matches).
func (s *fstate) filterNames(ifs *ast.IfStmt, v *types.Var) ([]string, bool) {
	info := s.info
	isName := func(e ast.Expr) bool { return s.varOf(s.nameOperand(e)) == v }
	spelled := func(operand ast.Expr) func(string) bool {
		return func(name string) bool { return s.matches(operand, v, name) }
	}
	var test func(e ast.Expr) ([]string, bool)
	test = func(e ast.Expr) ([]string, bool) {
		switch x := ast.Unparen(e).(type) {
		case *ast.BinaryExpr:
			switch x.Op {
			case token.LOR:
				a, ok1 := test(x.X)
				b, ok2 := test(x.Y)
				return append(a, b...), ok1 && ok2
			case token.EQL:
				for _, pair := range [][2]ast.Expr{{x.X, x.Y}, {x.Y, x.X}} {
					if name, ok := httpmodel.ConstString(info, pair[1]); ok && isName(pair[0]) {
						if !s.matches(pair[0], v, name) {
							return nil, true
						}
						return []string{http.CanonicalHeaderKey(name)}, true
					}
				}
			}
		case *ast.IndexExpr:
			// sensitive[k], a map of booleans
			if isName(x.Index) {
				if lit := s.constLit(x.X); lit != nil {
					return litNamesSpelled(info, lit, true, spelled(x.Index))
				}
			}
		case *ast.Ident:
			// if _, ok := sensitive[k]; ok
			as, ok := ifs.Init.(*ast.AssignStmt)
			if !ok || len(as.Lhs) != 2 || len(as.Rhs) != 1 || s.varOf(as.Lhs[1]) == nil || s.varOf(as.Lhs[1]) != s.varOf(x) {
				return nil, false
			}
			if ix, ok := ast.Unparen(as.Rhs[0]).(*ast.IndexExpr); ok && isName(ix.Index) {
				if lit := s.constLit(ix.X); lit != nil {
					return litNamesSpelled(info, lit, true, spelled(ix.Index))
				}
			}
		case *ast.CallExpr:
			fn := httpmodel.Callee(info, x)
			switch {
			case httpmodel.IsPkgFunc(fn, "slices", "Contains") && len(x.Args) == 2 && isName(x.Args[1]):
				if lit := s.constLit(x.Args[0]); lit != nil {
					return litNamesSpelled(info, lit, false, spelled(x.Args[1]))
				}
			case httpmodel.IsPkgFunc(fn, "strings", "EqualFold") && len(x.Args) == 2:
				for _, pair := range [][2]ast.Expr{{x.Args[0], x.Args[1]}, {x.Args[1], x.Args[0]}} {
					if name, ok := httpmodel.ConstString(info, pair[1]); ok && isName(pair[0]) {
						return []string{http.CanonicalHeaderKey(name)}, true
					}
				}
			}
		}
		return nil, false
	}
	return test(ifs.Cond)
}

// matches reports whether a header name that the loop variable v holds,
// as operand presents it, can equal the constant name: always, unless v
// is the key of a loop over a header (net/http stores its keys
// canonical), operand is v as it is (not lowered or folded), and name is
// spelled otherwise than canonical.
func (s *fstate) matches(operand ast.Expr, v *types.Var, name string) bool {
	if s.varOf(operand) != v || name == http.CanonicalHeaderKey(name) {
		return true
	}
	rs, isKey := s.rangeOfVar(v)
	return rs == nil || !isKey || !isHeader(s.info.TypeOf(rs.X))
}

// pathTo returns the nodes from root down to n, n included; nil when n
// is not in root.
func pathTo(root ast.Node, n ast.Node) []ast.Node {
	var stack, found []ast.Node
	ast.Inspect(root, func(x ast.Node) bool {
		if found != nil {
			return false
		}
		if x == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if x.Pos() > n.Pos() || x.End() < n.End() {
			return false
		}
		stack = append(stack, x)
		if x == n {
			found = slices.Clone(stack)
			return false
		}
		return true
	})
	return found
}

// partialText describes a partial redaction for a message: what it
// removes and what it leaves.
func (c *checker) partialText(removed nameSet) string {
	return c.partialTextLeft(removed, c.left(removed))
}

// partialResponseText is partialText for the header of a response, which
// may still hold Set-Cookie (see completeResponse) whatever the package
// sends.
func (c *checker) partialResponseText(removed nameSet) string {
	return c.partialTextLeft(removed, c.left(removed)|c.namesSet([]string{"Set-Cookie"})&^removed)
}

func (c *checker) partialTextLeft(removed, leftSet nameSet) string {
	gone := c.setNames(removed)
	left := c.setNames(leftSet)
	what := strings.Join(gone, ", ")
	if len(gone) > 3 {
		what = fmt.Sprintf("%d of %d credential headers", len(gone), len(c.names))
	}
	return fmt.Sprintf("redacted in part (%s removed; may still hold %s)", what, joinAnd(left))
}

// joinAnd joins names as a list in prose: "a", "a and b", "a, b and c".
func joinAnd(names []string) string {
	if len(names) <= 1 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// strips returns, for each parameter of the function that is an
// http.Header, a *http.Request or a *http.Response and that the body
// never assigns, the configured headers that the function removes from it in place (see
// funcFact.Strips); nil when it removes none.
func (s *fstate) strips() [][]string {
	if s.decl.Type.Params == nil {
		return nil
	}
	var out [][]string
	s.eachParam(func(i int, v *types.Var) {
		if s.assigned(v) {
			return
		}
		t := v.Type()
		k := ""
		switch {
		case isHeader(t):
			k = fmt.Sprintf("%p", v)
		case (isRequest(t) || isWholeResponse(t)) && isPointer(t):
			k = fmt.Sprintf("%p", v) + ".Header"
		}
		if set := s.removedAt(k, s.decl.Body.End(), true); set != 0 {
			for len(out) <= i {
				out = append(out, nil)
			}
			out[i] = s.c.factNames(set)
		}
	})
	return out
}

// eachParam calls fn with each named parameter of the function and its
// index among the parameters (an unnamed one counts).
func (s *fstate) eachParam(fn func(i int, v *types.Var)) {
	ft := s.ftype
	if ft == nil {
		ft = s.decl.Type
	}
	if ft.Params == nil {
		return
	}
	i := 0
	for _, field := range ft.Params.List {
		if len(field.Names) == 0 {
			i++
			continue
		}
		for _, id := range field.Names {
			if v, _ := s.info.Defs[id].(*types.Var); v != nil {
				fn(i, v)
			}
			i++
		}
	}
}

// assigned reports whether the body assigns v, a parameter: what it
// removes from the new value is not removed from the caller's.
func (s *fstate) assigned(v *types.Var) bool {
	found := false
	ast.Inspect(s.decl.Body, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok {
			for _, l := range as.Lhs {
				if id, ok := ast.Unparen(l).(*ast.Ident); ok && s.info.Uses[id] == v {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// dumpRemoved returns the configured headers removed from the requests
// of every dump of calls (httputil.DumpRequest(req, ...), req.Write(&b)):
// those that all of them lack; 0 when one lacks none.
func (s *fstate) dumpRemoved(calls []*ast.CallExpr) nameSet {
	set := s.c.every()
	for _, call := range calls {
		if s.decl != nil && (call.Pos() < s.decl.Pos() || call.End() > s.decl.End()) {
			// A dump another function stored in a field: what it
			// removed was judged there (dumpfield.go).
			return 0
		}
		recv, args := httpmodel.Receiver(s.info, call)
		req := recv
		if isDump(s.info, call) && len(args) > 0 {
			req = args[0]
		}
		if req == nil || !isRequest(s.info.TypeOf(req)) {
			return 0
		}
		set &= s.removedFrom(req, s.info.TypeOf(req))
	}
	return set
}

// localCall reports whether e is a call of a function of this package.
func (c *checker) localCall(e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	fn := httpmodel.Callee(c.pass.TypesInfo, call)
	return fn != nil && fn.Pkg() == c.pass.Pkg
}

// removesHeaders reports whether the body of fd removes a header from a
// header value (Del, delete, Set, an assignment to a Header field) or
// calls a function of another package that strips its parameters: only
// such a function, or one that calls it, can strip its own.
func (c *checker) removesHeaders(fd *ast.FuncDecl) bool {
	info := c.pass.TypesInfo
	for _, call := range c.calls.Calls(fd) {
		if a, ok := httpmodel.HeaderCall(info, call.Expr); ok && (a.Op == httpmodel.HeaderDel || a.Op == httpmodel.HeaderSet && (c.isMasked(info, a.Value) || c.localCall(a.Value))) {
			// A call of a function of this package may be a masking
			// helper, whose summary the solve has yet to make.
			return true
		}
		if analysisutil.IsBuiltinCall(info, call.Expr, "delete") {
			return true
		}
		if f := c.fact(call.Callee); f != nil && len(f.Strips) > 0 {
			return true
		}
		if call.Callee == nil && len(c.tableFuncs(fd, call.Expr)) > 0 {
			return true
		}
	}
	for _, n := range c.calls.Nodes(fd) {
		if as, ok := n.(*ast.AssignStmt); ok {
			for _, l := range as.Lhs {
				if isHeader(info.TypeOf(l)) {
					return true
				}
			}
		}
	}
	return false
}

// hasHeaderParam reports whether fn has a parameter that is an
// http.Header, a *http.Request or a *http.Response.
func hasHeaderParam(fn *types.Func) bool {
	for v := range fn.Type().(*types.Signature).Params().Variables() {
		if t := v.Type(); isHeader(t) || (isRequest(t) || isWholeResponse(t)) && isPointer(t) {
			return true
		}
	}
	return false
}

// ownSpelling reports whether key, a constant header name not in
// canonical form, is one the package stores a header under itself
// (req.Header["authorization"] = []string{tok}): a mask under the same
// spelling then masks what the package stored.
func (c *checker) ownSpelling(key ast.Expr) bool {
	info := c.pass.TypesInfo
	name, ok := httpmodel.ConstString(info, key)
	if !ok {
		return false
	}
	if c.spellings == nil {
		c.spellings = map[string]bool{}
		for _, f := range c.pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				as, ok := n.(*ast.AssignStmt)
				if !ok || len(as.Lhs) != len(as.Rhs) {
					return true
				}
				for i, l := range as.Lhs {
					ix, ok := ast.Unparen(l).(*ast.IndexExpr)
					if !ok || !httpmodel.UncanonicalKey(info, ix.Index) || c.isMaskedList(info, as.Rhs[i]) {
						continue
					}
					if _, ok := httpmodel.HeaderIndexExpr(info, ix); ok {
						k, _ := httpmodel.ConstString(info, ix.Index)
						c.spellings[k] = true
					}
				}
				return true
			})
		}
	}
	return c.spellings[name]
}
