package retrylib

import (
	"fmt"
	"go/ast"
	"go/types"
	"time"

	"github.com/retrylint/retrylint/internal/httpmodel"
)

// ContextAtHand returns an expression for the caller's context at the end
// of stack (the path from the file to a node): a context.Context parameter
// of an enclosing function, or the Context() of an *http.Request
// parameter, innermost function first; "" when there is none.
func ContextAtHand(info *types.Info, stack []ast.Node) string {
	return ContextAtHandExcept(info, stack, nil)
}

// ContextAtHandExcept is ContextAtHand that passes over an *http.Request
// parameter v of the function fn when uncancelled(fn, v) reports that
// every request it holds has a context nothing cancels (an SDK whose
// every call builds its request with http.NewRequest).
func ContextAtHandExcept(info *types.Info, stack []ast.Node, uncancelled func(fn ast.Node, v *types.Var) bool) string {
	for i := len(stack) - 1; i >= 0; i-- {
		var ft *ast.FuncType
		switch f := stack[i].(type) {
		case *ast.FuncDecl:
			ft = f.Type
		case *ast.FuncLit:
			ft = f.Type
		default:
			continue
		}
		var req string
		for _, field := range ft.Params.List {
			for _, name := range field.Names {
				v, _ := info.Defs[name].(*types.Var)
				if v == nil || name.Name == "_" {
					continue
				}
				if httpmodel.IsNamed(v.Type(), "context", "Context") {
					return name.Name
				}
				if p, ok := v.Type().(*types.Pointer); ok && httpmodel.IsNamed(p.Elem(), "net/http", "Request") && req == "" && (uncancelled == nil || !uncancelled(stack[i], v)) {
					req = name.Name + ".Context()"
				}
			}
		}
		if req != "" {
			return req
		}
	}
	return ""
}

// IsBackground reports whether e is context.Background() or
// context.TODO().
func IsBackground(info *types.Info, e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	return ok && httpmodel.IsPkgFunc(httpmodel.Callee(info, call), "context", "Background", "TODO")
}

// DurationText renders d as a constant expression of package time named
// timeName, in the largest unit that divides it: 30 * time.Second, or
// 30*time.Second when compact (as gofmt writes it among call arguments).
func DurationText(d time.Duration, timeName string, compact bool) string {
	op := " * "
	if compact {
		op = "*"
	}
	for _, u := range []struct {
		d    time.Duration
		name string
	}{{time.Hour, "Hour"}, {time.Minute, "Minute"}, {time.Second, "Second"}, {time.Millisecond, "Millisecond"}, {time.Microsecond, "Microsecond"}} {
		if d >= u.d && d%u.d == 0 {
			if d == u.d {
				return timeName + "." + u.name
			}
			return fmt.Sprintf("%d%s%s.%s", d/u.d, op, timeName, u.name)
		}
	}
	return fmt.Sprintf("%d", int64(d))
}

// PkgName returns the name a call's function is qualified with in the
// file (backoff in backoff.Retry), or "" for an unqualified call.
func PkgName(call *ast.CallExpr) string {
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		if id, ok := sel.X.(*ast.Ident); ok {
			return id.Name
		}
	}
	return ""
}
