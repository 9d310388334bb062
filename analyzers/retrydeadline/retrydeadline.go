package retrydeadline

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/constant"
	"go/format"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"
	"time"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/callindex"
	"github.com/retrylint/retrylint/internal/config"
	"github.com/retrylint/retrylint/internal/fixes"
	"github.com/retrylint/retrylint/internal/flow"
	"github.com/retrylint/retrylint/internal/httpmodel"
	"github.com/retrylint/retrylint/internal/paths"
	"github.com/retrylint/retrylint/internal/retrylib"
	"github.com/retrylint/retrylint/internal/retryloop"
	"github.com/retrylint/retrylint/internal/stdfacts"
	"github.com/retrylint/retrylint/internal/summary"
)

//go:embed doc.go
var doc string

// Config is the configuration of one instance of the analyzer.
type Config struct {
	// Bounded reports loops with a bounded attempt count too.
	Bounded bool
	// Attempts is the attempt count the suggested overall deadline assumes
	// for a loop whose count is not known.
	Attempts int
}

// DefaultConfig returns the configuration the analyzer runs with when no
// flag is given.
func DefaultConfig() Config {
	return Config{Bounded: true, Attempts: 3}
}

// Analyzer reports per-attempt timeouts without an overall deadline and
// waits that ignore cancellation, with the default configuration.
var Analyzer = New(DefaultConfig())

// New returns an analyzer with its own configuration and flags.
func New(cfg Config) *analysis.Analyzer {
	if cfg.Attempts < 1 {
		cfg.Attempts = DefaultConfig().Attempts
	}
	c := &cfg
	a := &analysis.Analyzer{
		Name:      "retrydeadline",
		Doc:       analysisutil.Doc(doc, "retrydeadline"),
		URL:       "https://pkg.go.dev/github.com/retrylint/retrylint/analyzers/retrydeadline",
		Requires:  []*analysis.Analyzer{retryloop.Analyzer, callindex.Analyzer},
		FactTypes: []analysis.Fact{new(timeoutFact), new(waitFact), new(clientVarFact), new(blindHelperFact), new(ctxQueryFact), new(opCtxFact), new(reqSendFact)},
		Run: analysisutil.Safe("retrydeadline", func(pass *analysis.Pass, at func(token.Pos)) (any, error) {
			return run(pass, *c, at)
		}),
	}
	a.Flags.BoolVar(&c.Bounded, "bounded", c.Bounded, "also report loops with a bounded attempt count")
	a.Flags.Var(config.PositiveInt{P: &c.Attempts}, "attempts", "attempt count that the suggested overall deadline assumes when the loop's count is not known (at least 1)")
	return stdfacts.Wrap(a)
}

// timeoutFact marks a function that makes a timeout of its own each time
// it is called, itself or through the functions it calls: from a context
// without a deadline, sending a request under it (Parent 0), or from the
// context its caller passes as a parameter (Parent is 1 + that
// parameter's index, receiver aside), which it sends with or hands back.
// Nanos is the timeout when it is a constant, 0 otherwise; Dur is 1 + the
// index of the parameter that is the duration, 0 when none is.
type timeoutFact struct {
	Nanos       int64
	Parent, Dur int
	// Field is the chain of fields of the receiver that holds the
	// duration (c.attemptTimeout, c.cfg.Timeout), "" when it is not one.
	Field string
	// Client says that the timeout is the Timeout of the http.Client the
	// function sends through (see clientSendFact); Cond that the client
	// may hold none on some paths (see storedTimeout).
	Client, Cond bool
	// Req says that the parameter Parent is a request, whose Context()
	// the timeout is made from (doOnce(req, timeout)).
	Req bool
}

func (*timeoutFact) AFact() {}

func (f *timeoutFact) String() string {
	s := "owntimeout"
	if f.Nanos != 0 {
		s += "(" + time.Duration(f.Nanos).String() + ")"
	}
	if f.Parent > 0 {
		s += fmt.Sprintf(" from param %d", f.Parent-1)
		if f.Req {
			s += "'s context"
		}
	}
	if f.Dur > 0 {
		s += fmt.Sprintf(" for param %d", f.Dur-1)
	}
	if f.Field != "" {
		s += " for recv." + f.Field
	}
	if f.Client {
		s += " client"
	}
	if f.Cond {
		s += " conditional"
	}
	return s
}

type checker struct {
	pass  *analysis.Pass
	cfg   Config
	loops *retryloop.Result
	index *callindex.Index
	facts *summary.Table[timeoutFact, *timeoutFact]
	// handledSleeps are waits already rewritten by a deadline fix.
	handledSleeps map[ast.Stmt]bool
	// handledSends are sends already given a context by a fix (see
	// reportWaitOnly), which ctxattempt.go leaves alone.
	handledSends map[*ast.CallExpr]bool
	// fieldUses caches, for a field, whether the package reads it and
	// whether it compares it with nil (see fieldRead, nilTested); nil
	// until first asked.
	fieldUses map[*types.Var][2]bool
	// timeChans are the local variables that only ever hold the channel
	// of time.After or time.Tick (see timeChanVar), found at the first
	// question.
	timeChans map[*types.Var]bool
	// fieldTimeouts caches fieldTimeout, paramTimeouts paramTimeout.
	fieldTimeouts map[*types.Var]storedTimeout
	paramTimeouts map[*types.Var]storedTimeout
	// waits are the package's wait functions (see waitFact).
	waits map[*types.Func]*waitFact
	// waitHelpers caches waitHelperOf (waithelper.go).
	waitHelpers map[*types.Func]*waitHelper
	// importedWaits are the wait functions of other packages.
	importedWaits *analysisutil.FactCache[waitFact, *waitFact]
	// blind are the package's retry helpers whose waits take no context
	// (see blindHelperFact); importedBlind those of other packages.
	blind         map[*types.Func]*blindHelperFact
	importedBlind *analysisutil.FactCache[blindHelperFact, *blindHelperFact]
	// attemptCalls are the sends of the package's retries (see
	// retryAttempt), found at the first question.
	attemptCalls map[*ast.CallExpr]bool
	// attemptChains are, for each attempt that calls a helper sending
	// without a context, the helpers its fix would edit (ctxhelper.go).
	attemptChains map[*ast.CallExpr]map[*types.Func]callindex.Func
	// handledCalls are the calls of such helpers a fix already rewrote.
	handledCalls map[*ast.CallExpr]bool
	// ctxQueries are the package's functions whose context parameters
	// are only queried (see ctxQueryFact), importedCtxQueries those of
	// other packages.
	ctxQueries         map[*types.Func]uint64
	importedCtxQueries *analysisutil.FactCache[ctxQueryFact, *ctxQueryFact]
	// opCtx are the package's retry helpers that hand their operation a
	// context they were given (see opCtxFact), importedOpCtx those of
	// other packages.
	opCtx         map[*types.Func]*opCtxFact
	importedOpCtx *analysisutil.FactCache[opCtxFact, *opCtxFact]
	// reqSenders are the package's functions that send the request they
	// are handed through a client with a Timeout (see reqSendFact).
	reqSenders map[*types.Func]*reqSendFact
	// dispatch finds the wait functions a call of an interface method
	// may run (see implementedByWait), nil until asked.
	dispatch *summary.Dispatch
}

func run(pass *analysis.Pass, cfg Config, at func(token.Pos)) (any, error) {
	loops := pass.ResultOf[retryloop.Analyzer].(*retryloop.Result)
	// A package analysed for its facts alone skips the checks that only
	// report (analysisutil.FactsOnly).
	report := !analysisutil.FactsOnly(pass)
	if report {
		checkK8s(pass, at)
	}
	waits := computeWaitFacts(pass)
	exportClientVars(pass)
	c := &checker{pass: pass, cfg: cfg, loops: loops, index: pass.ResultOf[callindex.Analyzer].(*callindex.Index), handledSleeps: map[ast.Stmt]bool{}, handledSends: map[*ast.CallExpr]bool{}, waits: waits,
		importedWaits:      analysisutil.NewFactCache[waitFact](pass),
		importedBlind:      analysisutil.NewFactCache[blindHelperFact](pass),
		handledCalls:       map[*ast.CallExpr]bool{},
		importedCtxQueries: analysisutil.NewFactCache[ctxQueryFact](pass),
		importedOpCtx:      analysisutil.NewFactCache[opCtxFact](pass)}
	c.computeBlindHelpers()
	c.computeCtxQueries()
	if report {
		checkShortcuts(pass, c.index)
	}
	if !httpmodel.ImportsHTTP(pass.Pkg) && len(loops.Loops) == 0 && loops.Ctors() == nil {
		if report {
			c.checkBlindCallees()
		}
		if retrylib.Imports(pass.Pkg, "context") {
			// A package of context helpers (ctxutil.NewRequestContext()
			// that makes its own timeout and hands it back) tells its
			// callers so.
			c.computeFacts(at)
		}
		return nil, nil // no send, and no retry helper
	}
	c.computeFacts(at)
	c.exportReqSenders()
	c.computeOpCtxFacts()
	if !report {
		return nil, nil // every fact is exported
	}
	checkLibraries(pass, cfg, loops.Ctors(), func(fn ast.Node, v *types.Var) bool { return c.uncancelledRequest(fn, v, 0) }, c.libAttemptsFix, at)
	checkClients(pass, loops.Ctors())
	c.checkWaitHelpers(loops.Loops)
	for _, l := range loops.Loops {
		at(l.Stmt.Pos())
		file := fixes.FileOf(pass, l.Stmt.Pos())
		if file == nil || isHTTPTestFile(pass, file) {
			continue
		}
		if len(l.Self) > 0 {
			if rl := recursionView(l); rl != nil {
				c.checkRecursion(file, rl)
			}
			continue
		}
		c.checkDeadline(file, l)
		c.checkWaitOnlyDeadline(file, l)
	}
	for _, l := range loops.OpLoops {
		if l.Lib != nil {
			// A retry library's operation: its bounds are the
			// library's (library.go); its attempts must carry the
			// context the library is handed.
			if file := fixes.FileOf(pass, l.Stmt.Pos()); file != nil && !isHTTPTestFile(pass, file) {
				c.checkUncancelledAttempts(file, l)
			}
			continue
		}
		if l.Held != nil {
			if file := fixes.FileOf(pass, l.Stmt.Pos()); file != nil && !isHTTPTestFile(pass, file) {
				c.checkHeldContext(file, l)
			}
		}
		if l.OpArg != nil || l.TimeBound {
			// A named operation's timeout cannot derive from a deadline
			// made at the call; a timed poll bounds the whole retry.
			if analysisutil.GatesOn() {
				c.gateOpLoop(l)
			}
			continue
		}
		at(l.Stmt.Pos())
		file := fixes.FileOf(pass, l.Stmt.Pos())
		if file == nil || isHTTPTestFile(pass, file) {
			continue
		}
		c.checkDeadline(file, l)
	}
	for _, l := range loops.Loops {
		at(l.Stmt.Pos())
		file := fixes.FileOf(pass, l.Stmt.Pos())
		if file == nil || isHTTPTestFile(pass, file) {
			continue
		}
		if len(l.Self) > 0 {
			l = recursionView(l)
			if l == nil {
				continue
			}
		}
		c.checkSleeps(file, l)
		if len(l.Self) == 0 {
			c.checkUncancelledAttempts(file, l)
		}
		if l.Op != nil {
			c.checkBlindHelper(file, l, loops.OpLoops)
		}
	}
	for _, l := range loops.Unrolled {
		// A retry written out: the waits before its second attempt.
		at(l.Stmt.Pos())
		file := fixes.FileOf(pass, l.Stmt.Pos())
		ft, _ := flow.FuncParts(l.Func)
		if file == nil || isHTTPTestFile(pass, file) || !fixes.ReturnsError(pass.TypesInfo, ft) {
			continue // the fix gives up with the context's error
		}
		c.checkSleeps(file, l)
	}
	c.checkBlindCallees()
	c.checkContextWaits()
	c.checkBlindIterators()
	c.checkDroppedContexts()
	return nil, nil
}

// isHTTPTestFile reports whether file is a test file that uses an
// httptest server, whose loops poll a server of the test's own.
func isHTTPTestFile(pass *analysis.Pass, file *ast.File) bool {
	return analysisutil.IsTestFile(pass, file) && analysisutil.FileImports(file, "net/http/httptest")
}

// computeFacts summarises, callees first, the functions that make a
// timeout of their own (see timeoutFact).
func (c *checker) computeFacts(at func(token.Pos)) {
	g := summary.NewGraph(c.pass.ResultOf[callindex.Analyzer].(*callindex.Index))
	c.facts = summary.NewTable[timeoutFact](c.pass)
	c.facts.Solve(g, summary.Problem[*timeoutFact]{
		Active: func(i int) bool {
			file := fixes.FileOf(c.pass, g.Funcs[i].Decl.Pos())
			return file != nil && !isHTTPTestFile(c.pass, file)
		},
		Summarise: func(i int) (*timeoutFact, bool) {
			at(g.Funcs[i].Decl.Pos())
			f := c.summarise(g.Funcs[i].Decl, g.Funcs[i].Obj)
			return f, f != nil
		},
		Equal: func(a, b *timeoutFact) bool { return *a == *b },
		// The first timeout found stands: a function that makes one
		// makes it whatever else it does.
		Join: func(old, _ *timeoutFact) *timeoutFact { return old },
	})
}

// sendsUnbounded reports whether fd, besides call, sends a request that
// no per-attempt timeout bounds: directly through a client without a
// Timeout (or one request per item), or through a function that sends
// and makes no timeout of its own.
func (c *checker) sendsUnbounded(fd *ast.FuncDecl, call *ast.CallExpr) bool {
	found := false
	c.inspectOwn(fd.Body, func(other *ast.CallExpr) {
		if found || other == call || !c.loops.SendsCall(other) {
			return
		}
		if _, direct := httpmodel.SendOf(c.pass.TypesInfo, other); direct {
			found = c.clientSendFact(fd, other) == nil
			return
		}
		found = c.fact(httpmodel.Callee(c.pass.TypesInfo, other)) == nil
	})
	return found
}

// summarise returns the fact of fd, nil when it makes no timeout of its
// own.
func (c *checker) summarise(fd *ast.FuncDecl, fn *types.Func) *timeoutFact {
	info := c.pass.TypesInfo
	sends := c.loops.Sends(fn)
	var found *timeoutFact
	c.inspectOwn(fd.Body, func(call *ast.CallExpr) {
		if found != nil {
			return
		}
		if t, ok := c.attemptTimeout(fd, call); ok {
			// A function that sends with it, or hands it back (a
			// context factory: reqCtx() (context.Context,
			// context.CancelFunc)).
			if sends || handsBack(fn) {
				found = &timeoutFact{}
				found.Nanos, _ = c.constNanos(t.timeout)
			}
			return
		}
		if f := c.clientSendFact(fd, call); f != nil {
			found = f
			return
		}
		if t, ok := c.timeoutCall(call); ok {
			// ctx, cancel := context.WithTimeout(ctx, d) replaces the
			// parameter with the timeout made from it.
			if j := c.reqParamContext(fd, t.parent); j >= 0 && sends {
				// ctx, cancel := context.WithTimeout(req.Context(), d)
				// of the request the function is handed.
				found = &timeoutFact{Parent: j + 1, Req: true, Dur: c.paramIndex(fd, t.timeout, nil) + 1, Field: c.recvField(fd, t.timeout)}
				found.Nanos, _ = c.constNanos(t.timeout)
				found.Cond = found.Nanos == 0 && !onEveryPath(fd.Body, call)
				return
			}
			if j := c.paramIndex(fd, t.parent, call); j >= 0 && (sends || handsBack(fn)) {
				found = &timeoutFact{Parent: j + 1, Dur: c.paramIndex(fd, t.timeout, nil) + 1, Field: c.recvField(fd, t.timeout)}
				found.Nanos, _ = c.constNanos(t.timeout)
				// if d <= 0 { return ctx, noop }: a duration the caller
				// passes may turn the timeout off.
				found.Cond = found.Nanos == 0 && !onEveryPath(fd.Body, call)
			}
			return
		}
		g := c.fact(httpmodel.Callee(info, call))
		if g == nil {
			return
		}
		recv, args := httpmodel.Receiver(info, call)
		if g.Parent == 0 {
			if g.Client && c.sendsUnbounded(fd, call) {
				// A ping through a client with a Timeout, then uploads
				// through one without: the Timeout bounds no call of fd.
				return
			}
			found = &timeoutFact{Nanos: g.Nanos, Client: g.Client, Cond: g.Cond}
			if g.Field != "" && c.isRecv(fd, recv) && httpmodel.Callee(info, call).Pkg() == c.pass.Pkg {
				found.Field = g.Field
			}
			return
		}
		if g.Parent > len(args) {
			return
		}
		nanos, dur, field := g.Nanos, -1, ""
		if g.Dur > 0 && g.Dur <= len(args) {
			nanos, _ = c.constNanos(args[g.Dur-1])
			dur = c.paramIndex(fd, args[g.Dur-1], nil)
			field = c.recvField(fd, args[g.Dur-1])
		} else if g.Field != "" && c.isRecv(fd, recv) && httpmodel.Callee(info, call).Pkg() == c.pass.Pkg {
			// A method of the same receiver: the field is ours too.
			field = g.Field
		}
		if j := c.paramIndex(fd, args[g.Parent-1], nil); j >= 0 {
			found = &timeoutFact{Nanos: nanos, Parent: j + 1, Dur: dur + 1, Field: field, Req: g.Req}
		} else if g.Req {
			return
		} else if nanos > 0 && c.noDeadline(fd, args[g.Parent-1], 0) {
			found = &timeoutFact{Nanos: nanos}
		}
	})
	return found
}

// reqParamContext returns the index of the request parameter of fd that
// e is the context of (req.Context(), req never assigned), -1 otherwise.
func (c *checker) reqParamContext(fd *ast.FuncDecl, e ast.Expr) int {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 0 {
		return -1
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || !httpmodel.IsMethod(httpmodel.Callee(c.pass.TypesInfo, call), "net/http", "Request", "Context") {
		return -1
	}
	return c.paramIndex(fd, sel.X, nil)
}

// paramIndex returns the index of the parameter of fd (receiver aside)
// that e is, when fd never assigns it (but from the call made, when it is
// not nil: ctx, cancel := context.WithTimeout(ctx, d)), and -1 otherwise.
func (c *checker) paramIndex(fd *ast.FuncDecl, e ast.Expr, made *ast.CallExpr) int {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok || fd.Type.Params == nil {
		return -1
	}
	v, ok := c.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok {
		return -1
	}
	i := 0
	for _, field := range fd.Type.Params.List {
		for _, name := range field.Names {
			if c.pass.TypesInfo.Defs[name] == v {
				values, known := flow.Assigned(c.pass.TypesInfo, fd.Body, v)
				if !known || slices.ContainsFunc(values, func(val ast.Expr) bool { return made == nil || ast.Unparen(val) != made }) {
					return -1
				}
				return i
			}
			i++
		}
		if len(field.Names) == 0 {
			i++
		}
	}
	return -1
}

// recvField returns the chain of fields, below fd's receiver, that e
// reads (attemptTimeout for c.attemptTimeout, cfg.Timeout for
// c.cfg.Timeout), when fd never assigns its receiver; "" otherwise.
func (c *checker) recvField(fd *ast.FuncDecl, e ast.Expr) string {
	info := c.pass.TypesInfo
	if e == nil {
		return ""
	}
	var names []string
	for {
		sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
		if !ok {
			break
		}
		if s, ok := info.Selections[sel]; !ok || s.Kind() != types.FieldVal {
			return ""
		}
		names = append([]string{sel.Sel.Name}, names...)
		e = sel.X
	}
	if len(names) == 0 || !c.isRecv(fd, e) {
		return ""
	}
	return strings.Join(names, ".")
}

// isRecv reports whether e is the receiver of fd, which fd never assigns.
func (c *checker) isRecv(fd *ast.FuncDecl, e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok || fd.Recv == nil || len(fd.Recv.List) != 1 || len(fd.Recv.List[0].Names) != 1 {
		return false
	}
	recv, _ := c.pass.TypesInfo.Defs[fd.Recv.List[0].Names[0]].(*types.Var)
	return recv != nil && c.pass.TypesInfo.Uses[id] == recv && !c.assignedIn(fd.Body, recv)
}

// handsBack reports whether fn returns a context or a request, which can
// carry a timeout it makes to its caller.
func handsBack(fn *types.Func) bool {
	res := fn.Type().(*types.Signature).Results()
	for i := range res.Len() {
		if t := res.At(i).Type(); httpmodel.IsNamed(t, "context", "Context") || httpmodel.IsRequest(t) {
			return true
		}
	}
	return false
}

func (c *checker) fact(fn *types.Func) *timeoutFact {
	return c.facts.Lookup(fn)
}

// loopFact is fact for a call in a retry loop, where a method of an
// interface (f.Fetch(ctx, url)) makes the timeout that the implementations
// the package can see (summary.Dispatch) all make when they make one: the
// same constant duration, from the same parameter. A timeout held in a
// field of the receiver names no field of the interface: it counts when it
// has a constant duration (Field is then dropped). An implementation that
// makes none (a fake for tests) does not hide the real one's.
func (c *checker) loopFact(fn *types.Func) *timeoutFact {
	if fn == nil || !summary.IsInterfaceMethod(fn) {
		return c.fact(fn)
	}
	var agreed *timeoutFact
	_, facts := summary.Dispatched(c.facts, c.dispatcher(), fn)
	for _, f := range facts {
		g := *f
		if g.Field != "" {
			if g.Nanos == 0 || g.Cond {
				return nil
			}
			g.Field = ""
		}
		if agreed != nil && *agreed != g {
			return nil
		}
		agreed = &g
	}
	return agreed
}

// inspectOwn calls fn for each call in root that runs as part of root
// itself: go and defer statements and function literals are skipped, but a
// literal called on the spot is part of root.
func (c *checker) inspectOwn(root ast.Node, fn func(*ast.CallExpr)) {
	f, ok := c.index.DeclAt(root.Pos())
	if !ok {
		c.inspectOwnWalk(root, fn)
		return
	}
	// The index lists the body's calls in the order of a preorder walk,
	// each with what detaches it (a go or defer statement, a function
	// literal not called on the spot).
	for _, call := range callindex.In(c.index.Calls(f.Decl), root) {
		if call.DetachedWithin(root) {
			continue
		}
		fn(call.Expr)
		c.inspectClosureOf(root, call.Expr, fn)
	}
}

// inspectClosureOf calls inspectOwn on the body of the closure that call
// calls (as a retry loop calls its attempt, made in the loop or before
// it): it runs as part of root too.
func (c *checker) inspectClosureOf(root ast.Node, call *ast.CallExpr, fn func(*ast.CallExpr)) {
	if lit := c.loops.ClosureOf(call); lit != nil && lit.Body != root && !(lit.Pos() <= call.Pos() && call.End() <= lit.End()) {
		c.inspectOwn(lit.Body, fn)
	}
}

// inspectOwnWalk is inspectOwn for code outside every function body of
// the index (a package-level variable's function literal).
func (c *checker) inspectOwnWalk(root ast.Node, fn func(*ast.CallExpr)) {
	ast.Inspect(root, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit, *ast.GoStmt, *ast.DeferStmt:
			return false
		case *ast.CallExpr:
			fn(n)
			if lit, ok := ast.Unparen(n.Fun).(*ast.FuncLit); ok {
				c.inspectOwnWalk(lit.Body, fn)
			}
			c.inspectClosureOf(root, n, fn)
		}
		return true
	})
}

// A timeout is a context.WithTimeout and its kin.
type timeout struct {
	call    *ast.CallExpr
	parent  ast.Expr
	timeout ast.Expr // the per-attempt duration, nil when unknown
	// outer is the context that an overall deadline derives from: parent,
	// or for a parent declared in the loop the caller's context it holds.
	outer ast.Expr
	// via is the function called that makes the timeout from parent, its
	// argument, nil for a timeout made in the loop; nanos is its constant
	// duration when timeout is nil.
	via   *types.Func
	nanos int64
	// client says that the timeout is the Timeout of the client via
	// sends through; cond that the client may hold none (see
	// timeoutFact).
	client, cond bool
	// req says that parent is a request, the timeout made from its
	// Context() (see timeoutFact's Req).
	req bool
}

func isTimeoutFunc(f *types.Func) bool {
	return httpmodel.IsPkgFunc(f, "context", "WithTimeout", "WithTimeoutCause", "WithDeadline", "WithDeadlineCause")
}

// calleeTimeout recognises a call of a function that makes a timeout from
// the context it is passed (f.Parent > 0), passed a context without a
// deadline or, in a loop of the function itself, the caller's context.
func (c *checker) calleeTimeout(l *retryloop.Loop, call *ast.CallExpr, f *timeoutFact) (timeout, bool) {
	_, args := httpmodel.Receiver(c.pass.TypesInfo, call)
	if f.Parent > len(args) || f.Dur > len(args) {
		return timeout{}, false
	}
	t := timeout{call: call, parent: args[f.Parent-1], via: httpmodel.Callee(c.pass.TypesInfo, call), nanos: f.Nanos, client: f.Client, cond: f.Cond, req: f.Req}
	if f.Dur > 0 {
		t.timeout = args[f.Dur-1]
	} else {
		t.timeout = c.timeoutAtCall(call, f.Field, f.Nanos, f.Cond)
	}
	switch {
	case t.req:
		// The request the loop's function was handed: its context is
		// the caller's.
		if l.Via == nil && c.handedRequest(l, t.parent) {
			t.outer = t.parent
		}
	case c.noDeadline(l.Func, t.parent, 0):
		t.outer = t.parent
	case l.Via == nil:
		t.outer = c.callerContext(l, t.parent, 0)
	}
	return t, t.outer != nil
}

// timeoutAtCall returns the timeout of the callee of call, held in the
// chain of fields field of its receiver (c.hc.Timeout, c.attemptTimeout),
// read where call is: when it is no constant (nanos 0), or is set on some
// paths only (cond), so that what a fix sizes from it applies only when
// it is set. It is nil when there is no such receiver or field, or when
// the constant nanos serves.
func (c *checker) timeoutAtCall(call *ast.CallExpr, field string, nanos int64, cond bool) ast.Expr {
	if field == "" || nanos != 0 && !cond {
		return nil
	}
	recv, _ := httpmodel.Receiver(c.pass.TypesInfo, call)
	if recv == nil {
		return nil
	}
	return c.fieldOf(recv, field, httpmodel.Callee(c.pass.TypesInfo, call).Pkg())
}

// fieldOf returns the expression recv.path (path as in timeoutFact.Field),
// nil when a field of the path is not exported from pkg, the callee's
// package, to this one, or recv is not pure.
func (c *checker) fieldOf(recv ast.Expr, path string, pkg *types.Package) ast.Expr {
	if !fixes.Pure(c.pass.TypesInfo, recv) {
		return nil
	}
	e := recv
	for name := range strings.SplitSeq(path, ".") {
		if pkg != c.pass.Pkg && !ast.IsExported(name) {
			return nil
		}
		e = &ast.SelectorExpr{X: e, Sel: &ast.Ident{Name: name, NamePos: recv.End()}}
	}
	return e
}

// callerTimeout recognises a per-attempt timeout made, in a loop of the
// function itself, from the caller's context (see callerContext): the
// caller's deadline, when it has one, is then the only bound over the
// attempts and the waits, which the loop does not add.
func (c *checker) callerTimeout(l *retryloop.Loop, call *ast.CallExpr) (timeout, bool) {
	t, ok := c.timeoutCall(call)
	if !ok {
		return timeout{}, false
	}
	t.outer = c.callerContext(l, t.parent, 0)
	return t, t.outer != nil
}

// callerContext returns the expression, visible before the loop, that
// names the caller's context which e holds, nil when e may carry a
// deadline the function made: a parameter (or a variable of an enclosing
// function) that the function does not give a deadline, the context of a
// request it received (req.Context(), req.Raw().Context()), a field of
// the receiver, a local variable made before the loop from one of those,
// or a variable declared in the loop that holds one of those only.
func (c *checker) callerContext(l *retryloop.Loop, e ast.Expr, depth int) ast.Expr {
	return c.callerContextOf(l, e, depth, nil)
}

// callerContextOf is callerContext where self, when not nil, is a
// parameter whose assignments are being followed: a use of it in one
// (ctx, span = tracer.Start(ctx, name)) is the caller's context it held
// before.
func (c *checker) callerContextOf(l *retryloop.Loop, e ast.Expr, depth int, self *types.Var) ast.Expr {
	if depth > 8 {
		return nil
	}
	info := c.pass.TypesInfo
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		v, ok := info.Uses[x].(*types.Var)
		if !ok || v.IsField() || v.Parent() == v.Pkg().Scope() {
			return nil
		}
		if v == self {
			return x
		}
		// A variable of an enclosing function is assigned there too.
		values, known := flow.Assigned(info, c.declOf(l.Func), v)
		if !known {
			return nil
		}
		for _, val := range values {
			if call, ok := ast.Unparen(val).(*ast.CallExpr); ok && isTimeoutFunc(httpmodel.Callee(info, call)) {
				return nil // a deadline of the function's own
			}
		}
		if isParam(info, l.Func, v) {
			for _, val := range values {
				if c.callerContextOf(l, val, depth+1, v) == nil {
					return nil
				}
			}
			return x
		}
		if len(values) != 1 {
			// base := ctx; if ... { base = detach(ctx) }: made before
			// the loop from the caller's context on every path.
			if v.Pos() > l.Stmt.Pos() {
				return nil
			}
			for _, val := range values {
				if c.callerContextOf(l, val, depth+1, self) == nil {
					return nil
				}
			}
			return x
		}
		inner := c.callerContextOf(l, values[0], depth+1, self)
		if inner != nil && v.Pos() < l.Stmt.Pos() {
			return x // made before the loop: it names the caller's context there
		}
		return inner
	case *ast.SelectorExpr:
		if root, ok := c.fieldChain(x); ok {
			if v, ok := info.Uses[root].(*types.Var); ok && isParam(info, l.Func, v) && httpmodel.IsNamed(info.TypeOf(x), "context", "Context") {
				return x
			}
		}
	case *ast.CallExpr:
		// The context of a request the function was handed.
		f := httpmodel.Callee(info, x)
		if sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr); ok && len(x.Args) == 0 && httpmodel.IsMethod(f, "net/http", "Request", "Context") {
			if c.handedRequest(l, sel.X) {
				return x
			}
			return nil
		}
		// A function that returns a context, from the caller's request
		// or context, and no function: with no cancel function to hand
		// back, it makes no deadline (getRequestContext(req), a tracer's
		// ctx, span := tracer.Start(ctx, name)), unless its fact says it
		// makes a timeout or it is handed a duration or a time.
		if httpmodel.IsPkgFunc(f, "context", "WithCancel", "WithCancelCause", "WithValue") && len(x.Args) > 0 && !c.cancelHanded(l, x) {
			// A cancellable or valued child keeps its parent's deadline
			// and adds none, unless its cancel function is handed on
			// (time.AfterFunc(d, cancel) is a deadline by other means).
			return c.callerContextOf(l, x.Args[0], depth+1, self)
		}
		if f == nil || f.Pkg() == nil || f.Pkg().Path() == "context" {
			return nil
		}
		res := f.Type().(*types.Signature).Results()
		if res.Len() == 0 || !httpmodel.IsNamed(res.At(0).Type(), "context", "Context") || len(x.Args) == 0 {
			return nil
		}
		for r := range res.Variables() {
			if _, isFunc := r.Type().Underlying().(*types.Signature); isFunc {
				return nil
			}
		}
		if c.fact(f) != nil {
			return nil // it makes a timeout of its own
		}
		if res.Len() > 1 || len(x.Args) > 1 {
			// A result besides the context may hold its cancel function
			// (a span that ends it), an argument its duration: only
			// what the package sees is trusted, a function of its own
			// (whose summary would say) or a method of an interface
			// none of whose implementations it sees makes a timeout.
			switch {
			case summary.IsInterfaceMethod(f):
				if _, fs := summary.Dispatched(c.facts, c.dispatcher(), f); len(fs) > 0 {
					return nil
				}
			case f.Pkg() != c.pass.Pkg:
				return nil
			}
		}
		for _, a := range x.Args {
			switch t := info.TypeOf(a); {
			case httpmodel.IsRequest(t) && c.handedRequest(l, a):
			case httpmodel.IsNamed(t, "context", "Context") && c.callerContextOf(l, a, depth+1, self) != nil:
			case httpmodel.IsRequest(t), httpmodel.IsNamed(t, "context", "Context"),
				httpmodel.IsNamed(t, "time", "Duration"), httpmodel.IsNamed(t, "time", "Time"):
				return nil // another context, or what a deadline is made of
			}
		}
		return x
	}
	return nil
}

// cancelHanded reports whether the cancel function that call, a
// context.WithCancel or WithCancelCause, returns is handed to a call as a
// value, or stored anywhere but the blank identifier, in the declaration
// that holds the loop: it may then be called when a timer fires.
func (c *checker) cancelHanded(l *retryloop.Loop, call *ast.CallExpr) bool {
	info := c.pass.TypesInfo
	decl := c.declOf(l.Func)
	as := pairAssign(decl, call)
	if as == nil {
		return false
	}
	id, ok := as.Lhs[1].(*ast.Ident)
	if !ok {
		return true // ctx, w.stop = context.WithCancel(ctx)
	}
	cancel, _ := info.ObjectOf(id).(*types.Var)
	if cancel == nil {
		return false
	}
	handed := false
	ast.Inspect(decl, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			for _, a := range n.Args {
				if id, ok := ast.Unparen(a).(*ast.Ident); ok && info.Uses[id] == cancel {
					handed = true
				}
			}
		case *ast.AssignStmt:
			for i, r := range n.Rhs {
				if id, ok := ast.Unparen(r).(*ast.Ident); ok && info.Uses[id] == cancel && (len(n.Lhs) != len(n.Rhs) || !isBlank(n.Lhs[i])) {
					handed = true
				}
			}
		case *ast.CompositeLit, *ast.ReturnStmt, *ast.SendStmt:
			if flow.Mentions(info, n, cancel) && !callsOnly(info, n, cancel) {
				handed = true
			}
		}
		return !handed
	})
	return handed
}

// pairAssign returns the assignment in decl of the two results of call
// (ctx, cancel := context.WithTimeout(...)), nil when there is none.
func pairAssign(decl ast.Node, call *ast.CallExpr) *ast.AssignStmt {
	var found *ast.AssignStmt
	ast.Inspect(decl, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok && len(as.Lhs) == 2 && len(as.Rhs) == 1 && as.Rhs[0] == ast.Expr(call) {
			found = as
		}
		return found == nil
	})
	return found
}

// callsOnly reports whether every use of v in n calls it.
func callsOnly(info *types.Info, n ast.Node, v *types.Var) bool {
	called := map[*ast.Ident]bool{}
	all := true
	ast.Inspect(n, func(m ast.Node) bool {
		if call, ok := m.(*ast.CallExpr); ok {
			if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
				called[id] = true
			}
		}
		if id, ok := m.(*ast.Ident); ok && info.Uses[id] == v && !called[id] {
			all = false
		}
		return all
	})
	return all
}

func isBlank(e ast.Expr) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == "_"
}

// handedRequest reports whether e is a request the function was handed:
// a parameter it does not assign, or a field of one or a method without
// arguments on one (req.Raw()).
func (c *checker) handedRequest(l *retryloop.Loop, e ast.Expr) bool {
	info := c.pass.TypesInfo
	root := getterRoot(info, e)
	if root == nil {
		return false
	}
	v, ok := info.Uses[root].(*types.Var)
	return ok && isParam(info, l.Func, v) && !c.assignedIn(l.Func, v)
}

// declOf returns the top-level declaration of the package that holds n,
// n itself when there is none.
func (c *checker) declOf(n ast.Node) ast.Node {
	for _, f := range c.pass.Files {
		if f.FileStart <= n.Pos() && n.Pos() < f.FileEnd {
			for _, d := range f.Decls {
				if d.Pos() <= n.Pos() && n.End() <= d.End() {
					return d
				}
			}
		}
	}
	return n
}

// getterRoot returns the variable at the root of e when e is a variable,
// or field selections and calls of methods without arguments on one
// (req, req.Raw(), c.req).
func getterRoot(info *types.Info, e ast.Expr) *ast.Ident {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			return x
		case *ast.SelectorExpr:
			if s, ok := info.Selections[x]; !ok || s.Kind() != types.FieldVal {
				return nil
			}
			e = x.X
		case *ast.CallExpr:
			sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr)
			if !ok || len(x.Args) != 0 {
				return nil
			}
			if s, ok := info.Selections[sel]; !ok || s.Kind() != types.MethodVal {
				return nil
			}
			e = sel.X
		default:
			return nil
		}
	}
}

// attemptTimeout recognises a timeout made from a context that carries no
// deadline.
func (c *checker) attemptTimeout(fn ast.Node, call *ast.CallExpr) (timeout, bool) {
	t, ok := c.timeoutCall(call)
	if !ok || !c.noDeadline(fn, t.parent, 0) {
		return timeout{}, false
	}
	return t, true
}

// timeoutCall recognises a context.WithTimeout and its kin, whatever its
// parent.
func (c *checker) timeoutCall(call *ast.CallExpr) (timeout, bool) {
	info := c.pass.TypesInfo
	f := httpmodel.Callee(info, call)
	if !isTimeoutFunc(f) || len(call.Args) < 2 || c.timerOnly(call) {
		return timeout{}, false
	}
	t := timeout{call: call, parent: call.Args[0], outer: call.Args[0]}
	switch f.Name() {
	case "WithTimeout", "WithTimeoutCause":
		t.timeout = call.Args[1]
	default:
		// WithDeadline(parent, time.Now().Add(d)) is a timeout of d.
		if add, ok := ast.Unparen(call.Args[1]).(*ast.CallExpr); ok && len(add.Args) == 1 {
			if m := httpmodel.Callee(info, add); httpmodel.IsMethod(m, "time", "Time", "Add") {
				if sel, ok := ast.Unparen(add.Fun).(*ast.SelectorExpr); ok && isTimeNow(info, sel.X) {
					t.timeout = add.Args[0]
				}
			}
		}
	}
	return t, true
}

// timerOnly reports whether the context call makes (ctx, cancel :=
// context.WithTimeout(base, delay)) is used only as a timer: its Done
// channel received from, its Err read, and handed to no call, so that it
// bounds no attempt: it is the wait between two (<-ctx.Done()).
func (c *checker) timerOnly(call *ast.CallExpr) bool {
	info := c.pass.TypesInfo
	fd, ok := c.index.DeclAt(call.Pos())
	if !ok {
		return false
	}
	as := pairAssign(fd.Decl, call)
	if as == nil {
		return false
	}
	id, ok := as.Lhs[0].(*ast.Ident)
	if !ok {
		return false
	}
	ctx, _ := info.ObjectOf(id).(*types.Var)
	if ctx == nil {
		return false
	}
	uses, methods := 0, 0
	ast.Inspect(fd.Decl, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			if id, ok := ast.Unparen(n.X).(*ast.Ident); ok && info.Uses[id] == types.Object(ctx) && (n.Sel.Name == "Done" || n.Sel.Name == "Err") {
				methods++
			}
		case *ast.Ident:
			if info.Uses[n] == types.Object(ctx) {
				uses++
			}
		}
		return true
	})
	return uses > 0 && uses == methods
}

// noDeadline reports whether the context e certainly carries no deadline:
// context.Background(), TODO(), WithoutCancel(...), or a local variable
// assigned only such contexts (directly or through WithCancel, WithValue
// and their kin). Parameters, fields and anything else may carry one.
func (c *checker) noDeadline(fn ast.Node, e ast.Expr, depth int) bool {
	return c.deadline(fn, e, depth) == deadlineNone
}

// hasDeadline reports whether the context e certainly carries a deadline
// that the function itself set: it is made by context.WithTimeout or
// WithDeadline in the function (or derived from one by WithCancel or
// WithValue). A context from the caller may have one or not.
func (c *checker) hasDeadline(fn ast.Node, e ast.Expr, depth int) bool {
	return c.deadline(fn, e, depth) == deadlineSet
}

type deadlineKind int

const (
	deadlineUnknown deadlineKind = iota // a caller's context, a field, ...
	deadlineNone                        // certainly none
	deadlineSet                         // certainly one, set in the function
)

// deadline tells whether the context e carries a deadline, following the
// local variables of fn it is assigned from.
func (c *checker) deadline(fn ast.Node, e ast.Expr, depth int) deadlineKind {
	if depth > 8 {
		return deadlineUnknown
	}
	info := c.pass.TypesInfo
	switch e := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		f := httpmodel.Callee(info, e)
		switch {
		case httpmodel.IsPkgFunc(f, "context", "Background", "TODO", "WithoutCancel"):
			return deadlineNone
		case httpmodel.IsPkgFunc(f, "context", "WithTimeout", "WithTimeoutCause", "WithDeadline", "WithDeadlineCause"):
			return deadlineSet
		case httpmodel.IsPkgFunc(f, "context", "WithCancel", "WithCancelCause", "WithValue"):
			if len(e.Args) > 0 {
				return c.deadline(fn, e.Args[0], depth+1)
			}
		}
	case *ast.Ident:
		v, ok := info.Uses[e].(*types.Var)
		if !ok || v.IsField() || v.Parent() == v.Pkg().Scope() {
			return deadlineUnknown
		}
		values, ok := flow.Assigned(info, fn, v)
		if !ok || len(values) == 0 {
			return deadlineUnknown
		}
		if isParam(info, fn, v) {
			// ctx, cancel := context.WithTimeout(ctx, d) at the top of
			// the body replaces the caller's context everywhere after
			// it, when it is the only assignment.
			_, body := flow.FuncParts(fn)
			if body == nil || len(values) != 1 || !slices.ContainsFunc(body.List, func(st ast.Stmt) bool {
				as, ok := st.(*ast.AssignStmt)
				return ok && len(as.Rhs) == 1 && as.Rhs[0] == values[0] && as.End() <= e.Pos()
			}) {
				return deadlineUnknown
			}
		}
		kind := c.deadline(fn, values[0], depth+1)
		for _, val := range values[1:] {
			if c.deadline(fn, val, depth+1) != kind {
				return deadlineUnknown
			}
		}
		return kind
	}
	return deadlineUnknown
}

// onEveryPath reports whether n sits in a statement of body itself (not
// nested in a branch) that no earlier statement of body may return
// before.
func onEveryPath(body *ast.BlockStmt, n ast.Node) bool {
	for _, st := range body.List {
		if st.Pos() <= n.Pos() && n.End() <= st.End() {
			switch st.(type) {
			case *ast.AssignStmt, *ast.ExprStmt, *ast.DeclStmt, *ast.ReturnStmt, *ast.DeferStmt:
				return true
			}
			return false
		}
		returns := false
		ast.Inspect(st, func(m ast.Node) bool {
			switch m.(type) {
			case *ast.FuncLit:
				return false
			case *ast.ReturnStmt:
				returns = true
			}
			return !returns
		})
		if returns {
			return false
		}
	}
	return false
}

func isParam(info *types.Info, fn ast.Node, v *types.Var) bool {
	ft, _ := flow.FuncParts(fn)
	if ft == nil || ft.Params == nil {
		return false
	}
	for _, f := range ft.Params.List {
		for _, n := range f.Names {
			if info.Defs[n] == v {
				return true
			}
		}
	}
	// A variable of an enclosing function seen from a literal is not ours
	// to judge either.
	return v.Pos() < fn.Pos() || v.Pos() > fn.End()
}

func (c *checker) constNanos(e ast.Expr) (int64, bool) {
	if e == nil {
		return 0, false
	}
	info := c.pass.TypesInfo
	if id, ok := ast.Unparen(e).(*ast.Ident); ok {
		// A local variable given one constant (maxUploadTime := 45 *
		// time.Second) is that constant.
		if v, ok := info.Uses[id].(*types.Var); ok && !v.IsField() && v.Parent() != v.Pkg().Scope() {
			if fd, ok := c.index.DeclAt(v.Pos()); ok {
				if values, ok := flow.Assigned(info, fd.Decl, v); ok && len(values) == 1 && values[0] != e {
					return c.constNanos(values[0])
				}
			}
		}
	}
	tv, ok := info.Types[e]
	if !ok || tv.Value == nil {
		return 0, false
	}
	v, exact := constant.Int64Val(constant.ToInt(tv.Value))
	return v, exact && v > 0
}

// timeoutWhat names the per-attempt timeout t in a message.
func (c *checker) timeoutWhat(t *timeout) string {
	if t.via != nil && t.client {
		return "per-attempt timeout (http.Client.Timeout of the send in " + t.via.Name() + ", with " + fixes.Format(c.pass.Fset, t.parent) + ")"
	}
	if t.via != nil {
		return "per-attempt timeout (made by " + t.via.Name() + " from " + fixes.Format(c.pass.Fset, t.parent) + ")"
	}
	return "per-attempt timeout (context." + httpmodel.Callee(c.pass.TypesInfo, t.call).Name() + ")"
}

// conditional reports whether the timeout call runs on some attempts only:
// an if or switch statement of the loop's body holds it.
func (c *checker) conditional(l *retryloop.Loop, call *ast.CallExpr) bool {
	found := false
	ast.Inspect(l.Body, func(n ast.Node) bool {
		if found || n == nil || n.Pos() > call.Pos() || n.End() < call.End() {
			return false
		}
		// The init and condition of an if or switch run whenever it is
		// reached; its branches do not.
		in := func(x ast.Node) bool { return x != nil && x.Pos() <= call.Pos() && call.End() <= x.End() }
		switch n := n.(type) {
		case *ast.IfStmt:
			found = in(n.Body) || in(n.Else)
		case *ast.SwitchStmt:
			found = in(n.Body)
		case *ast.TypeSwitchStmt:
			found = in(n.Body)
		case *ast.SelectStmt:
			found = true
		}
		return !found
	})
	return found
}

func (c *checker) positiveConst(e ast.Expr) bool {
	_, ok := c.constNanos(e)
	return ok
}

// hasBudget reports whether the loop checks a wall-clock budget: a time
// read from the clock (time.Now, time.Since, time.Until or a context's
// Deadline, directly or through variables of the function assigned from
// one) is compared (<, >, Before, After, Compare), handed to a function
// that answers a bool or an error (expired(start)) or to a timer (time.After(
// time.Until(deadline))), or the loop asks a context's Deadline, or it
// leaves (return, break) when a cenkalti/backoff back-off it drives by
// hand says Stop (retrylib.BackOffStop: its MaxElapsedTime is the
// budget). A clock
// read that is only recorded (an attempt's latency kept for a metric or a
// log: lastRTT = time.Since(start)) or stamped on a request (see stamp)
// checks no budget.
func (c *checker) hasBudget(l *retryloop.Loop) bool {
	info := c.pass.TypesInfo
	decl := c.declOf(l.Func)
	clock := c.clockVars(decl)
	reads := func(e ast.Expr) bool { return c.readsClock(e, clock) }
	scope := retrylib.Scope{Info: info, Body: decl, Files: c.pass.Files}
	found := false
	var scan func(root ast.Node)
	scan = func(root ast.Node) {
		ast.Inspect(root, func(n ast.Node) bool {
			if found {
				return false
			}
			if is, ok := n.(*ast.IfStmt); ok && leaves(is.Body) && retrylib.BackOffStop(scope, is) {
				// if d == backoff.Stop { return err }: the back-off
				// driven by hand stops the loop, its MaxElapsedTime
				// the budget.
				found = true
				return false
			}
			if is, ok := n.(*ast.IfStmt); ok && c.makesTimeout(is.Body) {
				// The clock in the condition decides whether this attempt
				// gets a timeout (none that would end after the caller's
				// deadline), not whether the loop goes on.
				scan(is.Body)
				if is.Else != nil {
					scan(is.Else)
				}
				return false
			}
			switch n := n.(type) {
			case *ast.BinaryExpr:
				switch n.Op {
				case token.LSS, token.GTR, token.LEQ, token.GEQ:
					found = reads(n.X) || reads(n.Y)
				}
			case *ast.CallExpr:
				f := httpmodel.Callee(info, n)
				if httpmodel.IsPkgFunc(f, "context", "WithDeadline", "WithDeadlineCause") {
					return false // its time.Now() computes a per-attempt deadline
				}
				switch {
				case httpmodel.IsMethod(f, "context", "Context", "Deadline"):
					found = true
				case httpmodel.IsMethod(f, "time", "Time", "Before") || httpmodel.IsMethod(f, "time", "Time", "After") || httpmodel.IsMethod(f, "time", "Time", "Compare"):
					sel, _ := ast.Unparen(n.Fun).(*ast.SelectorExpr)
					found = sel != nil && reads(sel.X) || slices.ContainsFunc(n.Args, reads)
				case httpmodel.IsPkgFunc(f, "time", "After", "NewTimer", "AfterFunc"):
					found = slices.ContainsFunc(n.Args, reads)
				default:
					found = answersCheck(info, n) && slices.ContainsFunc(n.Args, reads)
				}
			}
			return !found
		})
	}
	scan(l.Span())
	return found
}

// leaves reports whether the block ends by leaving the loop it is in: a
// return, or a break or goto.
func leaves(b *ast.BlockStmt) bool {
	if len(b.List) == 0 {
		return false
	}
	switch st := b.List[len(b.List)-1].(type) {
	case *ast.ReturnStmt:
		return true
	case *ast.BranchStmt:
		return st.Tok == token.BREAK || st.Tok == token.GOTO
	}
	return false
}

// answersCheck reports whether call returns a bool or an error, as a
// function that checks a budget does (expired(start),
// checkBudget(deadline)).
func answersCheck(info *types.Info, call *ast.CallExpr) bool {
	tv, ok := info.Types[call]
	if !ok || tv.Type == nil {
		return false
	}
	check := func(t types.Type) bool {
		return types.Identical(t.Underlying(), types.Typ[types.Bool]) || analysisutil.IsError(t)
	}
	if tuple, ok := tv.Type.(*types.Tuple); ok {
		for v := range tuple.Variables() {
			if check(v.Type()) {
				return true
			}
		}
		return false
	}
	return check(tv.Type)
}

// clockVars returns the variables that decl assigns a time read from the
// clock (see readsClock), or a value computed from one: start :=
// time.Now(), remaining := window - time.Since(start), dl, ok :=
// ctx.Deadline().
func (c *checker) clockVars(decl ast.Node) map[types.Object]bool {
	info := c.pass.TypesInfo
	clock := map[types.Object]bool{}
	mark := func(lhs []ast.Expr, rhs []ast.Expr) bool {
		changed := false
		for i, l := range lhs {
			r := rhs[0]
			if len(rhs) == len(lhs) {
				r = rhs[i]
			} else if i > 0 {
				break // dl, ok := ctx.Deadline(): the time only
			}
			// A variable, or a field (st.elapsed = time.Since(start)),
			// which readsClock finds by its selector's name.
			var id *ast.Ident
			switch l := ast.Unparen(l).(type) {
			case *ast.Ident:
				id = l
			case *ast.SelectorExpr:
				if sel, ok := info.Selections[l]; ok && sel.Kind() == types.FieldVal {
					id = l.Sel
				}
			}
			if id == nil {
				continue
			}
			obj := info.ObjectOf(id)
			if obj == nil || clock[obj] || !isClockValue(obj.Type()) || !c.readsClock(r, clock) {
				continue
			}
			clock[obj], changed = true, true
		}
		return changed
	}
	for range 4 {
		changed := false
		ast.Inspect(decl, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				if len(n.Rhs) > 0 {
					changed = mark(n.Lhs, n.Rhs) || changed
				}
			case *ast.ValueSpec:
				if len(n.Values) > 0 {
					lhs := make([]ast.Expr, len(n.Names))
					for i, name := range n.Names {
						lhs[i] = name
					}
					changed = mark(lhs, n.Values) || changed
				}
			}
			return true
		})
		if !changed {
			break
		}
	}
	return clock
}

// isClockValue reports whether t can hold a time or a span of time: a
// time.Time, or a number (time.Duration, seconds as an int64 or a float).
func isClockValue(t types.Type) bool {
	if httpmodel.IsNamed(t, "time", "Time") {
		return true
	}
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsNumeric != 0
}

// readsClock reports whether e reads the clock: it calls time.Now,
// time.Since, time.Until or a context's Deadline method, other than to
// stamp the time as text (see stamp), or names a variable of clock.
func (c *checker) readsClock(e ast.Expr, clock map[types.Object]bool) bool {
	info := c.pass.TypesInfo
	found := false
	ast.PreorderStack(e, nil, func(n ast.Node, stack []ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.Ident:
			found = clock[info.Uses[n]]
		case *ast.CallExpr:
			f := httpmodel.Callee(info, n)
			if httpmodel.IsPkgFunc(f, "context", "WithDeadline", "WithDeadlineCause") {
				return false // its time.Now() computes a per-attempt deadline
			}
			if httpmodel.IsPkgFunc(f, "time", "Until") && len(n.Args) == 1 && c.parsedTime(n.Args[0]) {
				return false // time.Until(retryAt): a wait the server set
			}
			if httpmodel.IsMethod(f, "time", "Time", "Sub") {
				if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok && c.parsedTime(sel.X) {
					return false // retryAt.Sub(time.Now()): the same
				}
			}
			if httpmodel.IsPkgFunc(f, "time", "Since", "Until", "Now") || httpmodel.IsMethod(f, "context", "Context", "Deadline") {
				found = !c.stamp(n, stack)
			}
		}
		return !found
	})
	return found
}

// parsedTime reports whether e is a time parsed from a response's header
// (http.ParseTime, time.Parse, time.ParseInLocation of a header's value;
// time.Unix, time.UnixMilli of a number parsed from one), or a local
// variable given only such times: a time that a response said (a
// Retry-After date, a rate limit's reset), so that the span to it is a
// wait, not the remaining budget of the operation. A time parsed from
// anything else (a job's deadline, a configuration's) may be that
// budget.
func (c *checker) parsedTime(e ast.Expr) bool {
	info := c.pass.TypesInfo
	parsed := func(e ast.Expr) bool {
		call, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok {
			return false
		}
		f := httpmodel.Callee(info, call)
		return (httpmodel.IsPkgFunc(f, "net/http", "ParseTime") || httpmodel.IsPkgFunc(f, "time", "Parse", "ParseInLocation", "Unix", "UnixMilli")) &&
			slices.ContainsFunc(call.Args, func(a ast.Expr) bool { return c.fromHeader(a, 0) })
	}
	if parsed(e) {
		return true
	}
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok || v.Kind() != types.LocalVar {
		return false
	}
	values, known := flow.AssignedAfterDecl(info, c.declOf(id), v)
	return known && len(values) > 0 && !slices.ContainsFunc(values, func(e ast.Expr) bool { return !parsed(e) })
}

// fromHeader reports whether e reads a header's value (h.Get(name),
// h[name], h.Values(name)), directly, through the calls that convert or
// parse it (strconv.ParseInt(h.Get("X-RateLimit-Reset"), 10, 64)), or
// through local variables given such values.
func (c *checker) fromHeader(e ast.Expr, depth int) bool {
	info := c.pass.TypesInfo
	if depth > 3 {
		return false
	}
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if found {
			return false
		}
		switch x := n.(type) {
		case *ast.CallExpr:
			if a, ok := httpmodel.HeaderCall(info, x); ok && (a.Op == httpmodel.HeaderGet || a.Op == httpmodel.HeaderValues) {
				found = true
			}
		case *ast.IndexExpr:
			if _, ok := httpmodel.HeaderIndexExpr(info, x); ok {
				found = true
			}
		case *ast.Ident:
			if v, ok := info.Uses[x].(*types.Var); ok && v.Kind() == types.LocalVar {
				values, known := flow.AssignedAfterDecl(info, c.declOf(x), v)
				found = known && slices.ContainsFunc(values, func(val ast.Expr) bool { return c.fromHeader(val, depth+1) })
			}
		}
		return !found
	})
	return found
}

// stamp reports whether the clock read call (with its enclosing nodes in
// stack, innermost last) is turned into text at once: the time on a Date
// or a signing header, in a body or a log line
// (time.Now().UTC().Format(http.TimeFormat),
// strconv.FormatInt(time.Now().Unix(), 10)). Such text is compared with no
// deadline, so the loop checks no budget with it.
func (c *checker) stamp(call *ast.CallExpr, stack []ast.Node) bool {
	info := c.pass.TypesInfo
	var e ast.Expr = call
	for i := len(stack) - 1; i >= 0; i-- {
		if httpmodel.IsStringOrBytes(info.TypeOf(e)) {
			return true
		}
		switch p := stack[i].(type) {
		case *ast.ParenExpr:
			e = p
		case *ast.SelectorExpr:
			// A method of the time read: t.UTC(), t.Unix(), t.Format(...).
			if i == 0 || p.X != e {
				return false
			}
			m, ok := stack[i-1].(*ast.CallExpr)
			if !ok || m.Fun != p {
				return false
			}
			e, i = m, i-1
		case *ast.CallExpr:
			// An argument of a call that makes text of it.
			if !slices.Contains(p.Args, e) {
				return false
			}
			e = p
		default:
			return false
		}
	}
	return httpmodel.IsStringOrBytes(info.TypeOf(e))
}

// makesTimeout reports whether block makes a context.WithTimeout or its
// kin among its own statements (not in a nested block).
func (c *checker) makesTimeout(block *ast.BlockStmt) bool {
	for _, st := range block.List {
		found := false
		ast.Inspect(st, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit, *ast.BlockStmt:
				return false
			case *ast.CallExpr:
				found = found || isTimeoutFunc(httpmodel.Callee(c.pass.TypesInfo, n))
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}

// bounded reports whether the loop's number of attempts is limited: it has
// a condition or ranges over an integer, or exits on an attempt counter.
func (c *checker) bounded(file *ast.File, l *retryloop.Loop) bool {
	if l.Bounded {
		return true
	}
	_, _, ok := c.attemptBound(file, l)
	return ok
}

func (c *checker) message(file *ast.File, l *retryloop.Loop, what string) string {
	where := " inside retry loop"
	if l.Via != nil {
		where = " inside an operation retried by " + l.Via.Name()
	}
	if c.bounded(file, l) {
		return what + where + " but no overall deadline (the attempts plus the waits between them can take many times the per-attempt timeout)"
	}
	return what + where + " but no overall deadline (attempts and sleeps are unbounded)"
}

// checkDeadline reports the first per-attempt timeout of a loop that
// nothing bounds as a whole.
func (c *checker) checkDeadline(file *ast.File, l *retryloop.Loop) {
	if !c.cfg.Bounded && c.bounded(file, l) {
		return
	}
	if c.loops.EndsOnFailure(l) {
		// A poll: it sends again only after a success, and its
		// attempts are no retries of a failed one.
		c.gate(l.Sends[0], "poll", "a loop that every failure of its sends leaves")
		return
	}
	budget, gates := c.hasBudget(l), analysisutil.GatesOn()
	info := c.pass.TypesInfo
	var (
		own    *timeout
		helper *ast.CallExpr
		hfact  *timeoutFact
		// dropped is the first timeout of the loop whose parent is
		// neither known to have no deadline nor the caller's context.
		dropped     *ast.CallExpr
		droppedGate string
		// opc is the helper call whose caller's context own derives
		// from, for an operation handed to a retry helper.
		opc *opCall
	)
	c.inspectOwn(l.Body, func(call *ast.CallExpr) {
		if own != nil || helper != nil {
			return
		}
		if t, ok := c.attemptTimeout(l.Func, call); ok {
			own = &t
			return
		}
		if l.Via == nil {
			if t, ok := c.callerTimeout(l, call); ok {
				own = &t
				return
			}
		} else if t, oc, ok := c.opCallerTimeout(l, call); ok {
			own, opc = &t, oc
			return
		}
		if gates && dropped == nil {
			if t, ok := c.timeoutCall(call); ok && !c.hasDeadline(l.Func, t.parent, 0) && !c.mayHoldOwnDeadline(l.Func, t.parent) {
				dropped, droppedGate = call, "parent-unknown"
				if l.Via != nil {
					droppedGate = "parent-via"
				}
			}
		}
		if f := c.loopFact(httpmodel.Callee(info, call)); f != nil {
			if f.Parent == 0 {
				helper, hfact = call, f
			} else if t, ok := c.calleeTimeout(l, call, f); ok {
				own = &t
			} else if oc := c.opCaller(l, &t); !f.Req && oc != nil {
				own, opc = &t, oc
			} else if gates && dropped == nil {
				dropped, droppedGate = call, "callee-outer"
			}
		}
	})
	if own != nil && c.innerRetry(l, own.call) || helper != nil && c.innerRetry(l, helper) {
		// The loop repeats a retry written inside it (a worker's loop
		// around the retry of one batch): the inner retry is reported.
		return
	}
	if budget {
		switch {
		case own != nil && c.detachedInBudget(l, own):
			c.reportDetachedBudget(file, l, own)
		case own != nil:
			c.gate(own.call, "budget", "per-attempt timeout in a loop that reads the clock")
		case helper != nil:
			c.gate(helper, "budget", "helper timeout in a loop that reads the clock")
		case dropped != nil:
			c.gate(dropped, "budget", "timeout ("+droppedGate+") in a loop that reads the clock")
		}
		return
	}
	switch {
	case own != nil && opc != nil:
		c.reportOpCaller(file, l, own, opc)
	case own != nil && c.callersBound(l.Func, own.outer, 0):
		// Every call hands the loop a deadline its caller made.
		c.gate(own.call, "callers-bound", "per-attempt timeout whose callers all pass a deadline")
	case own != nil:
		c.reportOwnTimeout(file, l, own)
	case helper != nil:
		c.reportHelper(file, l, helper, hfact)
	default:
		if dropped != nil {
			c.gate(dropped, droppedGate, "per-attempt timeout from a context of unknown deadline")
		}
		c.checkClientTimeout(file, l)
	}
}

// mayHoldOwnDeadline reports whether e is a local variable that fn assigns
// a deadline of its own on some path (opCtx := ctx; if d > 0 { opCtx, cancel =
// context.WithTimeout(opCtx, n*d) }): the function bounds the operation
// whenever a per-attempt timeout is set.
func (c *checker) mayHoldOwnDeadline(fn ast.Node, e ast.Expr) bool {
	info := c.pass.TypesInfo
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok || isParam(info, fn, v) {
		return false
	}
	values, _ := flow.Assigned(info, fn, v)
	return slices.ContainsFunc(values, func(val ast.Expr) bool {
		call, ok := ast.Unparen(val).(*ast.CallExpr)
		return ok && isTimeoutFunc(httpmodel.Callee(info, call))
	})
}

// callersBound reports whether ctx is a context parameter of fn, an
// unexported function declaration called (never used as a value) only in
// this package, that every call hands a deadline its caller made, itself
// or through its own callers: the callers bound the operation.
func (c *checker) callersBound(fn ast.Node, ctx ast.Expr, depth int) bool {
	info := c.pass.TypesInfo
	fd, ok := fn.(*ast.FuncDecl)
	if !ok || depth > 3 || ctx == nil {
		return false
	}
	obj, _ := info.Defs[fd.Name].(*types.Func)
	if obj == nil || obj.Exported() {
		return false
	}
	index := c.paramIndex(fd, ctx, nil)
	if index < 0 {
		return false
	}
	uses := 0
	for _, o := range info.Uses {
		if o == obj {
			uses++
		}
	}
	var calls []*ast.CallExpr
	for _, file := range c.pass.Files {
		ast.Inspect(file, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok {
				if f := httpmodel.Callee(info, call); f != nil && f.Origin() == obj {
					calls = append(calls, call)
				}
			}
			return true
		})
	}
	if len(calls) == 0 || len(calls) != uses {
		return false
	}
	for _, call := range calls {
		_, args := httpmodel.Receiver(info, call)
		if index >= len(args) || call.Ellipsis.IsValid() {
			return false
		}
		decl := c.declOf(call)
		if !c.hasDeadline(decl, args[index], 0) && !c.callersBound(decl, args[index], depth+1) {
			return false
		}
	}
	return true
}

// attemptCount returns source text for the loop's number of attempts, and
// whether it is an untyped constant: the loop's own bound when it is at
// hand (see attemptBound), the -attempts value otherwise.
func (c *checker) attemptCount(file *ast.File, l *retryloop.Loop) (string, bool) {
	if n, untyped, ok := c.attemptBound(file, l); ok {
		return n, untyped
	}
	return strconv.Itoa(c.cfg.Attempts), true
}

// budget returns the text of attempts times the per-attempt timeout plus
// the wait after each attempt, formatted as gofmt would, for a deadline
// written at pos: n * (per + wait) when the loop's wait is at hand there
// (see loopWait), n * per otherwise. The wait after the last attempt is
// counted too, as a loop that waits before it tests its bound spends it.
func (c *checker) budget(file *ast.File, l *retryloop.Loop, per ast.Expr, timeName string, pos token.Pos) string {
	n, untyped := c.attemptCount(file, l)
	return c.budgetOf(n, untyped, per, c.loopWait(file, l, pos), timeName)
}

// budgetOf returns the text of n attempts (an untyped constant or not)
// times the per-attempt timeout per plus the wait after each, when wait
// is not nil, formatted as gofmt would.
func (c *checker) budgetOf(n string, untyped bool, per, wait ast.Expr, timeName string) string {
	per = ast.Unparen(per)
	perText := fixes.Format(c.pass.Fset, per)
	if wait != nil {
		perText = "(" + perText + " + " + fixes.Format(c.pass.Fset, wait) + ")"
	} else if b, ok := per.(*ast.BinaryExpr); ok && b.Op != token.MUL && b.Op != token.QUO {
		perText = "(" + perText + ")"
	}
	if !untyped {
		n = timeName + ".Duration(" + n + ")"
	}
	return gofmtExpr(n + " * " + perText)
}

// gofmtExpr formats an expression as gofmt does as the second argument of
// a call, which is where the fixes write it.
func gofmtExpr(s string) string {
	const prefix, suffix = "package p\n\nvar _ = f(x, ", ")\n"
	out, err := format.Source([]byte(prefix + s + suffix))
	if err != nil {
		return s
	}
	return strings.TrimSuffix(strings.TrimPrefix(string(out), prefix), suffix)
}

// overallContext builds the edits that create the overall deadline before
// the loop and rewrite the loop's waits to end with it. It returns the
// name of the new context. With guard, the deadline is made only when
// the per-attempt duration is positive, as the loop makes its timeouts.
// parent is the source text of the context the deadline derives from; the
// caller checks that it can be written before the loop.
func (c *checker) overallContext(file *ast.File, l *retryloop.Loop, start ast.Stmt, parent string, per ast.Expr, guard bool, taken map[string]bool, src []byte) (string, []analysis.TextEdit, bool) {
	info := c.pass.TypesInfo
	if !fixes.Pure(info, per) || !fixes.VisibleAt(info, file, per, start.Pos()) {
		return "", nil, false
	}
	ctxName, ctxImp, ok := fixes.Import(info, c.pass.Pkg, file, "context", start.Pos())
	if !ok {
		return "", nil, false
	}
	timeName, timeImp, ok := fixes.Import(info, c.pass.Pkg, file, "time", start.Pos())
	if !ok {
		return "", nil, false
	}
	positions := []token.Pos{start.Pos(), l.Body.End() - 1}
	opCtx := fixes.FreeName(info, file, "opCtx", taken, positions...)
	opCancel := fixes.FreeName(info, file, "opCancel", taken, positions...)
	at, indent, _ := l.Before(c.pass.Fset, src)
	if start != l.Outer {
		// Before the closure that makes the attempts' timeouts.
		tf := c.pass.Fset.File(start.Pos())
		at, indent = tf.LineStart(tf.Line(start.Pos())), fixes.Indent(c.pass.Fset, src, start.Pos())
	}
	text := fmt.Sprintf("%s%s, %s := %s.WithTimeout(%s, %s)\n%sdefer %s()\n",
		indent, opCtx, opCancel, ctxName, parent, c.budget(file, l, per, timeName, start.Pos()), indent, opCancel)
	if guard {
		text = fmt.Sprintf("%[1]s%[2]s := %[4]s\n%[1]sif %[5]s > 0 {\n%[1]s\tvar %[3]s %[6]s.CancelFunc\n%[1]s\t%[2]s, %[3]s = %[6]s.WithTimeout(%[2]s, %[7]s)\n%[1]s\tdefer %[3]s()\n%[1]s}\n",
			indent, opCtx, opCancel, parent, fixes.Format(c.pass.Fset, per), ctxName, c.budget(file, l, per, timeName, start.Pos()))
	}
	edits := []analysis.TextEdit{{Pos: at, End: at, NewText: []byte(text)}}
	edits = append(edits, ctxImp...)
	edits = append(edits, timeImp...)
	// Once the deadline has passed, every attempt fails at once: stop
	// instead of spinning.
	stop, ok := c.stopCheck(l, opCtx+".Err() != nil", opCtx+".Err()", file, src)
	if !ok {
		return "", nil, false
	}
	edits = append(edits, stop)
	// The loop's waits end with the overall deadline too: the selects
	// on the parent's end wait for the deadline's instead.
	for _, cc := range c.selectsOn(l, parent, opCtx) {
		edits = append(edits, cc...)
	}
	for _, s := range c.sleepsOf(l) {
		e, ok := c.selectEdit(file, l, s, opCtx, taken, src)
		if !ok {
			return "", nil, false
		}
		edits = append(edits, e...)
	}
	return opCtx, edits, true
}

func (c *checker) reportOwnTimeout(file *ast.File, l *retryloop.Loop, t *timeout) {
	constant := c.positiveConst(t.timeout)
	if t.timeout == nil && t.nanos > 0 && l.Outer != nil {
		timeName, _, ok := fixes.Import(c.pass.TypesInfo, c.pass.Pkg, file, "time", l.Outer.Pos())
		if !ok {
			return
		}
		t.timeout, _ = parser.ParseExpr(durationText(time.Duration(t.nanos), timeName))
		constant = true
	}
	if t.timeout == nil {
		c.gate(t.call, "own-no-dur", "per-attempt timeout of unknown duration")
		return
	}
	if t.cond && constant {
		// A client's Timeout set on some paths only, not readable here:
		// a deadline of its constant would bound the paths without one.
		c.gate(t.call, "own-cond", "per-attempt client timeout set on some paths only")
		return
	}
	src := fixes.Source(c.pass, l.Stmt.Pos())
	if src == nil {
		return
	}
	start := l.Outer
	if start != nil && t.call.Pos() < start.Pos() {
		// The attempt is a closure made before the loop: the deadline
		// goes before the closure.
		start = enclosingStmt(l.Func, start, t.call.Pos())
		if start == nil {
			c.gate(t.call, "own-outer", "per-attempt timeout in a closure made in another block than the loop")
			return
		}
	}
	if start == nil || !fixes.VisibleAt(c.pass.TypesInfo, file, t.outer, start.Pos()) {
		c.gate(t.call, "own-outer", "per-attempt timeout whose parent is not visible before the loop")
		return
	}
	if id, ok := ast.Unparen(t.outer).(*ast.Ident); ok && t.outer != t.parent {
		if v, ok := c.pass.TypesInfo.Uses[id].(*types.Var); !ok || !c.namesAt(file, id, v, start.Pos()) {
			c.gate(t.call, "own-outer", "per-attempt timeout whose parent is shadowed before the loop")
			return
		}
	}
	// A timeout made only on some attempts (when a per-attempt duration is
	// set) gets a deadline only when it is set.
	guard := (c.conditional(l, t.call) || t.cond) && !constant
	if inIteration(l) || c.cancelEscapes(l, t.call) || c.handsOnResponse(l) && c.responseOutlivesAttempt(l, t.call) {
		// The attempt's context goes on with what the function returns
		// (its cancel, or the response whose body the caller reads), or
		// the loop retries one item of another loop (a deadline's
		// deferred cancel would pile up until the function returns):
		// bound the loop by a wall-clock budget instead.
		var per ast.Expr
		if !constant || t.nanos == 0 {
			per = t.timeout
		}
		if edits, ok := c.budgetEdits(file, l, per, t.nanos, guard); ok {
			c.markSleeps(l)
			c.reportBudget(file, l, t.call, c.timeoutWhat(t), edits)
		} else {
			c.gate(t.call, "own-fix", "per-attempt timeout: no budget fix")
		}
		return
	}
	outer, parent := fixes.Format(c.pass.Fset, t.outer), ""
	if t.req {
		// doOnce(req, d): the deadline derives from the request's
		// context, and the attempts take the request with it.
		outer += ".Context()"
		parent = fixes.Format(c.pass.Fset, t.parent) + ".WithContext(%s)"
	}
	opCtx, edits, ok := c.overallContext(file, l, start, outer, t.timeout, guard, map[string]bool{}, src)
	if !ok {
		c.gate(t.call, "own-fix", "per-attempt timeout: no deadline fix")
		return
	}
	if parent != "" {
		opCtx = fmt.Sprintf(parent, opCtx)
	}
	edits = append(edits, analysis.TextEdit{Pos: t.parent.Pos(), End: t.parent.End(), NewText: []byte(opCtx)})
	c.markSleeps(l)
	c.pass.Report(analysis.Diagnostic{
		Pos:     t.call.Pos(),
		End:     t.call.End(),
		Message: c.message(file, l, c.timeoutWhat(t)),
		SuggestedFixes: []analysis.SuggestedFix{{
			Message:   "Add an overall deadline before the loop and derive the attempts and waits from it",
			TextEdits: edits,
		}},
	})
}

// checkClientTimeout reports a request built without a context in the loop
// and sent through a client whose Timeout is set in the same function.
func (c *checker) checkClientTimeout(file *ast.File, l *retryloop.Loop) {
	info := c.pass.TypesInfo
	for _, send := range l.Sends {
		var per ast.Expr
		var guard bool
		s, ok := httpmodel.SendOf(info, send)
		switch {
		case !ok:
			// A function that sends the request it is handed.
			if s.Request, per, guard = c.handedSend(file, l, send); per == nil {
				continue
			}
		case s.Request == nil:
			if c.checkURLSendTimeout(file, l, send) {
				return
			}
			continue
		default:
			if per, guard = c.clientTimeout(l, send); per == nil {
				continue
			}
		}
		// Do(req.WithContext(ctx)): the request sent has ctx.
		req, sendCtx := s.Request, ast.Expr(nil)
		if call, ok := ast.Unparen(s.Request).(*ast.CallExpr); ok && len(call.Args) == 1 && httpmodel.IsMethod(httpmodel.Callee(info, call), "net/http", "Request", "WithContext") {
			req, sendCtx = ast.Unparen(call.Fun).(*ast.SelectorExpr).X, call.Args[0]
		}
		newReq, withCtx := c.newRequestInLoop(l, req)
		var built, handed bool // by a function of the package without a context; by the caller
		if newReq == nil {
			built = c.builtByHelper(l, req)
			// The request the function is handed, sent again: its
			// context is the caller's.
			_, isVar := ast.Unparen(req).(*ast.Ident)
			handed = !built && isVar && sendCtx == nil && c.handedRequest(l, req)
			if !built && !handed {
				c.gate(send, "client-req", "send through a client with a Timeout of a request not built in the loop")
				continue
			}
		}
		var reqCtx ast.Expr // the context the request is sent with
		switch {
		case sendCtx != nil:
			reqCtx, withCtx, built = sendCtx, true, false
		case withCtx:
			reqCtx = newReq.Args[0]
		}
		if withCtx && c.boundedContext(l, reqCtx) || handed && c.callersBound(l.Func, s.Request, 0) {
			c.gate(send, "client-bounded", "send through a client with a Timeout of a request with a bounded context")
			return // the function, or every caller, bounds the operation
		}
		if inIteration(l) || c.handsOnResponse(l) {
			if !c.reportClientBudget(file, l, send, per, guard) {
				c.gate(send, "client-fix", "send through a client with a Timeout: no budget fix")
			}
			return
		}
		src := fixes.Source(c.pass, l.Stmt.Pos())
		if src == nil {
			return
		}
		start := l.Outer
		if start == nil {
			c.gate(send, "client-fix", "send through a client with a Timeout: no statement before the loop")
			return
		}
		ctxName, _, ok := fixes.Import(info, c.pass.Pkg, file, "context", start.Pos())
		if !ok {
			return
		}
		var edits []analysis.TextEdit
		if withCtx {
			// The request has a context: the deadline derives from it,
			// and the request from the deadline.
			parent := reqCtx
			// A root context made in the loop (context.Background())
			// is the same value before it.
			if !retrylib.IsBackground(info, parent) && (!fixes.Pure(info, parent) || !fixes.VisibleAt(info, file, parent, start.Pos())) {
				c.gate(send, "client-fix", "send through a client with a Timeout: request context not visible before the loop")
				continue
			}
			var opCtx string
			opCtx, edits, ok = c.overallContext(file, l, start, fixes.Format(c.pass.Fset, parent), per, guard, map[string]bool{}, src)
			if !ok {
				c.gate(send, "client-fix", "send through a client with a Timeout: no deadline fix")
				return
			}
			edits = append(edits, analysis.TextEdit{Pos: parent.Pos(), End: parent.End(), NewText: []byte(opCtx)})
		} else {
			var opCtx string
			parent := ctxName + ".Background()"
			if handed {
				parent = fixes.Format(c.pass.Fset, s.Request) + ".Context()"
			}
			opCtx, edits, ok = c.overallContext(file, l, start, parent, per, guard, map[string]bool{}, src)
			if !ok {
				c.gate(send, "client-fix", "send through a client with a Timeout: no deadline fix")
				return
			}
			if built || handed {
				// req, err := c.newRequest(body): the send takes the
				// request with the deadline instead.
				edits = append(edits, analysis.TextEdit{Pos: s.Request.End(), End: s.Request.End(), NewText: []byte(".WithContext(" + opCtx + ")")})
			} else {
				sel := ast.Unparen(newReq.Fun).(*ast.SelectorExpr)
				edits = append(edits,
					analysis.TextEdit{Pos: sel.Sel.Pos(), End: sel.Sel.End(), NewText: []byte("NewRequestWithContext")},
					analysis.TextEdit{Pos: newReq.Lparen + 1, End: newReq.Lparen + 1, NewText: []byte(opCtx + ", ")},
				)
			}
		}
		c.reportClientContext(file, l, send, edits)
		return
	}
}

// checkURLSendTimeout reports a send that builds its request from a URL
// (c.Get(url), c.Post(url, contentType, body), ...; see fixes.URLSend),
// which has no context, through a client whose Timeout is set: a
// per-attempt timeout, as for a request built with http.NewRequest. The
// fix makes the overall deadline before the loop and builds the request
// with it, sent by the client's Do. It reports whether it reported.
func (c *checker) checkURLSendTimeout(file *ast.File, l *retryloop.Loop, send *ast.CallExpr) bool {
	info := c.pass.TypesInfo
	if _, ok := fixes.URLSendOf(httpmodel.Callee(info, send)); !ok {
		return false
	}
	if l.Via != nil {
		// An operation handed to a retry helper: helpers bound their
		// retries with options of their own (wait.Timeout(10*time.Second)
		// beside the operation), which the helper's fact does not tell.
		if analysisutil.GatesOn() {
			if per, _ := c.clientTimeout(l, send); per != nil {
				c.gate(send, "url-via", "URL send through a client with a Timeout in an operation of "+l.Via.Name())
			}
		}
		return false
	}
	per, guard := c.clientTimeout(l, send)
	if per == nil || l.Outer == nil {
		return false
	}
	if inIteration(l) || c.handsOnResponse(l) {
		ok := c.reportClientBudget(file, l, send, per, guard)
		if !ok {
			c.gate(send, "url-fix", "URL send through a client with a Timeout: no budget fix")
		}
		return ok
	}
	src := fixes.Source(c.pass, l.Stmt.Pos())
	as := fixes.URLSendStmt(l.Body, send)
	if src == nil || as == nil {
		return false
	}
	ctxName, _, ok := fixes.Import(info, c.pass.Pkg, file, "context", l.Outer.Pos())
	if !ok {
		return false
	}
	taken := map[string]bool{}
	opCtx, edits, ok := c.overallContext(file, l, l.Outer, ctxName+".Background()", per, guard, taken, src)
	if !ok {
		c.gate(send, "url-fix", "URL send through a client with a Timeout: no deadline fix")
		return false
	}
	taken[opCtx] = true
	more, ok := fixes.URLSend{Pass: c.pass, File: file, Stmt: as, Call: send, Ctx: opCtx, Taken: taken}.Rewrite()
	if !ok {
		c.gate(send, "url-fix", "URL send through a client with a Timeout: no rewrite of the send")
		return false
	}
	c.reportClientContext(file, l, send, append(edits, more...))
	return true
}

// reportClientContext reports the send of loop l through a client whose
// Timeout bounds each attempt, with the fix (edits) that makes an overall
// deadline before the loop and builds the request with it.
func (c *checker) reportClientContext(file *ast.File, l *retryloop.Loop, send *ast.CallExpr, edits []analysis.TextEdit) {
	c.markSleeps(l)
	what := "per-attempt timeout (http.Client.Timeout)"
	if _, ok := httpmodel.SendOf(c.pass.TypesInfo, send); !ok {
		what = "per-attempt timeout (http.Client.Timeout of the send in " + httpmodel.Callee(c.pass.TypesInfo, send).Name() + ")"
	}
	c.pass.Report(analysis.Diagnostic{
		Pos:     send.Pos(),
		End:     send.End(),
		Message: c.message(file, l, what),
		SuggestedFixes: []analysis.SuggestedFix{{
			Message:   "Add an overall deadline before the loop and build the request with it",
			TextEdits: edits,
		}},
	})
}

// boundedContext reports whether parent, the context a request of the
// loop l is built with, carries a deadline the function or every caller
// set.
func (c *checker) boundedContext(l *retryloop.Loop, parent ast.Expr) bool {
	return c.hasDeadline(l.Func, parent, 0) || c.mayHoldOwnDeadline(l.Func, parent) || c.callersBound(l.Func, parent, 0)
}

// handsOnResponse reports whether the function of the loop l returns a
// *http.Response: its caller reads the body of the response the loop got,
// after the function returned. A deadline context the function cancels
// when it returns would cut that read (the body fails with "context
// canceled"), so such a loop gets a wall-clock budget instead: each
// attempt is bounded by the client's Timeout, and the budget stops the
// loop.
func (c *checker) handsOnResponse(l *retryloop.Loop) bool {
	ft, _ := flow.FuncParts(l.Func)
	return slices.ContainsFunc(fixes.ResultTypes(c.pass.TypesInfo, ft), httpmodel.IsResponse)
}

// reportClientBudget reports the send of loop l through a client whose
// Timeout (per) bounds each attempt, with the fix of a wall-clock budget
// for the loop; it reports whether it reported.
func (c *checker) reportClientBudget(file *ast.File, l *retryloop.Loop, send *ast.CallExpr, per ast.Expr, guard bool) bool {
	edits, ok := c.budgetEdits(file, l, per, 0, guard)
	if !ok {
		return false
	}
	c.reportBudget(file, l, send, "per-attempt timeout (http.Client.Timeout)", edits)
	return true
}

// newRequestInLoop returns the http.NewRequest or NewRequestWithContext
// call that builds req inside the loop, when it is the only assignment to
// req, and whether it is the one with a context.
func (c *checker) newRequestInLoop(l *retryloop.Loop, req ast.Expr) (*ast.CallExpr, bool) {
	call := c.buildInLoop(l, req)
	if call == nil {
		return nil, false
	}
	f := httpmodel.Callee(c.pass.TypesInfo, call)
	withCtx := httpmodel.IsPkgFunc(f, "net/http", "NewRequestWithContext")
	if !withCtx && !httpmodel.IsPkgFunc(f, "net/http", "NewRequest") || withCtx && len(call.Args) == 0 {
		return nil, false
	}
	if _, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); !ok {
		return nil, false
	}
	return call, withCtx
}

// builtByHelper reports whether req, a variable of the loop's function,
// is assigned once, in the loop, the result of a function of the package
// whose every return hands back a request http.NewRequest made there: a
// request with no context of its own (req, err := c.newRequest(body)).
func (c *checker) builtByHelper(l *retryloop.Loop, req ast.Expr) bool {
	if call := c.buildInLoop(l, req); call != nil {
		return c.builtByFunc(call)
	}
	// The first attempt's request built before the loop and each retry's
	// in it (req, err = h.reqCreator.Create(body) twice): every value a
	// request without a context.
	v := flow.VarOf(c.pass.TypesInfo, req)
	if v == nil {
		return false
	}
	values, known := flow.AssignedAfterDecl(c.pass.TypesInfo, l.Func, v)
	if !known || len(values) < 2 || !c.allPlainRequests(values) {
		return false
	}
	return slices.ContainsFunc(values, func(e ast.Expr) bool { return l.Body.Pos() <= e.Pos() && e.End() <= l.Body.End() })
}

// buildInLoop returns the call whose result req, a variable of the loop's
// function, is assigned, when that is its only assignment and it is made
// inside the loop; nil otherwise.
func (c *checker) buildInLoop(l *retryloop.Loop, req ast.Expr) *ast.CallExpr {
	info := c.pass.TypesInfo
	id, ok := ast.Unparen(req).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok {
		return nil
	}
	values, known := flow.AssignedAfterDecl(info, l.Func, v)
	if !known || len(values) != 1 {
		return nil
	}
	call, ok := ast.Unparen(values[0]).(*ast.CallExpr)
	if !ok || call.Pos() < l.Body.Pos() || call.End() > l.Body.End() {
		return nil
	}
	return call
}

// isNewRequest reports whether e is a call of http.NewRequest: a request
// with no context.
func (c *checker) isNewRequest(e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	return ok && httpmodel.IsPkgFunc(httpmodel.Callee(c.pass.TypesInfo, call), "net/http", "NewRequest")
}

// allPlainRequests reports whether every one of values builds a request
// with no context (see buildsPlainRequest).
func (c *checker) allPlainRequests(values []ast.Expr) bool {
	return !slices.ContainsFunc(values, func(e ast.Expr) bool { return !c.buildsPlainRequest(e) })
}

// buildsPlainRequest reports whether e builds a request with no context:
// a call of http.NewRequest, or of a function of the package that hands
// back one (see builtByFunc).
func (c *checker) buildsPlainRequest(e ast.Expr) bool {
	if c.isNewRequest(e) {
		return true
	}
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	return ok && c.builtByFunc(call)
}

// builtByFunc reports whether call calls a function of the package whose
// every return hands back a request http.NewRequest made there.
func (c *checker) builtByFunc(call *ast.CallExpr) bool {
	info := c.pass.TypesInfo
	g := httpmodel.Callee(info, call)
	if g == nil {
		return false
	}
	gf, ok := c.index.Decl(g.Origin())
	if !ok || gf.Decl.Body == nil {
		return false
	}
	all, any := true, false
	// A bare return of named results (req *http.Request, err error)
	// hands back the first.
	var named ast.Expr
	if res := gf.Decl.Type.Results; res != nil && len(res.List) > 0 && len(res.List[0].Names) > 0 {
		named = res.List[0].Names[0]
	}
	flow.ReturnsOf(gf.Decl.Body, func(ret *ast.ReturnStmt) {
		results := ret.Results
		if len(results) == 0 && named != nil {
			results = []ast.Expr{named}
		}
		if len(results) == 0 {
			all = false
			return
		}
		r := results[0]
		if analysisutil.IsNil(info, r) && len(results) > 1 {
			return // return nil, err
		}
		if rid, ok := ast.Unparen(r).(*ast.Ident); ok {
			if rv, ok := info.ObjectOf(rid).(*types.Var); ok {
				vals, known := flow.Assigned(info, gf.Decl, rv)
				if known && len(vals) > 0 && !slices.ContainsFunc(vals, func(e ast.Expr) bool { return !c.isNewRequest(e) }) {
					any = true
					return
				}
			}
		}
		if c.isNewRequest(r) {
			any = true
			return
		}
		all = false
	})
	return all && any
}

// reportHelper reports a loop that calls a function making its own
// timeout; the fix gives the loop a wall-clock budget.
func (c *checker) reportHelper(file *ast.File, l *retryloop.Loop, call *ast.CallExpr, f *timeoutFact) {
	callee := httpmodel.Callee(c.pass.TypesInfo, call)
	per := c.timeoutAtCall(call, f.Field, f.Nanos, f.Cond)
	switch {
	case per == nil && f.Cond:
		c.gate(call, "helper-cond", "helper client timeout set on some paths only")
		return
	case per == nil && f.Nanos == 0:
		c.gate(call, "helper-nonconst", "helper timeout of no constant duration")
		return // no constant timeout to size a budget from
	}
	edits, ok := c.budgetEdits(file, l, per, f.Nanos, f.Cond)
	if !ok {
		c.gate(call, "helper-fix", "helper timeout: no budget fix")
		return
	}
	what := "per-attempt timeout (made by " + callee.Name() + ")"
	if f.Client {
		what = "per-attempt timeout (http.Client.Timeout of the send in " + callee.Name() + ")"
	}
	c.reportBudget(file, l, call, what, edits)
}

func (c *checker) reportBudget(file *ast.File, l *retryloop.Loop, call *ast.CallExpr, what string, edits []analysis.TextEdit) {
	c.pass.Report(analysis.Diagnostic{
		Pos:     call.Pos(),
		End:     call.End(),
		Message: c.message(file, l, what),
		SuggestedFixes: []analysis.SuggestedFix{{
			Message:   "Stop the operation once a wall-clock budget for the whole loop is spent",
			TextEdits: edits,
		}},
	})
}

// budgetEdits builds the edits that give the loop a wall-clock budget of
// its attempts times the per-attempt timeout (per, or the constant nanos
// when per is nil): the time before the loop, and a check that stops the
// operation once the budget is spent. With guard, the check applies only
// when per is positive.
func (c *checker) budgetEdits(file *ast.File, l *retryloop.Loop, per ast.Expr, nanos int64, guard bool) ([]analysis.TextEdit, bool) {
	info := c.pass.TypesInfo
	src := fixes.Source(c.pass, l.Stmt.Pos())
	start := l.Outer
	if src == nil || start == nil || len(l.Body.List) == 0 {
		return nil, false
	}
	if per != nil && (!fixes.Pure(info, per) || !fixes.VisibleAt(info, file, per, start.Pos())) {
		return nil, false
	}
	timeName, timeImp, ok := fixes.Import(info, c.pass.Pkg, file, "time", start.Pos())
	if !ok {
		return nil, false
	}
	taken := map[string]bool{}
	startName := fixes.FreeName(info, file, "retryStart", taken, start.Pos(), l.Body.End()-1)
	var budget string
	n, untyped := c.attemptCount(file, l)
	switch {
	case per != nil:
		budget = c.budget(file, l, per, timeName, start.Pos())
	case untyped && c.loopWait(file, l, start.Pos()) == nil:
		count, _ := strconv.ParseInt(n, 10, 64)
		budget = durationText(time.Duration(count*nanos), timeName)
	default:
		perExpr, err := parser.ParseExpr(durationText(time.Duration(nanos), timeName))
		if err != nil {
			return nil, false
		}
		budget = c.budget(file, l, perExpr, timeName, start.Pos())
	}
	at, indent, _ := l.Before(c.pass.Fset, src)
	errText := ""
	var errImp []analysis.TextEdit
	if ft, _ := flow.FuncParts(l.Func); fixes.ReturnsError(info, ft) || inIteration(l) {
		fmtName, imp, ok := fixes.Import(info, c.pass.Pkg, file, "fmt", start.Pos())
		if !ok {
			return nil, false
		}
		errText, errImp = fmtName+`.Errorf("retry budget of %v exhausted", `+budget+`)`, imp
	}
	cond := fmt.Sprintf("%s.Since(%s) > %s", timeName, startName, budget)
	if guard {
		cond = fixes.Format(c.pass.Fset, per) + " > 0 && " + cond
	}
	stop, ok := c.stopCheck(l, cond, errText, file, src)
	if !ok {
		return nil, false
	}
	edits := []analysis.TextEdit{
		{Pos: at, End: at, NewText: []byte(fmt.Sprintf("%s%s := %s.Now()\n", indent, startName, timeName))},
		stop,
	}
	edits = append(edits, timeImp...)
	if errText == "" || !strings.Contains(string(stop.NewText), errText) {
		return edits, true // the check leaves the loop without the error
	}
	return append(edits, errImp...), true
}

// responseOutlivesAttempt reports whether the loop l returns a response
// on a path where the cancel function of the attempt's timeout (made by
// call) has not been called or deferred before: the caller then reads the
// body with the attempt's context alive, as written, and a deadline
// cancelled when the function returns would cut the read. Where the
// attempt's cancel comes first, the body is cut already and the deadline
// changes nothing.
func (c *checker) responseOutlivesAttempt(l *retryloop.Loop, call *ast.CallExpr) bool {
	info := c.pass.TypesInfo
	cancels := c.attemptCancels(l, call)
	// The statements that call or defer the cancel function: one counts
	// for a later return of a response when the return is in its block,
	// or when its block goes on (not if err != nil { cancel(); return nil,
	// err }, a path of its own).
	type cancelAt struct {
		pos    token.Pos
		block  ast.Node
		goesOn bool
	}
	var cancelled []cancelAt
	isCancel := func(e ast.Expr) bool {
		ce, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok {
			return false
		}
		id, ok := ast.Unparen(ce.Fun).(*ast.Ident)
		return ok && slices.Contains(cancels, info.Uses[id])
	}
	goesOn := func(stack []ast.Node) bool {
		if len(stack) == 0 {
			return false
		}
		b, ok := stack[len(stack)-1].(*ast.BlockStmt)
		if !ok || len(b.List) == 0 {
			return false
		}
		switch last := b.List[len(b.List)-1].(type) {
		case *ast.ReturnStmt, *ast.BranchStmt:
			return false
		case *ast.ExprStmt:
			if ce, ok := last.X.(*ast.CallExpr); ok && httpmodel.NoReturn(info, ce) {
				return false
			}
		}
		return true
	}
	outlives := false
	ast.PreorderStack(l.Body, nil, func(n ast.Node, stack []ast.Node) bool {
		if outlives {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ExprStmt:
			if isCancel(n.X) && len(stack) > 0 {
				cancelled = append(cancelled, cancelAt{n.Pos(), stack[len(stack)-1], goesOn(stack)})
			}
		case *ast.DeferStmt:
			if isCancel(n.Call) && len(stack) > 0 {
				cancelled = append(cancelled, cancelAt{n.Pos(), stack[len(stack)-1], true})
			}
		case *ast.ReturnStmt:
			returnsResponse := slices.ContainsFunc(n.Results, func(r ast.Expr) bool {
				tv := info.Types[r]
				return !tv.IsNil() && httpmodel.IsResponse(tv.Type)
			})
			before := func(ca cancelAt) bool {
				return ca.pos < n.Pos() && (ca.goesOn || slices.Contains(stack, ca.block))
			}
			if returnsResponse && !slices.ContainsFunc(cancelled, before) {
				outlives = true
			}
			return false
		}
		return true
	})
	return outlives
}

// attemptCancels returns the cancel functions that the assignments of
// the loop l's body take from call, the attempt's timeout.
func (c *checker) attemptCancels(l *retryloop.Loop, call *ast.CallExpr) []types.Object {
	info := c.pass.TypesInfo
	var cancels []types.Object
	ast.Inspect(l.Body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Rhs) != 1 || ast.Unparen(as.Rhs[0]) != call {
			return true
		}
		for _, lhs := range as.Lhs {
			if id, ok := ast.Unparen(lhs).(*ast.Ident); ok {
				if obj := info.ObjectOf(id); obj != nil && httpmodel.IsNamed(obj.Type(), "context", "CancelFunc") {
					cancels = append(cancels, obj)
				}
			}
		}
		return false
	})
	return cancels
}

// cancelEscapes reports whether the cancel function of the attempt's
// timeout is handed on (stored, passed, returned) rather than only
// called: the attempt's context then outlives the function, as a
// response body read by the caller does, and a deadline cancelled when
// the function returns would cut it.
func (c *checker) cancelEscapes(l *retryloop.Loop, call *ast.CallExpr) bool {
	info := c.pass.TypesInfo
	cancels := c.attemptCancels(l, call)
	if len(cancels) == 0 {
		return false
	}
	escapes := false
	ast.PreorderStack(c.declOf(l.Func), nil, func(n ast.Node, stack []ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if escapes || !ok || !slices.Contains(cancels, info.Uses[id]) || len(stack) == 0 {
			return !escapes
		}
		switch p := stack[len(stack)-1].(type) {
		case *ast.CallExpr:
			if ast.Unparen(p.Fun) == id {
				return true // called
			}
		case *ast.BinaryExpr:
			return true // compared with nil
		case *ast.AssignStmt:
			if slices.ContainsFunc(p.Lhs, func(e ast.Expr) bool { return ast.Unparen(e) == id }) {
				return true // assigned, not handed on
			}
		case *ast.DeferStmt:
			return true
		}
		escapes = true
		return false
	})
	return escapes
}

// durationText writes d as a constant expression such as 10*time.Second.
func durationText(d time.Duration, timeName string) string {
	units := []struct {
		d    time.Duration
		name string
	}{{time.Hour, "Hour"}, {time.Minute, "Minute"}, {time.Second, "Second"}, {time.Millisecond, "Millisecond"}, {time.Microsecond, "Microsecond"}}
	for _, u := range units {
		if d%u.d == 0 {
			if d == u.d {
				return timeName + "." + u.name
			}
			return fmt.Sprintf("%d*%s.%s", d/u.d, timeName, u.name)
		}
	}
	return fmt.Sprintf("%s.Duration(%d)", timeName, int64(d))
}

// A sleep is a wait that ignores cancellation: a time.Sleep(dur) or
// <-time.After(dur) statement, a receive from a timer's or ticker's
// channel (<-t.C: timer is t), or a select whose every case waits for a
// timer (sel).
type sleep struct {
	stmt  ast.Stmt
	dur   ast.Expr
	timer ast.Expr
	sel   *ast.SelectStmt
	// ch is the variable received from when it holds time.After's channel
	// (<-timeout; see timeChanVar).
	ch ast.Expr
	// via is the wait function the statement calls (see waitFact);
	// unit is the unit of package time in which it counts dur, and conv
	// whether it converts dur to a time.Duration first.
	via  *types.Func
	unit string
	conv bool
	// signals is set for a select whose other cases receive from
	// signal channels (a client's closed channel): see timerOrSignals.
	signals bool
}

// what names the wait in a message.
func (s sleep) what(fset *token.FileSet) string {
	switch {
	case s.via != nil:
		return s.via.Name() + ", which waits with time.Sleep,"
	case s.sel != nil && s.signals:
		return "select on a timer and signal channels, not the context's Done,"
	case s.sel != nil:
		return "select on timers alone"
	case s.timer != nil:
		return "<-" + fixes.Format(fset, s.timer) + ".C"
	case s.ch != nil:
		return "<-" + fixes.Format(fset, s.ch)
	}
	if es, ok := s.stmt.(*ast.ExprStmt); ok {
		if _, isRecv := ast.Unparen(es.X).(*ast.UnaryExpr); isRecv {
			return "<-time.After"
		}
	}
	return "time.Sleep"
}

// sleepsOf returns the loop's own waits that ignore cancellation (see
// sleep), outside nested function literals.
func (c *checker) sleepsOf(l *retryloop.Loop) []sleep {
	info := c.pass.TypesInfo
	var out []sleep
	drains := map[ast.Stmt]bool{}
	var inspect func(root ast.Node)
	inspect = func(root ast.Node) {
		ast.Inspect(root, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit, *ast.GoStmt, *ast.DeferStmt:
				return false
			case *ast.IfStmt:
				if st := c.timerDrain(n); st != nil {
					drains[st] = true
				}
			case *ast.SelectStmt:
				if c.timersOnly(n) {
					out = append(out, sleep{stmt: n, sel: n})
				} else if c.timerOrSignals(n) {
					out = append(out, sleep{stmt: n, sel: n, signals: true})
				}
			case *ast.CommClause:
				// A receive that is a case of a select waits beside the
				// other cases: only the case's body is looked at.
				for _, st := range n.Body {
					inspect(st)
				}
				return false
			case *ast.CallExpr:
				// A literal called on the spot runs in the attempt.
				if lit, ok := ast.Unparen(n.Fun).(*ast.FuncLit); ok {
					inspect(lit.Body)
				}
			case *ast.ExprStmt:
				x := ast.Unparen(n.X)
				if drains[n] {
					return false // if !t.Stop() { <-t.C }: no wait
				}
				if u, ok := x.(*ast.UnaryExpr); ok && u.Op == token.ARROW {
					if call, ok := ast.Unparen(u.X).(*ast.CallExpr); ok && len(call.Args) == 1 && httpmodel.IsPkgFunc(httpmodel.Callee(info, call), "time", "After") {
						out = append(out, sleep{stmt: n, dur: call.Args[0]})
					} else if t := c.timerChan(u.X); t != nil {
						out = append(out, sleep{stmt: n, timer: t})
					} else if c.timeChanVar(u.X) {
						out = append(out, sleep{stmt: n, ch: u.X})
					}
				}
				if call, ok := x.(*ast.CallExpr); ok && len(call.Args) == 1 && httpmodel.IsPkgFunc(httpmodel.Callee(info, call), "time", "Sleep") {
					out = append(out, sleep{stmt: n, dur: call.Args[0]})
				} else if ok {
					if d, f := c.waitCallUnit(call); d != nil {
						out = append(out, sleep{stmt: n, dur: d, via: httpmodel.Callee(info, call), unit: f.Unit, conv: f.Conv})
					}
				}
			}
			return true
		})
	}
	inspect(l.Body)
	return out
}

// timerDrain returns the receive of if !t.Stop() { <-t.C }, the drain of
// a timer that fired before it was stopped: its value is already sent,
// so the receive takes it at once and waits for nothing.
func (c *checker) timerDrain(n *ast.IfStmt) ast.Stmt {
	if n.Init != nil || n.Else != nil || len(n.Body.List) != 1 {
		return nil
	}
	not, ok := ast.Unparen(n.Cond).(*ast.UnaryExpr)
	if !ok || not.Op != token.NOT {
		return nil
	}
	call, ok := ast.Unparen(not.X).(*ast.CallExpr)
	if !ok || len(call.Args) != 0 || !httpmodel.IsMethod(httpmodel.Callee(c.pass.TypesInfo, call), "time", "Timer", "Stop") {
		return nil
	}
	stop, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	es, ok := n.Body.List[0].(*ast.ExprStmt)
	if !ok {
		return nil
	}
	u, ok := ast.Unparen(es.X).(*ast.UnaryExpr)
	if !ok || u.Op != token.ARROW {
		return nil
	}
	t := c.timerChan(u.X)
	if t == nil || types.ExprString(t) != types.ExprString(stop.X) {
		return nil
	}
	return es
}

// timerChan returns t when e is t.C, the channel of a *time.Timer or
// *time.Ticker t that is a pure expression.
func (c *checker) timerChan(e ast.Expr) ast.Expr {
	t, _ := paths.TimerChan(c.pass.TypesInfo, e)
	if t == nil || !fixes.Pure(c.pass.TypesInfo, t) {
		return nil
	}
	return t
}

// timersOnly reports whether every case of sel receives from a timer
// (time.After(d), t.C), with no default: nothing but time ends the wait.
func (c *checker) timersOnly(sel *ast.SelectStmt) bool {
	info := c.pass.TypesInfo
	if len(sel.Body.List) == 0 {
		return false
	}
	for _, st := range sel.Body.List {
		cc, ok := st.(*ast.CommClause)
		if !ok || cc.Comm == nil {
			return false
		}
		u := paths.CommRecv(cc)
		if u == nil {
			return false
		}
		if call, ok := ast.Unparen(u.X).(*ast.CallExpr); ok && httpmodel.IsPkgFunc(httpmodel.Callee(info, call), "time", "After") {
			continue
		}
		if c.timerChan(u.X) == nil && !c.timeChanVar(u.X) {
			return false
		}
	}
	return true
}

// timerOrSignals reports whether sel waits for a timer or for signal
// channels alone: every case receives, without using the value, from the
// channel of a timer (as in timersOnly) or from a channel of struct{}
// held in a field (a client's closed channel; a quit channel handed in
// is the caller's way to stop, a local one the function closes itself,
// often when its context is done), at least one of each, and there is
// no default. It ends when the time is up or the
// client stops, never when the caller's context is done.
func (c *checker) timerOrSignals(sel *ast.SelectStmt) bool {
	info := c.pass.TypesInfo
	timers, signals := 0, 0
	for _, st := range sel.Body.List {
		cc, ok := st.(*ast.CommClause)
		if !ok || cc.Comm == nil {
			return false
		}
		es, ok := cc.Comm.(*ast.ExprStmt)
		if !ok {
			return false // a send, or a receive whose value is kept
		}
		u, ok := ast.Unparen(es.X).(*ast.UnaryExpr)
		if !ok || u.Op != token.ARROW {
			return false
		}
		if call, ok := ast.Unparen(u.X).(*ast.CallExpr); ok {
			fn := httpmodel.Callee(info, call)
			if httpmodel.IsPkgFunc(fn, "time", "After") {
				timers++
				continue
			}
			if fn != nil && fn.Name() == "Done" {
				return false // a context's, or some other Done
			}
		}
		if c.timerChan(u.X) != nil || c.timeChanVar(u.X) {
			timers++
			continue
		}
		t := info.TypeOf(u.X)
		if t == nil {
			return false
		}
		ch, ok := t.Underlying().(*types.Chan)
		if !ok {
			return false
		}
		if st, isStruct := ch.Elem().Underlying().(*types.Struct); !isStruct || st.NumFields() != 0 {
			return false
		}
		// A field: the lifecycle of the value that holds it (a client's
		// closed channel). A parameter is the caller's own way to stop
		// the wait, a local variable one the function closes itself
		// (when its context is done, say).
		sel, ok := ast.Unparen(u.X).(*ast.SelectorExpr)
		if !ok {
			return false
		}
		if s, ok := info.Selections[sel]; !ok || s.Kind() != types.FieldVal {
			return false
		}
		signals++
	}
	return timers > 0 && signals > 0
}

// timeChanVar reports whether e is a local variable that only ever holds
// the channel of time.After or time.Tick (timeout := time.After(d)): a
// receive from it waits for time alone.
func (c *checker) timeChanVar(e ast.Expr) bool {
	info := c.pass.TypesInfo
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok || v.Parent() == nil || v.Parent() == c.pass.Pkg.Scope() {
		return false
	}
	if c.timeChans == nil {
		c.timeChans = map[*types.Var]bool{}
		timed := func(rhs ast.Expr) bool {
			call, ok := ast.Unparen(rhs).(*ast.CallExpr)
			return ok && httpmodel.IsPkgFunc(httpmodel.Callee(info, call), "time", "After", "Tick")
		}
		note := func(lhs ast.Expr, rhs ast.Expr) {
			id, ok := ast.Unparen(lhs).(*ast.Ident)
			if !ok {
				return
			}
			w, ok := info.ObjectOf(id).(*types.Var)
			if !ok {
				return
			}
			old, seen := c.timeChans[w]
			c.timeChans[w] = (old || !seen) && rhs != nil && timed(rhs)
		}
		for _, f := range c.pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.AssignStmt:
					for i, l := range n.Lhs {
						var r ast.Expr
						if len(n.Lhs) == len(n.Rhs) {
							r = n.Rhs[i]
						}
						note(l, r)
					}
				case *ast.ValueSpec:
					for i, name := range n.Names {
						var r ast.Expr
						if len(n.Names) == len(n.Values) {
							r = n.Values[i]
						}
						note(name, r)
					}
				case *ast.UnaryExpr:
					if n.Op == token.AND {
						note(n.X, nil) // its address is taken: anything may be stored
					}
				case *ast.RangeStmt:
					for _, e := range []ast.Expr{n.Key, n.Value} {
						if e != nil {
							note(e, nil)
						}
					}
				}
				return true
			})
		}
	}
	return c.timeChans[v]
}

func (c *checker) markSleeps(l *retryloop.Loop) {
	for _, s := range c.sleepsOf(l) {
		c.handledSleeps[s.stmt] = true
	}
}

// checkSleeps reports waits in the loop that ignore a context in scope.
func (c *checker) checkSleeps(file *ast.File, l *retryloop.Loop) {
	attempts := len(l.Self) == 0 // the attempts still to give the context (see attemptsFix)
	for _, s := range c.sleepsOf(l) {
		if c.handledSleeps[s.stmt] {
			continue
		}
		if len(l.Self) > 0 && !slices.ContainsFunc(l.Self, func(call *ast.CallExpr) bool { return call.Pos() > s.stmt.End() }) {
			continue // after the call that starts the next attempt: no wait before it
		}
		if l.Unrolled && s.stmt.Pos() < l.Sends[0].End() {
			continue // before the first attempt
		}
		src := fixes.Source(c.pass, s.stmt.Pos())
		if src == nil {
			return
		}
		// held is the receiver's field that holds the context, when
		// local declares a variable for it.
		held, ctx, local := c.waitContext(file, l, s.stmt.Pos(), src)
		if ctx == "" {
			c.gate(s.stmt, "sleep-no-ctx", s.what(c.pass.Fset)+" in retry loop with no context in scope")
			continue
		}
		edits, ok := c.selectEdit(file, l, s, ctx, map[string]bool{}, src)
		if !ok {
			c.gate(s.stmt, "sleep-fix", s.what(c.pass.Fset)+" in retry loop ignores "+ctx+": no select fix")
			continue
		}
		edits = append(local, edits...)
		if attempts {
			// The waits end with ctx now: so must the attempts, or
			// the one in flight outlives it (ctxattempt.go).
			edits = append(edits, c.attemptsFix(file, l, ctx, len(local) > 0)...)
			attempts = false
		}
		c.handledSleeps[s.stmt] = true
		what := s.what(c.pass.Fset)
		if held != "" {
			ctx = held
		}
		c.pass.Report(analysis.Diagnostic{
			Pos:     s.stmt.Pos(),
			End:     s.stmt.End(),
			Message: fmt.Sprintf("%s in retry loop ignores cancellation of %s (the operation outlives its caller)", what, ctx),
			SuggestedFixes: []analysis.SuggestedFix{{
				Message:   "Wait in a select that also ends when " + ctx + " is done",
				TextEdits: edits,
			}},
		})
	}
}

// contextInScope returns the name of a context.Context declared outside
// the loop and visible at pos: a parameter named ctx first, then the
// nearest other one.
func (c *checker) contextInScope(file *ast.File, l *retryloop.Loop, pos token.Pos) string {
	info := c.pass.TypesInfo
	var outer ast.Node = l.Func
	for _, d := range file.Decls {
		if d.Pos() <= l.Stmt.Pos() && l.Stmt.End() <= d.End() {
			outer = d
		}
	}
	best := ""
	var bestPos token.Pos
	ast.Inspect(outer, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok || id.Name == "_" {
			return true
		}
		v, ok := info.Defs[id].(*types.Var)
		if !ok || v.IsField() || !httpmodel.IsNamed(v.Type(), "context", "Context") {
			return true
		}
		if v.Pos() >= l.Stmt.Pos() || !c.namesAt(file, id, v, pos) || c.neverCancelled(outer, v) {
			return true
		}
		if best == "" || v.Pos() > bestPos || id.Name == "ctx" {
			if best != "ctx" {
				best, bestPos = id.Name, v.Pos()
			}
		}
		return true
	})
	if best == "" {
		best = c.contextUsedInLoop(file, l, pos)
	}
	if best == "" {
		best = c.requestContext(file, l, pos)
	}
	return best
}

// contextUsedInLoop returns a context that the loop's attempts use and
// that no attempt changes, when it is not a variable of its own: a field
// of a variable made before the loop (resp.ctx), or the context of a
// request held in one (cfg.Request.Context()). The first such context
// the loop uses, written as the loop writes it, is returned.
func (c *checker) contextUsedInLoop(file *ast.File, l *retryloop.Loop, pos token.Pos) string {
	info := c.pass.TypesInfo
	found := ""
	ast.Inspect(l.Body, func(n ast.Node) bool {
		if found != "" {
			return false
		}
		e, ok := n.(ast.Expr)
		if !ok {
			return true
		}
		chain := e
		switch e := e.(type) {
		case *ast.SelectorExpr:
			if !httpmodel.IsNamed(info.TypeOf(e), "context", "Context") {
				return true
			}
		case *ast.CallExpr:
			sel, ok := ast.Unparen(e.Fun).(*ast.SelectorExpr)
			if !ok || len(e.Args) != 0 || !httpmodel.IsMethod(httpmodel.Callee(info, e), "net/http", "Request", "Context") {
				return true
			}
			chain = sel.X
		default:
			return true
		}
		root, ok := c.fieldChain(chain)
		if !ok {
			return true
		}
		v, _ := info.Uses[root].(*types.Var)
		if v == nil || v.Pos() >= l.Stmt.Pos() || v.Parent() == v.Pkg().Scope() || !c.namesAt(file, root, v, pos) {
			return true
		}
		if _, isSel := chain.(*ast.SelectorExpr); !isSel {
			if _, isCall := e.(*ast.CallExpr); !isCall {
				return true // a variable: contextInScope's
			}
		}
		if c.chainAssignedIn(l.Body, chain) {
			return true
		}
		found = fixes.Format(c.pass.Fset, e)
		return false
	})
	return found
}

// fieldChain returns the variable at the root of e when e is a variable or
// a chain of field selections from one (x, x.f, x.f.g).
func (c *checker) fieldChain(e ast.Expr) (*ast.Ident, bool) {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			return x, true
		case *ast.SelectorExpr:
			s, ok := c.pass.TypesInfo.Selections[x]
			if !ok || s.Kind() != types.FieldVal {
				return nil, false
			}
			e = x.X
		default:
			return nil, false
		}
	}
}

// chainAssignedIn reports whether root assigns to the variable or field
// chain e or to a prefix of it (x = ..., x.f = ... for x.f.g): a field
// below the chain (x.f.g.Body = ...) leaves it as it was.
func (c *checker) chainAssignedIn(root ast.Node, e ast.Expr) bool {
	info := c.pass.TypesInfo
	target := chainObjects(info, e)
	isPrefix := func(lhs ast.Expr) bool {
		p := chainObjects(info, lhs)
		if len(p) == 0 || len(p) > len(target) {
			return false
		}
		for i := range p {
			if p[i] != target[i] {
				return false
			}
		}
		return true
	}
	found := false
	ast.Inspect(root, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, lhs := range n.Lhs {
				found = found || isPrefix(lhs)
			}
		case *ast.UnaryExpr:
			// &x hands the variable to someone who may change it.
			found = found || n.Op == token.AND && isPrefix(n.X)
		}
		return !found
	})
	return found
}

// chainObjects returns the objects a field chain names, root first: x.f.g
// gives x, f, g. It returns nil for anything else.
func chainObjects(info *types.Info, e ast.Expr) []types.Object {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		if obj := info.ObjectOf(x); obj != nil {
			return []types.Object{obj}
		}
	case *ast.SelectorExpr:
		if s, ok := info.Selections[x]; ok && s.Kind() == types.FieldVal {
			if p := chainObjects(info, x.X); p != nil {
				return append(p, s.Obj())
			}
		}
	}
	return nil
}

// requestContext returns the context of a request the loop re-sends, as
// req.Context(), when no context variable is at hand: the request is a
// variable of the function made before the loop (its parameter, often)
// and visible at pos, so its context is the caller's.
func (c *checker) requestContext(file *ast.File, l *retryloop.Loop, pos token.Pos) string {
	info := c.pass.TypesInfo
	for _, call := range l.Sends {
		s, ok := httpmodel.SendOf(info, call)
		if !ok || s.Request == nil {
			continue
		}
		id, ok := ast.Unparen(s.Request).(*ast.Ident)
		if !ok {
			continue
		}
		v, ok := info.Uses[id].(*types.Var)
		if !ok || v.Pos() >= l.Stmt.Pos() || v.Pos() < l.Func.Pos() || !c.namesAt(file, id, v, pos) {
			continue
		}
		if c.assignedIn(l.Body, v) {
			continue // a new request each attempt
		}
		if c.uncancelledRequest(l.Func, v, 0) {
			continue // every caller's request has a context nothing cancels
		}
		return id.Name + ".Context()"
	}
	return ""
}

// uncancelledRequest reports whether v, a request parameter of fn, holds
// at every call a request whose context nothing can cancel: fn is an
// unexported function or method, called only directly in its package
// (not as a value, not through an interface of the package), and each
// call passes a request its caller built by http.NewRequest, or by
// NewRequestWithContext of context.Background() or TODO(), or holds in
// such a parameter of its own (depth counts those steps). An SDK without
// contexts (executeOpt(req) called by each API method with
// http.NewRequest) then sleeps on no caller's time: nothing it could
// select on would ever end.
func (c *checker) uncancelledRequest(fn ast.Node, v *types.Var, depth int) bool {
	info := c.pass.TypesInfo
	fd, ok := fn.(*ast.FuncDecl)
	if !ok || depth > 3 {
		return false
	}
	obj, _ := info.Defs[fd.Name].(*types.Func)
	args, ok := c.index.ParamArgs(obj, v)
	if !ok {
		return false
	}
	for _, a := range args {
		if !c.uncancelledRequestValue(a.Caller.Decl, a.Expr, depth) {
			return false
		}
	}
	// A caller's own caller that is never called passes no request.
	return len(args) > 0 || depth > 0
}

// uncancelledRequestValue reports whether e, a request in the function
// fd, was built there with a context nothing cancels (see
// uncancelledRequest).
func (c *checker) uncancelledRequestValue(fd *ast.FuncDecl, e ast.Expr, depth int) bool {
	info := c.pass.TypesInfo
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok {
		return false
	}
	if fd.Type.Params != nil && v.Pos() >= fd.Type.Params.Pos() && v.Pos() < fd.Type.Params.End() {
		return c.uncancelledRequest(fd, v, depth+1)
	}
	values, ok := flow.AssignedAfterDecl(info, fd, v)
	if !ok || len(values) == 0 {
		return false
	}
	for _, val := range values {
		call, ok := ast.Unparen(val).(*ast.CallExpr)
		if !ok {
			return false
		}
		f := httpmodel.Callee(info, call)
		switch {
		case httpmodel.IsPkgFunc(f, "net/http", "NewRequest"):
		case httpmodel.IsPkgFunc(f, "net/http", "NewRequestWithContext") && len(call.Args) > 0:
			if !retrylib.IsBackground(info, call.Args[0]) {
				return false
			}
		default:
			if !c.uncancelledResult(f, depth) {
				return false
			}
		}
	}
	return true
}

// uncancelledResult reports whether fn, a function of the package that
// builds requests (newRequest(method, path)), returns as its request
// one whose context nothing cancels, or nil, on every return (see
// uncancelledRequestValue).
func (c *checker) uncancelledResult(fn *types.Func, depth int) bool {
	info := c.pass.TypesInfo
	if fn == nil || fn.Pkg() != c.pass.Pkg || depth > 3 {
		return false
	}
	d, ok := c.index.Decl(fn.Origin())
	if !ok || d.Decl.Body == nil {
		return false
	}
	res := fn.Type().(*types.Signature).Results()
	at := -1
	for i := range res.Len() {
		if httpmodel.IsRequest(res.At(i).Type()) {
			if at >= 0 {
				return false
			}
			at = i
		}
	}
	if at < 0 {
		return false
	}
	all, any := true, false
	ast.Inspect(d.Decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if len(n.Results) != res.Len() {
				all = false // a bare return of named results
				return false
			}
			r := n.Results[at]
			if info.Types[r].IsNil() {
				return true
			}
			any = true
			all = all && c.uncancelledRequestValue(d.Decl, r, depth+1)
		}
		return all
	})
	return all && any
}

// namesAt reports whether id, which names v, can be written at pos and
// still name v there (no declaration between shadows it).
func (c *checker) namesAt(file *ast.File, id *ast.Ident, v *types.Var, pos token.Pos) bool {
	info := c.pass.TypesInfo
	if !fixes.VisibleAt(info, file, id, pos) {
		return false
	}
	if scope := info.Scopes[file].Innermost(pos); scope != nil {
		if _, obj := scope.LookupParent(id.Name, pos); obj != v {
			return false
		}
	}
	return true
}

// assignedIn reports whether root assigns to v.
func (c *checker) assignedIn(root ast.Node, v *types.Var) bool {
	found := false
	ast.Inspect(root, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok {
			for _, lhs := range as.Lhs {
				if id, ok := ast.Unparen(lhs).(*ast.Ident); ok && c.pass.TypesInfo.ObjectOf(id) == v {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// selectEdit replaces a sleep with a select on ctx.Done() and a timer,
// returning the context's error through the function's results.
func (c *checker) selectEdit(file *ast.File, l *retryloop.Loop, s sleep, ctx string, taken map[string]bool, src []byte) ([]analysis.TextEdit, bool) {
	info := c.pass.TypesInfo
	// The function that the return leaves: the innermost one around the
	// sleep.
	var ft *ast.FuncType
	ast.Inspect(l.Func, func(n ast.Node) bool {
		if n == nil || n.Pos() > s.stmt.Pos() || n.End() < s.stmt.End() {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncDecl:
			ft = n.Type
		case *ast.FuncLit:
			ft = n.Type
		}
		return true
	})
	if ft == nil {
		return nil, false
	}
	var stack []ast.Node
	ast.PreorderStack(l.Func, nil, func(n ast.Node, st []ast.Node) bool {
		if n == s.stmt {
			stack = append(st, n)
			return false
		}
		return stack == nil
	})
	if stmt, _ := fixes.StmtInBlock(stack); stmt != s.stmt {
		return nil, false
	}
	ret, ok := c.giveUp(file, ft, ctx+".Err()")
	if !ok {
		return nil, false
	}
	var edits []analysis.TextEdit
	in := fixes.Indent(c.pass.Fset, src, s.stmt.Pos())
	after := "" // a statement after the wait that leaves the loop
	if lft, _ := flow.FuncParts(l.Func); ft == lft && !fixes.ReturnsError(info, ft) && endsAsExhausted(info, l) && !leavesAsReturn(c.pass.Fset, l, ret) {
		// With no error to return and code after the loop (the failure
		// handling of main: if err != nil { log.Fatal(err) }), the
		// context's end leaves the loop as its last attempt does, so
		// that what follows runs as before; a return would skip it.
		// Where a break after the wait leaves the loop, the wait ends
		// and the break follows it; otherwise (the wait in a switch)
		// the case breaks out with the loop's label.
		// The error the code after the loop tests is the context's, as
		// the next attempt's would have been: a wait after a status
		// retried (err == nil) would otherwise leave it looking like a
		// success.
		set := ""
		if id := outerErr(info, l); id != nil && fixes.VisibleAt(info, file, id, s.stmt.Pos()) {
			set = fmt.Sprintf("%s = %s.Err()\n%s\t", id.Name, ctx, in)
		}
		if plainBreak(stack, l) {
			ret = ""
			after = fmt.Sprintf("\n%[1]sif %[2]s.Err() != nil {\n%[1]s\t%[3]sbreak\n%[1]s}", in, ctx, set)
		} else {
			label, edit, ok := loopLabel(c.pass.Fset, src, l)
			if !ok {
				return nil, false
			}
			ret = set + "break " + label
			edits = append(edits, edit...)
		}
	}
	caseBody := "" // what the context's case does after the rest
	if ret != "" {
		caseBody = "\n" + in + "\t" + ret
	}
	switch {
	case s.sel != nil:
		// One more case: the context's end.
		at := s.sel.Body.Lbrace + 1
		text := fmt.Sprintf("\n%scase <-%s.Done():%s", in, ctx, caseBody)
		edits = append(edits, analysis.TextEdit{Pos: at, End: at, NewText: []byte(text)})
		if after != "" {
			edits = append(edits, analysis.TextEdit{Pos: s.stmt.End(), End: s.stmt.End(), NewText: []byte(after)})
		}
		return edits, true
	case s.timer != nil, s.ch != nil:
		ch := fixes.Format(c.pass.Fset, s.ch)
		if s.timer != nil {
			ch = fixes.Format(c.pass.Fset, s.timer) + ".C"
		}
		text := fmt.Sprintf("select {\n%[1]scase <-%[2]s.Done():%[3]s\n%[1]scase <-%[4]s:\n%[1]s}%[5]s", in, ctx, caseBody, ch, after)
		return append(edits, analysis.TextEdit{Pos: s.stmt.Pos(), End: s.stmt.End(), NewText: []byte(text)}), true
	}
	timeName, timeImp, ok := fixes.Import(info, c.pass.Pkg, file, "time", s.stmt.Pos())
	if !ok || !fixes.VisibleAt(info, file, s.dur, s.stmt.Pos()) {
		return nil, false
	}
	timer := fixes.FreeName(info, file, "timer", taken, s.stmt.Pos())
	dur := fixes.Format(c.pass.Fset, s.dur)
	switch {
	case s.unit != "" && s.conv:
		dur = fmt.Sprintf("%[1]s.Duration(%[2]s) * %[1]s.%[3]s", timeName, dur, s.unit)
	case s.unit != "":
		if _, ok := ast.Unparen(s.dur).(*ast.BinaryExpr); ok {
			dur = "(" + dur + ")"
		}
		dur = fmt.Sprintf("%s * %s.%s", dur, timeName, s.unit)
	}
	start := fmt.Sprintf("%s := %s.NewTimer(%s)", timer, timeName, dur)
	if s.unit != "" {
		// The argument joined to the unit, spaced as gofmt spaces it.
		if start, ok = fixes.FormatStmts(start, in); !ok {
			return nil, false
		}
	}
	text := fmt.Sprintf("%[1]s\n%[2]sselect {\n%[2]scase <-%[3]s.Done():\n%[2]s\t%[4]s.Stop()%[5]s\n%[2]scase <-%[4]s.C:\n%[2]s}%[6]s",
		start, in, ctx, timer, caseBody, after)
	edits = append(edits, analysis.TextEdit{Pos: s.stmt.Pos(), End: s.stmt.End(), NewText: []byte(text)})
	if s.via != nil {
		// waitlib.Sleep(d) may be the file's last use of waitlib.
		if call, ok := ast.Unparen(s.stmt.(*ast.ExprStmt).X).(*ast.CallExpr); ok {
			if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
				edits = append(edits, fixes.DeleteImportIfUnused(c.pass.Fset, src, info, file, sel, call.Fun)...)
			}
		}
	}
	return append(edits, timeImp...), true
}

// outerErr returns an identifier of the error variable, declared before
// l, that an attempt of l assigns its send's error to (resp, err =
// c.Do(req), err = fetch(url)), nil when there is none: the code after
// the loop tests it to tell a failure from a success.
func outerErr(info *types.Info, l *retryloop.Loop) *ast.Ident {
	var found *ast.Ident
	ast.Inspect(l.Body, func(n ast.Node) bool {
		if found != nil {
			return false
		}
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		as, ok := n.(*ast.AssignStmt)
		if !ok || as.Tok != token.ASSIGN || len(as.Rhs) != 1 {
			return true
		}
		call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
		if !ok || !slices.Contains(l.Sends, call) {
			return true
		}
		id, ok := ast.Unparen(as.Lhs[len(as.Lhs)-1]).(*ast.Ident)
		if !ok {
			return true
		}
		v, ok := info.Uses[id].(*types.Var)
		if ok && analysisutil.IsError(v.Type()) && v.Pos() < l.Stmt.Pos() {
			found = id
		}
		return true
	})
	return found
}

// plainBreak reports whether a break statement put where the last node
// of stack (a statement of l's body) is leaves l: no switch, select or
// loop of the body holds it.
func plainBreak(stack []ast.Node, l *retryloop.Loop) bool {
	i := slices.Index(stack, ast.Node(l.Body))
	if i < 0 {
		return false
	}
	for _, n := range stack[i+1 : len(stack)-1] {
		switch n.(type) {
		case *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt, *ast.ForStmt, *ast.RangeStmt, *ast.FuncLit:
			return false
		}
	}
	return true
}

// endsAsExhausted reports whether leaving l with a break takes the path
// its attempts take when they run out: l is a for statement with a
// condition, a range statement, or a for {} left by a break when a
// counter of its attempts runs out (retryloop.CountedExit). A for {}
// left by its own statements only on success (a poll that breaks when
// the service is ready) is not: a break there would run the success
// path.
func endsAsExhausted(info *types.Info, l *retryloop.Loop) bool {
	switch st := l.Stmt.(type) {
	case *ast.ForStmt:
		return st.Body == l.Body && (st.Cond != nil || retryloop.CountedExit(info, l))
	case *ast.RangeStmt:
		return st.Body == l.Body
	}
	return false
}

// leavesAsReturn reports whether ret, a return statement, does what
// leaving l does: l is the last statement of its function's body, or is
// followed only by ret itself (for ... { }; return false).
func leavesAsReturn(fset *token.FileSet, l *retryloop.Loop, ret string) bool {
	_, body := flow.FuncParts(l.Func)
	if body == nil || l.Outer == nil {
		return false
	}
	i := slices.Index(body.List, ast.Stmt(l.Outer))
	switch {
	case i < 0:
		return false
	case i == len(body.List)-1:
		return true
	case i == len(body.List)-2:
		r, ok := body.List[i+1].(*ast.ReturnStmt)
		return ok && fixes.Format(fset, r) == ret
	}
	return false
}

// loopLabel returns the label of l's statement for a break out of it from
// inside a select, with the edit that writes one (retry:, or a name no
// label of the function has, on the line before the loop, outdented as
// gofmt outdents labels) when the loop has none.
func loopLabel(fset *token.FileSet, src []byte, l *retryloop.Loop) (string, []analysis.TextEdit, bool) {
	if ls, ok := l.Outer.(*ast.LabeledStmt); ok && ls.Stmt == l.Stmt {
		return ls.Label.Name, nil, true
	}
	if l.Outer != l.Stmt || src == nil {
		return "", nil, false
	}
	// The name is the loop's own: retry for the function's first loop,
	// retryN for its N-th, so that the fixes of two loops of one
	// function, made apart, never write the same label; a name the
	// function has already is skipped.
	used := map[string]bool{}
	nth := 0
	ast.Inspect(l.Func, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.LabeledStmt:
			used[n.Label.Name] = true
		case *ast.ForStmt, *ast.RangeStmt:
			if n.Pos() <= l.Stmt.Pos() {
				nth++
			}
		}
		return true
	})
	label := "retry"
	if nth > 1 {
		label = fmt.Sprintf("retry%d", nth)
	}
	for i := 2; used[label]; i++ {
		label = fmt.Sprintf("retry%d_%d", nth, i)
	}
	in := fixes.Indent(fset, src, l.Stmt.Pos())
	tf := fset.File(l.Stmt.Pos())
	if in == "" || tf == nil {
		return "", nil, false
	}
	at := tf.LineStart(tf.Line(l.Stmt.Pos()))
	text := in[:len(in)-1] + label + ":\n"
	return label, []analysis.TextEdit{{Pos: at, End: at, NewText: []byte(text)}}, true
}

// giveUp returns a return statement that leaves the function ft, handing
// err to the caller when ft returns an error.
func (c *checker) giveUp(file *ast.File, ft *ast.FuncType, err string) (string, bool) {
	info := c.pass.TypesInfo
	if !fixes.ReturnsError(info, ft) {
		err = ""
	}
	return fixes.Return(info, c.pass.Pkg, file, ft, err)
}

// innerRetry reports whether n, in the body of loop l, sits in another
// retry loop inside l's body.
func (c *checker) innerRetry(l *retryloop.Loop, n ast.Node) bool {
	for _, in := range c.loops.Loops {
		if in != l && in.Stmt.Pos() > l.Body.Pos() && in.Stmt.End() <= l.Body.End() && in.Body.Pos() <= n.Pos() && n.End() <= in.Body.End() {
			return true
		}
	}
	return false
}

// inIteration reports whether the loop l sits in another loop of its
// function: it retries one item of an iteration (for _, batch := range
// batches { for attempt := ... { send(batch) } }), so what ends the
// retry goes on with the next item, and what the retry makes lives for
// one item.
func inIteration(l *retryloop.Loop) bool {
	_, body := flow.FuncParts(l.Func)
	if body == nil || l.Outer == nil {
		return false
	}
	in := false
	ast.PreorderStack(body, nil, func(n ast.Node, stack []ast.Node) bool {
		if n == ast.Node(l.Outer) {
			for _, s := range stack {
				switch s.(type) {
				case *ast.ForStmt, *ast.RangeStmt:
					in = true
				}
			}
			return false
		}
		_, lit := n.(*ast.FuncLit)
		return !in && !lit && n.Pos() <= l.Outer.Pos() && l.Outer.End() <= n.End()
	})
	return in
}

// stopCheck returns the edit that makes the loop's first statement a check
// that stops the operation once cond holds.
func (c *checker) stopCheck(l *retryloop.Loop, cond, err string, file *ast.File, src []byte) (analysis.TextEdit, bool) {
	if len(l.Body.List) == 0 {
		return analysis.TextEdit{}, false
	}
	ft, _ := flow.FuncParts(l.Func)
	ret, ok := c.giveUp(file, ft, err)
	if !ok {
		return analysis.TextEdit{}, false
	}
	first := l.First()
	in := fixes.Indent(c.pass.Fset, src, first)
	id := outerErr(c.pass.TypesInfo, l)
	errVar := err != "" && id != nil && fixes.VisibleAt(c.pass.TypesInfo, file, id, first)
	if endsAsExhausted(c.pass.TypesInfo, l) && (!fixes.ReturnsError(c.pass.TypesInfo, ft) || inIteration(l) && errVar) {
		// With no error to return, or in a retry of one item of another
		// loop, the budget spent ends the loop as the last attempt
		// does: what follows it (a failure callback, the function's own
		// result, the next item) runs as before, with the budget's
		// error in the variable it tests (see outerErr).
		ret = "break"
		if errVar {
			ret = fmt.Sprintf("%s = %s\n%s\tbreak", id.Name, err, in)
		}
	}
	text := fmt.Sprintf("if %s {\n%s\t%s\n%s}\n%s", cond, in, ret, in, in)
	return analysis.TextEdit{Pos: first, End: first, NewText: []byte(text)}, true
}

// neverCancelled reports whether the local context v holds only
// context.Background() or context.TODO(), or a child of such a context
// made by context.WithCancel (whose cancel function is only deferred),
// WithValue or WithoutCancel: nothing can cancel it while fn runs, so a
// sleep that ignores it loses nothing. A program's main that makes
// `ctx, cancel := context.WithCancel(context.Background())` and `defer
// cancel()` cancels it only once the loop is over.
func (c *checker) neverCancelled(fn ast.Node, v *types.Var) bool {
	return c.neverCancelledFrom(fn, v, map[*types.Var]bool{})
}

// neverCancelledFrom is neverCancelled, with the variables already being
// asked about in seen (ctx = context.WithValue(ctx, k, v) asks about ctx
// again: its other values answer).
func (c *checker) neverCancelledFrom(fn ast.Node, v *types.Var, seen map[*types.Var]bool) bool {
	if seen[v] {
		return true
	}
	seen[v] = true
	info := c.pass.TypesInfo
	values, ok := flow.Assigned(info, fn, v)
	if !ok || len(values) == 0 || len(seen) > 4 {
		return false
	}
	for _, val := range values {
		if retrylib.IsBackground(info, val) {
			continue
		}
		call, ok := ast.Unparen(val).(*ast.CallExpr)
		if !ok || len(call.Args) == 0 {
			return false
		}
		callee := httpmodel.Callee(info, call)
		switch {
		case httpmodel.IsPkgFunc(callee, "context", "WithValue", "WithoutCancel"):
		case httpmodel.IsPkgFunc(callee, "context", "WithCancel"):
			if !onlyDeferred(info, fn, call) {
				return false
			}
		default:
			return false
		}
		parent := call.Args[0]
		if retrylib.IsBackground(info, parent) {
			continue
		}
		id, _ := ast.Unparen(parent).(*ast.Ident)
		pv, ok := info.Uses[id].(*types.Var)
		if !ok || !c.neverCancelledFrom(fn, pv, seen) {
			return false
		}
	}
	return true
}

// onlyDeferred reports whether the cancel function that call (a
// context.WithCancel) returns into a variable of fn is discarded or
// called only by defer statements.
func onlyDeferred(info *types.Info, fn ast.Node, call *ast.CallExpr) bool {
	var cancel *types.Var
	found, discarded := false, false
	ast.Inspect(fn, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || found || len(as.Lhs) != 2 || len(as.Rhs) != 1 || ast.Unparen(as.Rhs[0]) != call {
			return !found
		}
		found = true
		if id, ok := as.Lhs[1].(*ast.Ident); ok {
			if id.Name == "_" {
				discarded = true
				return false
			}
			cancel, _ = info.ObjectOf(id).(*types.Var)
		}
		return false
	})
	if discarded {
		return true
	}
	if !found || cancel == nil {
		// Not found, or the cancel function stored in a field (ctx,
		// s.cancel = context.WithCancel(...)): another method may call
		// it.
		return false
	}
	uses, deferred := 0, 0
	ast.Inspect(fn, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			// A defer in a literal (go func() { defer cancel(); ... }())
			// runs when the literal returns, at any time: its uses
			// count, its defers do not.
			ast.Inspect(n.Body, func(m ast.Node) bool {
				if id, ok := m.(*ast.Ident); ok && info.Uses[id] == cancel {
					uses++
				}
				return true
			})
			return false
		case *ast.DeferStmt:
			if id, ok := ast.Unparen(n.Call.Fun).(*ast.Ident); ok && info.Uses[id] == cancel && len(n.Call.Args) == 0 {
				deferred++
			}
		case *ast.Ident:
			if info.Uses[n] == cancel {
				uses++
			}
		}
		return true
	})
	return uses == deferred
}

// contextCases returns the cases of sel that receive from the Done channel
// of a context, and the context expression of each.
func (c *checker) contextCases(sel *ast.SelectStmt) map[*ast.CommClause]ast.Expr {
	info := c.pass.TypesInfo
	out := map[*ast.CommClause]ast.Expr{}
	for _, st := range sel.Body.List {
		cc, ok := st.(*ast.CommClause)
		if !ok || cc.Comm == nil {
			continue
		}
		u := paths.CommRecv(cc)
		if u == nil {
			continue
		}
		call, ok := ast.Unparen(u.X).(*ast.CallExpr)
		if !ok || len(call.Args) != 0 {
			continue
		}
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "Done" && httpmodel.IsNamed(info.TypeOf(sel.X), "context", "Context") {
			out[cc] = sel.X
		}
	}
	return out
}

// selectsOn returns, for each select of the loop that waits for the end
// of the context whose source text is parent, the edits that make it wait
// for the overall deadline's end (opCtx) instead, with the clause's
// parent.Err() read from opCtx too.
func (c *checker) selectsOn(l *retryloop.Loop, parent, opCtx string) [][]analysis.TextEdit {
	info := c.pass.TypesInfo
	var out [][]analysis.TextEdit
	ast.Inspect(l.Body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		sel, ok := n.(*ast.SelectStmt)
		if !ok {
			return true
		}
		for cc, ctx := range c.contextCases(sel) {
			if !fixes.Pure(info, ctx) || fixes.Format(c.pass.Fset, ctx) != parent {
				continue
			}
			var edits []analysis.TextEdit
			ast.Inspect(cc, func(m ast.Node) bool {
				call, ok := m.(*ast.CallExpr)
				if !ok || len(call.Args) != 0 {
					return true
				}
				if s, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && (s.Sel.Name == "Done" || s.Sel.Name == "Err") &&
					httpmodel.IsNamed(info.TypeOf(s.X), "context", "Context") && fixes.Format(c.pass.Fset, s.X) == parent {
					edits = append(edits, analysis.TextEdit{Pos: s.X.Pos(), End: s.X.End(), NewText: []byte(opCtx)})
				}
				return true
			})
			out = append(out, edits)
		}
		return true
	})
	return out
}

// enclosingStmt returns the statement of the block of fn that holds outer
// which contains pos, when pos comes before outer, or nil.
func enclosingStmt(fn ast.Node, outer ast.Stmt, pos token.Pos) ast.Stmt {
	_, list := fixes.BlockOf(fn, outer)
	for _, st := range list {
		if st.Pos() <= pos && pos < st.End() && st.End() <= outer.Pos() {
			return st
		}
	}
	return nil
}
