// Package retryloop recognises retry loops: loops that repeat the same
// HTTP operation after a failure, as opposed to loops that send one request
// per item, page or resource. The other analyzers require its Analyzer and
// read its Result, so that "retry" means the same thing in all of them.
//
// A loop is a retry loop when
//   - it is a for statement (counted, conditional or infinite), a range
//     over an integer (for range n) or a range over an iterator function
//     that binds no variable (an iterator of attempts, for range
//     attempts(ctx)), labelled or not; or a labelled statement that a
//     later goto of the same block jumps back to (its body runs from the
//     label to the last such goto);
//   - its body sends an HTTP request, directly, through a function that
//     does (a fact on such functions carries this across packages),
//     through an interface method or func value of a send's signature
//     (see httpmodel.SendOf), through a method of any other interface
//     that a method it may run sends in (a method of the same name whose
//     receiver type implements the interface, among the package's types
//     and its dependencies' methods that send: see summary.Dispatch; an
//     interface of the standard library is not followed), or through a
//     local closure that does (see ClosureOf); or, in a retry helper, it
//     calls an operation the function received (a parameter of func type
//     returning an error: see Loop.Op, with a fact on the helper; an
//     operation with a send's results that is handed no request,
//     func(*http.Client) (*http.Response, error), builds its own, and
//     the loop is a helper of it rather than a sender);
//     httputil.DumpRequestOut, which writes the request into memory
//     through a Transport of its own, sends nothing (see
//     httpmodel.SerialisesOnly). A
//     function that hands the operation it receives to a retry helper,
//     as it is or in a function literal that calls it, is a retry helper
//     of that operation too, and so is an interface method that a method
//     it may run retries (a Retryer whose real implementation waits and
//     calls again, whose fake calls once);
//   - the request does not change from one iteration to the next: nothing
//     it is built from (the client that sends it aside) is advanced by
//     the loop (the post statement, ++,
//     op=), received from a channel (the next item of a queue) or assigned
//     after the send (a cursor taken from the response);
//   - its sends do not all run in the cases of a select statement (a loop
//     serving a ticker or a queue is a poller); a default clause serves
//     no event (select { case <-ctx.Done(): return; default: send... }
//     retries as if the select were not there);
//   - the body can reach the next iteration: a path of its control-flow
//     graph (internal/paths) goes from its start to the loop's next
//     iteration (its end, a continue, a goto back) without a return, a
//     break out of it or a call that never returns;
//   - a for statement whose sends, when they succeed (no error, a 200),
//     may leave it (a return, a break, here or at the top of the next
//     iteration before the next attempt is made): a loop that sends
//     again after every success as after a failure (a load loop, a
//     heartbeat that stops at the first failure) repeats the operation
//     and is none (see repeatsOnSuccess; a loop whose condition reads a
//     variable its body assigns, for !done, may leave through it; an exit
//     on the caller's cancellation, a select case on ctx.Done() or if
//     ctx.Err() != nil, is taken after a failure as after a success and
//     does not count). The send may be a function that returns its
//     error alone (err := c.ping(ctx)). A counter stepped for each
//     iteration and handed to the send leaves its request the same when
//     it sizes the wait between attempts, in the loop or in a function of
//     the package it is handed to (an attempt number:
//     h.attempt(n) that sleeps base << n), or when the function it is
//     handed to only compares it with a limit (retry, err := c.do(req,
//     i), which asks whether i >= max before it retries), and makes
//     another request otherwise (a page number). What a retry helper
//     hands the operation it received (the attempt's number, the time of
//     the last failure: op(attempt), op(since)) is the operation's to
//     use, and the helper calls the same operation again, unless the
//     value comes from what the operation answered (a page token: next,
//     err := op(token); token = next); such a helper, as any loop, is no
//     retry when it calls the operation again after a success (a
//     forEach that stops at the first failure). A loop whose sends are all calls
//     of functions that return nothing (c.update()), and that it leaves
//     only from select cases that receive from a channel (case <-stop:
//     return), learns nothing of an outcome: a poll on a ticker until it
//     is stopped, none either.
//
// A function that calls itself again after a send, handing on the same
// request and changing only an attempt count, a delay or the previous
// response, is a retry loop too: a retry by recursion (see Loop.Self and
// recursiveLoop). Recursion over a tree, a next page or a cursor is
// iteration.
//
// Ranging over a slice, map, channel or string, or over an iterator
// whose values the body uses, is iteration, but for a failover: a range
// over a slice, array or map whose every send, when it succeeds, leaves
// the loop, and whose transport failure may reach the next item (the same
// request tried on the next peer, replica or mirror; see leftOnSuccess),
// and so is for i := 0; i < len(peers); i++ whose request changes only by
// peers[i] (see indexedList); and but for a schedule: a range over a
// list whose items reach no request and only size the wait (for _, wait
// := range []time.Duration{time.Second, 5 * time.Second}; see schedule)
// sends the same request each time, a retry loop of one attempt an
// item. A loop whose request changes otherwise is
// iteration too; sends in go and defer
// statements and
// in function literals (such as goroutines of a fan-out) are not the loop's
// own, but a literal called on the spot is part of the body.
//
// The function literals handed to retry helpers are listed too
// (Result.OpLoops), each as a loop whose body is the literal's: the
// helper's loop repeats it.
//
// The Analyzer also carries, for the analyzers that read its Result, the
// constructors of retry library clients across packages: an exported
// function that returns a go-retryablehttp or resty client it configured
// has a fact with the summary of that configuration, which Result.Ctors
// gives at a call of it (see ctors.go).
package retryloop

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/callindex"
	"github.com/retrylint/retrylint/internal/fixes"
	"github.com/retrylint/retrylint/internal/flow"
	"github.com/retrylint/retrylint/internal/httpmodel"
	"github.com/retrylint/retrylint/internal/paths"
	"github.com/retrylint/retrylint/internal/retrylib"
	"github.com/retrylint/retrylint/internal/stdfacts"
	"github.com/retrylint/retrylint/internal/summary"
)

// Analyzer finds the functions that send HTTP requests and the retry loops
// of each package. Its result is a *Result.
//
// On a package of the standard library, where the analyzers that use the
// result take their facts from the table of internal/stdfacts, so does
// it, and its result is empty.
var Analyzer = stdfacts.WrapDep(&analysis.Analyzer{
	Name:       "retryloop",
	Doc:        "find functions that send HTTP requests and the retry loops that repeat them",
	URL:        "https://pkg.go.dev/github.com/retrylint/retrylint/internal/retryloop",
	Run:        analysisutil.Safe("retryloop", run),
	FactTypes:  []analysis.Fact{new(sendsFact), new(helperFact), new(sendsPkgFact), new(clientCtorFact), new(clientCtorPkgFact), new(frameworkPkgFact), new(optionFact), new(defaultsFact)},
	ResultType: reflect.TypeFor[*Result](),
	Requires:   []*analysis.Analyzer{callindex.Analyzer},
}, func(pass *analysis.Pass) any { return newResult(pass) })

// newResult returns a result with no loops for pass's package.
func newResult(pass *analysis.Pass) *Result {
	ix, _ := pass.ResultOf[callindex.Analyzer].(*callindex.Index)
	return &Result{sends: map[*types.Func]bool{}, helpers: map[*types.Func]*helperFact{}, closures: map[*ast.CallExpr]*ast.FuncLit{}, ifaceHelpers: map[*types.Func]*helperFact{}, pass: pass, graphs: paths.NewCache(pass.TypesInfo), ix: ix}
}

// sendsFact marks a function that sends an HTTP request, directly or
// through the functions it calls.
type sendsFact struct{}

func (*sendsFact) AFact()         {}
func (*sendsFact) String() string { return "sends" }

// sendsPkgFact marks a package with a function that sends. A package
// that imports one can send through it although it cannot reach net/http
// by its imports: when it is analysed apart from its dependencies (go
// vet), an import read from export data lists only the packages its API
// mentions, and an SDK whose API hides its HTTP client mentions none.
type sendsPkgFact struct{}

func (*sendsPkgFact) AFact()         {}
func (*sendsPkgFact) String() string { return "sends" }

// reachesSends reports whether code in pkg can send: it can reach
// net/http, or it imports a package with a function that sends.
func reachesSends(pass *analysis.Pass) bool {
	if httpmodel.ReachesHTTP(pass.Pkg) {
		return true
	}
	for _, imp := range pass.Pkg.Imports() {
		if pass.ImportPackageFact(imp, new(sendsPkgFact)) {
			return true
		}
	}
	return false
}

// helperFact marks a retry helper: a function whose loop calls a function
// value it receives as its Op-th parameter (receiver aside) again after a
// failure, or a method whose loop calls the func-valued field Field of its
// receiver (Op is then -1: a RetryExecutor{Handler: op}.Execute()).
// Bounded reports whether the loop limits its attempts.
type helperFact struct {
	Op      int
	Field   string
	Bounded bool
	// Cond, ErrStops, Again, TimeBound: see Loop.
	Cond, ErrStops, Again, TimeBound bool
}

func (*helperFact) AFact() {}

func (f *helperFact) String() string {
	s := fmt.Sprintf("retries(param %d", f.Op)
	if f.Field != "" {
		s = "retries(field " + f.Field
	}
	if f.Bounded {
		s += " bounded"
	}
	return s + f.outcomes() + ")"
}

// A Loop is a retry loop.
type Loop struct {
	// Stmt is the *ast.ForStmt or *ast.RangeStmt, or the *ast.LabeledStmt
	// that a goto jumps back to (Body is then a block that is not in the
	// source: the statements from the label to the last goto back).
	Stmt ast.Stmt
	// Body is the loop's body.
	Body *ast.BlockStmt
	// Func is the function declaration or literal that holds the loop.
	Func ast.Node
	// Sends are the calls in the body that send, directly or through a
	// function that does; in a retry helper's loop, the calls of the
	// operation it received (see Op).
	Sends []*ast.CallExpr
	// Op is the parameter that a retry helper's loop calls again after a
	// failure, or the field of its receiver that a method's loop calls
	// (see Result.fieldOp); nil for a loop that sends itself.
	Op *types.Var
	// Via is the retry helper that repeats Body, for the body of an
	// operation handed to one (see Result.OpLoops), nil otherwise.
	Via *types.Func
	// Call is the call of Via that hands it the operation, a function
	// literal; nil for any other loop.
	Call *ast.CallExpr
	// Bounded reports whether the loop has a condition or ranges over an
	// integer, so that its number of attempts is limited.
	Bounded bool
	// Peers is the list a failover ranges over, one attempt an item (for
	// _, p := range peers; see leftOnSuccess), nil for any other loop.
	Peers ast.Expr
	// Outer is the statement of the enclosing block that holds the loop:
	// the loop itself or the labelled statement around it. Code that must
	// run once before the loop goes before it. It is nil when the loop is
	// not a statement of a block.
	Outer ast.Stmt
	// Cond reports that the operation is a condition (it returns (bool,
	// error)) called again when it returns (false, nil); ErrStops that an
	// error it returns ends the retry. Again reports that the operation
	// returns (bool, error) and its bool alone says whether to call it
	// again (shouldRetry, err := op(); if !shouldRetry { return err }).
	// All three are false for an operation called again when it returns
	// an error.
	Cond, ErrStops, Again bool
	// TimeBound reports that the helper bounds the whole retry in time
	// (a timeout argument of a library's poll).
	TimeBound bool
	// Lib is the call of a retry library's entry point (internal/retrylib:
	// backoff.Retry, retry.Do, a failsafe executor's Get) that the
	// operation is handed to, nil for any other helper. Which errors the
	// library retries is its own (Library.Permanent, Retryable), and so is
	// what bounds it in time: see retrylib.
	Lib *retrylib.Entry
	// OpArg is the argument handed to the helper when the operation is a
	// named function or a method value of this package (helper(c.send)):
	// Body and Func are then its declaration's, Stmt and Outer the
	// caller's statement. It is nil otherwise.
	OpArg ast.Expr
	// Held is the composite literal of the helper's type that stores
	// the operation in the field its method retries (see
	// Result.fieldOp): RetryExecutor{Handler: func() ...}. It is nil
	// for any other loop.
	Held *ast.CompositeLit
	// Self are the calls of a retry by recursion (see recursiveLoop)
	// that start the next attempt: the function's calls of itself. It is
	// nil for any other loop.
	Self []*ast.CallExpr
	// Requeue are the statements of a worker loop that hand the item it
	// holds back to the channel it takes items from, after a send (for p
	// := range ch { ...; ch <- p }): each starts another attempt of the
	// item (see Result.Requeues). Item is the item variable. Both are nil
	// for any other loop.
	Requeue []*ast.SendStmt
	Item    *types.Var
	// Unrolled reports a retry written out without a loop (see
	// Result.Unrolled): Sends[0] is the first attempt, Self[0] the
	// second, Stmt the if statement that makes it, and Body the block
	// that holds both.
	Unrolled bool
}

// Span returns the node that holds all of the loop: its statement, or,
// for a loop written with goto, its body.
func (l *Loop) Span() ast.Node {
	if _, ok := l.Stmt.(*ast.LabeledStmt); ok {
		return l.Body
	}
	return l.Stmt
}

// First returns the position of the first statement of each attempt
// (token.NoPos for an empty body): the body's first statement, or the statement that
// a goto loop's label labels (what goes there runs on every attempt).
func (l *Loop) First() token.Pos {
	if len(l.Body.List) == 0 {
		return token.NoPos
	}
	if ls, ok := l.Body.List[0].(*ast.LabeledStmt); ok && ls == l.Stmt {
		return ls.Stmt.Pos()
	}
	return l.Body.List[0].Pos()
}

// Before returns where a fix inserts statements that run once before the
// loop (the start of Outer's line) and the loop's indentation; ok is false
// when there is no such place.
func (l *Loop) Before(fset *token.FileSet, src []byte) (at token.Pos, indent string, ok bool) {
	if l.Outer == nil || src == nil {
		return token.NoPos, "", false
	}
	tf := fset.File(l.Outer.Pos())
	stmt := l.Stmt
	if ls, ok := stmt.(*ast.LabeledStmt); ok {
		stmt = ls.Stmt // a goto's label is outdented
	}
	return tf.LineStart(tf.Line(l.Outer.Pos())), fixes.Indent(fset, src, stmt.Pos()), true
}

// Result is what the Analyzer finds in one package.
type Result struct {
	Loops []*Loop
	// OpLoops are the operations of this package handed to a retry
	// helper (of this package or another), each as a loop: Body is the
	// function literal's body, Func the literal, Stmt and Outer the
	// statement that calls the helper, Via the helper.
	OpLoops []*Loop
	// Requeues are the worker loops of this package that re-send an item
	// by handing it back to their channel (see Loop.Requeue). They are
	// not in Loops: the loop's next iteration takes another item, and
	// only the requeue is another attempt.
	Requeues []*Loop
	// Unrolled are the retries of this package written out without a
	// loop (see unrolledLoops): Sends holds the first attempt, Self the
	// second. They are not in Loops.
	Unrolled []*Loop
	sends    map[*types.Func]bool
	helpers  map[*types.Func]*helperFact
	closures map[*ast.CallExpr]*ast.FuncLit
	ix       *callindex.Index
	pass     *analysis.Pass
	graphs   *paths.Cache
	dispatch *summary.Dispatch
	// ifaceHelpers caches the retry helpers called through interfaces
	// (see ifaceHelper), nil for a method that is none.
	ifaceHelpers map[*types.Func]*helperFact
	// impls caches RetriedImpls, nil until asked.
	impls *[]*RetriedImpl
	// ctors is what Ctors returns, made during the run (exportCtors).
	ctors *retrylib.Ctors
}

// dispatcher returns the dispatch of the package's interface calls to
// the methods of its types and to its dependencies' methods that send or
// retry, made at the first question.
func (r *Result) dispatcher() *summary.Dispatch {
	if r.dispatch == nil {
		r.dispatch = summary.NewDispatch(r.pass, func(f analysis.Fact) bool {
			switch f.(type) {
			case *sendsFact, *helperFact:
				return true
			}
			return false
		})
	}
	return r.dispatch
}

// Graph returns the control-flow graph of the body of fn, a function
// declaration or literal, built once for all the analyzers that ask; nil
// for a function without body.
func (r *Result) Graph(fn ast.Node) *paths.Graph {
	_, body := flow.FuncParts(fn)
	if body == nil {
		return nil
	}
	return r.graphs.Of(body)
}

// ClosureOf returns the function literal that call calls when it is a
// call, in a retry loop, of a local variable assigned only that literal,
// which sends: the loop's attempt is the literal's body.
func (r *Result) ClosureOf(call *ast.CallExpr) *ast.FuncLit { return r.closures[call] }

// Sends reports whether a call to fn sends an HTTP request.
func (r *Result) Sends(fn *types.Func) bool {
	if fn == nil {
		return false
	}
	fn = fn.Origin()
	if r.sends[fn] {
		return true
	}
	return fn.Pkg() != r.pass.Pkg && r.pass.ImportObjectFact(fn, new(sendsFact))
}

// SendsCall reports whether call sends an HTTP request, directly or through
// the function it calls.
func (r *Result) SendsCall(call *ast.CallExpr) bool {
	if _, ok := httpmodel.SendOf(r.pass.TypesInfo, call); ok {
		return true
	}
	return r.Sends(httpmodel.Callee(r.pass.TypesInfo, call))
}

// LoopOf returns the retry loop whose statement is s, or nil.
func (r *Result) LoopOf(s ast.Stmt) *Loop {
	for _, l := range r.Loops {
		if l.Stmt == s {
			return l
		}
	}
	return nil
}

func run(pass *analysis.Pass, at func(token.Pos)) (any, error) {
	res := newResult(pass)
	res.exportCtors()
	res.exportFramework()
	res.exportOptions()
	ix := res.ix
	funcs := ix.Funcs()
	// A package that cannot reach net/http sends nothing, and has no
	// retry loop of its own; it may still hold retry helpers, which the
	// packages that send call.
	if !reachesSends(pass) {
		res.findHelpers(ix, at)
		return res, nil
	}
	// Which functions send: direct sends and local callees from the
	// index, then sending propagates to callers.
	idx := map[*types.Func]int{}
	for i, f := range funcs {
		if f.Obj != nil {
			idx[f.Obj] = i
		}
	}
	callers := make([][]int, len(funcs))
	sends := make([]bool, len(funcs))
	// The methods of the package's interfaces that its functions call
	// get a node each after the functions' (see ifaceSends).
	var imethods []*types.Func
	// The standard library's sends are modelled in httpmodel: its
	// interfaces and handed operations are not followed.
	sdk := !analysisutil.InGOROOT(pass)
	handed := newHandedLits(res)
	for i, f := range funcs {
		if f.Obj == nil {
			continue
		}
		direct := false
		for _, c := range ix.Calls(f.Decl) {
			if c.Detached != nil && !(sdk && handed.runs(f.Decl, c)) {
				continue // not a send of the function itself
			}
			if _, ok := httpmodel.SendOf(pass.TypesInfo, c.Expr); ok {
				direct = true
			} else if fn := c.Callee; fn != nil {
				fn = fn.Origin()
				if j, ok := idx[fn]; ok {
					callers[j] = append(callers[j], i)
				} else if fn.Pkg() != pass.Pkg && pass.ImportObjectFact(fn, new(sendsFact)) {
					direct = true
				} else if sdk && summary.IsInterfaceMethod(fn) {
					idx[fn] = len(callers)
					imethods = append(imethods, fn)
					callers = append(callers, []int{i})
					sends = append(sends, false)
				}
			}
		}
		sends[i] = direct && !httpmodel.SerialisesOnly(f.Obj)
	}
	ifaceSends(pass, res.dispatcher(), idx, imethods, callers, sends)
	callindex.MarkCallers(callers, sends)
	for i, f := range funcs {
		if sends[i] && !httpmodel.SerialisesOnly(f.Obj) {
			res.sends[f.Obj] = true
			pass.ExportObjectFact(f.Obj, new(sendsFact))
		}
	}
	if len(res.sends) > 0 {
		pass.ExportPackageFact(new(sendsPkgFact))
	}
	for k, m := range imethods {
		if sends[len(funcs)+k] {
			res.sends[m] = true
			if m.Pkg() == pass.Pkg {
				pass.ExportObjectFact(m, new(sendsFact))
			}
		}
	}
	// Retry loops: only a function with a call that sends (its own or a
	// goroutine's) can hold one. Declarations other than functions are
	// walked as they are, for the function literals they may hold.
	findLoops := res.loopFinder(at)
	for _, file := range pass.Files {
		for _, d := range file.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok {
				findLoops(d, nil)
				continue
			}
			if fd.Body == nil {
				continue
			}
			calls := ix.Calls(fd)
			if slices.ContainsFunc(calls, res.sendsCall) || res.holdsOpCall(fd, calls) {
				findLoops(fd, calls)
				if l := res.recursiveLoop(fd, calls); l != nil {
					res.Loops = append(res.Loops, l)
				}
				res.Unrolled = append(res.Unrolled, res.unrolledLoops(fd, calls)...)
			}
		}
	}
	res.exportHelpers(funcs)
	res.findOpLoops(ix, at)
	return res, nil
}

// loopFinder returns a function that adds the retry loops under root to
// r.Loops; calls are the calls of the function declaration root, nil for
// another declaration.
func (r *Result) loopFinder(at func(token.Pos)) func(root ast.Node, calls []callindex.Call) {
	return func(root ast.Node, calls []callindex.Call) {
		ast.PreorderStack(root, nil, func(n ast.Node, stack []ast.Node) bool {
			var body *ast.BlockStmt
			switch n := n.(type) {
			case *ast.ForStmt:
				body = n.Body
			case *ast.RangeStmt:
				body = n.Body
				if l := r.requeueLoop(n, stack, calls); l != nil {
					r.Requeues = append(r.Requeues, l)
					return true
				}
			case *ast.LabeledStmt:
				if body = r.gotoBody(n, stack); body == nil {
					return true
				}
			default:
				return true
			}
			at(n.Pos())
			if l := r.classify(n.(ast.Stmt), body, stack, calls); l != nil {
				r.Loops = append(r.Loops, l)
			} else if fs, ok := n.(*ast.ForStmt); ok && fs.Cond == nil {
				if l := r.receiveLoop(fs, stack, calls); l != nil {
					r.Requeues = append(r.Requeues, l)
				}
			}
			return true
		})
	}
}

// sendsIn returns the sends of body that run as part of it: go and defer
// statements and function literals are skipped (a goroutine's or a
// callback's sends are not the loop's own), but a literal called on the
// spot is part of the body. calls are the calls of the function
// declaration that holds body, nil outside one.
func (r *Result) sendsIn(body ast.Node, calls []callindex.Call) []*ast.CallExpr {
	var out []*ast.CallExpr
	if calls != nil {
		for _, c := range callindex.In(calls, body) {
			if !c.DetachedWithin(body) && r.sendsCall(c) {
				out = append(out, c.Expr)
			}
		}
		return out
	}
	ownCalls(body, func(call *ast.CallExpr) {
		if r.SendsCall(call) {
			out = append(out, call)
		}
	})
	return out
}

func (r *Result) sendsCall(c callindex.Call) bool {
	if _, ok := httpmodel.SendOf(r.pass.TypesInfo, c.Expr); ok {
		return true
	}
	return r.Sends(c.Callee)
}

// isOpCall reports whether c calls an operation its function received: a
// parameter of func type whose last result is an error.
func (r *Result) isOpCall(c callindex.Call) bool {
	return r.opOf(c) != nil
}

// ownCalls calls f for each call that runs as part of body (see sendsIn).
func ownCalls(body ast.Node, f func(*ast.CallExpr)) {
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit, *ast.GoStmt, *ast.DeferStmt:
			return false
		case *ast.CallExpr:
			f(n)
			if lit, ok := ast.Unparen(n.Fun).(*ast.FuncLit); ok {
				ownCalls(lit.Body, f)
			}
		}
		return true
	})
}

func enclosingFunc(stack []ast.Node) ast.Node {
	for i := len(stack) - 1; i >= 0; i-- {
		switch stack[i].(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			return stack[i]
		}
	}
	return nil
}

// classify returns the loop when s is a retry loop.
func (r *Result) classify(s ast.Stmt, body *ast.BlockStmt, stack []ast.Node, calls []callindex.Call) *Loop {
	info := r.pass.TypesInfo
	l := &Loop{Stmt: s, Body: body, Func: enclosingFunc(stack)}
	l.Outer, _ = fixes.StmtInBlock(append(slices.Clone(stack), s))
	var post ast.Stmt
	failover := false
	var indexed ast.Expr // the list of for i := 0; i < len(list); i++
	switch s := s.(type) {
	case *ast.ForStmt:
		l.Bounded = s.Cond != nil
		post = s.Post
		indexed = indexedList(info, s)
	case *ast.LabeledStmt:
		l.Bounded = r.gotoBounded(s, body)
	case *ast.RangeStmt:
		tv, ok := info.Types[s.X]
		if !ok {
			return nil
		}
		b, isBasic := tv.Type.Underlying().(*types.Basic)
		_, isFunc := tv.Type.Underlying().(*types.Signature)
		switch {
		case isBasic && b.Info()&types.IsInteger != 0:
		case isFunc && s.Key == nil && s.Value == nil:
			// An iterator of attempts (for range retrier.Attempts()):
			// its values go unused, so each iteration does the same;
			// the iterator decides when to stop, as a count does.
		case isList(tv.Type):
			// Over items: iteration, unless each item is another
			// place to do the same operation, tried only after the
			// last one failed (see leftOnSuccess).
			failover = true
		default:
			return nil // iteration over items
		}
		l.Bounded = true
	}
	l.Sends = r.sendsIn(body, calls)
	if fd, ok := stack[0].(*ast.FuncDecl); ok && calls != nil {
		// A local closure that sends, called in the loop.
		for _, c := range callindex.In(calls, body) {
			if c.Callee != nil || c.DetachedWithin(body) {
				continue
			}
			if lit := r.literalOf(fd, c.Expr.Fun); lit != nil && slices.ContainsFunc(callindex.In(calls, lit.Body), r.sendsCall) {
				r.closures[c.Expr] = lit
				l.Sends = append(l.Sends, c.Expr)
			}
		}
		slices.SortFunc(l.Sends, func(a, b *ast.CallExpr) int { return int(a.Pos() - b.Pos()) })
	}
	if !failover {
		// In a failover, a send that ends the loop is the last step of
		// the attempt on one peer (a token fetched from the peer's
		// realm, then the request): whether the loop leaves on success
		// is judged on all of them.
		l.Sends = r.repeatable(l)
	}
	if len(l.Sends) > 0 && calls != nil && r.sendShapedOp(l, calls) {
		// The sends are all calls of an operation the function
		// received that builds its own request (func(*http.Client)
		// (*http.Response, error)): a retry helper of that operation.
		l.Sends = nil
	}
	if len(l.Sends) == 0 && calls != nil {
		// A retry helper: the loop calls the operation it received.
		for _, c := range callindex.In(calls, body) {
			if c.DetachedWithin(body) || !r.isOpCall(c) {
				continue
			}
			v := r.opOf(c)
			if l.Op != nil && v != l.Op {
				return nil // two operations: a pipeline, not a retry
			}
			if types.IsInterface(v.Type()) && !counted(info, s) {
				// An interface's method called in a loop that counts
				// nothing: a consumer, a heartbeat or a reconciler
				// calls it again after it succeeds too.
				return nil
			}
			l.Op = v
			l.Sends = append(l.Sends, c.Expr)
		}
	}
	if len(l.Sends) == 0 || l.Func == nil {
		return nil
	}
	if l.Op != nil && !r.opOutcomes(l) {
		return nil
	}
	if failover && r.schedule(l, s.(*ast.RangeStmt)) {
		failover = false // a schedule of waits: each item is another attempt
	}
	if failover {
		if l.Op != nil || !r.leftOnSuccess(l) || implChain(info, s.(*ast.RangeStmt), l.Sends) {
			return nil // iteration over items
		}
		l.Peers = s.(*ast.RangeStmt).X
	}
	if indexed != nil && l.Op == nil && r.requestVaries(l, post) && !r.requestVaries(l, nil) && r.leftOnSuccess(l) {
		// for i := 0; i < len(peers); i++ whose request changes only by
		// its index is a range over peers spelled with the index: a
		// failover when success leaves it, as for the range.
		l.Peers, post = indexed, nil
	}
	if r.requestVaries(l, post) || inSelectCases(info, body, l.Sends) {
		return nil
	}
	if !r.reachesNext(l) {
		return nil
	}
	if l.Peers == nil && r.repeatsOnSuccess(l) {
		return nil // a load loop or a heartbeat: it sends again after a success
	}
	return l
}

// sendShapedOp reports whether every send of loop l is a call of one
// operation its function received (see opOf) that is handed no request:
// the operation makes its own (a func(*http.Client) (*http.Response,
// error) that builds a request and sends it), so what the loop retries is
// the operation its callers hand it, judged where they write it. An
// operation handed the request (next(req)) re-sends that request, and
// the loop is a retrying sender's.
func (r *Result) sendShapedOp(l *Loop, calls []callindex.Call) bool {
	var op *types.Var
	for _, send := range l.Sends {
		i := slices.IndexFunc(calls, func(c callindex.Call) bool { return c.Expr == send })
		if i < 0 {
			return false
		}
		v := r.opOf(calls[i])
		if v == nil || op != nil && v != op {
			return false
		}
		op = v
		sig, ok := v.Type().Underlying().(*types.Signature)
		if !ok {
			return false
		}
		for p := range sig.Params().Variables() {
			if httpmodel.IsNamed(p.Type(), "net/http", "Request") {
				return false
			}
		}
	}
	return op != nil
}

// implChain reports whether the range s, whose success leaves it, calls a
// method of its items, of interface type (for _, p := range providers {
// p.Credentials(ctx) }): a chain of different implementations, each tried
// once (a credential provider chain, issuers tried in turn), not the same
// request sent to the next peer. A send of the request itself through
// each item (for _, d := range doers { d.Do(req) }) is a failover.
func implChain(info *types.Info, s *ast.RangeStmt, sends []*ast.CallExpr) bool {
	v := varOf(info, s.Value)
	if v == nil || !types.IsInterface(v.Type()) {
		return false
	}
	for _, call := range sends {
		if _, isSend := httpmodel.SendOf(info, call); isSend {
			continue // d.Do(req): the same request through another client
		}
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && varOf(info, sel.X) == v {
			return true
		}
	}
	return false
}

// counted reports whether loop s counts its iterations: for range n over
// an integer, or a for statement whose condition compares a variable
// that its post statement steps (for try := 1; try <= max; try++), the
// shape of a retry policy's attempts.
func counted(info *types.Info, s ast.Stmt) bool {
	switch s := s.(type) {
	case *ast.RangeStmt:
		tv, ok := info.Types[s.X]
		if !ok {
			return false
		}
		b, ok := tv.Type.Underlying().(*types.Basic)
		return ok && b.Info()&types.IsInteger != 0
	case *ast.ForStmt:
		if s.Cond == nil || s.Post == nil {
			return false
		}
		stepped := steppedVar(info, s.Post)
		return stepped != nil && flow.Mentions(info, s.Cond, stepped)
	}
	return false
}

// steppedVar returns the variable that s steps (i++, i--, i += n, i -=
// n), nil for any other statement.
func steppedVar(info *types.Info, s ast.Stmt) *types.Var {
	switch s := s.(type) {
	case *ast.IncDecStmt:
		return varOf(info, s.X)
	case *ast.AssignStmt:
		if len(s.Lhs) == 1 && (s.Tok == token.ADD_ASSIGN || s.Tok == token.SUB_ASSIGN) {
			return varOf(info, s.Lhs[0])
		}
	}
	return nil
}

// indexedList returns xs when s is for i := 0; i < len(xs); i++ (or
// i += 1, or len(xs) > i) over a list xs whose body uses i only as xs[i]
// and assigns neither i nor xs: a range over xs spelled with its index.
// It returns nil otherwise.
func indexedList(info *types.Info, s *ast.ForStmt) ast.Expr {
	init, ok := s.Init.(*ast.AssignStmt)
	if !ok || len(init.Lhs) != 1 || len(init.Rhs) != 1 {
		return nil
	}
	iv := varOf(info, init.Lhs[0])
	if tv := info.Types[init.Rhs[0]]; iv == nil || tv.Value == nil || tv.Value.ExactString() != "0" {
		return nil
	}
	cond, ok := ast.Unparen(s.Cond).(*ast.BinaryExpr)
	if !ok {
		return nil
	}
	idx, bound := cond.X, cond.Y
	switch cond.Op {
	case token.LSS:
	case token.GTR:
		idx, bound = bound, idx
	default:
		return nil
	}
	if varOf(info, idx) != iv {
		return nil
	}
	call, ok := ast.Unparen(bound).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return nil
	}
	if id, ok := ast.Unparen(call.Fun).(*ast.Ident); !ok || id.Name != "len" {
		return nil
	} else if _, ok := info.Uses[id].(*types.Builtin); !ok {
		return nil
	}
	list := call.Args[0]
	if tv, ok := info.Types[list]; !ok || !isList(tv.Type) || !fixes.Pure(info, list) {
		return nil
	}
	switch p := s.Post.(type) {
	case *ast.IncDecStmt:
		if p.Tok != token.INC || varOf(info, p.X) != iv {
			return nil
		}
	case *ast.AssignStmt:
		if p.Tok != token.ADD_ASSIGN || len(p.Lhs) != 1 || varOf(info, p.Lhs[0]) != iv {
			return nil
		}
		if tv := info.Types[p.Rhs[0]]; tv.Value == nil || tv.Value.ExactString() != "1" {
			return nil
		}
	default:
		return nil
	}
	// The body uses i only as list[i], and changes neither i nor list.
	listText := types.ExprString(list)
	ok = true
	ast.PreorderStack(s.Body, nil, func(n ast.Node, stack []ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				if varOf(info, l) == iv || types.ExprString(l) == listText {
					ok = false
				}
			}
		case *ast.IncDecStmt:
			if varOf(info, n.X) == iv {
				ok = false
			}
		case *ast.Ident:
			if info.Uses[n] == iv {
				ix, isIndex := stack[len(stack)-1].(*ast.IndexExpr)
				if !isIndex || ix.Index != ast.Expr(n) || types.ExprString(ix.X) != listText {
					// i itself (page=%d, &i), unless in a call whose
					// result goes nowhere (log.Printf("peer %d", i)).
					ok = inDiscardedCall(stack)
				}
			}
		}
		return ok
	})
	if !ok {
		return nil
	}
	return list
}

// inDiscardedCall reports whether the node under stack is an argument of
// a call made as a statement, whose result goes nowhere (a log line).
func inDiscardedCall(stack []ast.Node) bool {
	for i := len(stack) - 1; i > 0; i-- {
		if es, ok := stack[i].(*ast.ExprStmt); ok {
			_, isCall := ast.Unparen(es.X).(*ast.CallExpr)
			return isCall
		}
		switch stack[i].(type) {
		case ast.Stmt, *ast.FuncLit:
			return false
		}
	}
	return false
}

// isList reports whether a range over a value of type t visits a list of
// items: a slice, an array (or a pointer to one) or a map. A channel is a
// queue, whose next item is new work.
func isList(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Slice, *types.Array, *types.Map:
		return true
	case *types.Pointer:
		_, ok := u.Elem().Underlying().(*types.Array)
		return ok
	}
	return false
}

// requestInputs returns the variables the requests of loop l are built
// from (inputs: the arguments of each send and, for a request built in
// the loop, of the call that built it), the requests built in the loop,
// and the variables the inputs are made from in the loop before the
// first send (derived).
func (r *Result) requestInputs(l *Loop) (inputs, requests, derived map[*types.Var]bool) {
	info := r.pass.TypesInfo
	// The variables the requests are built from: the arguments of each send
	// and, for a request built in the loop, of the call that built it.
	inputs = map[*types.Var]bool{}
	requests = map[*types.Var]bool{}
	addUses := func(e ast.Node) {
		ast.Inspect(e, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				if v, ok := info.Uses[id].(*types.Var); ok && !v.IsField() {
					inputs[v] = true
				}
			}
			return true
		})
	}
	for _, call := range l.Sends {
		for _, a := range call.Args {
			addUses(a)
		}
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			if s, ok := info.Selections[sel]; ok && s.Kind() == types.MethodVal {
				addUses(sel.X)
			}
		}
	}
	// Look through requests built in the loop: their own inputs count.
	ast.Inspect(l.Body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Rhs) != 1 {
			return true
		}
		call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
		if !ok {
			return true
		}
		if _, _, isNew := httpmodel.NewRequestMethod(info, call); !isNew && !r.rebuilt(l, as, call) {
			return true
		}
		if id, ok := as.Lhs[0].(*ast.Ident); ok {
			if v, ok := info.ObjectOf(id).(*types.Var); ok && inputs[v] {
				requests[v] = true
				for _, a := range call.Args {
					addUses(a)
				}
			}
		}
		return true
	})
	// The values the inputs are made from in the loop before the first
	// send (opts := append(base, WithCursor(*cursor))): a cursor the loop
	// stores after the send (*cursor = resp.Next) changes the request
	// too. A counter stepped for each attempt, which a request may carry
	// (Attempt: i), does not make it another request.
	derived = map[*types.Var]bool{}
	first := token.NoPos
	for _, call := range l.Sends {
		if first == token.NoPos || call.Pos() < first {
			first = call.Pos()
		}
	}
	for grew := true; grew; {
		grew = false
		ast.Inspect(l.Body, func(n ast.Node) bool {
			if _, lit := n.(*ast.FuncLit); lit {
				return false
			}
			if rs, ok := n.(*ast.RangeStmt); ok && rs.Pos() < first {
				// for _, spec := range file.Imports inside the loop:
				// what the items come from is what they are made of.
				for _, e := range []ast.Expr{rs.Key, rs.Value} {
					if v := varOf(info, e); v != nil && (inputs[v] || derived[v]) {
						ast.Inspect(rs.X, func(m ast.Node) bool {
							if id, ok := m.(*ast.Ident); ok {
								if u, ok := info.Uses[id].(*types.Var); ok && !u.IsField() && !inputs[u] && !derived[u] {
									derived[u], grew = true, true
								}
							}
							return true
						})
					}
				}
				return true
			}
			as, ok := n.(*ast.AssignStmt)
			if !ok || as.Pos() >= first {
				return true
			}
			for i, lhs := range as.Lhs {
				v := varOf(info, lhs)
				if v == nil || !inputs[v] && !derived[v] {
					continue
				}
				rhs := as.Rhs[0]
				if len(as.Rhs) == len(as.Lhs) {
					rhs = as.Rhs[i]
				}
				ast.Inspect(rhs, func(m ast.Node) bool {
					if id, ok := m.(*ast.Ident); ok {
						if u, ok := info.Uses[id].(*types.Var); ok && !u.IsField() && !inputs[u] && !derived[u] {
							derived[u], grew = true, true
						}
					}
					return true
				})
			}
			return true
		})
	}
	return inputs, requests, derived
}

// schedule reports whether the range s of loop l is a schedule of waits:
// its key and value are unused, or used only to size a wait (the
// duration of a time.Sleep, time.After, NewTimer or Reset, or an
// argument a function of the package waits by), and reach no request
// (see rangeFeeds). Items used otherwise (compared with a response,
// counted, logged) are items of an iteration.
func (r *Result) schedule(l *Loop, s *ast.RangeStmt) bool {
	info := r.pass.TypesInfo
	if r.rangeFeeds(l, s) {
		return false
	}
	items := map[*types.Var]bool{}
	for _, e := range []ast.Expr{s.Key, s.Value} {
		if v := varOf(info, e); v != nil {
			items[v] = true
		}
	}
	if len(items) == 0 {
		return true
	}
	only := true
	ast.PreorderStack(l.Body, nil, func(n ast.Node, stack []ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !only || !ok {
			return only
		}
		v, _ := info.Uses[id].(*types.Var)
		if !items[v] {
			return true
		}
		// The innermost call that takes the use as (part of) an
		// argument must wait by it.
		for i := len(stack) - 1; i >= 0; i-- {
			call, ok := stack[i].(*ast.CallExpr)
			if !ok {
				continue
			}
			if d := WaitDuration(info, call); d != nil && d.Pos() <= id.Pos() && id.End() <= d.End() {
				return true
			}
			for k, a := range call.Args {
				if a.Pos() <= id.Pos() && id.End() <= a.End() {
					if body, p := r.calleeParam(call, k); p != nil && r.waitsBy(body, p, 1) {
						return true
					}
				}
			}
			if _, isConv := info.Types[call.Fun]; isConv && info.Types[call.Fun].IsType() {
				continue // time.Duration(wait) inside the wait's argument
			}
			break
		}
		only = false
		return false
	})
	return only
}

// rangeFeeds reports whether the key or value of the range s reaches the
// requests of loop l: each item is then another request (or another
// place for the same one, a failover). Items that only size the wait
// between attempts (for _, wait := range []time.Duration{1s, 5s, 30s})
// are a schedule of the attempts of one operation.
func (r *Result) rangeFeeds(l *Loop, s *ast.RangeStmt) bool {
	info := r.pass.TypesInfo
	inputs, requests, derived := r.requestInputs(l)
	feeds := func(v *types.Var) bool { return v != nil && (inputs[v] || requests[v] || derived[v]) }
	items := map[*types.Var]bool{}
	for _, e := range []ast.Expr{s.Key, s.Value} {
		if v := varOf(info, e); v != nil {
			if feeds(v) {
				return true
			}
			items[v] = true
		}
	}
	// An item stored into what the request is built from (req.URL.Host
	// = peer, c.base = url).
	found := false
	ast.Inspect(l.Body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || found {
			return !found
		}
		for i, lhs := range as.Lhs {
			rhs := as.Rhs[0]
			if len(as.Rhs) == len(as.Lhs) {
				rhs = as.Rhs[i]
			}
			for v := range items {
				if flow.Mentions(info, rhs, v) && feeds(rootVar(info, lhs)) {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// requestVaries reports whether something the loop's requests are built
// from changes between iterations.
func (r *Result) requestVaries(l *Loop, post ast.Stmt) bool {
	info := r.pass.TypesInfo
	inputs, requests, derived := r.requestInputs(l)
	varies := false
	changes := func(v *types.Var, at token.Pos, incremental, step, received bool) {
		if requests[v] || isContext(v.Type()) || httpmodel.IsNamed(v.Type(), "net/http", "Client") {
			// The client that sends is no part of the request: one
			// swapped after a failure (another transport, HTTP/1.1
			// forced) sends the same request again.
			return
		}
		if !received && !l.afterSend(at) && l.Body.Pos() <= v.Pos() && v.Pos() < l.Body.End() {
			// Declared in the body: made again for each attempt
			// (u := base; if q != "" { u += q }), it carries nothing
			// from one to the next; what it is made from is judged
			// on its own. A value received from a channel, or
			// made after a send from what it returned (a work item
			// a poll claims), is the next item wherever it is
			// declared.
			return
		}
		if step && analysisutil.IsInteger(v.Type()) && (r.waitsBy(l.Body, v, 0) || r.decidesBy(l, v)) {
			// An attempt counter: the wait between attempts grows
			// with it (exponentialBackoff(attempt, base), delay :=
			// s.retryDelay(attempt)), here or in the function it is
			// handed to, or the send only compares it with a limit;
			// the request it is also handed is the same.
			return
		}
		switch {
		case inputs[v]:
			if incremental || l.afterSend(at) {
				varies = true
			}
		case derived[v]:
			if !incremental && l.afterSend(at) || post != nil && at >= post.Pos() && at < post.End() && indexes(info, l.Body, v) {
				// The loop's own counter over a list's positions
				// (for i := 0; i < len(sd); i++ { x := sd[i] ... })
				// is a cursor over items, not an attempt count (a
				// failover over the list is judged as such above).
				varies = true
			}
		}
	}
	// What a retry helper hands its operation (an attempt's number, the
	// time of the last failure) is the operation's to use: the helper
	// calls the same operation again unless the value comes from what
	// the operation answered (a cursor, the next page's token). Whether
	// the loop leaves on success tells a retry from iteration.
	var opResults []*types.Var
	if l.Op != nil {
		opResults = r.derivedResults(l)
	}
	opInput := func(rhs []ast.Expr) bool {
		if l.Op == nil {
			return false
		}
		for _, e := range rhs {
			for _, v := range opResults {
				if flow.Mentions(info, e, v) {
					return false
				}
			}
		}
		return true
	}
	inspectAssigns := func(root ast.Node, inPost bool) {
		ast.Inspect(root, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.IncDecStmt:
				if l.Op != nil {
					return true // an attempt's number
				}
				if v := varOf(info, n.X); v != nil {
					changes(v, n.Pos(), true, true, false)
				}
			case *ast.AssignStmt:
				incremental := inPost || (n.Tok != token.ASSIGN && n.Tok != token.DEFINE)
				step := n.Tok == token.ADD_ASSIGN || n.Tok == token.SUB_ASSIGN
				// A value received from a channel is the next item of
				// a queue, whatever its position.
				received := false
				if len(n.Rhs) == 1 {
					if u, ok := ast.Unparen(n.Rhs[0]).(*ast.UnaryExpr); ok && u.Op == token.ARROW {
						incremental, received = true, true
					}
				}
				// p, err = p.Next(ctx): the send's result is the
				// operand of the next send, as a cursor is.
				var send *ast.CallExpr
				if len(n.Rhs) == 1 {
					if call, ok := ast.Unparen(n.Rhs[0]).(*ast.CallExpr); ok && slices.Contains(l.Sends, call) {
						send = call
					}
				}
				if send == nil && !received && opInput(n.Rhs) {
					return true
				}
				for _, lhs := range n.Lhs {
					if star, ok := ast.Unparen(lhs).(*ast.StarExpr); ok {
						lhs = star.X // *cursor = next stores through the pointer
					}
					if v := varOf(info, lhs); v != nil {
						changes(v, n.Pos(), incremental || send != nil && flow.Mentions(info, send, v), step, received || send != nil)
					}
				}
			}
			return true
		})
	}
	if post != nil {
		inspectAssigns(post, true)
	}
	if rs, ok := l.Stmt.(*ast.RangeStmt); ok && l.Op == nil && analysisutil.IsInteger(info.TypeOf(rs.X)) {
		// for i := range n steps i as i++ would (a helper's
		// operation handed the attempt's number is the same
		// operation).
		if v := varOf(info, rs.Key); v != nil {
			changes(v, rs.Pos(), true, true, false)
		}
	}
	inspectAssigns(l.Body, false)
	return varies
}

// sendResults returns the variables that the body of loop l assigns
// from its sends (resp, err := c.Do(req); next, err = op(cursor)), outside
// function literals.
func (r *Result) sendResults(l *Loop) []*types.Var {
	info := r.pass.TypesInfo
	var results []*types.Var
	ast.Inspect(l.Body, func(n ast.Node) bool {
		if _, lit := n.(*ast.FuncLit); lit {
			return false
		}
		a, ok := n.(*ast.AssignStmt)
		if !ok || len(a.Rhs) != 1 {
			return true
		}
		if c, ok := ast.Unparen(a.Rhs[0]).(*ast.CallExpr); ok && slices.Contains(l.Sends, c) {
			for _, e := range a.Lhs {
				if v := varOf(info, e); v != nil {
					results = append(results, v)
				}
			}
		}
		return true
	})
	return results
}

// derivedResults returns the variables of loop l's body that hold what
// its sends answered: assigned from a send (next, err := op(token)), or
// from such a variable, through local variables (n := next.Token).
func (r *Result) derivedResults(l *Loop) []*types.Var {
	info := r.pass.TypesInfo
	out := r.sendResults(l)
	for range 4 {
		n := len(out)
		ast.Inspect(l.Body, func(node ast.Node) bool {
			if _, lit := node.(*ast.FuncLit); lit {
				return false
			}
			a, ok := node.(*ast.AssignStmt)
			if !ok || len(a.Lhs) != len(a.Rhs) {
				return true
			}
			for i, rhs := range a.Rhs {
				v := varOf(info, a.Lhs[i])
				if v == nil || slices.Contains(out, v) {
					continue
				}
				if slices.ContainsFunc(out, func(w *types.Var) bool { return flow.Mentions(info, rhs, w) }) {
					out = append(out, v)
				}
			}
			return true
		})
		if len(out) == n {
			break
		}
	}
	return out
}

// calleeParam returns the body of the function of this package that call
// calls, and its parameter that the call's k-th argument is handed to;
// nil for a call of another function, or of a variadic one.
func (r *Result) calleeParam(call *ast.CallExpr, k int) (*ast.BlockStmt, *types.Var) {
	fn := httpmodel.Callee(r.pass.TypesInfo, call)
	if fn == nil || fn.Pkg() != r.pass.Pkg || r.ix == nil {
		return nil, nil
	}
	f, ok := r.ix.Decl(fn.Origin())
	sig := fn.Type().(*types.Signature)
	if !ok || f.Decl.Body == nil || sig.Variadic() || k >= sig.Params().Len() {
		return nil, nil
	}
	return f.Decl.Body, sig.Params().At(k)
}

// indexes reports whether v indexes or slices something in body
// (items[i], sd[i+off], buf[i:j]).
func indexes(info *types.Info, body ast.Node, v *types.Var) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.IndexExpr:
			found = found || flow.Mentions(info, n.Index, v)
		case *ast.SliceExpr:
			for _, e := range []ast.Expr{n.Low, n.High, n.Max} {
				found = found || e != nil && flow.Mentions(info, e, v)
			}
		}
		return !found
	})
	return found
}

// WaitDuration returns the duration d of a call that waits it out,
// time.Sleep(d), time.After(d), time.NewTimer(d) or Timer.Reset(d); nil
// for any other call.
func WaitDuration(info *types.Info, call *ast.CallExpr) ast.Expr {
	if len(call.Args) != 1 {
		return nil
	}
	f := httpmodel.Callee(info, call)
	if httpmodel.IsPkgFunc(f, "time", "Sleep", "After", "NewTimer") || httpmodel.IsMethod(f, "time", "Timer", "Reset") {
		return call.Args[0]
	}
	return nil
}

// waitsBy reports whether v, a variable of root, sizes a wait in root: a
// time.Sleep, time.After, time.NewTimer or Timer.Reset whose duration is
// computed from v (or from a variable of root assigned from it), or a
// call of a function of the package handed v whose body waits by the
// parameter (depth calls down, at most three).
func (r *Result) waitsBy(root ast.Node, v *types.Var, depth int) bool {
	if depth > 3 || root == nil {
		return false
	}
	info := r.pass.TypesInfo
	from := map[*types.Var]bool{v: true}
	mentions := func(e ast.Node) bool {
		found := false
		ast.Inspect(e, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				if u, ok := info.Uses[id].(*types.Var); ok && from[u] {
					found = true
				}
			}
			return !found
		})
		return found
	}
	for grew := true; grew; {
		grew = false
		ast.Inspect(root, func(n ast.Node) bool {
			as, ok := n.(*ast.AssignStmt)
			if !ok || len(as.Lhs) != len(as.Rhs) {
				return true
			}
			for i, lhs := range as.Lhs {
				if u := varOf(info, lhs); u != nil && !from[u] && mentions(as.Rhs[i]) {
					from[u], grew = true, true
				}
			}
			return true
		})
	}
	found := false
	ast.Inspect(root, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || found {
			return !found
		}
		if WaitDuration(info, call) != nil {
			found = mentions(call.Args[0])
			return !found
		}
		for i, a := range call.Args {
			if body, p := r.calleeParam(call, i); p != nil && mentions(a) && r.waitsBy(body, p, depth+1) {
				found = true
			}
		}
		return !found
	})
	return found
}

// decidesBy reports whether the sends of loop l take the counter v only
// to decide whether to go round again: every send that mentions v is a
// call of a function of the package handed v itself, as an argument whose
// parameter is only compared (retry, err := c.do(req, attempt), where do
// asks shouldRetry(resp, err, attempt, max) and shouldRetry returns
// false when attempt >= max). A number that reaches anything else (a
// request's header, a page, a format) may make another request.
func (r *Result) decidesBy(l *Loop, v *types.Var) bool {
	info := r.pass.TypesInfo
	handed := false
	for _, call := range l.Sends {
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && flow.Mentions(info, sel.X, v) {
			return false
		}
		for i, a := range call.Args {
			if !flow.Mentions(info, a, v) {
				continue
			}
			if varOf(info, a) != v || !r.comparesOnly(call, i, 0) {
				return false
			}
			handed = true
		}
	}
	return handed
}

// comparesOnly reports whether the parameter that call hands its i-th
// argument to, in a function of the package, is only compared (attempt >= max, attempt+1 < n) or handed on
// as it is to a parameter of the same kind (depth calls down, at most
// three).
func (r *Result) comparesOnly(call *ast.CallExpr, i, depth int) bool {
	body, p := r.calleeParam(call, i)
	if p == nil || depth > 3 {
		return false
	}
	info := r.pass.TypesInfo
	only := true
	ast.PreorderStack(body, nil, func(n ast.Node, stack []ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !only || !ok || info.Uses[id] != p {
			return only
		}
		// Up through arithmetic to what takes the value.
		var child ast.Node = id
		for j := len(stack) - 1; j >= 0; j-- {
			switch e := stack[j].(type) {
			case *ast.ParenExpr:
				child = e
				continue
			case *ast.BinaryExpr:
				switch e.Op {
				case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
					return false // compared
				case token.ADD, token.SUB, token.MUL, token.QUO, token.REM:
					child = e
					continue
				}
			case *ast.CallExpr:
				if child == ast.Node(id) {
					for k, a := range e.Args {
						if a == child && r.comparesOnly(e, k, depth+1) {
							return false
						}
					}
				}
			}
			break
		}
		only = false
		return false
	})
	return only
}

// rebuilt reports whether as, an assignment of the body of loop l whose
// value is call, builds a request again as its function built it before
// the loop: the same callee, with the same operands
// (httpRequest, err = c.buildRequestWithSigner(request) after a failed
// send, as before the loop: the same request, signed again). Its operands
// are then the inputs that may change, as for a request built in the loop.
func (r *Result) rebuilt(l *Loop, as *ast.AssignStmt, call *ast.CallExpr) bool {
	info := r.pass.TypesInfo
	v := varOf(info, as.Lhs[0])
	fn := httpmodel.Callee(info, call)
	if v == nil || fn == nil || !httpmodel.IsRequest(v.Type()) {
		return false
	}
	if !r.stableOperands(l, call) || !r.onFailure(l, as) {
		return false
	}
	_, body := flow.FuncParts(l.Func)
	if body == nil {
		return false
	}
	same := false
	ast.Inspect(body, func(n ast.Node) bool {
		if same || n == nil || n.Pos() >= l.Stmt.Pos() {
			return false
		}
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		before, ok := n.(*ast.AssignStmt)
		if !ok || len(before.Rhs) != 1 || len(before.Lhs) != len(as.Lhs) || varOf(info, before.Lhs[0]) != v {
			return true
		}
		c, ok := ast.Unparen(before.Rhs[0]).(*ast.CallExpr)
		if !ok || httpmodel.Callee(info, c) != fn || len(c.Args) != len(call.Args) || types.ExprString(c.Fun) != types.ExprString(call.Fun) {
			return true
		}
		for i := range c.Args {
			if types.ExprString(c.Args[i]) != types.ExprString(call.Args[i]) {
				return true
			}
		}
		same = true
		return false
	})
	return same
}

// stableOperands reports whether the operands of call (its arguments and
// the receiver of a method) are the same on every iteration of loop l:
// constants, variables and their fields, or their addresses, none of
// which the loop assigns (q.Offset += n; newSearch(ctx, url, &q) builds
// the next page), with no receive from a channel (build(url, <-in)) and no
// call.
func (r *Result) stableOperands(l *Loop, call *ast.CallExpr) bool {
	info := r.pass.TypesInfo
	operands := slices.Clone(call.Args)
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		if s, ok := info.Selections[sel]; ok && s.Kind() == types.MethodVal {
			operands = append(operands, sel.X)
		}
	}
	var roots []*types.Var
	for _, e := range operands {
		e = ast.Unparen(e)
		if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
			e = ast.Unparen(u.X)
		}
		for {
			sel, ok := e.(*ast.SelectorExpr)
			if !ok {
				break
			}
			if _, isPkg := info.Uses[analysisutil.Ident(sel.X)].(*types.PkgName); isPkg {
				break
			}
			e = ast.Unparen(sel.X)
		}
		if tv, ok := info.Types[e]; ok && tv.Value != nil {
			continue
		}
		if _, ok := e.(*ast.SelectorExpr); ok {
			continue // a package's name: a variable of another package
		}
		id, ok := e.(*ast.Ident)
		if !ok {
			return false
		}
		v, ok := info.Uses[id].(*types.Var)
		if !ok {
			return false
		}
		roots = append(roots, v)
	}
	changed := false
	ast.Inspect(l.Stmt, func(n ast.Node) bool {
		for _, e := range writes(n) {
			if id, _ := flow.WriteRoot(e); id != nil {
				if v, ok := info.ObjectOf(id).(*types.Var); ok && slices.Contains(roots, v) {
					changed = true
				}
			}
		}
		return !changed
	})
	return !changed
}

// writes returns what n stores to when it is an assignment (its left
// sides) or an increment or decrement (its operand), nil otherwise.
func writes(n ast.Node) []ast.Expr {
	switch n := n.(type) {
	case *ast.AssignStmt:
		return n.Lhs
	case *ast.IncDecStmt:
		return []ast.Expr{n.X}
	}
	return nil
}

// onFailure reports whether as, a statement of the body of loop l, runs
// only as the sends' outcome decides: inside an if statement of the body
// whose condition reads a result of a send (if err != nil || bad(resp)
// { ... rebuild ... }), or after one that leaves the iteration
// (if err == nil { return resp, nil }), in the same block. A request
// built again whatever the outcome is the next item's.
func (r *Result) onFailure(l *Loop, as *ast.AssignStmt) bool {
	info := r.pass.TypesInfo
	results := r.sendResults(l)
	readsResult := func(e ast.Expr) bool {
		return slices.ContainsFunc(results, func(v *types.Var) bool { return flow.Mentions(info, e, v) })
	}
	leaves := func(b *ast.BlockStmt) bool {
		if b == nil || len(b.List) == 0 {
			return false
		}
		switch last := b.List[len(b.List)-1].(type) {
		case *ast.ReturnStmt:
			return true
		case *ast.BranchStmt:
			return last.Tok == token.BREAK || last.Tok == token.CONTINUE || last.Tok == token.GOTO
		}
		return false
	}
	found := false
	ast.PreorderStack(l.Body, nil, func(n ast.Node, stack []ast.Node) bool {
		if found {
			return false
		}
		if n != as {
			return true
		}
		for i := len(stack) - 1; i >= 0; i-- {
			switch p := stack[i].(type) {
			case *ast.IfStmt:
				if readsResult(p.Cond) {
					found = true
				}
			case *ast.BlockStmt:
				// An exit on one outcome before the statement, in
				// its block: if err == nil { return resp, nil }.
				var child ast.Node = as
				if i+1 < len(stack) {
					child = stack[i+1]
				}
				for _, st := range p.List {
					if st.Pos() >= child.Pos() {
						break
					}
					if ifs, ok := st.(*ast.IfStmt); ok && ifs.Else == nil && readsResult(ifs.Cond) && leaves(ifs.Body) {
						found = true
					}
				}
			}
		}
		return false
	})
	return found
}

// afterSend reports whether the statement at pos can run after one of the
// loop's sends in the same iteration: it follows a send that is not in
// another branch of an if or switch statement than pos (an assignment
// before the send of the else branch does not follow the send of the
// then branch).
func (l *Loop) afterSend(pos token.Pos) bool {
	for _, send := range l.Sends {
		if send.Pos() < pos && !apartBranches(l.Body, send.Pos(), pos) {
			return true
		}
	}
	return false
}

// apartBranches reports whether a and b lie in different branches of one
// if statement, or in different clauses of one switch or select, in body.
func apartBranches(body *ast.BlockStmt, a, b token.Pos) bool {
	in := func(n ast.Node, p token.Pos) bool { return n != nil && n.Pos() <= p && p < n.End() }
	apart := false
	ast.Inspect(body, func(n ast.Node) bool {
		if apart || n == nil || !in(n, a) || !in(n, b) {
			return false
		}
		switch n := n.(type) {
		case *ast.IfStmt:
			if n.Else != nil && (in(n.Body, a) && in(n.Else, b) || in(n.Else, a) && in(n.Body, b)) {
				apart = true
			}
		case *ast.CaseClause, *ast.CommClause:
			return true
		case *ast.BlockStmt:
			// The clauses of a switch or select: a and b in two of them.
			var ca, cb ast.Node
			for _, st := range n.List {
				switch st.(type) {
				case *ast.CaseClause, *ast.CommClause:
					if in(st, a) {
						ca = st
					}
					if in(st, b) {
						cb = st
					}
				}
			}
			if ca != nil && cb != nil && ca != cb {
				apart = true
			}
		}
		return !apart
	})
	return apart
}

func varOf(info *types.Info, e ast.Expr) *types.Var {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	v, _ := info.ObjectOf(id).(*types.Var)
	return v
}

func isContext(t types.Type) bool {
	return httpmodel.IsNamed(t, "context", "Context")
}

// reachesNext reports whether the body of loop l can start another
// iteration, whatever its conditions: a path from the start of the body
// reaches the loop's next iteration (a continue, the end of the body)
// without a return, a break out of the loop, a goto out of it or a call
// that never returns.
func (r *Result) reachesNext(l *Loop) bool {
	if _, isGoto := l.Stmt.(*ast.LabeledStmt); !isGoto && paths.FallsThrough(r.pass.TypesInfo, l.Body.List) {
		return true // the end of the body starts the next iteration
	}
	g := r.Graph(l.Func)
	if g == nil {
		return false
	}
	next, ok := g.Next(l.Stmt, nil, anyOutcome{})
	return ok && next
}

// repeatable returns the sends of l after which the loop can start
// another iteration. A send after which every path leaves the loop
// (return c.fallback(req), or c.send(rest) followed by return: the work
// handed to another call, which makes its own attempts) is no attempt of
// this loop, whatever it sends: it neither makes the loop a retry nor
// makes its request differ from one attempt to the next.
func (r *Result) repeatable(l *Loop) []*ast.CallExpr {
	if len(l.Sends) == 0 || l.Func == nil {
		return l.Sends
	}
	g := r.Graph(l.Func)
	if g == nil {
		return l.Sends
	}
	out := l.Sends[:0:0]
	for _, s := range l.Sends {
		if next, ok := g.Next(l.Stmt, s, anyOutcome{}); ok && !next {
			continue
		}
		out = append(out, s)
	}
	return out
}

// anyOutcome is the model of paths that knows no condition.
type anyOutcome struct{}

func (anyOutcome) Cond(ast.Expr) paths.Tri     { return paths.Maybe }
func (anyOutcome) Return(*ast.ReturnStmt) bool { return false }

// inSelectCases reports whether every send runs in a case of a select
// statement of the loop body: the loop serves events (a ticker, a queue,
// cancellation) and sends on each, as a poller does; a retry loop sends and
// then waits in a select. A default clause serves no event: it runs
// whenever no case is ready, so a loop whose attempt is the default of a
// select that only checks for cancellation (select { case <-ctx.Done():
// return; default: send... }) retries as if the select were not there.
// Nor does a case that receives from a timer (a *time.Timer's C, which
// the loop arms again with Reset, or time.After) and may leave the loop:
// the attempt comes after a wait, as the backoff idiom writes it (for {
// select { case <-ctx.Done(): return; case <-timer.C: send...; if ok {
// return resp, nil }; timer.Reset(delay) } }). A ticker's channel is an
// event: a poller's period.
func inSelectCases(info *types.Info, body *ast.BlockStmt, sends []*ast.CallExpr) bool {
	if len(sends) == 0 {
		return false
	}
	var cases []*ast.CommClause
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CommClause:
			if n.Comm != nil && !timerWait(info, n) {
				cases = append(cases, n)
			}
		}
		return true
	})
	for _, call := range sends {
		inCase := false
		for _, cc := range cases {
			for _, st := range cc.Body {
				if st.Pos() <= call.Pos() && call.End() <= st.End() {
					inCase = true
				}
			}
		}
		if !inCase {
			return false
		}
	}
	return true
}

// timerWait reports whether cc receives from a timer (the C field of a
// *time.Timer, or the channel of time.After) and its body can leave the
// loop (a return or a break, as on success): a health check that sends
// on each firing and goes on whatever the answer is a poller.
func timerWait(info *types.Info, cc *ast.CommClause) bool {
	u := paths.CommRecv(cc)
	if u == nil {
		return false
	}
	leaves := false
	var look func(n ast.Node) bool
	look = func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IfStmt:
			if cancelTest(info, n.Cond) {
				// Leaving on the caller's cancellation (if errors.Is(err,
				// context.Canceled) { return }) ends any loop: no leave
				// on success.
				if n.Else != nil {
					ast.Inspect(n.Else, look)
				}
				return false
			}
		case *ast.ReturnStmt:
			leaves = true
		case *ast.BranchStmt:
			leaves = leaves || n.Tok == token.BREAK && n.Label != nil
		}
		return !leaves
	}
	for _, st := range cc.Body {
		ast.Inspect(st, look)
	}
	if !leaves {
		return false
	}
	if t, ticker := paths.TimerChan(info, u.X); t != nil {
		return !ticker
	}
	call, ok := ast.Unparen(u.X).(*ast.CallExpr)
	return ok && httpmodel.IsPkgFunc(httpmodel.Callee(info, call), "time", "After")
}

// cancelTest reports whether e tests for the caller's cancellation:
// errors.Is(err, context.Canceled) or context.DeadlineExceeded, err ==
// context.Canceled, or ctx.Err() != nil.
func cancelTest(info *types.Info, e ast.Expr) bool {
	isCtxErr := func(x ast.Expr) bool {
		sel, ok := ast.Unparen(x).(*ast.SelectorExpr)
		if !ok {
			return false
		}
		v, ok := info.Uses[sel.Sel].(*types.Var)
		return ok && v.Pkg() != nil && v.Pkg().Path() == "context" && (v.Name() == "Canceled" || v.Name() == "DeadlineExceeded")
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		return httpmodel.IsPkgFunc(httpmodel.Callee(info, x), "errors", "Is") && len(x.Args) == 2 && isCtxErr(x.Args[1])
	case *ast.BinaryExpr:
		switch x.Op {
		case token.EQL:
			return isCtxErr(x.X) || isCtxErr(x.Y)
		case token.NEQ:
			call, ok := ast.Unparen(x.X).(*ast.CallExpr)
			return ok && len(call.Args) == 0 && httpmodel.IsMethod(httpmodel.Callee(info, call), "context", "Context", "Err")
		case token.LOR:
			return cancelTest(info, x.X) && cancelTest(info, x.Y)
		}
	}
	return false
}

// ifaceSends links each interface method that the package's functions
// call (imethods, whose nodes follow the functions' in idx, callers and
// sends) to the methods that a call of it may run (see summary.Dispatch):
// the methods of the package's own types that implement its interface,
// and the methods of its dependencies' types, with a fact that says they
// send, that do. An SDK routes its calls through an interface (a backend
// its tests replace with a fake), often declared in another package than
// the type that sends; a call through the interface sends whenever one
// of the implementations its caller can see does: a fake that sends
// nothing does not make the real backend's sends disappear.
func ifaceSends(pass *analysis.Pass, d *summary.Dispatch, idx map[*types.Func]int, imethods []*types.Func, callers [][]int, sends []bool) {
	for _, m := range imethods {
		node := idx[m]
		for _, impl := range d.Targets(m) {
			if j, ok := idx[impl]; ok {
				callers[j] = append(callers[j], node)
			} else if impl.Pkg() != pass.Pkg && pass.ImportObjectFact(impl, new(sendsFact)) {
				sends[node] = true
			}
		}
	}
}

// CountedExit reports whether l, a for statement without a condition,
// is left by a break taken when a counter of its attempts runs out (for
// attempt := 0; ; attempt++ { ...; if attempt == max { break } }): the
// statements after the loop then handle the attempts running out, as
// after a loop with a condition. A for {} left by its own break only on
// success (a poll that breaks when the service is ready) has none.
func CountedExit(info *types.Info, l *Loop) bool {
	st, ok := l.Stmt.(*ast.ForStmt)
	if !ok || st.Body != l.Body {
		return false
	}
	stepped := map[*types.Var]bool{}
	step := func(s ast.Stmt) {
		if v := steppedVar(info, s); v != nil {
			stepped[v] = true
		}
	}
	if st.Post != nil {
		step(st.Post)
	}
	ast.Inspect(st.Body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		if s, ok := n.(ast.Stmt); ok {
			step(s)
		}
		return true
	})
	if len(stepped) == 0 {
		return false
	}
	mentionsCounter := func(cond ast.Expr) bool {
		for v := range stepped {
			if flow.Mentions(info, cond, v) {
				return true
			}
		}
		return false
	}
	// Breaks of l: unlabelled ones outside any inner switch, select or
	// loop, and those labelled with l's label.
	var label string
	if ls, ok := l.Outer.(*ast.LabeledStmt); ok {
		label = ls.Label.Name
	}
	found := false
	var walk func(list []ast.Stmt, conds []ast.Expr, inner bool)
	walk = func(list []ast.Stmt, conds []ast.Expr, inner bool) {
		for _, s := range list {
			switch s := s.(type) {
			case *ast.BlockStmt:
				walk(s.List, conds, inner)
			case *ast.LabeledStmt:
				walk([]ast.Stmt{s.Stmt}, conds, inner)
			case *ast.IfStmt:
				c := append(slices.Clip(conds), s.Cond)
				walk(s.Body.List, c, inner)
				if s.Else != nil {
					walk([]ast.Stmt{s.Else}, c, inner)
				}
			case *ast.SwitchStmt:
				for _, cc := range s.Body.List {
					cc := cc.(*ast.CaseClause)
					c := append(slices.Clip(conds), cc.List...)
					if s.Tag != nil {
						c = append(c, s.Tag)
					}
					walk(cc.Body, c, true)
				}
			case *ast.TypeSwitchStmt:
				for _, cc := range s.Body.List {
					walk(cc.(*ast.CaseClause).Body, conds, true)
				}
			case *ast.SelectStmt:
				for _, cc := range s.Body.List {
					walk(cc.(*ast.CommClause).Body, conds, true)
				}
			case *ast.ForStmt:
				walk(s.Body.List, conds, true)
			case *ast.RangeStmt:
				walk(s.Body.List, conds, true)
			case *ast.BranchStmt:
				if s.Tok == token.BREAK && (s.Label == nil && !inner || s.Label != nil && s.Label.Name == label) &&
					slices.ContainsFunc(conds, mentionsCounter) {
					found = true
				}
			}
		}
	}
	walk(st.Body.List, nil, false)
	return found
}
