package retryidempotency

import (
	_ "embed"
	"go/ast"
	"go/token"
	"go/types"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/callindex"
	"github.com/retrylint/retrylint/internal/config"
	"github.com/retrylint/retrylint/internal/fixes"
	"github.com/retrylint/retrylint/internal/flow"
	"github.com/retrylint/retrylint/internal/httpmodel"
	"github.com/retrylint/retrylint/internal/retrylib"
	"github.com/retrylint/retrylint/internal/retryloop"
	"github.com/retrylint/retrylint/internal/stdfacts"
	"github.com/retrylint/retrylint/internal/summary"
)

//go:embed doc.go
var doc string

// Config is the configuration of one instance of the analyzer.
type Config struct {
	// KeyHeaders are the request headers that carry an idempotency key.
	KeyHeaders []string
	// KeyFields are the fields of a request's body that carry an
	// idempotency or deduplication key, besides those whose name says so
	// (see DefaultKeyFields).
	KeyFields []string
}

// DefaultConfig returns the configuration the analyzer runs with when no
// flag is given.
func DefaultConfig() Config {
	return Config{KeyHeaders: []string{"Idempotency-Key", "X-Idempotency-Key"}, KeyFields: DefaultKeyFields()}
}

// Analyzer reports non-idempotent writes retried without an idempotency
// key, with the default configuration.
var Analyzer = New(DefaultConfig())

// New returns an analyzer with its own configuration and flags.
func New(cfg Config) *analysis.Analyzer {
	keys := config.HeaderList(slices.Clone(cfg.KeyHeaders))
	fields := config.FieldList(slices.Clone(cfg.KeyFields))
	a := &analysis.Analyzer{
		Name:      "retryidempotency",
		Doc:       analysisutil.Doc(doc, "retryidempotency"),
		URL:       "https://pkg.go.dev/github.com/retrylint/retrylint/analyzers/retryidempotency",
		Requires:  []*analysis.Analyzer{retryloop.Analyzer, callindex.Analyzer},
		FactTypes: []analysis.Fact{new(writeFact), new(forwardFact), new(methodFact), new(freshFact), new(freshPkgFact), new(predFact), new(keySetFact), new(restyParamFact), new(resendFact), new(bodyKeyFact)},
		Run: analysisutil.Safe("retryidempotency", func(pass *analysis.Pass, at func(token.Pos)) (any, error) {
			return run(pass, keys, fields, at)
		}),
	}
	a.Flags.Var(&keys, "key-headers", "comma-separated request headers that carry an idempotency key")
	a.Flags.Var(&fields, "key-fields", "comma-separated fields of a request body (JSON or form names) that carry an idempotency or deduplication key, besides those whose name holds idempotency or dedup")
	return stdfacts.Wrap(a)
}

// writeFact marks a function that sends a POST or PATCH. Keyed reports
// whether it sets an idempotency key on it, Fresh whether that key is made
// inside the function (so every call sends a new one).
type writeFact struct {
	Method string
	Keyed  bool
	Fresh  bool
	// KeyArg is 1 + the index of the parameter the key comes from (a
	// caller that passes "" sends no key), 0 when it comes from
	// elsewhere.
	KeyArg int
	// MethodArg is 1 + the index of the parameter the method comes from,
	// for a function that sends a request with the method it is handed
	// (c.do(ctx, method, path, body)); Method is then "" and a caller
	// that passes POST or PATCH sends a write. 0 for a fixed method.
	MethodArg int
	// MethodField names the field of that parameter, a struct, that
	// holds the method (c.invoke(ctx, createUser, body) with
	// createUser.Method), "" for a string parameter.
	MethodField string
}

func (*writeFact) AFact() {}

func (f *writeFact) String() string {
	s := "write(" + f.Method
	if f.MethodArg > 0 {
		s += "method of param " + strconv.Itoa(f.MethodArg-1)
		if f.MethodField != "" {
			s += " field " + f.MethodField
		}
	}
	if f.Keyed {
		s += " keyed"
	}
	if f.Fresh {
		s += " fresh"
	}
	return s + ")"
}

// freshFact marks a function whose result comes from a random, UUID or
// clock source: a new value on every call.
type freshFact struct{}

func (*freshFact) AFact()         {}
func (*freshFact) String() string { return "fresh" }

// freshPkgFact marks a package that exports a function with a freshFact,
// so that the packages importing it may make fresh values through it.
type freshPkgFact struct{}

func (*freshPkgFact) AFact()         {}
func (*freshPkgFact) String() string { return "makes fresh values" }

// keyNames are the headers that carry an idempotency key: the configured
// ones, and any whose name says it carries one (Idempotency-Token,
// X-Amz-Idempotency-Token), which an API that documents such a header
// deduplicates on as well.
type keyNames struct{ configured httpmodel.Names }

// Has reports whether the header name is one of k.
func (k keyNames) Has(name string) bool {
	return k.configured.Has(name) || strings.Contains(strings.ToLower(name), "idempotency")
}

type checker struct {
	pass   *analysis.Pass
	keys   keyNames
	first  string // the first configured key header, for fixes
	loops  *retryloop.Result
	writes *summary.Table[writeFact, *writeFact]
	// restyParams are the functions that send a write through the resty
	// client they are handed (restyparam.go).
	restyParams *summary.Table[restyParamFact, *restyParamFact]
	// forwards are the functions that send the request they are handed.
	forwards *summary.Table[forwardFact, *forwardFact]
	// methods are the functions that build a request with the method
	// they are handed.
	methods *summary.Table[methodFact, *methodFact]
	fresh   *summary.Table[freshFact, *freshFact]
	// keySets are the functions that set a key on a request or header
	// they are handed.
	keySets *summary.Table[keySetFact, *keySetFact]
	calls   *callindex.Index
	// keyList are the configured key headers, in order.
	keyList []string
	// guarding are the functions that check a request's method or key
	// (see guardingFuncs), nil until asked.
	guarding map[*types.Func]bool
	// keyedFields memoizes keyedField: request fields whose every store
	// carries an idempotency key.
	keyedFields map[*types.Var]bool
	// testing are the predicates being looked into (see testsSource).
	testing map[*types.Func]bool
	// replayableField caches onlyReplayable's answer for each field.
	replayableField map[*types.Var]bool
	// anyFindings are the retrying senders found, reported at the end.
	anyFindings []anyFinding
	// resenders are the package's retrying senders, exported or not,
	// and the functions that hand them their request (see
	// exportWrappers).
	resenders map[*types.Func]*resendFact
	// reported counts the diagnostics reported so far (see run).
	reported int
	// written are the writes checkWrite has reported: a send that both a
	// loop and a retry by recursion around it repeat is reported once,
	// for the loop (retryloop finds the loops of a function first).
	written map[*ast.CallExpr]bool
	// preds are the retry predicates of the package (see predicate).
	preds map[*types.Func]*predFact
	// sets are the constant sets of integers of the package (see
	// flow.ConstSets), nil until asked.
	sets map[*types.Var]map[int64]bool
	// why names the reason the last retriesUnknown answered no, for the
	// gate diagnostics (analysisutil.GatesOn).
	why string
	// retried are the unknown statuses after which the last loop that
	// retriesUnknown judged starts another attempt: for a request of any
	// method, also beside a transport error; otherwise nil after one.
	retried []int
	// dispatch resolves calls of interface methods to the writes they
	// may run (see ifaceWrite), nil until asked.
	dispatch *summary.Dispatch
	// sim is the assumption that the request is a POST under which
	// postStillRetried walks the outcomes again, nil otherwise.
	sim *postSim
	// funcFields are the functions the package stores in each of its
	// unexported func fields (flow.FuncFields), nil until asked.
	funcFields map[*types.Var][]*types.Func
	// fw is the implementation of a method a framework retries whose
	// outcomes checkRetriedImpl walks, nil otherwise; fwRets are the
	// returns of it found to ask for another attempt.
	fw     *retryloop.RetriedImpl
	fwRets []*ast.ReturnStmt
	// bodyKeys is the model of keys that travel in a body (bodykey.go).
	bodyKeys bodyKeys
}

// constSets returns the package variables that hold a constant set of
// integers, such as the statuses a loop retries.
func (c *checker) constSets() map[*types.Var]map[int64]bool {
	if c.sets == nil {
		c.sets = flow.ConstSets(c.pass.TypesInfo, c.pass.Files)
	}
	return c.sets
}

func run(pass *analysis.Pass, keys, fields []string, at func(token.Pos)) (any, error) {
	loops := pass.ResultOf[retryloop.Analyzer].(*retryloop.Result)
	c := &checker{
		pass:        pass,
		keys:        keyNames{httpmodel.NewNames(keys...)},
		first:       http.CanonicalHeaderKey(keys[0]),
		loops:       loops,
		writes:      summary.NewTable[writeFact](pass),
		restyParams: summary.NewTable[restyParamFact](pass),
		forwards:    summary.NewTable[forwardFact](pass),
		methods:     summary.NewTable[methodFact](pass),
		fresh:       summary.NewTable[freshFact](pass),
		keySets:     summary.NewTable[keySetFact](pass),
		calls:       pass.ResultOf[callindex.Analyzer].(*callindex.Index),
		keyList:     keys,
		preds:       map[*types.Func]*predFact{},
		resenders:   map[*types.Func]*resendFact{},
		bodyKeys: bodyKeys{
			table:   summary.NewTable[bodyKeyFact](pass),
			fields:  newKeyFields(fields),
			tags:    map[*types.Var]string{},
			structs: map[*types.Struct]bool{},
			flows:   map[ast.Node]*flow.Func{},
			fresh:   map[freshKey]*flow.Func{},
			params:  map[ast.Node]*flow.Func{},
		},
	}
	report := pass.Report
	pass.Report = func(d analysis.Diagnostic) {
		c.reported++
		report(d)
	}
	c.computeFacts(at)
	c.computePredicates()
	if analysisutil.FactsOnly(pass) {
		c.exportResenders(loops)
		c.exportWrappers()
		return nil, nil // every fact is exported: the rest only reports
	}
	if !httpmodel.ImportsHTTP(pass.Pkg) && len(loops.Loops)+len(loops.OpLoops)+len(loops.Requeues) == 0 && loops.Ctors() == nil && len(loops.RetriedImpls()) == 0 {
		// Fresh-value facts only. A package that sends only through an
		// SDK whose API names no net/http type (so that its imports do
		// not show net/http) still has the retry loops retryloop finds
		// through the SDK's facts.
		return nil, nil
	}
	checkLibraries(pass, c.calls, keys, c.checkClients(keys), loops.Ctors(), at)
	c.checkRestyConditions(keys)
	for _, l := range loops.Loops {
		at(l.Stmt.Pos())
		c.checkLoop(l)
	}
	for _, l := range loops.OpLoops {
		at(l.Stmt.Pos())
		c.checkLoop(l)
	}
	for _, l := range loops.Requeues {
		at(l.Stmt.Pos())
		c.checkLoop(l)
	}
	for _, l := range loops.Unrolled {
		at(l.Stmt.Pos())
		c.checkLoop(l)
	}
	c.checkFrameworks()
	c.exportWrappers()
	c.checkResendCalls()
	c.reportAnyMethod()
	return nil, nil
}

// ---- sources of fresh values ----

// isFreshSource reports whether a call to fn returns a new value each time:
// crypto/rand and math/rand functions, time.Now, UUID constructors of the
// common UUID packages, or a function with a freshFact.
func (c *checker) isFreshSource(fn *types.Func) bool {
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	switch path := fn.Pkg().Path(); {
	case isRandPkg(path):
		return true
	case path == "time":
		return fn.Name() == "Now"
	case isIDPkg(path):
		return strings.HasPrefix(fn.Name(), "New") || strings.HasPrefix(fn.Name(), "Must") || fn.Name() == "Make"
	}
	return c.fresh.Lookup(fn) != nil
}

func isRandPkg(path string) bool {
	return path == "crypto/rand" || path == "math/rand" || path == "math/rand/v2"
}

// isIDPkg reports whether path is that of a UUID package or the like.
func isIDPkg(path string) bool {
	return strings.HasSuffix(path, "/uuid") || strings.HasSuffix(path, "/ulid") || strings.HasSuffix(path, "/xid") || strings.HasSuffix(path, "/ksuid")
}

// mayMakeFresh reports whether the package can call a source of fresh
// values: it imports one of their packages, or a package with a function
// that returns a fresh value (freshPkgFact). The test spares walking the
// functions of most packages; it misses a fresh value made only through a
// method of a type from a package imported indirectly.
func (c *checker) mayMakeFresh() bool {
	for _, imp := range c.pass.Pkg.Imports() {
		if path := imp.Path(); path == "time" || isRandPkg(path) || isIDPkg(path) || c.pass.ImportPackageFact(imp, new(freshPkgFact)) {
			return true
		}
	}
	return false
}

// freshFlow follows values derived from fresh sources in the function fn
// (a declaration or a literal); within reports whether a source call
// counts (for example only calls inside a loop).
func (c *checker) freshFlow(fn ast.Node, within func(ast.Node) bool) *flow.Func {
	info := c.pass.TypesInfo
	var nodes []ast.Node
	var returns []*ast.ReturnStmt
	if fd, ok := fn.(*ast.FuncDecl); ok && fd.Body != nil {
		nodes, returns = c.calls.Nodes(fd), c.calls.Returns(fd)
	}
	ft, body := flow.FuncParts(fn)
	return flow.Analyze(flow.Config{
		Info:    info,
		Nodes:   nodes,
		Returns: returns,
		Source: func(e ast.Expr) flow.Bits {
			call, ok := e.(*ast.CallExpr)
			if ok && within(call) && c.isFreshSource(httpmodel.Callee(info, call)) {
				return flow.Source
			}
			return 0
		},
		Call: func(call *ast.CallExpr, fn *types.Func, recv flow.Bits, args []flow.Bits) ([]flow.Bits, bool) {
			// Anything computed from a fresh value (formatting, hashing,
			// a method of the value) is fresh too.
			var all flow.Bits
			for _, a := range args {
				all |= a
			}
			n := 1
			if sig, ok := fn.Type().(*types.Signature); ok {
				n = max(sig.Results().Len(), 1)
			}
			out := make([]flow.Bits, n)
			out[0] = all | recv
			return out, true
		},
		// A buffer filled from a fresh source (rand.Read(b)) is fresh,
		// and so is one written from a fresh value.
		Writes: func(f *flow.Func, call *ast.CallExpr, dest ast.Expr) flow.Bits {
			if within(call) && c.isFreshSource(httpmodel.Callee(info, call)) {
				return flow.Source
			}
			return f.Operands(call, dest)
		},
	}, ft, body)
}

// ---- facts ----

// mayBeKey reports whether the first result of fn is of a type a key is
// made from: a string, a number, a byte slice, an array (a UUID) or a
// time.Time. Only such a function can be a fresh source itself; the test
// spares following values through the many functions that return an
// error, a pointer or a struct.
func mayBeKey(fn *types.Func) bool {
	res := fn.Type().(*types.Signature).Results()
	if res.Len() == 0 {
		return false
	}
	t := res.At(0).Type()
	if httpmodel.IsNamed(t, "time", "Time") {
		return true
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Info()&(types.IsString|types.IsNumeric) != 0
	case *types.Array:
		return true
	case *types.Slice:
		b, ok := u.Elem().Underlying().(*types.Basic)
		return ok && b.Kind() == types.Byte
	}
	return false
}

// callsFresh reports whether body calls a fresh source: the cheap test
// before following values through it.
func (c *checker) callsFresh(fd *ast.FuncDecl) bool {
	return slices.ContainsFunc(c.calls.Calls(fd), func(call callindex.Call) bool { return c.isFreshSource(call.Callee) })
}

func (c *checker) computeFacts(at func(token.Pos)) {
	fresh := c.mayMakeFresh()
	sends := slices.ContainsFunc(c.calls.Funcs(), func(f callindex.Func) bool { return f.Obj != nil && c.loops.Sends(f.Obj) })
	setters := slices.ContainsFunc(c.calls.Funcs(), func(f callindex.Func) bool { return f.Obj != nil && mayKeySet(f.Obj) })
	builds := slices.ContainsFunc(c.calls.Funcs(), func(f callindex.Func) bool { return f.Obj != nil && buildsRequest(f.Obj) })
	resty := retrylib.Imports(c.pass.Pkg, retrylib.RestyV2)
	bodies := c.buildsBodies()
	if !fresh && !sends && !setters && !builds && !resty && !bodies {
		return // nothing to summarise: the graph would index every body for nothing
	}
	g := summary.NewGraph(c.calls)
	c.solveRestyParams(g)
	// Fresh values first: a write's key is fresh when it comes from one.
	if fresh {
		c.fresh.Solve(g, summary.Problem[*freshFact]{
			Active: func(i int) bool { return mayBeKey(g.Funcs[i].Obj) },
			Summarise: func(i int) (*freshFact, bool) {
				fd := g.Funcs[i].Decl
				at(fd.Pos())
				if !c.callsFresh(fd) {
					return nil, false
				}
				f := c.freshFlow(fd, func(ast.Node) bool { return true })
				if r := f.Results(); len(r) > 0 && r[0]&flow.Source != 0 {
					return new(freshFact), true
				}
				return nil, false
			},
			Equal: func(a, b *freshFact) bool { return (a == nil) == (b == nil) },
			Join: func(old, new *freshFact) *freshFact {
				if old != nil {
					return old
				}
				return new
			},
		})
		for i, f := range g.Funcs {
			if c.fresh.Local(i) != nil && f.Obj.Exported() {
				c.pass.ExportPackageFact(new(freshPkgFact))
				break
			}
		}
	}
	// Bodies with a key next: a write whose body carries one is keyed.
	if bodies {
		c.solveBodyKeys(g)
	}
	// Key setters next: a write's key may be set through one.
	if setters {
		c.solveKeySets(g)
	}
	// Request builders and forwarding functions next: a write may be
	// sent through one, a caller's method reach a request through one.
	c.methods.Solve(g, summary.Problem[*methodFact]{
		Active: func(i int) bool { return buildsRequest(g.Funcs[i].Obj) },
		Summarise: func(i int) (*methodFact, bool) {
			at(g.Funcs[i].Decl.Pos())
			m := c.methodOf(g.Funcs[i].Decl)
			return m, m != nil
		},
		Equal: func(a, b *methodFact) bool {
			return (a == nil) == (b == nil) && (a == nil || *a == *b)
		},
		Join: func(old, new *methodFact) *methodFact {
			if new != nil {
				return new
			}
			return old
		},
	})
	c.forwards.Solve(g, summary.Problem[*forwardFact]{
		Active: func(i int) bool { return c.loops.Sends(g.Funcs[i].Obj) },
		Summarise: func(i int) (*forwardFact, bool) {
			at(g.Funcs[i].Decl.Pos())
			f := c.forwardOf(g.Funcs[i].Decl)
			return f, f != nil
		},
		Equal: func(a, b *forwardFact) bool {
			return (a == nil) == (b == nil) && (a == nil || *a == *b)
		},
		// The first request a function sends is the one it forwards.
		Join: func(old, new *forwardFact) *forwardFact {
			if new != nil {
				return new
			}
			return old
		},
	})
	c.writes.Solve(g, summary.Problem[*writeFact]{
		Active: func(i int) bool { return c.loops.Sends(g.Funcs[i].Obj) },
		Summarise: func(i int) (*writeFact, bool) {
			at(g.Funcs[i].Decl.Pos())
			w := c.writeOf(g.Funcs[i].Decl)
			return w, w != nil
		},
		Equal: func(a, b *writeFact) bool {
			return (a == nil) == (b == nil) && (a == nil || *a == *b)
		},
		// A function sends one write (the first): a later summary
		// differs only while its callees' are being found.
		Join: func(old, new *writeFact) *writeFact {
			if new != nil {
				return new
			}
			return old
		},
	})
}

// writeOf summarises a function that sends a POST or PATCH outside loops
// of its own (a function that retries inside is judged there), or that
// sends, in a loop of its own, a request of the method its caller hands
// it (an SDK's do(ctx, method, path, body) that retries a 429 itself). A
// fixed POST sent in a loop is not taken: an API that sends every call as
// a POST (an RPC API, whose reads are POSTs too) says nothing by it, while
// a caller that chooses POST among the methods asks for a write.
func (c *checker) writeOf(fd *ast.FuncDecl) *writeFact {
	if w := c.writeIn(fd, false); w != nil {
		return w
	}
	return c.writeIn(fd, true)
}

// writeIn is writeOf outside loops, or, with loops set, for the sends of
// a method handed in anywhere in the body.
func (c *checker) writeIn(fd *ast.FuncDecl, loops bool) *writeFact {
	var w *writeFact
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ForStmt, *ast.RangeStmt:
			return loops
		case *ast.CallExpr:
			if w != nil {
				return false
			}
			s, ok := c.sendOf(fd, n)
			if ok && s.method == "" {
				w = c.methodArgWrite(fd, s)
				return w == nil
			}
			if loops {
				return true
			}
			if ok && isWrite(s.method) && !c.tokenRequest(fd, s) {
				w = &writeFact{Method: s.method}
				if s.keyedBy != "" {
					w.Keyed, w.Fresh = true, true
				} else if s.bodyKey {
					// A key in the body: the helper's own, or the
					// argument its caller hands in.
					w.Keyed = true
					w.KeyArg = s.bodyKeyParam + 1
				} else if s.keyed != nil {
					w.Keyed = true
					f := c.freshFlow(fd, func(ast.Node) bool { return true })
					w.Fresh = f.Expr(s.keyed)&flow.Source != 0
					w.KeyArg = c.paramIndex(fd, s.keyed) + 1
				} else if s.helper != nil {
					w.Keyed, w.Fresh = s.helper.Keyed, s.helper.Fresh
					if arg := keyArg(c.pass.TypesInfo, s.helper, s.call); arg != nil {
						w.KeyArg = c.paramIndex(fd, arg) + 1
					}
				}
			}
		}
		return true
	})
	return w
}

// keyArg returns the argument of call that the write w takes its key
// from, or nil.
func keyArg(info *types.Info, w *writeFact, call *ast.CallExpr) ast.Expr {
	if w.KeyArg == 0 {
		return nil
	}
	_, args := httpmodel.Receiver(info, call)
	if w.KeyArg > len(args) {
		return nil
	}
	return args[w.KeyArg-1]
}

// noKey reports whether e is the empty string constant: no key.
func noKey(info *types.Info, e ast.Expr) bool {
	s, ok := httpmodel.ConstString(info, e)
	return ok && s == ""
}

// paramIndex returns the index of the parameter of fd that e names, or
// -1.
func (c *checker) paramIndex(fd *ast.FuncDecl, e ast.Expr) int {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok || fd.Type.Params == nil {
		return -1
	}
	v := c.pass.TypesInfo.Uses[id]
	i := 0
	for _, f := range fd.Type.Params.List {
		if len(f.Names) == 0 {
			i++
			continue
		}
		for _, n := range f.Names {
			if v != nil && c.pass.TypesInfo.Defs[n] == v {
				return i
			}
			i++
		}
	}
	return -1
}

func isWrite(method string) bool {
	return method == http.MethodPost || method == http.MethodPatch
}

// joinMethod returns the method that stands for a request built with m
// ("" for none yet) or n, on different paths: the write, when one is a
// write (method := "GET"; if body != nil { method = "POST" } sends a POST
// on some path), POST for a POST or a PATCH (an upsert's method :=
// "POST"; if id != "" { method = "PATCH" }), and otherwise m. ok is false
// for an empty n.
func joinMethod(m, n string) (string, bool) {
	switch {
	case n == "":
		return "", false
	case m == "" || m == n:
		return n, true
	case isWrite(m) && isWrite(n):
		return http.MethodPost, true
	case isWrite(n):
		return n, true
	}
	return m, true
}

// ---- sends and their methods ----

// A send is a call that sends a request with a known method.
type send struct {
	call   *ast.CallExpr
	method string
	// req is the request variable of Do and RoundTrip, nil for the
	// URL-taking shapes and for helpers.
	req *types.Var
	// build is what made req, when it is known: the http.NewRequest call,
	// the call of a helper that builds it, its struct literal, or the
	// method stored in a request declared empty.
	build ast.Expr
	// keyed is the value of the idempotency key set on the request, nil
	// when none is set.
	keyed ast.Expr
	// keyedBy names the helper that sets a key it makes afresh on every
	// call (addKey(req)), when it sets the key last; keyed is then nil.
	keyedBy string
	// bodyKey reports that keyed is not a header's value but the body
	// (or the value the body is made from) that carries a key in a
	// field (see bodyKeyed), made once or, when bodyKeyParam is not -1,
	// handed in as that parameter of the function that sends.
	bodyKey      bool
	bodyKeyParam int
	// helper is the fact of a function that sends the write.
	helper *writeFact
	// impl is the method that sends the write when call calls a method
	// of an interface (see ifaceWrite), nil otherwise; implFresh says
	// that it sets a key it makes anew on every call.
	impl      *types.Func
	implFresh bool
	// anyMethod reports a request whose method the function does not
	// fix: the request it was given, or one built with the caller's
	// method. method is then "".
	anyMethod bool
	// request is the request argument of an anyMethod send.
	request ast.Expr
	// raw is what gets a wrapper's *http.Request from request (".Raw()"),
	// "" for a *http.Request.
	raw string
	// methodArg is the argument a helper takes the method from, when it
	// is not a constant (the caller's own parameter); method is then "".
	methodArg ast.Expr
	// methodField is the field of methodArg that holds the method, ""
	// when methodArg is the method itself.
	methodField string
}

// methodArgWrite summarises fd when its send s, whose method is not fixed,
// sends the request with the method of one of fd's parameters: built with
// it (directly or through a helper) or handed it by fd's own caller
// through another such function. Nil otherwise.
func (c *checker) methodArgWrite(fd *ast.FuncDecl, s send) *writeFact {
	info := c.pass.TypesInfo
	// The method expressions, each with the field of a struct that a
	// builder reads the method from.
	type use struct {
		e     ast.Expr
		field string
	}
	var ms []use
	var keyed ast.Expr
	var keyedBy string
	switch {
	case s.methodArg != nil:
		ms = []use{{s.methodArg, s.methodField}}
	case s.anyMethod && s.req != nil:
		values, _ := flow.Assigned(info, fd, s.req)
		for _, val := range values {
			if lit := httpmodel.RequestLit(info, val); lit != nil {
				ms = append(ms, use{e: httpmodel.LitMethod(lit)})
				continue
			}
			b, ok := ast.Unparen(val).(*ast.CallExpr)
			if !ok {
				return nil
			}
			if derivedFrom(info, b, s.req) {
				// req = req.WithContext(ctx): the same request with
				// another context keeps the method it was built with.
				continue
			}
			if _, _, isNew := httpmodel.NewRequestMethod(info, b); isNew {
				ms = append(ms, use{e: methodArg(info, b)})
				continue
			}
			mf := c.lookupMethod(httpmodel.Callee(info, b))
			if mf == nil || mf.Const != "" {
				return nil
			}
			e, ok := mf.from(info, b)
			if !ok {
				return nil
			}
			ms = append(ms, use{e, mf.Field})
		}
		if stores := httpmodel.MethodStores(info, fd, s.req); len(stores) > 0 {
			ms = ms[:0]
			for _, e := range stores {
				ms = append(ms, use{e: e})
			}
		}
		keyed, keyedBy = c.keyValue(fd, s.req)
	default:
		return nil
	}
	index, field := -1, ""
	for _, m := range ms {
		i, f := c.methodParam(fd, m.e, m.field)
		if i < 0 || index >= 0 && (i != index || f != field) {
			return nil
		}
		index, field = i, f
	}
	if index < 0 {
		return nil
	}
	w := &writeFact{MethodArg: index + 1, MethodField: field}
	switch {
	case keyedBy != "":
		w.Keyed, w.Fresh = true, true
	case keyed != nil:
		w.Keyed = true
		w.Fresh = c.freshFlow(fd, func(ast.Node) bool { return true }).Expr(keyed)&flow.Source != 0
		w.KeyArg = c.paramIndex(fd, keyed) + 1
	case s.helper != nil:
		w.Keyed, w.Fresh, w.KeyArg = s.helper.Keyed, s.helper.Fresh, 0
		if arg := keyArg(info, s.helper, s.call); arg != nil {
			w.KeyArg = c.paramIndex(fd, arg) + 1
		}
	}
	return w
}

// sendOf recognises a call in fn that sends a request whose method is
// known: a send of net/http, or a call to a function with a writeFact.
func (c *checker) sendOf(fn ast.Node, call *ast.CallExpr) (send, bool) {
	s, ok := c.sendOfCall(fn, call)
	if ok && !s.anyMethod && s.keyed == nil && s.keyedBy == "" && (s.helper == nil || !s.helper.Keyed) && (isWrite(s.method) || s.methodArg != nil) {
		if arg, param := c.bodyKeyed(fn, s); arg != nil {
			s.keyed, s.bodyKey, s.bodyKeyParam = arg, true, param
		}
	}
	return s, ok
}

// sendOfCall is sendOf, before a key in the body is looked for.
func (c *checker) sendOfCall(fn ast.Node, call *ast.CallExpr) (send, bool) {
	info := c.pass.TypesInfo
	s, ok := httpmodel.SendOf(info, call)
	if ok && s.Request == nil && s.Method == "" {
		// A pipeline's next stage, handed the caller's request or a
		// wrapper of it.
		if req := c.dynamicRequest(fn, call); req != nil {
			return c.requestSend(fn, call, req)
		}
		// A func field of a send's shape that the package sets to one
		// function: that function's call.
		ok = ok && c.seamFunc(call) == nil
	}
	if !ok {
		f := httpmodel.Callee(info, call)
		if f == nil || isAbstract(f) {
			// A call through a func value or an interface (a pipeline's
			// next stage: next.Do(ctx, req)) that is handed the caller's
			// request, or a wrapper of it, passes that request on.
			if req := c.dynamicRequest(fn, call); req != nil {
				return c.requestSend(fn, call, req)
			}
		}
		if f == nil {
			f = c.seamFunc(call)
		}
		if f == nil {
			return send{}, false
		}
		if w := c.writes.Lookup(f); w != nil {
			if w.MethodArg > 0 {
				// The method is the caller's argument.
				_, args := httpmodel.Receiver(info, call)
				if w.MethodArg > len(args) {
					return send{}, false
				}
				arg := args[w.MethodArg-1]
				m, known := c.methodIn(fn, arg, w.MethodField)
				if !known {
					return send{call: call, helper: w, methodArg: arg, methodField: w.MethodField}, true
				}
				w = &writeFact{Method: m, Keyed: w.Keyed, Fresh: w.Fresh, KeyArg: w.KeyArg}
			}
			if arg := keyArg(info, w, call); arg != nil && w.Keyed && noKey(info, arg) {
				// The caller passes "" for the key: it sends none.
				w = &writeFact{Method: w.Method, KeyArg: w.KeyArg}
			}
			if !w.Keyed && c.editorSetsKey(fn, call) {
				// A request editor handed to the helper sets the key.
				w = &writeFact{Method: w.Method, Keyed: true}
			}
			return send{call: call, method: w.Method, helper: w}, true
		}
		// A function that sends the request it is handed.
		if req, ok := c.forwarded(call); ok {
			return c.requestSend(fn, call, req)
		}
		return send{}, false
	}
	out := send{call: call, method: s.Method}
	if s.Request == nil {
		return out, s.Method != ""
	}
	return c.requestSend(fn, call, s.Request)
}

// decorated returns the request that e hands on when e is a call of a
// decorator of the package that hands back the request it is given (see
// callindex.ReturnsParam), through any number of them; e otherwise.
func (c *checker) decorated(e ast.Expr) ast.Expr {
	info := c.pass.TypesInfo
	for range 8 {
		call, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok || call.Ellipsis.IsValid() {
			return e
		}
		callee := httpmodel.Callee(info, call)
		i := c.calls.ReturnsParam(callee)
		if i < 0 || callee.Pkg() != c.pass.Pkg || c.keySets.Lookup(callee) != nil {
			// A decorator that sets a key runs after any key a fix
			// would set before the send: it is left opaque.
			return e
		}
		_, args := httpmodel.Receiver(info, call)
		if i >= len(args) {
			return e
		}
		e = args[i]
	}
	return e
}

// isAbstract reports whether f is a method of an interface: a call of it
// runs whatever implementation the value holds.
func isAbstract(f *types.Func) bool {
	recv := f.Type().(*types.Signature).Recv()
	return recv != nil && types.IsInterface(recv.Type())
}

// dynamicRequest returns the one argument of call, a call through a func
// value or an interface method, that is a request of fn's caller or a
// wrapper of one (see fromCaller); nil for none, or for more than one.
func (c *checker) dynamicRequest(fn ast.Node, call *ast.CallExpr) ast.Expr {
	info := c.pass.TypesInfo
	var req ast.Expr
	for _, a := range call.Args {
		if !carriesRequest(info.TypeOf(a)) {
			continue
		}
		if req != nil || !c.fromCaller(fn, a) {
			return nil
		}
		req = a
	}
	return req
}

// requestSend describes the call of fn that sends the request req: a
// *http.Request, or a wrapper of one (see holdsRequest).
func (c *checker) requestSend(fn ast.Node, call *ast.CallExpr, req ast.Expr) (send, bool) {
	info := c.pass.TypesInfo
	out := send{call: call}
	if t := info.TypeOf(req); !httpmodel.IsRequest(t) {
		// A wrapper: only one of the caller's is known to carry any
		// method, and a fix needs its *http.Request.
		raw := rawRequest(c.pass.Pkg, t)
		if raw == "" {
			return send{}, false
		}
		if !c.fromCaller(fn, req) {
			// A holder made here of a request built here: that
			// request, whatever its method.
			if held := c.heldRequest(fn, req, raw); held != nil {
				return c.requestSend(fn, call, held)
			}
			return send{}, false
		}
		return send{call: call, anyMethod: true, request: req, raw: raw}, true
	}
	for {
		// A copy of the request with another context (client.Do(
		// req.WithContext(ctx)), req.Clone(ctx)) has its method and
		// its header.
		wrap, isCall := ast.Unparen(req).(*ast.CallExpr)
		if !isCall {
			break
		}
		if d := c.decorated(wrap); d != ast.Expr(wrap) {
			// A decorator of the package that hands back the request
			// it edits (client.Do(c.authorize(req))).
			req = d
			continue
		}
		sel, isSel := ast.Unparen(wrap.Fun).(*ast.SelectorExpr)
		if !isSel || !httpmodel.IsMethod(httpmodel.Callee(info, wrap), "net/http", "Request", "WithContext", "Clone") {
			break
		}
		req = sel.X
	}
	if u, isAddr := ast.Unparen(req).(*ast.UnaryExpr); isAddr && u.Op == token.AND {
		// The address of a request the function built as a struct
		// value: Do(&req).
		if x, isID := ast.Unparen(u.X).(*ast.Ident); isID && httpmodel.IsRequestValue(info.TypeOf(x)) {
			req = x
		}
	}
	id, ok := ast.Unparen(req).(*ast.Ident)
	if !ok {
		if c.fromCaller(fn, req) {
			// A field holding a request, a copy of one, a wrapper's
			// request: whatever its method.
			return send{call: call, anyMethod: true, request: req}, true
		}
		return send{}, false
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok {
		return send{}, false
	}
	out.req = v
	if lit, isLit := fn.(*ast.FuncLit); isLit && (v.Pos() < lit.Pos() || v.Pos() >= lit.End()) {
		// A request the function around the literal builds, as an
		// operation handed to a retry helper captures it: its method
		// and key are that function's.
		// The function is the innermost around the request's
		// declaration: the declaration, or a literal (a sender written
		// as a RoundTripperFunc literal) whose parameter it is.
		if file := fixes.FileOf(c.pass, lit.Pos()); file != nil {
			if d, ok := c.declOf(file, lit).(*ast.FuncDecl); ok && d.Body != nil && d.Pos() <= v.Pos() && v.Pos() < d.End() {
				fn = d
				if around := litAround(d, v.Pos()); around != nil {
					fn = around
				}
			}
		}
	}
	// The request's method: every assignment to it must be a
	// NewRequest with a constant method (or a method variable assigned
	// only constants), all the same.
	// A request of the caller's among its values is enough for any
	// method (a variable declared first is assigned one later); a known
	// method needs all of them.
	values, known := flow.Assigned(info, fn, v)
	if _, isStruct := v.Type().Underlying().(*types.Struct); isStruct && !known {
		values, known = flow.AssignedStruct(info, fn, v)
	} else if !known && httpmodel.IsRequest(v.Type()) && !addressTaken(info, fn, v) {
		// var req *http.Request declared first and assigned later
		// (req, err = http.NewRequest(...)): a nil request is never
		// sent, so the declaration adds no method.
		values, known = flow.AssignedStruct(info, fn, v)
	}
	if (known || len(values) > 0) && c.anyMethodRequest(fn, v, values) {
		return send{call: call, req: v, anyMethod: true, request: req}, true
	}
	if !known {
		return send{}, false
	}
	for _, val := range values {
		if lit := httpmodel.RequestLit(info, val); lit != nil {
			// A request built as a struct literal: its Method field,
			// GET when it has none.
			m, known := http.MethodGet, true
			if e := httpmodel.LitMethod(lit); e != nil {
				if m, known = httpmodel.ConstString(info, e); !known {
					m, known = c.methodVarExpr(fn, e)
				}
			}
			if !known {
				return send{}, false
			}
			if m, known = joinMethod(out.method, m); !known {
				return send{}, false
			}
			out.method, out.build = m, val
			continue
		}
		b, ok := ast.Unparen(val).(*ast.CallExpr)
		if !ok {
			return send{}, false
		}
		if derivedFrom(info, b, v) {
			// req = req.WithContext(ctx): the same request with another
			// context keeps the method it was built with.
			continue
		}
		m, known, isNew := httpmodel.NewRequestMethod(info, b)
		if !isNew {
			// A helper of the package that builds the request with the
			// method it is handed: c.newRequest(ctx, "POST", path, body),
			// or with one of its own.
			mf := c.lookupMethod(httpmodel.Callee(info, b))
			if cm, ok := c.ifaceMethod(httpmodel.Callee(info, b)); mf == nil && ok {
				// A request factory behind an interface.
				mf = &methodFact{Const: cm}
			}
			if mf == nil {
				// A local closure that builds it: newReq().
				cm := c.closureMethod(fn, b)
				if cm == "" {
					return send{}, false
				}
				mf = &methodFact{Const: cm}
			}
			if mf.Const != "" {
				m, known = mf.Const, true
			} else if e, ok := mf.from(info, b); !ok {
				return send{}, false
			} else {
				m, known = c.methodIn(fn, e, mf.Field)
			}
		} else if !known {
			m, known = c.methodVar(fn, b)
		}
		if !known {
			return send{}, false
		}
		if m, known = joinMethod(out.method, m); !known {
			return send{}, false
		}
		out.method, out.build = m, b
	}
	// A method set on the request after it is built (req.Method = m)
	// is the one it is sent with.
	if stores := httpmodel.MethodStores(info, fn, v); len(stores) > 0 {
		out.method = ""
		for _, e := range stores {
			m, known := httpmodel.ConstString(info, e)
			if !known {
				m, known = c.methodVarExpr(fn, e)
			}
			if !known || (out.method != "" && out.method != m) {
				return send{}, false
			}
			out.method = m
			if out.build == nil {
				out.build = e
			}
		}
	}
	if out.method == "" {
		return send{}, false
	}
	out.keyed, out.keyedBy = c.keyValue(fn, v)
	return out, true
}

// methodVar resolves the method argument of a NewRequest call that is a
// local variable, not a parameter, assigned only one constant.
func (c *checker) methodVar(fn ast.Node, build *ast.CallExpr) (string, bool) {
	return c.methodVarExpr(fn, methodArg(c.pass.TypesInfo, build))
}

// methodVarExpr resolves a method argument that is a local variable, not a
// parameter, assigned only one constant.
func (c *checker) methodVarExpr(fn ast.Node, arg ast.Expr) (string, bool) {
	info := c.pass.TypesInfo
	id, ok := ast.Unparen(arg).(*ast.Ident)
	if !ok {
		return "", false
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok || v.Parent() == v.Pkg().Scope() || c.paramOf(fn, v) {
		// A parameter holds the caller's method, even when a default
		// replaces an empty one (if method == "" { method = "GET" }).
		return "", false
	}
	m := ""
	vals, known := flow.Assigned(info, fn, v)
	if !known || len(vals) == 0 {
		return "", false
	}
	for _, val := range vals {
		s, ok := httpmodel.ConstString(info, val)
		if !ok {
			return "", false
		}
		if m, ok = joinMethod(m, s); !ok {
			return "", false
		}
	}
	return m, true
}

// keyValue returns the value of the idempotency key set on the request v
// in fn, or nil when none is: req.Header.Set(name, value), Add,
// req.Header[name] = []string{value}, a call of a function that sets a
// key on the request or its header it is handed (the argument it takes
// the key from; for a key of the helper's own, its name stands for a
// value made once, or keyedBy names it when it makes the key afresh), or
// req.Header = h (or h.Clone()) of a header h of fn set such a key. Of
// several, the last written counts: a header replaced after a key was set
// has lost it.
func (c *checker) keyValue(fn ast.Node, v *types.Var) (val ast.Expr, keyedBy string) {
	info := c.pass.TypesInfo
	isVar := func(e ast.Expr, v *types.Var) bool {
		id, ok := ast.Unparen(c.decorated(e)).(*ast.Ident)
		return ok && info.Uses[id] == v
	}
	isReqHeader := func(e ast.Expr) bool {
		sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
		return ok && sel.Sel.Name == "Header" && isVar(sel.X, v)
	}
	// keyOn finds the key set on the headers that held(e) tells, in fn.
	var keyOn func(held func(ast.Expr) bool) (ast.Expr, string, bool)
	keyOn = func(held func(ast.Expr) bool) (ast.Expr, string, bool) {
		var val ast.Expr
		var by string
		found := false
		set := func(e ast.Expr, b string) { val, by, found = e, b, true }
		ast.Inspect(fn, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				if a, ok := httpmodel.HeaderCall(info, n); ok {
					if (a.Op == httpmodel.HeaderSet || a.Op == httpmodel.HeaderAdd) && c.keys.Has(a.Name) && held(a.Header) {
						set(a.Value, "")
					}
					return true
				}
				callee := httpmodel.Callee(info, n)
				if callee == nil {
					return true
				}
				k := c.keySets.Lookup(callee)
				if k == nil {
					return true
				}
				_, args := httpmodel.Receiver(info, n)
				if k.Param >= len(args) || !held(args[k.Param]) {
					return true
				}
				switch {
				case k.Value >= 0 && k.Value < len(args):
					set(args[k.Value], "")
				case k.Fresh:
					set(nil, callee.Name())
				default:
					set(n.Fun, "")
				}
			case *ast.AssignStmt:
				for i, l := range n.Lhs {
					if i >= len(n.Rhs) {
						continue
					}
					if ix, ok := l.(*ast.IndexExpr); ok {
						if a, ok := httpmodel.HeaderIndexExpr(info, ix); ok && c.keys.Has(a.Name) && held(a.Header) {
							set(n.Rhs[i], "")
						}
						continue
					}
					if !held(l) || !httpmodel.IsNamed(info.TypeOf(l), "net/http", "Header") {
						continue
					}
					// The whole header replaced: by one that holds a key,
					// or not (a copy of its own keeps what it holds).
					rhs := ast.Unparen(n.Rhs[i])
					if call, ok := rhs.(*ast.CallExpr); ok && len(call.Args) == 0 && httpmodel.IsMethod(httpmodel.Callee(info, call), "net/http", "Header", "Clone") {
						rhs = call.Fun.(*ast.SelectorExpr).X
					}
					if held(rhs) {
						continue
					}
					h := headerVar(info, n.Rhs[i])
					if h == nil {
						set(nil, "")
						continue
					}
					if e, b, ok := keyOn(func(e ast.Expr) bool { return isVar(e, h) }); ok {
						set(e, b)
					} else {
						set(nil, "")
					}
				}
			}
			return true
		})
		return val, by, found
	}
	val, keyedBy, _ = keyOn(func(e ast.Expr) bool { return isVar(e, v) || isReqHeader(e) })
	return val, keyedBy
}

// headerVar returns the local header variable h of e, h or h.Clone(), or
// nil.
func headerVar(info *types.Info, e ast.Expr) *types.Var {
	e = ast.Unparen(e)
	if call, ok := e.(*ast.CallExpr); ok && len(call.Args) == 0 && httpmodel.IsMethod(httpmodel.Callee(info, call), "net/http", "Header", "Clone") {
		e = ast.Unparen(call.Fun.(*ast.SelectorExpr).X)
	}
	id, ok := e.(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok || v.IsField() || v.Parent() == v.Pkg().Scope() {
		return nil
	}
	return v
}

// ---- the loop ----

func (c *checker) checkLoop(l *retryloop.Loop) {
	file := fixes.FileOf(c.pass, l.Stmt.Pos())
	if file == nil {
		return
	}
	for _, call := range l.Sends {
		if lit := c.loops.ClosureOf(call); lit != nil {
			if c.checkClosure(file, l, call, lit) {
				return
			}
			continue
		}
		s, ok := c.sendOf(l.Func, call)
		if ok && s.anyMethod && len(l.Requeue) > 0 {
			analysisutil.Gate(c.pass, call.Pos(), "any-requeue", "a request of any method re-sent by a worker's queue")
			continue // a worker's queue of requests: no guard fits
		}
		if ok && s.anyMethod {
			if c.checkAnyMethod(file, l, s) {
				return
			}
			continue
		}
		if !ok {
			s, ok = c.ifaceWrite(call)
		}
		if !ok {
			c.gateUnresolved(call, "send-unresolved", "a send in a retry loop")
			continue
		}
		if c.sendsCallersMethod(l.Func, s) {
			if c.checkMethodArg(file, l, s) {
				return
			}
			continue
		}
		if !isWrite(s.method) {
			continue
		}
		outcome, ok := c.retriesUnknown(l, s)
		if !ok {
			analysisutil.Gate(c.pass, call.Pos(), "write-outcome-"+c.why, s.method+" in a retry loop, no unknown outcome found retried")
		}
		if ok && c.checkWrite(file, l, s, outcome) {
			return
		}
	}
}

// checkClosure judges the sends of a local closure that the loop l calls
// (call): the loop starts another attempt when the closure returns an
// error, and the closure returns one when its send fails. It reports
// whether it reported.
func (c *checker) checkClosure(file *ast.File, l *retryloop.Loop, call *ast.CallExpr, lit *ast.FuncLit) bool {
	if _, ok := c.retriesUnknownOp(l, send{call: call, helper: &writeFact{}}, false); !ok {
		analysisutil.Gate(c.pass, call.Pos(), "closure-outcome-"+c.why, "a closure that sends, called in a retry loop, no unknown outcome found retried")
		return false
	}
	op := c.loops.ClosureLoop(l, call)
	if op == nil {
		analysisutil.Gate(c.pass, call.Pos(), "closure-noop", "a closure that sends, called in a retry loop, not understood as an operation")
		return false
	}
	for _, inner := range op.Sends {
		s, ok := c.sendOf(lit, inner)
		switch {
		case !ok:
			c.gateUnresolved(inner, "closure-send-unresolved", "a send in a closure retried by a loop")
			continue
		case s.anyMethod:
			if c.checkClosureAny(file, l, op, s) {
				return true
			}
			continue
		case !isWrite(s.method):
			continue
		}
		outcome, ok := c.retriesUnknownOp(op, s, true)
		if !ok {
			analysisutil.Gate(c.pass, inner.Pos(), "closure-write-outcome-"+c.why, s.method+" in a closure retried by a loop, no unknown outcome found retried")
		}
		if ok && c.checkWrite(file, op, s, outcome) {
			return true
		}
	}
	return false
}

// checkWrite reports the write s of loop l, retried after outcome, unless
// it carries one key for every attempt; it reports whether it did.
func (c *checker) checkWrite(file *ast.File, l *retryloop.Loop, s send, outcome string) bool {
	if c.written[s.call] {
		return true
	}
	var fresh ast.Expr
	switch {
	case s.bodyKey:
		return false // a key in the body, the same on every attempt
	case s.helper != nil && s.helper.Keyed:
		// A helper that sets the key its caller hands it: the key is
		// the argument, made once or on every attempt. One that makes
		// the key itself, afresh on every call, is handed one made
		// before the loop (see reportHelperFresh).
		arg := keyArg(c.pass.TypesInfo, s.helper, s.call)
		if arg == nil {
			if !s.helper.Fresh {
				return false // a key the helper keeps: one for every attempt
			}
			if !c.reportHelperFresh(file, l, s, outcome) {
				analysisutil.Gate(c.pass, s.call.Pos(), "write-helper-fresh-key", s.method+" retried through a helper that makes a new key on every call")
				return false
			}
			if c.written == nil {
				c.written = map[*ast.CallExpr]bool{}
			}
			c.written[s.call] = true
			return true
		}
		within := func(n ast.Node) bool { return l.Body.Pos() <= n.Pos() && n.End() <= l.Body.End() }
		if c.freshFlow(l.Func, within).Expr(arg)&flow.Source == 0 {
			return false // one key for every attempt
		}
		fresh = arg
	case s.keyed != nil:
		within := func(n ast.Node) bool { return l.Body.Pos() <= n.Pos() && n.End() <= l.Body.End() }
		f := c.freshFlow(l.Func, within)
		if f.Expr(s.keyed)&flow.Source == 0 {
			return false // one key for every attempt
		}
		fresh = s.keyed
	}
	before := c.reported
	if fresh != nil {
		c.reportFresh(file, l, s, fresh, outcome)
	} else {
		c.reportMissing(file, l, s, outcome)
	}
	if c.reported > before {
		if c.written == nil {
			c.written = map[*ast.CallExpr]bool{}
		}
		c.written[s.call] = true
	}
	return true
}

// editorSetsKey reports whether call hands its callee a request editor
// that sets an idempotency key: a function literal, or a local variable
// assigned only such literals, with a *http.Request parameter on which
// it sets a key header, as the request editors of generated clients do
// (client.CreatePet(ctx, body, func(ctx context.Context, req
// *http.Request) error { req.Header.Set("Idempotency-Key", key); ... })).
func (c *checker) editorSetsKey(fn ast.Node, call *ast.CallExpr) bool {
	info := c.pass.TypesInfo
	for _, arg := range call.Args {
		var lits []*ast.FuncLit
		switch a := ast.Unparen(arg).(type) {
		case *ast.FuncLit:
			lits = append(lits, a)
		case *ast.Ident:
			v, ok := info.Uses[a].(*types.Var)
			if !ok || v.Parent() == v.Pkg().Scope() {
				continue
			}
			vals, known := flow.Assigned(info, fn, v)
			if !known || len(vals) == 0 {
				continue
			}
			for _, val := range vals {
				lit, isLit := ast.Unparen(val).(*ast.FuncLit)
				if !isLit {
					lits = nil
					break
				}
				lits = append(lits, lit)
			}
		case *ast.CallExpr:
			// An option made by a function of the package
			// (withIdempotencyKey(key)): the literals it returns. A key
			// made for each attempt and handed to one (key := newKey();
			// withIdempotencyKey(key) in the loop) is not told apart
			// from one made once: the key fix, set before the editors
			// run, would be overwritten by it.
			lits = c.editorsMadeBy(a)
		}
		all := len(lits) > 0
		for _, lit := range lits {
			all = all && c.litSetsKey(lit)
		}
		if all {
			return true
		}
	}
	return false
}

// editorsMadeBy returns the function literals that call, a call of a
// function of the package with plain variables or constants for
// arguments (a key made once, not a key made by the call), returns from
// every return statement (func withKey(k string) option { return
// func(r *http.Request) { r.Header.Set("Idempotency-Key", k) } }), or nil.
func (c *checker) editorsMadeBy(call *ast.CallExpr) []*ast.FuncLit {
	info := c.pass.TypesInfo
	for _, a := range call.Args {
		switch a := ast.Unparen(a).(type) {
		case *ast.Ident, *ast.BasicLit:
		case *ast.SelectorExpr:
			if !fixes.Pure(info, a) {
				return nil
			}
		default:
			return nil
		}
	}
	fn := httpmodel.Callee(info, call)
	if fn == nil || fn.Pkg() != c.pass.Pkg {
		return nil
	}
	f, ok := c.calls.Decl(fn)
	if !ok || f.Decl == nil || f.Decl.Body == nil {
		return nil
	}
	var lits []*ast.FuncLit
	for _, r := range c.calls.Returns(f.Decl) {
		if len(r.Results) != 1 {
			return nil
		}
		e := ast.Unparen(r.Results[0])
		if conv, isCall := e.(*ast.CallExpr); isCall && len(conv.Args) == 1 {
			if tv, found := info.Types[conv.Fun]; found && tv.IsType() {
				e = ast.Unparen(conv.Args[0]) // option(func(r *http.Request) {...})
			}
		}
		lit, isLit := e.(*ast.FuncLit)
		if !isLit {
			return nil
		}
		lits = append(lits, lit)
	}
	return lits
}

// litSetsKey reports whether the function literal sets a key header on
// its *http.Request parameter.
func (c *checker) litSetsKey(lit *ast.FuncLit) bool {
	info := c.pass.TypesInfo
	for _, f := range lit.Type.Params.List {
		for _, n := range f.Names {
			v, ok := info.Defs[n].(*types.Var)
			if !ok || !httpmodel.IsRequest(v.Type()) {
				continue
			}
			if val, by := c.keyValue(lit, v); val != nil || by != "" {
				return true
			}
		}
	}
	return false
}

// addressTaken reports whether root takes the address of v.
func addressTaken(info *types.Info, root ast.Node, v *types.Var) bool {
	found := false
	ast.Inspect(root, func(n ast.Node) bool {
		if u, ok := n.(*ast.UnaryExpr); ok && u.Op == token.AND {
			if id, ok := ast.Unparen(u.X).(*ast.Ident); ok && info.Uses[id] == v {
				found = true
			}
		}
		return !found
	})
	return found
}

// litAround returns the innermost function literal of fd whose type or
// body holds pos, or nil.
func litAround(fd *ast.FuncDecl, pos token.Pos) *ast.FuncLit {
	var in *ast.FuncLit
	ast.Inspect(fd.Body, func(m ast.Node) bool {
		if m == nil || pos < m.Pos() || m.End() <= pos {
			return false
		}
		if lit, ok := m.(*ast.FuncLit); ok {
			in = lit
		}
		return true
	})
	return in
}

// seamFunc returns the function that call, a call of an unexported func
// field of the package (n.postJSONFunc(ctx, c, url, body)), runs: the one
// function the package stores in that field, a seam kept for its tests,
// directly or through a constructor's parameter (see callindex's bound
// fields), or another package's function stored in it; nil otherwise.
func (c *checker) seamFunc(call *ast.CallExpr) *types.Func {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	sn, ok := c.pass.TypesInfo.Selections[sel]
	if !ok || sn.Kind() != types.FieldVal {
		return nil
	}
	field, _ := sn.Obj().(*types.Var)
	if field == nil {
		return nil
	}
	if f := c.calls.FieldFunc(field); f != nil {
		return f // bound, also through a constructor's parameter
	}
	if c.funcFields == nil {
		c.funcFields = flow.FuncFields(c.pass.TypesInfo, c.pass.Pkg, c.pass.Files)
	}
	fns := c.funcFields[field]
	if len(fns) == 0 {
		return nil
	}
	for _, f := range fns[1:] {
		if f.Origin() != fns[0].Origin() {
			return nil
		}
	}
	return fns[0]
}

// heldRequest returns the request that holder, a value of a wrapper type
// whose request is the field raw names (".Request"), holds: the one value
// fn gives that field, a local request variable (cfg := &Config{Request:
// req} before cfg.Execute()); nil otherwise.
func (c *checker) heldRequest(fn ast.Node, holder ast.Expr, raw string) ast.Expr {
	field, ok := strings.CutPrefix(raw, ".")
	if !ok || strings.HasSuffix(field, ")") {
		return nil
	}
	info := c.pass.TypesInfo
	vals, ok := flow.HeldValues(info, c.pass.Files, fn, holder, field)
	if !ok || len(vals) != 1 {
		return nil
	}
	v := flow.VarOf(info, vals[0])
	if v == nil || v.Kind() != types.LocalVar || !httpmodel.IsRequest(v.Type()) {
		return nil
	}
	return vals[0]
}

// tokenRequest reports whether the send s, made in fd, is an OAuth 2.0
// token request (RFC 6749 section 4; RFC 8693): a POST of a form whose
// grant_type the function sets (v.Set("grant_type", ...), or a literal
// url.Values with that key), built with http.NewRequest from
// v.Encode(), or sent with PostForm. Asking again for a token grants a
// new one and applies no write: an SDK's transport that fetches a bearer
// token is no write of the operation it serves.
func (c *checker) tokenRequest(fd *ast.FuncDecl, s send) bool {
	info := c.pass.TypesInfo
	var body ast.Expr
	if call, ok := ast.Unparen(s.build).(*ast.CallExpr); ok {
		fn := httpmodel.Callee(info, call)
		switch {
		case httpmodel.IsPkgFunc(fn, "net/http", "NewRequest") && len(call.Args) == 3:
			body = call.Args[2]
		case httpmodel.IsPkgFunc(fn, "net/http", "NewRequestWithContext") && len(call.Args) == 4:
			body = call.Args[3]
		}
	} else if fn := httpmodel.Callee(info, s.call); fn != nil && fn.Name() == "PostForm" && fn.Pkg() != nil && fn.Pkg().Path() == "net/http" {
		_, args := httpmodel.Receiver(info, s.call)
		if len(args) == 2 {
			body = args[1]
		}
	}
	if body == nil {
		return false
	}
	// strings.NewReader(v.Encode()), bytes.NewBufferString(v.Encode()).
	if call, ok := ast.Unparen(body).(*ast.CallExpr); ok && len(call.Args) == 1 {
		fn := httpmodel.Callee(info, call)
		if httpmodel.IsPkgFunc(fn, "strings", "NewReader") || httpmodel.IsPkgFunc(fn, "bytes", "NewBufferString") {
			body = call.Args[0]
		}
	}
	if call, ok := ast.Unparen(body).(*ast.CallExpr); ok && len(call.Args) == 0 && httpmodel.IsMethod(httpmodel.Callee(info, call), "net/url", "Values", "Encode") {
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			body = sel.X
		}
	}
	if !httpmodel.IsNamed(info.TypeOf(body), "net/url", "Values") {
		return false
	}
	isGrant := func(e ast.Expr) bool {
		k, ok := httpmodel.ConstString(info, e)
		return ok && k == "grant_type"
	}
	if lit, ok := ast.Unparen(body).(*ast.CompositeLit); ok {
		for _, elt := range lit.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok && isGrant(kv.Key) {
				return true
			}
		}
		return false
	}
	v := flow.VarOf(info, body)
	if v == nil {
		return false
	}
	found := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || found || len(call.Args) != 2 {
			return !found
		}
		fn := httpmodel.Callee(info, call)
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && (httpmodel.IsMethod(fn, "net/url", "Values", "Set") || httpmodel.IsMethod(fn, "net/url", "Values", "Add")) && flow.VarOf(info, sel.X) == v && isGrant(call.Args[0]) {
			found = true
		}
		return !found
	})
	return found
}
