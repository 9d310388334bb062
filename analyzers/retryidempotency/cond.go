package retryidempotency

import (
	"go/ast"
	"go/constant"

	"github.com/retrylint/retrylint/internal/paths"
)

// Return reports whether the return statement st of an operation
// handed to a retry helper makes the helper call the operation again, in
// the outcome simulated: a return of an error that is certainly not nil,
// unless an error ends the helper's retry (a condition of Kubernetes'
// wait package); for a condition (done bool, err error), also a return of
// a done that is certainly false with a nil error.
func (m *outcome) Return(st *ast.ReturnStmt) bool {
	if !m.op {
		return false
	}
	if len(st.Results) == 0 {
		return false
	}
	last := st.Results[len(st.Results)-1]
	if m.failure(last) {
		return !m.errStops
	}
	if !m.condOp || len(st.Results) != 2 || !m.info.Types[last].IsNil() {
		return false
	}
	return m.boolOf(st.Results[0]) == paths.No
}

// boolOf evaluates a boolean result: a constant, or a condition over the
// status and the error.
func (m *outcome) boolOf(e ast.Expr) paths.Tri {
	if tv := m.info.Types[ast.Unparen(e)]; tv.Value != nil && tv.Value.Kind() == constant.Bool {
		if constant.BoolVal(tv.Value) {
			return paths.Yes
		}
		return paths.No
	}
	return m.cond(e)
}
