package retryafter

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/fixes"
	"github.com/retrylint/retrylint/internal/httpmodel"
	"github.com/retrylint/retrylint/internal/retrylib"
)

// checkLibraries reports server waits that a retry library
// (internal/retrylib) shortens: resty caps the wait returned by the
// SetRetryAfter callback at RetryMaxWaitTime (retry.go:198-200; 2s unless
// SetRetryMaxWaitTime says otherwise, retry.go:19, and about 2.1s for a
// negative value, retry.go:176-178). The fix is resty's stop idiom: the
// callback returns an error, which ends the retry (retry.go:157-163).
func checkLibraries(pass *analysis.Pass, headers waitHeaderSet, at func(token.Pos)) {
	if !retrylib.ImportsLibrary(pass.Pkg) {
		return
	}
	info := pass.TypesInfo
	failsafe := retrylib.Imports(pass.Pkg, retrylib.FailsafeHTTP)
	var failsafeUses []failsafeUse
	for _, file := range pass.Files {
		ast.PreorderStack(file, nil, func(n ast.Node, stack []ast.Node) bool {
			if failsafe {
				if u, ok := failsafeUseOf(info, file, stack, n); ok {
					failsafeUses = append(failsafeUses, u)
				}
			}
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) != 1 || !retrylib.IsFunc(info, call, retrylib.RestyV2, "Client", "SetRetryAfter") {
				return true
			}
			at(call.Pos())
			cb := call.Args[0]
			body := callbackBody(pass, cb)
			if body == nil || !readsWaitHeader(pass, body, headers, 0) || mentionsMaxWait(info, body) {
				return true
			}
			reportRestyCap(pass, file, append(stack, call), cb)
			return true
		})
	}
	reportFailsafeDelays(pass, failsafeUses)
}

// callbackBody returns the body of a callback: a function literal or a
// function of the package.
func callbackBody(pass *analysis.Pass, cb ast.Expr) *ast.BlockStmt {
	switch e := ast.Unparen(cb).(type) {
	case *ast.FuncLit:
		return e.Body
	case *ast.Ident, *ast.SelectorExpr:
		var id *ast.Ident
		if sel, ok := e.(*ast.SelectorExpr); ok {
			id = sel.Sel
		} else {
			id = e.(*ast.Ident)
		}
		if fn, ok := pass.TypesInfo.ObjectOf(id).(*types.Func); ok {
			return declBody(pass, fn)
		}
	}
	return nil
}

func declBody(pass *analysis.Pass, fn *types.Func) *ast.BlockStmt {
	if fn.Pkg() != pass.Pkg {
		return nil
	}
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil && pass.TypesInfo.Defs[fd.Name] == fn {
				return fd.Body
			}
		}
	}
	return nil
}

// readsWaitHeader reports whether body reads a wait header, itself or
// through a function of the package it calls.
func readsWaitHeader(pass *analysis.Pass, body ast.Node, headers waitHeaderSet, depth int) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if found {
			return false
		}
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		if h, ok := httpmodel.HeaderCall(pass.TypesInfo, call); ok && h.Op.IsRead() && headers.Has(h.Name) {
			found = true
			return false
		}
		if fn := httpmodel.Callee(pass.TypesInfo, call); fn != nil && depth < 2 {
			if b := declBody(pass, fn); b != nil && readsWaitHeader(pass, b, headers, depth+1) {
				found = true
			}
		}
		return !found
	})
	if !found {
		ast.Inspect(body, func(n ast.Node) bool {
			if ix, ok := n.(*ast.IndexExpr); ok && !found {
				if h, ok := httpmodel.HeaderIndexExpr(pass.TypesInfo, ix); ok && headers.Has(h.Name) {
					found = true
				}
			}
			return !found
		})
	}
	return found
}

// mentionsMaxWait reports whether body compares a value with the client's
// RetryMaxWaitTime: the callback weighs the wait against the cap itself
// (a mention in a log message does not count).
func mentionsMaxWait(info *types.Info, body ast.Node) bool {
	isMax := func(e ast.Expr) bool {
		sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "RetryMaxWaitTime" {
			return false
		}
		v, ok := info.ObjectOf(sel.Sel).(*types.Var)
		return ok && v.IsField() && v.Pkg() != nil && v.Pkg().Path() == retrylib.RestyV2
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if b, ok := n.(*ast.BinaryExpr); ok {
			switch b.Op {
			case token.LSS, token.GTR, token.LEQ, token.GEQ:
				if isMax(b.X) || isMax(b.Y) {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

func reportRestyCap(pass *analysis.Pass, file *ast.File, stack []ast.Node, cb ast.Expr) {
	info := pass.TypesInfo
	call := stack[len(stack)-1].(*ast.CallExpr)
	stmt, _ := fixes.StmtInBlock(stack)
	if stmt == nil {
		return
	}
	src := fixes.Source(pass, stmt.Pos())
	if src == nil {
		return
	}
	restyName, ok := retrylib.ImportedAs(file, retrylib.RestyV2, "resty")
	if !ok {
		return
	}
	fmtName, edits, ok := fixes.Import(info, pass.Pkg, file, "fmt", call.Pos())
	if !ok {
		return
	}
	timeName, timeEdits, ok := fixes.Import(info, pass.Pkg, file, "time", call.Pos())
	if !ok {
		return
	}
	edits = append(edits, timeEdits...)
	indent := fixes.Indent(pass.Fset, src, stmt.Pos())
	taken := map[string]bool{}
	free := func(name string) string {
		n := fixes.FreeName(info, file, name, taken, call.Pos())
		taken[n] = true
		return n
	}
	target := fixes.Text(pass.Fset, src, cb)
	if _, isLit := ast.Unparen(cb).(*ast.FuncLit); isLit {
		// Keep the callback, under a name, and wrap it.
		name := free("retryAfter")
		target = name
		hoisted, ok := fixes.FormatStmts(name+" := "+fixes.Text(pass.Fset, src, cb), indent)
		if !ok {
			return
		}
		lineStart := pass.Fset.File(stmt.Pos()).LineStart(pass.Fset.Position(stmt.Pos()).Line)
		edits = append(edits, analysis.TextEdit{Pos: lineStart, End: lineStart, NewText: []byte(indent + hoisted + "\n")})
	}
	c, resp, wait, err := free("c"), free("resp"), free("wait"), free("err")
	wrapper := func(indent string) string {
		return fmt.Sprintf(`func(%[1]s *%[5]s.Client, %[2]s *%[5]s.Response) (%[6]s.Duration, error) {
%[8]s	%[3]s, %[4]s := %[9]s(%[1]s, %[2]s)
%[8]s	if %[4]s == nil && %[3]s > %[1]s.RetryMaxWaitTime {
%[8]s		return 0, %[7]s.Errorf("server asked to wait %%v, longer than the retry max wait %%v", %[3]s, %[1]s.RetryMaxWaitTime)
%[8]s	}
%[8]s	return %[3]s, %[4]s
%[8]s}`, c, resp, wait, err, restyName, timeName, fmtName, indent, target)
	}
	// gofmt indents a literal by its statement, or by its line in some
	// chains split over lines: take the one it keeps.
	var fixed []analysis.TextEdit
	for _, in := range []string{indent, fixes.Indent(pass.Fset, src, cb.Pos())} {
		fixed = append(append([]analysis.TextEdit(nil), edits...), analysis.TextEdit{Pos: cb.Pos(), End: cb.End(), NewText: []byte(wrapper(in))})
		if fixes.CleanAfter(pass.Fset, src, fixed) {
			break
		}
	}
	edits = fixed
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return
	}
	pass.Report(analysis.Diagnostic{
		Pos:     sel.Sel.Pos(),
		End:     call.End(),
		Message: "the wait of this SetRetryAfter callback comes from Retry-After and resty caps it at RetryMaxWaitTime (2s unless set) (the client retries before the server allows); return an error when it exceeds the cap instead",
		SuggestedFixes: []analysis.SuggestedFix{{
			Message:   "Stop the retry when the server's wait exceeds RetryMaxWaitTime",
			TextEdits: edits,
		}},
	})
}
