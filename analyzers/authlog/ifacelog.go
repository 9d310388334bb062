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

// summariseInterfaces gives each method of the package's interface types
// the log parameters of its implementations in the package (see above),
// and exports them.
func (c *checker) summariseInterfaces(g *summary.Graph) {
	// Only the types with a method that logs a parameter matter.
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
	if len(concrete) == 0 {
		return
	}
	scope := c.pass.Pkg.Scope()
	var ifaces []*types.TypeName
	for _, n := range scope.Names() {
		tn, ok := scope.Lookup(n).(*types.TypeName)
		if ok && !tn.IsAlias() && types.IsInterface(tn.Type()) {
			if n, ok := tn.Type().(*types.Named); ok && n.TypeParams().Len() == 0 {
				ifaces = append(ifaces, tn)
			}
		}
	}
	for _, it := range ifaces {
		iface := it.Type().Underlying().(*types.Interface)
		if iface.NumMethods() == 0 {
			continue
		}
		for _, ct := range concrete {
			t := types.Type(ct.Type())
			if !types.Implements(t, iface) {
				t = types.NewPointer(t)
				if !types.Implements(t, iface) {
					continue
				}
			}
			for m := range iface.Methods() {
				obj, _, _ := types.LookupFieldOrMethod(t, false, c.pass.Pkg, m.Name())
				impl, ok := obj.(*types.Func)
				if !ok {
					continue
				}
				f := c.sums.Lookup(impl)
				if f == nil || !f.sink() {
					continue
				}
				g := &funcFact{Sink: f.Sink, Values: f.Values, Printf: f.Printf, Format: f.Format, Args: f.Args}
				if old := c.ifaceFacts[m]; old != nil {
					g = joinFacts(old, g)
				}
				if c.ifaceFacts == nil {
					c.ifaceFacts = map[*types.Func]*funcFact{}
				}
				c.ifaceFacts[m] = g
			}
		}
	}
	for m, f := range c.ifaceFacts {
		if m.Pkg() == c.pass.Pkg {
			c.pass.ExportObjectFact(m, f)
		}
	}
}
