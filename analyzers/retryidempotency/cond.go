package retryidempotency

import (
	"go/ast"
	"go/constant"
)

// retriedReturn reports whether the return statement st of an operation
// handed to a retry helper makes the helper call the operation again, in
// the outcome simulated: a return of an error that is certainly not nil,
// unless an error ends the helper's retry (a condition of Kubernetes'
// wait package); for a condition (done bool, err error), also a return of
// a done that is certainly false with a nil error.
func (sm *sim) retriedReturn(st *ast.ReturnStmt) bool {
	if len(st.Results) == 0 {
		return false
	}
	last := st.Results[len(st.Results)-1]
	if sm.failure(last) {
		return !sm.errStops
	}
	if !sm.condOp || len(st.Results) != 2 || !sm.c.pass.TypesInfo.Types[last].IsNil() {
		return false
	}
	return sm.boolOf(st.Results[0]) == no
}

// boolOf evaluates a boolean result: a constant, or a condition over the
// status and the error.
func (sm *sim) boolOf(e ast.Expr) tri {
	if tv := sm.c.pass.TypesInfo.Types[ast.Unparen(e)]; tv.Value != nil && tv.Value.Kind() == constant.Bool {
		if constant.BoolVal(tv.Value) {
			return yes
		}
		return no
	}
	return sm.cond(e)
}
