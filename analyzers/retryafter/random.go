package retryafter

// This file holds the random-shortening check: the server's wait used as
// the upper bound of a random wait (rand.Int63n(int64(ra))), or a random
// jitter subtracted from it.

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

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
func (c *checker) checkRandom(file *ast.File, f *flow.Func, root ast.Node, n ast.Node, stack []ast.Node) {
	switch n := n.(type) {
	case *ast.CallExpr:
		arg, ok := c.isRandBounded(n)
		if !ok || !c.derived(f, arg) || c.addedToWait(f, root, stack, n) {
			return
		}
		c.reportRandomWait(file, n, arg, n)
	case *ast.BinaryExpr:
		if n.Op == token.MUL {
			if !c.addedToWait(f, root, stack, n) {
				c.checkRandomFactor(file, f, n)
			}
			return
		}
		if n.Op != token.SUB || !c.derived(f, n.X) || c.derived(f, n.Y) || !c.hasRand(n.Y) && !c.randVar(root, n.Y) {
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

// addedToWait reports whether the random value n, a draw bounded by the
// server's wait, only lengthens that wait: after conversions and scaling
// (rand.Int63n(int64(ra)/10), times a constant) it is added to the
// server's wait itself (ra + jitter), directly or through a local variable
// that every use adds to it. Such a jitter spreads the retries after the
// server's wait, as the policy allows.
func (c *checker) addedToWait(f *flow.Func, root ast.Node, stack []ast.Node, n ast.Expr) bool {
	var child ast.Node = n
	for i := len(stack) - 1; i >= 0; i-- {
		switch p := stack[i].(type) {
		case *ast.ParenExpr:
		case *ast.CallExpr:
			if tv, ok := c.pass.TypesInfo.Types[p.Fun]; !ok || !tv.IsType() {
				return false // not a conversion
			}
		case *ast.BinaryExpr:
			switch p.Op {
			case token.MUL, token.QUO:
			case token.ADD:
				other := p.X
				if other == child {
					other = p.Y
				}
				return c.derived(f, other)
			default:
				return false
			}
		case *ast.AssignStmt:
			if len(p.Lhs) != len(p.Rhs) || p.Tok != token.DEFINE && p.Tok != token.ASSIGN {
				return false
			}
			for j, r := range p.Rhs {
				if r == child {
					id, ok := p.Lhs[j].(*ast.Ident)
					return ok && c.onlyAddedToWait(f, root, id)
				}
			}
			return false
		default:
			return false
		}
		child = stack[i]
	}
	return false
}

// onlyAddedToWait reports whether every use of the local variable id in
// root adds it to the server's wait.
func (c *checker) onlyAddedToWait(f *flow.Func, root ast.Node, id *ast.Ident) bool {
	info := c.pass.TypesInfo
	v, _ := info.ObjectOf(id).(*types.Var)
	if v == nil || v.IsField() || v.Parent() == nil || v.Parent() == v.Pkg().Scope() {
		return false
	}
	uses, ok := 0, true
	ast.PreorderStack(root, nil, func(n ast.Node, stack []ast.Node) bool {
		use, isID := n.(*ast.Ident)
		if !ok || !isID || info.Uses[use] != v || len(stack) == 0 {
			return ok
		}
		uses++
		sum, isSum := stack[len(stack)-1].(*ast.BinaryExpr)
		if !isSum || sum.Op != token.ADD {
			ok = false
			return false
		}
		other := sum.X
		if other == use {
			other = sum.Y
		}
		ok = c.derived(f, other)
		return ok
	})
	return ok && uses > 0
}

// randVar reports whether e is a local variable that every assignment in
// root gives a random value (jitter := rand.Int63n(...)).
func (c *checker) randVar(root ast.Node, e ast.Expr) bool {
	info := c.pass.TypesInfo
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok || !isLocalVar(info, id) {
		return false
	}
	v, _ := info.Uses[id].(*types.Var)
	values, ok := flow.Assigned(info, root, v)
	return ok && len(values) > 0 && !slices.ContainsFunc(values, func(x ast.Expr) bool { return !c.hasRand(x) })
}

// isRandFraction reports whether e is a random fraction in [0, 1):
// rand.Float64() or rand.Float32(), of math/rand or math/rand/v2, or a
// conversion of one.
func (c *checker) isRandFraction(e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	if tv, ok := c.pass.TypesInfo.Types[call.Fun]; ok && tv.IsType() && len(call.Args) == 1 {
		return c.isRandFraction(call.Args[0])
	}
	fn := httpmodel.Callee(c.pass.TypesInfo, call)
	for _, path := range []string{"math/rand", "math/rand/v2"} {
		if httpmodel.IsPkgFunc(fn, path, "Float64", "Float32") || httpmodel.IsMethod(fn, path, "Rand", "Float64", "Float32") {
			return true
		}
	}
	return false
}

// checkRandomFactor reports rand.Float64() * float64(ra): a random
// fraction of the server's wait (the fix waits ra itself).
func (c *checker) checkRandomFactor(file *ast.File, f *flow.Func, n *ast.BinaryExpr) {
	var ra, fraction ast.Expr
	switch {
	case c.isRandFraction(n.X) && c.derived(f, n.Y) && !c.derived(f, n.X):
		ra, fraction = n.Y, n.X
	case c.isRandFraction(n.Y) && c.derived(f, n.X) && !c.derived(f, n.Y):
		ra, fraction = n.X, n.Y
	default:
		return
	}
	c.reportRandomWait(file, n, ra, fraction)
}

// reportRandomWait reports n, a random wait below the server's wait ra,
// with the fix that waits ra itself and drops the import of math/rand
// when draw, the random call, was its last use.
func (c *checker) reportRandomWait(file *ast.File, n, ra, draw ast.Expr) {
	src := fixes.Source(c.pass, n.Pos())
	if src == nil {
		return
	}
	c.pass.Report(analysis.Diagnostic{
		Pos:     n.Pos(),
		End:     n.End(),
		Message: "Retry-After is the upper bound of a random wait (the client retries before the server allows)",
		SuggestedFixes: []analysis.SuggestedFix{{
			Message: "Wait as long as the server asked",
			TextEdits: append([]analysis.TextEdit{{Pos: n.Pos(), End: n.End(), NewText: []byte(fixes.Text(c.pass.Fset, src, ra))}},
				c.dropRandImport(file, src, draw, n)...),
		}},
	})
}

// dropRandImport returns the edit that deletes the import of math/rand
// when the random call in draw, a package function, is its last use in the
// file once removed goes.
func (c *checker) dropRandImport(file *ast.File, src []byte, draw ast.Expr, removed ast.Node) []analysis.TextEdit {
	call, ok := ast.Unparen(draw).(*ast.CallExpr)
	for ok && len(call.Args) == 1 {
		if tv, isType := c.pass.TypesInfo.Types[call.Fun]; !isType || !tv.IsType() {
			break
		}
		call, ok = ast.Unparen(call.Args[0]).(*ast.CallExpr) // a conversion
	}
	if !ok {
		return nil
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	return fixes.DeleteImportIfUnused(c.pass.Fset, src, c.pass.TypesInfo, file, sel, removed)
}
