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
	// local are the pointer types to the package's named non-generic,
	// non-interface types; byName the dependencies' methods with a kept
	// fact, by name. Both are built at the first question.
	local  []types.Type
	byName map[string][]*types.Func
	cache  map[*types.Func][]*types.Func
}

// NewDispatch returns the dispatch of pass's interface calls; keep
// selects the facts (of the pass's analyzer) whose methods are
// candidates in other packages.
func NewDispatch(pass *analysis.Pass, keep func(analysis.Fact) bool) *Dispatch {
	return &Dispatch{pass: pass, keep: keep, cache: map[*types.Func][]*types.Func{}}
}

// IsInterfaceMethod reports whether fn is a method of an interface (of
// an interface type or a type parameter's constraint).
func IsInterfaceMethod(fn *types.Func) bool {
	recv := fn.Type().(*types.Signature).Recv()
	return recv != nil && types.IsInterface(recv.Type())
}

// Targets returns the methods a call of the interface method m may run
// (nil for a method that is not an interface's, or an interface of the
// standard library), generic instances by their origin, in a stable
// order: the package's own first, in the order of its scope, then the
// dependencies', in the order of their facts.
func (d *Dispatch) Targets(m *types.Func) []*types.Func {
	if m == nil || !IsInterfaceMethod(m) || m.Pkg() == nil || m.Pkg() != d.pass.Pkg && isStdPath(m.Pkg().Path()) {
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
	for _, t := range d.local {
		if !types.Implements(t, iface) {
			continue
		}
		obj, _, _ := types.LookupFieldOrMethod(t, true, d.pass.Pkg, m.Name())
		if fn, ok := obj.(*types.Func); ok && !IsInterfaceMethod(fn) {
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
		if types.Implements(types.NewPointer(named), iface) {
			add(fn)
		}
	}
	d.cache[m] = out
	return out
}

func (d *Dispatch) index() {
	if d.byName != nil {
		return
	}
	d.byName = map[string][]*types.Func{}
	scope := d.pass.Pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() || types.IsInterface(tn.Type()) {
			continue
		}
		if named, ok := tn.Type().(*types.Named); ok && named.TypeParams().Len() == 0 {
			d.local = append(d.local, types.NewPointer(named))
		}
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
	for _, fns := range d.byName {
		slices.SortFunc(fns, func(a, b *types.Func) int { return strings.Compare(a.FullName(), b.FullName()) })
	}
}

// isStdPath reports whether path names a package of the standard
// library: its first element has no dot, as a module path's has.
func isStdPath(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".")
}
