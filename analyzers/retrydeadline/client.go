package retrydeadline

// This file holds the check of go-retryablehttp clients that a package
// configures with a Timeout on their HTTPClient (internal/retrylib's
// RetryingClient): every attempt is one HTTPClient.Do, so the Timeout
// bounds one attempt, and RetryMax+1 attempts plus the waits between them
// run unbounded unless something bounds the whole call: a Timeout on the
// *http.Client that StandardClient() returns (its RoundTrip is the whole
// retry), or a deadline on the request's context, which the attempts and
// the waits honour (client.go:784-790).

import (
	"fmt"
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/fixes"
	"github.com/retrylint/retrylint/internal/flow"
	"github.com/retrylint/retrylint/internal/httpmodel"
	"github.com/retrylint/retrylint/internal/retrylib"
)

// checkClients reports the Timeout of the retrying clients whose sends
// nothing bounds as a whole. ctors gives the clients of other packages'
// constructors (see retryloop.Result.Ctors): a client one returns, with
// a retry count and a Timeout it set or the caller sets, is judged as
// one made here; when the constructor set the Timeout, the finding is
// at its call.
func checkClients(pass *analysis.Pass, ctors retrylib.Ctors) {
	if !retrylib.Imports(pass.Pkg, retrylib.RetryableHTTP) && ctors == nil {
		return
	}
	ix := retrylib.NewValues(pass.TypesInfo, pass.Files)
	ix.Ctors = ctors
	for _, rc := range ix.RetryingClients() {
		if rc.Retries {
			for _, s := range rc.Sends {
				checkNoContextRequest(pass, s)
			}
		}
		if !rc.Retries || rc.Timeout == nil || rc.StandardTimeout || len(rc.Sends) == 0 {
			continue
		}
		file := fixes.FileOf(pass, rc.TimeoutAt.Pos())
		if file == nil || isHTTPTestFile(pass, file) {
			continue
		}
		var edits []analysis.TextEdit
		var fix string
		standard := true
		for _, s := range rc.Sends {
			standard = standard && s.Standard
		}
		if standard {
			edits = standardTimeout(pass, file, rc)
			fix = "Bound the whole call with a Timeout on the StandardClient"
		} else {
			var unbounded []retrylib.ClientSend
			for _, s := range rc.Sends {
				if !s.Standard && !makesDeadline(pass, ix, s.Func, 0) {
					unbounded = append(unbounded, s)
				}
			}
			if len(unbounded) == 0 {
				continue
			}
			edits = sendDeadline(pass, file, unbounded[0])
			fix = "Bound every attempt and wait with one deadline on the request's context"
		}
		if edits == nil {
			continue
		}
		msg := "HTTPClient Timeout of a retrying retryablehttp.Client bounds each attempt, not the call: RetryMax+1 attempts and the waits between them have no overall deadline"
		if rc.CtorTimeout {
			if name := retrylib.CtorName(pass.TypesInfo, rc.Made.(*ast.CallExpr)); name != "" {
				msg = fmt.Sprintf("HTTPClient Timeout of a retrying retryablehttp.Client (set by %s) bounds each attempt, not the call: RetryMax+1 attempts and the waits between them have no overall deadline", name)
			}
		}
		pass.Report(analysis.Diagnostic{
			Pos:            rc.TimeoutAt.Pos(),
			End:            rc.TimeoutAt.End(),
			Message:        msg,
			SuggestedFixes: []analysis.SuggestedFix{{Message: fix, TextEdits: edits}},
		})
	}
}

// makesDeadline reports whether fn, or a function of the package it calls
// (two levels down), makes a context.WithTimeout or WithDeadline: the
// request it sends may carry an overall deadline.
func makesDeadline(pass *analysis.Pass, ix *retrylib.Values, fn ast.Node, depth int) bool {
	if fn == nil || depth > 2 {
		return fn == nil
	}
	found := false
	ast.Inspect(fn, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || found {
			return !found
		}
		callee := httpmodel.Callee(pass.TypesInfo, call)
		if httpmodel.IsPkgFunc(callee, "context", "WithTimeout", "WithDeadline", "WithTimeoutCause", "WithDeadlineCause") {
			found = true
		} else if callee != nil {
			if fd := ix.Decl(callee.Origin()); fd != nil && fd != fn && makesDeadline(pass, ix, fd, depth+1) {
				found = true
			}
		}
		return !found
	})
	return found
}

// standardTimeout: after hc = rc.StandardClient(), hc.Timeout = the
// per-attempt timeout, which then bounds the whole RoundTrip (the retries
// and waits) as the caller's Timeout meant to.
func standardTimeout(pass *analysis.Pass, file *ast.File, rc *retrylib.RetryingClient) []analysis.TextEdit {
	if len(rc.Standard) != 1 {
		return nil
	}
	std := rc.Standard[0]
	if fixes.FileOf(pass, std.Pos()) != file {
		return nil
	}
	sel, ok := ast.Unparen(std.Fun).(*ast.SelectorExpr)
	if !ok || !fixes.Pure(pass.TypesInfo, sel.X) {
		return nil
	}
	stmt, lhs := assignOf(file, std)
	if stmt == nil {
		return hoistStandard(pass, file, std, sel)
	}
	if !fixes.Pure(pass.TypesInfo, lhs) {
		return nil
	}
	src := fixes.Source(pass, stmt.Pos())
	indent := fixes.Indent(pass.Fset, src, stmt.Pos())
	end := fixes.LineEnd(pass.Fset, src, stmt.End())
	text := fmt.Sprintf("\n%[1]s// The Timeout bounds one attempt of the retrying transport; bound\n%[1]s// the whole call, retries and waits included, by it as well.\n%[1]s%[2]s.Timeout = %[3]s.HTTPClient.Timeout",
		indent, fixes.Text(pass.Fset, src, lhs), fixes.Text(pass.Fset, src, sel.X))
	return []analysis.TextEdit{{Pos: end, End: end, NewText: []byte(text)}}
}

// hoistStandard is standardTimeout for a StandardClient() used where it
// is made (a field of a literal, an argument, a return): the client is
// made first, in a variable of its own, given the Timeout, and used in
// its place. StandardClient only wraps the client's pointer
// (client.go:920-924), so making it before the rest of the statement
// changes nothing else.
func hoistStandard(pass *analysis.Pass, file *ast.File, std *ast.CallExpr, sel *ast.SelectorExpr) []analysis.TextEdit {
	stmt := fixes.StmtOf(file, std)
	switch stmt.(type) {
	case *ast.ReturnStmt, *ast.AssignStmt, *ast.ExprStmt, *ast.DeclStmt:
	default:
		return nil // a loop's or branch's header runs at other times
	}
	src := fixes.Source(pass, stmt.Pos())
	if src == nil {
		return nil
	}
	name := fixes.FreeName(pass.TypesInfo, file, "standard", nil, stmt.Pos(), std.Pos())
	indent := fixes.Indent(pass.Fset, src, stmt.Pos())
	recv := fixes.Text(pass.Fset, src, sel.X)
	text := fmt.Sprintf("// The Timeout bounds one attempt of the retrying transport; bound\n%[1]s// the whole call, retries and waits included, by it as well.\n%[1]s%[2]s := %[3]s\n%[1]s%[2]s.Timeout = %[4]s.HTTPClient.Timeout\n%[1]s",
		indent, name, fixes.Text(pass.Fset, src, std), recv)
	return []analysis.TextEdit{
		{Pos: stmt.Pos(), End: stmt.Pos(), NewText: []byte(text)},
		{Pos: std.Pos(), End: std.End(), NewText: []byte(name)},
	}
}

// assignOf returns the statement lhs = call of a block of file.
func assignOf(file *ast.File, call *ast.CallExpr) (ast.Stmt, ast.Expr) {
	var stmt ast.Stmt
	var lhs ast.Expr
	ast.PreorderStack(file, nil, func(n ast.Node, stack []ast.Node) bool {
		if stmt != nil || n.Pos() > call.Pos() || n.End() < call.End() {
			return false
		}
		as, ok := n.(*ast.AssignStmt)
		if ok && len(as.Lhs) == 1 && len(as.Rhs) == 1 && ast.Unparen(as.Rhs[0]) == call {
			if _, inBlock := stack[len(stack)-1].(*ast.BlockStmt); inBlock {
				stmt, lhs = as, as.Lhs[0]
			}
			return false
		}
		return true
	})
	return stmt, lhs
}

// sendDeadline: before client.Do(req), a deadline of RetryMax+1 times
// the per-attempt Timeout on req's context, when a Timeout is set.
func sendDeadline(pass *analysis.Pass, file *ast.File, s retrylib.ClientSend) []analysis.TextEdit {
	info := pass.TypesInfo
	if fixes.FileOf(pass, s.Call.Pos()) != file || s.Request == nil {
		return nil
	}
	req := ast.Unparen(s.Request)
	if !fixes.Pure(info, req) || !httpmodel.IsNamed(info.TypeOf(req), retrylib.RetryableHTTP, "Request") {
		return nil
	}
	sel, ok := ast.Unparen(s.Call.Fun).(*ast.SelectorExpr)
	if !ok || !fixes.Pure(info, sel.X) {
		return nil
	}
	stmt := fixes.StmtOf(file, s.Call)
	if stmt == nil {
		return nil
	}
	ctxName, edits, ok := fixes.Import(info, pass.Pkg, file, "context", stmt.Pos())
	if !ok {
		return nil
	}
	timeName, tEdits, ok := fixes.Import(info, pass.Pkg, file, "time", stmt.Pos())
	if !ok {
		return nil
	}
	edits = append(edits, tEdits...)
	src := fixes.Source(pass, stmt.Pos())
	indent := fixes.Indent(pass.Fset, src, stmt.Pos())
	line := pass.Fset.File(stmt.Pos()).LineStart(pass.Fset.Position(stmt.Pos()).Line)
	// A send that shares its line is the one statement of a one-line
	// function ({ return c.Do(req) }): the fix opens the body onto lines
	// of their own.
	var oneLine *ast.BlockStmt
	if strings.TrimSpace(string(src[pass.Fset.Position(line).Offset:pass.Fset.Position(stmt.Pos()).Offset])) != "" {
		fd, ok := s.Func.(*ast.FuncDecl)
		if !ok || fd.Body == nil || len(fd.Body.List) != 1 || fd.Body.List[0] != stmt ||
			pass.Fset.Position(fd.Body.Lbrace).Line != pass.Fset.Position(fd.Body.Rbrace).Line {
			return nil
		}
		oneLine = fd.Body
		indent = fixes.Indent(pass.Fset, src, fd.Pos())
	}
	inner := indent
	if oneLine != nil {
		inner += "\t"
	}
	client := fixes.Text(pass.Fset, src, sel.X)
	reqText := fixes.Text(pass.Fset, src, req)
	t := fixes.FreeName(info, file, "timeout", nil, stmt.Pos())
	ctx := fixes.FreeName(info, file, "ctx", nil, stmt.Pos())
	cancel := fixes.FreeName(info, file, "cancel", nil, stmt.Pos())
	text := fmt.Sprintf(`%[1]s// The Timeout bounds one attempt: bound every attempt and wait.
%[1]sif %[2]s := %[3]s.HTTPClient.Timeout; %[2]s > 0 {
%[1]s	%[4]s, %[5]s := %[6]s.WithTimeout(%[7]s.Context(), %[8]s.Duration(%[3]s.RetryMax+1)*%[2]s)
%[1]s	defer %[5]s()
%[1]s	%[7]s = %[7]s.WithContext(%[4]s)
%[1]s}
`, inner, t, client, ctx, cancel, ctxName, reqText, timeName)
	if oneLine != nil {
		return append(edits,
			analysis.TextEdit{Pos: oneLine.Lbrace + 1, End: stmt.Pos(), NewText: []byte("\n" + text + inner)},
			analysis.TextEdit{Pos: stmt.End(), End: oneLine.Rbrace, NewText: []byte("\n" + indent)})
	}
	return append(edits, analysis.TextEdit{Pos: line, End: line, NewText: []byte(text)})
}

// checkNoContextRequest reports s, a send through a retrying client of a
// request that its function makes with retryablehttp.NewRequest (which
// gives it context.Background(), client.go:262-264) and never hands a
// context, while a context.Context parameter of that function is at
// hand: the attempts and the waits between them (client.go:784-790 select
// on the request's context) run on after the caller gave up. Fix: make
// the request with NewRequestWithContext(ctx, ...).
func checkNoContextRequest(pass *analysis.Pass, s retrylib.ClientSend) {
	info := pass.TypesInfo
	if s.Request == nil || s.Standard || s.Func == nil {
		return
	}
	id, ok := ast.Unparen(s.Request).(*ast.Ident)
	if !ok {
		return
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok || v.Kind() != types.LocalVar {
		return
	}
	_, body := flow.FuncParts(s.Func)
	if body == nil {
		return
	}
	ctx := contextParam(info, s.Func)
	if ctx == nil {
		return
	}
	vals, known := flow.Assigned(info, body, v)
	if !known || len(vals) != 1 {
		return
	}
	made, ok := ast.Unparen(vals[0]).(*ast.CallExpr)
	if !ok || !retrylib.IsFunc(info, made, retrylib.RetryableHTTP, "", "NewRequest") {
		return
	}
	// The request handed a context anywhere (req.WithContext(ctx)) is
	// not judged: which context it gets is another rule's question.
	handed := false
	ast.Inspect(body, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if ok && sel.Sel.Name == "WithContext" {
			if x, ok := ast.Unparen(sel.X).(*ast.Ident); ok && info.Uses[x] == v {
				handed = true
			}
		}
		return !handed
	})
	if handed {
		return
	}
	fun, ok := ast.Unparen(made.Fun).(*ast.SelectorExpr)
	if !ok || len(made.Args) == 0 {
		return
	}
	if file := fixes.FileOf(pass, made.Pos()); file == nil || fixes.ObjectAt(info, file, ctx.Name(), made.Pos()) != ctx {
		return // the name means something else there
	}
	pass.Report(analysis.Diagnostic{
		Pos: made.Pos(),
		End: made.End(),
		Message: fmt.Sprintf("retryablehttp.NewRequest gives the request no context, so the retrying client's attempts and waits ignore cancellation of %s (the operation outlives its caller)",
			ctx.Name()),
		Related: []analysis.RelatedInformation{{Pos: s.Call.Pos(), End: s.Call.End(), Message: "sent through the retrying client here"}},
		SuggestedFixes: []analysis.SuggestedFix{{
			Message: "Make the request with the caller's context",
			TextEdits: []analysis.TextEdit{
				{Pos: fun.Sel.Pos(), End: fun.Sel.End(), NewText: []byte("NewRequestWithContext")},
				{Pos: made.Args[0].Pos(), End: made.Args[0].Pos(), NewText: []byte(ctx.Name() + ", ")},
			},
		}},
	})
}
