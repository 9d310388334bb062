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
	// shows them as they are.
	used := true
	ast.Inspect(st.decl.Body, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && st.info.Uses[id] == args && !spread[id] {
			used = false
		}
		return used
	})
	return format, used
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
