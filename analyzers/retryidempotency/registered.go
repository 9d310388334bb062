package retryidempotency

import (
	"fmt"
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/retryloop"
)

// reportRegistered reports the write s of the operation l that a library
// registers and retries once for each unit of work it is later handed
// (retrylib.Library.Registers: the Collector's exporter helper pushes
// each batch through the push function an exporter gives it). A key
// made around the registration would be one key for every batch, and
// one made in the operation a new key for every attempt, so the fix ends
// the retry the library's way when the outcome is unknown: after a
// transport error, the error marked permanent
// (consumererror.NewPermanent(err)), which the library hands back
// without another attempt.
func (c *checker) reportRegistered(file *ast.File, l *retryloop.Loop, s send, outcome string) {
	lib := l.Lib.Lib
	if outcome != "a transport error" {
		analysisutil.Gate(c.pass, s.call.Pos(), "registered-status", s.method+" retried by "+lib.Name+" after "+outcome+": no error says so")
		return
	}
	if len(lib.Permanent) == 0 || !c.onlyOperation(l) {
		analysisutil.Gate(c.pass, s.call.Pos(), "registered-shared", s.method+" retried by "+lib.Name+" in a function called elsewhere too")
		return
	}
	// An exporter's push function returns an error (consumer.
	// ConsumeTracesFunc): the guard's return is the marked error.
	edits, ok, tried := c.stopGuard(file, l, s, lib)
	if !ok {
		if !tried {
			analysisutil.Gate(c.pass, s.call.Pos(), "registered-nofix", s.method+" retried by "+lib.Name+", no guard can be written")
		}
		return
	}
	name := "the operation"
	if fd, ok := l.Func.(*ast.FuncDecl); ok {
		name = fd.Name.Name
	}
	c.pass.Report(analysis.Diagnostic{
		Pos:     s.call.Pos(),
		End:     s.call.End(),
		Message: message(l, s, outcome, fmt.Sprintf("without an idempotency key (%s calls %s anew for each unit of work, so no key made outside it is one operation's)", lib.Name, name)),
		SuggestedFixes: []analysis.SuggestedFix{{
			Message:   "Stop the retry at a transport error instead of sending the " + s.method + " again",
			TextEdits: edits,
		}},
	})
}

// onlyOperation reports whether l's operation runs only as the
// operation: a function literal, or a function of the package named
// nowhere but in the argument that hands it to the library, its tests
// aside (a guard written in it changes no other caller's path).
func (c *checker) onlyOperation(l *retryloop.Loop) bool {
	fd, ok := l.Func.(*ast.FuncDecl)
	if !ok {
		_, lit := l.Func.(*ast.FuncLit)
		return lit
	}
	obj, _ := c.pass.TypesInfo.Defs[fd.Name].(*types.Func)
	if obj == nil {
		return false
	}
	// A test's call (s.push(ctx, batch) in a unit test) is no caller in
	// production: it is left out, so that a run with and without the
	// tests agrees.
	uses := 0
	for id, o := range c.pass.TypesInfo.Uses {
		if o == obj && id.Pos().IsValid() && !strings.HasSuffix(c.pass.Fset.File(id.Pos()).Name(), "_test.go") {
			uses++
		}
	}
	return uses == 1
}
