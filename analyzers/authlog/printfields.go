package authlog

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"maps"
	"net/http"
	"slices"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/callindex"
	"github.com/retrylint/retrylint/internal/fixes"
	"github.com/retrylint/retrylint/internal/httpmodel"
	"github.com/retrylint/retrylint/internal/logsink"
	"github.com/retrylint/retrylint/internal/secrets"
	"github.com/retrylint/retrylint/internal/summary"
)

// This file follows what a value's own String method prints of its
// fields. SDKs wrap their requests in types of their own and give them a
// String method that prints the fields, headers included:
//
//	func (r *Request) String() string {
//		return fmt.Sprintf("%s %s %v", r.Method, r.Path, r.Headers)
//	}
//
// The method's summary says which fields of its receiver its text derives
// from (funcFact.Fields); where a log prints such a value, what the value
// carries in those fields (the struct literal it was made from) is what
// the log shows. A method that redacts (it names a credential header, to
// delete, mask or skip it, or masks the entries it copies) is trusted.

// printMethodRecv returns the receiver of fd when fd is a String or Error
// method of a struct type, or a pointer to one, with no parameter and a
// text result: a method that fmt and the loggers print a value by.
func (c *checker) printMethodRecv(fd *ast.FuncDecl) *types.Var {
	if recv := c.printMethod(fd); recv != nil && analysisutil.StructOf(recv.Type()) != nil {
		return recv
	}
	return nil
}

// printMethod returns the named receiver of fd when fd is a String or
// Error method, with no parameter and a text result, of any type.
func (c *checker) printMethod(fd *ast.FuncDecl) *types.Var {
	if fd.Recv == nil || len(fd.Recv.List) != 1 || len(fd.Recv.List[0].Names) != 1 || fd.Body == nil {
		return nil
	}
	if n := fd.Name.Name; n != "String" && n != "Error" {
		return nil
	}
	fn, _ := c.pass.TypesInfo.Defs[fd.Name].(*types.Func)
	if fn == nil {
		return nil
	}
	sig := fn.Type().(*types.Signature)
	if sig.Params().Len() != 0 || sig.Results().Len() != 1 || !isText(sig.Results().At(0).Type()) {
		return nil
	}
	recv, _ := c.pass.TypesInfo.Defs[fd.Recv.List[0].Names[0]].(*types.Var)
	return recv
}

// printsRecv reports whether fd, the String or Error method of a type
// that is no struct (a named slice, map or string: http2curl's type
// CurlCommand []string), returns text made from its receiver
// (strings.Join(*c, " ")): printing such a value shows what it holds,
// as printing the slice itself would.
func (c *checker) printsRecv(fd *ast.FuncDecl) bool {
	recv := c.printMethod(fd)
	if recv == nil || analysisutil.StructOf(recv.Type()) != nil {
		return false
	}
	// Follow the body with the receiver as its one parameter.
	ft := &ast.FuncType{Func: fd.Type.Func, Params: fd.Recv, Results: fd.Type.Results}
	st := c.analyzeAs(fd, ft, false)
	for _, ret := range c.calls.Returns(fd) {
		if len(ret.Results) == 1 && st.eval(ret.Results[0]).p&1 != 0 {
			return true
		}
	}
	return false
}

// errorPrints reports, for the element elt (the i-th) of a composite
// literal of t, an error type (see errorByFields), whether its Error
// method prints the field elt gives a value: known is false when the
// method's summary does not say (see printedFields).
func (c *checker) errorPrints(t types.Type, elt ast.Expr, i int) (shown, known bool) {
	fn := errorMethod(t)
	st := analysisutil.StructOf(t)
	if fn == nil || st == nil || !ownMethod(fn.Origin(), t) {
		return false, false
	}
	f := c.fact(fn.Origin())
	if f == nil || f.Fields == 0 && !f.Redacts {
		return false, false
	}
	idx := -1
	if kv, ok := elt.(*ast.KeyValueExpr); ok {
		id, ok := kv.Key.(*ast.Ident)
		if !ok {
			return false, false
		}
		for j := range st.NumFields() {
			if st.Field(j).Name() == id.Name {
				idx = j
			}
		}
	} else {
		idx = i
	}
	if idx < 0 || idx >= 64 {
		return false, false
	}
	return f.Fields&(1<<idx) != 0, true
}

// ownMethod reports whether fn is declared on t itself (or on the type t
// points to), not promoted from an embedded field, whose fields its
// summary's Fields would count.
func ownMethod(fn *types.Func, t types.Type) bool {
	recv := fn.Type().(*types.Signature).Recv()
	if recv == nil {
		return false
	}
	base := func(t types.Type) *types.Named {
		if p, ok := types.Unalias(t).(*types.Pointer); ok {
			t = p.Elem()
		}
		n, _ := types.Unalias(t).(*types.Named)
		if n != nil {
			n = n.Origin()
		}
		return n
	}
	a, b := base(recv.Type()), base(t)
	return a != nil && a == b
}

// printedFields returns the summary's Fields of fd, a print method (see
// printMethodRecv) whose receiver is recv: bit i is set when the i-th
// field of the receiver, selected from it directly (r.Headers) or
// through its own fields (r.Opts.Headers), reaches the method's result.
// The method is analysed again with the receiver's fields as its inputs
// (a print method has no parameter, so the bits of its values are free
// for them). A method that redacts (redacts) is trusted with the fields
// that hold entries by name, maps, headers and the structs that may hold
// them; a text field it prints (r.Token beside a header it redacts)
// still counts.
func (c *checker) printedFields(fd *ast.FuncDecl, recv *types.Var) (fields uint64, redacts bool) {
	redacts = c.redactsInText(fd, recv)
	if !c.fieldsOnly(fd, recv) {
		// The receiver goes somewhere whole (fmt.Sprintf("%+v",
		// plain(*r)), a helper, a method): which fields the text
		// shows is not known, and the summary says nothing more.
		return 0, redacts
	}
	c.fieldsOf = recv
	st := c.analyze(fd)
	c.fieldsOf = nil
	var bits uint64
	for _, ret := range c.calls.Returns(fd) {
		switch {
		case len(ret.Results) == 1:
			bits |= st.eval(ret.Results[0]).p
		case len(ret.Results) == 0:
			for _, v := range st.f.ResultVars() {
				bits |= st.f.Var(v, ret.Pos()).p
			}
		}
	}
	if redacts {
		str := analysisutil.StructOf(recv.Type())
		for i := range min(str.NumFields(), 64) {
			if !isText(str.Field(i).Type()) {
				bits &^= 1 << i
			}
		}
	}
	return bits, redacts
}

// fieldsOnly reports whether fd uses its receiver recv only to select
// its own fields (r.Headers) or to compare it with nil.
func (c *checker) fieldsOnly(fd *ast.FuncDecl, recv *types.Var) bool {
	info := c.pass.TypesInfo
	ok := true
	ast.PreorderStack(fd.Body, nil, func(n ast.Node, stack []ast.Node) bool {
		id, isID := n.(*ast.Ident)
		if !ok || !isID || info.Uses[id] != recv {
			return ok
		}
		switch p := stack[len(stack)-1].(type) {
		case *ast.SelectorExpr:
			if sel, found := info.Selections[p]; found && sel.Kind() == types.FieldVal && len(sel.Index()) == 1 {
				return true
			}
		case *ast.BinaryExpr:
			if (p.Op == token.EQL || p.Op == token.NEQ) && (analysisutil.IsNil(info, p.X) || analysisutil.IsNil(info, p.Y)) {
				return true
			}
		}
		ok = false
		return false
	})
	return ok
}

// redactsInText reports whether fd, a print method, redacts what it
// prints: it names a configured credential header or a secret form key
// (to delete it from a copy, mask it or skip it: delete(h,
// "Authorization"), strings.EqualFold(k, "authorization"), case
// "X-Api-Key"), or it copies the entries of a map or header of its
// receiver with a constant put in place of some (h[k] = "[REDACTED]").
func (c *checker) redactsInText(fd *ast.FuncDecl, recv *types.Var) bool {
	info := c.pass.TypesInfo
	found := false
	ast.PreorderStack(fd.Body, nil, func(n ast.Node, stack []ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.BasicLit:
			if tv, ok := info.Types[n]; ok && tv.Value != nil && tv.Value.Kind() == constant.String && len(stack) > 0 {
				k := constant.StringVal(tv.Value)
				if c.nameIndex(http.CanonicalHeaderKey(k)) != 0 && c.redactingUse(n, stack) {
					found = true
				}
			}
		case *ast.RangeStmt:
			if !c.readsField(n.X, recv) {
				return true
			}
			ast.Inspect(n.Body, func(m ast.Node) bool {
				as, ok := m.(*ast.AssignStmt)
				if !ok || found {
					return !found
				}
				for i, r := range as.Rhs {
					if tv, ok := info.Types[r]; ok && tv.Value != nil && tv.Value.Kind() == constant.String && i < len(as.Lhs) {
						switch l := ast.Unparen(as.Lhs[i]).(type) {
						case *ast.IndexExpr:
							found = true // out[k] = "***"
						case *ast.Ident:
							found = n.Value != nil && sameVar(info, l, n.Value) // v = "***"
						}
					}
				}
				return !found
			})
		}
		return !found
	})
	return found
}

// redactingUse reports whether lit, a credential header's name whose
// enclosing nodes are stack (innermost last), is used to leave the header
// out: deleted (delete(h, k), h.Del(k)), compared with (k ==
// "Authorization", strings.EqualFold, a case of a switch) or given a
// value (h["Authorization"] = "***", h.Set(k, "***")). Reading the
// header's value (r.Headers["Authorization"]) prints it.
func (c *checker) redactingUse(lit *ast.BasicLit, stack []ast.Node) bool {
	switch p := stack[len(stack)-1].(type) {
	case *ast.BinaryExpr:
		return p.Op == token.EQL || p.Op == token.NEQ
	case *ast.CaseClause:
		return true
	case *ast.CallExpr:
		if id, ok := ast.Unparen(p.Fun).(*ast.Ident); ok && id.Name == "delete" {
			_, builtin := c.pass.TypesInfo.Uses[id].(*types.Builtin)
			return builtin
		}
		fn := httpmodel.Callee(c.pass.TypesInfo, p)
		if fn == nil {
			return false
		}
		switch fn.Name() {
		case "Del", "Set", "EqualFold", "HasPrefix", "Contains":
			return true
		}
	case *ast.IndexExpr:
		if len(stack) >= 2 {
			if as, ok := stack[len(stack)-2].(*ast.AssignStmt); ok {
				for _, l := range as.Lhs {
					if l == p {
						return true
					}
				}
			}
		}
	}
	return false
}

// sameVar reports whether the identifiers a and b name the same
// variable.
func sameVar(info *types.Info, a, b ast.Expr) bool {
	x, ok := ast.Unparen(a).(*ast.Ident)
	y, ok2 := ast.Unparen(b).(*ast.Ident)
	if !ok || !ok2 {
		return false
	}
	ox, oy := info.ObjectOf(x), info.ObjectOf(y)
	return ox != nil && ox == oy
}

// otherEntry reports whether x indexes a map by a constant key that is
// neither a configured credential header nor a secret form key.
func (c *checker) otherEntry(x *ast.IndexExpr) bool {
	if !isMap(c.pass.TypesInfo.TypeOf(x.X)) {
		return false
	}
	tv, ok := c.pass.TypesInfo.Types[x.Index]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return false
	}
	k := constant.StringVal(tv.Value)
	return c.nameIndex(http.CanonicalHeaderKey(k)) == 0 && !secrets.FormKey(k)
}

// recvField returns the bit of the field of the receiver being followed
// (see printedFields) that x selects, directly (r.Headers) or through
// fields of that field (r.Opts.Headers, r.Auth.Token), or 0. A number
// or a flag selected below the field (r.Opts.Timeout) carries none of
// what the field holds.
func (s *fstate) recvField(x *ast.SelectorExpr, sel *types.Selection) uint64 {
	if s.recv == nil {
		return 0
	}
	if _, nested := ast.Unparen(x.X).(*ast.SelectorExpr); nested {
		if b, ok := sel.Type().Underlying().(*types.Basic); ok && b.Info()&types.IsString == 0 {
			return 0
		}
	}
	for {
		inner, ok := ast.Unparen(x.X).(*ast.SelectorExpr)
		if !ok {
			break
		}
		isel, ok := s.info.Selections[inner]
		if !ok || isel.Kind() != types.FieldVal {
			return 0
		}
		x, sel = inner, isel
	}
	if len(sel.Index()) != 1 || sel.Index()[0] >= 64 {
		return 0
	}
	if id, ok := ast.Unparen(x.X).(*ast.Ident); !ok || s.info.Uses[id] != s.recv {
		return 0
	}
	return 1 << sel.Index()[0]
}

// fieldsShown returns what the log shows of e, a value of type t printed
// by its String method fn, through the fields of e: when
// the method's summary says which of its fields it prints (or that it
// redacts them) and e is made from struct literals here, what those
// literals give the printed fields (ok is true). A field printed by a
// method of its own shows what that method does. What e carries in the
// other fields does not show.
func (s *fstate) fieldsShown(e ast.Expr, t types.Type, fn *types.Func) (shown creds, ok bool) {
	if fn == nil || !ownMethod(fn.Origin(), t) {
		return 0, false
	}
	f := s.c.fact(fn.Origin())
	st := analysisutil.StructOf(t)
	if f == nil || f.Fields == 0 && !f.Redacts || st == nil {
		return 0, false
	}
	for i := range st.NumFields() {
		fv := st.Field(i)
		v, all := s.fieldOf(e, fv)
		if !all {
			return 0, false
		}
		if i >= 64 || f.Fields&(1<<i) == 0 {
			continue
		}
		c := v.c
		if name, _ := logsink.PrintMethod(&s.c.msets, fv.Type()); name != "" && name != "Error" {
			c = c & valueKinds &^ credSecret
		}
		shown |= c
	}
	return shown, true
}

// fieldOf returns what the field f of e carries, e a struct literal (or
// its address) or a local variable whose values are struct literals; all
// is true when every value of e is such a literal.
func (s *fstate) fieldOf(e ast.Expr, f *types.Var) (v val, all bool) {
	x := ast.Unparen(e)
	if u, ok := x.(*ast.UnaryExpr); ok && u.Op == token.AND {
		x = ast.Unparen(u.X)
	}
	if lit, ok := x.(*ast.CompositeLit); ok {
		return s.litElt(lit, f), true
	}
	if call, ok := x.(*ast.CallExpr); ok {
		return s.madeField(call, f)
	}
	if id, ok := x.(*ast.Ident); ok {
		if v := s.varOf(id); v != nil {
			return s.litValue(v, e.Pos(), f)
		}
	}
	return val{}, false
}

// madeField returns what the field f of the first result of call
// carries, by the callee's summary (funcFact.Built); all is false when
// the summary does not say.
func (s *fstate) madeField(call *ast.CallExpr, f *types.Var) (v val, all bool) {
	fn := httpmodel.Callee(s.info, call)
	if fn == nil {
		return val{}, false
	}
	sum := s.c.fact(fn.Origin())
	if sum == nil || !sum.Made {
		return val{}, false
	}
	sig := fn.Type().(*types.Signature)
	st := analysisutil.StructOf(resultType(sig))
	if st == nil {
		return val{}, false
	}
	for i := range st.NumFields() {
		if st.Field(i) == f || st.Field(i).Origin() == f.Origin() {
			if i < len(sum.Built) {
				return val{c: creds(sum.Built[i])}, true
			}
			return val{}, true
		}
	}
	return val{}, false
}

// builtFields returns, for the function s, whose first result is a
// struct (or a pointer to one) of a type other than net/http's, what each
// field of that result carries where every return statement makes it
// from a struct literal (or returns nil): made is false otherwise. Its
// callers read the fields they log from it (madeField): a record made
// with a credential in one field (Auth: r.Header.Get("Authorization"))
// carries it there, and only there.
func (s *fstate) builtFields() (built []uint64, made bool) {
	fn, _ := s.info.Defs[s.decl.Name].(*types.Func)
	if fn == nil {
		return nil, false
	}
	sig := fn.Type().(*types.Signature)
	rt := resultType(sig)
	st := analysisutil.StructOf(rt)
	if st == nil || st.NumFields() > 64 {
		return nil, false
	}
	if isHTTPType(rt) {
		return nil, false
	}
	// A record printed by its String method, or holding a header, says
	// what its fields carry, secrets held in Go values among them. Any
	// other struct carries the request's credentials it is given
	// (Auth: r.Header.Get("Authorization"), a dump, a cookie), not the
	// secrets of values (a repository URL kept beside its parts), which
	// the package may filter where it logs (a logger's global secret
	// filter): those are judged where they are named.
	printed, _ := logsink.PrintMethod(&s.c.msets, rt)
	keep := ^creds(0)
	if printed != "String" && !holdsHeaderField(st) {
		keep = ^(credSecret | credPassword | credURLError)
	}
	n := sig.Results().Len()
	rets := s.c.calls.Returns(s.decl)
	if len(rets) == 0 {
		return nil, false
	}
	built = make([]uint64, st.NumFields())
	for _, ret := range rets {
		if len(ret.Results) != n {
			return nil, false
		}
		r := ret.Results[0]
		if tv, ok := s.info.Types[r]; ok && tv.IsNil() {
			continue
		}
		for i := range st.NumFields() {
			v, all := s.fieldOf(r, st.Field(i))
			if !all {
				return nil, false
			}
			built[i] |= uint64(v.c & keep &^ credRespDump)
		}
	}
	for len(built) > 0 && built[len(built)-1] == 0 {
		built = built[:len(built)-1]
	}
	if len(built) == 0 {
		return nil, false
	}
	// A value made with nothing in its fields is what the old rule
	// says too: no summary for it (most constructors).
	return built, len(built) > 0
}

// isHTTPType reports whether t, or what it points to, is a type of
// net/http: its fields are read as net/http's (a Response's Header is a
// header whoever made it), not from what a constructor built.
func isHTTPType(t types.Type) bool {
	n := recvNamed(t)
	return n != nil && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == httpPkg
}

// holdsHeaderField reports whether the struct st has a field of type
// http.Header: a record of a request made by a constructor
// (newRequestInfo(req) with RequestHeaders: req.Header) whose field its
// callers log.
func holdsHeaderField(st *types.Struct) bool {
	for f := range st.Fields() {
		if isHeader(f.Type()) {
			return true
		}
	}
	return false
}

// A shownUse records that a log prints values of a type of this package,
// made here, whose String method prints fields the values were given
// credentials in: the finding goes into the method, where one fix
// redacts every log of the type.
type shownUse struct {
	fn     *types.Func
	fields map[int]creds // what the logged values give each printed field
	sites  map[int][]printedSel
	sink   string
}

// noteShown records, when fn, the String method of e's type t, is
// declared in this package and prints whole, with fmt, each field of its
// receiver that the value e gives a credential, what those fields carry
// (see checkStringTexts). It reports whether it did: if not, the finding
// stays at the log.
func (c *checker) noteShown(st *fstate, e ast.Expr, t types.Type, fn *types.Func, sink string) bool {
	return c.noteShownBy(st, e, t, fn, sink, false)
}

// noteSecretShown is noteShown for a value not made from a literal in
// sight (a parameter, a field): the fields that the String method prints
// and that hold a secret by their name or tag (cfg.APIKey), or that the
// package sends as a credential, show it whatever the value.
func (c *checker) noteSecretShown(st *fstate, e ast.Expr, t types.Type, fn *types.Func, sink string) bool {
	return c.noteShownBy(st, e, t, fn, sink, true)
}

func (c *checker) noteShownBy(st *fstate, e ast.Expr, t types.Type, fn *types.Func, sink string, secretOnly bool) bool {
	fn = fn.Origin()
	f := c.fact(fn)
	str := analysisutil.StructOf(t)
	if fn.Pkg() != c.pass.Pkg || f == nil || str == nil || !ownMethod(fn, t) {
		return false
	}
	fd := c.methodDecl(fn)
	if fd == nil {
		return false
	}
	if file := fixes.FileOf(c.pass, fd.Pos()); file == nil || isTestFile(c.pass, file) || ast.IsGenerated(file) {
		return false // the finding stays at the log
	}
	recv := c.printMethodRecv(fd)
	if recv == nil {
		return false
	}
	sites := c.printedSels(fd, recv)
	named, decl := declared(t, str)
	fields := map[int]creds{}
	for i := range min(str.NumFields(), 64) {
		if f.Fields&(1<<i) == 0 {
			continue
		}
		var v val
		if secretOnly {
			if c.secretTextField(named, decl, i) {
				v.c = credSecret
			}
		} else {
			v, _ = st.fieldOf(e, str.Field(i))
		}
		if len(f.Results) > 0 && !secretOnly {
			// What the method's text carries whatever the value
			// (a request field it formats) is reported at the log.
			v.c &^= creds(f.Results[0])
		}
		if v.c == 0 {
			continue
		}
		if len(sites[i]) == 0 {
			return false // printed another way: the log is fixed
		}
		fields[i] = v.c
	}
	if len(fields) == 0 {
		return false
	}
	if c.shown == nil {
		c.shown = map[*types.Func]*shownUse{}
	}
	u := c.shown[fn]
	if u == nil {
		u = &shownUse{fn: fn, fields: map[int]creds{}, sites: sites, sink: sink}
		c.shown[fn] = u
	}
	for i, k := range fields {
		u.fields[i] |= k
	}
	return true
}

// A printedSel is a field of the receiver that a call of fmt formats
// whole in a print method (see printedSels): the argument, the call and
// the index of its format among its arguments (-1 for none).
type printedSel struct {
	arg    logsink.Arg
	call   *ast.CallExpr
	format int
}

// methodDecl returns the declaration of fn in this package's syntax.
func (c *checker) methodDecl(fn *types.Func) *ast.FuncDecl {
	for _, f := range c.calls.Funcs() {
		if f.Obj == fn {
			return f.Decl
		}
	}
	return nil
}

// printedSels returns, by field index, the selections of a field of recv
// in fd that a call of fmt formats whole into text: fmt.Sprintf("%v",
// r.Headers), fmt.Fprintf(&b, " %v", r.Header).
func (c *checker) printedSels(fd *ast.FuncDecl, recv *types.Var) map[int][]printedSel {
	info := c.pass.TypesInfo
	out := map[int][]printedSel{}
	for _, call := range c.calls.Calls(fd) {
		fn := call.Callee
		if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "fmt" || fn.Type().(*types.Signature).Recv() != nil {
			continue
		}
		s := logsink.Sink{Format: -1, Writer: -1, All: true}
		switch fn.Name() {
		case "Sprintf", "Errorf":
			s.Format, s.Verbs = 0, 1
		case "Sprint", "Sprintln":
		case "Fprintf":
			s.Format, s.Verbs, s.Writer, s.Dest = 1, 2, 0, "text"
		case "Fprint", "Fprintln":
			s.Writer, s.Dest = 0, "text"
		default:
			continue
		}
		as, _ := logsink.Args(info, call.Expr, s)
		for _, a := range as {
			sel, ok := ast.Unparen(a.Expr).(*ast.SelectorExpr)
			if !ok || !logsink.Reveals(a.Verb, info.TypeOf(a.Expr)) {
				continue
			}
			x, ok := info.Selections[sel]
			if !ok || x.Kind() != types.FieldVal || len(x.Index()) != 1 {
				continue
			}
			if id, ok := ast.Unparen(sel.X).(*ast.Ident); ok && info.Uses[id] == recv {
				out[x.Index()[0]] = append(out[x.Index()[0]], printedSel{a, call.Expr, s.Format})
			}
		}
	}
	return out
}

// checkStringTexts returns the findings in the String methods of the
// package that print whole a field that a log's value was given a
// credential in (see noteShown).
func (c *checker) checkStringTexts(g *summary.Graph, states []*fstate, at func(token.Pos)) []*fileFindings {
	return c.methodFindings(g, states, byPos(maps.Keys(c.shown)), at, func(fn *types.Func, _ callindex.Func) []*finding {
		u := c.shown[fn]
		recv := fn.Type().(*types.Signature).Recv()
		var fs []*finding
		for _, fi := range slices.Sorted(maps.Keys(u.fields)) {
			for _, site := range u.sites[fi] {
				// The field is an argument of the fmt call: a value
				// fix drops it with its verb (drop.go).
				fs = append(fs, &finding{
					leaf:       leaf{expr: site.arg.Expr, ctx: site.arg.Type, c: u.fields[fi]},
					sink:       fmt.Sprintf("the text of (%s).String, which %s prints", types.TypeString(recv.Type(), types.RelativeTo(c.pass.Pkg)), u.sink),
					call:       site.call,
					sinkFormat: site.format,
				})
			}
		}
		return fs
	})
}
