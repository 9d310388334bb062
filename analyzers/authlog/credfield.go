package authlog

import (
	"go/ast"
	"go/token"
	"go/types"
	"net/http"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/callindex"
	"github.com/retrylint/retrylint/internal/flow"
	"github.com/retrylint/retrylint/internal/httpmodel"
	"github.com/retrylint/retrylint/internal/logsink"
	"github.com/retrylint/retrylint/internal/paths"
	"github.com/retrylint/retrylint/internal/secrets"
)

// This file finds the struct fields and package variables whose value the
// package sends as a credential: the value of a configured header
// (req.Header.Set("Authorization", "Bearer "+c.token), h["X-Api-Key"] =
// []string{apiKey}, http.Header{"Private-Token": {cfg.Token}}) or the
// password of SetBasicAuth. Such a variable holds a credential wherever
// the package reads it, and a log that writes it writes the credential
// (log.Printf("using key %s", c.apiKey)), although no header is read
// there.
//
// A variable counts only when it is the one value the header is made
// from, apart from constants: "Bearer "+c.token and
// fmt.Sprintf("token %s", c.token) name c.token, but
// c.scheme+" "+c.token names neither, since the scheme is no secret and
// the two cannot be told apart.
//
// The same evidence makes a parameter or a local variable of text type a
// credential in its function: func auth(req *http.Request, token string)
// that sets "Bearer "+token and logs token logs the credential, as does
// tok := os.Getenv("API_TOKEN") sent as X-Api-Key and printed. Such a
// variable counts only when it is given a value once (a parameter never
// assigned, tok, err := getToken()): what a variable assigned again holds
// where it is logged may be something else (tok = mask(tok)).

// A value stored in a field that the package sends (c.token = token in
// a constructor, &Client{apiKey: key}) is a credential too, where the
// function that stores it logs it.
//
// A parameter that a function of this package sends, or one of another
// package whose fact says it does (funcFact.Sends: setAuth(req, token)),
// makes the argument a caller passes there a credential too: the
// caller's token is as much a credential as the callee's.

// credVars returns the variables of credential values the package sends
// (see above), built on first use.
func (c *checker) credVars() map[*types.Var]creds {
	if c.sent != nil {
		return c.sent
	}
	c.sent = map[*types.Var]creds{}
	c.decoded = map[*types.Var][]decode{}
	info := c.pass.TypesInfo
	if c.defs == nil {
		c.defs, c.again = localDefs(c.calls, info)
	}
	defs := c.defs
	note := func(e ast.Expr, bits creds) {
		if bits == 0 {
			return
		}
		sentVars(c.pass, defs, e, 0, func(v *types.Var) {
			if v.IsField() && stdField(c.pass, v) {
				// A field of a standard type is one variable for every
				// value of it: conf.Token.String, of a nullable string
				// (sql.NullString, embedded in null.String), is also
				// conf.Host.String.
				return
			}
			if !c.again[v] {
				c.sent[v] |= bits
			}
		})
	}
	// The calls that may pass a credential to a function that sends it,
	// and the values stored in fields of text type (c.token = token,
	// &Client{token: token}), which a field the package sends makes
	// credentials.
	var passes []passCall
	var stores []store
	// URLs given a password (u.User = url.UserPassword(user, key), as a
	// client puts an API key in its base URL), by variable, and the
	// values stored in fields that hold a URL: such a field holds the
	// password wherever the package reads it, as its String method prints
	// it.
	pwURLs := map[*types.Var]bool{}
	var urlStores []store
	mapRanges := map[*types.Var]*ast.RangeStmt{} // by key variable: loops over maps that are no http.Header
	// The maps the package reads a secret key of, and those it masks
	// (m["password"] = "***", delete(m, "password")): see mapSecret.
	c.secretMaps, c.maskedMaps = map[*types.Var]bool{}, map[*types.Var]bool{}
	c.userURLs = map[*types.Var]bool{}
	stored := map[*ast.IndexExpr]bool{} // entries written, which are no evidence
	// The URL fields, and the configuration types that embed a URL, that
	// the package prints with Redacted somewhere: see redactedURL.
	redacted := map[*types.Var]bool{}
	redactedTypes := map[*types.TypeName]bool{}
	unused := map[*ast.CallExpr]bool{} // calls whose first result is discarded
	c.calls.Visit(func(file *ast.File) bool { return isTestFile(c.pass, file) }, func(n ast.Node) {
		switch n := n.(type) {
		case *ast.IndexExpr:
			// A map of text the package reads under a key that says
			// secret (params["redis-password"]) holds that secret:
			// printed whole, it prints it (see mapSecret).
			if v := secretMap(info, n.X, n.Index); v != nil && !c.again[v] && !stored[n] {
				c.secretMaps[v] = true
			}
		case *ast.RangeStmt:
			if k, ok := n.Key.(*ast.Ident); ok && n.Value != nil && !isHeader(info.TypeOf(n.X)) {
				if m, ok := underMap(info.TypeOf(n.X)); ok && isString(m.Key()) {
					if v, ok := info.Defs[k].(*types.Var); ok {
						mapRanges[v] = n
					}
				}
			}
		case *ast.CallExpr:
			if id, ok := ast.Unparen(n.Fun).(*ast.Ident); ok && len(n.Args) == 2 {
				if b, ok := info.Uses[id].(*types.Builtin); ok && b.Name() == "delete" {
					if v := secretMap(info, n.Args[0], n.Args[1]); v != nil {
						c.maskedMaps[v] = true
					}
				}
			}
			if f, t := c.redactedURL(n); f != nil {
				redacted[f] = true
			} else if t != nil {
				redactedTypes[t] = true
			} else if v := c.userinfoUsed(n); v != nil && !c.again[v] && !unused[n] {
				redacted[v] = true
			}
			for _, x := range c.proxyTexts(n) {
				// The text parsed into that URL holds its user
				// information too: a proxy's address from a flag,
				// the environment or a configuration field.
				note(x, credSecret)
			}
			if v := c.tokenAnswer(n); v != nil && !c.again[v] {
				// body, err := io.ReadAll(resp.Body) of a token
				// request: the answer holds the token it grants.
				c.decoded[v] = append(c.decoded[v], decode{n.Pos(), tokenAnswerWhat})
			}
			if v, what := c.decodedSecret(n); v != nil && !c.again[v] {
				// The text decoded into a value with a secret field
				// holds that secret (json.Unmarshal(body, &tok)), from
				// there on, and before, on a path that decodes it: an
				// error body logged before it is decoded, on a path
				// that returns, is another answer (see decodedAt).
				c.decoded[v] = append(c.decoded[v], decode{n.Pos(), what})
			}
			if a, ok := httpmodel.HeaderCall(info, n); ok && (a.Op == httpmodel.HeaderSet || a.Op == httpmodel.HeaderAdd) && a.Value != nil {
				note(a.Value, c.nameBit(a.Name))
				if a.Name == "" {
					c.copiedHeaders(mapRanges, a.Key, a.Value)
				}
			} else if fn := httpmodel.Callee(info, n); httpmodel.IsMethod(fn, httpPkg, "Request", "SetBasicAuth") && len(n.Args) == 2 {
				note(n.Args[1], credPassword)
			} else if fn != nil && len(n.Args) > 0 {
				if fn = fn.Origin(); fn.Pkg() == c.pass.Pkg {
					passes = append(passes, passCall{n, fn, nil})
				} else if f := c.sums.Lookup(fn); f != nil && slices.ContainsFunc(f.Sends, func(k uint64) bool { return k != 0 }) {
					passes = append(passes, passCall{n, fn, f.Sends})
				}
			}
		case *ast.AssignStmt:
			if len(n.Rhs) == 1 && len(n.Lhs) > 0 {
				if id, ok := n.Lhs[0].(*ast.Ident); ok && id.Name == "_" {
					// _, has := u.User.Password(): a test for a
					// password (to mask it), which uses none.
					if call, ok := ast.Unparen(n.Rhs[0]).(*ast.CallExpr); ok {
						unused[call] = true
					}
				}
			}
			if len(n.Lhs) != len(n.Rhs) {
				break
			}
			for i, l := range n.Lhs {
				if f := textField(info, l); f != nil {
					stores = append(stores, store{f, n.Rhs[i]})
					continue
				}
				if v := c.passwordURL(l, n.Rhs[i]); v != nil {
					pwURLs[v] = true
					continue
				}
				if f := c.urlField(l); f != nil {
					urlStores = append(urlStores, store{f, n.Rhs[i]})
					continue
				}
				ix, ok := ast.Unparen(l).(*ast.IndexExpr)
				if !ok {
					continue
				}
				if v := secretMap(info, ix.X, ix.Index); v != nil {
					// What is written under a secret key (a
					// validation message, a schema) says nothing
					// of what the map holds; a marker ("***")
					// masks the entry.
					stored[ix] = true
					c.maskedMaps[v] = c.maskedMaps[v] || isMarker(info, n.Rhs[i])
				}
				if a, ok := httpmodel.HeaderIndexExpr(info, ix); ok {
					c.noteList(n.Rhs[i], c.nameBit(a.Name), note)
					if a.Name == "" {
						c.copiedHeaders(mapRanges, a.Key, n.Rhs[i])
					}
				}
			}
		case *ast.CompositeLit:
			t := info.TypeOf(n)
			if t == nil {
				break
			}
			if _, ok := t.Underlying().(*types.Struct); ok {
				for _, elt := range n.Elts {
					if kv, ok := elt.(*ast.KeyValueExpr); ok {
						if id, ok := kv.Key.(*ast.Ident); ok {
							if f := textVar(info.Uses[id]); f != nil && f.IsField() {
								stores = append(stores, store{f, kv.Value})
							} else if f, ok := info.Uses[id].(*types.Var); ok && f.IsField() && isURL(f.Type()) && f.Pkg() == c.pass.Pkg {
								urlStores = append(urlStores, store{f, kv.Value})
							}
						}
					}
				}
				break
			}
			// An http.Header literal, or a map of the headers an SDK's
			// client sets on the request it builds
			// (rest.Opts{ExtraHeaders: map[string]string{"Authorization":
			// "Bearer " + token}}): keyed by a configured header's name,
			// the value is sent as that credential.
			m, ok := underMap(t)
			if !ok || !isString(m.Key()) {
				break
			}
			list := isHeader(t) || isStringList(m.Elem())
			if !list && !isText(m.Elem()) {
				break
			}
			for _, elt := range n.Elts {
				kv, ok := elt.(*ast.KeyValueExpr)
				if !ok {
					continue
				}
				if name, ok := httpmodel.ConstString(info, kv.Key); ok {
					if bits := c.nameBit(http.CanonicalHeaderKey(name)); list {
						c.noteList(kv.Value, bits, note)
					} else {
						note(kv.Value, bits)
					}
				}
			}
		}
	})
	for _, st := range urlStores {
		// c.base = u, &Client{base: *u} (a copy of the URL u points to).
		value := ast.Unparen(st.value)
		if star, ok := value.(*ast.StarExpr); ok {
			value = star.X
		} else if addr, ok := value.(*ast.UnaryExpr); ok && addr.Op == token.AND {
			value = addr.X
		}
		if v := flow.VarOf(info, value); v != nil && pwURLs[v] {
			c.sent[st.field] |= credSecret
			c.userURLs[st.field] = true
		}
	}
	for v := range pwURLs {
		if v.IsField() {
			c.sent[v] |= credSecret // c.base.User = url.UserPassword(...)
			c.userURLs[v] = true
		}
	}
	if len(redactedTypes) > 0 {
		// Every field of such a type holds such a URL (rwConf.URL
		// redacted, rrConf.URL and conf.URL of the same type too).
		for _, sel := range info.Selections {
			if f, ok := sel.Obj().(*types.Var); ok && sel.Kind() == types.FieldVal && redactedTypes[urlConfigType(f.Type())] {
				redacted[f] = true
			}
		}
	}
	for f := range redacted {
		c.sent[f] |= credSecret
		c.userURLs[f] = true
	}
	if len(c.userURLs) > 0 {
		// A text field given only the text of such a URL
		// (&Client{urlString: conf.URL.String()}) holds it too.
		copies := map[*types.Var]bool{}
		for _, st := range stores {
			if _, seen := copies[st.field]; !seen || copies[st.field] {
				copies[st.field] = c.userURLText(st.value)
			}
		}
		for f, all := range copies {
			if all {
				c.sent[f] |= credSecret
			}
		}
	}
	// A parameter of this package's functions found to be sent makes
	// their callers' arguments sent too: follow chains of helpers a few
	// calls deep.
	for range 4 {
		n := len(c.sent)
		for _, p := range passes {
			sig := p.fn.Type().(*types.Signature)
			_, args := httpmodel.Receiver(info, p.call)
			for i, a := range args {
				if i >= sig.Params().Len() || sig.Variadic() && i >= sig.Params().Len()-1 {
					break
				}
				if p.sends != nil {
					if i < len(p.sends) {
						note(a, creds(p.sends[i]))
					}
				} else {
					note(a, c.sent[sig.Params().At(i)])
				}
			}
		}
		for _, st := range stores {
			note(st.value, c.sent[st.field])
		}
		if len(c.sent) == n {
			break
		}
	}
	return c.sent
}

// A store is a value stored in a field of text type.
type store struct {
	field *types.Var
	value ast.Expr
}

// textField returns the field of text type that e, the target of an
// assignment, selects (c.token), or nil.
func textField(info *types.Info, e ast.Expr) *types.Var {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	if s, ok := info.Selections[sel]; !ok || s.Kind() != types.FieldVal {
		return nil
	}
	return textVar(info.Uses[sel.Sel])
}

// A passCall is a call that may pass a credential to a function that
// sends it: a function of this package, or one whose fact says so
// (sends).
type passCall struct {
	call  *ast.CallExpr
	fn    *types.Func
	sends []uint64
}

// sendsParam reports whether fn, a function of this package, sends one
// of its parameters as a credential: its summary tells its callers.
func (c *checker) sendsParam(fn *types.Func) bool {
	ps := fn.Type().(*types.Signature).Params()
	text := false
	for p := range ps.Variables() {
		text = text || httpmodel.IsStringOrBytes(p.Type())
	}
	if !text {
		return false // the walk of credVars only for a text parameter
	}
	sent := c.credVars()
	for p := range ps.Variables() {
		if sent[p] != 0 {
			return true
		}
	}
	return false
}

// sentParams returns, for each parameter of the function fd, the credential
// kinds it sends it as; nil for none.
func (c *checker) sentParams(fd *ast.FuncDecl) []uint64 {
	fn, _ := c.pass.TypesInfo.Defs[fd.Name].(*types.Func)
	if fn == nil || !c.sendsParam(fn) {
		return nil
	}
	ps := fn.Type().(*types.Signature).Params()
	var out []uint64
	for i := range ps.Len() {
		if k := c.credVars()[ps.At(i)]; k != 0 {
			if out == nil {
				out = make([]uint64, ps.Len())
			}
			out[i] = uint64(k)
		}
	}
	return out
}

// noteList notes each element of e, the values of a header given as a
// list ([]string{"Bearer " + tok}, or {tok} in a header literal).
func (c *checker) noteList(e ast.Expr, bits creds, note func(ast.Expr, creds)) {
	if lit, ok := ast.Unparen(e).(*ast.CompositeLit); ok {
		for _, elt := range lit.Elts {
			note(elt, bits)
		}
	}
}

// localDefs maps each local variable of the package that is given a
// value once, where it is declared, to that value (tok := c.cfg.Token).
// again holds the variables and parameters assigned after their
// declaration, or whose address is taken.
func localDefs(ix *callindex.Index, info *types.Info) (defs map[*types.Var]ast.Expr, again map[*types.Var]bool) {
	defs = map[*types.Var]ast.Expr{}
	again = map[*types.Var]bool{}
	multi := map[*types.Var]bool{}
	ix.Visit(nil, func(n ast.Node) {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				id, ok := ast.Unparen(l).(*ast.Ident)
				if !ok {
					continue
				}
				if v, ok := info.Defs[id].(*types.Var); ok && n.Tok == token.DEFINE && len(n.Lhs) == len(n.Rhs) {
					defs[v] = n.Rhs[i]
				} else if v, ok := info.Uses[id].(*types.Var); ok {
					again[v] = true
				} else if v, ok := info.Defs[id].(*types.Var); ok {
					multi[v] = true // v, err := f(): not one value
				}
			}
		case *ast.ValueSpec:
			for i, id := range n.Names {
				if v, ok := info.Defs[id].(*types.Var); ok && len(n.Values) == len(n.Names) && v.Parent() != v.Pkg().Scope() {
					defs[v] = n.Values[i]
				}
			}
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				if id, ok := ast.Unparen(n.X).(*ast.Ident); ok {
					if v, ok := info.Uses[id].(*types.Var); ok {
						again[v] = true // &v: set elsewhere
					}
				}
			}
		}
	})
	for v := range again {
		delete(defs, v)
	}
	for v := range multi {
		delete(defs, v)
	}
	return defs, again
}

// sentVars calls note for the variables of text type that e, a value
// sent as a credential, is made from, alone but for constants (see the
// comment at the top of the file): the struct field or package variable
// it comes from, and the local variables and parameters on the way
// (tok := c.cfg.Token names tok and c.cfg.Token).
func sentVars(pass *analysis.Pass, defs map[*types.Var]ast.Expr, e ast.Expr, depth int, note func(*types.Var)) {
	info := pass.TypesInfo
	if depth > 4 {
		return
	}
	e = ast.Unparen(e)
	if tv, ok := info.Types[e]; ok && tv.Value != nil {
		return
	}
	// one follows the one operand of es that is not a constant.
	one := func(es []ast.Expr) {
		var only ast.Expr
		for _, x := range es {
			if tv, ok := info.Types[x]; ok && tv.Value != nil {
				continue
			}
			if only != nil {
				return
			}
			only = x
		}
		if only != nil {
			sentVars(pass, defs, only, depth+1, note)
		}
	}
	noteText := func(obj types.Object) {
		if v := textVar(obj); v != nil {
			note(v)
		}
	}
	switch x := e.(type) {
	case *ast.BinaryExpr:
		if x.Op == token.ADD {
			one([]ast.Expr{x.X, x.Y})
		}
	case *ast.CallExpr:
		if tv, ok := info.Types[x.Fun]; ok && tv.IsType() && len(x.Args) == 1 {
			sentVars(pass, defs, x.Args[0], depth+1, note) // string(key)
			return
		}
		fn := httpmodel.Callee(info, x)
		switch {
		case httpmodel.IsPkgFunc(fn, "fmt", "Sprintf", "Sprint"):
			one(x.Args)
		case httpmodel.IsPkgFunc(fn, "strings", "TrimSpace"):
			one(x.Args)
		}
	case *ast.SelectorExpr:
		sel, ok := info.Selections[x]
		if !ok {
			noteText(info.Uses[x.Sel]) // pkg.APIKey
			return
		}
		if sel.Kind() == types.FieldVal {
			if pf := wrappedField(pass, x); pf != nil {
				note(pf) // conf.Token.String: the Token of conf
				return
			}
			noteText(sel.Obj())
		}
	case *ast.Ident:
		v, ok := info.Uses[x].(*types.Var)
		if !ok {
			return
		}
		// A package variable, a parameter, or a local variable.
		noteText(v)
		if rhs, ok := defs[v]; ok {
			sentVars(pass, defs, rhs, depth+1, note)
		}
	}
}

// wrappedField returns, for x, the selection of a field of a standard
// type's value held in a field of the package's types (conf.Token.String,
// Token a null.String that embeds sql.NullString), that field (Token):
// the standard field is one variable for every value of its type, and
// the field that holds it names the credential.
func wrappedField(pass *analysis.Pass, x *ast.SelectorExpr) *types.Var {
	info := pass.TypesInfo
	sel, ok := info.Selections[x]
	if !ok || sel.Kind() != types.FieldVal {
		return nil
	}
	f, _ := sel.Obj().(*types.Var)
	if f == nil || !stdField(pass, f) {
		return nil
	}
	inner, ok := ast.Unparen(x.X).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	isel, ok := info.Selections[inner]
	if !ok || isel.Kind() != types.FieldVal {
		return nil
	}
	pf, _ := isel.Obj().(*types.Var)
	if pf == nil || stdField(pass, pf) {
		return nil
	}
	return pf
}

// stdField reports whether f is a field of a type of the standard
// library (not of the package analysed).
func stdField(pass *analysis.Pass, f *types.Var) bool {
	return f.Pkg() != nil && f.Pkg() != pass.Pkg && analysisutil.InStd(pass, f.Pkg().Path())
}

// copiedHeaders notes the value variable of a loop over a map (the SDK's
// own map[string]*string of headers) whose body copies every entry into
// an http.Header under the loop's key (h[key] = []string{*value},
// h.Set(key, value)): each value is then some request header's, a
// credential among them, unless the body compares the key with a
// configured header's name (a filter, or a masking branch). key and
// value are the store's name and value.
func (c *checker) copiedHeaders(ranges map[*types.Var]*ast.RangeStmt, key, value ast.Expr) {
	info := c.pass.TypesInfo
	id, ok := ast.Unparen(key).(*ast.Ident)
	if !ok {
		return
	}
	kv, _ := info.Uses[id].(*types.Var)
	rs := ranges[kv]
	if rs == nil {
		c.namedByParam(kv, value)
		return
	}
	if value.Pos() < rs.Body.Pos() || value.End() > rs.Body.End() {
		return
	}
	vid, ok := rs.Value.(*ast.Ident)
	if !ok {
		return
	}
	vv, _ := info.Defs[vid].(*types.Var)
	if vv == nil || !flow.Mentions(info, value, vv) || c.comparesName(rs.Body, kv) {
		return
	}
	c.sent[vv] |= credHeader
}

// namedByParam notes the value of a header set under a name that is kv,
// a parameter of the function that sets it (func setHeader(key, value
// string) { ...; req.Header.Set(key, value) }, or a closure made by such
// a function), called only directly in its package (see
// callindex.CallArgs), with a name that is data (not a constant) or a
// configured header's: the value is some request header's, a credential
// among them, unless the function compares the name with a configured
// header's. value must be one local
// variable or parameter, given a value once (resolved, *v,
// []string{v}).
func (c *checker) namedByParam(kv *types.Var, value ast.Expr) {
	info := c.pass.TypesInfo
	if kv == nil {
		return
	}
	f, ok := c.calls.DeclAt(value.Pos())
	if !ok || f.Obj == nil || !slices.Contains(slices.Collect(f.Obj.Signature().Params().Variables()), kv) {
		return
	}
	vv := soleVar(info, value)
	if vv == nil || vv.IsField() || vv.Parent() == vv.Pkg().Scope() || c.again[vv] || c.comparesName(f.Decl.Body, kv) {
		return
	}
	args, complete := c.calls.CallArgs(f.Obj, kv)
	if !complete {
		// An exported setter (a library's SetHeader(name, value)): its
		// callers' names are their own, mostly constants.
		return
	}
	for _, a := range args {
		name, ok := httpmodel.ConstString(info, a.Expr)
		if !ok || c.nameBit(http.CanonicalHeaderKey(name)) != 0 {
			c.sent[vv] |= credHeader
			return
		}
	}
	// Every caller names a header that is no credential.
}

// soleVar returns the variable that e is made of alone: v, *v, a
// conversion of v, or []string{v}; nil otherwise.
func soleVar(info *types.Info, e ast.Expr) *types.Var {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		v, _ := info.Uses[x].(*types.Var)
		return v
	case *ast.StarExpr:
		return soleVar(info, x.X)
	case *ast.CompositeLit:
		if len(x.Elts) == 1 {
			return soleVar(info, x.Elts[0])
		}
	case *ast.CallExpr:
		if tv, ok := info.Types[x.Fun]; ok && tv.IsType() && len(x.Args) == 1 {
			return soleVar(info, x.Args[0])
		}
	}
	return nil
}

// secretMap returns the variable or field m when it is a map of text (or
// of lists of text, or of any values) keyed by strings, no http.Header,
// and key, its entry's key (m[key], delete(m, key)), is a constant that
// says secret (params["redis-password"], opts["api_key"]); nil otherwise.
func secretMap(info *types.Info, m, key ast.Expr) *types.Var {
	t := info.TypeOf(m)
	mt, ok := underMap(t)
	if !ok || isHeader(t) || !isString(mt.Key()) {
		return nil
	}
	if _, isIface := mt.Elem().Underlying().(*types.Interface); !isIface && !isText(mt.Elem()) && !isStringList(mt.Elem()) {
		return nil
	}
	if k, ok := httpmodel.ConstString(info, key); !ok || !secrets.FormKey(k) {
		return nil
	}
	return mapVar(info, m)
}

// mapSecret reports whether v, a map variable or field, holds a secret
// by the evidence of the package's reads: it reads an entry under a key
// that says secret (params["redis-password"]; see secretMap), and masks
// none (an entry set to a marker or deleted, anywhere: a copy the package
// masks before it logs it). What is written under a secret key is no
// evidence: a validation message or a schema.
func (c *checker) mapSecret(v *types.Var) bool {
	c.credVars()
	return c.secretMaps[v] && !c.maskedMaps[v]
}

// maskedMap reports whether the package masks an entry of the map v
// under a key that says secret (see mapSecret).
func (c *checker) maskedMap(v *types.Var) bool {
	c.credVars()
	return c.maskedMaps[v]
}

// otherMapEntry reports whether ix reads an entry, under a constant key
// that does not say secret (params["host"]), of a map that holds a secret
// under another (see mapSecret): the entry is not that secret.
func (c *checker) otherMapEntry(ix *ast.IndexExpr) bool {
	key, ok := httpmodel.ConstString(c.pass.TypesInfo, ix.Index)
	if !ok || secrets.FormKey(key) {
		return false
	}
	v := mapVar(c.pass.TypesInfo, ix.X)
	return v != nil && c.mapSecret(v)
}

// mapVar returns the variable or field that e names, or nil.
func mapVar(info *types.Info, e ast.Expr) *types.Var {
	if sel, ok := ast.Unparen(e).(*ast.SelectorExpr); ok {
		return flow.FieldOf(info, sel)
	}
	return flow.VarOf(info, e)
}

// underMap returns t's underlying map type.
func underMap(t types.Type) (*types.Map, bool) {
	if t == nil {
		return nil, false
	}
	m, ok := t.Underlying().(*types.Map)
	return m, ok
}

// comparesName reports whether body compares the variable k with a
// constant that names a configured header, in any case (k ==
// "authorization", strings.EqualFold(k, "Authorization"), a switch case).
func (c *checker) comparesName(body ast.Node, k *types.Var) bool {
	info := c.pass.TypesInfo
	named := func(e ast.Expr) bool {
		s, ok := httpmodel.ConstString(info, e)
		return ok && c.nameBit(http.CanonicalHeaderKey(s)) != 0
	}
	isK := func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		return ok && info.Uses[id] == k
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BinaryExpr:
			found = found || (isK(n.X) && named(n.Y)) || (isK(n.Y) && named(n.X))
		case *ast.CallExpr:
			found = found || slices.ContainsFunc(n.Args, named) && slices.ContainsFunc(n.Args, isK)
		case *ast.SwitchStmt:
			if n.Tag != nil && isK(n.Tag) {
				for _, st := range n.Body.List {
					if cc, ok := st.(*ast.CaseClause); ok && slices.ContainsFunc(cc.List, named) {
						found = true
					}
				}
			}
		}
		return !found
	})
	return found
}

// textVar returns obj when it is a variable of text type: a string or a
// byte slice.
func textVar(obj types.Object) *types.Var {
	v, ok := obj.(*types.Var)
	if !ok || !httpmodel.IsStringOrBytes(v.Type()) {
		return nil
	}
	return v
}

// passwordURL returns the variable or field of URL type that the
// assignment lhs = rhs gives a password (u.User = url.UserPassword(user,
// key), c.base.User = ...), nil for any other assignment or a password
// that reads as a redaction marker.
func (c *checker) passwordURL(lhs, rhs ast.Expr) *types.Var {
	info := c.pass.TypesInfo
	sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "User" || !isURL(info.TypeOf(sel.X)) {
		return nil
	}
	if !userinfoWithPassword(info, rhs) {
		return nil
	}
	if f := c.urlField(sel.X); f != nil {
		return f // c.base.User = ...
	}
	return flow.VarOf(info, sel.X)
}

// userinfoWithPassword reports whether e, given to a URL's User, may
// hold a password: url.UserPassword(user, pass) with a password that is
// no redaction marker, or user information of another origin (a
// parameter, a configuration's BasicAuth field), which a caller may have
// made with one. url.User(name), with no password, and nil hold none.
func userinfoWithPassword(info *types.Info, e ast.Expr) bool {
	if analysisutil.IsNil(info, e) || !httpmodel.IsNamed(info.TypeOf(e), "net/url", "Userinfo") {
		return false
	}
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return true
	}
	switch fn := httpmodel.Callee(info, call); {
	case httpmodel.IsPkgFunc(fn, "net/url", "UserPassword"):
		return len(call.Args) == 2 && !isMarker(info, call.Args[1])
	case httpmodel.IsPkgFunc(fn, "net/url", "User"):
		return false
	}
	return true
}

// urlField returns the field of URL type of a struct of this package
// that e, the target of an assignment, selects (c.base), or nil (the URL
// of an http.Request is every request's).
func (c *checker) urlField(e ast.Expr) *types.Var {
	if f := c.anyURLField(e); f != nil && f.Pkg() == c.pass.Pkg {
		return f
	}
	return nil
}

// redactedURL returns what the call n, a call of (*url.URL).Redacted,
// says may hold a password: the field it prints redacted (cfg.Endpoint,
// a *url.URL the package is configured with), or, for a type of another
// package that embeds the URL (a configuration's URL type, rwConf.URL of
// type *config.URL), that type, of which every field holds such a URL.
// A package that masks a URL's password in one place knows that its
// user information may hold one: printed elsewhere with String, or
// whole, it prints the password. The fields of the standard library's
// types (req.URL) are no evidence: one value of them is every request's.
func (c *checker) redactedURL(n *ast.CallExpr) (*types.Var, *types.TypeName) {
	info := c.pass.TypesInfo
	if !httpmodel.IsMethod(httpmodel.Callee(info, n), "net/url", "URL", "Redacted") {
		return nil, nil
	}
	sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil, nil
	}
	if t := urlConfigType(info.TypeOf(sel.X)); t != nil {
		return nil, t
	}
	return c.anyURLField(sel.X), nil
}

// userinfoUsed returns the URL variable or field whose user information
// the call n uses as a credential: it reads its password
// (c.dsn.User.Password(), to send it with SetBasicAuth), or hands the URL
// to http.ProxyURL, whose transport sends the user information to the
// proxy as Proxy-Authorization. Such a URL, printed, prints the password.
func (c *checker) userinfoUsed(n *ast.CallExpr) *types.Var {
	info := c.pass.TypesInfo
	fn := httpmodel.Callee(info, n)
	var u ast.Expr
	switch {
	case httpmodel.IsMethod(fn, "net/url", "Userinfo", "Password"):
		sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr)
		if !ok {
			return nil
		}
		user, ok := ast.Unparen(sel.X).(*ast.SelectorExpr)
		if !ok || user.Sel.Name != "User" || !isURL(info.TypeOf(user.X)) {
			return nil
		}
		u = user.X
	case fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == httpPkg && fn.Name() == "ProxyURL" && len(n.Args) == 1:
		u = n.Args[0]
		if c.userlessURL(u) {
			return nil
		}
	default:
		return nil
	}
	if f := c.anyURLField(u); f != nil {
		return f
	}
	if v := flow.VarOf(info, u); v != nil && !v.IsField() && isURL(v.Type()) {
		return v
	}
	return nil
}

// proxyTexts returns the texts that the call n, a call of http.ProxyURL
// with a local variable, is handed the parse of: every value of the
// variable is url.Parse(x) (or ParseRequestURI), and each x that is a
// variable, a field or a call (not a constant, not text put together
// around a host name) is returned, unless the function gives the URL
// its user information itself (u.User = ...). The transport sends the
// user information of that text to the proxy (Proxy-Authorization), so
// the text, logged, logs the proxy's password.
func (c *checker) proxyTexts(n *ast.CallExpr) []ast.Expr {
	info := c.pass.TypesInfo
	fn := httpmodel.Callee(info, n)
	if !httpmodel.IsPkgFunc(fn, httpPkg, "ProxyURL") || len(n.Args) != 1 || c.userlessURL(n.Args[0]) {
		return nil
	}
	v := flow.VarOf(info, n.Args[0])
	if v == nil || v.Kind() != types.LocalVar {
		return nil
	}
	f, ok := c.calls.DeclAt(v.Pos())
	if !ok {
		return nil
	}
	values, known := flow.AssignedAfterDecl(info, f.Decl, v)
	if !known || flow.AssignsField(info, f.Decl, v, "User") {
		return nil
	}
	var texts []ast.Expr
	for _, val := range values {
		call, ok := ast.Unparen(val).(*ast.CallExpr)
		if !ok || len(call.Args) != 1 {
			return nil
		}
		if fn := httpmodel.Callee(info, call); !httpmodel.IsPkgFunc(fn, "net/url", "Parse") && !httpmodel.IsPkgFunc(fn, "net/url", "ParseRequestURI") {
			return nil
		}
		x := call.Args[0]
		if raw, isConst := httpmodel.ConstString(info, x); isConst || c.constantText(f.Decl, x) {
			if strings.Contains(raw, "@") {
				return nil // a constant with user information: userlessURL's
			}
			continue // a default without it, overridden below
		}
		switch ast.Unparen(x).(type) {
		case *ast.Ident, *ast.SelectorExpr, *ast.CallExpr, *ast.StarExpr:
			texts = append(texts, x)
		}
	}
	return texts
}

// constantText reports whether x is a local variable of decl given only
// constants without '@' (addr := "http://proxy.internal:3128").
func (c *checker) constantText(decl *ast.FuncDecl, x ast.Expr) bool {
	info := c.pass.TypesInfo
	v := flow.VarOf(info, x)
	if v == nil || v.Kind() != types.LocalVar {
		return false
	}
	values, known := flow.Assigned(info, decl, v)
	if !known || len(values) == 0 {
		return false
	}
	for _, val := range values {
		raw, ok := httpmodel.ConstString(info, val)
		if !ok || strings.Contains(raw, "@") {
			return false
		}
	}
	return true
}

// userlessURL reports whether u is a local variable of this function
// whose every value holds no user information: a literal &url.URL{...}
// without User, or url.Parse of a constant without '@'.
func (c *checker) userlessURL(u ast.Expr) bool {
	info := c.pass.TypesInfo
	v := flow.VarOf(info, u)
	if v == nil || v.IsField() {
		return false
	}
	f, ok := c.calls.DeclAt(v.Pos())
	if !ok {
		return false
	}
	values, known := flow.Assigned(info, f.Decl, v)
	if !known || len(values) == 0 {
		return false
	}
	for _, val := range values {
		val = ast.Unparen(val)
		if addr, ok := val.(*ast.UnaryExpr); ok && addr.Op == token.AND {
			val = ast.Unparen(addr.X)
		}
		switch val := val.(type) {
		case *ast.CompositeLit:
			for _, elt := range val.Elts {
				if kv, ok := elt.(*ast.KeyValueExpr); ok {
					if id, ok := kv.Key.(*ast.Ident); ok && id.Name == "User" {
						return false
					}
				}
			}
		case *ast.CallExpr:
			if !httpmodel.IsPkgFunc(httpmodel.Callee(info, val), "net/url", "Parse") || len(val.Args) != 1 {
				return false
			}
			raw, ok := httpmodel.ConstString(info, val.Args[0])
			if !ok || strings.Contains(raw, "@") {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// anyURLField returns the field of URL type, of any package but the
// standard library's, that e selects.
func (c *checker) anyURLField(e ast.Expr) *types.Var {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	if s, ok := c.pass.TypesInfo.Selections[sel]; ok && s.Kind() == types.FieldVal {
		if f, ok := s.Obj().(*types.Var); ok && isURL(f.Type()) && !stdField(c.pass, f) {
			return f
		}
	}
	return nil
}

// urlConfigType returns the named type of t (or of what t points to)
// when it is a struct type of a package other than net/url that embeds a
// url.URL or a pointer to one, nil otherwise.
func urlConfigType(t types.Type) *types.TypeName {
	if t == nil {
		return nil
	}
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	named, ok := types.Unalias(t).(*types.Named)
	if !ok || isURL(named) {
		return nil
	}
	st, ok := named.Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	for _, pt := range []types.Type{named, types.NewPointer(named)} {
		if name, fn := logsink.PrintMethod(nil, pt); name != "" && fn != nil && (fn.Pkg() == nil || fn.Pkg().Path() != "net/url") {
			return nil // it prints itself, perhaps masked
		}
	}
	for f := range st.Fields() {
		if f.Embedded() && isURL(f.Type()) {
			return named.Origin().Obj()
		}
	}
	return nil
}

// userURLText reports whether e is the text of a URL field that holds a
// password (see userURLs): c.base.String(), conf.URL.String().
func (c *checker) userURLText(e ast.Expr) bool {
	info := c.pass.TypesInfo
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 0 || !httpmodel.IsMethod(httpmodel.Callee(info, call), "net/url", "URL", "String") {
		return false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	x, ok := ast.Unparen(sel.X).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	f, _ := info.Uses[x.Sel].(*types.Var)
	return f != nil && c.userURLs[f]
}

// tokenAnswerWhat names the text of a token request's answer in
// messages (see tokenAnswer).
const tokenAnswerWhat = "answer of a token request (grant_type), which holds the token it grants"

// tokenAnswer returns the local variable that call, io.ReadAll (or
// ioutil.ReadAll) of a response's Body, assigns, when the function that
// reads it makes a token request: it spells the grant_type parameter of
// an OAuth 2.0 token request (RFC 6749, section 4), whose answer holds
// the access token (and a refresh token) it grants; nil otherwise.
func (c *checker) tokenAnswer(call *ast.CallExpr) *types.Var {
	info := c.pass.TypesInfo
	fn := httpmodel.Callee(info, call)
	if len(call.Args) != 1 || !httpmodel.IsPkgFunc(fn, "io", "ReadAll") && !httpmodel.IsPkgFunc(fn, "io/ioutil", "ReadAll") {
		return nil
	}
	sel, ok := ast.Unparen(call.Args[0]).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Body" || !isResponse(info.TypeOf(sel.X)) {
		return nil
	}
	f, ok := c.calls.DeclAt(call.Pos())
	if !ok || f.Decl.Body == nil {
		return nil
	}
	var v *types.Var
	grant := false
	ast.Inspect(f.Decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if len(n.Rhs) == 1 && ast.Unparen(n.Rhs[0]) == call && len(n.Lhs) > 0 {
				if id, ok := n.Lhs[0].(*ast.Ident); ok {
					v, _ = info.ObjectOf(id).(*types.Var)
				}
			}
		case *ast.BasicLit:
			if text, ok := httpmodel.ConstString(info, n); ok && (text == "grant_type" || strings.HasPrefix(text, "grant_type=") || strings.Contains(text, "&grant_type=")) {
				grant = true
			}
		}
		return true
	})
	if !grant {
		return nil
	}
	return v
}

// decodedSecret returns the local variable whose text call, a call of
// json.Unmarshal or xml.Unmarshal, decodes into a value whose type has a
// secret field the decoder fills (its own, an embedded struct's, or those
// of a struct in a field whose name says it holds credentials:
// Credential struct{ AccessToken string }): the text holds that secret,
// as a token endpoint's body or a CLI's JSON output does. The text is the
// variable itself, a conversion of it, or the contents of a buffer
// (buf.Bytes()); nil for anything else. what names the value decoded, for
// a message.
func (c *checker) decodedSecret(call *ast.CallExpr) (v *types.Var, what string) {
	info := c.pass.TypesInfo
	fn := httpmodel.Callee(info, call)
	var enc string
	switch {
	case httpmodel.IsPkgFunc(fn, "encoding/json", "Unmarshal"):
		enc = "json"
	case httpmodel.IsPkgFunc(fn, "encoding/xml", "Unmarshal"):
		enc = "xml"
	default:
		return nil, ""
	}
	if len(call.Args) != 2 {
		return nil, ""
	}
	if t := info.TypeOf(call.Args[1]); c.decodesSecret(t, enc) {
		what = typeName(t) + ", which holds a secret"
	} else if t, by := c.handedSecret(call.Args[1], enc, 0); t != nil {
		what = typeName(t) + " (handed over by " + by + "), which holds a secret"
	} else {
		return nil, ""
	}
	src := ast.Unparen(call.Args[0])
	if conv, ok := src.(*ast.CallExpr); ok {
		f := httpmodel.Callee(info, conv)
		if tv, ok := info.Types[conv.Fun]; ok && tv.IsType() && len(conv.Args) == 1 {
			src = conv.Args[0] // []byte(s)
		} else if httpmodel.IsMethod(f, "bytes", "Buffer", "Bytes", "String") || httpmodel.IsMethod(f, "strings", "Builder", "String") {
			src, _ = httpmodel.Receiver(info, conv) // buf.Bytes()
		}
	}
	id, ok := ast.Unparen(src).(*ast.Ident)
	if !ok {
		return nil, ""
	}
	v, ok = info.Uses[id].(*types.Var)
	if !ok || v.IsField() || v.Parent() == v.Pkg().Scope() {
		return nil, ""
	}
	return v, what
}

// handedSecret reports whether e is a parameter of interface type of its
// function (func (c *Client) call(ctx, method, path string, in, out any)
// that decodes every answer into out) that some call of the function in
// the package hands a value whose type enc's decoder fills a secret field
// of (c.call(ctx, "POST", "/keys", req, &key) with key an APIKey holding
// its Secret), directly or through a parameter of its own that a caller
// hands one (depth counts the steps).
func (c *checker) handedSecret(e ast.Expr, enc string, depth int) (t types.Type, by string) {
	info := c.pass.TypesInfo
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok || depth > 3 {
		return nil, ""
	}
	p, ok := info.Uses[id].(*types.Var)
	if !ok || p.Kind() != types.ParamVar || !types.IsInterface(p.Type()) {
		return nil, ""
	}
	f, ok := c.calls.DeclAt(id.Pos())
	if !ok || f.Obj == nil || p.Pos() < f.Decl.Type.Pos() || p.Pos() >= f.Decl.Type.End() {
		return nil, "" // a parameter of a function literal
	}
	args, _ := c.calls.CallArgs(f.Obj, p)
	for _, a := range args {
		if t := info.TypeOf(a.Expr); c.decodesSecret(t, enc) {
			return t, a.Caller.Decl.Name.Name
		}
		if t, by := c.handedSecret(a.Expr, enc, depth+1); t != nil {
			return t, by
		}
	}
	return nil, ""
}

// decodesSecret reports whether enc's decoder fills a secret field of a
// value of type t (see decodedSecret).
func (c *checker) decodesSecret(t types.Type, enc string) bool {
	if c.marshalsSecret(t, enc) {
		return true
	}
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := types.Unalias(t).Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := range st.NumFields() {
		f := st.Field(i)
		if secrets.Marshalled(st, i, enc) && secrets.Name(f.Name()) && c.marshalsSecret(f.Type(), enc) {
			return true
		}
	}
	return false
}

// A decode is where a function decodes text into a value with a secret
// field, and what that value is, for a message.
type decode struct {
	pos  token.Pos
	what string
}

// decodedAt reports whether v, read at pos, is text that its function
// decodes into a value with a secret field (see decodedSecret): before
// pos, or after it on a path from pos (the body of every answer logged,
// then decoded: body, _ := io.ReadAll(resp.Body); log.Printf("%s", body);
// if resp.StatusCode != 200 { return err }; json.Unmarshal(body, &tok)).
// A log on a path that leaves before the decode (the error branch that
// returns) prints another answer.
func (c *checker) decodedAt(v *types.Var, pos token.Pos) bool {
	return c.decodeAt(v, pos) != ""
}

// decodeAt returns what decodedAt finds: the value v's text is decoded
// into, or "".
func (c *checker) decodeAt(v *types.Var, pos token.Pos) string {
	c.credVars() // fills c.decoded
	for _, d := range c.decoded[v] {
		if d.what == tokenAnswerWhat && (pos < d.pos || c.inStatusBranch(pos)) {
			// A token request's error answer (if resp.StatusCode !=
			// 200 { log...(body) }) holds an error, not a token.
			continue
		}
		if d.pos < pos || c.reaches(pos, d.pos) {
			return d.what
		}
	}
	return ""
}

// inStatusBranch reports whether pos is in the body of an if statement
// (or its else) whose condition reads a response's status
// (resp.StatusCode != http.StatusOK).
func (c *checker) inStatusBranch(pos token.Pos) bool {
	f, ok := c.calls.DeclAt(pos)
	if !ok || f.Decl.Body == nil {
		return false
	}
	found := false
	ast.Inspect(f.Decl.Body, func(n ast.Node) bool {
		ifs, ok := n.(*ast.IfStmt)
		if found || n == nil || pos < n.Pos() || pos >= n.End() {
			return false
		}
		if !ok || pos < ifs.Body.Pos() {
			return true
		}
		ast.Inspect(ifs.Cond, func(m ast.Node) bool {
			if sel, ok := m.(*ast.SelectorExpr); ok && (sel.Sel.Name == "StatusCode" || sel.Sel.Name == "Status") && isResponse(c.pass.TypesInfo.TypeOf(sel.X)) {
				found = true
			}
			return !found
		})
		return !found
	})
	return found
}

// reaches reports whether the statement at from, a call statement (the
// log), goes on to the node at to, later in the same function, on some
// path of its control-flow graph that runs forward (paths.Graph.Flows):
// no return, no call that never returns (log.Fatalf, os.Exit), no other
// case of a switch or select, and not round a loop. A statement that
// stores the text (an error value made of every answer, returned on the
// failure's path alone) prints it later, on a path of its own, and is
// not taken.
func (c *checker) reaches(from, to token.Pos) bool {
	f, ok := c.calls.DeclAt(from)
	if !ok || to < from || to >= f.Decl.End() {
		return false
	}
	var stmt ast.Stmt
	var lit bool
	ast.Inspect(f.Decl.Body, func(n ast.Node) bool {
		if n == nil || n.Pos() > from || n.End() <= from {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			lit = true
		case ast.Stmt:
			stmt = n
		}
		return true
	})
	if lit {
		return false
	}
	es, ok := stmt.(*ast.ExprStmt)
	if !ok {
		return false
	}
	if c.graphs == nil {
		c.graphs = paths.NewCache(c.pass.TypesInfo)
	}
	target := &ast.Ident{NamePos: to, Name: "_"} // a node at to
	return c.graphs.Of(f.Decl.Body).Flows(es, target)
}
