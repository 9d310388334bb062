package authlog

import (
	"go/types"
	"slices"
	"strings"

	"github.com/retrylint/retrylint/internal/logsink"
	"github.com/retrylint/retrylint/internal/summary"
)

// A project's logger interface whose methods are no logging verbs, such
// as
//
//	type Writer interface {
//		Writef(level LevelType, format string, a ...any)
//		WriteHeaders(h http.Header, filter Filter)
//	}
//
// is a log by what its implementations in the package do: an interface
// method is a log for the parameters that the method of some concrete
// type of the package, implementing the interface, writes to a log (its
// summary says so). Such an implementation is typically a file or stream
// logger (fileLogger) whose method writes the header it is given to the
// writer it holds: a method of a concrete type whose name says it logs,
// with an HTTP value among its parameters and a name that says it
// writes one (WriteRequest, LogHeaders, DumpResponse, ...), writes to a
// log when it writes to a writer its receiver holds (see ownWriter).
// The interface method's summary is exported, so that the callers in
// other packages (logger.Instance.WriteHeaders(req.Header, ...)) are
// reported where they pass the credential.

// httpWriterVerbs are the words that start the name of a method that
// writes an HTTP value to its log.
var httpWriterVerbs = []string{"Write", "Log", "Dump", "Trace", "Print", "Debug", "Record"}

// loggerHTTPMethod reports whether fn is a method of a concrete type
// whose name says it logs (logsink.LoggerTypeName), with a parameter that
// is an http.Header, a *http.Request or a *http.Response, and a name
// that says it writes it (WriteRequest, LogHeaders).
func loggerHTTPMethod(fn *types.Func) bool {
	if fn == nil {
		return false
	}
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || sig.Recv() == nil || types.IsInterface(sig.Recv().Type()) {
		return false
	}
	rt := sig.Recv().Type()
	if p, ok := rt.(*types.Pointer); ok {
		rt = p.Elem()
	}
	named, ok := types.Unalias(rt).(*types.Named)
	if !ok || !logsink.LoggerTypeName(named.Obj().Name()) {
		return false
	}
	writes := false
	for _, v := range httpWriterVerbs {
		writes = writes || strings.HasPrefix(fn.Name(), v)
	}
	if !writes {
		return false
	}
	for p := range sig.Params().Variables() {
		t := p.Type()
		if isHeader(t) || isRequest(t) && isPointer(t) || isResponse(t) {
			return true
		}
	}
	return false
}

func isResponse(t types.Type) bool {
	p, ok := types.Unalias(t).(*types.Pointer)
	return ok && isNamedHTTP(p.Elem(), "Response")
}

func isNamedHTTP(t types.Type, name string) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == httpPkg && n.Obj().Name() == name
}

// linkInterfaces finds, for each method of the package's interface types
// that the package calls, the methods of the package's concrete types
// that implement it, and adds the calls' edges to them in g: the solver
// then summarises an implementation before the callers of its interface
// method (c.logger.Log(data, err) in a helper of the package whose
// ConsoleLogger.Log prints data), as before callers of the method itself.
func (c *checker) linkInterfaces(g *summary.Graph) {
	called := map[*types.Func]bool{}
	for _, d := range g.Funcs {
		for _, call := range c.calls.Calls(d.Decl) {
			if m := call.Callee; m != nil && m.Pkg() == c.pass.Pkg && summary.IsInterfaceMethod(m) {
				called[m] = true
			}
		}
	}
	if len(called) == 0 {
		return
	}
	// The package's concrete methods by name: the candidates.
	byName := map[string][]*types.Func{}
	for _, d := range g.Funcs {
		if sig := d.Obj.Type().(*types.Signature); sig.Recv() != nil && !types.IsInterface(sig.Recv().Type()) {
			byName[d.Obj.Name()] = append(byName[d.Obj.Name()], d.Obj)
		}
	}
	c.ifaceImpls = map[*types.Func][]*types.Func{}
	for m := range called {
		iface, ok := m.Type().(*types.Signature).Recv().Type().Underlying().(*types.Interface)
		if !ok {
			continue
		}
		if n, ok := types.Unalias(m.Type().(*types.Signature).Recv().Type()).(*types.Named); !ok || n.TypeParams().Len() > 0 {
			continue
		}
		for _, impl := range byName[m.Name()] {
			rt := impl.Type().(*types.Signature).Recv().Type()
			if p, ok := rt.(*types.Pointer); ok {
				rt = p.Elem()
			}
			n, ok := types.Unalias(rt).(*types.Named)
			if !ok || n.TypeParams().Len() > 0 {
				continue
			}
			if !types.Implements(n, iface) && !types.Implements(types.NewPointer(n), iface) {
				continue
			}
			c.ifaceImpls[m] = append(c.ifaceImpls[m], impl)
		}
	}
	for i, d := range g.Funcs {
		for _, call := range c.calls.Calls(d.Decl) {
			for _, impl := range c.ifaceImpls[call.Callee] {
				if j, ok := g.Of(impl); ok {
					g.AddEdge(i, j)
				}
			}
		}
	}
}

// ifaceFact returns the summary of m, a method of one of the package's
// interface types, from the current summaries of its implementations in
// the package: the log parameters of each that logs (see above); nil
// when none does.
func (c *checker) ifaceFact(m *types.Func) *funcFact {
	var out *funcFact
	for _, impl := range c.ifaceImpls[m] {
		f := c.sums.Lookup(impl)
		if f == nil || !f.sink() {
			continue
		}
		g := &funcFact{Sink: f.Sink, Values: f.Values, Printf: f.Printf, Format: f.Format, Args: f.Args}
		if out != nil {
			g = joinFacts(out, g)
		}
		out = g
	}
	return out
}

// exportInterfaces exports the summaries of the package's interface
// methods (see ifaceFact), so that the callers in other packages
// (logger.Instance.WriteHeaders(req.Header, ...)) are reported where they
// pass the credential: the methods the package calls itself (see
// linkInterfaces), and those of the interfaces that a type of the
// package with a method that logs implements.
func (c *checker) exportInterfaces(g *summary.Graph) {
	var concrete []*types.TypeName
	for _, d := range g.Funcs {
		sig := d.Obj.Type().(*types.Signature)
		if sig.Recv() == nil {
			continue
		}
		if f := c.sums.Lookup(d.Obj); f == nil || !f.sink() {
			continue
		}
		rt := sig.Recv().Type()
		if p, ok := rt.(*types.Pointer); ok {
			rt = p.Elem()
		}
		if n, ok := types.Unalias(rt).(*types.Named); ok && n.TypeParams().Len() == 0 && !slices.Contains(concrete, n.Obj()) && !types.IsInterface(n) {
			concrete = append(concrete, n.Obj())
		}
	}
	scope := c.pass.Pkg.Scope()
	for _, name := range scope.Names() {
		it, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || it.IsAlias() || !types.IsInterface(it.Type()) {
			continue
		}
		if n, ok := it.Type().(*types.Named); !ok || n.TypeParams().Len() > 0 {
			continue
		}
		iface := it.Type().Underlying().(*types.Interface)
		for _, ct := range concrete {
			t := types.Type(ct.Type())
			if !types.Implements(t, iface) {
				if t = types.NewPointer(t); !types.Implements(t, iface) {
					continue
				}
			}
			for m := range iface.Methods() {
				obj, _, _ := types.LookupFieldOrMethod(t, false, c.pass.Pkg, m.Name())
				if impl, ok := obj.(*types.Func); ok && !slices.Contains(c.ifaceImpls[m], impl) {
					if c.ifaceImpls == nil {
						c.ifaceImpls = map[*types.Func][]*types.Func{}
					}
					c.ifaceImpls[m] = append(c.ifaceImpls[m], impl)
				}
			}
		}
	}
	for m := range c.ifaceImpls {
		if f := c.ifaceFact(m); f != nil && m.Pkg() == c.pass.Pkg {
			c.pass.ExportObjectFact(m, f)
		}
	}
}
