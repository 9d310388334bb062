package summary

// This file resolves calls of interface methods to the methods they may
// run, by class-hierarchy analysis through facts: an SDK defines an
// interface in one package (transport.Backend), implements it in another
// (client.HTTPBackend) and calls through it in a third, so a summary of
// the call is the summary of the implementations the caller can see.

import (
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/analysisutil"
)

// Dispatch finds, for a method of an interface, the concrete methods that
// a call of it may run: the methods of the same name whose receiver type
// implements the interface, among the types of the package being analysed
// (their promoted methods included) and the methods of its dependencies
// that carry a fact the client keeps (a dependency's method without one
// does nothing the client asks about). A type that only a test or the
// program's main package declares is not seen, nor one of a package the
// caller does not depend on: the candidates are those the caller's
// dependencies show.
//
// The interfaces of the standard library (io.Writer, io.Closer) are
// general contracts, not an SDK's routing: their calls are not
// resolved (Targets returns nil).
type Dispatch struct {
	pass *analysis.Pass
	keep func(analysis.Fact) bool
	// local are the package's named non-generic, non-interface types
	// that declare a method of a name (by name), and embedded those that
	// embed a field, whose methods they promote;
	// byName the dependencies' methods with a kept fact, by name. They
	// are built at the first question.
	local    map[string][]*types.Named
	embedded []*types.Named
	byName   map[string][]*types.Func
	cache    map[*types.Func][]*types.Func
	impl     map[implKey]bool
}

// NewDispatch returns the dispatch of pass's interface calls; keep
// selects the facts (of the pass's analyzer) whose methods are
// candidates in other packages. With keep nil, the candidates are the
// package's own types' methods only (the dependencies' facts are not
// read).
func NewDispatch(pass *analysis.Pass, keep func(analysis.Fact) bool) *Dispatch {
	return &Dispatch{pass: pass, keep: keep, cache: map[*types.Func][]*types.Func{}, impl: map[implKey]bool{}}
}

// IsInterfaceMethod reports whether fn is a method of an interface (of
// an interface type or a type parameter's constraint).
func IsInterfaceMethod(fn *types.Func) bool {
	recv := fn.Type().(*types.Signature).Recv()
	return recv != nil && types.IsInterface(recv.Type())
}

// Targets returns the methods a call of the interface method m may run
// (nil for a method that is not an interface's, or an interface of the
// standard library), generic instances by their origin: the package's
// own first, then the dependencies', in no particular order (a client
// combines them as a set).
func (d *Dispatch) Targets(m *types.Func) []*types.Func {
	if m == nil || !IsInterfaceMethod(m) || m.Pkg() == nil || m.Pkg() != d.pass.Pkg && d.isStd(m.Pkg().Path()) {
		return nil
	}
	m = m.Origin()
	if ts, ok := d.cache[m]; ok {
		return ts
	}
	iface, ok := m.Type().(*types.Signature).Recv().Type().Underlying().(*types.Interface)
	if !ok {
		d.cache[m] = nil
		return nil
	}
	d.index()
	var out []*types.Func
	seen := map[*types.Func]bool{}
	add := func(fn *types.Func) {
		if fn = fn.Origin(); !seen[fn] {
			seen[fn] = true
			out = append(out, fn)
		}
	}
	embedded := d.embedded
	if len(d.local[m.Name()]) == 0 && len(d.byName[m.Name()]) == 0 {
		// A promoted method is one of the package's own types' or a
		// dependency's with a kept fact: neither has the name.
		embedded = nil
	}
	for _, t := range slices.Concat(d.local[m.Name()], embedded) {
		// A type that embeds must promote a method of that name.
		obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(t), true, d.pass.Pkg, m.Name())
		if fn, ok := obj.(*types.Func); ok && !IsInterfaceMethod(fn) && d.implements(t, iface) {
			add(fn)
		}
	}
	for _, fn := range d.byName[m.Name()] {
		recv := fn.Type().(*types.Signature).Recv().Type()
		if p, ok := recv.(*types.Pointer); ok {
			recv = p.Elem()
		}
		named, ok := types.Unalias(recv).(*types.Named)
		if !ok || named.TypeParams().Len() > 0 {
			continue
		}
		if d.implements(named, iface) {
			add(fn)
		}
	}
	d.cache[m] = out
	return out
}

// implements reports whether *t (whose method set holds t's) implements
// iface, asked once for all the methods of an interface that the package
// calls.
func (d *Dispatch) implements(t *types.Named, iface *types.Interface) bool {
	k := implKey{t, iface}
	ok, done := d.impl[k]
	if !done {
		ok = types.Implements(types.NewPointer(t), iface)
		d.impl[k] = ok
	}
	return ok
}

type implKey struct {
	t     *types.Named
	iface *types.Interface
}

func (d *Dispatch) index() {
	if d.byName != nil {
		return
	}
	d.byName = map[string][]*types.Func{}
	d.local = map[string][]*types.Named{}
	scope := d.pass.Pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() || types.IsInterface(tn.Type()) {
			continue
		}
		named, ok := tn.Type().(*types.Named)
		if !ok || named.TypeParams().Len() > 0 {
			continue
		}
		for m := range named.Methods() {
			d.local[m.Name()] = append(d.local[m.Name()], named)
		}
		if st, ok := named.Underlying().(*types.Struct); ok {
			for f := range st.Fields() {
				if f.Embedded() {
					d.embedded = append(d.embedded, named)
					break
				}
			}
		}
	}
	if d.keep == nil {
		return
	}
	for _, of := range d.pass.AllObjectFacts() {
		fn, ok := of.Object.(*types.Func)
		if !ok || fn.Pkg() == d.pass.Pkg || !d.keep(of.Fact) {
			continue
		}
		if recv := fn.Type().(*types.Signature).Recv(); recv == nil || types.IsInterface(recv.Type()) {
			continue
		}
		d.byName[fn.Name()] = append(d.byName[fn.Name()], fn)
	}
	// AllObjectFacts comes in map order: the candidates in a fixed one,
	// so that what a client picks among them does not vary by run.
	for _, fns := range d.byName {
		slices.SortFunc(fns, func(a, b *types.Func) int {
			if c := strings.Compare(a.Pkg().Path(), b.Pkg().Path()); c != 0 {
				return c
			}
			return int(a.Pos() - b.Pos())
		})
	}
}

// isStd reports whether path names a package of the standard library:
// its first element has no dot, as a published module's has, and it is
// not in the module of the package being analysed (an application's
// module may be named app, and its packages app/transport).
func (d *Dispatch) isStd(path string) bool {
	return analysisutil.InStd(d.pass, path)
}

// Dispatched returns the methods that a call of the interface method m
// may run (see Dispatch.Targets) that have a summary in t, and their
// summaries, in the order of Targets. A client combines them by its own
// rule: any of them (a write that one implementation sends is sent by the
// call), or all that agree (a timeout every implementation makes).
func Dispatched[T any, PT interface {
	*T
	analysis.Fact
}](t *Table[T, PT], d *Dispatch, m *types.Func) (fns []*types.Func, sums []PT) {
	for _, fn := range d.Targets(m) {
		if s := t.Lookup(fn); s != nil {
			fns, sums = append(fns, fn), append(sums, s)
		}
	}
	return fns, sums
}
