package retrydeadline

import (
	"go/ast"
	"os"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/httpmodel"
	"github.com/retrylint/retrylint/internal/retryloop"
)

// gatesOn turns on the report of the candidates that the analyzer finds
// and then drops without a finding (a loop that checks a clock, a
// timeout whose parent is not known, a fix that cannot be built, ...).
// It is a diagnostic aid for measuring those conditions on real code,
// set by RETRYLINT_GATES=1 and off by default: a normal run never reports
// them.
var gatesOn = os.Getenv("RETRYLINT_GATES") == "1"

// gate reports, when gatesOn, the candidate n dropped by the condition
// name.
func (c *checker) gate(n ast.Node, name, what string) {
	if !gatesOn || n == nil {
		return
	}
	c.pass.Report(analysis.Diagnostic{Pos: n.Pos(), End: n.End(), Message: "[gate:" + name + "] " + what})
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
