package retrydeadline

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

// checkK8s reports the retries of Kubernetes' wait package whose waits
// ignore the caller's context: a function without a context
// (wait.ExponentialBackoff sleeps with time.Sleep, backoff.go:484; the
// legacy polls poll under context.Background(), poll.go:65-230) called
// while one is at hand, or a context-taking function handed
// context.Background() or TODO() instead of it.
func checkK8s(pass *analysis.Pass, at func(token.Pos)) {
	if !retrylib.Imports(pass.Pkg, retrylib.K8sWait) {
		return
	}
	info := pass.TypesInfo
	for _, file := range pass.Files {
		if isHTTPTestFile(pass, file) {
			continue
		}
		ast.PreorderStack(file, nil, func(n ast.Node, stack []ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			fn := httpmodel.Callee(info, call)
			h, ok := retrylib.HelperOf(fn)
			if !ok {
				return true
			}
			at(call.Pos())
			ctx := retrylib.ContextAtHand(info, stack)
			if ctx == "" {
				return true
			}
			switch {
			case h.Blind && h.WithContext != "":
				blindWait(pass, file, call, fn, h, ctx)
			case h.Ctx >= 0 && h.Ctx < len(call.Args) && retrylib.IsBackground(info, call.Args[h.Ctx]):
				arg := call.Args[h.Ctx]
				pass.Report(analysis.Diagnostic{
					Pos:            arg.Pos(),
					End:            arg.End(),
					Message:        fmt.Sprintf("wait.%s is given %s instead of %s, so its waits ignore cancellation of %s (the operation outlives its caller)", fn.Name(), fixes.Format(pass.Fset, arg), ctx, ctx),
					SuggestedFixes: []analysis.SuggestedFix{{Message: "Pass the caller's context", TextEdits: []analysis.TextEdit{{Pos: arg.Pos(), End: arg.End(), NewText: []byte(ctx)}}}},
				})
			}
			return true
		})
	}
}

// blindWait reports a wait function of Kubernetes' wait package whose
// waits end with no context of the caller's, with a fix that calls its
// context-taking variant (h.WithContext) with ctx.
func blindWait(pass *analysis.Pass, file *ast.File, call *ast.CallExpr, fn *types.Func, h retrylib.Helper, ctx string) {
	info := pass.TypesInfo
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || call.Ellipsis.IsValid() || h.Op >= len(call.Args) {
		return
	}
	src := fixes.Source(pass, call.Pos())
	if src == nil {
		return
	}
	// The condition as a context-taking one.
	var cond string
	var edits []analysis.TextEdit
	op := call.Args[h.Op]
	if lit, ok := ast.Unparen(op).(*ast.FuncLit); ok && lit.Type.Params.NumFields() == 0 {
		ctxName, imp, ok := fixes.Import(info, pass.Pkg, file, "context", call.Pos())
		if !ok {
			return
		}
		edits = append(edits, imp...)
		edits = append(edits, analysis.TextEdit{Pos: lit.Type.Params.Opening, End: lit.Type.Params.Closing + 1, NewText: []byte("(" + ctxName + ".Context)")})
	} else if httpmodel.IsNamed(info.TypeOf(op), retrylib.K8sWait, "ConditionFunc") && fixes.Pure(info, op) {
		cond = fixes.Text(pass.Fset, src, op) + ".WithContext()"
	} else {
		return
	}
	args := make([]string, len(h.Args))
	for i, a := range h.Args {
		switch {
		case a == retrylib.ArgCtx:
			args[i] = ctx
		case a == retrylib.ArgFalse:
			args[i] = "false"
		case a == retrylib.ArgTrue:
			args[i] = "true"
		case a >= len(call.Args):
			return
		}
	}
	// The new call keeps the arguments' text (and the literal's edits)
	// in place: only the name and the leading arguments change.
	edits = append(edits, analysis.TextEdit{Pos: sel.Sel.Pos(), End: sel.Sel.End(), NewText: []byte(h.WithContext)})
	pos := 0
	for i, a := range h.Args {
		if a >= 0 {
			if a != pos {
				return // the variants of the table keep the order of the call's arguments
			}
			if a == h.Op && cond != "" {
				edits = append(edits, analysis.TextEdit{Pos: op.Pos(), End: op.End(), NewText: []byte(cond)})
			}
			pos++
			continue
		}
		at := call.Rparen
		if pos < len(call.Args) {
			at = call.Args[pos].Pos()
		}
		edits = append(edits, analysis.TextEdit{Pos: at, End: at, NewText: []byte(args[i] + ", ")})
	}
	if pos != len(call.Args) {
		return
	}
	pass.Report(analysis.Diagnostic{
		Pos:     call.Fun.Pos(),
		End:     call.Fun.End(),
		Message: fmt.Sprintf("wait.%s waits with time.Sleep, which ignores cancellation of %s (the operation outlives its caller)", fn.Name(), ctx),
		SuggestedFixes: []analysis.SuggestedFix{{
			Message:   fmt.Sprintf("Use wait.%s with %s", h.WithContext, ctx),
			TextEdits: edits,
		}},
	})
}
