package retryidempotency

import (
	"go/token"
	"os"

	"golang.org/x/tools/go/analysis"
)

// gatesOn turns on a diagnostic aid for the analyzer's maintainers: with
// RETRYLINT_GATES=1 in the environment, every candidate the analyzer finds
// and then drops without a report (a send whose method is not known, an
// outcome it cannot tell, a finding without a fix) is reported as
// "[gate:NAME] what was dropped", so that what its conservative
// conditions hide can be measured on real code. It is off by default and
// changes nothing in a normal run.
var gatesOn = os.Getenv("RETRYLINT_GATES") == "1"

// gate reports the candidate at pos dropped by the gate name, when gatesOn.
func gate(pass *analysis.Pass, pos token.Pos, name, what string) {
	if !gatesOn || !pos.IsValid() {
		return
	}
	pass.Report(analysis.Diagnostic{Pos: pos, Message: "[gate:" + name + "] " + what})
}
