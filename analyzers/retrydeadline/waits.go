package retrydeadline

import (
	"go/ast"
	"go/constant"
	"go/token"

	"github.com/retrylint/retrylint/internal/fixes"
	"github.com/retrylint/retrylint/internal/retryloop"
)

// waitDurations returns the durations of the waits the loop's own code
// makes between attempts: time.Sleep(d), time.After(d) (alone or as a
// case of a select), time.NewTimer(d) and Timer.Reset(d). Function
// literals are skipped unless called on the spot, as go and defer
// statements are.
func (c *checker) waitDurations(l *retryloop.Loop) []ast.Expr {
	info := c.pass.TypesInfo
	var out []ast.Expr
	var inspect func(root ast.Node)
	inspect = func(root ast.Node) {
		ast.Inspect(root, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit, *ast.GoStmt, *ast.DeferStmt:
				return false
			case *ast.CallExpr:
				if lit, ok := ast.Unparen(n.Fun).(*ast.FuncLit); ok {
					inspect(lit.Body)
					return false
				}
				if d := c.waitCall(n); d != nil {
					out = append(out, d)
					return true
				}
				if d := retryloop.WaitDuration(info, n); d != nil {
					out = append(out, d)
				}
			}
			return true
		})
	}
	inspect(l.Body)
	return out
}

// loopWait returns the longest wait between two attempts of the loop as
// an expression that can be written at pos, nil when the loop does not
// wait or when a wait is computed in the loop (a back-off that grows with
// the attempt): every wait is a pure expression visible at pos, and they
// are all the same expression or all constants (the largest is taken).
// A wait min(d, cap) is at most cap.
func (c *checker) loopWait(file *ast.File, l *retryloop.Loop, pos token.Pos) ast.Expr {
	info := c.pass.TypesInfo
	var (
		longest ast.Expr
		text    string
		nanos   int64
		allKnow = true // every wait is a constant
	)
	for _, d := range c.waitDurations(l) {
		d = c.capOf(file, d, pos)
		if !fixes.Pure(info, d) || !fixes.VisibleAt(info, file, d, pos) {
			return nil
		}
		n, isConst := c.constNanos(d)
		if tv := info.Types[d]; tv.Value != nil && constant.Sign(tv.Value) <= 0 {
			continue // no wait
		}
		t := fixes.Format(c.pass.Fset, d)
		switch {
		case longest == nil:
			longest, text, nanos, allKnow = d, t, n, isConst
		case t == text:
		case allKnow && isConst:
			if n > nanos {
				longest, text, nanos = d, t, n
			}
		default:
			return nil
		}
	}
	return longest
}

// capOf returns cap for a wait written min(d, cap) (or min(cap, d)) whose
// cap can be written at pos, d itself otherwise.
func (c *checker) capOf(file *ast.File, d ast.Expr, pos token.Pos) ast.Expr {
	info := c.pass.TypesInfo
	call, ok := ast.Unparen(d).(*ast.CallExpr)
	if !ok || len(call.Args) != 2 {
		return d
	}
	if id, ok := ast.Unparen(call.Fun).(*ast.Ident); !ok || id.Name != "min" || info.Uses[id] == nil || info.Uses[id].Pkg() != nil {
		return d
	}
	for _, a := range call.Args {
		if fixes.Pure(info, a) && fixes.VisibleAt(info, file, a, pos) {
			return a
		}
	}
	return d
}
