package summary_test

import (
	"fmt"
	"go/types"
	"reflect"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/retrylint/retrylint/internal/callindex"
	"github.com/retrylint/retrylint/internal/summary"
)

// reachFact is the summary of the test analyzer: the bits of the sinks a
// function reaches through its calls (bit 0: a call of a function named
// sink), and the rounds it took.
type reachFact struct{ Bits uint64 }

func (*reachFact) AFact()           {}
func (f *reachFact) String() string { return fmt.Sprintf("reach(%b)", f.Bits) }

// oscillations counts the summaries of the functions named osc*, whose
// Summarise is not monotone: it returns bit 1 and bit 2 in turn.
type oscillations map[*types.Func]int

func newAnalyzer(rounds *int) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:      "reach",
		Doc:       "test analyzer for internal/summary",
		Requires:  []*analysis.Analyzer{callindex.Analyzer},
		FactTypes: []analysis.Fact{new(reachFact)},
		Run: func(pass *analysis.Pass) (any, error) {
			ix := pass.ResultOf[callindex.Analyzer].(*callindex.Index)
			g := summary.NewGraph(ix)
			t := summary.NewTable[reachFact](pass)
			osc := oscillations{}
			t.Solve(g, summary.Problem[*reachFact]{
				Summarise: func(i int) (*reachFact, bool) {
					*rounds++
					f := g.Funcs[i]
					out := &reachFact{}
					if strings.HasPrefix(f.Obj.Name(), "osc") {
						osc[f.Obj]++
						out.Bits = 1 << (1 + osc[f.Obj]%2)
					}
					for _, call := range ix.Calls(f.Decl) {
						if call.Callee == nil {
							continue
						}
						if call.Callee.Name() == "sink" {
							out.Bits |= 1
						}
						if s := t.Lookup(call.Callee); s != nil {
							out.Bits |= s.Bits &^ 6
						}
					}
					return out, true
				},
				Equal:  func(a, b *reachFact) bool { return *a == *b },
				Join:   func(a, b *reachFact) *reachFact { return &reachFact{a.Bits | b.Bits} },
				Export: func(_ *types.Func, f *reachFact) bool { return f.Bits != 0 },
			})
			for i, f := range g.Funcs {
				if s := t.Local(i); s != nil && s.Bits != 0 {
					pass.Reportf(f.Decl.Name.Pos(), "%s %b", f.Obj.Name(), s.Bits)
				}
			}
			return nil, nil
		},
	}
}

// TestSolve runs the solver over a ring of 24 functions in which the sink
// is reached only at the end of the source order (a round-robin in source
// order needs a round per function), over mutual recursion, a
// self-recursive function whose Summarise oscillates (the join makes it
// terminate), and facts imported from another package.
func TestSolve(t *testing.T) {
	var rounds int
	analysistest.Run(t, analysistest.TestData(), newAnalyzer(&rounds), "a", "b")
	if rounds == 0 {
		t.Fatal("Summarise never called")
	}
}

// TestRoundRobinNeedsMoreThan16 shows that the ring of package a defeats
// the solver this package replaces (rounds over the functions in source
// order, at most 16): it stops with functions of the ring unsummarised,
// so TestSolve's expectations are out of its reach.
func TestRoundRobinNeedsMoreThan16(t *testing.T) {
	var got []string
	a := &analysis.Analyzer{
		Name:     "roundrobin",
		Doc:      "the old solver",
		Requires: []*analysis.Analyzer{callindex.Analyzer},
		Run: func(pass *analysis.Pass) (any, error) {
			ix := pass.ResultOf[callindex.Analyzer].(*callindex.Index)
			local := map[*types.Func]bool{}
			for range 16 {
				for _, f := range ix.Funcs() {
					if f.Obj == nil || local[f.Obj] {
						continue
					}
					for _, call := range ix.Calls(f.Decl) {
						if call.Callee != nil && (call.Callee.Name() == "sink" || local[call.Callee]) {
							local[f.Obj] = true
						}
					}
				}
			}
			for _, f := range ix.Funcs() {
				if strings.HasPrefix(f.Obj.Name(), "ring") && !local[f.Obj] {
					got = append(got, f.Obj.Name())
				}
			}
			return nil, nil
		},
	}
	analysistest.Run(ignore{}, analysistest.TestData(), a, "a")
	if len(got) == 0 {
		t.Errorf("16 rounds in source order summarised the whole ring; the test data no longer needs the solver")
	}
}

func TestGraph(t *testing.T) {
	var callees map[string][]string
	a := &analysis.Analyzer{
		Name:     "graph",
		Doc:      "graph test",
		Requires: []*analysis.Analyzer{callindex.Analyzer},
		Run: func(pass *analysis.Pass) (any, error) {
			g := summary.NewGraph(pass.ResultOf[callindex.Analyzer].(*callindex.Index))
			callees = map[string][]string{}
			for i, f := range g.Funcs {
				for _, j := range g.Callees[i] {
					callees[f.Obj.Name()] = append(callees[f.Obj.Name()], g.Funcs[j].Obj.Name())
				}
				if k, ok := g.Of(f.Obj); !ok || k != i {
					t.Errorf("Of(%s) = %d, %v, want %d", f.Obj.Name(), k, ok, i)
				}
			}
			callers := g.Callers()
			for i := range g.Funcs {
				for _, j := range g.Callees[i] {
					found := false
					for _, k := range callers[j] {
						found = found || k == i
					}
					if !found {
						t.Errorf("Callers misses %d -> %d", i, j)
					}
				}
			}
			return nil, nil
		},
	}
	analysistest.Run(ignore{}, analysistest.TestData(), a, "b")
	want := map[string][]string{"Local": {"helper", "generic"}, "value": {"helper"}}
	if !reflect.DeepEqual(callees, want) {
		t.Errorf("callees = %v, want %v", callees, want)
	}
}

// ignore is an analysistest.Testing that ignores the expectations of the
// test data, which are TestSolve's.
type ignore struct{}

func (ignore) Errorf(string, ...any) {}
