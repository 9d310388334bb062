package retryidempotency

import (
	"go/ast"
	"go/token"
	"os"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/httpmodel"
)

// gatesOn reports whether a diagnostic aid for the analyzer's maintainers
// is on: with RETRYLINT_GATES=1 in the environment, every candidate the
// analyzer finds and then drops without a report (a send whose method is
// not known, an outcome it cannot tell, a finding without a fix) is
// reported as "[gate:NAME] what was dropped", so that what its
// conservative conditions hide can be measured on real code. It is off by
// default and changes nothing in a normal run.
func gatesOn() bool { return os.Getenv("RETRYLINT_GATES") == "1" }

// gate reports the candidate at pos, dropped by the gate name, when the
// aid is on.
func gate(pass *analysis.Pass, pos token.Pos, name, what string) {
	if !pos.IsValid() || !gatesOn() {
		return
	}
	pass.Report(analysis.Diagnostic{Pos: pos, Message: "[gate:" + name + "] " + what})
}

// gateUnresolved reports a send whose method is not known, named by what
// sends: a request of net/http (-request) or a function of an SDK or the
// package without a fact (-call).
func (c *checker) gateUnresolved(call *ast.CallExpr, name, what string) {
	if !gatesOn() {
		return
	}
	if _, ok := httpmodel.SendOf(c.pass.TypesInfo, call); ok {
		gate(c.pass, call.Pos(), name+"-request", what+": a request whose method is not known")
		return
	}
	gate(c.pass, call.Pos(), name+"-call", what+": a call without a fact of the method it sends")
}
