package retryidempotency

import (
	"go/ast"
	"go/token"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/httpmodel"
)

// gatesOn is the maintainers' diagnostic aid (analysisutil.GatesOn), read
// when a gate is reached, so that a test can turn it on.
func gatesOn() bool { return analysisutil.GatesOn() }

// gate reports the candidate at pos, dropped by the gate name, when the
// aid is on (analysisutil.Gate).
func gate(pass *analysis.Pass, pos token.Pos, name, what string) {
	if pos.IsValid() {
		analysisutil.Gate(pass, posNode(pos), name, what)
	}
}

// posNode is a node at one position, for a gate known by its position.
type posNode token.Pos

func (p posNode) Pos() token.Pos { return token.Pos(p) }
func (p posNode) End() token.Pos { return token.Pos(p) }

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
