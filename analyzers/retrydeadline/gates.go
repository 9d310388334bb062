package retrydeadline

import (
	"go/ast"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/httpmodel"
	"github.com/retrylint/retrylint/internal/retryloop"
)

// gate reports, when the maintainers' diagnostic aid is on, the candidate
// n dropped by the condition name (analysisutil.Gate).
func (c *checker) gate(n ast.Node, name, what string) {
	if n != nil {
		analysisutil.Gate(c.pass, n.Pos(), name, what)
	}
}

// gateOpLoop reports the first timeout of an operation loop that run
// leaves out (a named operation, or a poll bounded by time).
func (c *checker) gateOpLoop(l *retryloop.Loop) {
	name := "op-named"
	if l.TimeBound {
		name = "op-timebound"
	}
	var found *ast.CallExpr
	c.inspectOwn(l.Body, func(call *ast.CallExpr) {
		if found != nil {
			return
		}
		if _, ok := c.timeoutCall(call); ok {
			found = call
		} else if f := c.fact(httpmodel.Callee(c.pass.TypesInfo, call)); f != nil {
			found = call
		}
	})
	if found == nil {
		return
	}
	c.gate(found, name, "per-attempt timeout in an operation loop that is not checked")
}
