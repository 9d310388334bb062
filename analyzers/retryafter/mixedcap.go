package retryafter

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/fixes"
	"github.com/retrylint/retrylint/internal/flow"
	"github.com/retrylint/retrylint/internal/httpmodel"
)

// A cap may bound a variable that holds the server's wait on some paths
// and the client's own backoff on others:
//
//	wait := retryAfter(resp)
//	if wait == 0 {
//		wait = backoff(attempt)
//	}
//	return min(wait, c.MaxWait), nil
//
// Only the server's path is wrong. The fix gives up right after each
// assignment of the server's wait, when the wait exceeds the limit, and
// keeps the cap, which from then on bounds the client's own backoff alone;
// a cap so guarded is not reported.

// varDef is an assignment of a value to a variable: the value, the
// statement that makes it, and the path from the file down to it.
type varDef struct {
	rhs  ast.Expr
	stmt ast.Stmt
	path []ast.Node
}

// varDefs returns the assignments of the variable ra that a use at ra can
// see, split into those that carry the server's wait and those that carry
// a value of the client's own. ok is false when ra is not a local variable
// or some assignment is not a plain assignment or declaration statement of
// a block (a parameter, a range variable, x += y, a later result of a
// call, a switch or if initialiser).
func (c *checker) varDefs(file *ast.File, f *flow.Func, ra ast.Expr) (server, own []varDef, ok bool) {
	id, isID := ast.Unparen(ra).(*ast.Ident)
	if !isID {
		return nil, nil, false
	}
	v := f.VarOf(id)
	if v == nil {
		return nil, nil, false
	}
	for _, d := range f.Defs(v, id.Pos()) {
		if d.Rhs == nil || d.Range || d.Idx > 0 {
			return nil, nil, false
		}
		path, _ := astutil.PathEnclosingInterval(file, d.Rhs.Pos(), d.Rhs.End())
		slices.Reverse(path)
		stmt, i := fixes.StmtInBlock(path)
		if stmt == nil || !defines(stmt, d.Rhs) {
			return nil, nil, false
		}
		vd := varDef{d.Rhs, stmt, path[:i+1]}
		if d.Bits&flow.Source != 0 {
			server = append(server, vd)
		} else {
			own = append(own, vd)
		}
	}
	return server, own, len(server) > 0
}

// defines reports whether rhs is one of the values that the assignment or
// declaration stmt gives, in the source (not the synthesised x + y of
// x += y).
func defines(stmt ast.Stmt, rhs ast.Expr) bool {
	switch s := stmt.(type) {
	case *ast.AssignStmt:
		return (s.Tok == token.ASSIGN || s.Tok == token.DEFINE) && slices.Contains(s.Rhs, rhs)
	case *ast.DeclStmt:
		gd, ok := s.Decl.(*ast.GenDecl)
		if !ok {
			return false
		}
		for _, spec := range gd.Specs {
			if vs, ok := spec.(*ast.ValueSpec); ok && slices.Contains(vs.Values, rhs) {
				return true
			}
		}
	}
	return false
}

// guarded reports whether every assignment of the server's wait to the
// variable ra is followed at once by a give-up when it exceeds limit:
//
//	wait := retryAfter(resp)
//	if wait > limit {
//		return ..., err
//	}
//
// A cap of ra by limit then bounds only values of the client's own.
func (c *checker) guarded(file *ast.File, f *flow.Func, ra, limit ast.Expr) bool {
	defs, _, ok := c.varDefs(file, f, ra)
	if !ok {
		return false
	}
	for _, d := range defs {
		next := nextStmt(d.path)
		ifs, isIf := next.(*ast.IfStmt)
		if !isIf || ifs.Init != nil || len(ifs.Body.List) == 0 {
			return false
		}
		x, l, isCap := c.guardCompare(ifs.Cond)
		if !isCap || !c.sameVar(x, ra) || !c.sameValue(l, limit) {
			return false
		}
		if !c.givesUp(d.path, ifs.Body.List[len(ifs.Body.List)-1]) {
			return false
		}
	}
	return true
}

// givesUp reports whether s, the last statement of a guard in the function
// that path leads into, returns an error: a return whose last result is an
// error other than nil.
func (c *checker) givesUp(path []ast.Node, s ast.Stmt) bool {
	ret, ok := s.(*ast.ReturnStmt)
	_, ft := fixes.EnclosingFunc(path)
	if !ok || len(ret.Results) == 0 || !fixes.ReturnsError(c.pass.TypesInfo, ft) {
		return false
	}
	last := ret.Results[len(ret.Results)-1]
	return !analysisutil.IsNil(c.pass.TypesInfo, last)
}

// nextStmt returns the statement after the last node of path in its block
// or case body, or nil.
func nextStmt(path []ast.Node) ast.Stmt {
	if len(path) < 2 {
		return nil
	}
	s, ok := path[len(path)-1].(ast.Stmt)
	list := blockList(path[len(path)-2])
	if i := slices.Index(list, s); ok && i >= 0 && i+1 < len(list) {
		return list[i+1]
	}
	return nil
}

// withinLimit reports whether e and limit are constants and e is at most
// limit: a cap on e changes nothing.
func withinLimit(info *types.Info, e, limit ast.Expr) bool {
	a, b := info.Types[e].Value, info.Types[limit].Value
	return a != nil && b != nil && a.Kind() != constant.Unknown && b.Kind() != constant.Unknown &&
		constant.Compare(a, token.LEQ, b)
}

// splitFix handles a cap on a variable ra that holds the server's wait on
// some paths and the client's own backoff on others (ok is false
// otherwise). Where the function can return an error, it gives up right
// after each assignment of the server's wait that exceeds limit and keeps
// the cap, which then bounds the client's own backoff alone. Where it
// cannot, it moves the cap onto each assignment of the client's own value
// (remove takes the cap away), so that the server's wait is honoured and
// the client's own backoff stays bounded.
func (c *checker) splitFix(file *ast.File, f *flow.Func, stack []ast.Node, ra, limit ast.Expr, src []byte, remove []analysis.TextEdit) (analysis.SuggestedFix, bool) {
	info := c.pass.TypesInfo
	fn, ft := fixes.EnclosingFunc(stack)
	if !fixes.Pure(info, limit) {
		return analysis.SuggestedFix{}, false
	}
	server, own, ok := c.varDefs(file, f, ra)
	if !ok || len(own) == 0 {
		return analysis.SuggestedFix{}, false
	}
	for _, d := range append(slices.Clone(server), own...) {
		if defFn, _ := fixes.EnclosingFunc(d.path); defFn != fn || !fixes.VisibleAt(info, file, limit, d.stmt.Pos()) {
			return analysis.SuggestedFix{}, false
		}
	}
	limitText := fixes.Text(c.pass.Fset, src, limit)
	var edits []analysis.TextEdit
	if !fixes.ReturnsError(info, ft) {
		if !c.builtinAvailable(file, limit.Pos(), "min") {
			return analysis.SuggestedFix{}, false
		}
		for _, d := range own {
			if withinLimit(info, d.rhs, limit) {
				continue // wait = 0: min(0, maxWait) bounds nothing
			}
			edits = append(edits, analysis.TextEdit{Pos: d.rhs.Pos(), End: d.rhs.End(),
				NewText: fmt.Appendf(nil, "min(%s, %s)", fixes.Text(c.pass.Fset, src, d.rhs), limitText)})
		}
		return analysis.SuggestedFix{
			Message:   "Bound only the client's own backoff by the limit, so that the server's Retry-After wait is honoured",
			TextEdits: append(edits, remove...),
		}, true
	}
	for i, d := range server {
		at := d.stmt.End()
		ret, imports, ok := c.errorReturn(file, ft, at, ra, limit, src)
		if !ok {
			return analysis.SuggestedFix{}, false
		}
		indent := fixes.Indent(c.pass.Fset, src, d.stmt.Pos())
		text := fmt.Sprintf("\n%sif %s > %s {\n%s\t%s\n%s}",
			indent, fixes.Text(c.pass.Fset, src, ra), limitText, indent, ret, indent)
		edits = append(edits, analysis.TextEdit{Pos: at, End: at, NewText: []byte(text)})
		if i == 0 {
			edits = append(edits, imports...)
		}
	}
	return analysis.SuggestedFix{
		Message:   "Return an error when the server's Retry-After wait exceeds the limit, and keep the cap for the client's own backoff",
		TextEdits: edits,
	}, true
}

// guardCompare matches the condition of a give-up guard, ra > limit
// alone or followed by && tests that the response carries the wait header
// (the shape funcValueFix writes), and returns ra and limit.
func (c *checker) guardCompare(cond ast.Expr) (x, limit ast.Expr, ok bool) {
	parts := operands(cond, token.LAND)
	for _, p := range parts[1:] {
		if !c.serverSent(p) {
			return nil, nil, false
		}
	}
	return capCompare(parts[0])
}

// serverSent reports whether e is resp != nil or resp.Header.Get(name) !=
// "" for a response resp and a configured wait header name.
func (c *checker) serverSent(e ast.Expr) bool {
	info := c.pass.TypesInfo
	b, ok := ast.Unparen(e).(*ast.BinaryExpr)
	if !ok || b.Op != token.NEQ {
		return false
	}
	if analysisutil.IsNil(info, b.Y) {
		return httpmodel.IsResponse(info.TypeOf(b.X))
	}
	a, ok := httpmodel.HeaderRead(info, b.X)
	tv := info.Types[b.Y]
	return ok && c.headers.Has(a.Name) && tv.Value != nil && tv.Value.Kind() == constant.String && constant.StringVal(tv.Value) == ""
}
