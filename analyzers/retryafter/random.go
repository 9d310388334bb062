package retryafter

// This file holds the random-shortening check: the server's wait used as
// the upper bound of a random wait (rand.Int63n(int64(ra))), or a random
// jitter subtracted from it.

import (
	"go/ast"
	"go/token"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/fixes"
	"github.com/retrylint/retrylint/internal/flow"
	"github.com/retrylint/retrylint/internal/httpmodel"
)

// randBounded are the functions of math/rand and math/rand/v2 that return
// a random number below their argument.
var randBounded = []string{"Int63n", "Int31n", "Intn", "Int64N", "Int32N", "IntN", "Uint64N", "Uint32N", "UintN", "N"}

// isRandBounded reports whether call draws a random number below its
// argument, and returns the argument.
func (c *checker) isRandBounded(call *ast.CallExpr) (ast.Expr, bool) {
	fn := httpmodel.Callee(c.pass.TypesInfo, call)
	if len(call.Args) != 1 {
		return nil, false
	}
	for _, path := range []string{"math/rand", "math/rand/v2"} {
		if httpmodel.IsPkgFunc(fn, path, randBounded...) || httpmodel.IsMethod(fn, path, "Rand", randBounded...) {
			return call.Args[0], true
		}
	}
	return nil, false
}

// hasRand reports whether e draws a random number.
func (c *checker) hasRand(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			fn := httpmodel.Callee(c.pass.TypesInfo, call)
			if fn != nil && fn.Pkg() != nil && (fn.Pkg().Path() == "math/rand" || fn.Pkg().Path() == "math/rand/v2") {
				found = true
			}
		}
		return !found
	})
	return found
}

// checkRandom reports rand.Int63n(int64(ra)) and its kin, where ra is the
// server's wait (the fix waits ra itself), and ra - jitter with a random
// jitter (the fix adds the jitter instead).
func (c *checker) checkRandom(f *flow.Func, n ast.Node) {
	switch n := n.(type) {
	case *ast.CallExpr:
		arg, ok := c.isRandBounded(n)
		if !ok || !c.derived(f, arg) {
			return
		}
		src := fixes.Source(c.pass, n.Pos())
		if src == nil {
			return
		}
		c.pass.Report(analysis.Diagnostic{
			Pos:     n.Pos(),
			End:     n.End(),
			Message: "Retry-After is the upper bound of a random wait (the client retries before the server allows)",
			SuggestedFixes: []analysis.SuggestedFix{{
				Message:   "Wait as long as the server asked",
				TextEdits: []analysis.TextEdit{{Pos: n.Pos(), End: n.End(), NewText: []byte(fixes.Text(c.pass.Fset, src, arg))}},
			}},
		})
	case *ast.BinaryExpr:
		if n.Op != token.SUB || !c.derived(f, n.X) || c.derived(f, n.Y) || !c.hasRand(n.Y) {
			return
		}
		c.pass.Report(analysis.Diagnostic{
			Pos:     n.Pos(),
			End:     n.End(),
			Message: "a random jitter is subtracted from Retry-After (the client retries before the server allows)",
			SuggestedFixes: []analysis.SuggestedFix{{
				Message:   "Add the jitter to the server's wait instead",
				TextEdits: []analysis.TextEdit{{Pos: n.OpPos, End: n.OpPos + 1, NewText: []byte("+")}},
			}},
		})
	}
}
