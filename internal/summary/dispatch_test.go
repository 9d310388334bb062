package summary_test

import (
	"go/types"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/retrylint/retrylint/internal/callindex"
	"github.com/retrylint/retrylint/internal/summary"
)

// markFact marks the methods named Send*: the facts a Dispatch keeps.
type markFact struct{}

func (*markFact) AFact()         {}
func (*markFact) String() string { return "mark" }

// dispatchAnalyzer marks its package's Send* methods and reports, at each
// call of an interface method, the methods the call may run.
var dispatchAnalyzer = &analysis.Analyzer{
	Name:      "dispatch",
	Doc:       "test analyzer for summary.Dispatch",
	Requires:  []*analysis.Analyzer{callindex.Analyzer},
	FactTypes: []analysis.Fact{new(markFact)},
	Run: func(pass *analysis.Pass) (any, error) {
		ix := pass.ResultOf[callindex.Analyzer].(*callindex.Index)
		for _, f := range ix.Funcs() {
			if f.Obj != nil && strings.HasPrefix(f.Obj.Name(), "Send") && f.Obj.Type().(*types.Signature).Recv() != nil {
				pass.ExportObjectFact(f.Obj, new(markFact))
			}
		}
		d := summary.NewDispatch(pass, func(analysis.Fact) bool { return true })
		for _, f := range ix.Funcs() {
			for _, c := range ix.Calls(f.Decl) {
				if c.Callee == nil || !summary.IsInterfaceMethod(c.Callee) {
					continue
				}
				var names []string
				for _, t := range d.Targets(c.Callee) {
					recv := t.Type().(*types.Signature).Recv().Type()
					if p, ok := recv.(*types.Pointer); ok {
						recv = p.Elem()
					}
					names = append(names, recv.(*types.Named).Obj().Name()+"."+t.Name())
				}
				slices.Sort(names)
				pass.Reportf(c.Expr.Pos(), "targets [%s]", strings.Join(names, " "))
			}
		}
		return nil, nil
	},
}

func TestDispatch(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), dispatchAnalyzer, "example.com/d/use")
}

// TestDispatchApplication runs in a module named app: its packages'
// paths have no dot, and they are not the standard library's.
func TestDispatchApplication(t *testing.T) {
	analysistest.Run(t, filepath.Join(analysistest.TestData(), "app"), dispatchAnalyzer, "./...")
}
