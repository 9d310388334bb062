package retryidempotency

import (
	"go/ast"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/httpmodel"
)

// gateUnresolved reports a send whose method is not known, named by what
// sends: a request of net/http (-request) or a function of an SDK or the
// package without a fact (-call).
func (c *checker) gateUnresolved(call *ast.CallExpr, name, what string) {
	if !analysisutil.GatesOn() {
		return
	}
	if _, ok := httpmodel.SendOf(c.pass.TypesInfo, call); ok {
		analysisutil.Gate(c.pass, call.Pos(), name+"-request", what+": a request whose method is not known")
		return
	}
	analysisutil.Gate(c.pass, call.Pos(), name+"-call", what+": a call without a fact of the method it sends")
}
