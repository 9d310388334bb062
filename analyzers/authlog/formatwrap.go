package authlog

import (
	"go/ast"
	"go/types"
	"math/bits"

	"github.com/retrylint/retrylint/internal/httpmodel"
)

// formatsArgs reports whether the function of st is a printf wrapper
// that formats before it logs: its variadic parameter is used only as the
// arguments of a printf-like formatting call whose format is one of its
// parameters, passed on as it is,
//
//	func (l *Logger) Debugf(format string, args ...any) {
//		msg := fmt.Sprintf(format, args...)
//		l.out.Println(msg)
//	}
//
// and returns that parameter's index. What the wrapper's callers log of
// their arguments is then what each verb of their format prints (a
// request with %p prints a pointer), as for a wrapper that passes format
// and arguments to the log itself.
func (c *checker) formatsArgs(st *fstate) (format int, ok bool) {
	if st.variadic < 0 {
		return 0, false
	}
	fn, _ := st.info.Defs[st.decl.Name].(*types.Func)
	if fn == nil {
		return 0, false
	}
	args := fn.Type().(*types.Signature).Params().At(st.variadic)
	format = -1
	spread := map[*ast.Ident]bool{}
	for _, ic := range c.calls.Calls(st.decl) {
		fi := formatIndex(ic.Callee)
		call := ic.Expr
		if fi < 0 || !call.Ellipsis.IsValid() || len(call.Args) != fi+2 {
			continue
		}
		last, ok := ast.Unparen(call.Args[fi+1]).(*ast.Ident)
		if !ok || st.info.Uses[last] != args {
			continue
		}
		fv := st.eval(call.Args[fi])
		if fv.c != 0 || bits.OnesCount64(fv.p) != 1 {
			continue
		}
		if f := bits.TrailingZeros64(fv.p); format >= 0 && f != format {
			return 0, false // two formats: which verbs apply is not known
		} else {
			format = f
		}
		spread[last] = true
	}
	if format < 0 || format == st.variadic {
		return 0, false
	}
	// Any other use of the arguments (logged whole, passed elsewhere)
	// shows them as they are; but a range over them whose element is
	// only asserted to error or to a concrete type (for _, a := range
	// args { if item, ok := a.(LogValueItem); ok {...} }, rclone's
	// logger picking out its own fields) leaves the rest to the verbs.
	used := true
	ast.Inspect(st.decl.Body, func(n ast.Node) bool {
		if rs, ok := n.(*ast.RangeStmt); ok {
			if id, ok := ast.Unparen(rs.X).(*ast.Ident); ok && st.info.Uses[id] == args && onlyAsserted(st.info, rs) {
				spread[id] = true
			}
		}
		if id, ok := n.(*ast.Ident); ok && st.info.Uses[id] == args && !spread[id] {
			used = false
		}
		return used
	})
	return format, used
}

// onlyAsserted reports whether the value of rs, a range over a variadic
// ...any, is used only as the operand of assertions to error or to a
// concrete type.
func onlyAsserted(info *types.Info, rs *ast.RangeStmt) bool {
	id, ok := rs.Value.(*ast.Ident)
	if !ok {
		return false
	}
	if k, isID := rs.Key.(*ast.Ident); rs.Key != nil && (!isID || k.Name != "_") {
		return false // for i, a := range args: the index is another use
	}
	v := info.Defs[id]
	if v == nil {
		return false
	}
	operands := map[*ast.Ident]bool{}
	ast.Inspect(rs.Body, func(n ast.Node) bool {
		if ta, ok := n.(*ast.TypeAssertExpr); ok {
			if x, ok := ast.Unparen(ta.X).(*ast.Ident); ok && info.Uses[x] == v {
				if assertsConcrete(info, ta) {
					operands[x] = true
				}
			}
		}
		return true
	})
	ok = len(operands) > 0
	ast.Inspect(rs.Body, func(n ast.Node) bool {
		if x, isID := n.(*ast.Ident); isID && info.Uses[x] == v && !operands[x] {
			ok = false
		}
		return ok
	})
	return ok
}

// formatIndex returns the index of the format parameter of fn when fn is
// a formatting function of package fmt that returns what it formats
// (Sprintf, Errorf, Appendf), and -1 otherwise.
func formatIndex(fn *types.Func) int {
	switch {
	case httpmodel.IsPkgFunc(fn, "fmt", "Sprintf", "Errorf"):
		return 0
	case httpmodel.IsPkgFunc(fn, "fmt", "Appendf"):
		return 1
	}
	return -1
}

// assertsConcrete reports whether ta asserts a value of an empty
// interface type to error or to a concrete type: what a caller passes of
// another concrete type fails it.
func assertsConcrete(info *types.Info, ta *ast.TypeAssertExpr) bool {
	if errorAssert(info, ta) {
		return true
	}
	if ta.Type == nil || !isEmptyInterface(info.TypeOf(ta.X)) {
		return false
	}
	t := info.TypeOf(ta.Type)
	return t != nil && !types.IsInterface(t)
}
