package retryafter

// This file holds the truncation check: the server's wait, in fractional
// seconds (an HTTP-date's time.Until(t).Seconds()), turned into whole
// seconds by an integer conversion before it is multiplied back by
// time.Second. The conversion truncates toward zero: the client comes back
// up to a second before the date, and a date less than a second away
// becomes no wait at all.

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"time"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/fixes"
	"github.com/retrylint/retrylint/internal/flow"
	"github.com/retrylint/retrylint/internal/httpmodel"
)

// checkTruncation reports T(s) * time.Second (or * T(time.Second)), T an
// integer type (int64, time.Duration, a named duration), where s is a
// floating-point number of seconds made from the server's wait. The fix
// rounds up: T(math.Ceil(s)).
func (c *checker) checkTruncation(f *flow.Func, b *ast.BinaryExpr, stack []ast.Node) {
	if b.Op != token.MUL {
		return
	}
	info := c.pass.TypesInfo
	var self ast.Node = b
	for i := len(stack) - 1; i >= 0; i-- {
		if _, ok := stack[i].(*ast.ParenExpr); ok {
			self = stack[i]
			continue
		}
		if p, ok := stack[i].(*ast.BinaryExpr); ok && p.Op == token.ADD {
			// T(s)*time.Second + time.Second: a second of slack covers
			// what the truncation drops.
			other := p.X
			if other == self {
				other = p.Y
			}
			if atLeast(info, other, float64(time.Second)) {
				return
			}
		}
		break
	}
	for _, pair := range [][2]ast.Expr{{b.X, b.Y}, {b.Y, b.X}} {
		if !c.isSecondUnit(pair[1]) {
			continue
		}
		conv, arg := intConversion(info, pair[0])
		for conv != nil {
			// int64(int(s)): the innermost conversion of a float.
			inner, innerArg := intConversion(info, arg)
			if inner == nil {
				break
			}
			conv, arg = inner, innerArg
		}
		if conv == nil || !isFloat(info.TypeOf(arg)) || !c.derived(f, arg) || c.truncReported[conv] {
			continue
		}
		if roundsUp(info, arg) {
			continue
		}
		file := fixes.FileOf(c.pass, conv.Pos())
		if file == nil {
			continue
		}
		mathName, imp, ok := fixes.Import(info, c.pass.Pkg, file, "math", conv.Pos())
		if !ok {
			continue
		}
		if c.truncReported == nil {
			c.truncReported = map[*ast.CallExpr]bool{}
		}
		c.truncReported[conv] = true
		edits := append(imp,
			analysis.TextEdit{Pos: arg.Pos(), End: arg.Pos(), NewText: []byte(mathName + ".Ceil(")},
			analysis.TextEdit{Pos: arg.End(), End: arg.End(), NewText: []byte(")")})
		c.pass.Report(analysis.Diagnostic{
			Pos: conv.Pos(),
			End: conv.End(),
			Message: fmt.Sprintf("%s's wait in fractional seconds is truncated to whole seconds by %s (the client retries up to a second before the server allows, and at once for a date less than a second away)",
				c.headerName(f, arg), types.ExprString(conv.Fun)),
			SuggestedFixes: []analysis.SuggestedFix{{
				Message:   "Round the wait up to whole seconds",
				TextEdits: edits,
			}},
		})
	}
}

// roundsUp reports whether the seconds e cannot fall short of the wait
// they are made from: e calls math.Ceil, or adds a second or more
// (s + 1).
func roundsUp(info *types.Info, e ast.Expr) bool {
	ceil := false
	ast.Inspect(e, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && httpmodel.IsPkgFunc(httpmodel.Callee(info, call), "math", "Ceil") {
			ceil = true
		}
		return !ceil
	})
	if ceil {
		return true
	}
	b, ok := ast.Unparen(e).(*ast.BinaryExpr)
	return ok && b.Op == token.ADD && (atLeast(info, b.X, 1) || atLeast(info, b.Y, 1))
}

// atLeast reports whether e is a constant of at least min.
func atLeast(info *types.Info, e ast.Expr, min float64) bool {
	tv := info.Types[e]
	if tv.Value == nil {
		return false
	}
	v, ok := constant.Float64Val(constant.ToFloat(tv.Value))
	return ok && v >= min
}

// isSecondUnit reports whether e is time.Second, possibly converted
// (model.Duration(time.Second)).
func (c *checker) isSecondUnit(e ast.Expr) bool {
	for {
		call, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok || len(call.Args) != 1 {
			break
		}
		if tv, ok := c.pass.TypesInfo.Types[call.Fun]; !ok || !tv.IsType() {
			break
		}
		e = call.Args[0]
	}
	_, unit := c.timeUnit(e)
	return unit == "Second"
}

// intConversion returns e and its operand when e converts a value to an
// integer type.
func intConversion(info *types.Info, e ast.Expr) (*ast.CallExpr, ast.Expr) {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return nil, nil
	}
	tv, ok := info.Types[call.Fun]
	if !ok || !tv.IsType() {
		return nil, nil
	}
	if b, ok := tv.Type.Underlying().(*types.Basic); !ok || b.Info()&types.IsInteger == 0 {
		return nil, nil
	}
	return call, call.Args[0]
}

// isFloat reports whether t is a floating-point type.
func isFloat(t types.Type) bool {
	if t == nil {
		return false
	}
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsFloat != 0
}
