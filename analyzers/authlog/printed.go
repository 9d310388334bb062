package authlog

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/fixes"
	"github.com/retrylint/retrylint/internal/httpmodel"
	"github.com/retrylint/retrylint/internal/logsink"
	"github.com/retrylint/retrylint/internal/secrets"
)

// This file decides what printing a value whole shows: a value whose type
// has a String, Format, Error or LogValue method is printed by that
// method, and a struct printed field by field shows a field that holds a
// secret (see DefaultSecretFields).

// DefaultSecretFields returns the names of the struct fields whose text
// is a credential by default: the password, secret, key and token fields
// of API clients and of the results that hand out a new credential.
// Names are compared case-insensitively and without underscores, as whole
// names: ApiKey and api_key match, ApiKeyID and TokenType do not.
func DefaultSecretFields() []string {
	return []string{
		"Password", "Passwd", "Secret", "ClientSecret", "APIKey", "APISecret",
		"AccessToken", "RefreshToken", "AuthToken", "BearerToken", "SessionToken",
		"SecretKey", "SecretAccessKey", "PrivateKey",
	}
}

// valueKinds are the credentials that a value's own method may print
// because they were formatted into it (fmt.Errorf("... %s", token)),
// whatever the method.
const valueKinds = nameBits | credPassword | credCookie | credSecret | credURLError

// printedCreds returns what printing a value of type t whole shows, of
// what the value carries (v): through its String method, the value kinds
// formatted into it and what that method's summary says its text carries
// (a String method that dumps the request it holds); through Format and
// LogValue, the value kinds only (a redacting method is trusted); through
// Error, all it carries: an error carries a whole header, request or dump
// only when one was formatted into its text (fmt.Errorf("%v", req.Header),
// errors.New(string(dump))), since an error value made of fields keeps
// only the value kinds (see errorByFields). ok is false when no such
// method prints it.
func (c *checker) printedCreds(t types.Type, v creds) (creds, bool) {
	name, fn := logsink.PrintMethod(&c.msets, t)
	switch name {
	case "":
		return v, false
	case "Error":
		return v, true
	case "String":
		out := v & valueKinds
		if fn != nil && fn.Pkg() != nil && !analysisutil.IsStdPath(fn.Pkg().Path()) {
			// A secret field of a value made from a literal is printed
			// only if the method prints it: its summary says (a String
			// method that redacts the secret is trusted). What
			// the standard types print (a URL, a buffer) is what they
			// hold.
			out &^= credSecret
		}
		if f := c.fact(fn); f != nil {
			if len(f.Results) > 0 {
				out |= creds(f.Results[0])
			}
			if f.PrintsRecv {
				// Its text is what the value holds (a curl command's
				// words).
				out |= v
			}
		}
		return out, true
	}
	return v & valueKinds, true
}

// secretField returns the path of a field of the struct type t (or of a
// pointer to one) that holds a secret by its name and type (a string or
// bytes field named as in the -secret-fields list), among the fields
// fmt prints inline: t's own, those of embedded and nested structs held
// by value. nil when there is none.
func (c *checker) secretField(t types.Type) []string {
	if ps := c.secretPaths(t, true, false); len(ps) > 0 {
		return ps[0]
	}
	return nil
}

// shownSecret is secretField through the elements of slices, arrays and
// maps of structs too, which fmt prints field by field as well
// (instances.CreateOpts{Users: []users.CreateOpts{{Password: ...}}}):
// for a type of another package, whose finding's fix drops the value
// from the log rather than redacting a path in a String method.
func (c *checker) shownSecret(t types.Type) []string {
	if ps := c.secretPaths(t, true, true); len(ps) > 0 {
		return ps[0]
	}
	return nil
}

// secretFieldsOf returns the paths of every secret field of the struct
// type t (or *t) that printing it whole shows, in the order of the
// fields; secretField returns the first.
func (c *checker) secretFieldsOf(t types.Type) [][]string {
	return c.secretPaths(t, false, false)
}

// secretPaths returns the paths of the secret fields of t (or *t), only
// the first when first is set, and through the struct elements of slice,
// array and map fields when elems is set (a step "Users[]").
func (c *checker) secretPaths(t types.Type, first, elems bool) [][]string {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	var out [][]string
	c.secretsIn(t, 0, nil, first, elems, &out)
	return out
}

// elemStruct returns the element type of t, a slice, array or map (its
// values) whose elements are structs printed field by field, or nil: fmt
// prints a nested pointer as an address.
func elemStruct(t types.Type) types.Type {
	var elem types.Type
	switch u := t.Underlying().(type) {
	case *types.Slice:
		elem = u.Elem()
	case *types.Array:
		elem = u.Elem()
	case *types.Map:
		elem = u.Elem()
	default:
		return nil
	}
	if _, ok := elem.Underlying().(*types.Struct); !ok {
		return nil
	}
	return elem
}

func (c *checker) secretsIn(t types.Type, depth int, prefix []string, first, elems bool, out *[][]string) {
	st, ok := t.Underlying().(*types.Struct)
	if !ok || depth > 3 {
		return
	}
	if depth > 0 {
		if name, _ := logsink.PrintMethod(&c.msets, t); name != "" {
			return // printed by its own method
		}
	}
	named, st := declared(t, st)
	for i := range st.NumFields() {
		if first && len(*out) > 0 {
			return
		}
		f := st.Field(i)
		path := append(slices.Clone(prefix), f.Name())
		if c.secretTextField(named, st, i) {
			*out = append(*out, path)
			continue
		}
		if _, nested := f.Type().Underlying().(*types.Struct); nested {
			c.secretsIn(f.Type(), depth+1, path, first, elems, out)
		} else if elem := elemStruct(f.Type()); elems && elem != nil {
			path[len(path)-1] += "[]"
			c.secretsIn(elem, depth+1, path, first, elems, out)
		}
	}
}

// secretTextField reports whether field i of st (declared as named) is a
// text field that holds a secret: by its name or tag, or as a field the
// package sends as a credential header's value or a password
// (credfield.go): apiRequest.Token set as "Bearer "+ar.Token.
func (c *checker) secretTextField(named *types.Named, st *types.Struct, i int) bool {
	f := st.Field(i)
	return isText(f.Type()) && !isTextList(f.Type()) && (c.secretFields.field(named, st, i) || c.credVars()[f] != 0)
}

// errorByFields reports whether a value of type t, made from its fields
// or converted from another value, is an error printed by its own Error
// method: t, or a pointer to t, is a type that is not an interface and
// implements error (see printedField).
func errorByFields(t types.Type) bool {
	if t == nil || types.IsInterface(t) {
		return false
	}
	return implementsError(t) || implementsError(types.NewPointer(t))
}

// printedField reports whether the element elt (the i-th) of a composite
// literal of t, an error type printed by its Error method (see
// errorByFields), is text or an error, which the method presumably
// prints (&fundamental{msg: fmt.Sprintf(format, args...)},
// &wrapError{msg, err}); a request, a header or another value held in a
// field (&RequestError{Req: req}) is printed only if the method prints
// it, which its text does not show here: of it, only the value kinds
// count, and nothing it derives from a parameter.
func printedField(t types.Type, elt ast.Expr, i int) bool {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	var ft types.Type
	if kv, ok := elt.(*ast.KeyValueExpr); ok {
		id, ok := kv.Key.(*ast.Ident)
		if !ok {
			return false
		}
		for f := range st.Fields() {
			if f.Name() == id.Name {
				ft = f.Type()
			}
		}
	} else if i < st.NumFields() {
		ft = st.Field(i).Type()
	}
	return ft != nil && (isText(ft) || types.IsInterface(ft) && implementsError(ft))
}

// isTextList reports whether t is a slice of strings (a list, not one
// secret).
func isTextList(t types.Type) bool {
	s, ok := t.Underlying().(*types.Slice)
	return ok && isString(s.Elem())
}

// A secretUse is a struct type of this package with a secret field that
// a log prints whole.
type secretUse struct {
	tn   *types.TypeName
	path []string
	// all are the paths of every secret field, path first.
	all  [][]string
	at   ast.Expr // the logged value
	sink string
}

// noteSecret records that x, a value of type t printed whole by the log
// sink, shows a secret field: the type is reported once, at the field,
// when it is declared in this package. ptrPrinted says that the sink
// prints a pointer with its String method (fmt's verbs but %#v), for a
// type whose String method is its pointer's (see pointerString).
func (c *checker) noteSecret(x ast.Expr, sink string, ptrPrinted bool) {
	t := c.pass.TypesInfo.TypeOf(x)
	if t == nil || isRequest(t) || isHeader(t) {
		return
	}
	if name, fn := logsink.PrintMethod(&c.msets, t); name != "" {
		if name == "String" {
			c.noteSecretInString(fn, sink)
		}
		return
	}
	base := t
	if p, ok := types.Unalias(base).(*types.Pointer); ok {
		base = p.Elem()
	}
	named, ok := types.Unalias(base).(*types.Named)
	if !ok || named.Obj().Pkg() != c.pass.Pkg || named.TypeParams().Len() > 0 || named.Obj().Parent() != c.pass.Pkg.Scope() {
		return
	}
	path := c.secretField(base)
	if path == nil || c.secretsUnset(x) {
		return
	}
	if base == t {
		if fn := c.pointerString(base); fn != nil {
			if !ptrPrinted {
				return // its pointer would not be printed by String either
			}
			// String is declared on *T, and fmt does not call it for
			// a T: the value is printed field by field. Reported where
			// it is printed: the fix prints its address.
			c.ptrPrints = append(c.ptrPrints, &secretUse{tn: named.Obj(), path: path, all: c.secretFieldsOf(base), at: x, sink: sink})
			return
		}
	}
	if c.secrets == nil {
		c.secrets = map[*types.TypeName]*secretUse{}
	}
	if old, ok := c.secrets[named.Obj()]; ok && old.at.Pos() <= x.Pos() {
		return
	}
	c.secrets[named.Obj()] = &secretUse{tn: named.Obj(), path: path, all: c.secretFieldsOf(base), at: x, sink: sink}
}

// noteSecretInString is noteSecret for the values that fn, a String
// method of this package, formats into its text (return
// fmt.Sprintf("Client%+v", c.cfg)): a struct printed whole there shows
// its secret fields wherever the value is logged.
func (c *checker) noteSecretInString(fn *types.Func, sink string) {
	if fn == nil || fn.Pkg() != c.pass.Pkg || c.inString[fn] {
		return
	}
	f, ok := c.calls.Decl(fn)
	if !ok || f.Decl == nil || f.Decl.Body == nil {
		return
	}
	if c.inString == nil {
		c.inString = map[*types.Func]bool{}
	}
	c.inString[fn] = true
	defer delete(c.inString, fn)
	for _, call := range c.calls.Calls(f.Decl) {
		c.noteSecretFormatted(call.Expr, sink, 1)
	}
}

// reportSecrets reports each recorded struct type at its secret field,
// with a String method that prints the value with that field redacted
// as the fix.
func (c *checker) reportSecrets() {
	uses := make([]*secretUse, 0, len(c.secrets))
	for _, u := range c.secrets {
		uses = append(uses, u)
	}
	sort.Slice(uses, func(i, j int) bool { return uses[i].tn.Pos() < uses[j].tn.Pos() })
	for _, u := range uses {
		field := c.fieldIdent(u.tn, u.path)
		file := fixes.FileOf(c.pass, u.tn.Pos())
		if field == nil || file == nil {
			continue
		}
		fix := c.stringerFix(file, u)
		if fix == nil {
			continue
		}
		name := strings.Join(u.path, ".")
		msg := fmt.Sprintf("%s.%s holds a secret, and a log prints %s whole: %s reaches %s",
			u.tn.Name(), name, u.tn.Name(), name, u.sink)
		if len(u.all) > 1 {
			names := make([]string, len(u.all))
			for i, p := range u.all {
				names[i] = strings.Join(p, ".")
			}
			msg = fmt.Sprintf("%s.%s holds a secret, and a log prints %s whole: %s reach %s",
				u.tn.Name(), name, u.tn.Name(), strings.Join(names, " and "), u.sink)
		}
		c.pass.Report(analysis.Diagnostic{
			Pos:            field.Pos(),
			End:            field.End(),
			Message:        msg,
			Related:        []analysis.RelatedInformation{{Pos: u.at.Pos(), End: u.at.End(), Message: "printed whole here"}},
			SuggestedFixes: []analysis.SuggestedFix{*fix},
		})
	}
}

// pointerString returns the String method of *t, a struct type of this
// package with no String method of its own, when the method prints no
// secret that the value holds (its summary says neither that it prints
// the receiver whole nor that its text carries a secret): fmt prints a
// *t with it, and a t field by field.
func (c *checker) pointerString(t types.Type) *types.Func {
	name, fn := logsink.PrintMethod(&c.msets, types.NewPointer(t))
	if name != "String" || fn == nil || fn.Pkg() != c.pass.Pkg {
		return nil
	}
	if f := c.fact(fn); f != nil && (f.PrintsRecv || len(f.Results) > 0 && creds(f.Results[0])&credSecret != 0) {
		return nil
	}
	return fn
}

// reportPointerPrints reports each value printed whole whose type's
// String method, declared on the pointer, fmt does not call, at the
// print, with the value's address printed as the fix.
func (c *checker) reportPointerPrints() {
	for _, u := range c.ptrPrints {
		x := ast.Unparen(u.at)
		if !addressable(c.pass.TypesInfo, x) {
			continue
		}
		name := strings.Join(u.path, ".")
		c.pass.Report(analysis.Diagnostic{
			Pos: x.Pos(),
			End: x.End(),
			Message: fmt.Sprintf("%s printed as a value, which fmt prints field by field (its String method is declared on *%s): %s, a secret, reaches %s",
				u.tn.Name(), u.tn.Name(), name, u.sink),
			SuggestedFixes: []analysis.SuggestedFix{{
				Message:   fmt.Sprintf("Print a *%s, so that its String method prints it", u.tn.Name()),
				TextEdits: []analysis.TextEdit{{Pos: x.Pos(), End: x.Pos(), NewText: []byte("&")}},
			}},
		})
	}
}

// addressable reports whether &x is valid Go: a variable, a field of an
// addressable struct or of a pointer, an element of a slice or of an
// addressable array.
func addressable(info *types.Info, x ast.Expr) bool {
	switch x := ast.Unparen(x).(type) {
	case *ast.Ident:
		_, ok := info.Uses[x].(*types.Var)
		return ok
	case *ast.SelectorExpr:
		s, ok := info.Selections[x]
		if !ok {
			_, isVar := info.Uses[x.Sel].(*types.Var)
			return isVar // a package's variable
		}
		if s.Kind() != types.FieldVal {
			return false
		}
		if _, ptr := types.Unalias(info.TypeOf(x.X)).Underlying().(*types.Pointer); ptr || s.Indirect() {
			return true
		}
		return addressable(info, x.X)
	case *ast.IndexExpr:
		switch info.TypeOf(x.X).Underlying().(type) {
		case *types.Slice:
			return true
		case *types.Array:
			return addressable(info, x.X)
		}
	case *ast.StarExpr:
		return true
	}
	return false
}

// fieldIdent returns the identifier that declares the last field of path
// in the declaration of tn, when every step of the path is declared in
// this package's syntax; the first field otherwise.
func (c *checker) fieldIdent(tn *types.TypeName, path []string) *ast.Ident {
	st, ok := tn.Type().Underlying().(*types.Struct)
	if !ok || len(path) == 0 {
		return nil
	}
	var target *types.Var
	for f := range st.Fields() {
		if f.Name() == path[0] {
			target = f
		}
	}
	if target == nil {
		return nil
	}
	// A nested or embedded field is reported at the field of tn that
	// holds it; an embedded field's identifier defines it too.
	for _, file := range c.pass.Files {
		for id, obj := range c.pass.TypesInfo.Defs {
			if obj == target && fixes.FileOf(c.pass, id.Pos()) == file {
				return id
			}
		}
	}
	return nil
}

// stringerFix adds, after the declaration of the type, a String method
// that prints the value as before (%+v, field by field) but for the
// secret, which reads [REDACTED]:
//
//	// String prints r with its ApiKey redacted, so that a log of r does not hold it.
//	func (r T) String() string {
//		type plain T
//		p := plain(r)
//		p.ApiKey = "[REDACTED]"
//		return fmt.Sprintf("%+v", p)
//	}
func (c *checker) stringerFix(file *ast.File, u *secretUse) *analysis.SuggestedFix {
	spec := c.typeSpec(file, u.tn)
	if spec == nil {
		return nil
	}
	decl := c.genDeclOf(file, spec)
	if decl == nil {
		return nil
	}
	ms := types.NewMethodSet(types.NewPointer(u.tn.Type()))
	if ms.Lookup(nil, "String") != nil || ms.Lookup(u.tn.Pkg(), "String") != nil {
		return nil
	}
	if obj, _, _ := types.LookupFieldOrMethod(u.tn.Type(), true, u.tn.Pkg(), "String"); obj != nil {
		return nil
	}
	fmtName, edits, ok := fixes.Import(c.pass.TypesInfo, c.pass.Pkg, file, "fmt", decl.End())
	if !ok {
		return nil
	}
	recv := "v"
	paths := u.all
	if len(paths) == 0 {
		paths = [][]string{u.path}
	}
	names := make([]string, len(paths))
	var sets strings.Builder
	for i, path := range paths {
		value := redactedString
		if f := c.fieldType(u.tn.Type(), path); f != nil {
			if s, ok := f.Underlying().(*types.Slice); ok && !isString(s.Elem()) {
				value = "[]byte(" + redactedString + ")"
			}
		}
		names[i] = strings.Join(path, ".")
		fmt.Fprintf(&sets, "\tp.%s = %s\n", names[i], value)
	}
	name := strings.Join(names, " and ")
	var b strings.Builder
	them := "it"
	if len(names) > 1 {
		them = "them"
	}
	fmt.Fprintf(&b, "\n\n// String prints %s with its %s redacted, so that a log of %s does not hold %s.\n", recv, name, recv, them)
	fmt.Fprintf(&b, "func (%s %s) String() string {\n", recv, u.tn.Name())
	fmt.Fprintf(&b, "\ttype plain %s\n", u.tn.Name())
	fmt.Fprintf(&b, "\tp := plain(%s)\n", recv)
	b.WriteString(sets.String())
	fmt.Fprintf(&b, "\treturn %s.Sprintf(\"%%+v\", p)\n}", fmtName)
	edits = append(edits, analysis.TextEdit{Pos: decl.End(), End: decl.End(), NewText: []byte(b.String())})
	return &analysis.SuggestedFix{Message: "Add a String method that redacts " + name, TextEdits: sortEdits(edits)}
}

// fieldType returns the type of the field at path in t.
func (c *checker) fieldType(t types.Type, path []string) types.Type {
	for _, name := range path {
		obj, _, _ := types.LookupFieldOrMethod(t, false, c.pass.Pkg, name)
		v, ok := obj.(*types.Var)
		if !ok {
			return nil
		}
		t = v.Type()
	}
	return t
}

func (c *checker) typeSpec(file *ast.File, tn *types.TypeName) *ast.TypeSpec {
	for _, d := range file.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.TYPE {
			continue
		}
		for _, s := range gd.Specs {
			if ts, ok := s.(*ast.TypeSpec); ok && c.pass.TypesInfo.Defs[ts.Name] == tn {
				if ts.Assign.IsValid() || ts.TypeParams != nil {
					return nil
				}
				return ts
			}
		}
	}
	return nil
}

func (c *checker) genDeclOf(file *ast.File, spec *ast.TypeSpec) *ast.GenDecl {
	for _, d := range file.Decls {
		if gd, ok := d.(*ast.GenDecl); ok && gd.Pos() <= spec.Pos() && spec.End() <= gd.End() {
			return gd
		}
	}
	return nil
}

// A secretNames is a list of field names compared case-insensitively and
// without underscores; words is true when the fields whose name's words
// say secret count too (secrets.Named).
type secretNames struct {
	names map[string]bool
	words bool
}

func newSecretNames(names []string) secretNames {
	out := secretNames{names: map[string]bool{}}
	for _, n := range names {
		out.names[normalField(n)] = true
	}
	return out
}

func (s secretNames) match(name string) bool { return s.names[normalField(name)] }

// field reports whether the i-th field of st, of the struct type named,
// holds a secret: a field of a well-known SDK's credential type, one
// named in the list, or one whose name's words say so.
func (s secretNames) field(named *types.Named, st *types.Struct, i int) bool {
	f := st.Field(i)
	return secrets.Typed(named, f) || s.words && secrets.Named(st, i) || secrets.IsText(f.Type()) && s.match(f.Name())
}

func normalField(name string) string {
	return strings.ToLower(strings.ReplaceAll(name, "_", ""))
}

// noteSecretFormatted is noteSecret for the values that fmt.Sprintf,
// Sprint, Sprintln or Errorf prints into the text x (or the error's
// text), logged by the sink: a struct
// formatted first and logged after (msg := fmt.Sprintf("options: %+v",
// c.opts); c.logger.Log(msg)) shows its secret fields as one logged whole
// does. x is the call, or a local variable given its result once; a
// value printed with %T or %p alone shows none of its fields.
func (c *checker) noteSecretFormatted(x ast.Expr, sink string, depth int) {
	info := c.pass.TypesInfo
	x = ast.Unparen(x)
	if id, ok := x.(*ast.Ident); ok {
		v, _ := info.Uses[id].(*types.Var)
		if v == nil || v.IsField() || v.Parent() == nil || v.Pkg() == nil || v.Parent() == v.Pkg().Scope() {
			return
		}
		if c.defs == nil {
			c.defs, c.again = localDefs(c.calls, info)
		}
		def, ok := c.defs[v]
		if !ok || c.again[v] {
			return
		}
		x = ast.Unparen(def)
	}
	call, ok := x.(*ast.CallExpr)
	if !ok || call.Ellipsis.IsValid() {
		return
	}
	fn := httpmodel.Callee(info, call)
	args := call.Args
	var verbs [][]rune
	verbsKnown := false
	switch {
	case httpmodel.IsPkgFunc(fn, "fmt", "Sprintf", "Errorf"):
		if len(args) == 0 {
			return
		}
		format, isConst := httpmodel.ConstString(info, args[0])
		if !isConst {
			return
		}
		verbs, verbsKnown = logsink.Verbs(format)
		args = args[1:]
	case httpmodel.IsPkgFunc(fn, "fmt", "Sprint"), httpmodel.IsPkgFunc(fn, "fmt", "Sprintln"):
	default:
		return
	}
	for i, a := range args {
		if verbsKnown && (i >= len(verbs) || !slices.ContainsFunc(verbs[i], func(r rune) bool { return r != 'T' && r != 'p' })) {
			continue
		}
		c.noteSecret(a, sink, !verbsKnown || i < len(verbs) && !slices.Contains(verbs[i], logsink.GoSyntax))
		if depth < 2 {
			c.noteSecretFormatted(a, sink, depth+1)
		}
	}
}
