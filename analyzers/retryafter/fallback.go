package retryafter

// This file holds the fallback check: a server wait above a limit replaced
// by a wait of the client's own (if ra > limit { return backoff }; return
// ra), the mirror of the small-only check.

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/fixes"
	"github.com/retrylint/retrylint/internal/flow"
)

// checkFallback reports an if statement that, when the server's wait
// exceeds a limit, puts a wait of the client's own where the server's
// would go: it returns that wait where the code after the if statement
// returns the server's, or assigns it to the variable that holds the
// server's. Statements before the substitution (a log line) may share the
// body. A body that gives up (returns an error) is right; one that
// assigns or returns the limit itself is a cap, left to checkIfCap.
func (c *checker) checkFallback(file *ast.File, f *flow.Func, ifs *ast.IfStmt, stack []ast.Node) {
	if ifs.Init != nil || ifs.Else != nil || len(ifs.Body.List) == 0 {
		return
	}
	info := c.pass.TypesInfo
	x, limit, ok := capCompare(ifs.Cond)
	if !ok || !c.derived(f, x) || c.derived(f, limit) || isConstNonPositive(info, limit) || rangeLimit(info, limit) || c.guarded(file, f, x, limit) {
		return
	}
	body := ifs.Body.List
	for _, s := range body[:len(body)-1] {
		if _, isExpr := s.(*ast.ExprStmt); !isExpr {
			return // more than a log line before the substitution
		}
	}
	own := func(e ast.Expr) bool {
		return !c.derived(f, e) && !c.sameValue(limit, addressed(e)) && !isConstNonPositive(info, e) && !analysisutil.IsNil(info, e)
	}
	var sub ast.Expr
	switch last := body[len(body)-1].(type) {
	case *ast.AssignStmt:
		if last.Tok != token.ASSIGN || len(last.Lhs) != 1 || len(last.Rhs) != 1 || !c.sameStore(f, x, last.Lhs[0]) || !own(last.Rhs[0]) {
			return
		}
		sub = last.Rhs[0]
	case *ast.ReturnStmt:
		next := followingReturn(stack, ifs)
		if next == nil || len(next.Results) != len(last.Results) || len(last.Results) == 0 {
			return
		}
		idx := slices.IndexFunc(next.Results, func(r ast.Expr) bool { return c.sameVar(x, r) })
		if idx < 0 || !own(last.Results[idx]) {
			return
		}
		_, ft := fixes.EnclosingFunc(stack)
		if fixes.ReturnsError(info, ft) && !analysisutil.IsNil(info, last.Results[len(last.Results)-1]) {
			return // the body gives up
		}
		sub = last.Results[idx]
	default:
		return
	}
	if c.dry != nil {
		*c.dry = true // a helper's Caps need no fix
		return
	}
	src := fixes.Source(c.pass, ifs.Pos())
	if src == nil {
		return
	}
	path := append(slices.Clone(stack), ifs)
	// Where the function returns an error, a variable that holds the
	// client's own backoff on other paths gives up after each assignment
	// of the server's wait and keeps the fallback, which then serves the
	// client's own backoff alone; any other gives up in the body.
	var fix analysis.SuggestedFix
	ok = false
	if _, ft := fixes.EnclosingFunc(path); fixes.ReturnsError(info, ft) {
		fix, ok = c.splitFix(file, f, path, x, limit, src, nil)
	}
	if !ok {
		fix, ok = c.giveUpFix(file, path, ifs, x, []ast.Expr{limit}, src, nil)
	}
	if !ok {
		del, ok := fixes.LineDelete(c.pass.Fset, src, ifs)
		if !ok {
			return
		}
		fix = analysis.SuggestedFix{
			Message:   "Honour the Retry-After wait whatever its length (the function cannot return an error to give up)",
			TextEdits: []analysis.TextEdit{del},
		}
	}
	c.report(analysis.Diagnostic{
		Pos:            ifs.Pos(),
		End:            ifs.Body.End(),
		Message:        fmt.Sprintf("Retry-After above %s is replaced by the client's own wait %s (the client retries before the server allows); stop when it exceeds the limit instead", types.ExprString(limit), types.ExprString(sub)),
		SuggestedFixes: []analysis.SuggestedFix{fix},
	})
}
