package retryafter

// This file recognises waits that arrive through a callback: a function
// value typed as the server's wait, such as resty's RetryAfterFunc, whose
// result a library then caps.

import (
	"go/ast"
	"go/types"
	"strings"

	"github.com/retrylint/retrylint/internal/httpmodel"
)

// waitCallback reports whether call calls a function value (not a declared
// function) whose type is named for the server's wait (its name holds
// "RetryAfter", as resty's RetryAfterFunc does), or a field of that name of
// an unnamed function type, and whose first result is a time.Duration.
func waitCallback(info *types.Info, call *ast.CallExpr) bool {
	if httpmodel.Callee(info, call) != nil {
		return false // a declared function: its facts tell
	}
	tv, ok := info.Types[call.Fun]
	if !ok || tv.IsType() {
		return false
	}
	sig, ok := tv.Type.Underlying().(*types.Signature)
	if !ok || sig.Results().Len() == 0 || !httpmodel.IsNamed(sig.Results().At(0).Type(), "time", "Duration") {
		return false
	}
	named := func(name string) bool { return strings.Contains(strings.ToLower(name), "retryafter") }
	if n, ok := types.Unalias(tv.Type).(*types.Named); ok {
		return named(n.Obj().Name())
	}
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		if v, ok := info.Uses[sel.Sel].(*types.Var); ok && v.IsField() {
			return named(v.Name())
		}
	}
	return false
}
