package retrydeadline

// This file judges retries by recursion (retryloop.Loop.Self): a function
// that calls itself again after a send. Each of its calls is an attempt,
// so the whole function body is the loop's body, and what runs once for
// the operation belongs to the callers of the first attempt.

import (
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/fixes"
	"github.com/retrylint/retrylint/internal/httpmodel"
	"github.com/retrylint/retrylint/internal/retryloop"
)

// recursionView returns the retry by recursion l with the whole function
// body as its body: every statement of the function runs on every attempt.
func recursionView(l *retryloop.Loop) *retryloop.Loop {
	fd, ok := l.Func.(*ast.FuncDecl)
	if !ok || fd.Body == nil {
		return nil
	}
	v := *l
	v.Body, v.Stmt = fd.Body, fd.Body
	return &v
}

// checkRecursion reports the first per-attempt timeout of a retry by
// recursion that nothing bounds as a whole. The timeout must be made from
// a context parameter that every self-call hands on as it is, so that an
// overall deadline made by the callers of the first attempt bounds every
// attempt: the fix makes it there,
//
//	opCtx, opCancel := context.WithTimeout(ctx, 3*(5*time.Second))
//	defer opCancel()
//	return c.get(opCtx, url, 3)
//
// unless every call from outside hands on a deadline its caller made. It
// needs the function to be unexported, called (never used as a
// value) only in this file, where every call from outside is a statement
// of a function's block outside loops, and the per-attempt duration to be
// visible there. A timeout made from context.Background() would need a new
// context parameter, and is not reported, nor is any other shape.
func (c *checker) checkRecursion(file *ast.File, l *retryloop.Loop) {
	if (!c.cfg.Bounded && c.bounded(file, l)) || c.hasBudget(l) {
		return
	}
	info := c.pass.TypesInfo
	fd := l.Func.(*ast.FuncDecl)
	fn, _ := info.Defs[fd.Name].(*types.Func)
	if fn == nil || fn.Exported() {
		return
	}
	var own *timeout
	c.inspectOwn(l.Body, func(call *ast.CallExpr) {
		if own == nil {
			if t, ok := c.timeoutCall(call); ok {
				own = &t
			}
		}
	})
	if own == nil || own.timeout == nil || c.cancelEscapes(l, own.call) {
		return
	}
	// The parent: a context parameter handed on by every self-call.
	id, ok := ast.Unparen(own.parent).(*ast.Ident)
	if !ok {
		return
	}
	p, _ := info.Uses[id].(*types.Var)
	params := fn.Type().(*types.Signature).Params()
	index := -1
	for i := range params.Len() {
		if params.At(i) == p {
			index = i
		}
	}
	if index < 0 || c.assignedIn(fd.Body, p) {
		return
	}
	for _, sc := range l.Self {
		if index >= len(sc.Args) || varOf(info, sc.Args[index]) != p {
			return
		}
	}
	src := fixes.Source(c.pass, fd.Pos())
	if src == nil {
		return
	}
	calls, ok := c.callsOf(file, fn)
	if !ok {
		return
	}
	var edits []analysis.TextEdit
	imported := false
	outside := 0
	for _, call := range calls {
		if l.IsSelfCall(call) {
			continue
		}
		if decl := c.declOf(call); decl != nil && index < len(call.Args) && c.hasDeadline(decl, call.Args[index], 0) {
			continue // the caller bounds the operation already
		}
		outside++
		e, ok := c.callerDeadline(file, l, call, index, own.timeout, src, !imported)
		if !ok {
			return
		}
		imported = true
		edits = append(edits, e...)
	}
	if outside == 0 {
		return
	}
	bound := "but no overall deadline (attempts and sleeps are unbounded)"
	if c.bounded(file, l) {
		bound = "but no overall deadline (the attempts plus the waits between them can take many times the per-attempt timeout)"
	}
	c.pass.Report(analysis.Diagnostic{
		Pos:     own.call.Pos(),
		End:     own.call.End(),
		Message: fmt.Sprintf("%s in %s, which retries by calling itself, %s", c.timeoutWhat(own), fn.Name(), bound),
		Related: []analysis.RelatedInformation{{Pos: l.Self[0].Pos(), End: l.Self[0].End(), Message: fn.Name() + " calls itself again here"}},
		SuggestedFixes: []analysis.SuggestedFix{{
			Message:   "Add an overall deadline in the callers of " + fn.Name() + " and hand it to the first attempt",
			TextEdits: edits,
		}},
	})
}

// callerDeadline returns the edits that make an overall deadline before
// the statement that holds call, a call from outside of the retry by
// recursion l, and hand it as the argument index. imports says whether
// the edits add the imports they need.
func (c *checker) callerDeadline(file *ast.File, l *retryloop.Loop, call *ast.CallExpr, index int, per ast.Expr, src []byte, imports bool) ([]analysis.TextEdit, bool) {
	info := c.pass.TypesInfo
	if index >= len(call.Args) || call.Ellipsis.IsValid() {
		return nil, false
	}
	var decl *ast.FuncDecl
	for _, d := range file.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Pos() <= call.Pos() && call.End() <= fd.End() {
			decl = fd
		}
	}
	if decl == nil || decl.Body == nil {
		return nil, false
	}
	var stmt ast.Stmt
	inLoop := false
	ast.PreorderStack(decl.Body, nil, func(n ast.Node, stack []ast.Node) bool {
		if stmt != nil || n.Pos() > call.Pos() || n.End() < call.End() {
			return false
		}
		if n == call {
			stmt, _ = fixes.StmtInBlock(append(stack, n))
			for _, s := range stack {
				switch s.(type) {
				case *ast.ForStmt, *ast.RangeStmt, *ast.FuncLit:
					inLoop = true // a defer there runs late, or per item
				}
			}
			return false
		}
		return true
	})
	if stmt == nil || inLoop || !fixes.Pure(info, per) || !fixes.VisibleAt(info, file, per, stmt.Pos()) {
		return nil, false
	}
	arg := call.Args[index]
	ctxName, ctxImp, ok := fixes.Import(info, c.pass.Pkg, file, "context", stmt.Pos())
	if !ok {
		return nil, false
	}
	timeName, timeImp, ok := fixes.Import(info, c.pass.Pkg, file, "time", stmt.Pos())
	if !ok {
		return nil, false
	}
	taken := map[string]bool{}
	opCtx := fixes.FreeName(info, file, "opCtx", taken, stmt.Pos(), stmt.End())
	opCancel := fixes.FreeName(info, file, "opCancel", taken, stmt.Pos(), stmt.End())
	indent := fixes.Indent(c.pass.Fset, src, stmt.Pos())
	tf := c.pass.Fset.File(stmt.Pos())
	at := tf.LineStart(tf.Line(stmt.Pos()))
	text := fmt.Sprintf("%s%s, %s := %s.WithTimeout(%s, %s)\n%sdefer %s()\n",
		indent, opCtx, opCancel, ctxName, fixes.Text(c.pass.Fset, src, arg), c.budget(file, l, per, timeName, stmt.Pos()), indent, opCancel)
	edits := []analysis.TextEdit{
		{Pos: at, End: at, NewText: []byte(text)},
		{Pos: arg.Pos(), End: arg.End(), NewText: []byte(opCtx)},
	}
	if imports {
		edits = append(edits, ctxImp...)
		edits = append(edits, timeImp...)
	}
	return edits, true
}

// callsOf returns the calls of fn in file, and reports whether they are
// all of its uses in the package (it is used nowhere as a value).
func (c *checker) callsOf(file *ast.File, fn *types.Func) ([]*ast.CallExpr, bool) {
	info := c.pass.TypesInfo
	uses := 0
	for _, obj := range info.Uses {
		if obj == fn {
			uses++
		}
	}
	var calls []*ast.CallExpr
	ast.Inspect(file, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			if f := httpmodel.Callee(info, call); f != nil && f.Origin() == fn {
				calls = append(calls, call)
			}
		}
		return true
	})
	return calls, len(calls) == uses
}

func varOf(info *types.Info, e ast.Expr) *types.Var {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	v, _ := info.Uses[id].(*types.Var)
	return v
}
