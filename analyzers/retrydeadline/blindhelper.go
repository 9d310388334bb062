package retrydeadline

// This file holds retry helpers whose wait takes no context while an
// operation handed to them uses one of its caller's: backoffRetry(delay,
// n, fn) sleeps with time.Sleep, and healthCheck(ctx) hands it a closure
// that sends with ctx. The caller's context reaches the attempts through
// the closure, never the wait, so a cancelled caller still sleeps through
// every back-off.

import (
	"fmt"
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/fixes"
	"github.com/retrylint/retrylint/internal/httpmodel"
	"github.com/retrylint/retrylint/internal/retryloop"
)

// checkBlindHelper reports the waits of the retry helper loop l (l.Op is
// set) that take no context, when the helper has no context at hand and an
// operation handed to it in this file uses a context of its caller that
// can be cancelled. The report is at the wait, with a Related note at the
// call. Its one fix keeps the helper's signature, so that callers
// elsewhere (other files, test files, other packages for an exported
// helper) still compile and behave as before: the helper becomes
// nameContext, with a first parameter ctx context.Context and its waits
// in a select on ctx.Done() that returns ctx.Err(); a function of the old
// name and signature calls it with context.Background(); and each call in
// this file whose operation uses a context calls nameContext with that
// context:
//
//	func backoffRetry(delay time.Duration, n int, fn func() error) error {
//		return backoffRetryContext(context.Background(), delay, n, fn)
//	}
//
//	err := backoffRetryContext(ctx, baseDelay, n, func() error { ... ctx ... })
//
// The helper must be a function or a method declared in the file, not
// generic, with named parameters (and a named receiver); otherwise
// nothing is reported. A method's calls in this file are the calls on
// its receiver's variable (c.retry(...)), and the new name is one that
// no method or field of the receiver's type has.
func (c *checker) checkBlindHelper(file *ast.File, l *retryloop.Loop, ops []*retryloop.Loop) {
	fd, ok := l.Func.(*ast.FuncDecl)
	if !ok || l.Op == nil || l.Op.Kind() != types.ParamVar || fd.Body == nil || fd.Type.TypeParams != nil || fd.Type.Params == nil {
		return
	}
	recv := ""
	if fd.Recv != nil {
		if len(fd.Recv.List) != 1 || len(fd.Recv.List[0].Names) != 1 || fd.Recv.List[0].Names[0].Name == "_" {
			return
		}
		if _, generic := fd.Recv.List[0].Type.(*ast.IndexExpr); generic {
			return
		}
		recv = fd.Recv.List[0].Names[0].Name
	}
	info := c.pass.TypesInfo
	fn, _ := info.Defs[fd.Name].(*types.Func)
	if fn == nil || fixes.FileOf(c.pass, fd.Pos()) != file {
		return
	}
	var sleeps []sleep
	for _, s := range c.sleepsOf(l) {
		if !c.handledSleeps[s.stmt] && c.contextInScope(file, l, s.stmt.Pos()) == "" {
			sleeps = append(sleeps, s)
		}
	}
	if len(sleeps) == 0 {
		return
	}
	// The calls in this file whose operation uses a caller's context.
	ctxOf := map[*ast.CallExpr]string{}
	var calls []*ast.CallExpr
	for _, op := range ops {
		if op.Via == nil || op.Via.Origin() != fn || op.OpArg != nil || fixes.FileOf(c.pass, op.Stmt.Pos()) != file {
			continue
		}
		lit, ok := op.Func.(*ast.FuncLit)
		if !ok {
			continue
		}
		ast.Inspect(op.Stmt, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || ctxOf[call] != "" {
				return true
			}
			if f := httpmodel.Callee(info, call); f == nil || f.Origin() != fn || !slices.Contains(call.Args, ast.Expr(lit)) {
				return true
			}
			if name := c.capturedContext(file, lit.Body, call); name != "" && !call.Ellipsis.IsValid() && calleeName(call) != nil && info.Uses[calleeName(call)] == fn {
				ctxOf[call] = name
				calls = append(calls, call)
			}
			return true
		})
	}
	if len(calls) == 0 {
		return // no operation here uses a caller's context
	}
	src := fixes.Source(c.pass, fd.Pos())
	if src == nil {
		return
	}
	ctxPkg, imp, ok := fixes.Import(info, c.pass.Pkg, file, "context", fd.Pos())
	if !ok {
		return
	}
	// The wrapper: the old name and signature, every parameter named.
	sig := fn.Type().(*types.Signature)
	var args []string
	for p := range sig.Params().Variables() {
		if p.Name() == "" || p.Name() == "_" {
			return
		}
		args = append(args, p.Name())
	}
	if sig.Variadic() {
		args[len(args)-1] += "..."
	}
	name := freePkgName(c.pass.Pkg, fd.Name.Name+"Context")
	taken := map[string]bool{}
	param := fixes.FreeName(info, file, "ctx", taken, fd.Body.Lbrace+1, fd.Body.Rbrace-1)
	if recv != "" {
		name = freeMethodName(c.pass.Pkg, sig.Recv().Type(), fd.Name.Name+"Context")
	}
	callee := name
	if recv != "" {
		callee = recv + "." + name
	}
	call := fmt.Sprintf("%s(%s.Background()", callee, ctxPkg)
	if len(args) > 0 {
		call += ", " + strings.Join(args, ", ")
	}
	call += ")"
	if sig.Results().Len() > 0 {
		call = "return " + call
	}
	header := string(src[c.pass.Fset.File(fd.Pos()).Offset(fd.Type.Func):c.pass.Fset.File(fd.Pos()).Offset(fd.Type.End())])
	wrapper := fmt.Sprintf("\n\n// %s calls %s with a context that is never cancelled.\n%s {\n\t%s\n}", fd.Name.Name, name, header, call)
	decl := param + " " + ctxPkg + ".Context"
	if fd.Type.Params.NumFields() > 0 {
		decl += ", "
	}
	at := fd.Type.Params.Opening + 1
	edits := []analysis.TextEdit{
		{Pos: fd.Name.Pos(), End: fd.Name.End(), NewText: []byte(name)},
		{Pos: at, End: at, NewText: []byte(decl)},
		{Pos: fd.End(), End: fd.End(), NewText: []byte(wrapper)},
	}
	edits = append(edits, imp...)
	for _, s := range sleeps {
		e, ok := c.selectEdit(file, l, s, param, taken, src)
		if !ok {
			return
		}
		edits = append(edits, e[0]) // the time import is there: it sleeps
	}
	for _, call := range calls {
		arg := ctxOf[call]
		if len(call.Args) > 0 {
			arg += ", "
		}
		id := calleeName(call)
		edits = append(edits,
			analysis.TextEdit{Pos: id.Pos(), End: id.End(), NewText: []byte(name)},
			analysis.TextEdit{Pos: call.Lparen + 1, End: call.Lparen + 1, NewText: []byte(arg)})
	}
	s := sleeps[0]
	what := s.what(c.pass.Fset)
	for _, s := range sleeps {
		c.handledSleeps[s.stmt] = true
	}
	for _, call := range calls {
		c.handledCalls[call] = true
	}
	first := calls[0]
	caller := c.funcName(file, first)
	c.pass.Report(analysis.Diagnostic{
		Pos:     s.stmt.Pos(),
		End:     s.stmt.End(),
		Message: fmt.Sprintf("%s in retry helper %s takes no context, while %s hands it an operation that uses %s (the retries outlive their caller)", what, fn.Name(), caller, ctxOf[first]),
		Related: []analysis.RelatedInformation{{Pos: first.Pos(), End: first.End(), Message: caller + " calls " + fn.Name() + " with an operation that uses " + ctxOf[first]}},
		SuggestedFixes: []analysis.SuggestedFix{{
			Message:   "Add " + name + ", which waits in a select on a context's Done channel, and call it with the callers' context",
			TextEdits: edits,
		}},
	})
}

// calleeName returns the identifier that names the function call calls:
// f of f(...), or m of x.m(...); nil for anything else.
func calleeName(call *ast.CallExpr) *ast.Ident {
	switch f := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		return f
	case *ast.SelectorExpr:
		return f.Sel
	}
	return nil
}

// freeMethodName returns name, or name followed by a number, such that
// the type t (a method's receiver type) has no field or method of it.
func freeMethodName(pkg *types.Package, t types.Type, name string) string {
	try := name
	for i := 2; ; i++ {
		if obj, _, _ := types.LookupFieldOrMethod(t, true, pkg, try); obj == nil {
			return try
		}
		try = fmt.Sprintf("%s%d", name, i)
	}
}

// freePkgName returns name, or name followed by a number, such that the
// package scope of pkg does not hold it.
func freePkgName(pkg *types.Package, name string) string {
	try := name
	for i := 2; pkg.Scope().Lookup(try) != nil; i++ {
		try = fmt.Sprintf("%s%d", name, i)
	}
	return try
}

// capturedContext returns the name of a context that body (an
// operation's literal, a loop's body) uses and that was declared before
// at (the call the literal is handed to, the loop): a parameter or a
// local variable, not a field or a package-level variable, that something
// may cancel, and that can be written at at; "" when there is none.
func (c *checker) capturedContext(file *ast.File, body *ast.BlockStmt, at ast.Node) string {
	info := c.pass.TypesInfo
	decl := c.declOf(at)
	found := ""
	ast.Inspect(body, func(n ast.Node) bool {
		if found != "" {
			return false
		}
		id, ok := n.(*ast.Ident)
		if !ok {
			return true
		}
		v, ok := info.Uses[id].(*types.Var)
		if !ok || v.IsField() || v.Pkg() == nil || v.Parent() == v.Pkg().Scope() || !httpmodel.IsNamed(v.Type(), "context", "Context") {
			return true
		}
		if v.Pos() >= at.Pos() || c.neverCancelled(decl, v) || !c.namesAt(file, id, v, at.Pos()) {
			return true
		}
		found = id.Name
		return false
	})
	return found
}

// funcName returns the name of the function declaration of file that
// holds n.
func (c *checker) funcName(file *ast.File, n ast.Node) string {
	for _, d := range file.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Pos() <= n.Pos() && n.End() <= fd.End() {
			return fd.Name.Name
		}
	}
	return "its caller"
}
