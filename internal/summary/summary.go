// Package summary solves the summaries of a package's functions over its
// call graph, once for every analyzer: the facts that say what a function
// does for its callers (which parameters reach a log, what its results
// carry), where each summary depends on the summaries of its callees.
//
// # Using it
//
// An analyzer's summary is a pointer to its fact type, *T (T implements
// analysis.Fact through *T). It states its problem and solves it:
//
//	g := summary.NewGraph(index) // index: the *callindex.Index of the pass
//	t := summary.NewTable[funcFact](pass)
//	t.Solve(g, summary.Problem[*funcFact]{
//		Active: func(i int) bool { ... }, // optional: which functions to summarise
//		Summarise: func(i int) (*funcFact, bool) {
//			// analyse g.Funcs[i]; read callees with t.Lookup(fn)
//		},
//		Equal:  (*funcFact).equal,
//		Join:   joinFacts,
//		Export: func(fn *types.Func, f *funcFact) bool { return !f.empty() },
//	})
//	f := t.Lookup(fn) // this package's summary, or another package's fact
//
// Lookup is the one way to read a summary, before the solve (facts of
// other packages only), during it and after: a function of this package
// gets its current summary, a function of another package the fact it
// exported (imported once and cached, misses included), a generic
// instance its origin's. Summarise must read the summaries of this
// package's functions only of the callees its graph lists (the calls the
// call index finds in the body, function literals included): a change
// of any other would not make the solver summarise it again.
//
// # How it solves
//
// The nodes are the function declarations of the package (Graph.Funcs,
// those the type checker defined an object for), the edges its calls of
// one another (Graph.Callees, from the call index). Solve splits the
// active functions into strongly connected components (Tarjan's
// algorithm, following only edges between active functions) and solves
// them callees first, in reverse topological order: a function outside a
// cycle is summarised once, after all its callees. Within a component,
// each member in turn, in the depth-first postorder of the walk, is
// summarised again while a callee's summary changed since its last
// summary, until a round changes nothing.
//
// Each new summary is joined into the one it replaces (Problem.Join), so
// the summaries of a component only grow: on a lattice of finite height
// (bit sets, flags, a bounded number of results) the iteration terminates,
// with no limit on rounds; for a Summarise that is monotone in its
// callees' summaries the join changes nothing, and the result is the least
// fixed point. When Solve returns, the last Summarise of every function saw
// its callees' final summaries, so a client may keep what it built then
// (a flow state) for its checks; with a Summarise that is not monotone,
// that state may hold less than the joined summary.
//
// # Facts
//
// Solve exports the summary of a function for other packages when
// Problem.Export accepts it and the function can be reached from outside:
// it is exported (its name is), or its address is taken (it is used as a
// value other than the callee of a call, and may be called through a func
// value). Functions without a summary export nothing.
package summary

import (
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/callindex"
)

// Graph is the call graph of the function declarations of a package.
type Graph struct {
	// Funcs are the declarations with a body and an object, in source
	// order.
	Funcs []callindex.Func
	// Callees[i] are the indices in Funcs of the functions that Funcs[i]
	// calls (generic instances by their origin), one entry per call, in
	// the order of the calls.
	Callees [][]int
	index   map[*types.Func]int
	calls   *callindex.Index
}

// NewGraph builds the call graph of the package that ix indexes.
func NewGraph(ix *callindex.Index) *Graph {
	return NewGraphOf(ix, nil)
}

// NewGraphOf builds the call graph of the functions of the package that
// ix indexes for which keep (when not nil) returns true; the bodies of
// the others are not walked, and calls of them are not edges (they have
// no summary).
func NewGraphOf(ix *callindex.Index, keep func(callindex.Func) bool) *Graph {
	g := &Graph{calls: ix, Funcs: ix.Funcs()}
	drop := func(f callindex.Func) bool { return f.Obj == nil || keep != nil && !keep(f) }
	if slices.ContainsFunc(g.Funcs, drop) {
		g.Funcs = slices.DeleteFunc(slices.Clone(g.Funcs), drop)
	}
	g.index = make(map[*types.Func]int, len(g.Funcs))
	for i, f := range g.Funcs {
		g.index[f.Obj] = i
	}
	g.Callees = make([][]int, len(g.Funcs))
	for i, f := range g.Funcs {
		for _, call := range ix.Calls(f.Decl) {
			if call.Callee == nil {
				continue
			}
			if j, ok := g.index[call.Callee.Origin()]; ok {
				g.Callees[i] = append(g.Callees[i], j)
			}
		}
	}
	return g
}

// Of returns the index in Funcs of fn (or of its origin), and false when
// fn is not declared in the package.
func (g *Graph) Of(fn *types.Func) (int, bool) {
	i, ok := g.index[fn.Origin()]
	return i, ok
}

// AddEdge records that Funcs[from] depends on the summary of Funcs[to]
// although it does not call it by name: it calls an interface method
// that to implements, or a func value that may hold to. Add edges before
// Solve.
func (g *Graph) AddEdge(from, to int) {
	g.Callees[from] = append(g.Callees[from], to)
}

// Callers returns, for each function, the functions that call it.
func (g *Graph) Callers() [][]int {
	callers := make([][]int, len(g.Funcs))
	for i, cs := range g.Callees {
		for _, j := range cs {
			callers[j] = append(callers[j], i)
		}
	}
	return callers
}

// Problem is what an analyzer states about its summaries; the summary of
// a function is a *T, which is also its fact.
type Problem[PT any] struct {
	// Active, when not nil, selects the functions to summarise: the
	// others have no summary (Lookup returns nil for them) and are not
	// followed as callees.
	Active func(i int) bool
	// Summarise returns the summary of Graph.Funcs[i] given the current
	// summaries of its callees (read through Table.Lookup); ok false
	// leaves it without one this time.
	Summarise func(i int) (s PT, ok bool)
	// Equal reports whether two summaries are the same.
	Equal func(a, b PT) bool
	// Join returns a summary that holds what old and new hold (their
	// least upper bound); it may return either of them, or a new one.
	Join func(old, new PT) PT
	// Export reports whether the summary of fn is worth exporting as a
	// fact (for example: it is not empty); nil exports every summary.
	// Only functions that other packages can reach are asked.
	Export func(fn *types.Func, s PT) bool
}

// Table holds the summaries of one package and looks up those of others.
type Table[T any, PT interface {
	*T
	analysis.Fact
}] struct {
	pass     *analysis.Pass
	graph    *Graph
	local    []PT // by index in Graph.Funcs; nil: no summary
	imported map[*types.Func]PT
	// version advances whenever a local summary changes (see Version).
	version int
}

// Version returns a number that changes whenever a summary of the
// package's functions does: what a client derives from several summaries
// (the join over an interface method's implementations) may be kept
// while the version stays the same.
func (t *Table[T, PT]) Version() int { return t.version }

// Lookup returns the summary of fn: its current summary for a function of
// this package, the fact it exported for a function of another package
// (nil for none or for nil fn).
func (t *Table[T, PT]) Lookup(fn *types.Func) PT {
	if fn == nil {
		return nil
	}
	fn = fn.Origin()
	if fn.Pkg() == t.pass.Pkg {
		if i, ok := t.graph.index[fn]; ok && t.local != nil {
			return t.local[i]
		}
		return nil
	}
	f, ok := t.imported[fn]
	if !ok {
		f = PT(new(T))
		if !t.pass.ImportObjectFact(fn, f) {
			f = nil
		}
		t.imported[fn] = f
	}
	return f
}

// Local returns the summary of Graph.Funcs[i], nil when it has none.
func (t *Table[T, PT]) Local(i int) PT { return t.local[i] }

// NewTable returns an empty table for pass: until Solve, Lookup finds
// only the facts of other packages.
func NewTable[T any, PT interface {
	*T
	analysis.Fact
}](pass *analysis.Pass) *Table[T, PT] {
	return &Table[T, PT]{pass: pass, graph: &Graph{}, imported: map[*types.Func]PT{}}
}

// Solve computes the summaries of g's functions, g being the call graph
// of the table's package, and exports the facts (see the package doc).
// Call it once.
func (t *Table[T, PT]) Solve(g *Graph, p Problem[PT]) {
	t.graph, t.local = g, make([]PT, len(g.Funcs))
	t.version++
	n := len(g.Funcs)
	active := func(i int) bool { return p.Active == nil || p.Active(i) }
	s := &solver[T, PT]{p: p, g: t.graph, t: t, active: active, nodes: make([]node, n)}
	for i := range n {
		if s.nodes[i].index == 0 && active(i) {
			s.connect(i)
		}
	}
	s.export()
}

type solver[T any, PT interface {
	*T
	analysis.Fact
}] struct {
	p      Problem[PT]
	g      *Graph
	t      *Table[T, PT]
	active func(int) bool
	nodes  []node // by index in the graph
	stack  []int  // Tarjan's stack
	// next and nextPost number the functions in preorder and postorder;
	// tick is a clock that advances at every Summarise and every change
	// of a summary.
	next, nextPost, tick int
}

// node is the solver's bookkeeping for one function.
type node struct {
	// index and post are 1 + the preorder and postorder numbers of the
	// function (0: not visited, not finished yet), low Tarjan's low link.
	index, low, post int
	onStack          bool
	// summarisedAt and changedAt are the ticks of its last Summarise and
	// of the last change of its summary.
	summarisedAt, changedAt int
}

// connect is Tarjan's strongly connected components from i. It recurses
// along call chains, which the depth of a package's call graph bounds.
func (s *solver[T, PT]) connect(i int) {
	ns := s.nodes
	s.next++
	ns[i].index, ns[i].low = s.next, s.next
	s.stack = append(s.stack, i)
	ns[i].onStack = true
	for _, j := range s.g.Callees[i] {
		if !s.active(j) {
			continue
		}
		if ns[j].index == 0 {
			s.connect(j)
			ns[i].low = min(ns[i].low, ns[j].low)
		} else if ns[j].onStack {
			ns[i].low = min(ns[i].low, ns[j].index)
		}
	}
	s.nextPost++
	ns[i].post = s.nextPost
	if ns[i].low != ns[i].index {
		return
	}
	// i is the root of a component: its members are i and the functions
	// above it on the stack. Solve them in the postorder of the walk.
	k := len(s.stack) - 1
	for s.stack[k] != i {
		k--
	}
	// solve is done with members before anything is pushed again.
	members := s.stack[k:]
	s.stack = s.stack[:k]
	for _, j := range members {
		ns[j].onStack = false
	}
	if len(members) > 1 {
		slices.SortFunc(members, func(a, b int) int { return ns[a].post - ns[b].post })
	}
	s.solve(members)
}

// solve iterates the summaries of one component until they are stable.
func (s *solver[T, PT]) solve(members []int) {
	inComp := len(members) > 1
	self := false
	if !inComp {
		for _, j := range s.g.Callees[members[0]] {
			if j == members[0] {
				self = true
				break
			}
		}
	}
	for {
		changed := false
		for _, i := range members {
			if s.nodes[i].summarisedAt > 0 && !s.calleeChanged(i) {
				continue
			}
			s.tick++
			s.nodes[i].summarisedAt = s.tick
			sum, ok := s.p.Summarise(i)
			if !ok {
				continue
			}
			old := s.t.local[i]
			if old != nil {
				sum = s.p.Join(old, sum)
				if s.p.Equal(old, sum) {
					continue
				}
			}
			s.t.local[i] = sum
			s.t.version++
			s.tick++
			s.nodes[i].changedAt = s.tick
			changed = true
		}
		if !changed || !inComp && !self {
			return
		}
	}
}

func (s *solver[T, PT]) calleeChanged(i int) bool {
	for _, j := range s.g.Callees[i] {
		if s.nodes[j].changedAt > s.nodes[i].summarisedAt {
			return true
		}
	}
	return false
}

// export exports the summaries that other packages can reach.
func (s *solver[T, PT]) export() {
	g := s.g
	for i, f := range g.Funcs {
		sum := s.t.local[i]
		if sum == nil || s.p.Export != nil && !s.p.Export(f.Obj, sum) {
			continue
		}
		if !f.Obj.Exported() && !g.calls.AddressTaken(f.Obj) {
			continue
		}
		s.t.pass.ExportObjectFact(f.Obj, sum)
	}
}
