package authlog

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/fixes"
	"github.com/retrylint/retrylint/internal/flow"
	"github.com/retrylint/retrylint/internal/httpmodel"
)

// redactedString is what a credential value is logged as after the fix.
const redactedString = `"[REDACTED]"`

// headerFix logs a redacted clone of the header h instead of h:
// redactedHeader(h) (see helper.go), or, where the helper cannot be
// called, the clone built in place:
//
//	func() http.Header {
//		redacted := h.Clone()
//		redacted.Del("Authorization")
//		...
//		return redacted
//	}()
func (c *checker) headerFix(file *ast.File, h ast.Expr, src []byte) *analysis.SuggestedFix {
	if call, ok := c.helperCall(h.Pos(), fixes.Text(c.pass.Fset, src, h)); ok {
		edit := analysis.TextEdit{Pos: h.Pos(), End: h.End(), NewText: []byte(call)}
		return &analysis.SuggestedFix{Message: "Log a redacted clone of the header", TextEdits: []analysis.TextEdit{edit}}
	}
	httpName, edits, ok := c.importHTTP(file, h.Pos())
	if !ok {
		return nil
	}
	indent := fixes.Indent(c.pass.Fset, src, h.Pos())
	name := freshName("redacted", h)
	var b strings.Builder
	fmt.Fprintf(&b, "func() %s.Header {\n", httpName)
	fmt.Fprintf(&b, "%s\t%s := %s.Clone()\n", indent, name, c.operand(src, h))
	b.WriteString(c.delLoop(indent+"\t", name))
	fmt.Fprintf(&b, "%s\treturn %s\n%s}()", indent, name, indent)
	edits = append(edits, analysis.TextEdit{Pos: h.Pos(), End: h.End(), NewText: []byte(b.String())})
	return &analysis.SuggestedFix{Message: "Log a redacted clone of the header", TextEdits: sortEdits(edits)}
}

// headersFix replaces each header of hs, from which logged text is
// composed, with a redacted clone (see headerFix).
func (c *checker) headersFix(file *ast.File, hs []ast.Expr, src []byte) *analysis.SuggestedFix {
	return c.composedFix(file, hs, src, c.headerFix, "Compose the logged text from a redacted clone of the header")
}

// requestsFix replaces each request of rs, from which logged text is
// composed, with a redacted clone (see requestFix).
func (c *checker) requestsFix(file *ast.File, rs []ast.Expr, src []byte) *analysis.SuggestedFix {
	return c.composedFix(file, rs, src, c.requestFix, "Compose the logged text from a redacted clone of the request")
}

// composedFix joins the fixes that one replaces each of xs with, once per
// place, into one fix with message msg; nil when one of them cannot be
// fixed in file.
func (c *checker) composedFix(file *ast.File, xs []ast.Expr, src []byte, one func(*ast.File, ast.Expr, []byte) *analysis.SuggestedFix, msg string) *analysis.SuggestedFix {
	var edits []analysis.TextEdit
	seen := map[ast.Expr]bool{}
	for _, x := range xs {
		if seen[x] {
			continue
		}
		seen[x] = true
		if fixes.FileOf(c.pass, x.Pos()) != file {
			return nil
		}
		fix := one(file, x, src)
		if fix == nil {
			return nil
		}
		for _, e := range fix.TextEdits {
			if !slices.ContainsFunc(edits, func(o analysis.TextEdit) bool { return o.Pos == e.Pos && o.End == e.End }) {
				edits = append(edits, e)
			}
		}
	}
	if len(edits) == 0 {
		return nil
	}
	return &analysis.SuggestedFix{Message: msg, TextEdits: sortEdits(edits)}
}

// delLoop returns the loop that deletes the configured headers from the
// header h, indented by indent.
func (c *checker) delLoop(indent, h string) string {
	quoted := make([]string, len(c.names))
	for i, n := range c.names {
		quoted[i] = strconv.Quote(n)
	}
	return fmt.Sprintf("%[1]sfor _, name := range []string{%[2]s} {\n%[1]s\t%[3]s.Del(name)\n%[1]s}\n", indent, strings.Join(quoted, ", "), h)
}

// requestFix logs a redacted clone of the request r instead of r: a clone
// whose Header lacks the configured headers (nil stays nil). A request
// that is not a plain variable or field is passed to the function literal
// so that it is evaluated once.
func (c *checker) requestFix(file *ast.File, r ast.Expr, src []byte) *analysis.SuggestedFix {
	info := c.pass.TypesInfo
	ptr := isPointer(info.TypeOf(r))
	pure := fixes.Pure(info, r)
	if !ptr && !pure {
		return nil // the clone needs the address of the request
	}
	httpName, edits, indent, name, req, ok := c.wholeFixStart(file, r, src)
	if !ok {
		return nil
	}
	param, arg := "", ""
	if !pure {
		req = "req"
		param, arg = fmt.Sprintf("%s *%s.Request", req, httpName), fixes.Text(c.pass.Fset, src, r)
	}
	var b strings.Builder
	if !ptr {
		b.WriteString("*")
	}
	fmt.Fprintf(&b, "func(%s) *%s.Request {\n", param, httpName)
	if ptr {
		fmt.Fprintf(&b, "%[1]s\tif %[2]s == nil {\n%[1]s\t\treturn nil\n%[1]s\t}\n", indent, req)
	}
	b.WriteString(c.cloneRequest(r.Pos(), indent+"\t", name, req))
	fmt.Fprintf(&b, "%s\treturn %s\n%s}(%s)", indent, name, indent, arg)
	edits = append(edits, analysis.TextEdit{Pos: r.Pos(), End: r.End(), NewText: []byte(b.String())})
	return &analysis.SuggestedFix{Message: "Log a redacted clone of the request", TextEdits: sortEdits(edits)}
}

// wholeFixStart returns what requestFix and responseFix build on: the
// name of net/http at r with the edits that import it, the indentation
// of r's line, a name for the redacted value that r does not use, and
// r's text as an operand.
func (c *checker) wholeFixStart(file *ast.File, r ast.Expr, src []byte) (httpName string, edits []analysis.TextEdit, indent, name, text string, ok bool) {
	httpName, edits, ok = c.importHTTP(file, r.Pos())
	if !ok {
		return "", nil, "", "", "", false
	}
	return httpName, edits, fixes.Indent(c.pass.Fset, src, r.Pos()), freshName("redacted", r), c.operand(src, r), true
}

// responseFix logs a redacted copy of the response r instead of r: a
// shallow copy whose Header is a clone without the configured headers
// (nil stays nil), made as writeCloneEdit makes it. A response that is not
// a plain variable or field is passed to the function literal so that it
// is evaluated once.
func (c *checker) responseFix(file *ast.File, r ast.Expr, src []byte) *analysis.SuggestedFix {
	info := c.pass.TypesInfo
	ptr := isPointer(info.TypeOf(r))
	httpName, edits, indent, name, resp, ok := c.wholeFixStart(file, r, src)
	if !ok {
		return nil
	}
	param, arg := "", ""
	typ := httpName + ".Response"
	if ptr {
		typ = "*" + typ
	}
	if !fixes.Pure(info, r) {
		resp = "resp"
		param, arg = resp+" "+typ, fixes.Text(c.pass.Fset, src, r)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "func(%s) %s {\n", param, typ)
	if ptr {
		fmt.Fprintf(&b, "%[1]s\tif %[2]s == nil {\n%[1]s\t\treturn nil\n%[1]s\t}\n", indent, resp)
		b.WriteString(c.copyResponse(r.Pos(), indent+"\t", name, "*"+resp, resp))
		fmt.Fprintf(&b, "%s\treturn &%s\n%s}(%s)", indent, name, indent, arg)
	} else {
		if param != "" {
			name = resp // the parameter is a copy already
		}
		b.WriteString(c.copyResponse(r.Pos(), indent+"\t", name, resp, resp))
		fmt.Fprintf(&b, "%s\treturn %s\n%s}(%s)", indent, name, indent, arg)
	}
	edits = append(edits, analysis.TextEdit{Pos: r.Pos(), End: r.End(), NewText: []byte(b.String())})
	return &analysis.SuggestedFix{Message: "Log a redacted copy of the response", TextEdits: sortEdits(edits)}
}

// copyResponse returns the statements, to be written at pos, that make
// name a shallow copy of the response value val (resp names the
// response) whose Header is a clone without the configured headers:
// redactedHeader's (see helper.go), or a clone with each deleted.
func (c *checker) copyResponse(pos token.Pos, indent, name, val, resp string) string {
	var b strings.Builder
	if name != val {
		fmt.Fprintf(&b, "%s%s := %s\n", indent, name, val)
	}
	if call, ok := c.helperCall(pos, resp+".Header"); ok {
		fmt.Fprintf(&b, "%s%s.Header = %s\n", indent, name, call)
		return b.String()
	}
	fmt.Fprintf(&b, "%s%s.Header = %s.Header.Clone()\n", indent, name, resp)
	b.WriteString(c.delLoop(indent, name+".Header"))
	return b.String()
}

// cloneRequest returns the statements, to be written at pos, that make
// name a clone of the request req without the configured headers: its
// Header replaced by redactedHeader's clone (see helper.go), or each
// header deleted.
func (c *checker) cloneRequest(pos token.Pos, indent, name, req string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s%s := %s.Clone(%s.Context())\n", indent, name, req, req)
	if call, ok := c.helperCall(pos, name+".Header"); ok {
		fmt.Fprintf(&b, "%s%s.Header = %s\n", indent, name, call)
		return b.String()
	}
	b.WriteString(c.delLoop(indent, name+".Header"))
	return b.String()
}

// dumpFix makes each dump call dump a redacted clone of its request. A
// dump without the body takes the clone in place of the request; a dump
// with the body reads the body from the clone, which shares it with the
// request, so the request gets the re-readable body back afterwards:
//
//	func() ([]byte, error) {
//		redacted := req.Clone(req.Context())
//		redacted.Header.Del("Authorization")
//		...
//		dump, err := httputil.DumpRequest(redacted, true)
//		req.Body = redacted.Body
//		return dump, err
//	}()
func (c *checker) dumpFix(file *ast.File, calls []*ast.CallExpr, src []byte) *analysis.SuggestedFix {
	info := c.pass.TypesInfo
	var edits []analysis.TextEdit
	done := map[*ast.CallExpr]bool{}
	taken := map[string]bool{}
	for _, d := range calls {
		if done[d] {
			continue
		}
		done[d] = true
		if fixes.FileOf(c.pass, d.Pos()) != file {
			return nil
		}
		recv, args := httpmodel.Receiver(info, d)
		if isWriteDump(httpmodel.Callee(info, d)) {
			// r.Write(&b): the clone writes itself, reading the body
			// it shares with the request.
			edit, imp, ok := c.writeCloneEdit(file, recv, src)
			if !ok {
				return nil
			}
			edits = append(append(edits, imp...), edit)
			continue
		}
		if len(args) != 2 {
			return nil
		}
		req, body := args[0], args[1]
		if before, ok := c.cloneBefore(file, d, req, body, src, taken); ok {
			edits = append(edits, before...)
			continue
		}
		// A request that is not a plain variable or field becomes the
		// parameter of the function literal, evaluated once.
		reqText, param, arg := c.operand(src, req), "", ""
		pure := fixes.Pure(info, req)
		if isConstFalse(info, body) {
			httpName, imp, ok := c.importHTTP(file, d.Pos())
			if !ok {
				return nil
			}
			edits = append(edits, imp...)
			if !pure {
				reqText = "req"
				param, arg = fmt.Sprintf("%s *%s.Request", reqText, httpName), fixes.Text(c.pass.Fset, src, req)
			}
			indent := fixes.Indent(c.pass.Fset, src, req.Pos())
			name := freshName("redacted", req)
			text := fmt.Sprintf("func(%s) *%s.Request {\n%s%s\treturn %s\n%s}(%s)",
				param, httpName, c.cloneRequest(req.Pos(), indent+"\t", name, reqText), indent, name, indent, arg)
			edits = append(edits, analysis.TextEdit{Pos: req.Pos(), End: req.End(), NewText: []byte(text)})
			continue
		}
		if !fixes.Pure(info, body) {
			return nil
		}
		if !pure {
			httpName, imp, ok := c.importHTTP(file, d.Pos())
			if !ok {
				return nil
			}
			edits = append(edits, imp...)
			reqText = freshName("req", body, d.Fun)
			param, arg = fmt.Sprintf("%s *%s.Request", reqText, httpName), fixes.Text(c.pass.Fset, src, req)
		}
		indent := fixes.Indent(c.pass.Fset, src, d.Pos())
		name := freshName("redacted", req, body, d.Fun)
		dump := freshName("dump", req, body, d.Fun)
		errName := freshName("err", req, body, d.Fun)
		var b strings.Builder
		fmt.Fprintf(&b, "func(%s) ([]byte, error) {\n", param)
		b.WriteString(c.cloneRequest(d.Pos(), indent+"\t", name, reqText))
		fmt.Fprintf(&b, "%s\t%s, %s := %s(%s, %s)\n", indent, dump, errName, fixes.Text(c.pass.Fset, src, d.Fun), name, fixes.Text(c.pass.Fset, src, body))
		fmt.Fprintf(&b, "%s\t%s.Body = %s.Body\n", indent, reqText, name)
		fmt.Fprintf(&b, "%s\treturn %s, %s\n%s}(%s)", indent, dump, errName, indent, arg)
		edits = append(edits, analysis.TextEdit{Pos: d.Pos(), End: d.End(), NewText: []byte(b.String())})
	}
	if len(edits) == 0 {
		return nil
	}
	msg := "Dump a redacted clone of the request"
	if len(calls) > 0 && httpmodel.IsMethod(httpmodel.Callee(info, calls[0]), httpPkg, "Response", "Write") {
		msg = "Dump a redacted copy of the response"
	}
	return &analysis.SuggestedFix{Message: msg, TextEdits: sortEdits(edits)}
}

// cloneBefore makes the dump d of the request req (a variable or a
// field) dump a redacted clone made by statements before the one that
// holds d, when that statement is a plain one of a block (or an if or
// switch whose header holds d) that does not assign req:
//
//	redacted := req.Clone(req.Context())
//	redacted.Header = redactedHeader(redacted.Header)
//	b, err := httputil.DumpRequestOut(redacted, false)
//
// A dump with the body (body not constant false) reads the body from the
// clone, which shares it with the request; the request gets the
// re-readable body back after the statement (req.Body = redacted.Body),
// so that statement must be one after which another can follow (an
// assignment, a declaration, an expression). taken holds the names the
// fix's other edits declare.
func (c *checker) cloneBefore(file *ast.File, d *ast.CallExpr, req, body ast.Expr, src []byte, taken map[string]bool) ([]analysis.TextEdit, bool) {
	info := c.pass.TypesInfo
	if !fixes.Pure(info, req) {
		return nil, false
	}
	withBody := !isConstFalse(info, body)
	if withBody && !fixes.Pure(info, body) {
		return nil, false
	}
	st := fixes.StmtOf(file, d)
	switch st := st.(type) {
	case *ast.AssignStmt, *ast.DeclStmt, *ast.ExprStmt:
	case *ast.ReturnStmt:
		if withBody {
			return nil, false
		}
	case *ast.IfStmt:
		if withBody || !within(d, st.Init) && !within(d, st.Cond) {
			return nil, false
		}
	case *ast.SwitchStmt:
		if withBody || !within(d, st.Init) && !within(d, st.Tag) {
			return nil, false
		}
	default:
		return nil, false
	}
	// The request must be the same before the statement as at d.
	root, _ := flow.WriteRoot(req)
	if root == nil {
		return nil, false
	}
	obj := info.Uses[root]
	assigned := false
	ast.Inspect(st, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok {
			for _, l := range as.Lhs {
				if id, _ := flow.WriteRoot(l); id != nil && (info.Defs[id] == obj || info.Uses[id] == obj) {
					assigned = true
				}
			}
		}
		return !assigned
	})
	if obj == nil || assigned {
		return nil, false
	}
	// The fixes of the dumps of one block, applied together, declare
	// one name each: the k-th free name for the block's k-th dump.
	_, list := fixes.BlockOf(file, st)
	k := 0
	for _, other := range list {
		if other.Pos() > d.Pos() {
			break
		}
		ast.Inspect(other, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit, *ast.BlockStmt:
				return false
			case *ast.CallExpr:
				if n.Pos() < d.Pos() && isDump(info, n) {
					k++
				}
			}
			return true
		})
	}
	var name string
	for range k + 1 {
		name = fixes.FreeName(info, file, "redacted", taken, st.Pos(), d.Pos())
	}
	indent := fixes.Indent(c.pass.Fset, src, st.Pos())
	reqText := fixes.Text(c.pass.Fset, src, req)
	clone := strings.TrimPrefix(c.cloneRequest(st.Pos(), indent, name, reqText), indent) + indent
	edits := []analysis.TextEdit{
		{Pos: st.Pos(), End: st.Pos(), NewText: []byte(clone)},
		{Pos: req.Pos(), End: req.End(), NewText: []byte(name)},
	}
	if withBody {
		restore := fmt.Sprintf("\n%s%s.Body = %s.Body", indent, reqText, name)
		edits = append(edits, analysis.TextEdit{Pos: st.End(), End: st.End(), NewText: []byte(restore)})
	}
	return edits, true
}

// within reports whether n lies inside the node in (nil: never).
func within(n ast.Node, in ast.Node) bool {
	return in != nil && in.Pos() <= n.Pos() && n.End() <= in.End()
}

// writeCloneEdit replaces recv, the receiver of (*http.Request).Write or
// (*http.Response).Write, with a redacted copy made on the spot: a clone
// of the request without the configured headers, or a shallow copy of
// the response whose Header is a clone without them:
//
//	func() *http.Response {
//		redacted := *resp
//		redacted.Header = resp.Header.Clone()
//		redacted.Header.Del("Set-Cookie")
//		...
//		return &redacted
//	}().Write(&b)
func (c *checker) writeCloneEdit(file *ast.File, recv ast.Expr, src []byte) (analysis.TextEdit, []analysis.TextEdit, bool) {
	info := c.pass.TypesInfo
	if recv == nil || !isPointer(info.TypeOf(recv)) {
		return analysis.TextEdit{}, nil, false
	}
	httpName, imp, ok := c.importHTTP(file, recv.Pos())
	if !ok {
		return analysis.TextEdit{}, nil, false
	}
	indent := fixes.Indent(c.pass.Fset, src, recv.Pos())
	name := freshName("redacted", recv)
	text, param, arg := c.operand(src, recv), "", ""
	var b strings.Builder
	if isRequest(info.TypeOf(recv)) {
		if !fixes.Pure(info, recv) {
			text = "req"
			param, arg = fmt.Sprintf("%s *%s.Request", text, httpName), fixes.Text(c.pass.Fset, src, recv)
		}
		fmt.Fprintf(&b, "func(%s) *%s.Request {\n%s%s\treturn %s\n%s}(%s)",
			param, httpName, c.cloneRequest(recv.Pos(), indent+"\t", name, text), indent, name, indent, arg)
	} else {
		if !fixes.Pure(info, recv) {
			text = "resp"
			param, arg = fmt.Sprintf("%s *%s.Response", text, httpName), fixes.Text(c.pass.Fset, src, recv)
		}
		fmt.Fprintf(&b, "func(%s) *%s.Response {\n", param, httpName)
		b.WriteString(c.copyResponse(recv.Pos(), indent+"\t", name, "*"+text, text))
		fmt.Fprintf(&b, "%s\treturn &%s\n%s}(%s)", indent, name, indent, arg)
	}
	return analysis.TextEdit{Pos: recv.Pos(), End: recv.End(), NewText: []byte(b.String())}, imp, true
}

// importHTTP returns the name under which the fix can refer to net/http
// at pos, with the edit that imports it when the file does not. ok is
// false when the name is shadowed there: fixes.Import checks that for a
// new import only.
func (c *checker) importHTTP(file *ast.File, pos token.Pos) (string, []analysis.TextEdit, bool) {
	info := c.pass.TypesInfo
	name, edits, ok := fixes.Import(info, c.pass.Pkg, file, httpPkg, pos)
	if !ok || len(edits) > 0 {
		return name, edits, ok
	}
	scope := info.Scopes[file]
	if scope == nil {
		return "", nil, false
	}
	_, obj := scope.Innermost(pos).LookupParent(name, pos)
	pn, isPkg := obj.(*types.PkgName)
	if !isPkg || pn.Imported().Path() != httpPkg {
		return "", nil, false
	}
	return name, nil, true
}

// operand returns the source text of e, parenthesised unless it can be
// the operand of a selector as it is.
func (c *checker) operand(src []byte, e ast.Expr) string {
	text := fixes.Text(c.pass.Fset, src, e)
	switch e.(type) {
	case *ast.Ident, *ast.SelectorExpr, *ast.CallExpr, *ast.IndexExpr, *ast.ParenExpr, *ast.CompositeLit:
		return text
	}
	return "(" + text + ")"
}

// freshName returns base, or base followed by a number, such that no
// identifier in exprs has that name: the fixes declare it in a function
// literal of their own, into which they copy exprs.
func freshName(base string, exprs ...ast.Node) string {
	used := map[string]bool{}
	for _, e := range exprs {
		ast.Inspect(e, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				used[id.Name] = true
			}
			return true
		})
	}
	name := base
	for i := 2; used[name]; i++ {
		name = base + strconv.Itoa(i)
	}
	return name
}

func sortEdits(edits []analysis.TextEdit) []analysis.TextEdit {
	sort.SliceStable(edits, func(i, j int) bool {
		if edits[i].Pos != edits[j].Pos {
			return edits[i].Pos < edits[j].Pos
		}
		return edits[i].End < edits[j].End
	})
	return slices.CompactFunc(edits, func(a, b analysis.TextEdit) bool {
		return a.Pos == b.Pos && a.End == b.End && string(a.NewText) == string(b.NewText)
	})
}

// redactedText returns the redacted constant that can stand for a value
// of type leafT passed as type ctx.
func redactedText(ctx, leafT types.Type) (string, bool) {
	t := ctx
	if t == nil {
		t = leafT
	}
	if _, ok := types.Unalias(t).(*types.TypeParam); ok {
		t = leafT // keep the instantiation as it was
	}
	if t == nil {
		return "", false
	}
	switch u := t.Underlying().(type) {
	case *types.Interface:
		if u.IsMethodSet() && u.NumMethods() == 0 {
			return redactedString, true
		}
	case *types.Basic:
		if u.Info()&types.IsString != 0 {
			return redactedString, true
		}
	case *types.Slice:
		if types.Identical(u, types.NewSlice(types.Typ[types.String])) {
			return "[]string{" + redactedString + "}", true
		}
		if types.Identical(u, types.NewSlice(types.Typ[types.Byte])) {
			return "[]byte(" + redactedString + ")", true
		}
	}
	return "", false
}

// isErrorType reports whether a value of type leafT passed as type ctx
// (ctx nil: as its own type) is taken as an error.
func isErrorType(ctx, leafT types.Type) bool {
	t := ctx
	if t == nil {
		t = leafT
	}
	return analysisutil.IsError(t)
}

// A local is a variable declared in the function being fixed.
type local struct {
	v       *types.Var
	def     *ast.Ident
	uses    []*ast.Ident        // uses proper
	assigns []*ast.Ident        // assignments after the declaration (not uses)
	blanks  []*ast.Ident        // assignments that become assignments to _
	deletes []analysis.TextEdit // assignments deleted whole (x = string(b))
	// doomed is true when every use is in code that the fixes remove: the
	// declaration must go too, or the variable is declared and not used.
	doomed, failed bool
	action         int
	stmt           ast.Node          // the declaring statement or spec
	span           ast.Node          // the statement deleted, for actDelete
	edit           analysis.TextEdit // the deletion, for actDelete
}

const (
	actNone   = iota
	actDelete // delete the declaration, whose value has no side effect
	actBlank  // declare _ instead
	actRange  // drop the iteration variable from the range clause
)

// valueFixes builds the fixes of the findings whose value is replaced by
// a redacted constant. Replacing a variable's only use leaves it declared
// and not used; the fix then deletes its declaration (or blanks it), which
// may leave another variable unused in turn. Findings linked by such
// variables get one fix with all their edits, so that each fix compiles
// applied alone and all of them do applied together.
func (c *checker) valueFixes(file *ast.File, st *fstate, fs []*finding, src []byte) {
	info := c.pass.TypesInfo
	var vf []*finding
	for _, f := range fs {
		if f.value {
			vf = append(vf, f)
		}
	}
	if len(vf) == 0 {
		return
	}
	body := st.decl.Body
	parents := map[ast.Node]ast.Node{}
	var stack []ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if len(stack) > 0 {
			parents[n] = stack[len(stack)-1]
		}
		stack = append(stack, n)
		return true
	})
	notUse := map[*ast.Ident]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if n.Tok != token.ASSIGN && n.Tok != token.DEFINE {
				// s += tok reads s: a use, as in s = s + tok.
				break
			}
			for _, l := range n.Lhs {
				if id, ok := l.(*ast.Ident); ok {
					notUse[id] = true
				}
			}
		case *ast.IncDecStmt:
			if id, ok := n.X.(*ast.Ident); ok {
				notUse[id] = true
			}
		case *ast.RangeStmt:
			for _, e := range []ast.Expr{n.Key, n.Value} {
				if id, ok := e.(*ast.Ident); ok {
					notUse[id] = true
				}
			}
		}
		return true
	})
	var locals []*local
	byVar := map[*types.Var]*local{}
	ast.Inspect(body, func(n ast.Node) bool {
		if ts, ok := n.(*ast.TypeSwitchStmt); ok {
			// switch t := x.(type): one variable per clause, all
			// declared by t, which must be used in one of them.
			if as, ok := ts.Assign.(*ast.AssignStmt); ok && len(as.Lhs) == 1 {
				if id, ok := as.Lhs[0].(*ast.Ident); ok {
					l := &local{def: id}
					locals = append(locals, l)
					_, vars := flow.TypeSwitchVars(info, ts)
					for _, v := range vars {
						byVar[v] = l
					}
				}
			}
			return true
		}
		id, ok := n.(*ast.Ident)
		if !ok {
			return true
		}
		if v, ok := info.Defs[id].(*types.Var); ok && !v.IsField() {
			l := &local{v: v, def: id}
			locals = append(locals, l)
			byVar[v] = l
			return true
		}
		if v, ok := info.Uses[id].(*types.Var); ok {
			if l := byVar[v]; l != nil {
				if notUse[id] {
					l.assigns = append(l.assigns, id)
				} else {
					l.uses = append(l.uses, id)
				}
			}
		}
		return true
	})

	type span struct {
		pos, end token.Pos
		owner    int
	}
	var removed []span
	for i, f := range vf {
		removed = append(removed, span{f.expr.Pos(), f.expr.End(), i})
	}
	owner := func(p token.Pos) int {
		for _, r := range removed {
			if r.pos <= p && p < r.end {
				return r.owner
			}
		}
		return -1
	}
	outside := func(id *ast.Ident) bool { return owner(id.Pos()) < 0 }
	n := len(vf)
	for changed := true; changed; {
		changed = false
		for li, l := range locals {
			if l.doomed || len(l.uses) == 0 || owner(l.def.Pos()) >= 0 || slices.ContainsFunc(l.uses, outside) {
				continue
			}
			l.doomed, changed = true, true
			// A plain assignment that stays becomes an assignment to _.
			for _, a := range l.assigns {
				if !outside(a) {
					continue
				}
				if as, ok := parents[a].(*ast.AssignStmt); ok && as.Tok == token.ASSIGN {
					// bodyStr = string(bs), which computes a value and
					// nothing else, goes with the variable; what it reads
					// may then go too.
					if e, ok := c.deletableAssign(st, as, parents, src); ok {
						l.deletes = append(l.deletes, e)
						removed = append(removed, span{as.Pos(), as.End(), n + li})
						changed = true
					} else {
						l.blanks = append(l.blanks, a)
					}
				} else {
					l.failed = true
				}
			}
			if l.failed {
				continue
			}
			c.planDecl(st, l, parents, src)
			if l.action == actDelete {
				removed = append(removed, span{l.span.Pos(), l.span.End(), n + li})
			}
			if as, ok := l.stmt.(*ast.AssignStmt); ok && l.action == actBlank && len(as.Lhs) > 1 {
				c.deleteIfAllBlank(st, as, byVar, parents, src, func(li2 int) {
					removed = append(removed, span{as.Pos(), as.End(), n + li2})
				}, locals)
			}
		}
	}

	// Union the findings and variables that must be fixed together.
	uf := make([]int, n+len(locals))
	for i := range uf {
		uf[i] = i
	}
	var find func(int) int
	find = func(i int) int {
		for uf[i] != i {
			uf[i] = uf[uf[i]]
			i = uf[i]
		}
		return i
	}
	union := func(a, b int) { uf[find(a)] = find(b) }
	byStmt := map[ast.Node]int{}
	for li, l := range locals {
		if !l.doomed {
			continue
		}
		for _, u := range l.uses {
			union(n+li, owner(u.Pos()))
		}
		if l.stmt != nil {
			if j, ok := byStmt[l.stmt]; ok {
				union(n+li, j)
			} else {
				byStmt[l.stmt] = n + li
			}
		}
	}
	// A credential that is an argument of the log itself is dropped
	// from the call, with its verb (see drop.go); the findings of one
	// call share the edit of its format, and so one fix.
	drops := make([]*drop, len(vf))
	byCall := map[*ast.CallExpr][]int{}
	var calls []*ast.CallExpr
	for i, f := range vf {
		if d, ok := c.dropOf(f); ok {
			drops[i] = &d
			if byCall[d.call] == nil {
				calls = append(calls, d.call)
			}
			byCall[d.call] = append(byCall[d.call], i)
		}
	}
	callEdits := map[*ast.CallExpr][]analysis.TextEdit{}
	for _, call := range calls {
		is := byCall[call]
		var ds []drop
		for _, i := range is {
			ds = append(ds, *drops[i])
		}
		e, ok := c.dropEdits(src, ds, vf[is[0]].sinkFormat)
		if !ok {
			for _, i := range is {
				drops[i] = nil
			}
			continue
		}
		callEdits[call] = e
		for _, i := range is[1:] {
			union(is[0], i)
		}
	}
	failed := map[int]bool{}
	edits := map[int][]analysis.TextEdit{}
	for i, f := range vf {
		if d := drops[i]; d != nil {
			if e, ok := callEdits[d.call]; ok {
				edits[find(i)] = append(edits[find(i)], e...)
				delete(callEdits, d.call) // once for the call's findings
			}
			continue
		}
		text, ok := redactedText(f.ctx, info.TypeOf(f.expr))
		if !ok && f.c&^valueKinds == 0 && isErrorType(f.ctx, info.TypeOf(f.expr)) {
			// An error a credential was formatted into, handed where an
			// error goes (logrus's WithError(err)): an error of the
			// marker's text. (Not one taken to hold a whole header or
			// request in a field: whether its Error method prints it is
			// the error model's weakest guess.)
			name, imp, found := fixes.Import(info, c.pass.Pkg, file, "errors", f.expr.Pos())
			if found {
				text, ok = name+".New("+redactedString+")", true
				edits[find(i)] = append(edits[find(i)], imp...)
			}
		}
		if !ok {
			failed[find(i)] = true
			continue
		}
		edits[find(i)] = append(edits[find(i)], analysis.TextEdit{Pos: f.expr.Pos(), End: f.expr.End(), NewText: []byte(text)})
	}
	doomed := func(e ast.Expr) bool {
		id, ok := e.(*ast.Ident)
		if !ok {
			return false
		}
		l := byVar[asVar(info.Defs[id])]
		return l != nil && l.doomed
	}
	stmtDone := map[ast.Node]bool{}
	for li, l := range locals {
		if !l.doomed {
			continue
		}
		root := find(n + li)
		if l.failed {
			failed[root] = true
			continue
		}
		for _, a := range l.blanks {
			edits[root] = append(edits[root], analysis.TextEdit{Pos: a.Pos(), End: a.End(), NewText: []byte("_")})
		}
		edits[root] = append(edits[root], l.deletes...)
		switch l.action {
		case actDelete:
			edits[root] = append(edits[root], l.edit)
		case actBlank:
			edits[root] = append(edits[root], analysis.TextEdit{Pos: l.def.Pos(), End: l.def.End(), NewText: []byte("_")})
			as, ok := l.stmt.(*ast.AssignStmt)
			if !ok || stmtDone[as] {
				continue
			}
			stmtDone[as] = true
			// := needs a new variable on its left.
			fresh := slices.ContainsFunc(as.Lhs, func(e ast.Expr) bool {
				id, ok := e.(*ast.Ident)
				return ok && id.Name != "_" && info.Defs[id] != nil && !doomed(id)
			})
			if !fresh {
				edits[root] = append(edits[root], analysis.TextEdit{Pos: as.TokPos, End: as.TokPos + 2, NewText: []byte("=")})
			}
		case actRange:
			rs := l.stmt.(*ast.RangeStmt)
			if stmtDone[rs] {
				continue
			}
			stmtDone[rs] = true
			gone := func(e ast.Expr) bool {
				id, ok := e.(*ast.Ident)
				return e == nil || (ok && id.Name == "_") || doomed(e)
			}
			switch {
			case !gone(rs.Value):
				edits[root] = append(edits[root], analysis.TextEdit{Pos: rs.Key.Pos(), End: rs.Key.End(), NewText: []byte("_")})
			case !gone(rs.Key):
				edits[root] = append(edits[root], analysis.TextEdit{Pos: rs.Key.End(), End: rs.TokPos, NewText: []byte(" ")})
			default:
				edits[root] = append(edits[root], analysis.TextEdit{Pos: rs.Key.Pos(), End: rs.X.Pos(), NewText: []byte("range ")})
			}
		default:
			failed[root] = true
		}
	}
	// An import whose every use the fix removes goes with them
	// (s := fmt.Sprintf("tok %s", tok) deleted with the log's use of s).
	for root, es := range edits {
		edits[root] = append(es, fixes.ImportsLeftUnused(c.pass.Fset, src, c.pass.TypesInfo, file, es)...)
	}
	for i, f := range vf {
		root := find(i)
		if failed[root] {
			continue
		}
		msg := "Redact the " + f.what
		if drops[i] != nil {
			msg = "Stop logging the " + f.what
		}
		f.fix = &analysis.SuggestedFix{
			Message:   msg,
			TextEdits: sortEdits(slices.Clone(edits[root])),
		}
	}
}

// deleteIfAllBlank turns the blanking of every variable of a := statement
// (user, _, _ = r.BasicAuth()) into the deletion of the statement, when
// its value has no side effect.
func (c *checker) deleteIfAllBlank(st *fstate, as *ast.AssignStmt, byVar map[*types.Var]*local, parents map[ast.Node]ast.Node, src []byte, removed func(int), locals []*local) {
	info := c.pass.TypesInfo
	var ls []*local
	for _, e := range as.Lhs {
		id, ok := e.(*ast.Ident)
		if !ok {
			return
		}
		if id.Name == "_" {
			continue
		}
		l := byVar[asVar(info.Defs[id])]
		if l == nil || !l.doomed || l.failed || l.action != actBlank {
			return
		}
		ls = append(ls, l)
	}
	if len(as.Rhs) != 1 || !st.sideEffectFree(as.Rhs[0]) {
		return
	}
	switch parents[as].(type) {
	case *ast.BlockStmt, *ast.CaseClause, *ast.CommClause:
	default:
		return
	}
	e, ok := fixes.LineDelete(c.pass.Fset, src, as)
	if !ok {
		return
	}
	for _, l := range ls {
		l.action, l.span, l.edit = actDelete, as, e
	}
	removed(slices.Index(locals, ls[0]))
}

func asVar(obj types.Object) *types.Var {
	v, _ := obj.(*types.Var)
	return v
}

// planDecl decides what becomes of the declaration of a variable that
// the fixes leave unused.
// deletableAssign returns the deletion of as, a plain assignment to one
// variable that the fix drops, when its value only computes (x =
// string(b)) and the statement stands alone on its lines in a block.
func (c *checker) deletableAssign(st *fstate, as *ast.AssignStmt, parents map[ast.Node]ast.Node, src []byte) (analysis.TextEdit, bool) {
	if len(as.Lhs) != 1 || len(as.Rhs) != 1 || !st.sideEffectFree(as.Rhs[0]) || !inBlock(parents, as) {
		return analysis.TextEdit{}, false
	}
	return fixes.LineDelete(c.pass.Fset, src, as)
}

// inBlock reports whether s is a statement of a list: a block's or a
// clause's.
func inBlock(parents map[ast.Node]ast.Node, s ast.Node) bool {
	switch parents[s].(type) {
	case *ast.BlockStmt, *ast.CaseClause, *ast.CommClause:
		return true
	}
	return false
}

func (c *checker) planDecl(st *fstate, l *local, parents map[ast.Node]ast.Node, src []byte) {
	switch p := parents[l.def].(type) {
	case *ast.AssignStmt:
		if p.Tok != token.DEFINE {
			l.failed = true
			return
		}
		if ts, ok := parents[p].(*ast.TypeSwitchStmt); ok && ts.Assign == ast.Stmt(p) && len(p.Rhs) == 1 {
			// switch t := x.(type) {  =>  switch x.(type) {
			// Only t goes: x is still read by the switch.
			l.stmt, l.action, l.span = p, actDelete, l.def
			l.edit = analysis.TextEdit{Pos: p.Pos(), End: p.Rhs[0].Pos()}
			return
		}
		l.stmt, l.action = p, actBlank
		if len(p.Lhs) != 1 || len(p.Rhs) != 1 || !st.sideEffectFree(p.Rhs[0]) {
			return
		}
		if inBlock(parents, p) {
			if e, ok := fixes.LineDelete(c.pass.Fset, src, p); ok {
				l.action, l.span, l.edit = actDelete, p, e
			}
		} else if ifs, ok := parents[p].(*ast.IfStmt); ok && ifs.Init == ast.Stmt(p) {
			// if tok := ...; cond {  =>  if cond {
			l.action, l.span = actDelete, p
			l.edit = analysis.TextEdit{Pos: p.Pos(), End: ifs.Cond.Pos()}
		}
	case *ast.ValueSpec:
		l.stmt, l.action = p, actBlank
		gd, _ := parents[p].(*ast.GenDecl)
		ds, _ := parents[gd].(*ast.DeclStmt)
		if gd != nil && ds != nil && len(gd.Specs) == 1 && len(p.Names) == 1 && inBlock(parents, ds) &&
			(len(p.Values) == 0 || (len(p.Values) == 1 && st.sideEffectFree(p.Values[0]))) {
			if e, ok := fixes.LineDelete(c.pass.Fset, src, ds); ok {
				l.action, l.span, l.edit = actDelete, ds, e
			}
		}
	case *ast.RangeStmt:
		l.stmt, l.action = p, actRange
	default:
		l.failed = true
	}
}
