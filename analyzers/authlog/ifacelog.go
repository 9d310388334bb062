package authlog

import (
	"go/types"
	"slices"
	"strings"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/callindex"
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
// that the package calls, the methods of the package's types that
// implement it (summary.Dispatch, with the package's own types as
// candidates), and adds the calls' edges to them in g: the solver then
// summarises an implementation before the callers of its interface
// method (c.logger.Log(data, err) in a helper of the package whose
// ConsoleLogger.Log prints data), as before callers of the method itself.
func (c *checker) linkInterfaces(g *summary.Graph) {
	for _, d := range g.Funcs {
		for _, call := range c.calls.Calls(d.Decl) {
			if m := call.Callee; m != nil && m.Pkg() == c.pass.Pkg && summary.IsInterfaceMethod(m) {
				c.addImpls(m)
			}
		}
	}
	if len(c.ifaceImpls) == 0 {
		return
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

// addImpls records the methods of the package's types that a call of m,
// a method of one of its interfaces, may run.
func (c *checker) addImpls(m *types.Func) {
	if _, done := c.ifaceImpls[m]; done {
		return
	}
	if c.localDispatch == nil {
		c.localDispatch = summary.NewDispatch(c.pass, nil)
		c.ifaceImpls = map[*types.Func][]*types.Func{}
	}
	c.ifaceImpls[m] = c.localDispatch.Targets(m)
}

// ifaceFact returns the summary of m, a method of one of the package's
// interface types, from the current summaries of its implementations in
// the package: the log parameters of each that logs (see above), and what
// the results of each carry of their own (a client whose getter goes
// through the interface of its transport, c.transport.APIKeyPrivate(),
// returns the key the transport sends); nil when none does either. What
// a result carries from a parameter is left out: an SDK's transport
// interface (Do(req) (*http.Response, error)) would hand every caller's
// error the URL of any request a builder may presign; nor is what an
// error result carries (see below).
func (c *checker) ifaceFact(m *types.Func) *funcFact {
	// The join over many implementations (a Query interface's Source,
	// implemented by a hundred types) is made again only when a
	// summary of the package has changed since.
	if got, ok := c.ifaceCache[m]; ok && got.version == c.sums.Version() {
		return got.f
	}
	f := c.joinImpls(m)
	if c.ifaceCache == nil {
		c.ifaceCache = map[*types.Func]ifaceCached{}
	}
	c.ifaceCache[m] = ifaceCached{version: c.sums.Version(), f: f}
	return f
}

// ifaceCached is ifaceFact's answer for a method, at a version of the
// package's summaries.
type ifaceCached struct {
	version int
	f       *funcFact
}

// joinImpls computes ifaceFact's answer.
func (c *checker) joinImpls(m *types.Func) *funcFact {
	var out *funcFact
	for _, impl := range c.ifaceImpls[m] {
		f := c.sums.Lookup(impl)
		if f == nil {
			continue
		}
		g := &funcFact{Results: f.Results}
		if f.sink() {
			g.Sink, g.Values, g.Printf, g.Format, g.Args = f.Sink, f.Values, f.Printf, f.Format, f.Args
		}
		if out != nil {
			g = joinFacts(out, g)
		}
		out = g
	}
	if out == nil {
		return nil
	}
	out.Results = slices.Clone(out.Results)
	res := m.Signature().Results()
	for i := range out.Results {
		if i < res.Len() && analysisutil.IsError(res.At(i).Type()) {
			// An error's text is what the implementation that failed
			// put in it: joined over every implementation (credential
			// providers, one of which sends a token in its URL), any
			// failure would carry the worst one's.
			out.Results[i] = 0
		}
	}
	if !out.sink() && !slices.ContainsFunc(out.Results, func(r uint64) bool { return r != 0 }) {
		return nil
	}
	return out
}

// exportInterfaces exports the summaries of the package's interface
// methods (see ifaceFact), so that the callers in other packages
// (logger.Instance.WriteHeaders(req.Header, ...)) are reported where they
// pass the credential: the methods the package calls itself (see
// linkInterfaces), and, when a method of the package logs a parameter,
// every method of its interfaces.
func (c *checker) exportInterfaces(g *summary.Graph) {
	if !slices.ContainsFunc(g.Funcs, func(d callindex.Func) bool {
		f := c.sums.Lookup(d.Obj)
		return d.Obj.Signature().Recv() != nil && f != nil && f.sink()
	}) {
		return
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
		for m := range it.Type().Underlying().(*types.Interface).Methods() {
			c.addImpls(m)
		}
	}
	for m := range c.ifaceImpls {
		if f := c.ifaceFact(m); f != nil && m.Pkg() == c.pass.Pkg {
			c.pass.ExportObjectFact(m, f)
		}
	}
}
