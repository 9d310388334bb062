package authlog

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"net/http"
	"slices"
	"strings"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/callindex"
	"github.com/retrylint/retrylint/internal/flow"
	"github.com/retrylint/retrylint/internal/httpmodel"
	"github.com/retrylint/retrylint/internal/logsink"
	"github.com/retrylint/retrylint/internal/retrylib"
	"github.com/retrylint/retrylint/internal/secrets"
)

const (
	httpPkg     = "net/http"
	httputilPkg = "net/http/httputil"
)

// creds is a set of credential kinds that a value may carry.
type creds uint64

const (
	credHeader   creds = 1 << iota // a whole http.Header of a request or response
	credRequest                    // a whole request, whose Header is printed with it
	credDump                       // the output of httputil.DumpRequest or DumpRequestOut
	credPassword                   // the password of (*http.Request).BasicAuth
	credCookie                     // a cookie, or its value
	credRespDump                   // what (*http.Response).Write writes: every response header
	credSecret                     // a secret held in a Go value: a secret field, a URL's password, a secret form value (secret.go)
	credURLError                   // the error of a send, a *url.Error printing a URL that holds a secret (urlSecret)
	credResponse                   // a whole response, whose Header (Set-Cookie) is printed with it

	// dumpBits are the dumps of a request or a response.
	dumpBits = credDump | credRespDump

	// Bit nameShift+i is the value of the i-th configured header.
	nameShift       = 9
	nameBits  creds = ^creds(0) &^ (1<<nameShift - 1)
	maxNames        = 64 - nameShift
)

// A val is what an expression may carry: credential kinds, and the
// parameters of the analysed function it derives from (for summaries).
type val struct {
	c creds
	p uint64
}

// fstate is authlog's client of the flow engine for one function
// declaration, its function literals included: the engine follows vals
// through the local variables (ordered by position, loop back edges
// ignored), and authlog supplies the rules for expressions (field
// selections such as r.Header and cookie.Value, credential kinds, the
// standard functions that carry text), the redactions that kill a
// variable's older values (x = redact(x)), and the headers deleted from a
// header before a use.
type fstate struct {
	// listMask is the parameter, counted from 1, whose list of names a
	// loop over a header masks or skips (listmask.go); 0 for none.
	listMask int
	listNorm listNorm
	c        *checker
	info     *types.Info
	decl     *ast.FuncDecl
	variadic int
	// ftype holds the parameters followed: decl's own, or its receiver's
	// and then its own (see analyzeAs).
	ftype *ast.FuncType
	// cutAsserts makes an assertion of an empty interface to error carry
	// nothing (see assertGated).
	cutAsserts bool
	// noMapSecret, when above 0, leaves out what a map holds by the
	// package's reads of it (see otherMapEntry).
	noMapSecret int
	// f is the engine's state. Its Expr and Tuple go through the hooks,
	// which serve c.cur only while analyze runs: authlog evaluates with
	// s.eval and s.tupleExpr, and reads f's variables.
	f *flow.State[val]
	// dels holds, by header key (see key), the headers deleted from it.
	dels map[string][]del
	// allKeys maps the variable of a loop that visits every name of a
	// header, and filters none, to the header (see visit).
	allKeys map[*types.Var]ast.Expr
	// keySkips maps the name variable of a loop over a header that only
	// collects the names its filter lets through (for k := range h { if
	// ignored[k] { continue }; keys = append(keys, k) }) to the names it
	// skips, so that the loop that reads them back (for _, k := range
	// keys { h.Get(k) }) sees every header but those.
	keySkips map[*types.Var][]string
	// folded holds the name variables of loops over names collected in
	// another case (strings.ToLower(k)): Get finds their headers, an
	// index of the header's map does not.
	folded map[*types.Var]bool
	// own memoizes ownRequest for the request variables of the
	// function.
	own map[*types.Var]*ownReq
	// clauses maps the variables of the function's type switches to
	// their clauses (see caseMask); nil until first asked.
	clauses map[*types.Var]switchClause
	// reached memoizes, by clause, whether a value with text may reach
	// it (see caseMask); rangeOf maps the value variables of the
	// function's range statements to them, and held memoizes heldTypes'
	// answers by the map or slice variable (nil: not known).
	reached map[*ast.CaseClause]bool
	rangeOf map[*types.Var]*ast.RangeStmt
	held    map[*types.Var][]types.Type
	again   map[*types.Var]bool // see assignedAgain
	// literal caches literalResponse's answer for each variable.
	literal map[*types.Var]bool
	// mapVars caches mapEntries' answer for each variable (see
	// literalEntry).
	mapVars map[*types.Var]*cachedEntries
	// fills holds, by header key, where a header was given values (h[k]
	// = v, h.Set, h.Add): a header made fresh and filled again is no
	// redaction.
	fills map[string][]token.Pos
	// recv is the receiver of a print method followed for the fields it
	// prints (see printedFields), or nil.
	recv *types.Var
	// userinfo caches setsUserinfo: 0 not asked yet, 1 no, 2 yes.
	userinfo uint8
	// aliases caches headerAlias.
	aliases map[*types.Var]string
}

// Join returns what a value that is a or b may carry.
func (a val) Join(b val) val { return val{a.c | b.c, a.p | b.p} }

// A del records that a header was deleted from a header value: name is
// canonical, or "" when every header may have been (a name that is not a
// constant, or a header replaced by a fresh one).
type del struct {
	at   token.Pos
	name string
	// failed is true for an attempt that deletes nothing, such as
	// delete(h, "authorization") on a map whose keys are canonical.
	failed bool
	// fresh is true when the header was replaced by an empty one
	// (name is ""), which is no redaction of the header it held.
	fresh bool
	// until, when set, ends the deletion: a loop over the header that
	// skips the header (see skippedNames) leaves it out of what the
	// loop's body sees, not out of the header.
	until token.Pos
}

// applies reports whether d has removed its header at pos.
func (d del) applies(pos token.Pos) bool {
	return d.at <= pos && (d.until == 0 || pos <= d.until) && !d.failed
}

func (c *checker) analyze(fd *ast.FuncDecl) *fstate {
	return c.analyzeCut(fd, false)
}

// analyzeCut is analyze, with assertions to error cut when cut is set
// (see assertGated).
func (c *checker) analyzeCut(fd *ast.FuncDecl, cut bool) *fstate {
	return c.analyzeAs(fd, fd.Type, cut)
}

// analyzeAs is analyzeCut with the parameters of ftype (fd's own, or its
// receiver's, as printsRecv asks).
func (c *checker) analyzeAs(fd *ast.FuncDecl, ftype *ast.FuncType, cut bool) *fstate {
	info := c.pass.TypesInfo
	s := &fstate{
		c:          c,
		info:       info,
		decl:       fd,
		ftype:      ftype,
		variadic:   -1,
		cutAsserts: cut,
		dels:       map[string][]del{},
		allKeys:    map[*types.Var]ast.Expr{},
		keySkips:   map[*types.Var][]string{},
		folded:     map[*types.Var]bool{},
		own:        map[*types.Var]*ownReq{},
		fills:      map[string][]token.Pos{},
		recv:       c.fieldsOf,
	}
	if fn, ok := info.Defs[fd.Name].(*types.Func); ok && ftype == fd.Type && fd.Type.Params != nil {
		if sig := fn.Type().(*types.Signature); sig.Variadic() {
			s.variadic = sig.Params().Len() - 1
		}
	}
	if c.hooks == nil {
		c.hooks = c.newHooks()
	}
	c.hooks.Nodes = c.calls.Nodes(fd)
	c.cur = s
	s.f = flow.Follow(c.hooks, ftype, fd.Body)
	c.cur = nil
	return s
}

// newHooks returns the hooks of the engine, made once per pass: they
// apply to c.cur, the function that Follow analyses.
func (c *checker) newHooks() *flow.Hooks[val] {
	return &flow.Hooks[val]{
		Info: c.pass.TypesInfo,
		Param: func(i int, v *types.Var) val {
			// A request or a response is a credential by its type: it
			// needs no parameter bit, and its callers are not told
			// about it.
			if i < 64 && !isRequest(v.Type()) && !isWholeResponse(v.Type()) && !c.paramsBlank {
				return val{p: 1 << i}
			}
			return val{}
		},
		// authlog's own rules decide every expression; the engine's
		// fixed point calls them before Follow returns its state.
		Expr: func(f *flow.State[val], e ast.Expr) (val, bool) {
			c.cur.f = f
			return c.cur.eval(e), true
		},
		Tuple: func(f *flow.State[val], e ast.Expr) ([]val, bool) {
			c.cur.f = f
			return c.cur.tupleExpr(e), true
		},
		Kill: func(lhs, rhs ast.Expr) bool { return c.cur.scrubs(lhs, rhs) },
		// req.URL.RawQuery = q.Encode(), u.Path = "/bot" + token: what
		// a request's or a URL's address is given, the request or URL
		// holds (urlSecret); u.User = url.UserPassword(user, pass): the
		// URL holds the password, which its String method prints.
		Stores: func(lhs *ast.SelectorExpr, v *types.Var) bool {
			t := v.Type()
			if !isRequest(t) && !isURL(t) {
				return false
			}
			switch lhs.Sel.Name {
			case "URL", "RawQuery", "Path", "RawPath", "Opaque", "User":
				return true
			}
			return false
		},
		Writes: func(f *flow.State[val], call *ast.CallExpr, dest ast.Expr) val {
			c.cur.f = f
			return c.cur.written(call, dest)
		},
		Fills: c.filledArgs,
		Visit: func(_ *flow.State[val], n ast.Node) bool { return c.cur.visit(n) },
	}
}

func (s *fstate) varOf(e ast.Expr) *types.Var { return flow.VarOf(s.info, e) }

// visit records the header deletions and redactions of node n of the
// body, and tells the engine whether to follow the values n assigns.
func (s *fstate) visit(n ast.Node) bool {
	info := s.info
	switch n := n.(type) {
	case *ast.AssignStmt:
		if len(n.Lhs) != len(n.Rhs) || n.Tok != token.ASSIGN && n.Tok != token.DEFINE {
			return true
		}
		at := n.End()
		for i, l := range n.Lhs {
			rhs := n.Rhs[i]
			if isHeader(info.TypeOf(l)) && isFresh(info, rhs) {
				// h = make(http.Header): whatever it held is gone.
				if k := s.key(l); k != "" {
					s.dels[k] = append(s.dels[k], del{at: at, fresh: true})
				}
			} else if set := s.removesOf(rhs) | s.removedHeld(rhs, at); set != 0 && (isHeader(info.TypeOf(l)) || isRequest(info.TypeOf(l)) || isWholeResponse(info.TypeOf(l))) {
				// r.Header = redact(r.Header), c := redactedClone(r):
				// what the helper removes (its fact) is removed.
				s.addDels(s.headerKey(l, info.TypeOf(l)), set, at)
			} else if ix, ok := ast.Unparen(l).(*ast.IndexExpr); ok && s.c.isMaskedList(info, rhs) {
				// h["Authorization"] = []string{"***"}; spelled otherwise
				// (h["authorization"]), the store adds an entry and
				// masks none, unless the package stores a value under
				// that spelling itself (see ownSpelling).
				if a, ok := httpmodel.HeaderIndexExpr(info, ix); ok && (!httpmodel.UncanonicalKey(info, ix.Index) || s.c.ownSpelling(ix.Index)) {
					if a.Name == "" {
						s.delNamed(a.Header, a.Key, at)
					} else {
						s.addDel(a.Header, a.Name, at)
					}
				}
			} else if ok && isHeader(info.TypeOf(ix.X)) {
				s.addFill(ix.X, at)
			}
		}
	case *ast.RangeStmt:
		// Ranging over a whole header visits every header, each of
		// which the loop may filter: its values are not followed,
		// unless the body filters nothing (no if, switch, select or
		// branch), as in a copy: for k, v := range h { c[k] = v }.
		h := s.headerOfKeys(n.X)
		if h == nil {
			return true
		}
		ks := s.keysOf(n.X)
		if len(ks.skips) > 0 {
			// for _, k := range keys, names collected by a loop that
			// skipped some: the body sees every header but those.
			if k := s.key(h); k != "" {
				for _, name := range ks.skips {
					s.dels[k] = append(s.dels[k], del{at: n.X.Pos(), name: name, until: n.End()})
				}
			}
		}
		if !unfiltered(info, n.Body, n.Value) {
			names, ok := s.skippedNames(n)
			if !ok {
				return n.Value == nil || !isHeader(info.TypeOf(n.X))
			}
			// for k, v := range h { if k == "Authorization" { continue } ... }:
			// the body sees every header but those it skips.
			if k := s.key(h); k != "" {
				for _, name := range names {
					s.dels[k] = append(s.dels[k], del{at: n.X.Pos(), name: name, until: n.End()})
				}
			}
			if n.Value == nil || isBlank(n.Value) {
				if v := s.varOf(n.Key); v != nil {
					s.keySkips[v] = names
				}
			}
		}
		// The names it visits, read back from the header (h[k]),
		// are every header's value.
		k := n.Key
		if !isHeader(info.TypeOf(n.X)) {
			k = n.Value // for _, k := range sortedKeys(h)
		}
		if v := s.varOf(k); v != nil {
			s.allKeys[v] = h
			if ks.folded {
				s.folded[v] = true
			}
		}
		return true
	case *ast.CallExpr:
		if a, ok := httpmodel.HeaderCall(info, n); ok && (a.Op == httpmodel.HeaderDel || (a.Op == httpmodel.HeaderSet || a.Op == httpmodel.HeaderAdd) && s.c.isMasked(info, a.Value)) {
			// h.Set("Authorization", "[redacted]") masks the value as
			// well as a deletion would, and so does h.Add(name, "***")
			// after h.Del(name).
			if a.Name == "" {
				s.delNamed(a.Header, a.Key, n.End())
			} else {
				s.addDel(a.Header, a.Name, n.End())
			}
		} else if ok && (a.Op == httpmodel.HeaderSet || a.Op == httpmodel.HeaderAdd) {
			s.addFill(a.Header, n.End())
		} else if analysisutil.IsBuiltinCall(info, n, "delete") && len(n.Args) == 2 && isHeader(info.TypeOf(n.Args[0])) {
			// The map is indexed by canonical keys: delete(h,
			// "authorization") deletes nothing that Get would find.
			if name, ok := httpmodel.ConstString(info, n.Args[1]); !ok {
				s.delNamed(n.Args[0], n.Args[1], n.End())
			} else if c := http.CanonicalHeaderKey(name); name == c {
				s.addDel(n.Args[0], name, n.End())
			} else if k := s.key(n.Args[0]); k != "" {
				// A redaction that misses: see redacted.
				s.dels[k] = append(s.dels[k], del{at: n.End(), name: c, failed: true})
			}
		} else {
			// A helper that removes headers from what it is given:
			// scrub(req), maskHeader(h).
			s.stripped(n)
		}
	}
	return true
}

// headerOfKeys returns the header whose every name a range over x
// visits: x itself, or the header passed to the call x that lists its
// names (sortedKeys(h), maps.Keys(h)); nil otherwise.
func (s *fstate) headerOfKeys(x ast.Expr) ast.Expr {
	x = ast.Unparen(x)
	if isHeader(s.info.TypeOf(x)) {
		return x
	}
	if id, ok := x.(*ast.Ident); ok {
		return s.collectedKeys(id).h
	}
	call, ok := x.(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return nil
	}
	if t := s.info.TypeOf(call); t == nil || !isStringList(t) {
		return nil
	}
	// sortedKeys(h), maps.Keys(h), slices.Sorted(maps.Keys(h)).
	return s.headerOfKeys(call.Args[0])
}

// keysOf returns what collectedKeys says of the names x lists: a local
// slice, or one sorted or listed by a call (sortedKeys(keys)).
func (s *fstate) keysOf(x ast.Expr) collected {
	x = ast.Unparen(x)
	if call, ok := x.(*ast.CallExpr); ok && len(call.Args) == 1 {
		if t := s.info.TypeOf(call); t != nil && isStringList(t) {
			return s.keysOf(call.Args[0])
		}
	}
	id, ok := x.(*ast.Ident)
	if !ok {
		return collected{}
	}
	return s.collectedKeys(id)
}

// collected describes a local slice of a header's names: the header h,
// the names the loops that collected them skipped, and whether they
// were collected in another case (folded).
type collected struct {
	h      ast.Expr
	skips  []string
	folded bool
}

// collectedKeys returns the header whose every name the local slice id
// holds, collected by a loop over all of them: keys := make([]string, 0,
// len(h)); for k := range h { keys = append(keys, k) } (sorted in place,
// or not, afterwards); nil otherwise. Every assignment of the slice must
// be such an append, of the name or of it in another case
// (strings.ToLower(k)), or an empty value. When the loops skip some names
// (see keySkips), skips are those every one of them skipped.
func (s *fstate) collectedKeys(id *ast.Ident) collected {
	info := s.info
	v, ok := info.Uses[id].(*types.Var)
	if !ok || !isStringList(v.Type()) || s.decl.Body == nil {
		return collected{}
	}
	var h ast.Expr
	var skips []string
	first, folded := true, false
	ok = true
	ast.Inspect(s.decl.Body, func(n ast.Node) bool {
		as, isAssign := n.(*ast.AssignStmt)
		if !ok || !isAssign || len(as.Lhs) != len(as.Rhs) {
			return ok
		}
		for i, l := range as.Lhs {
			lid, isID := ast.Unparen(l).(*ast.Ident)
			if !isID || info.Defs[lid] != v && info.Uses[lid] != v {
				continue
			}
			rhs := ast.Unparen(as.Rhs[i])
			if isFresh(info, rhs) {
				continue
			}
			call, isCall := rhs.(*ast.CallExpr)
			if !isCall || !analysisutil.IsBuiltinCall(info, call, "append") || len(call.Args) < 2 || call.Ellipsis.IsValid() || s.varOf(call.Args[0]) != v {
				ok = false
				return false
			}
			for _, a := range call.Args[1:] {
				op := keyOperand(info, a)
				folded = folded || op != a && caseFolded(info, a)
				kv := s.varOf(op)
				kh, found := s.allKeys[kv]
				if kv == nil || !found || h != nil && s.key(h) != s.key(kh) {
					ok = false
					return false
				}
				h = kh
				if first {
					skips, first = s.keySkips[kv], false
				} else {
					skips = slices.DeleteFunc(slices.Clone(skips), func(name string) bool { return !slices.Contains(s.keySkips[kv], name) })
				}
			}
		}
		return true
	})
	if !ok || h == nil || s.key(h) == "" {
		return collected{}
	}
	return collected{h: h, skips: skips, folded: folded}
}

// caseFolded reports whether e changes the case of the name it is
// given (strings.ToLower(k), strings.ToUpper(strings.TrimSpace(k))).
func caseFolded(info *types.Info, e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return false
	}
	return httpmodel.IsPkgFunc(httpmodel.Callee(info, call), "strings", "ToLower", "ToUpper") || caseFolded(info, call.Args[0])
}

// keyOperand returns the name that e spells the same header by: k for
// strings.ToLower(k), strings.TrimSpace(k), http.CanonicalHeaderKey(k)
// (as a signer collects the names it sorts), e itself otherwise. Header's
// Get, Values and Del canonicalise whatever case they are given.
func keyOperand(info *types.Info, e ast.Expr) ast.Expr {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return e
	}
	fn := httpmodel.Callee(info, call)
	if httpmodel.IsPkgFunc(fn, "strings", "ToLower", "ToUpper", "TrimSpace") ||
		httpmodel.IsPkgFunc(fn, httpPkg, "CanonicalHeaderKey") ||
		httpmodel.IsPkgFunc(fn, "net/textproto", "CanonicalMIMEHeaderKey") {
		return keyOperand(info, call.Args[0])
	}
	return e
}

// isStringList reports whether t is a slice of strings or a sequence of
// them (iter.Seq[string]).
func isStringList(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Slice:
		return isString(u.Elem())
	case *types.Signature:
		// func(yield func(string) bool)
		if u.Params().Len() != 1 {
			return false
		}
		y, ok := u.Params().At(0).Type().Underlying().(*types.Signature)
		return ok && y.Params().Len() == 1 && isString(y.Params().At(0).Type())
	}
	return false
}

// skippedNames returns the names of the headers that the range n over a
// header skips, when its body first skips some by their names (if k ==
// "Authorization" { continue }; if sensitive[k] { continue }; switch k {
// case "Authorization", "Cookie": continue }), each name a constant (see
// filterNames), and then filters nothing: what it logs is every header
// but those. A body that masks the value it prints under such a test
// instead skips the same names:
//
//	for k, vs := range h {              // or: for _, k := range names, reading h[k]
//		v := strings.Join(vs, ", ")
//		if sensitive[k] { v = "[redacted]" }
//		log.Printf("%s: %s", k, v)        // v only, from here on
//	}
func (s *fstate) skippedNames(n *ast.RangeStmt) ([]string, bool) {
	var key *types.Var
	if isHeader(s.info.TypeOf(n.X)) {
		key = s.varOf(n.Key)
		if (n.Value == nil || isBlank(n.Value)) && !collectsOnlyAfterFilters(n.Body) {
			// Names used otherwise by a loop that skips some are
			// read back after it, where the skip is not seen: not
			// followed. Names collected into a slice carry the skip
			// (keySkips).
			return nil, false
		}
	} else if n.Value != nil {
		key = s.varOf(n.Value) // for _, k := range sortedKeys(h)
	}
	if key == nil {
		return nil, false
	}
	var names []string
	byParam := 0 // the parameter, from 1, whose list a filter tests
	i := 0
	for ; i < len(n.Body.List); i++ {
		switch st := n.Body.List[i].(type) {
		case *ast.IfStmt:
			if st.Else != nil || !continuesOnly(st.Body.List) {
				break
			}
			more, ok := s.filterNames(st, key)
			if !ok {
				p, norm, ok := s.paramListFilter(st, key)
				if !ok {
					return nil, false
				}
				s.listNorm = norm
				byParam = p + 1 // the caller's list: see listmask.go
			}
			names = append(names, more...)
			continue
		case *ast.SwitchStmt:
			if st.Init != nil || st.Tag == nil || s.varOf(s.nameOperand(st.Tag)) != key || len(st.Body.List) != 1 {
				return nil, false
			}
			cc := st.Body.List[0].(*ast.CaseClause)
			if len(cc.List) == 0 || !continuesOnly(cc.Body) {
				return nil, false
			}
			for _, e := range cc.List {
				name, ok := httpmodel.ConstString(s.info, e)
				if !ok {
					return nil, false
				}
				if s.matches(st.Tag, key, name) {
					names = append(names, http.CanonicalHeaderKey(name))
				}
			}
			continue
		}
		break
	}
	rest := n.Body.List[i:]
	if j, masked, p, ok := s.maskedNames(n, key, rest); ok {
		if p > 0 {
			byParam = p
		}
		names = append(names, masked...)
		rest = append(slices.Clip(rest[:j]), rest[j+1:]...)
	} else if i == 0 {
		return nil, false
	}
	if !unfiltered(s.info, &ast.BlockStmt{List: rest}, n.Value) {
		return nil, false
	}
	if h := s.headerOfKeys(n.X); h != nil && s.c.responseHeader(h) && slices.Contains(names, "Set-Cookie") {
		// A response's header: Set-Cookie is the one credential it
		// carries, whatever the requests send. "" removes every name.
		names = []string{""}
	}
	if byParam > 0 {
		// The caller's list (listmask.go): a printer that logs itself
		// is taken to be configured right; one that hands its text
		// back, or writes it to its caller's writer, prints what each
		// call's list leaves.
		if s.logsItself() || !s.headerOnlyIn(n) {
			return nil, false
		}
		s.listMask = byParam
		return names, true
	}
	if res := s.decl.Type.Results; res != nil && res.NumFields() > 0 {
		// What the loop builds may be handed back (a curl command
		// built by a helper): the skip is not part of the function's
		// summary. A skip that leaves none of the credentials the
		// package sends (none for a response's header but Set-Cookie)
		// is a redaction, whose values are not followed; one that
		// leaves some is none, and the text the helper builds carries
		// the header.
		if slices.Contains(names, "") {
			return nil, false // every credential of a response (above)
		}
		var set nameSet
		for _, name := range names {
			set |= s.c.nameIndex(name)
		}
		if s.c.complete(set) {
			return nil, false
		}
	}
	return names, true
}

// logsItself reports whether the function calls a log sink itself.
func (s *fstate) logsItself() bool {
	for _, ic := range s.c.calls.Calls(s.decl) {
		if _, ok := s.c.sinkOf(ic); ok {
			return true
		}
	}
	return false
}

// maskedNames matches, in body (the statements of the range n over a
// header or its names, key its name), a value made of the entry, masked
// under a test of the name, and then printed instead of the entry:
//
//	v := strings.Join(vs, ", ")        (or h[k], h.Get(k), ...)
//	if k == "Authorization" { v = "[redacted]" }
//	... v, never vs nor h[k] again ...
//
// It returns the index of the if in body and the names it masks, or the
// parameter (from 1) whose list of names it masks.
func (s *fstate) maskedNames(n *ast.RangeStmt, key *types.Var, body []ast.Stmt) (int, []string, int, bool) {
	info := s.info
	for j := 1; j < len(body); j++ {
		ifs, ok := body[j].(*ast.IfStmt)
		if !ok || ifs.Init != nil || ifs.Else != nil || len(ifs.Body.List) != 1 {
			continue
		}
		as, ok := ifs.Body.List[0].(*ast.AssignStmt)
		if !ok || as.Tok != token.ASSIGN || len(as.Lhs) != 1 || len(as.Rhs) != 1 || !s.c.isMasked(info, as.Rhs[0]) {
			return 0, nil, 0, false
		}
		v := s.varOf(as.Lhs[0])
		def, ok := body[j-1].(*ast.AssignStmt)
		if v == nil || !ok || def.Tok != token.DEFINE || len(def.Lhs) != 1 || s.varOf(def.Lhs[0]) != v {
			return 0, nil, 0, false
		}
		// After the mask, the entry is read through v alone.
		raw := false
		for _, st := range body[j+1:] {
			ast.Inspect(st, func(m ast.Node) bool {
				switch m := m.(type) {
				case *ast.Ident:
					if n.Value != nil && s.varOf(n.Value) != key && info.Uses[m] != nil && info.Uses[m] == s.varOf(n.Value) {
						raw = true
					}
				case *ast.IndexExpr:
					if s.varOf(s.nameOperand(m.Index)) == key {
						raw = true
					}
				case *ast.CallExpr:
					if a, ok := httpmodel.HeaderCall(info, m); ok && a.Name == "" && s.varOf(s.nameOperand(a.Key)) == key {
						raw = true
					}
				}
				return !raw
			})
		}
		if raw {
			return 0, nil, 0, false
		}
		names, ok := s.filterNames(ifs, key)
		if !ok {
			p, norm, byParam := s.paramListFilter(ifs, key)
			if !byParam {
				return 0, nil, 0, false
			}
			s.listNorm = norm
			return j, nil, p + 1, true
		}
		return j, names, 0, ok
	}
	return 0, nil, 0, false
}

// unfiltered reports whether body, a loop's, runs every statement for
// every element: it has no if, switch or select statement and no branch
// (continue, break, goto) outside the function literals it holds.
func unfiltered(info *types.Info, body *ast.BlockStmt, values ast.Expr) bool {
	var vv *types.Var
	if id, isID := ast.Unparen(values).(*ast.Ident); isID && values != nil {
		vv, _ = info.Defs[id].(*types.Var)
	}
	ok := true
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IfStmt:
			// if _, err := fmt.Fprintf(w, "%s: %s\n", k, v); err != nil
			// { return err }: the check of a write made for every
			// header leaves none out.
			if n.Else == nil && isErrCheck(info, n.Cond) && writesInInit(info, n) && !branches(n.Body) {
				return false
			}
			// if len(vs) > 0 { c.Set(k, vs[0]) }: a header without a
			// value carries nothing; no name is left out. Nor does an
			// else (if len(v) == 1 { fields[k] = v[0] } else {
			// fields[k] = v }): both branches see every header.
			if vv == nil || n.Init != nil || !onlyLenOf(info, n.Cond, vv) {
				ok = false
			}
		case *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt, *ast.BranchStmt:
			ok = false
		}
		return ok
	})
	return ok
}

// writesInInit reports whether the if's init statement assigns the result
// of a write (fmt.Fprint, Fprintf, Fprintln, io.WriteString, a Write,
// WriteString, WriteByte or WriteRune method): the if checks the write's
// error, not the entry.
func writesInInit(info *types.Info, ifs *ast.IfStmt) bool {
	as, ok := ifs.Init.(*ast.AssignStmt)
	if !ok || len(as.Rhs) != 1 {
		return false
	}
	call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
	if !ok {
		return false
	}
	fn := httpmodel.Callee(info, call)
	if httpmodel.IsPkgFunc(fn, "fmt", "Fprint", "Fprintf", "Fprintln") || httpmodel.IsPkgFunc(fn, "io", "WriteString") {
		return true
	}
	if fn == nil {
		return false
	}
	sig, _ := fn.Type().(*types.Signature)
	switch fn.Name() {
	case "Write", "WriteString", "WriteByte", "WriteRune":
		return sig != nil && sig.Recv() != nil
	}
	return false
}

// branches reports whether body holds a break, continue or goto outside
// the function literals in it.
func branches(body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.BranchStmt:
			found = true
		}
		return !found
	})
	return found
}

// isErrCheck reports whether cond compares an error with nil (err != nil,
// err == nil).
func isErrCheck(info *types.Info, cond ast.Expr) bool {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || b.Op != token.NEQ && b.Op != token.EQL {
		return false
	}
	for _, pair := range [][2]ast.Expr{{b.X, b.Y}, {b.Y, b.X}} {
		if analysisutil.IsNil(info, pair[1]) && analysisutil.IsError(info.TypeOf(pair[0])) {
			return true
		}
	}
	return false
}

// onlyLenOf reports whether cond compares len(v) with constants only
// (len(vs) > 0, len(vs) != 0 && len(vs) < 8).
func onlyLenOf(info *types.Info, cond ast.Expr, v *types.Var) bool {
	switch c := ast.Unparen(cond).(type) {
	case *ast.BinaryExpr:
		switch c.Op {
		case token.LAND, token.LOR:
			return onlyLenOf(info, c.X, v) && onlyLenOf(info, c.Y, v)
		case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
			isLen := func(e ast.Expr) bool {
				call, ok := ast.Unparen(e).(*ast.CallExpr)
				if !ok || len(call.Args) != 1 || !analysisutil.IsBuiltinCall(info, call, "len") {
					return false
				}
				id, ok := ast.Unparen(call.Args[0]).(*ast.Ident)
				return ok && info.Uses[id] == types.Object(v)
			}
			isConst := func(e ast.Expr) bool { return info.Types[e].Value != nil }
			return isLen(c.X) && isConst(c.Y) || isConst(c.X) && isLen(c.Y)
		}
	}
	return false
}

// everyValue returns what reading the header a.Header by the name a.Key
// that is not a constant carries: every header's value when the name is
// the variable of a loop over all the names of that header (see visit),
// nothing otherwise (a name from elsewhere may be any, and is taken to be
// a harmless one).
func (s *fstate) everyValue(a httpmodel.HeaderAccess) val {
	v := s.varOf(a.Key)
	if v == nil {
		return val{}
	}
	h, ok := s.allKeys[v]
	if !ok || s.key(h) == "" || s.key(h) != s.key(a.Header) {
		return val{}
	}
	return s.eval(a.Header)
}

// isFresh reports whether e is a header value that holds nothing yet:
// nil, make(...), or a composite literal.
func isFresh(info *types.Info, e ast.Expr) bool {
	switch x := ast.Unparen(e).(type) {
	case *ast.CompositeLit:
		return len(x.Elts) == 0
	case *ast.CallExpr:
		return analysisutil.IsBuiltinCall(info, x, "make")
	case *ast.Ident:
		tv, ok := info.Types[x]
		return ok && tv.IsNil()
	}
	return false
}

func (s *fstate) addFill(h ast.Expr, at token.Pos) {
	if k := s.key(h); k != "" {
		s.fills[k] = append(s.fills[k], at)
	}
}

// filled reports whether the header with key k was given values after
// from and before pos.
func (s *fstate) filled(k string, from, pos token.Pos) bool {
	for _, at := range s.fills[k] {
		if from <= at && at <= pos {
			return true
		}
	}
	return false
}

func (s *fstate) addDel(h ast.Expr, name string, at token.Pos) {
	if k := s.key(h); k != "" {
		s.dels[k] = append(s.dels[k], del{at: at, name: name})
	}
}

// key names the storage that a header expression denotes: a variable, or
// a chain of field selections from one (r.Header), so that a deletion and
// a later use can be matched. It is "" for other expressions.
func (s *fstate) key(e ast.Expr) string {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		if v := s.varOf(x); v != nil {
			if k := s.headerAlias(v); k != "" {
				return k
			}
			return fmt.Sprintf("%p", v)
		}
	case *ast.SelectorExpr:
		sel, ok := s.info.Selections[x]
		if !ok {
			return s.key(x.Sel) // a package-level variable
		}
		if sel.Kind() == types.FieldVal {
			if k := s.key(x.X); k != "" {
				return k + "." + x.Sel.Name
			}
		}
	case *ast.StarExpr:
		return s.key(x.X)
	case *ast.UnaryExpr:
		if x.Op == token.AND {
			return s.key(x.X) // &copy is the storage of copy
		}
	}
	return ""
}

// headerAlias returns the key of the header field that v, a local
// http.Header given one value, aliases (h := r.Header: a map, so h.Set
// and h.Del change r.Header), or "".
func (s *fstate) headerAlias(v *types.Var) string {
	if s.decl == nil || !isHeader(v.Type()) || v.Pos() < s.decl.Pos() || v.Pos() >= s.decl.End() {
		return ""
	}
	if k, ok := s.aliases[v]; ok {
		return k
	}
	if s.aliases == nil {
		s.aliases = map[*types.Var]string{}
	}
	s.aliases[v] = "" // while asked: a variable given itself is none
	values, ok := flow.Assigned(s.info, s.decl, v)
	if !ok || len(values) != 1 {
		return ""
	}
	sel, ok := ast.Unparen(values[0]).(*ast.SelectorExpr)
	if !ok {
		return ""
	}
	if f, ok := s.info.Selections[sel]; !ok || f.Kind() != types.FieldVal {
		return ""
	}
	k := s.key(sel)
	s.aliases[v] = k
	return k
}

// headerKey returns the key of the header that e holds or is: e itself
// for an http.Header, its Header field for a request or a response.
func (s *fstate) headerKey(e ast.Expr, t types.Type) string {
	switch {
	case isHeader(t):
		return s.key(e)
	case isRequest(t), isWholeResponse(t):
		if k := s.key(e); k != "" {
			return k + ".Header"
		}
	}
	return ""
}

// missing returns the configured headers that have not been removed from
// the header with key k before pos.
func (s *fstate) missing(k string, pos token.Pos) []string {
	return s.c.missingNames(s.removedAt(k, pos, true))
}

// holds reports whether the header h may still hold name at pos.
func (s *fstate) holds(h ast.Expr, name string, pos token.Pos) bool {
	return s.holdsKey(s.key(h), name, pos)
}

// holdsKey reports whether the header with key k may still hold name at
// pos.
func (s *fstate) holdsKey(k string, name string, pos token.Pos) bool {
	if k == "" {
		return true
	}
	for _, d := range s.dels[k] {
		if d.applies(pos) && (d.name == "" || d.name == name) {
			return false
		}
	}
	return true
}

// redacted reports whether e, a header or a request, has been redacted
// before it is used: every configured header deleted or masked, or the
// whole header replaced. A redaction that leaves some of them is partial
// (see partial.go): the header may still hold those.
func (s *fstate) redacted(e ast.Expr, t types.Type) bool {
	return s.redactedBy(e, t, true)
}

// redactedBy is redacted; fresh says whether a header replaced by an
// empty one counts (it holds nothing, but it redacts nothing either: a
// function that returns a new header is no redacting helper).
func (s *fstate) redactedBy(e ast.Expr, t types.Type, fresh bool) bool {
	set := s.removedAt(s.headerKey(e, t), e.Pos(), fresh)
	if isWholeResponse(t) || isResponseHeader(s.info, e) {
		return s.c.completeResponse(set)
	}
	return s.c.complete(set)
}

// eval returns what the value of e may carry.
func (s *fstate) eval(e ast.Expr) val {
	v, known := s.eval0(e)
	t := s.info.TypeOf(e)
	if !known && isRequest(t) {
		v.c |= credRequest
	}
	if isWholeResponse(t) && !responseLiteral(e) && !s.literalResponse(e) && !funcLitCall(e) && !s.c.completeResponse(s.removesOf(e)) {
		// Every response but one written here holds what some server
		// set in its header: it needs no origin, and the result of a
		// function of the package is no exception (see summarize).
		v.c |= credResponse
	}
	if v.c&credRequest != 0 && isRequest(t) {
		if id, ok := ast.Unparen(e).(*ast.Ident); ok && s.ownWhole(id) {
			v.c &^= credRequest
		}
	}
	if (isHeader(t) || isRequest(t) || isWholeResponse(t)) && s.redacted(e, t) {
		return val{}
	}
	return v
}

// eval0 returns what e carries by its origins; known is true when e is a
// call whose results the analyzer knows (a summarised function, a function
// literal), so that its type alone says nothing more.
func (s *fstate) eval0(e ast.Expr) (v val, known bool) {
	info := s.info
	switch x := e.(type) {
	case *ast.ParenExpr:
		return s.eval0(x.X)
	case *ast.Ident:
		obj := s.varOf(x)
		if obj == nil {
			return val{}, false
		}
		v := s.f.Var(obj, x.Pos())
		// A package variable, a parameter or a local variable that the
		// package sends as a credential (credfield.go).
		v.c |= s.c.credVars()[obj]
		v.c = s.mapSecret(obj, v.c)
		if s.c.decodedAt(obj, x.Pos()) {
			v.c |= credSecret
		}
		if s.truncated(obj, x.Pos()) {
			v.c &= boundedKeeps
		}
		v.c &= s.caseMask(obj)
		return v, false
	case *ast.SelectorExpr:
		sel, ok := info.Selections[x]
		if !ok {
			return s.eval0(x.Sel) // a package-level variable
		}
		if sel.Kind() != types.FieldVal {
			return val{}, false
		}
		f, _ := sel.Obj().(*types.Var)
		switch {
		case f != nil && f.Name() == "Header" && isHeader(f.Type()) && isRestyRequest(sel.Recv()):
			// A resty request's Header holds what the caller set on it
			// (SetHeader("X-Api-Key", k), SetHeaders), as a request's
			// header does.
			return val{c: credHeader}, false
		case f != nil && f.Pkg() != nil && f.Pkg().Path() != httpPkg:
			// c.token, when the package sends it as a credential;
			// cfg.Password, tok.AccessToken, which hold a secret
			// (secret.go); in a print method followed for its fields,
			// the field of the receiver (printfields.go).
			v := s.litField(x, f)
			v.p |= s.recvField(x, sel)
			v.c |= s.c.credVars()[f]
			v.c = s.mapSecret(f, v.c)
			if pf := wrappedField(s.c.pass, x); pf != nil {
				v.c |= s.c.credVars()[pf] // conf.Token.String
			}
			v.c |= s.c.dumpFields[f] // t.lastDump, stored by another method
			if secret, ptr := s.c.secretSel(x); secret && !ptr {
				v.c |= credSecret
			}
			return v, false
		case f == nil || f.Pkg() == nil:
		case isHeader(f.Type()):
			// Request.Header, Request.Trailer, Response.Header, ...
			if s.ownHeader(x) {
				return val{}, false
			}
			return val{c: credHeader}, false
		case (f.Name() == "Value" || f.Name() == "Raw") && httpmodel.IsNamed(sel.Recv(), httpPkg, "Cookie"):
			xv := s.eval(x.X)
			return val{c: xv.c & credCookie, p: xv.p}, false
		case f.Name() == "URL" && isRequest(sel.Recv()):
			// req.URL of a request whose address holds a secret (made
			// with "?api_key="+k, or given req.URL.RawQuery =
			// q.Encode()): the address, with the secret, not the
			// request's header.
			// (What the request carries elsewhere, a form body with a
			// refresh token, its URL does not print.)
			if s.urlHoldsSecret(x.X) {
				return val{c: credSecret}, false
			}
		}
		return val{}, false
	case *ast.StarExpr:
		v, known := s.eval0(x.X)
		if sel, ok := ast.Unparen(x.X).(*ast.SelectorExpr); ok {
			if _, ptr := s.c.secretSel(sel); ptr {
				v.c |= credSecret // *req.Password
			}
		}
		return v, known
	case *ast.UnaryExpr:
		switch x.Op {
		case token.AND, token.ADD, token.SUB, token.XOR:
			return s.eval0(x.X)
		}
	case *ast.SliceExpr:
		xv := s.eval(x.X)
		if t := info.TypeOf(x.X); t != nil && x.High != nil && (isString(t) || httpmodel.IsStringOrBytes(t) && x.Low == nil && boundedConst(info, x.High)) {
			// tok[:4]: a bounded part of a secret string is the masking
			// idiom. tok[7:] keeps all but a prefix and still carries.
			// Of bytes, a short prefix of constant length (body[:50],
			// a sample); buf[:n] is what a read filled, not a part.
			return val{c: xv.c & boundedKeeps}, false
		}
		return xv, false
	case *ast.TypeAssertExpr:
		if s.cutAsserts && errorAssert(info, x) {
			return val{}, false
		}
		return s.eval(x.X), false
	case *ast.IndexExpr:
		if name, ok := httpmodel.MetadataRead(info, x); ok {
			return val{c: s.c.nameBit(name)}, false
		}
		if a, ok := httpmodel.HeaderIndexExpr(info, x); ok {
			if b := s.c.nameBit(a.Name); b != 0 && s.holds(a.Header, a.Name, x.Pos()) {
				return val{c: b}, false
			}
			if a.Name == "" {
				if v := s.varOf(a.Key); v != nil && s.folded[v] {
					// h[k] with k lowercased: the map's keys are
					// canonical, the read finds nothing.
					return val{}, false
				}
				return s.everyValue(a), false
			}
			return val{}, false
		}
		if tv, ok := info.Types[x.X]; ok && !tv.IsType() {
			if httpmodel.IsStringOrBytes(tv.Type) {
				// One byte of a secret (tok[i]) is not the secret.
				return val{}, false
			}
			v := s.eval(x.X)
			if v.c&credSecret == 0 {
				// Nothing for an entry to leave out.
			} else if entry, ok := s.literalEntry(x); ok {
				// env[port] of a map written as a literal here or
				// by a function of the package: the entry holds what
				// the literal and the writes give it, not the secret
				// of another entry.
				v.c = v.c&^credSecret | entry.c&credSecret
			} else if s.c.otherMapEntry(x) {
				// params["host"] of a map that holds a password: not
				// the password, unless the map's own values carry one.
				s.noMapSecret++
				own := s.eval(x.X)
				s.noMapSecret--
				v.c = v.c&^credSecret | own.c&credSecret
			}
			if s.firstField(x) {
				// strings.Split(auth, " ")[0]: the first field of an
				// authorization value is its scheme or its user name,
				// not the credential after it.
				v.c &^= s.c.nameBit("Authorization") | s.c.nameBit("Proxy-Authorization")
			}
			if s.recv != nil && s.c.otherEntry(x) {
				// A print method that prints one entry of a field
				// (r.Headers["Content-Type"]) does not print the
				// field (printfields.go).
				v.p = 0
			}
			return v, false
		}
	case *ast.BinaryExpr:
		if x.Op == token.ADD {
			v := s.eval(x.X).Join(s.eval(x.Y))
			if s.queryKeyBefore(x.X) && s.carriesText(x.Y) {
				// base + "?access_token=" + tok: the value of a
				// secret query parameter.
				v.c |= credSecret
			}
			return v, false
		}
	case *ast.CompositeLit:
		t := info.TypeOf(x)
		isErr := errorByFields(t)
		// A struct shows the secrets of its fields where it is printed
		// whole, by its type (noteSecret, foreignSecret) or its method:
		// a value does not carry them, unless it is an error that
		// prints its text fields, or a URL that prints its user's
		// password.
		keep := ^creds(0)
		if t != nil && isStruct(t) && !isErr && !isURL(t) {
			keep = ^credSecret
		}
		for i, elt := range x.Elts {
			value := elt
			kv, isKV := elt.(*ast.KeyValueExpr)
			if isKV {
				value = kv.Value
			}
			ev := s.eval(value)
			if isErr {
				s.c.noteErrorBuilt(t, ev.c)
				if shown, known := s.c.errorPrints(t, elt, i); known && !shown {
					// Its Error method's summary says it does not
					// print this field (printfields.go).
					ev = val{}
				} else if !printedField(t, elt, i) {
					ev = val{c: ev.c & valueKinds}
				}
			}
			if !isErr {
				ev = heldByPointer(info, value, ev)
			}
			k := keep
			if isKV && keep != ^creds(0) && isMap(info.TypeOf(value)) {
				// A map of the struct, printed with it, shows its
				// entries: Request{Headers: map[string]string{
				// "Authorization": "Bearer " + token}}.
				k = ^creds(0)
			}
			v = v.Join(val{c: ev.c & k, p: ev.p})
			if isKV && (t == nil || !isStruct(t)) {
				v = v.Join(s.eval(kv.Key))
				if s.isSecretEntry(kv.Key, kv.Value, httpmodel.IsNamed(t, "net/url", "Values")) {
					// url.Values{"client_secret": {s}},
					// map[string]any{"password": p}
					v.c |= credSecret
				}
			}
		}
		return v, false
	case *ast.CallExpr:
		t, known := s.tuple(x)
		if len(t) > 0 {
			return t[0], known
		}
		return val{}, known
	}
	return val{}, false
}

// litField returns what x.f carries, x a local variable whose values are
// struct literals (rl := &ResponseLog{Header: h}): the values the literals
// give field f. Other values of x, and fields assigned later, are not
// followed.
func (s *fstate) litField(x *ast.SelectorExpr, f *types.Var) val {
	if call, ok := ast.Unparen(x.X).(*ast.CallExpr); ok {
		out, _ := s.madeField(call, f) // newInfo(r).Auth
		return out
	}
	v := s.varOf(x.X)
	if v == nil {
		return val{}
	}
	out, _ := s.litValue(v, x.Pos(), f)
	return out
}

// litValue returns what the field f of the local variable v carries at
// pos: the values that the struct literals v is given give f. all is
// true when every value v may hold there is such a literal.
func (s *fstate) litValue(v *types.Var, pos token.Pos, f *types.Var) (out val, all bool) {
	all = true
	n := 0
	for _, d := range s.f.Defs(v, pos) {
		if d.Hidden {
			continue
		}
		n++
		if d.Idx > 0 || d.Range || d.Write != nil || d.Update || d.Rhs == nil {
			all = false
			continue
		}
		rhs := ast.Unparen(d.Rhs)
		if call, ok := rhs.(*ast.CallExpr); ok {
			// r := c.newRequest(path), r, err := ...: the callee's
			// summary says what it made (printfields.go).
			v, made := s.madeField(call, f)
			out = out.Join(v)
			all = all && made
			continue
		}
		if d.Idx >= 0 {
			all = false
			continue
		}
		if u, ok := rhs.(*ast.UnaryExpr); ok && u.Op == token.AND {
			rhs = ast.Unparen(u.X)
		}
		if lit, ok := rhs.(*ast.CompositeLit); ok {
			out = out.Join(s.litElt(lit, f))
		} else {
			all = false
		}
	}
	return out, all && n > 0
}

// litElt returns what the struct literal lit gives its field f.
func (s *fstate) litElt(lit *ast.CompositeLit, f *types.Var) val {
	var out val
	t := s.info.TypeOf(lit)
	if t == nil {
		return out
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return out
	}
	for i, elt := range lit.Elts {
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok && s.info.Uses[id] == f {
				out = out.Join(s.eval(kv.Value))
			}
		} else if i < st.NumFields() && st.Field(i) == f {
			out = out.Join(s.eval(elt))
		}
	}
	return out
}

// tupleExpr returns what each value of a multi-valued expression carries.
func (s *fstate) tupleExpr(e ast.Expr) []val {
	switch x := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		t, _ := s.tuple(x)
		return t
	case *ast.IndexExpr, *ast.TypeAssertExpr:
		return []val{s.eval(x), {}}
	}
	return nil
}

// tuple returns what each result of call carries.
func (s *fstate) tuple(call *ast.CallExpr) (out []val, known bool) {
	info := s.info
	n := 1
	if tv, ok := info.Types[call]; ok {
		if tup, ok := tv.Type.(*types.Tuple); ok {
			n = tup.Len()
		}
	}
	out = make([]val, n)
	if tv, ok := info.Types[call.Fun]; ok && tv.IsType() {
		if len(call.Args) == 1 && n > 0 {
			out[0] = s.eval(call.Args[0])
			if at := info.TypeOf(call.Args[0]); errorByFields(tv.Type) && (at == nil || !isText(at)) {
				// headerError(h): the error's Error method, not
				// fmt, decides what of h its text shows.
				out[0] = val{c: out[0].c & valueKinds}
			}
		}
		return out, false
	}
	if lit, ok := ast.Unparen(call.Fun).(*ast.FuncLit); ok {
		// Called on the spot: its results are what its returns carry.
		flow.ReturnsOf(lit.Body, func(ret *ast.ReturnStmt) {
			switch {
			case len(ret.Results) == n:
				for i, r := range ret.Results {
					out[i] = out[i].Join(s.eval(r))
				}
			case len(ret.Results) == 1:
				for i, v := range s.tupleExpr(ret.Results[0]) {
					if i < n {
						out[i] = out[i].Join(v)
					}
				}
			}
		})
		return out, true
	}
	if n == 0 {
		return out, false
	}
	if x, ok := analysisutil.UnsafeView(info, call); ok {
		out[0] = out[0].Join(s.eval(x))
		return out, false
	}
	if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
		if b, ok := info.Uses[id].(*types.Builtin); ok {
			switch b.Name() {
			case "append", "min", "max":
				for i, a := range call.Args {
					v := s.eval(a)
					if i > 0 && !call.Ellipsis.IsValid() {
						v = heldByPointer(info, a, v)
					}
					out[0] = out[0].Join(v)
				}
			}
			return out, false
		}
	}
	fn := httpmodel.Callee(info, call)
	if fn == nil {
		if fn = s.funcVarTarget(call); fn == nil {
			return out, false
		}
	}
	recv, args := httpmodel.Receiver(info, call)
	if name, ok := httpmodel.MetadataRead(info, call); ok {
		// md.Get("authorization"): a credential header of a gRPC call.
		out[0].c |= s.c.nameBit(name)
		return out, false
	}
	if subject, ok := scrubbed(info, fn, args); ok {
		if s.scrubMisses(fn, recv, args) {
			out[0] = s.eval(subject)
		}
		return out, false
	}
	switch {
	case httpmodel.IsMethod(fn, httpPkg, "Header"):
		if a, ok := httpmodel.HeaderRead(info, call); ok {
			if b := s.c.nameBit(a.Name); b != 0 && s.holds(a.Header, a.Name, call.Pos()) {
				out[0].c |= b
			} else if a.Name == "" {
				out[0] = out[0].Join(s.everyValue(a))
			}
		} else if fn.Name() == "Clone" && recv != nil {
			out[0] = s.eval(recv)
		}
		return out, false
	case httpmodel.IsMethod(fn, httpPkg, "Request", "BasicAuth"):
		if recv != nil && n == 3 && s.wholeRequest(recv) {
			out[1].c |= credPassword
		}
		return out, false
	case httpmodel.IsMethod(fn, httpPkg, "Request", "Cookie", "Cookies"):
		if recv != nil && s.wholeRequest(recv) {
			out[0].c |= credCookie
		}
		return out, false
	case httpmodel.IsMethod(fn, httpPkg, "Response", "Cookies"),
		httpmodel.IsPkgFunc(fn, httpPkg, "ParseCookie", "ParseSetCookie"):
		out[0].c |= credCookie
		return out, false
	case httpmodel.IsMethod(fn, httpPkg, "Cookie", "String"):
		if recv != nil {
			rv := s.eval(recv)
			out[0] = val{c: rv.c & credCookie, p: rv.p}
		}
		return out, false
	case httpmodel.IsPkgFunc(fn, httputilPkg, "DumpRequest", "DumpRequestOut"):
		if len(args) > 0 && s.wholeRequest(args[0]) && !s.bareDump(call) {
			out[0].c |= credDump
		}
		return out, false
	case httpmodel.IsMethod(fn, httpPkg, "ResponseWriter", "Header"):
		out[0].c |= credHeader
		return out, false
	case httpmodel.IsPkgFunc(fn, "os", "Getenv", "LookupEnv"):
		// os.Getenv("MAPS_API_KEY"): a variable whose name says it
		// holds a secret.
		if len(args) == 1 {
			if name, ok := httpmodel.ConstString(info, args[0]); ok && secrets.Name(name) && !s.c.pathEnv(s.decl, call) {
				out[0].c |= credSecret
			}
		}
		return out, false
	case httpmodel.IsMethod(fn, "net/url", "Userinfo", "Password"):
		// The password of a URL's user.
		out[0].c |= credSecret
		return out, false
	case httpmodel.IsPkgFunc(fn, "net/url", "UserPassword"):
		// User information that holds a password (its String method
		// prints it); a constant that reads as a mask is none
		// (url.UserPassword(name, "xxxxx") in a redacting helper).
		if len(args) == 2 {
			if !isMarker(info, args[1]) {
				out[0].c |= credSecret
			}
		}
		return out, false
	}
	if f := s.c.fact(fn); f != nil {
		for i := range out {
			if i < len(f.Results) {
				out[i].c = creds(f.Results[i])
			}
			if i < len(f.Passes) && f.Passes[i] != 0 && !(f.ListMask > 0 && f.ListMask <= len(args) && s.c.listCovers(args[f.ListMask-1], listNorm{f.ListNorm[0], f.ListNorm[1]})) {
				passes := f.Passes[i]
				if n, v := f.NameMask[0], f.NameMask[1]; n > 0 && v > 0 && n <= len(args) {
					if _, isConst := httpmodel.ConstString(s.info, args[n-1]); !isConst {
						// scrub(k, v) with the name of a header's
						// entry: the value comes back masked when it
						// is a credential's (namemask.go).
						passes &^= 1 << (v - 1)
					}
				}
				out[i] = out[i].Join(s.passed(fn, args, passes))
				out[i].c |= s.derefSecret(call, fn, i, args, passes)
			}
		}
		known = true
	} else {
		s.carry(fn, call, recv, args, out)
	}
	s.urlSecret(fn, recv, args, out)
	return out, known
}

// mapSecret returns c, what the map variable or field v carries, with
// what the package's reads and masks of it say (see checker.mapSecret):
// a secret it reads under a secret key, or none where it masks that key
// (a masked copy, safe := maps.Clone(params); safe["password"] = "***").
func (s *fstate) mapSecret(v *types.Var, c creds) creds {
	switch {
	case s.c.maskedMap(v):
		return c &^ credSecret
	case s.noMapSecret == 0 && s.c.mapSecret(v):
		return c | credSecret
	}
	return c
}

// derefSecret returns credSecret when the i-th result of call, a call of
// fn, is text (of the instance the call makes: ptr.Deref(p, "")) that
// derives from an argument (passes: the parameters it derives from, the
// variadic ones all the last) selecting a pointer to a secret field's
// text: the text the pointer points to (isFlagSet(flags.BearerToken),
// aws.StringValue(c.Password)), which fmt prints where the pointer itself
// prints an address.
func (s *fstate) derefSecret(call *ast.CallExpr, fn *types.Func, i int, args []ast.Expr, passes uint64) creds {
	t := s.info.TypeOf(call)
	if tup, ok := t.(*types.Tuple); ok {
		if i >= tup.Len() {
			return 0
		}
		t = tup.At(i).Type()
	} else if i > 0 {
		return 0
	}
	if t == nil || !httpmodel.IsStringOrBytes(t) {
		return 0
	}
	secret := false
	forParams(fn, args, passes, func(a ast.Expr) {
		if sel, ok := ast.Unparen(a).(*ast.SelectorExpr); ok {
			if isSecret, ptr := s.c.secretSel(sel); isSecret && ptr {
				secret = true
			}
		}
	})
	if secret {
		return credSecret
	}
	return 0
}

// forParams calls f for each of args, the arguments of a call of fn,
// handed to one of the parameters in params (bit i for the i-th; a
// variadic parameter's arguments all count as the last).
func forParams(fn *types.Func, args []ast.Expr, params uint64, f func(ast.Expr)) {
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil {
		return
	}
	np := sig.Params().Len()
	for i, a := range args {
		pi := i
		if sig.Variadic() && i >= np-1 {
			pi = np - 1
		}
		if pi < 64 && params&(1<<pi) != 0 {
			f(a)
		}
	}
}

// urlSecret adds to out what a request's URL brings to net/http's results:
// a request made from a URL that holds a secret in its query or path
// (http.NewRequest(m, base+"?api_key="+key, nil)) holds it, and the error
// of a send, a *url.Error, prints that URL (http.Get(u), c.Do(req)). The
// client strips a user's password from the URL it prints, so a function
// that sets one (url.UserPassword, url.User) is left out.
func (s *fstate) urlSecret(fn *types.Func, recv ast.Expr, args []ast.Expr, out []val) {
	if fn.Pkg() == nil || len(out) == 0 {
		return
	}
	if fn.Pkg().Path() != httpPkg && !httpmodel.IsClientDo(fn) {
		return
	}
	if u := newRequestURL(fn, args); u != nil {
		v := s.eval(u)
		out[0] = out[0].Join(val{c: v.c & credSecret, p: v.p})
		return
	}
	switch {
	case isURLSend(fn):
		if len(args) > 0 && len(out) == 2 {
			// The error prints the URL (what a summary of net/http
			// says it passes on): a secret in it as a *url.Error's.
			u := s.eval(args[0])
			out[1] = val{p: u.p}
			if u.c&credSecret != 0 && !s.setsUserinfo() {
				out[1].c |= credURLError
			}
		}
	case httpmodel.IsClientDo(fn):
		// Client.Do, or a Doer's Do: its default is a *http.Client.
		if len(args) == 1 && len(out) == 2 && !s.setsUserinfo() {
			secret, params := s.requestURL(args[0])
			if secret {
				out[1].c |= credURLError
			}
			// The error prints the URL the function was handed.
			out[1].p |= params
		}
	}
}

// urlHoldsSecret reports whether the URL of the request req, a local
// variable, holds a secret: the URL a NewRequest that assigns it is made
// with, or a value stored in its URL (req.URL.RawQuery = q.Encode()). What
// else the request carries (a body, a header) its error does not print.
func (s *fstate) urlHoldsSecret(req ast.Expr) bool {
	secret, _ := s.requestURL(req)
	return secret
}

// requestURL reports whether the URL of the request req, a local
// variable, holds a secret (see urlHoldsSecret), and the parameters of
// the function the URL it is made with derives from.
func (s *fstate) requestURL(req ast.Expr) (secret bool, params uint64) {
	if x := httpmodel.CopiedRequest(s.info, req); x != nil {
		return s.requestURL(x) // req.WithContext(ctx): the same URL
	}
	v := s.varOf(req)
	if v == nil || s.f == nil {
		return false, 0
	}
	for _, d := range s.f.Defs(v, req.Pos()) {
		switch {
		case d.Hidden || d.Rhs == nil:
		case d.Update:
			if s.eval(d.Rhs).c&credSecret != 0 {
				secret = true
			}
		default:
			call, ok := ast.Unparen(d.Rhs).(*ast.CallExpr)
			if !ok || d.Idx > 0 {
				continue
			}
			if x := httpmodel.CopiedRequest(s.info, call); x != nil {
				sec, p := s.requestURL(x)
				secret, params = secret || sec, params|p
				continue
			}
			if u := newRequestURL(httpmodel.Callee(s.info, call), call.Args); u != nil {
				uv := s.eval(u)
				secret = secret || uv.c&credSecret != 0
				params |= uv.p
			}
		}
	}
	return secret, params
}

// setsUserinfo reports whether the function gives a URL a user
// (url.UserPassword, url.User), whose password the client strips from
// the URL its errors print.
func (s *fstate) setsUserinfo() bool {
	if s.userinfo == 0 {
		s.userinfo = 1
		if slices.ContainsFunc(s.c.calls.Calls(s.decl), func(call callindex.Call) bool {
			return httpmodel.IsPkgFunc(call.Callee, "net/url", "User", "UserPassword")
		}) {
			s.userinfo = 2
		}
	}
	return s.userinfo == 2
}

// newRequestURL returns the URL argument of a call of fn with args when fn
// is http.NewRequest or NewRequestWithContext, or nil.
func newRequestURL(fn *types.Func, args []ast.Expr) ast.Expr {
	if httpmodel.IsPkgFunc(fn, httpPkg, "NewRequest") && len(args) == 3 ||
		httpmodel.IsPkgFunc(fn, httpPkg, "NewRequestWithContext") && len(args) == 4 {
		return args[len(args)-2]
	}
	return nil
}

// passed returns what the arguments args of a call of fn carry at the
// parameters whose bits are set in params (the arguments of a variadic
// parameter all count).
func (s *fstate) passed(fn *types.Func, args []ast.Expr, params uint64) val {
	var v val
	forParams(fn, args, params, func(a ast.Expr) { v = v.Join(s.eval(a)) })
	return v
}

// carry adds to out what the results of a standard function that computes
// text from its arguments carry: strings, bytes and strconv, the fmt
// formatting functions (only the arguments a verb prints), errors.New,
// encoding/json.Marshal, maps.Clone and the Error method of an error
// interface. Only text results carry (a length, an index or a found bool
// does not), and the copy maps.Clone makes.
func (s *fstate) carry(fn *types.Func, call *ast.CallExpr, recv ast.Expr, args []ast.Expr, out []val) {
	if fn.Name() == "Error" && recv != nil && len(args) == 0 && len(out) == 1 {
		if t := s.info.TypeOf(recv); t != nil && types.IsInterface(t) && implementsError(t) {
			// err.Error() is the text the error carries.
			out[0] = out[0].Join(s.eval(recv))
			return
		}
	}
	if fn.Pkg() == nil {
		return
	}
	var in val
	firstOnly := false
	switch path := fn.Pkg().Path(); {
	case path == "strings" || path == "bytes" || path == "strconv" || path == "bufio" || path == "net/textproto":
		// bufio too: a Scanner or Reader over text (bufio.NewScanner(
		// bytes.NewReader(dump)), and the lines read from it; and a
		// textproto.Reader over one, with the lines and the MIME
		// header it reads (r.ReadMIMEHeader() of a dump's reader holds
		// every header of the dump).
		if recv != nil {
			in = s.eval(recv)
		}
		for _, a := range args {
			in = in.Join(s.eval(a))
		}
	case path == "fmt":
		switch fn.Name() {
		case "Sprint", "Sprintln", "Append", "Appendln":
			for _, a := range args {
				in = in.Join(s.eval(a))
			}
		case "Sprintf":
			in = s.formatted(call, args, 0)
		case "Errorf":
			in, firstOnly = s.formatted(call, args, 0), true
		case "Appendf":
			if len(args) > 0 {
				in = s.eval(args[0]).Join(s.formatted(call, args, 1))
			}
		default:
			return
		}
	case path == "errors" && fn.Name() == "New" && len(args) == 1:
		in, firstOnly = s.eval(args[0]), true
	case errorPkgs[path]:
		// github.com/pkg/errors and its kin: New(msg), Errorf(format,
		// args...), Wrap(err, msg), Wrapf(err, format, args...): the
		// error's text holds the message, the arguments its verbs print
		// and the wrapped error's text.
		sig := fn.Type().(*types.Signature)
		np := sig.Params().Len()
		if !implementsError(resultType(sig)) {
			return
		}
		fi := -1
		if sig.Variadic() && np >= 2 && isString(sig.Params().At(np-2).Type()) {
			fi = np - 2
		}
		for i, a := range args {
			if fi >= 0 && i >= fi {
				break
			}
			in = in.Join(s.eval(a))
		}
		if fi >= 0 {
			in = in.Join(s.formatted(call, args, fi))
		}
		firstOnly = true
	case dumper(fn):
		// A deep dump (spew.Sdump(conf)): every argument printed whole,
		// through pointers, with the secret fields found at any depth.
		for _, a := range args {
			in = in.Join(s.eval(a))
			if s.c.dumpedSecret(s.info.TypeOf(a)) != nil {
				in.c |= credSecret
			}
		}
	case marshaller(fn) != "" && len(args) > 0:
		in = s.eval(args[0]).Join(s.marshalledLit(args[0], marshaller(fn)))
		if s.c.marshalsSecret(s.info.TypeOf(args[0]), marshaller(fn)) {
			// A body made of a value with a secret field.
			in.c |= credSecret
		}
	case path == "io" && recv == nil:
		// io.ReadAll(r) of a reader over text (bytes.NewReader(body))
		// reads the text back; NopCloser, LimitReader, MultiReader and
		// TeeReader give a reader of the same text.
		switch fn.Name() {
		case "ReadAll", "NopCloser", "LimitReader", "MultiReader":
			for _, a := range args {
				in = in.Join(s.eval(a))
			}
		case "TeeReader":
			if len(args) > 0 {
				in = s.eval(args[0])
			}
		default:
			return
		}
		firstOnly = true
	case path == "net/url" && recv == nil:
		// url.QueryEscape(tok), url.Parse(base + "?key=" + k): the
		// text, escaped or parsed.
		switch fn.Name() {
		case "QueryEscape", "PathEscape", "Parse", "ParseRequestURI", "JoinPath":
			for _, a := range args {
				in = in.Join(s.eval(a))
			}
		default:
			return
		}
	case path == "net/url" && recv != nil && (fn.Name() == "String" || fn.Name() == "Encode"):
		// u.String(), which prints the user's password, ui.String(),
		// v.Encode() of a form.
		in = s.eval(recv)
	case path == "encoding/base64" || path == "encoding/base32" || path == "encoding/hex":
		// base64.StdEncoding.EncodeToString([]byte(user + ":" + pass)),
		// hex.EncodeToString(key): an encoding is the secret spelled
		// otherwise, and a decoding of one is the secret.
		switch name := fn.Name(); {
		case strings.HasPrefix(name, "Encode"), strings.HasPrefix(name, "AppendEncode"),
			strings.HasPrefix(name, "Decode"), strings.HasPrefix(name, "AppendDecode"):
			for _, a := range args {
				in = in.Join(s.eval(a))
			}
		default:
			return
		}
	case path == "maps" && fn.Name() == "Clone" && len(args) == 1 && len(out) == 1:
		// maps.Clone(h): a copy of every header, as h.Clone() is.
		out[0] = out[0].Join(s.eval(args[0]))
		return
	default:
		return
	}
	sig := fn.Type().(*types.Signature)
	for i := range out {
		if i < sig.Results().Len() && (holdsText(sig.Results().At(i).Type()) || (firstOnly && i == 0)) {
			out[i] = out[i].Join(in)
		}
	}
}

// errorPkgs are the packages whose functions return an error whose text
// is made from their arguments, as fmt.Errorf's is: they do not reach
// net/http, so the analyzer does not summarise them.
var errorPkgs = map[string]bool{
	"github.com/pkg/errors":         true,
	"golang.org/x/xerrors":          true,
	"github.com/cockroachdb/errors": true,
	"emperror.dev/errors":           true,
}

// resultType returns the type of the first result of sig, or nil.
func resultType(sig *types.Signature) types.Type {
	if sig.Results().Len() == 0 {
		return nil
	}
	return sig.Results().At(0).Type()
}

// formatted returns what a printf-style call at fi carries: its format and
// the arguments that their verbs print.
func (s *fstate) formatted(call *ast.CallExpr, args []ast.Expr, fi int) val {
	if fi >= len(args) {
		return val{}
	}
	v := s.eval(args[fi])
	as, _ := logsink.Args(s.info, call, logsink.Sink{Format: fi, Verbs: fi + 1, Writer: -1, All: true})
	for _, a := range as {
		if a.Expr != args[fi] && logsink.Reveals(a.Verb, s.info.TypeOf(a.Expr)) {
			v = v.Join(s.eval(a.Expr))
		}
	}
	if format, ok := s.formatText(args[fi]); ok {
		// fmt.Sprintf("%s?api_key=%s", base, k): the value of a secret
		// query parameter, as base + "?api_key=" + k.
		logsink.Directives(format, func(arg int, verb rune, at int) {
			if a := fi + 1 + arg; strings.ContainsRune("svq", verb) && secretQueryKey(format[:at]) && a < len(args) && s.carriesText(args[a]) {
				v.c |= credSecret
			}
		})
	}
	return v
}

// formatText returns the text of a printf format: a constant, or a local
// variable assigned only a constant (url1 := "...?appid=%s").
func (s *fstate) formatText(e ast.Expr) (string, bool) {
	if text, ok := httpmodel.ConstString(s.info, e); ok {
		return text, true
	}
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok || s.decl == nil {
		return "", false
	}
	v, ok := s.info.Uses[id].(*types.Var)
	if !ok || v.Kind() != types.LocalVar {
		return "", false
	}
	vals, known := flow.Assigned(s.info, s.decl, v)
	if !known || len(vals) != 1 {
		return "", false
	}
	return httpmodel.ConstString(s.info, vals[0])
}

// isText reports whether a value of type t is text: a string, a byte
// slice, or a slice of them.
func isText(t types.Type) bool {
	// A slice type may hold itself (type T []T): stop when an element
	// type comes round again.
	seen := map[types.Type]bool{}
	for !seen[t] {
		seen[t] = true
		switch u := t.Underlying().(type) {
		case *types.Basic:
			return u.Info()&types.IsString != 0
		case *types.Slice:
			if b, ok := u.Elem().Underlying().(*types.Basic); ok && b.Kind() == types.Byte {
				return true
			}
			t = u.Elem()
			continue
		}
		return false
	}
	return false
}

// holdsText reports whether a value of type t is text, or holds text
// that it gives back whole or in parts: an iterator over text
// (strings.Lines, bytes.SplitSeq), a reader or scanner of the
// strings, bytes, bufio and net/textproto packages (bytes.NewReader(dump),
// bytes.NewBuffer(dump), bufio.NewScanner(r), textproto.NewReader(br)), or the
// textproto.MIMEHeader such a reader reads.
func holdsText(t types.Type) bool {
	if isText(t) {
		return true
	}
	switch u := t.Underlying().(type) {
	case *types.Signature:
		// func(yield func(V) bool) and func(yield func(K, V) bool)
		if u.Params().Len() != 1 || u.Results().Len() != 0 {
			return false
		}
		yield, ok := u.Params().At(0).Type().Underlying().(*types.Signature)
		if !ok || yield.Params().Len() == 0 {
			return false
		}
		return isText(yield.Params().At(yield.Params().Len() - 1).Type())
	case *types.Pointer:
		n, ok := types.Unalias(u.Elem()).(*types.Named)
		if !ok || n.Obj().Pkg() == nil {
			return false
		}
		switch n.Obj().Pkg().Path() {
		case "strings":
			return n.Obj().Name() == "Reader"
		case "bytes":
			// bytes.NewBuffer(dump) read back as bytes.NewReader(dump) is.
			return n.Obj().Name() == "Reader" || n.Obj().Name() == "Buffer"
		case "bufio":
			return n.Obj().Name() == "Reader" || n.Obj().Name() == "Scanner"
		case "net/textproto":
			return n.Obj().Name() == "Reader"
		}
	case *types.Map:
		// A textproto.MIMEHeader read from text holds it.
		n, ok := types.Unalias(t).(*types.Named)
		return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "net/textproto" && n.Obj().Name() == "MIMEHeader"
	}
	return false
}

// boundedKeeps are the kinds that a bounded part of a text still shows:
// a dump or a header written at its start (see eval0's slices).
const boundedKeeps = credDump | credRespDump | credHeader | credRequest

// maxSample is the longest constant prefix of a text taken for a bounded
// part of it (a sample of an answer's start, which holds field names
// before values); a kilobyte of a token's answer holds the token.
const maxSample = 64

// boundedConst reports whether e is a constant no greater than maxSample.
func boundedConst(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	if !ok || tv.Value == nil {
		return false
	}
	n, exact := constant.Int64Val(constant.ToInt(tv.Value))
	return exact && n <= maxSample
}

// truncated reports whether v, a local text variable read at pos, was cut
// to a short constant length before pos by the sampling idiom (see
// samplingCuts): what v holds is then a bounded part of the text, as
// sample[:max] is.
func (s *fstate) truncated(v *types.Var, pos token.Pos) bool {
	if v.IsField() || v.Pkg() == nil || v.Parent() == nil || v.Parent() == v.Pkg().Scope() || !isText(v.Type()) {
		return false
	}
	f, ok := s.c.calls.DeclAt(v.Pos())
	if !ok || f.Decl.Body == nil {
		return false
	}
	cut, ok := s.c.samplingCuts(f.Decl)[v]
	return ok && cut <= pos
}

// samplingCuts returns, for each variable of fd cut by the sampling idiom
// (sample := body; if len(sample) > max { sample = sample[:max] }, max a
// constant of at most maxSample), the end of the if statement that cuts
// it. The if is a statement of the block that declares the variable, so
// it runs before every later statement of that block; the variable is
// cut once, not assigned after it, not assigned by a function literal or
// a range, its address is not taken, and it is not sliced otherwise
// (sample[:cap(sample)] would grow it back). Found once for each
// function, for every variable read in it.
func (c *checker) samplingCuts(fd *ast.FuncDecl) map[*types.Var]token.Pos {
	if cuts, ok := c.cuts[fd]; ok {
		return cuts
	}
	info := c.pass.TypesInfo
	type cut struct {
		ifs   *ast.IfStmt
		slice *ast.SliceExpr
	}
	found := map[*types.Var]cut{}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		ifs, ok := n.(*ast.IfStmt)
		if !ok || ifs.Init != nil || ifs.Else != nil || len(ifs.Body.List) != 1 {
			return true
		}
		b, ok := ast.Unparen(ifs.Cond).(*ast.BinaryExpr)
		if !ok || b.Op != token.GTR && b.Op != token.GEQ || !boundedConst(info, b.Y) {
			return true
		}
		lenCall, ok := ast.Unparen(b.X).(*ast.CallExpr)
		if !ok || !analysisutil.IsBuiltinCall(info, lenCall, "len") || len(lenCall.Args) != 1 {
			return true
		}
		v := flow.VarOf(info, lenCall.Args[0])
		as, ok := ifs.Body.List[0].(*ast.AssignStmt)
		if v == nil || !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 || as.Tok != token.ASSIGN || flow.VarOf(info, as.Lhs[0]) != v {
			return true
		}
		sl, ok := ast.Unparen(as.Rhs[0]).(*ast.SliceExpr)
		if !ok || sl.Low != nil || sl.High == nil || sl.Slice3 || flow.VarOf(info, sl.X) != v || !boundedConst(info, sl.High) {
			return true
		}
		if _, twice := found[v]; twice {
			found[v] = cut{} // cut twice: not the idiom
			return true
		}
		found[v] = cut{ifs: ifs, slice: sl}
		return true
	})
	cuts := map[*types.Var]token.Pos{}
	for v, k := range found {
		if k.ifs != nil && declaredWith(info, fd, v, k.ifs) && !changedBesides(info, fd, v, k.ifs, k.slice) {
			cuts[v] = k.ifs.End()
		}
	}
	if c.cuts == nil {
		c.cuts = map[*ast.FuncDecl]map[*types.Var]token.Pos{}
	}
	c.cuts[fd] = cuts
	return cuts
}

// declaredWith reports whether st is a statement of the block of fd that
// declares v.
func declaredWith(info *types.Info, fd *ast.FuncDecl, v *types.Var, st ast.Stmt) bool {
	declared := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		block, ok := n.(*ast.BlockStmt)
		if !ok || declared {
			return !declared
		}
		if sc := info.Scopes[block]; sc != v.Parent() && (block != fd.Body || info.Scopes[fd.Type] != v.Parent()) {
			return true
		}
		declared = slices.Contains(block.List, st)
		return false
	})
	return declared
}

// changedBesides reports whether fd may change v other than by the cut
// (the if statement ifs, whose slice expression is slice): an assignment
// after it, one in a function literal or a range, its address taken, or
// another slice of it or its capacity read.
func changedBesides(info *types.Info, fd *ast.FuncDecl, v *types.Var, ifs *ast.IfStmt, slice *ast.SliceExpr) bool {
	isV := func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		return ok && info.Uses[id] == v
	}
	changed := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if changed {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			ast.Inspect(n.Body, func(m ast.Node) bool {
				if as, ok := m.(*ast.AssignStmt); ok && slices.ContainsFunc(as.Lhs, isV) {
					changed = true
				}
				return !changed
			})
		case *ast.AssignStmt:
			changed = n.Pos() > ifs.End() && slices.ContainsFunc(n.Lhs, isV)
		case *ast.RangeStmt:
			changed = n.Key != nil && isV(n.Key) || n.Value != nil && isV(n.Value)
		case *ast.UnaryExpr:
			changed = n.Op == token.AND && isV(n.X)
		case *ast.SliceExpr:
			changed = n != slice && isV(n.X)
		case *ast.CallExpr:
			changed = analysisutil.IsBuiltinCall(info, n, "cap") && len(n.Args) == 1 && isV(n.Args[0])
		}
		return !changed
	})
	return changed
}

func isString(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

func isMap(t types.Type) bool {
	if t == nil {
		return false
	}
	_, ok := t.Underlying().(*types.Map)
	return ok
}

func isStruct(t types.Type) bool {
	_, ok := t.Underlying().(*types.Struct)
	return ok
}

func isHeader(t types.Type) bool {
	if t == nil {
		return false
	}
	if _, ptr := types.Unalias(t).(*types.Pointer); ptr {
		return false
	}
	return httpmodel.IsNamed(t, httpPkg, "Header")
}

func isRequest(t types.Type) bool {
	return t != nil && httpmodel.IsNamed(t, httpPkg, "Request")
}

// responseLiteral reports whether e is a response written in place
// (&http.Response{StatusCode: 500}) whose header the literal gives none
// or only a literal of its own (Header: http.Header{"Content-Type":
// ...}), which eval follows.
func responseLiteral(e ast.Expr) bool {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	lit, ok := e.(*ast.CompositeLit)
	if !ok {
		return false
	}
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			return false // positional: Header among them
		}
		if id, ok := kv.Key.(*ast.Ident); ok && id.Name == "Header" {
			if _, ok := ast.Unparen(kv.Value).(*ast.CompositeLit); !ok {
				return false // up.Header, make(http.Header) filled later
			}
		}
	}
	return true
}

// funcLitCall reports whether e calls a function literal on the spot,
// whose results are what its returns carry (see tuple).
func funcLitCall(e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	_, ok = ast.Unparen(call.Fun).(*ast.FuncLit)
	return ok
}

// literalEntry returns what the entry of ix, a read under a constant key
// that does not say secret, holds when the map is made of literals that
// the analysis sees whole (see mapEntries): the values the literals and
// the writes give that key, and those written under a key that is no
// constant. ok is false otherwise.
func (s *fstate) literalEntry(ix *ast.IndexExpr) (val, bool) {
	key, ok := httpmodel.ConstString(s.info, ix.Index)
	if !ok || secrets.FormKey(key) {
		return val{}, false
	}
	if _, ok := underMap(s.info.TypeOf(ix.X)); !ok || isHeader(s.info.TypeOf(ix.X)) {
		return val{}, false
	}
	entries, ok := s.entryIndex(ix.X)
	if !ok {
		return val{}, false
	}
	var out val
	for _, list := range [][]mapEntry{entries.byKey[key], entries.other} {
		for _, e := range list {
			v := e.st.eval(e.value)
			if e.st != s && v.p != 0 {
				// A function of the package that fills the entry
				// from its parameters (header(name, value)): what
				// the call hands it, which its state does not say.
				return val{}, false
			}
			out = out.Join(v)
		}
	}
	return out, true
}

// mapEntryIndex is what a map is given (see mapEntries), by constant key,
// and the entries whose key is no constant.
type mapEntryIndex struct {
	byKey map[string][]mapEntry
	other []mapEntry
}

// entryIndex is mapEntries for e, indexed, the index kept with the
// entries of a variable or a function.
func (s *fstate) entryIndex(e ast.Expr) (mapEntryIndex, bool) {
	entries, ok := s.mapEntries(e, 0)
	if !ok {
		return mapEntryIndex{}, false
	}
	var c *cachedEntries
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		if v := s.varOf(x); v != nil {
			if ce, ok := s.mapVars[v]; ok {
				c = ce
			}
		}
	case *ast.CallExpr:
		if fn := httpmodel.Callee(s.info, x); fn != nil {
			if ce, ok := s.c.mapFuncs[fn.Origin()]; ok {
				c = ce
			}
		}
	}
	if c == nil {
		return indexEntries(entries), true
	}
	if c.index == nil {
		ix := indexEntries(entries)
		c.index = &ix
	}
	return *c.index, true
}

// indexEntries indexes entries by their constant keys.
func indexEntries(entries []mapEntry) mapEntryIndex {
	ix := mapEntryIndex{byKey: map[string][]mapEntry{}}
	for _, e := range entries {
		if k, ok := httpmodel.ConstString(e.st.info, e.key); ok {
			ix.byKey[k] = append(ix.byKey[k], e)
		} else {
			ix.other = append(ix.other, e)
		}
	}
	return ix
}

// A mapEntry is an entry a map is given (see mapEntries): its key and
// value, with the state of the function that gives it.
type mapEntry struct {
	st         *fstate
	key, value ast.Expr
}

// mapEntries returns every entry that the map e is given, with the state
// that evaluates it, when e is a map literal, a local variable whose
// every value is such a map and that its function only reads, ranges
// over, returns and writes entries of (m[k] = v), or a call of a function
// of the package whose every return returns such a map; ok is false
// otherwise. The answers for variables and functions are kept.
func (s *fstate) mapEntries(e ast.Expr, depth int) ([]mapEntry, bool) {
	if depth > 3 {
		return nil, false
	}
	info := s.info
	switch x := ast.Unparen(e).(type) {
	case *ast.CompositeLit:
		if _, ok := underMap(info.TypeOf(x)); !ok {
			return nil, false
		}
		out := make([]mapEntry, 0, len(x.Elts))
		for _, elt := range x.Elts {
			kv, ok := elt.(*ast.KeyValueExpr)
			if !ok {
				return nil, false
			}
			out = append(out, mapEntry{s, kv.Key, kv.Value})
		}
		return out, true
	case *ast.Ident:
		v := s.varOf(x)
		if v == nil || v.Kind() != types.LocalVar || s.decl == nil || s.decl.Body == nil {
			return nil, false
		}
		if c, done := s.mapVars[v]; done {
			return c.entries, c.ok
		}
		before := s.c.unsolved
		entries, ok := s.mapVarEntries(v, depth)
		if s.c.unsolved != before {
			// A function of the package asked about is not analysed
			// yet (the summaries are being solved): the answer may
			// change once it is.
			return entries, ok
		}
		if s.mapVars == nil {
			s.mapVars = map[*types.Var]*cachedEntries{}
		}
		s.mapVars[v] = &cachedEntries{entries: entries, ok: ok}
		return entries, ok
	case *ast.CallExpr:
		fn := httpmodel.Callee(info, x)
		if fn == nil || fn.Pkg() != s.c.pass.Pkg {
			return nil, false
		}
		if c, done := s.c.mapFuncs[fn.Origin()]; done {
			return c.entries, c.ok
		}
		before := s.c.unsolved
		entries, ok := s.mapFuncEntries(fn, depth)
		if s.c.unsolved != before {
			return entries, ok
		}
		if s.c.mapFuncs == nil {
			s.c.mapFuncs = map[*types.Func]*cachedEntries{}
		}
		s.c.mapFuncs[fn.Origin()] = &cachedEntries{entries: entries, ok: ok}
		return entries, ok
	}
	return nil, false
}

// cachedEntries is mapEntries' answer for a variable or a function, and
// its index once asked for.
type cachedEntries struct {
	entries []mapEntry
	ok      bool
	index   *mapEntryIndex
}

// mapVarEntries is mapEntries for the local variable v of this function:
// the entries of its values, and those its function writes.
func (s *fstate) mapVarEntries(v *types.Var, depth int) ([]mapEntry, bool) {
	info := s.info
	m, ok := underMap(v.Type())
	if !ok {
		return nil, false
	}
	values, known := flow.Assigned(info, s.decl.Body, v)
	if !known || len(values) == 0 {
		return nil, false
	}
	var out []mapEntry
	for _, val := range values {
		more, ok := s.mapEntries(val, depth+1)
		if !ok {
			return nil, false
		}
		out = append(out, more...)
	}
	ok = true
	ast.PreorderStack(s.decl.Body, nil, func(n ast.Node, stack []ast.Node) bool {
		id, isID := n.(*ast.Ident)
		if !ok || !isID || info.Uses[id] != v || len(stack) == 0 {
			return ok
		}
		// In a closure, what a write gives the entry is the
		// closure's to say when it is called: only reads are followed.
		inLit := slices.ContainsFunc(stack, func(n ast.Node) bool { _, lit := n.(*ast.FuncLit); return lit })
		switch p := stack[len(stack)-1].(type) {
		case *ast.CallExpr:
			ok = analysisutil.IsBuiltinCall(info, p, "len") // len(env)
		case *ast.BinaryExpr:
			// env == nil
		case *ast.IndexExpr:
			if p.X != id {
				ok = false
			} else if len(stack) > 1 {
				if as, isAssign := stack[len(stack)-2].(*ast.AssignStmt); isAssign {
					if i := slices.Index(as.Lhs, ast.Expr(p)); i >= 0 {
						if len(as.Lhs) != len(as.Rhs) || as.Tok != token.ASSIGN || inLit {
							ok = false
						} else {
							out = append(out, mapEntry{s, p.Index, as.Rhs[i]})
						}
					}
				}
			}
		case *ast.RangeStmt:
			ok = p.X == id
		case *ast.ReturnStmt:
			ok = !inLit // a closure's result: the map handed on
		case *ast.AssignStmt:
			ok = slices.Contains(p.Lhs, ast.Expr(id)) && !inLit // its values: see above
		default:
			ok = false // handed on, or changed through another name
		}
		return ok
	})
	if ok && !immutableEntries(info, m, out) {
		// env["web"]["token"] = ..., web := env["web"]: an entry
		// that is itself a map, a slice or a pointer may be written
		// through a read of it.
		return nil, false
	}
	return out, ok
}

// immutableEntries reports whether the entries of a map of type m hold
// values that no read of an entry can change: m's element type is basic,
// or an interface whose every entry here is of a basic type.
func immutableEntries(info *types.Info, m *types.Map, entries []mapEntry) bool {
	basic := func(t types.Type) bool {
		_, ok := t.Underlying().(*types.Basic)
		return ok
	}
	if basic(m.Elem()) {
		return true
	}
	if !types.IsInterface(m.Elem()) {
		return false
	}
	for _, e := range entries {
		if t := e.st.info.TypeOf(e.value); t == nil || !basic(t) {
			return false
		}
	}
	return true
}

// mapFuncEntries is mapEntries for a call of fn, a function of the
// package: the entries of the maps its returns return.
func (s *fstate) mapFuncEntries(fn *types.Func, depth int) ([]mapEntry, bool) {
	st, results, ok := s.firstResults(fn)
	if !ok {
		return nil, false
	}
	var out []mapEntry
	for _, r := range results {
		if analysisutil.IsNil(st.info, r) {
			continue // an error's return: no map
		}
		more, ok := st.mapEntries(r, depth+1)
		if !ok {
			return nil, false
		}
		out = append(out, more...)
	}
	return out, true
}

// heldByPointer returns what v, the value of e, leaves to the struct,
// slice or map that holds it: fmt prints a pointer held in one as an
// address, so a whole request or response held by a pointer shows no
// header there (&Page{Response: resp}, []*http.Response{r}).
func heldByPointer(info *types.Info, e ast.Expr, v val) val {
	if heldAsAddress(info.TypeOf(e)) {
		v.c &^= credRequest | credResponse
	}
	return v
}

// heldAsAddress reports whether a value of type t, held in a struct, a
// slice or a map, shows no header where fmt prints its holder: a pointer
// to a request or a response prints as its address.
func heldAsAddress(t types.Type) bool {
	return isPointer(t) && (isRequest(t) || isWholeResponse(t))
}

// literalResponse reports whether e is a local variable of the function
// given only responses written in place (see responseLiteral), or
// declared without a value.
func (s *fstate) literalResponse(e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok || s.decl == nil || s.decl.Body == nil {
		return false
	}
	v, _ := s.info.Uses[id].(*types.Var)
	if v == nil || v.Kind() != types.LocalVar {
		return false
	}
	if lit, done := s.literal[v]; done {
		return lit
	}
	// Only values that are such literals, and a header that no
	// statement of the function selects (out.Header = up.Header.Clone(),
	// copyHeader(out.Header, up.Header)). A variable without a value of
	// its own, a type switch's, is none.
	values, known := flow.AssignedAfterDecl(s.info, s.decl.Body, v)
	lit := known && len(values) > 0 && !slices.ContainsFunc(values, func(x ast.Expr) bool { return !responseLiteral(x) })
	if lit {
		ast.Inspect(s.decl.Body, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok && sel.Sel.Name == "Header" {
				if id, ok := ast.Unparen(sel.X).(*ast.Ident); ok && s.info.Uses[id] == v {
					lit = false
				}
			}
			return lit
		})
	}
	if s.literal == nil {
		s.literal = map[*types.Var]bool{}
	}
	s.literal[v] = lit
	return lit
}

// isWholeResponse reports whether t is http.Response or a pointer to it:
// fmt prints either with its Header (the pointer as &{...}).
func isWholeResponse(t types.Type) bool {
	return t != nil && httpmodel.IsNamed(t, httpPkg, "Response")
}

func isPointer(t types.Type) bool {
	_, ok := types.Unalias(t).(*types.Pointer)
	return ok
}

// A leaf is the narrowest expression that carries a credential to a log:
// the operand of a concatenation, the argument of fmt.Sprintf, the
// request under a dereference.
type leaf struct {
	expr ast.Expr
	ctx  types.Type // the type the value is passed as
	c    creds
}

func (s *fstate) leaves(e ast.Expr, ctx types.Type, out []leaf) []leaf {
	v := s.eval(e)
	if v.c == 0 {
		return out
	}
	info := s.info
	switch x := e.(type) {
	case *ast.ParenExpr:
		return s.leaves(x.X, ctx, out)
	case *ast.BinaryExpr:
		if t := info.TypeOf(x); x.Op == token.ADD && t != nil && isString(t) {
			out = s.leaves(x.X, t, out)
			if s.queryKeyBefore(x.X) && s.carriesText(x.Y) {
				// "?access_token=" + tok: the value of a secret query
				// parameter, whatever tok's own name says (see eval0).
				if yv := s.eval(x.Y); yv.c&credSecret == 0 {
					return append(out, leaf{expr: x.Y, ctx: t, c: yv.c | credSecret})
				}
			}
			return s.leaves(x.Y, t, out)
		}
	case *ast.StarExpr:
		if t := info.TypeOf(x.X); isRequest(t) {
			return s.leaves(x.X, t, out)
		}
	case *ast.Ident, *ast.UnaryExpr:
		// A buffer written whole (b.WriteTo(w), io.Copy(w, &b)) is fixed
		// where its credentials enter the text; one that holds a dump is
		// reported at the log, as the dump's fix needs no other place.
		if v.c&dumpBits == 0 {
			if more, ok := s.bufferTextLeaves(x, x.Pos(), out); ok {
				return more
			}
		}
	case *ast.CallExpr:
		if more, ok := s.bufferLeaves(x, out); ok {
			return more
		}
		fn := httpmodel.Callee(info, x)
		fi := -1
		switch {
		case httpmodel.IsPkgFunc(fn, "fmt", "Sprintf", "Errorf"):
			fi = 0
			fallthrough
		case httpmodel.IsPkgFunc(fn, "fmt", "Sprint", "Sprintln"):
			as, _ := logsink.Args(info, x, logsink.Sink{Format: fi, Verbs: fi + 1, Writer: -1, All: true})
			for _, a := range as {
				if logsink.Reveals(a.Verb, info.TypeOf(a.Expr)) {
					out = s.leaves(a.Expr, a.Type, out)
				}
			}
			return out
		case httpmodel.IsPkgFunc(fn, "errors", "New") && len(x.Args) == 1,
			marshaller(fn) != "" && len(x.Args) > 0:
			if s.eval(x.Args[0]).c&v.c == v.c {
				return s.leaves(x.Args[0], fn.Type().(*types.Signature).Params().At(0).Type(), out)
			}
			// The body of a value whose type holds a secret field.
		}
		if more, ok := s.passedLeaves(x, ctx, out); ok {
			return more
		}
	}
	return append(out, leaf{expr: e, ctx: ctx, c: v.c})
}

// passedLeaves returns the leaves of the arguments that call, a call of a
// helper that adds no credential of its own (its summary: the first
// result carries only what parameters pass), carries into its result,
// when that result is of a type that no redacted text can stand for: a
// project's log field, F("authorization", token), made by func F(key
// string, value any) Field, is fixed at the value it is given.
func (s *fstate) passedLeaves(call *ast.CallExpr, ctx types.Type, out []leaf) ([]leaf, bool) {
	if _, ok := redactedText(ctx, s.info.TypeOf(call)); ok {
		return nil, false
	}
	fn := httpmodel.Callee(s.info, call)
	if fn == nil {
		return nil, false
	}
	f := s.c.fact(fn)
	if f == nil || len(f.Results) == 0 || f.Results[0] != 0 || len(f.Passes) == 0 || f.Passes[0] == 0 {
		return nil, false
	}
	_, args := httpmodel.Receiver(s.info, call)
	sig := fn.Type().(*types.Signature)
	np := sig.Params().Len()
	n := len(out)
	for i, a := range args {
		pi := i
		if sig.Variadic() && i >= np-1 {
			pi = np - 1
		}
		if pi >= 64 || f.Passes[0]&(1<<pi) == 0 {
			continue
		}
		pt := sig.Params().At(pi).Type()
		if sl, ok := pt.(*types.Slice); ok && sig.Variadic() && pi == np-1 && !call.Ellipsis.IsValid() {
			pt = sl.Elem()
		}
		out = s.leaves(a, pt, out)
	}
	return out, len(out) > n
}

// bufferLeaves returns the leaves of b.String() or b.Bytes(), b a local
// bytes.Buffer or strings.Builder whose credentials were all written
// into it in this function (fmt.Fprintf(&b, ...), b.WriteString(s),
// h.Write(&b)): the values written, so that a fix redacts them where they
// enter the text. ok is false when some credential comes otherwise, or
// from a dump written whole (r.Write(&b)), whose leaf is the text itself.
func (s *fstate) bufferLeaves(call *ast.CallExpr, out []leaf) ([]leaf, bool) {
	info := s.info
	fn := httpmodel.Callee(info, call)
	if !httpmodel.IsMethod(fn, "bytes", "Buffer", "String", "Bytes") && !httpmodel.IsMethod(fn, "strings", "Builder", "String") {
		return out, false
	}
	recv, _ := httpmodel.Receiver(info, call)
	return s.bufferTextLeaves(recv, call.Pos(), out)
}

// bufferTextLeaves is bufferLeaves for the text of buf, a local
// bytes.Buffer or strings.Builder (or its address) at pos: the values
// written into it, where they enter the text. A buffer that is itself
// what a log writes (b.WriteTo(w), io.Copy(w, &b)) is fixed there too.
func (s *fstate) bufferTextLeaves(buf ast.Expr, pos token.Pos, out []leaf) ([]leaf, bool) {
	info := s.info
	if u, ok := ast.Unparen(buf).(*ast.UnaryExpr); ok && u.Op == token.AND {
		buf = u.X
	}
	if t := info.TypeOf(buf); t == nil || !httpmodel.IsNamed(t, "bytes", "Buffer") && !httpmodel.IsNamed(t, "strings", "Builder") {
		return out, false
	}
	v := s.varOf(buf)
	if v == nil {
		return out, false
	}
	var writes []flow.Def[val]
	for _, d := range s.f.Defs(v, pos) {
		if d.Hidden || d.Bits.c == 0 {
			continue
		}
		wc, isCall := ast.Unparen(d.Rhs).(*ast.CallExpr)
		if d.Write == nil || !isCall || isWriteDump(httpmodel.Callee(info, wc)) {
			return out, false
		}
		writes = append(writes, d)
	}
	if len(writes) == 0 {
		return out, false
	}
	for _, d := range writes {
		wc := d.Rhs.(*ast.CallExpr)
		wfn := httpmodel.Callee(info, wc)
		wrecv, args := httpmodel.Receiver(info, wc)
		switch {
		case httpmodel.IsMethod(wfn, httpPkg, "Header", "Write", "WriteSubset"):
			if v := s.eval(wrecv); v.c != 0 {
				out = append(out, leaf{expr: wrecv, ctx: info.TypeOf(wrecv), c: v.c})
			}
		case httpmodel.IsPkgFunc(wfn, "fmt", "Fprintf", "Fprint", "Fprintln"):
			sink := logsink.Sink{Format: -1, Verbs: 1, Writer: -1, All: true}
			if wfn.Name() == "Fprintf" {
				sink.Format, sink.Verbs = 1, 2
			}
			as, _ := logsink.Args(info, wc, sink)
			for _, a := range as {
				if a.Expr == args[0] {
					continue // the writer
				}
				if logsink.Reveals(a.Verb, info.TypeOf(a.Expr)) {
					out = s.leaves(a.Expr, a.Type, out)
				}
			}
		default:
			for _, a := range append([]ast.Expr{wrecv}, args...) {
				if a != nil && a != d.Write {
					out = s.leaves(a, info.TypeOf(a), out)
				}
			}
		}
	}
	return out, true
}

// headerOrigins returns the whole headers of this function that the text
// e is composed from (through variables, concatenation, conversions, the
// standard text and error functions and helpers whose facts pass a
// parameter to their result); ok is false when some of its credentials
// come otherwise.
func (s *fstate) headerOrigins(e ast.Expr, seen map[ast.Node]bool) (hs []ast.Expr, ok bool) {
	return s.textOrigins(e, credHeader, isHeader, seen)
}

// requestOrigins returns the whole requests of this function that the
// text e is composed from (fmt.Errorf("request %+v failed", req)), as
// headerOrigins does for headers.
func (s *fstate) requestOrigins(e ast.Expr, seen map[ast.Node]bool) (rs []ast.Expr, ok bool) {
	return s.textOrigins(e, credRequest, isRequest, seen)
}

// textOrigins returns the values of this function, of a type that is
// (a header or a request) and carrying only kind, that the text e is
// composed from.
func (s *fstate) textOrigins(e ast.Expr, kind creds, is func(types.Type) bool, seen map[ast.Node]bool) (hs []ast.Expr, ok bool) {
	v := s.eval(e)
	if v.c == 0 {
		return nil, true
	}
	if v.c != kind || seen[e] {
		return nil, v.c == kind
	}
	seen[e] = true
	info := s.info
	if t := info.TypeOf(e); is(t) {
		return []ast.Expr{e}, true
	}
	all := func(es ...ast.Expr) ([]ast.Expr, bool) {
		var out []ast.Expr
		for _, a := range es {
			if a == nil {
				continue
			}
			more, ok := s.textOrigins(a, kind, is, seen)
			if !ok {
				return nil, false
			}
			out = append(out, more...)
		}
		return out, true
	}
	if a, ok := httpmodel.HeaderRead(info, e); ok && a.Name == "" {
		// h.Get(k), h[k] with k a name of a loop over every name of
		// h: the header the loop takes the names from, which a
		// redacted clone replaces (for k := range redactedHeader(h)).
		if kv := s.varOf(a.Key); kv != nil {
			if h, ok := s.allKeys[kv]; ok {
				return all(h)
			}
		}
		return nil, false
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		obj := s.varOf(x)
		if obj == nil {
			return nil, false
		}
		var out []ast.Expr
		for _, d := range s.f.Defs(obj, x.Pos()) {
			if d.Hidden || d.Bits.c == 0 {
				continue
			}
			if d.Rhs == nil || d.Idx >= 0 || d.Write != nil || d.Update {
				// A store or a helper's write may also send what it
				// stores (out.Header[k] = v; fields[k] = v): redacting
				// the header there would change the request.
				return nil, false
			}
			// A range's value comes from what it ranges over: for
			// k, v := range h takes h's values.
			more, ok := all(d.Rhs)
			if !ok {
				return nil, false
			}
			out = append(out, more...)
		}
		return out, true
	case *ast.StarExpr:
		return all(x.X)
	case *ast.BinaryExpr:
		return all(x.X, x.Y)
	case *ast.IndexExpr:
		// v[0] of a header's values (for k, v := range h): the values
		// come from h. h[k] reads the header by a name and has no
		// origin to redact apart from the loop.
		if t := info.TypeOf(x.X); t != nil && !isHeader(t) && isStringList(t) {
			return all(x.X)
		}
	case *ast.CallExpr:
		if tv, ok := info.Types[x.Fun]; ok && tv.IsType() {
			return all(x.Args...)
		}
		fn := httpmodel.Callee(info, x)
		if fn == nil {
			return nil, false
		}
		recv, args := httpmodel.Receiver(info, x)
		if fn.Name() == "Error" && recv != nil && len(args) == 0 {
			if t := info.TypeOf(recv); t != nil && types.IsInterface(t) && implementsError(t) {
				return all(recv) // err.Error(): the error's text
			}
		}
		if hs, ok := s.c.attrHelperOrigins(fn, kind, is); ok {
			return hs, true // requestAttrs(req)..., see attrHelperOrigins
		}
		if hs, ok := s.calleeOrigins(fn, kind, is, seen); ok {
			return hs, true // fetch(...) of the package, see calleeOrigins
		}
		if f := s.c.fact(fn); f != nil {
			if len(f.Results) == 0 || f.Results[0] != 0 || len(f.Passes) == 0 {
				return nil, false
			}
			var passed []ast.Expr
			sig := fn.Type().(*types.Signature)
			np := sig.Params().Len()
			for i, a := range args {
				pi := i
				if sig.Variadic() && i >= np-1 {
					pi = np - 1
				}
				if pi < 64 && f.Passes[0]&(1<<pi) != 0 {
					passed = append(passed, a)
				}
			}
			return all(passed...)
		}
		if httpmodel.IsPkgFunc(fn, "fmt", "Sprintf", "Errorf") {
			// Only what a verb prints: %T and %p show no header.
			var shown []ast.Expr
			as, _ := logsink.Args(info, x, logsink.Sink{Format: 0, Verbs: 1, Writer: -1, All: true})
			for _, a := range as {
				if logsink.Reveals(a.Verb, info.TypeOf(a.Expr)) {
					shown = append(shown, a.Expr)
				}
			}
			return all(shown...)
		}
		if p := fn.Pkg(); p != nil && (p.Path() == "fmt" || p.Path() == "strings" || p.Path() == "bytes" || p.Path() == "strconv" || errorPkgs[p.Path()]) ||
			httpmodel.IsPkgFunc(fn, "errors", "New") {
			return all(append([]ast.Expr{recv}, args...)...)
		}
	}
	return nil, false
}

// calleeOrigins returns, for a call of fn, a function of this package
// whose first result carries kind of its own (an error it makes with
// fmt.Errorf("unexpected answer %v", resp)), the values of fn that each
// of its returns composes that result from: the fix redacts them there,
// where every caller's error gets its text, not at one log of it. ok is
// false when fn is of another package, has no body or some return's
// result comes otherwise.
func (s *fstate) calleeOrigins(fn *types.Func, kind creds, is func(types.Type) bool, seen map[ast.Node]bool) ([]ast.Expr, bool) {
	if fn.Pkg() != s.c.pass.Pkg || s.c.stateOf == nil {
		return nil, false
	}
	f := s.c.fact(fn)
	if f == nil || len(f.Results) == 0 || creds(f.Results[0]) != kind {
		return nil, false
	}
	st, results, ok := s.firstResults(fn)
	if !ok || seen[st.decl] {
		return nil, false
	}
	seen[st.decl] = true
	var out []ast.Expr
	for _, r := range results {
		more, ok := st.textOrigins(r, kind, is, seen)
		if !ok {
			return nil, false
		}
		out = append(out, more...)
	}
	return out, len(out) > 0
}

// firstResults returns the state of fn, a function of this package with
// a body (see stateNow), and the first result of each of its return
// statements; ok is false when it has none, or one of them is a bare
// return of named results or returns another call's results (return g()).
func (s *fstate) firstResults(fn *types.Func) (*fstate, []ast.Expr, bool) {
	d, ok := s.c.calls.Decl(fn.Origin())
	if !ok || d.Decl.Body == nil {
		return nil, nil, false
	}
	st := s.c.stateNow(d.Decl)
	rets := s.c.calls.Returns(d.Decl)
	if st == nil || len(rets) == 0 {
		return nil, nil, false
	}
	n := fn.Type().(*types.Signature).Results().Len()
	results := make([]ast.Expr, 0, len(rets))
	for _, ret := range rets {
		if len(ret.Results) == 0 || len(ret.Results) != n {
			return nil, nil, false
		}
		results = append(results, ret.Results[0])
	}
	return st, results, true
}

// responseOrigins returns the whole responses of this function, or of the
// functions of the package it calls (see calleeOrigins), that the text e
// is composed from, as requestOrigins does for requests.
func (s *fstate) responseOrigins(e ast.Expr, seen map[ast.Node]bool) (rs []ast.Expr, ok bool) {
	return s.textOrigins(e, credResponse, isWholeResponse, seen)
}

// dumpOrigins returns the httputil.DumpRequest and DumpRequestOut calls of
// this function whose output e carries; ok is false when some of it comes
// from elsewhere.
func (s *fstate) dumpOrigins(e ast.Expr, seen map[ast.Node]bool) (calls []*ast.CallExpr, ok bool) {
	if s.eval(e).c&dumpBits == 0 {
		return nil, true
	}
	if seen[e] {
		return nil, true
	}
	seen[e] = true
	info := s.info
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		v := s.varOf(x)
		if v == nil {
			return nil, false
		}
		ok = true
		// Every assignment before the use, those a redaction hides
		// included.
		for _, d := range s.f.Defs(v, x.Pos()) {
			if d.Bits.c&dumpBits == 0 {
				continue
			}
			switch {
			case d.Update:
				return nil, false
			case d.Range:
				// A line of the dump (for _, l := range
				// bytes.Split(dump, nl), range strings.Lines(s)):
				// the dumps its range expression is made from.
				more, ok2 := s.dumpOrigins(d.Rhs, seen)
				if !ok2 {
					return nil, false
				}
				calls = append(calls, more...)
			case d.Write != nil:
				more, ok2 := s.writeOrigins(d.Rhs.(*ast.CallExpr), d.Write, seen)
				if !ok2 {
					return nil, false
				}
				calls = append(calls, more...)
			case d.Idx >= 0:
				call, isCall := ast.Unparen(d.Rhs).(*ast.CallExpr)
				if !isCall || d.Idx != 0 {
					return nil, false
				}
				if isDump(info, call) {
					calls = append(calls, call)
					break
				}
				// line, err := r.ReadString('\n') of a reader over
				// a dump: the dumps the call reads.
				more, ok2 := s.dumpOrigins(call, seen)
				if !ok2 {
					return nil, false
				}
				calls = append(calls, more...)
			default:
				more, ok2 := s.dumpOrigins(d.Rhs, seen)
				if !ok2 {
					return nil, false
				}
				calls = append(calls, more...)
			}
		}
		return calls, ok
	case *ast.CallExpr:
		if isDump(info, x) {
			return []*ast.CallExpr{x}, true
		}
		fn := httpmodel.Callee(info, x)
		tv := info.Types[x.Fun]
		if !tv.IsType() && fn == nil {
			return nil, false
		}
		if fn != nil {
			if f := s.c.fact(fn); f != nil {
				// A helper that hands back what it is given, such as
				// ensureTrailingNewline(dump): the dumps passed to it.
				return s.passedDumps(fn, f, x, seen)
			}
		}
		if recv, _ := httpmodel.Receiver(info, x); recv != nil {
			// b.String() of a buffer a dump was written into.
			more, ok := s.dumpOrigins(recv, seen)
			if !ok {
				return nil, false
			}
			calls = append(calls, more...)
		}
		for _, a := range x.Args {
			more, ok := s.dumpOrigins(a, seen)
			if !ok {
				return nil, false
			}
			calls = append(calls, more...)
		}
		return calls, true
	case *ast.SelectorExpr:
		// A field another function stored a dump in (dumpfield.go).
		if f := textField(info, x); f != nil && s.c.dumpFields[f] != 0 {
			calls := s.c.dumpStores[f]
			return calls, calls != nil
		}
	case *ast.SliceExpr:
		return s.dumpOrigins(x.X, seen)
	case *ast.UnaryExpr:
		if x.Op == token.AND {
			return s.dumpOrigins(x.X, seen) // &buf, a buffer a dump was written into
		}
	case *ast.BinaryExpr:
		a, ok1 := s.dumpOrigins(x.X, seen)
		b, ok2 := s.dumpOrigins(x.Y, seen)
		return append(a, b...), ok1 && ok2
	}
	return nil, false
}

// passedDumps is dumpOrigins for a call of fn, a function with summary f:
// the origins of the arguments its first result carries, when it adds
// no credential of its own.
func (s *fstate) passedDumps(fn *types.Func, f *funcFact, call *ast.CallExpr, seen map[ast.Node]bool) ([]*ast.CallExpr, bool) {
	if len(f.Results) == 0 || f.Results[0] != 0 || len(f.Passes) == 0 || f.Passes[0] == 0 {
		return nil, false
	}
	_, args := httpmodel.Receiver(s.info, call)
	sig := fn.Type().(*types.Signature)
	np := sig.Params().Len()
	var calls []*ast.CallExpr
	for i, a := range args {
		pi := i
		if sig.Variadic() && i >= np-1 {
			pi = np - 1
		}
		if pi >= 64 || f.Passes[0]&(1<<pi) == 0 {
			continue
		}
		more, ok := s.dumpOrigins(a, seen)
		if !ok {
			return nil, false
		}
		calls = append(calls, more...)
	}
	return calls, true
}

// writeOrigins is dumpOrigins for a call that writes into a variable
// (flow.WriteDest): the call itself when it writes a dump (r.Write(&b)),
// or the origins of what it writes (fmt.Fprintf(&b, "%s", dump)).
func (s *fstate) writeOrigins(call *ast.CallExpr, dest ast.Expr, seen map[ast.Node]bool) ([]*ast.CallExpr, bool) {
	info := s.info
	fn := httpmodel.Callee(info, call)
	if isWriteDump(fn) {
		return []*ast.CallExpr{call}, true
	}
	recv, args := httpmodel.Receiver(info, call)
	var calls []*ast.CallExpr
	for _, a := range append([]ast.Expr{recv}, args...) {
		if a == nil || a == dest {
			continue
		}
		more, ok := s.dumpOrigins(a, seen)
		if !ok {
			return nil, false
		}
		calls = append(calls, more...)
	}
	return calls, true
}

// isWriteDump reports whether fn writes a request or a response, with
// every header, into a writer: (*http.Request).Write and WriteProxy,
// (*http.Response).Write.
func isWriteDump(fn *types.Func) bool {
	return httpmodel.IsMethod(fn, httpPkg, "Request", "Write", "WriteProxy") || httpmodel.IsMethod(fn, httpPkg, "Response", "Write")
}

// written returns what call, which writes into dest (flow.WriteDest),
// writes there: a request dump for (*http.Request).Write and WriteProxy,
// a response dump for (*http.Response).Write, the header for
// (http.Header).Write and WriteSubset (nothing when WriteSubset excludes
// a configured header: a deliberate redaction, as a deletion is), and
// for the fmt, io and buffer writes what they are given (the arguments a
// verb prints).
func (s *fstate) written(call *ast.CallExpr, dest ast.Expr) val {
	info := s.info
	fn := httpmodel.Callee(info, call)
	recv, args := httpmodel.Receiver(info, call)
	switch {
	case httpmodel.IsMethod(fn, httpPkg, "Request", "Write", "WriteProxy"):
		if recv != nil && s.wholeRequest(recv) {
			return val{c: credDump}
		}
	case httpmodel.IsMethod(fn, httpPkg, "Response", "Write"):
		if recv != nil && !s.respRedacted(recv) {
			return val{c: credRespDump}
		}
	case httpmodel.IsMethod(fn, httpPkg, "Header", "Write", "WriteSubset"):
		if recv == nil {
			return val{}
		}
		if fn.Name() == "WriteSubset" && len(args) == 2 && s.excludesCredential(args[1]) {
			return val{}
		}
		return s.eval(recv)
	case httpmodel.IsPkgFunc(fn, "fmt", "Fprintf"):
		return s.formatted(call, args, 1)
	case httpmodel.IsMethod(fn, "net/url", "Values", "Set", "Add"):
		// v.Set("client_secret", s): a secret value of a form.
		if len(args) == 2 {
			v := s.eval(args[1])
			if s.isSecretEntry(args[0], args[1], true) {
				v.c |= credSecret
			}
			return v
		}
	default:
		if v, ok := s.filledBy(call, dest); ok {
			return v
		}
		var v val
		for _, a := range append([]ast.Expr{recv}, args...) {
			if a != nil && a != dest {
				v = v.Join(s.eval(a))
			}
		}
		return v
	}
	return val{}
}

// respRedacted reports whether the Header of the response resp has had a
// configured header deleted or masked, or been replaced, before its use.
func (s *fstate) respRedacted(resp ast.Expr) bool {
	if call, ok := ast.Unparen(resp).(*ast.CallExpr); ok {
		// A redacted copy made on the spot, as the fix writes it:
		// func() *http.Response { redacted := *resp; ...; return &redacted }()
		lit, ok := ast.Unparen(call.Fun).(*ast.FuncLit)
		if !ok {
			return false
		}
		all, any := true, false
		flow.ReturnsOf(lit.Body, func(ret *ast.ReturnStmt) {
			any = true
			all = all && len(ret.Results) == 1 && s.respRedacted(ret.Results[0])
		})
		return any && all
	}
	if u, ok := ast.Unparen(resp).(*ast.UnaryExpr); ok && u.Op == token.AND {
		resp = u.X
	}
	k := s.key(resp)
	if k == "" {
		return false
	}
	for _, d := range s.dels[k+".Header"] {
		if d.at <= resp.Pos() && !d.failed && !d.fresh && (d.name == "" || slices.Contains(s.c.names, d.name)) {
			return true
		}
	}
	return false
}

// excludesCredential reports whether the exclude map of
// (http.Header).WriteSubset leaves out a configured header: a map
// literal with such a key, or a map that is not a literal or nil (a
// deliberate exclusion the analyzer cannot read, trusted as a deletion
// is).
func (s *fstate) excludesCredential(e ast.Expr) bool {
	lit, ok := ast.Unparen(e).(*ast.CompositeLit)
	if !ok {
		tv, known := s.info.Types[e]
		return known && !tv.IsNil()
	}
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		name, ok := httpmodel.ConstString(s.info, kv.Key)
		if !ok {
			return true // a name that is not a constant may be any
		}
		if slices.Contains(s.c.names, http.CanonicalHeaderKey(name)) {
			return true
		}
	}
	return false
}

func isDump(info *types.Info, call *ast.CallExpr) bool {
	return httpmodel.IsPkgFunc(httpmodel.Callee(info, call), httputilPkg, "DumpRequest", "DumpRequestOut")
}

// sideEffectFree reports whether evaluating e does nothing but compute a
// value, so that a declaration whose value is no longer used can go.
func (s *fstate) sideEffectFree(e ast.Expr) bool {
	info := s.info
	ok := true
	ast.Inspect(e, func(n ast.Node) bool {
		if !ok {
			return false
		}
		switch x := n.(type) {
		case *ast.FuncLit:
			ok = false
		case *ast.UnaryExpr:
			ok = x.Op != token.ARROW
		case *ast.CallExpr:
			if tv, found := info.Types[x.Fun]; found && tv.IsType() {
				return true
			}
			if id, isID := ast.Unparen(x.Fun).(*ast.Ident); isID {
				if b, isB := info.Uses[id].(*types.Builtin); isB {
					switch b.Name() {
					case "len", "cap", "min", "max":
					default:
						ok = false
					}
					return ok
				}
			}
			ok = pureFunc(httpmodel.Callee(info, x))
		}
		return ok
	})
	return ok
}

func pureFunc(fn *types.Func) bool {
	switch {
	case fn == nil:
		return false
	case httpmodel.IsMethod(fn, httpPkg, "Header", "Get", "Values", "Clone"),
		httpmodel.IsMethod(fn, httpPkg, "Request", "Cookie", "Cookies", "BasicAuth", "Context", "UserAgent", "Referer"),
		httpmodel.IsMethod(fn, httpPkg, "Cookie", "String"),
		httpmodel.IsPkgFunc(fn, httpPkg, "CanonicalHeaderKey"),
		httpmodel.IsPkgFunc(fn, "strings"), httpmodel.IsPkgFunc(fn, "strconv"), httpmodel.IsPkgFunc(fn, "bytes"),
		httpmodel.IsPkgFunc(fn, "fmt", "Sprint", "Sprintf", "Sprintln", "Errorf"),
		httpmodel.IsPkgFunc(fn, "errors", "New"),
		httpmodel.IsMethod(fn, "net/url", "Userinfo", "Username", "Password", "String"),
		httpmodel.IsMethod(fn, "net/url", "Values", "Encode", "Get"):
		return true
	}
	return false
}

// isConstFalse reports whether e is the constant false.
func isConstFalse(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	return ok && tv.Value != nil && tv.Value.Kind() == constant.Bool && !constant.BoolVal(tv.Value)
}

// ownHeader reports whether x, req.Header, is the header of a request this
// function built (req, err := http.NewRequest(...)) that holds only the
// headers it set, none of them a credential, where x is read: before x,
// req is used only to set or read constant names of its header that are
// no credential header (req.Header.Set("Content-Type", ...)) and to read
// or set its other fields, never handed to a call (a signer, a client
// whose cookie jar adds a Cookie to it, req.SetBasicAuth). A request
// built before a loop that reads x is not judged.
func (s *fstate) ownHeader(x *ast.SelectorExpr) bool {
	if x.Sel.Name != "Header" {
		return false
	}
	id, ok := ast.Unparen(x.X).(*ast.Ident)
	return ok && s.ownAt(id, x)
}

// ownWhole reports whether id, a request handed whole to what logs it
// (log.Print(req), a LogValuer helper's HTTPRequest(req, body)), is such
// a request: its header, which is what it prints that may hold a
// credential, holds none.
func (s *fstate) ownWhole(id *ast.Ident) bool {
	return s.ownAt(id, id)
}

// ownAt reports whether id names a request this function built whose
// header holds no credential where x, id or a selection of its header,
// is read (see ownHeader).
func (s *fstate) ownAt(id *ast.Ident, x ast.Node) bool {
	info := s.info
	if s.decl == nil || s.decl.Body == nil {
		return false
	}
	v, _ := info.Uses[id].(*types.Var)
	return s.bareAt(s.decl, v, x, map[*types.Var]bool{})
}

// bareAt reports whether v, a request variable of decl, holds no
// credential where x reads it (or where x, a call, hands it on): a local
// request decl built bare (builtBare); or a parameter read there once,
// before any other use (preUse), that every call of decl hands a request
// bare at the call (calledBare). seen holds the parameters asked about on
// the way, which a cycle of calls answers no for.
func (s *fstate) bareAt(decl *ast.FuncDecl, v *types.Var, x ast.Node, seen map[*types.Var]bool) bool {
	if v == nil || !httpmodel.IsNamed(v.Type(), httpPkg, "Request") {
		return false
	}
	switch v.Kind() {
	case types.LocalVar:
		return s.builtBare(decl, v, x)
	case types.ParamVar:
		if seen[v] || len(seen) > 8 {
			return false
		}
		seen[v] = true
		defer delete(seen, v)
		return s.preUse(decl, v, x) && s.calledBare(decl, v, seen)
	}
	return false
}

// calledBare reports whether each call of decl hands its request
// parameter v a request bare at the call (see bareAt), decl's calls being
// all known (see callindex.CallsKnown), at least one, none by decl itself,
// none run more than once per call of its caller (see runsOnce): a
// function that logs the request it is handed before it authenticates it
// (debugRequest(req); req.SetBasicAuth(user, key)) shows only what its
// callers built.
func (s *fstate) calledBare(decl *ast.FuncDecl, v *types.Var, seen map[*types.Var]bool) bool {
	f, ok := s.c.calls.DeclAt(decl.Body.Pos())
	if !ok || f.Obj == nil || f.Decl != decl || !s.c.calls.CallsKnown(f.Obj) {
		return false
	}
	args, complete := s.c.calls.CallArgs(f.Obj, v)
	if !complete || len(args) == 0 {
		return false
	}
	for _, a := range args {
		id, ok := ast.Unparen(a.Expr).(*ast.Ident)
		if !ok || a.Caller.Decl == decl || !s.runsOnce(a.Caller.Decl, a.Call) {
			return false
		}
		w, _ := s.info.Uses[id].(*types.Var)
		if !s.bareAt(a.Caller.Decl, w, a.Call, seen) {
			return false
		}
	}
	return true
}

// builtBare reports whether v, a local request variable of decl, is a
// request decl built whose header holds no credential where x is read
// (see ownHeader).
func (s *fstate) builtBare(decl *ast.FuncDecl, v *types.Var, x ast.Node) bool {
	o, done := s.own[v]
	if !done {
		o = s.ownRequest(decl, v)
		s.own[v] = o
	}
	if o == nil || o.firstOther.IsValid() && o.firstOther < x.Pos() {
		return false
	}
	for _, l := range o.loops {
		if l.Pos() <= x.Pos() && x.End() <= l.End() {
			// x read again in a loop around it, after what the
			// loop's earlier turns did to a request built before it;
			// or read by a defer or go statement, after what follows.
			return false
		}
	}
	return true
}

// preUse reports whether x, a read of v in decl, runs at most once per
// call of decl (see runsOnce) and v is used before it only as ownHeader
// allows or compared with nil.
func (s *fstate) preUse(decl *ast.FuncDecl, v *types.Var, x ast.Node) bool {
	if decl == nil || decl.Body == nil || !s.runsOnce(decl, x) {
		return false
	}
	info := s.info
	pre := true
	ast.PreorderStack(decl.Body, nil, func(n ast.Node, stack []ast.Node) bool {
		if !pre {
			return false
		}
		id, ok := n.(*ast.Ident)
		if ok && info.Uses[id] == types.Object(v) && len(stack) > 0 && id.Pos() < x.Pos() {
			pre = s.headerOnlyUse(id, stack) || nilCompared(info, id, stack)
		}
		return true
	})
	return pre
}

// runsOnce reports whether x runs at most once per call of decl: it is in
// no loop, function literal, defer or go statement of decl, and decl has
// no goto (which may run it again).
func (s *fstate) runsOnce(decl *ast.FuncDecl, x ast.Node) bool {
	once := true
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.ForStmt, *ast.RangeStmt, *ast.FuncLit, *ast.DeferStmt, *ast.GoStmt:
			if n.Pos() <= x.Pos() && x.End() <= n.End() {
				once = false
			}
		case *ast.BranchStmt:
			if n.Tok == token.GOTO {
				once = false
			}
		}
		return once
	})
	return once
}

// nilCompared reports whether id, under stack, is compared with nil.
func nilCompared(info *types.Info, id *ast.Ident, stack []ast.Node) bool {
	b, ok := stack[len(stack)-1].(*ast.BinaryExpr)
	if !ok || (b.Op != token.EQL && b.Op != token.NEQ) {
		return false
	}
	other := b.Y
	if other == ast.Expr(id) {
		other = b.X
	}
	return analysisutil.IsNil(info, other)
}

// ownReq is what ownHeader needs to know of a request variable of the
// function, once for all its reads.
type ownReq struct {
	// firstOther is the first use of the request other than one
	// headerOnlyUse allows, NoPos when there is none.
	firstOther token.Pos
	// loops are the loops of the function after the request's
	// declaration.
	loops []ast.Node
}

// ownRequest returns what ownHeader needs to know of v, nil when v is not
// a request this function built with http.NewRequest (assigned once).
func (s *fstate) ownRequest(decl *ast.FuncDecl, v *types.Var) *ownReq {
	info := s.info
	vals, known := flow.Assigned(info, decl, v)
	if !known || len(vals) != 1 {
		return nil
	}
	call, ok := ast.Unparen(vals[0]).(*ast.CallExpr)
	if !ok {
		return nil
	}
	if _, _, isNew := httpmodel.NewRequestMethod(info, call); !isNew {
		return nil
	}
	o := &ownReq{}
	ast.PreorderStack(decl.Body, nil, func(n ast.Node, stack []ast.Node) bool {
		switch n := n.(type) {
		case *ast.ForStmt, *ast.RangeStmt, *ast.DeferStmt, *ast.GoStmt, *ast.FuncLit:
			if v.Pos() < n.Pos() {
				o.loops = append(o.loops, n)
			}
		case *ast.Ident:
			if info.Uses[n] == types.Object(v) && len(stack) > 0 && !o.firstOther.IsValid() && !s.headerOnlyUse(n, stack) {
				o.firstOther = n.Pos() // the walk goes in source order
			}
		}
		return true
	})
	return o
}

// headerOnlyUse reports whether id, a use of a request variable under
// stack, only reads a field, assigns a field other than its Header, or
// sets or reads a constant name of its header that is no credential
// header.
func (s *fstate) headerOnlyUse(id *ast.Ident, stack []ast.Node) bool {
	info := s.info
	sel, ok := stack[len(stack)-1].(*ast.SelectorExpr)
	if !ok || sel.X != id {
		return false // handed to a call, assigned, its address taken
	}
	if sl, ok := info.Selections[sel]; !ok || sl.Kind() != types.FieldVal {
		return false // a method: req.SetBasicAuth, req.AddCookie, req.WithContext
	}
	if sel.Sel.Name != "Header" {
		if len(stack) >= 2 {
			if as, ok := stack[len(stack)-2].(*ast.AssignStmt); ok && slices.Contains(as.Lhs, ast.Expr(sel)) && isHeader(info.TypeOf(sel)) {
				return false // req.Trailer = h
			}
		}
		return true // req.URL, req.Method, req.Host
	}
	if len(stack) < 2 {
		return false
	}
	switch p := stack[len(stack)-2].(type) {
	case *ast.SelectorExpr:
		// req.Header.Set(name, v), req.Header.Get(name)
		if len(stack) < 3 {
			return false
		}
		call, ok := stack[len(stack)-3].(*ast.CallExpr)
		if !ok || call.Fun != p {
			return false
		}
		h, ok := httpmodel.HeaderCall(info, call)
		return ok && h.Op != httpmodel.HeaderDel && h.Name != "" && s.c.nameBit(h.Name) == 0 && !secrets.Name(h.Name)
	case *ast.IndexExpr:
		// req.Header["X-Request-Id"] = ...
		h, ok := httpmodel.HeaderIndexExpr(info, p)
		return ok && h.Name != "" && s.c.nameBit(h.Name) == 0 && !secrets.Name(h.Name)
	}
	return false
}

// dumpers are the functions, by package, that return the text of a deep
// dump of their arguments: every field, exported or not, through
// pointers, slices and maps, a value with a String or Error method
// printed by it (go-spew's default configuration, spew.go:25-148,
// config.go:67-90; litter's Sdump; kr/pretty's and pp's Sprint).
var dumpers = map[string][]string{
	"github.com/davecgh/go-spew/spew": {"Sdump", "Sprint", "Sprintln"},
	"github.com/sanity-io/litter":     {"Sdump"},
	"github.com/kr/pretty":            {"Sprint"},
	"github.com/k0kubun/pp":           {"Sprint", "Sprintln"},
	"github.com/k0kubun/pp/v3":        {"Sprint", "Sprintln"},
}

// dumper reports whether fn is one of dumpers.
func dumper(fn *types.Func) bool {
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	names := dumpers[fn.Pkg().Path()]
	return len(names) > 0 && httpmodel.IsPkgFunc(fn, fn.Pkg().Path(), names...)
}

// marshaller returns "json" or "xml" when fn is the Marshal or
// MarshalIndent function of encoding/json or encoding/xml, "" otherwise.
func marshaller(fn *types.Func) string {
	switch {
	case httpmodel.IsPkgFunc(fn, "encoding/json", "Marshal", "MarshalIndent"):
		return "json"
	case httpmodel.IsPkgFunc(fn, "encoding/xml", "Marshal", "MarshalIndent"):
		return "xml"
	}
	return ""
}

// firstField reports whether x is element 0 of the fields a text is split
// into (strings.Split, SplitN, Fields and their bytes kin), directly or
// through a local variable that only ever holds such a split.
func (s *fstate) firstField(x *ast.IndexExpr) bool {
	if tv, ok := s.info.Types[x.Index]; !ok || tv.Value == nil || tv.Value.String() != "0" {
		return false
	}
	isSplit := func(e ast.Expr) bool {
		call, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok {
			return false
		}
		fn := httpmodel.Callee(s.info, call)
		return httpmodel.IsPkgFunc(fn, "strings", "Split", "SplitN", "Fields", "FieldsFunc") ||
			httpmodel.IsPkgFunc(fn, "bytes", "Split", "SplitN", "Fields", "FieldsFunc")
	}
	if isSplit(x.X) {
		return true
	}
	_, values, known := s.localValues(x.X)
	return known && len(values) > 0 && !slices.ContainsFunc(values, func(e ast.Expr) bool { return !isSplit(e) })
}

// localValues returns the variable (not a field) that e names and the
// values the declaration being analysed assigns it; known is false when e
// names none, or some assignment is not known.
func (s *fstate) localValues(e ast.Expr) (v *types.Var, values []ast.Expr, known bool) {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok || s.decl == nil {
		return nil, nil, false
	}
	if v, ok = s.info.Uses[id].(*types.Var); !ok || v.IsField() {
		return nil, nil, false
	}
	values, known = flow.Assigned(s.info, s.decl, v)
	return v, values, known
}

// marshalledLit returns what the fields that enc writes of a struct
// literal e (&T{...}, or a local variable only ever assigned one) carry:
// xml.Marshal(auth{Mechanism: "PLAIN", Value: secret}) writes the secret,
// whatever the field's name, where the literal alone does not carry it
// (a struct prints its fields' secrets only where it is printed whole).
func (s *fstate) marshalledLit(e ast.Expr, enc string) val {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	if _, ok := e.(*ast.Ident); ok && s.decl != nil {
		_, values, known := s.localValues(e)
		if !known || len(values) != 1 {
			return val{}
		}
		e = ast.Unparen(values[0])
		if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
			e = ast.Unparen(u.X)
		}
	}
	lit, ok := e.(*ast.CompositeLit)
	if !ok {
		return val{}
	}
	t := s.info.TypeOf(lit)
	if t == nil {
		return val{}
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok || hasMethod(t, "Marshal"+strings.ToUpper(enc)) || hasMethod(t, "MarshalText") {
		return val{}
	}
	_, decl := declared(t, st)
	var out val
	for i, elt := range lit.Elts {
		j, value := i, elt
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			id, ok := kv.Key.(*ast.Ident)
			if !ok {
				continue
			}
			f, ok := s.info.Uses[id].(*types.Var)
			if !ok {
				continue
			}
			j = -1
			for k := range st.NumFields() {
				if st.Field(k) == f {
					j = k
				}
			}
			value = kv.Value
		}
		if j >= 0 && j < decl.NumFields() && secrets.Marshalled(decl, j, enc) {
			out = out.Join(s.eval(value))
		}
	}
	return out
}

// funcVarTarget returns the one named function a call through a local
// variable of func type runs (getSession := getBasicSession, or a literal
// assigned to it that hands its own parameters to that function), nil
// when the variable may hold another.
func (s *fstate) funcVarTarget(call *ast.CallExpr) *types.Func {
	v, values, known := s.localValues(call.Fun)
	if v == nil || v.Kind() != types.LocalVar || !known || len(values) == 0 {
		return nil
	}
	var target *types.Func
	for _, val := range values {
		var g *types.Func
		switch x := ast.Unparen(val).(type) {
		case *ast.Ident, *ast.SelectorExpr:
			g, _ = s.info.Uses[analysisutil.RefIdent(x)].(*types.Func)
		case *ast.FuncLit:
			g = s.wrapped(x)
		}
		if g == nil || target != nil && g != target {
			return nil
		}
		target = g
	}
	return target
}

// wrapped returns the named function a literal calls with its own
// parameters, in order, when it calls exactly one so: the function it
// wraps.
func (s *fstate) wrapped(lit *ast.FuncLit) *types.Func {
	var found *types.Func
	n := 0
	ast.Inspect(lit.Body, func(m ast.Node) bool {
		call, ok := m.(*ast.CallExpr)
		if !ok || !flow.HandsOwnParams(s.info, lit, call) {
			return true
		}
		if g := httpmodel.Callee(s.info, call); g != nil {
			found, n = g, n+1
		}
		return true
	})
	if n != 1 {
		return nil
	}
	return found
}

// wholeRequest reports whether e is a request for what reads more of it
// than the header a log prints (a dump and (*http.Request).Write, which
// show its body too, see bareDump; BasicAuth; Cookies): one that carries
// a request, including one of this function whose header holds no
// credential, which ownWhole exempts only where it is printed.
func (s *fstate) wholeRequest(e ast.Expr) bool {
	if s.eval(e).c&credRequest != 0 {
		return true
	}
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && isRequest(s.info.TypeOf(id)) && s.ownWhole(id)
}

// removedHeld returns the configured headers removed from e, a header
// held in a variable, before at: what a copy of it given to a request
// (clone.Header = masked) has removed too. A header made empty does not
// count (headers = http.Header{} on a nil path, then filled by a signer
// through the request it is given).
func (s *fstate) removedHeld(e ast.Expr, at token.Pos) nameSet {
	if _, ok := ast.Unparen(e).(*ast.Ident); !ok || !isHeader(s.info.TypeOf(e)) {
		return 0
	}
	return s.removedAt(s.headerKey(e, s.info.TypeOf(e)), at, false)
}

// isList reports whether t is a slice or an array.
func isList(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Slice, *types.Array:
		return true
	}
	return false
}

// attrHelperOrigins returns the headers or requests (as textOrigins
// does) that fn, a function of the package that builds a list of log
// attributes (func requestAttrs(req) []any { return []any{"headers",
// req.Header} }), puts in the list it returns, when every call of fn in
// the package hands its list spread to a log: redacting where they enter
// the list then changes only what is logged.
func (c *checker) attrHelperOrigins(fn *types.Func, kind creds, is func(types.Type) bool) ([]ast.Expr, bool) {
	if fn == nil || fn.Pkg() != c.pass.Pkg || c.stateOf == nil {
		return nil, false
	}
	res := fn.Signature().Results()
	if res.Len() != 1 || !isList(res.At(0).Type()) {
		return nil, false
	}
	d, ok := c.calls.Decl(fn)
	if !ok || d.Decl.Body == nil {
		return nil, false
	}
	calls, spread := 0, 0
	for _, f := range c.calls.Funcs() {
		for _, call := range c.calls.Calls(f.Decl) {
			if call.Callee != nil && call.Callee.Origin() == fn {
				calls++
			}
			n := len(call.Expr.Args)
			if call.Callee == nil || !call.Expr.Ellipsis.IsValid() || n == 0 || !c.isLogCall(call.Expr, call.Callee.Origin()) {
				continue
			}
			if inner, ok := ast.Unparen(call.Expr.Args[n-1]).(*ast.CallExpr); ok && httpmodel.Callee(c.pass.TypesInfo, inner) == fn {
				spread++
			}
		}
	}
	if calls == 0 || calls != spread {
		return nil, false
	}
	st := c.stateOf(d.Decl)
	var out []ast.Expr
	for _, ret := range c.calls.Returns(d.Decl) {
		if len(ret.Results) != 1 {
			return nil, false
		}
		// The list it returns, element by element.
		elts := []ast.Expr{ret.Results[0]}
		if lit, ok := ast.Unparen(ret.Results[0]).(*ast.CompositeLit); ok {
			elts = lit.Elts
		}
		for _, e := range elts {
			if _, isKV := e.(*ast.KeyValueExpr); isKV {
				return nil, false
			}
			more, ok := st.textOrigins(e, kind, is, map[ast.Node]bool{})
			if !ok {
				return nil, false
			}
			out = append(out, more...)
		}
	}
	return out, len(out) > 0
}

// caseMask returns what obj may still carry when it is the variable of a
// type switch (switch t := v.(type)) in a clause that no value with text
// reaches: nothing. A clause reaches no text when its types are boolean or
// number types (case time.Duration, int:), or when the values the subject
// may hold are all known and none that selects the clause holds text: the
// subject ranges over, or indexes, a map or slice that the function makes
// with a literal and only indexes, ranges over, stores into and returns
// (config := map[string]any{"secret": os.Getenv(...), "timeout": d}),
// so that the default clause of a switch with a case string and a case
// time.Duration sees none of its values. Everything otherwise.
func (s *fstate) caseMask(obj *types.Var) creds {
	all := ^creds(0)
	if obj.Kind() != types.LocalVar || s.decl == nil || s.decl.Body == nil {
		return all
	}
	if s.clauses == nil {
		// The clauses of the function's type switches, once per
		// function, from the index's nodes.
		s.clauses = map[*types.Var]switchClause{}
		s.rangeOf = map[*types.Var]*ast.RangeStmt{}
		for _, n := range s.c.calls.Nodes(s.decl) {
			switch n := n.(type) {
			case *ast.TypeSwitchStmt:
				x, vars := flow.TypeSwitchVars(s.info, n)
				for cc, v := range vars {
					s.clauses[v] = switchClause{n, cc, x}
				}
			case *ast.RangeStmt:
				if id, ok := n.Value.(*ast.Ident); ok && n.Tok == token.DEFINE {
					if v, ok := s.info.Defs[id].(*types.Var); ok {
						s.rangeOf[v] = n
					}
				}
			}
		}
	}
	sc, ok := s.clauses[obj]
	if !ok {
		return all
	}
	if sc.cc.List != nil && !slices.ContainsFunc(sc.cc.List, func(e ast.Expr) bool { return !textless(s.info.TypeOf(e)) }) {
		return 0
	}
	reached, done := s.reached[sc.cc]
	if !done {
		// Whether a value with text reaches the clause, once per
		// clause.
		reached = true
		if held, ok := s.heldTypes(sc.x); ok {
			reached = slices.ContainsFunc(held, func(t types.Type) bool {
				return s.selects(sc.ts, t) == sc.cc && !textless(t)
			})
		}
		if s.reached == nil {
			s.reached = map[*ast.CaseClause]bool{}
		}
		s.reached[sc.cc] = reached
	}
	if reached {
		return all
	}
	return 0
}

// A switchClause is a clause of a type switch, and the switch's subject.
type switchClause struct {
	ts *ast.TypeSwitchStmt
	cc *ast.CaseClause
	x  ast.Expr
}

// selects returns the clause of ts that a value of the concrete type t
// selects: the first whose case lists t, or an interface t implements, or
// the default clause (nil when there is none).
func (s *fstate) selects(ts *ast.TypeSwitchStmt, t types.Type) *ast.CaseClause {
	var def *ast.CaseClause
	for _, st := range ts.Body.List {
		cc := st.(*ast.CaseClause)
		if cc.List == nil {
			def = cc
		}
		for _, e := range cc.List {
			ct := s.info.TypeOf(e)
			if ct == nil {
				continue
			}
			if types.Identical(ct, t) {
				return cc
			}
			if iface, ok := ct.Underlying().(*types.Interface); ok && types.Implements(t, iface) {
				return cc
			}
		}
	}
	return def
}

// heldTypes returns the static types of the values that x, the subject of
// a type switch, may hold, each a concrete type, when they are all known:
// x is the value variable of a range (given no other value) over, or an
// index of, a local variable that the function assigns once, from a map
// or slice literal, and otherwise only indexes (reads, and stores whose
// types count too), ranges over, takes the length of or returns.
func (s *fstate) heldTypes(x ast.Expr) ([]types.Type, bool) {
	var m *types.Var
	switch x := ast.Unparen(x).(type) {
	case *ast.IndexExpr:
		m = s.varOf(x.X)
	case *ast.Ident:
		v := s.varOf(x)
		r := s.rangeOf[v]
		if r == nil || s.assignedAgain(v) {
			return nil, false
		}
		m = s.varOf(r.X)
	}
	if m == nil || m.Kind() != types.LocalVar {
		return nil, false
	}
	if h, ok := s.held[m]; ok {
		return h, h != nil
	}
	h := s.literalTypes(m)
	if s.held == nil {
		s.held = map[*types.Var][]types.Type{}
	}
	s.held[m] = h
	return h, h != nil
}

// assignedAgain reports whether the function assigns v, or takes its
// address, other than where it declares it. One walk of the function
// finds every such variable.
func (s *fstate) assignedAgain(v *types.Var) bool {
	if s.again == nil {
		s.again = map[*types.Var]bool{}
		ast.PreorderStack(s.decl.Body, nil, func(n ast.Node, stack []ast.Node) bool {
			id, ok := n.(*ast.Ident)
			if !ok || len(stack) == 0 {
				return true
			}
			u, ok := s.info.Uses[id].(*types.Var)
			if !ok {
				return true
			}
			switch p := stack[len(stack)-1].(type) {
			case *ast.AssignStmt:
				if slices.Contains(p.Lhs, ast.Expr(id)) {
					s.again[u] = true
				}
			case *ast.UnaryExpr:
				if p.Op == token.AND {
					s.again[u] = true
				}
			case *ast.IncDecStmt:
				s.again[u] = true
			}
			return true
		})
	}
	return s.again[v]
}

// literalTypes returns heldTypes' answer for m, a local map or slice
// variable, nil when it is not known (an empty non-nil list when it holds
// no value).
func (s *fstate) literalTypes(m *types.Var) []types.Type {
	info := s.info
	vals, ok := flow.Assigned(info, s.decl, m)
	if !ok || len(vals) != 1 {
		return nil
	}
	lit, ok := ast.Unparen(vals[0]).(*ast.CompositeLit)
	if !ok {
		return nil
	}
	var elems []ast.Expr
	for _, e := range lit.Elts {
		if kv, ok := e.(*ast.KeyValueExpr); ok {
			e = kv.Value
		}
		elems = append(elems, e)
	}
	known := true
	ast.PreorderStack(s.decl.Body, nil, func(n ast.Node, stack []ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !known || !ok || info.Uses[id] != types.Object(m) || len(stack) == 0 {
			return known
		}
		switch p := stack[len(stack)-1].(type) {
		case *ast.IndexExpr:
			if p.X != ast.Expr(id) || len(stack) < 2 {
				known = false
				break
			}
			switch gp := stack[len(stack)-2].(type) {
			case *ast.AssignStmt:
				if i := slices.Index(gp.Lhs, ast.Expr(p)); i >= 0 {
					if len(gp.Rhs) != len(gp.Lhs) {
						known = false
					} else {
						elems = append(elems, gp.Rhs[i])
					}
				}
			case *ast.UnaryExpr:
				known = gp.Op != token.AND // &m[i]: stored through
			case *ast.ParenExpr, *ast.SelectorExpr, *ast.IncDecStmt:
				known = false // (m[k]) = v, m[i].f = v, m[k]++
			}
		case *ast.RangeStmt:
			known = p.X == ast.Expr(id)
		case *ast.ReturnStmt:
		case *ast.CallExpr:
			known = analysisutil.IsBuiltinCall(info, p, "len")
		default:
			known = false
		}
		return known
	})
	if !known {
		return nil
	}
	out := []types.Type{}
	for _, e := range elems {
		tv, ok := info.Types[e]
		if !ok || tv.Type == nil || types.IsInterface(tv.Type) && !tv.IsNil() {
			return nil
		}
		if tv.IsNil() {
			continue
		}
		if b, ok := tv.Type.(*types.Basic); ok && b.Info()&types.IsUntyped != 0 {
			out = append(out, types.Default(tv.Type))
			continue
		}
		out = append(out, tv.Type)
	}
	return out
}

// textless reports whether t, a type of a type switch's case or a value's,
// is a boolean or number type (or nil), whose values print no text.
func textless(t types.Type) bool {
	if t == nil {
		return false
	}
	if b, ok := t.Underlying().(*types.Basic); ok {
		return b.Kind() == types.UntypedNil || b.Info()&(types.IsBoolean|types.IsNumeric) != 0
	}
	return false
}

// stateNow returns the state of d, a function of the package: once the
// summaries are solved, as stateOf gives it; while they are, the state it
// was last analysed in, or nil (counted in unsolved) if it has not been.
func (c *checker) stateNow(d *ast.FuncDecl) *fstate {
	if c.stateOf != nil {
		return c.stateOf(d)
	}
	var st *fstate
	if c.solved != nil {
		st = c.solved(d)
	}
	if st == nil {
		c.unsolved++
	}
	return st
}

// isRestyRequest reports whether t is a resty request (v2 or v3), or a
// pointer to one.
func isRestyRequest(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	return httpmodel.IsNamed(t, retrylib.RestyV2, "Request") || httpmodel.IsNamed(t, retrylib.RestyV3, "Request")
}
