package authlog

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"net/http"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/fixes"
	"github.com/retrylint/retrylint/internal/flow"
	"github.com/retrylint/retrylint/internal/httpmodel"
	"github.com/retrylint/retrylint/internal/logsink"
	"github.com/retrylint/retrylint/internal/secrets"
)

// This file finds the credentials that never pass through a header:
// secrets held in Go values (credSecret). Their sources are
//
//   - a field whose name or tag says it holds a secret, or a field of a
//     credential type of a well-known SDK (internal/secrets): cfg.Password,
//     tok.AccessToken, creds.SecretAccessKey;
//   - the password of a URL's user information ((*url.Userinfo).Password,
//     url.UserPassword), which a URL printed by its String method shows;
//   - the value given a secret key of a form or a map of request values
//     (url.Values{"client_secret": {s}}, v.Set("password", p),
//     map[string]any{"apiKey": k}, as GraphQL variables are built);
//   - a body that encoding/json or encoding/xml makes of a value whose
//     type has a secret field it writes (json.Marshal(&LoginRequest{...})).
//
// A struct printed whole shows its secret fields too: one of this
// package's types is reported at the field, with a String method that
// redacts it (see noteSecret); one of another package (an oauth2.Token,
// aws.Credentials) at the value printed.

// secretSel reports whether x selects a field that holds a secret, and
// whether that field is a pointer to the text (*string), which fmt prints
// as an address.
func (c *checker) secretSel(x *ast.SelectorExpr) (secret, ptr bool) {
	sel, ok := c.pass.TypesInfo.Selections[x]
	if !ok || sel.Kind() != types.FieldVal {
		return false, false
	}
	f, _ := sel.Obj().(*types.Var)
	if f == nil {
		return false, false
	}
	if c.secretVars == nil {
		c.secretVars = map[*types.Var]bool{}
	}
	s, done := c.secretVars[f]
	if !done {
		s = c.secretFieldOf(sel)
		c.secretVars[f] = s
	}
	return s, s && isPointer(f.Type())
}

// secretFieldOf reports whether the field sel selects holds a secret,
// following the embedded fields it goes through.
func (c *checker) secretFieldOf(sel *types.Selection) bool {
	t := sel.Recv()
	idx := sel.Index()
	for k, i := range idx {
		if p, ok := types.Unalias(t).(*types.Pointer); ok {
			t = p.Elem()
		}
		st, ok := t.Underlying().(*types.Struct)
		if !ok || i >= st.NumFields() {
			return false
		}
		if k == len(idx)-1 {
			named, st := declared(t, st)
			return c.secretFields.field(named, st, i)
		}
		t = st.Field(i).Type()
	}
	return false
}

// marshalsSecret reports whether enc, encoding/json or encoding/xml (the
// package's last element, "json" or "xml"), writes a secret field of a
// value of type t: t is a struct (or a pointer to one) with a secret
// field that the encoder writes, its own or one of an embedded struct
// (whose fields both encoders write as its own), and no MarshalJSON (or
// MarshalXML) or MarshalText method of its own.
// A secret of a struct held in a field does not count: a response of an
// API (a job) holds related objects (its agent) whose credential fields
// the server leaves empty there, and a request body is made of its own
// fields.
func (c *checker) marshalsSecret(t types.Type, enc string) bool {
	if c.marshalled == nil {
		c.marshalled = map[marshalKey]bool{}
	}
	return c.marshalsIn(t, enc, 0)
}

// marshalKey is a type as an encoder writes it.
type marshalKey struct {
	t   types.Type
	enc string
}

func (c *checker) marshalsIn(t types.Type, enc string, depth int) bool {
	if t == nil || depth > 3 {
		return false
	}
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	t = types.Unalias(t)
	key := marshalKey{t, enc}
	if s, ok := c.marshalled[key]; ok {
		return s
	}
	c.marshalled[key] = false // a type that holds itself
	st, ok := t.Underlying().(*types.Struct)
	if !ok || hasMethod(t, "Marshal"+strings.ToUpper(enc)) || hasMethod(t, "MarshalText") {
		return false
	}
	named, st := declared(t, st)
	found := false
	for i := range st.NumFields() {
		if !secrets.Marshalled(st, i, enc) {
			continue
		}
		if c.secretFields.field(named, st, i) || st.Field(i).Embedded() && c.marshalsIn(st.Field(i).Type(), enc, depth+1) {
			found = true
			break
		}
	}
	c.marshalled[key] = found
	return found
}

// dumpedSecret returns the path of a secret field that a deep dump of a
// value of type t (see dumpers) shows: one of the -secret-fields, at any
// depth through structs, pointers, slices, arrays and maps, short of a
// type printed by its own String or Error method; nil for none.
func (c *checker) dumpedSecret(t types.Type) []string {
	seen := map[types.Type]bool{}
	var in func(t types.Type, depth int) []string
	in = func(t types.Type, depth int) []string {
		if t == nil || depth > 5 {
			return nil
		}
		t = types.Unalias(t)
		if seen[t] {
			return nil
		}
		seen[t] = true
		if dumpsItself(t) {
			return nil
		}
		switch u := t.Underlying().(type) {
		case *types.Pointer:
			return in(u.Elem(), depth+1)
		case *types.Slice:
			return in(u.Elem(), depth+1)
		case *types.Array:
			return in(u.Elem(), depth+1)
		case *types.Map:
			return in(u.Elem(), depth+1)
		case *types.Struct:
			named, st := declared(t, u)
			for i := range st.NumFields() {
				f := st.Field(i)
				if isText(f.Type()) && c.secretFields.field(named, st, i) && !dumpsItself(f.Type()) {
					return []string{f.Name()}
				}
				if p := in(f.Type(), depth+1); p != nil {
					return append([]string{f.Name()}, p...)
				}
			}
		}
		return nil
	}
	return in(t, 0)
}

// dumpsItself reports whether a deep dump prints a value of type t by
// its own String or Error method: spew calls one of the value's or,
// taking a copy's address, of its pointer's (DisablePointerMethods is
// false by default, config.go:67-90).
func dumpsItself(t types.Type) bool {
	if types.IsInterface(t) {
		return false
	}
	if _, ok := types.Unalias(t).(*types.Pointer); !ok {
		t = types.NewPointer(t)
	}
	ms := types.NewMethodSet(t)
	for _, name := range []string{"String", "Error"} {
		if sel := ms.Lookup(nil, name); sel != nil {
			if sig, ok := sel.Type().(*types.Signature); ok && sig.Params().Len() == 0 && sig.Results().Len() == 1 && isString(sig.Results().At(0).Type()) {
				return true
			}
		}
	}
	return false
}

// declared returns, for st, the struct of t, the named type t is (nil for
// none), as declared (the origin of an instance), and the declared struct,
// which holds the fields' tags.
func declared(t types.Type, st *types.Struct) (*types.Named, *types.Struct) {
	named, _ := types.Unalias(t).(*types.Named)
	if named == nil {
		return nil, st
	}
	named = named.Origin()
	if o, ok := named.Underlying().(*types.Struct); ok && o.NumFields() == st.NumFields() {
		st = o
	}
	return named, st
}

func hasMethod(t types.Type, name string) bool {
	obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(t), true, nil, name)
	_, ok := obj.(*types.Func)
	return ok
}

// isSecretEntry reports whether key is a constant that says its value is
// a secret (see secrets.FormKey; secrets.QueryKey for query, the entry of
// a request's url.Values), and value is not constant text.
func (s *fstate) isSecretEntry(key, value ast.Expr, query bool) bool {
	k, ok := httpmodel.ConstString(s.info, key)
	if !ok {
		return false
	}
	c := s.c
	if c.formKeys == nil {
		c.formKeys = map[string]bool{}
	}
	secret, done := c.formKeys[k]
	if !done {
		// A secret form key, or a credential header's name: a map of
		// the headers an SDK sets on its requests
		// (map[string]string{"Authorization": "Bearer " + token}).
		secret = secrets.FormKey(k) || c.nameIndex(http.CanonicalHeaderKey(k)) != 0
		c.formKeys[k] = secret
	}
	if !secret && query {
		secret = secrets.QueryKey(k)
	}
	return secret && !constOnly(s.info, value) && s.carriesText(value)
}

// carriesText reports whether e, a value given a secret key, holds text
// taken from a variable, a field or a call's text result (a getter's, or a
// method's: the HMAC of a signed URL, mac.Sum(nil)): not a flag
// (p != ""), a length, a part of the text (p[:2] + "***"), or text a
// masking helper made (mask(p), whose summary says it masks) or that
// repeats a constant (strings.Repeat("*", len(p))).
func (s *fstate) carriesText(e ast.Expr) bool {
	info := s.info
	if t := info.TypeOf(e); t == nil || !textOrList(t) {
		return false
	}
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.SliceExpr:
			return false // a part of the text (p[:2] + "***"), as a mask shows
		case *ast.CallExpr:
			if tv, ok := info.Types[n.Fun]; ok && tv.IsType() {
				return true // a conversion: string(b)
			}
			if id, ok := ast.Unparen(n.Fun).(*ast.Ident); ok {
				if _, builtin := info.Uses[id].(*types.Builtin); builtin {
					return false // len(p), cap(p)
				}
			}
			fn := httpmodel.Callee(info, n)
			if fn == nil {
				break
			}
			if httpmodel.IsPkgFunc(fn, "strings", "Repeat") {
				return false // a repeated constant
			}
			if f := s.c.fact(fn); f != nil && f.Masks {
				return false
			}
			if t := info.TypeOf(n); t != nil && textOrList(t) {
				if len(n.Args) == 0 {
					found = true // a getter: cfg.GetPassword()
				} else if recv, _ := httpmodel.Receiver(info, n); recv != nil && fn.Signature().Recv() != nil {
					found = true // what a value holds or computes: mac.Sum(nil)
				}
			}
			return true // what the arguments carry
		case *ast.Ident, *ast.SelectorExpr:
			tv, ok := info.Types[n.(ast.Expr)]
			if ok && tv.IsValue() && tv.Value == nil && textOrList(tv.Type) {
				found = !s.localMask(n.(ast.Expr), map[*types.Var]bool{})
			}
			if _, isSel := n.(*ast.SelectorExpr); isSel {
				return !found
			}
		}
		return true
	})
	return found
}

// localMask reports whether e is a local variable of the function (not a
// parameter) whose every value is a mask (see maskValue): shown :=
// "[REDACTED]", masked := strings.Repeat("*", len(tok)), m := mask(tok).
func (s *fstate) localMask(e ast.Expr, seen map[*types.Var]bool) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok || s.decl == nil || s.decl.Body == nil {
		return false
	}
	v, ok := s.info.Uses[id].(*types.Var)
	if !ok || v.IsField() || v.Pos() < s.decl.Body.Pos() || v.Pos() >= s.decl.Body.End() || seen[v] {
		return false
	}
	seen[v] = true
	values, ok := flow.Assigned(s.info, s.decl.Body, v)
	if !ok || len(values) == 0 {
		return false
	}
	for _, x := range values {
		if !s.maskValue(x, seen) {
			return false
		}
	}
	return true
}

// maskValue reports whether x is text that shows no secret by its own
// making: a constant, a repeated constant (strings.Repeat("*", n)), the
// result of a masking helper (its summary says Masks), or a local
// variable whose every value is one of these.
func (s *fstate) maskValue(x ast.Expr, seen map[*types.Var]bool) bool {
	x = ast.Unparen(x)
	if tv, ok := s.info.Types[x]; ok && tv.Value != nil {
		return true
	}
	switch x := x.(type) {
	case *ast.CallExpr:
		fn := httpmodel.Callee(s.info, x)
		if httpmodel.IsPkgFunc(fn, "strings", "Repeat") {
			return true
		}
		f := s.c.fact(fn)
		return f != nil && f.Masks
	case *ast.Ident:
		return s.localMask(x, seen)
	}
	return false
}

// textOrList reports whether t is text (secrets.IsText) or a slice or
// array of it ([]string, as url.Values holds).
func textOrList(t types.Type) bool {
	if secrets.IsText(t) {
		return true
	}
	switch u := t.Underlying().(type) {
	case *types.Slice:
		return secrets.IsText(u.Elem())
	case *types.Array:
		return secrets.IsText(u.Elem())
	}
	return false
}

// constOnly reports whether e is constant text, or a list of constants
// ({"[REDACTED]"}).
func constOnly(info *types.Info, e ast.Expr) bool {
	e = ast.Unparen(e)
	if tv, ok := info.Types[e]; ok && tv.Value != nil {
		return true
	}
	if lit, ok := e.(*ast.CompositeLit); ok {
		for _, elt := range lit.Elts {
			if !constOnly(info, elt) {
				return false
			}
		}
		return true
	}
	return false
}

// isURL reports whether t is a url.URL or a pointer to one.
func isURL(t types.Type) bool {
	return t != nil && httpmodel.IsNamed(t, "net/url", "URL")
}

// foreignSecret returns, for a value of type t printed whole by a log,
// the path of the secret field it shows when t is a struct type (or a
// pointer to one) of another package, printed field by field (no Error,
// String, Format or LogValue method): an oauth2.Token, aws.Credentials.
// The types of this package are reported at their field (noteSecret).
func (c *checker) foreignSecret(t types.Type) []string {
	if t == nil || isRequest(t) || isHeader(t) || types.IsInterface(t) {
		return nil
	}
	if name, _ := logsink.PrintMethod(&c.msets, t); name != "" {
		return nil
	}
	base := t
	if p, ok := types.Unalias(base).(*types.Pointer); ok {
		base = p.Elem()
	}
	named, ok := types.Unalias(base).(*types.Named)
	if !ok || named.Obj().Pkg() == nil || named.Obj().Pkg() == c.pass.Pkg {
		return nil
	}
	return c.shownSecret(base)
}

// secretWhat names, for a message, the secret that e carries.
func (c *checker) secretWhat(e ast.Expr) string {
	info := c.pass.TypesInfo
	x := ast.Unparen(e)
	if st, ok := x.(*ast.StarExpr); ok {
		x = ast.Unparen(st.X)
	}
	if sel, ok := x.(*ast.SelectorExpr); ok {
		if s, _ := c.secretSel(sel); s {
			return "secret field " + typeName(info.Selections[sel].Recv()) + "." + sel.Sel.Name
		}
	}
	text := x
	if conv, ok := text.(*ast.CallExpr); ok && len(conv.Args) == 1 {
		if tv, ok := info.Types[conv.Fun]; ok && tv.IsType() {
			text = ast.Unparen(conv.Args[0]) // string(body)
		}
	}
	if id, ok := text.(*ast.Ident); ok {
		if v, ok := info.Uses[id].(*types.Var); ok {
			if what := c.decodeAt(v, id.Pos()); what == tokenAnswerWhat {
				return what + ","
			} else if what != "" {
				return "text decoded into " + what + ","
			}
		}
	}
	t := info.TypeOf(e)
	if call, ok := x.(*ast.CallExpr); ok && httpmodel.IsMethod(httpmodel.Callee(info, call), "net/url", "URL", "String") {
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			t = info.TypeOf(sel.X) // u.String()
		}
	}
	if isURL(t) || urlConfigType(t) != nil {
		return "URL with its user's password"
	}
	if call, ok := x.(*ast.CallExpr); ok && dumper(httpmodel.Callee(info, call)) {
		for _, a := range call.Args {
			if path := c.dumpedSecret(info.TypeOf(a)); path != nil {
				return fmt.Sprintf("dump of %s (its %s is a secret)", typeName(info.TypeOf(a)), strings.Join(path, "."))
			}
		}
	}
	if path := c.foreignSecret(t); path != nil {
		return fmt.Sprintf("%s printed whole (its %s is a secret)", typeName(t), strings.Join(path, "."))
	}
	return "secret (a password, key or token)"
}

// typeName is the name of t, or of the type t points to, qualified by its
// package's name: oauth2.Token.
func typeName(t types.Type) string {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		if n.Obj().Pkg() != nil {
			return n.Obj().Pkg().Name() + "." + n.Obj().Name()
		}
		return n.Obj().Name()
	}
	return types.TypeString(t, func(p *types.Package) string { return p.Name() })
}

// urlFix prints the URL u, which holds a password, with u.Redacted(),
// which masks it: when u is the only credential of the finding and the
// log accepts text there.
func (c *checker) urlFix(f *finding) *analysis.SuggestedFix {
	ctx := f.ctx
	if ctx == nil {
		return nil
	}
	if b, ok := ctx.Underlying().(*types.Basic); ok && b.Info()&types.IsString != 0 {
		// a string is asked for: u.String() was written, or Sprint(u)
	} else if it, ok := ctx.Underlying().(*types.Interface); !ok || it.NumMethods() != 0 {
		return nil
	}
	x := ast.Unparen(f.expr)
	if call, ok := x.(*ast.CallExpr); ok {
		// u.String(): call Redacted instead.
		fn := httpmodel.Callee(c.pass.TypesInfo, call)
		sel, isSel := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !httpmodel.IsMethod(fn, "net/url", "URL", "String") || !isSel {
			return nil
		}
		return &analysis.SuggestedFix{
			Message:   "Log the URL with its password masked",
			TextEdits: []analysis.TextEdit{{Pos: sel.Sel.Pos(), End: sel.Sel.End(), NewText: []byte("Redacted")}},
		}
	}
	switch x.(type) {
	case *ast.Ident, *ast.SelectorExpr:
	default:
		return nil // &u, or a value that is not addressable
	}
	t := c.pass.TypesInfo.TypeOf(x)
	if _, ptr := types.Unalias(t).(*types.Pointer); !isURL(t) && (urlConfigType(t) == nil || ptr) {
		// A nil *config.URL would panic in Redacted, which its
		// embedded URL's nil check does not reach.
		return nil
	}
	return &analysis.SuggestedFix{
		Message:   "Log the URL with its password masked",
		TextEdits: []analysis.TextEdit{{Pos: x.End(), End: x.End(), NewText: []byte(".Redacted()")}},
	}
}

// isURLString reports whether e is u.String(), u a URL.
func isURLString(info *types.Info, e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	return ok && httpmodel.IsMethod(httpmodel.Callee(info, call), "net/url", "URL", "String")
}

// urlErrorFix logs the cause of a send's error instead of the error:
// errors.Unwrap(err), where every assignment of err that reaches the log
// is the error of a net/http send, which is a *url.Error (as the Client
// documents) whose text is the operation, the URL and its cause. The
// cause is what went wrong; the URL holds the secret. Nil for any other
// expression.
func (c *checker) urlErrorFix(st *fstate, file *ast.File, e ast.Expr) *analysis.SuggestedFix {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok || st == nil || st.f == nil {
		return nil
	}
	v := st.varOf(id)
	if v == nil {
		return nil
	}
	info := c.pass.TypesInfo
	sends := 0
	for _, d := range st.f.Defs(v, id.Pos()) {
		if d.Hidden {
			continue
		}
		call, ok := d.Rhs.(*ast.CallExpr)
		if !ok || d.Idx != 1 || !isSend(httpmodel.Callee(info, call)) {
			return nil
		}
		sends++
	}
	if sends == 0 {
		return nil
	}
	name, edits, ok := fixes.Import(info, c.pass.Pkg, file, "errors", id.Pos())
	if !ok {
		return nil
	}
	edits = append(edits, analysis.TextEdit{Pos: id.Pos(), End: id.End(), NewText: []byte(name + ".Unwrap(" + id.Name + ")")})
	return &analysis.SuggestedFix{Message: "Log the cause of the request's error, not the URL it prints", TextEdits: sortEdits(edits)}
}

// isSend reports whether fn is a net/http function or Client method that
// sends a request and returns a *url.Error.
func isSend(fn *types.Func) bool {
	return isURLSend(fn) || httpmodel.IsMethod(fn, httpPkg, "Client", "Do")
}

// isURLSend reports whether fn is a send of isSend that is handed the URL,
// not a request: Get, Head, Post and PostForm.
func isURLSend(fn *types.Func) bool {
	return httpmodel.IsPkgFunc(fn, httpPkg, "Get", "Head", "Post", "PostForm") ||
		httpmodel.IsMethod(fn, httpPkg, "Client", "Get", "Head", "Post", "PostForm")
}

// queryKeyBefore reports whether the text x, the left operand of a
// concatenation, ends with a query parameter whose key says it holds a
// secret, and its "=": "/me?access_token=", base + "&api_key=",
// "api_key=" alone.
func (s *fstate) queryKeyBefore(x ast.Expr) bool {
	x = ast.Unparen(x)
	if b, ok := x.(*ast.BinaryExpr); ok && b.Op == token.ADD {
		x = ast.Unparen(b.Y)
	}
	text, ok := httpmodel.ConstString(s.info, x)
	return ok && secretQueryKey(text)
}

// secretQueryKey reports whether text ends with a query parameter whose
// key says it holds a secret, and its "=": "/me?access_token=",
// "&api_key=", "api_key=" alone.
func secretQueryKey(text string) bool {
	if !strings.HasSuffix(text, "=") {
		return false
	}
	key := text[:len(text)-1]
	if i := strings.LastIndexAny(key, "?&;"); i >= 0 {
		key = key[i+1:]
	} else if strings.ContainsAny(key, "/: ") {
		return false // "https://host/path=", "token: " is no query
	}
	return key != "" && secrets.QueryKey(key)
}

// queryURL reports whether e, a URL or u.String(), is a URL that this
// function made and gave no user, nor copied from a field that holds
// one with user information (u := c.base): its secret is in its query
// or path, which Redacted does not mask.
func (s *fstate) queryURL(e ast.Expr) bool {
	x := ast.Unparen(e)
	if call, ok := x.(*ast.CallExpr); ok {
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			x = ast.Unparen(sel.X)
		}
	}
	if sel, ok := x.(*ast.SelectorExpr); ok && sel.Sel.Name == "URL" && isRequest(s.info.TypeOf(sel.X)) {
		x = ast.Unparen(sel.X) // req.URL: the address of a local request
	}
	v := s.varOf(x)
	if v == nil || s.decl == nil || v.Pos() < s.decl.Pos() || v.Pos() >= s.decl.End() || s.c.userURLs[v] {
		return false // not this function's, or one whose user information is a credential
	}
	if values, _ := flow.Assigned(s.info, s.decl, v); slices.ContainsFunc(values, func(e ast.Expr) bool {
		e = ast.Unparen(e)
		if star, ok := e.(*ast.StarExpr); ok {
			e = ast.Unparen(star.X)
		}
		sel, ok := e.(*ast.SelectorExpr)
		if !ok {
			return false
		}
		f, _ := s.info.Uses[sel.Sel].(*types.Var)
		return s.c.userURLs[f]
	}) {
		return false
	}
	return !s.setsUserinfo()
}

// secretsUnset reports whether x, a struct printed whole, is a local
// variable whose secret fields (the first steps of the paths of
// secretPaths, through list elements too) are all still zero where x is printed: it is declared
// (var v T, or v := T{...} whose literal names its fields and none of
// those), and no statement that may run before the log sets one of them,
// takes its address, assigns it whole, calls a method of it with a
// pointer receiver or uses it in a function literal. A statement may run
// before the log when it is written before it, or after it in a loop
// that holds both and not the declaration. Terraform providers log an
// options struct before they put the password into it ("so it wouldn't
// go in the above log entry").
func (c *checker) secretsUnset(x ast.Expr) bool {
	info := c.pass.TypesInfo
	id, ok := ast.Unparen(x).(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok || v.IsField() || v.Pkg() != c.pass.Pkg || v.Parent() == nil || v.Parent() == c.pass.Pkg.Scope() {
		return false
	}
	if _, ok := v.Type().Underlying().(*types.Struct); !ok {
		return false
	}
	secret := map[string]bool{}
	for _, p := range c.secretPaths(v.Type(), false, true) {
		secret[strings.TrimSuffix(p[0], "[]")] = true
	}
	if len(secret) == 0 {
		return false
	}
	file := fixes.FileOf(c.pass, x.Pos())
	if file == nil {
		return false
	}
	// The function whose body declares v.
	var body *ast.BlockStmt
	ast.Inspect(file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncDecl:
			if n.Body != nil && n.Body.Pos() <= v.Pos() && v.Pos() < n.Body.End() {
				body = n.Body
			}
		case *ast.FuncLit:
			if n.Body.Pos() <= v.Pos() && v.Pos() < n.Body.End() {
				body = n.Body
			}
		}
		return true
	})
	if body == nil || x.Pos() < body.Pos() || x.End() > body.End() {
		return false
	}
	declOK := false
	var loops []ast.Node // the loops that hold x
	var sets []ast.Node  // what may set a secret field
	ast.PreorderStack(body, nil, func(n ast.Node, stack []ast.Node) bool {
		switch n := n.(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			if n.Pos() <= x.Pos() && x.End() <= n.End() {
				loops = append(loops, n)
			}
		case *ast.Ident:
			if info.Defs[n] == v {
				declOK = c.zeroSecretsAtDecl(n, stack, secret)
				return true
			}
			if info.Uses[n] != v || n == id {
				return true
			}
			if c.setsSecret(n, stack, secret) {
				sets = append(sets, n)
			}
		}
		return true
	})
	if !declOK {
		return false
	}
	for _, s := range sets {
		if s.Pos() < x.Pos() {
			return false
		}
		for _, l := range loops {
			if l.Pos() <= s.Pos() && s.End() <= l.End() && !(l.Pos() <= v.Pos() && v.Pos() < l.End()) {
				return false
			}
		}
	}
	return true
}

// zeroSecretsAtDecl reports whether the declaration of a variable by id
// (its stack) leaves every secret field zero: var v T, or a literal of
// keyed fields that names none of them.
func (c *checker) zeroSecretsAtDecl(id *ast.Ident, stack []ast.Node, secret map[string]bool) bool {
	if len(stack) == 0 {
		return false
	}
	var value ast.Expr
	switch p := stack[len(stack)-1].(type) {
	case *ast.ValueSpec:
		if len(p.Values) == 0 {
			return true
		}
		if len(p.Values) != len(p.Names) {
			return false
		}
		for i, n := range p.Names {
			if n == id {
				value = p.Values[i]
			}
		}
	case *ast.AssignStmt:
		if p.Tok != token.DEFINE || len(p.Lhs) != len(p.Rhs) {
			return false
		}
		for i, l := range p.Lhs {
			if l == id {
				value = p.Rhs[i]
			}
		}
	}
	lit, ok := ast.Unparen(value).(*ast.CompositeLit)
	if !ok {
		return false
	}
	for _, e := range lit.Elts {
		kv, ok := e.(*ast.KeyValueExpr)
		if !ok {
			return false
		}
		k, ok := kv.Key.(*ast.Ident)
		if !ok || secret[k.Name] {
			return false
		}
	}
	return true
}

// setsSecret reports whether the use id of a struct variable (its stack)
// may set one of its secret fields: id.F with F secret, id assigned whole
// or its address taken, a method of it called with a pointer receiver, a
// use in a function literal, or in a range statement's key or value.
func (c *checker) setsSecret(id *ast.Ident, stack []ast.Node, secret map[string]bool) bool {
	info := c.pass.TypesInfo
	for _, n := range stack {
		if _, ok := n.(*ast.FuncLit); ok {
			return true
		}
	}
	if len(stack) == 0 {
		return true
	}
	switch p := stack[len(stack)-1].(type) {
	case *ast.SelectorExpr:
		if p.X != id {
			return false
		}
		sel, ok := info.Selections[p]
		if !ok {
			return true
		}
		switch sel.Kind() {
		case types.FieldVal:
			return secret[p.Sel.Name]
		case types.MethodVal:
			sig := sel.Obj().Type().(*types.Signature)
			_, ptr := sig.Recv().Type().(*types.Pointer)
			return ptr
		}
		return true
	case *ast.UnaryExpr:
		return p.Op == token.AND
	case *ast.AssignStmt:
		return slices.Contains(p.Lhs, ast.Expr(id))
	case *ast.RangeStmt:
		return p.Key == id || p.Value == id
	case *ast.IncDecStmt:
		return true
	}
	return false
}
