package retrydeadline

// This file holds retry loops whose overall deadline bounds the waits and
// not the attempts: the function makes a deadline before the loop, and
// uses it only to wait (select on ctx.Done()), to check the clock
// (ctx.Deadline(), ctx.Err()) and to hand it to a wait of any package,
// while the request each attempt sends carries another context (the
// caller's, through a copy of the request it was handed):
//
//	ctx, cancel := context.WithTimeout(req.Context(), c.retryTimeout)
//	defer cancel()
//	for {
//		resp, err := c.hc.Do(copyRequest(req)) // req.Context(): no deadline
//		...
//		if !sleepCtx(ctx, backoff) { return resp, err }
//	}
//
// Checking the clock between attempts does not cancel the request in
// flight: an attempt started just before the deadline runs past it by a
// whole attempt (POLICY section 1). The finding is at the send, and its
// fix sends the request with the deadline's context, req.WithContext(ctx),
// which keeps the caller's values and cancellation (the deadline derives
// from them or is made beside them) and adds the bound.

import (
	"fmt"
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/callindex"
	"github.com/retrylint/retrylint/internal/fixes"
	"github.com/retrylint/retrylint/internal/flow"
	"github.com/retrylint/retrylint/internal/httpmodel"
	"github.com/retrylint/retrylint/internal/retryloop"
)

// checkWaitOnlyDeadline reports the first send of the loop l whose
// request does not carry the deadline the function made before the loop,
// when that deadline is only waited on and checked. Only a loop of the
// function's own (not an operation's body, nor a retry by recursion) whose
// send is a net/http send of a *http.Request is looked at.
func (c *checker) checkWaitOnlyDeadline(file *ast.File, l *retryloop.Loop) {
	if l.Op != nil || l.Via != nil || len(l.Self) > 0 || l.Outer == nil || len(l.Sends) == 0 {
		return
	}
	_, body := flow.FuncParts(l.Func)
	if body == nil {
		return
	}
	info := c.pass.TypesInfo
	// The deadlines made before the loop, in the function's own block:
	// ctx, cancel := context.WithTimeout(...).
	var deadlines []*types.Var
	for _, st := range body.List {
		if st.Pos() >= l.Outer.Pos() {
			break
		}
		as, ok := st.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != 2 || len(as.Rhs) != 1 {
			continue
		}
		call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
		if !ok || !isTimeoutFunc(httpmodel.Callee(info, call)) {
			continue
		}
		id, ok := as.Lhs[0].(*ast.Ident)
		if !ok {
			continue
		}
		if v, ok := info.ObjectOf(id).(*types.Var); ok {
			if values, ok := flow.Assigned(info, l.Func, v); ok && len(values) == 1 {
				deadlines = append(deadlines, v)
			}
		}
	}
	if len(deadlines) == 0 || c.derivesContext(l) {
		return
	}
	for _, d := range deadlines {
		if !c.waitOnly(body, l, d) {
			continue
		}
		for _, call := range l.Sends {
			s, ok := httpmodel.SendOf(info, call)
			if !ok || s.Request == nil || !httpmodel.IsRequest(info.TypeOf(s.Request)) {
				continue
			}
			c.reportWaitOnly(file, s, d)
			return
		}
	}
}

// waitOnly reports whether every use of the context d in body is a call
// of its Done, Err or Deadline method, or an argument of a function of
// the package that does nothing else with it (a wait on it), and some use
// is in the loop l: the loop relies on d, and no request can carry it.
func (c *checker) waitOnly(body *ast.BlockStmt, l *retryloop.Loop, d *types.Var) bool {
	info := c.pass.TypesInfo
	ok, inLoop := true, false
	ast.PreorderStack(body, nil, func(n ast.Node, stack []ast.Node) bool {
		id, isID := n.(*ast.Ident)
		if !ok || !isID || info.Uses[id] != d {
			return ok
		}
		parent := stack[len(stack)-1]
		switch p := parent.(type) {
		case *ast.SelectorExpr:
			ok = p.X == id && ctxQuery(p.Sel.Name) && len(stack) >= 2 && isCallOf(stack[len(stack)-2], p)
		case *ast.CallExpr:
			ok = c.waitsOnParam(p, id)
		default:
			ok = false
		}
		if ok && l.Span().Pos() <= id.Pos() && id.End() <= l.Span().End() {
			inLoop = true
		}
		return ok
	})
	return ok && inLoop
}

// derivesContext reports whether the loop's body makes a context of its
// own (context.WithTimeout(context.Background(), perTry) for each
// attempt): the attempts' context is then that one, and sending them with
// the deadline's instead would drop it.
func (c *checker) derivesContext(l *retryloop.Loop) bool {
	found := false
	ast.Inspect(l.Body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && !found {
			if fn := httpmodel.Callee(c.pass.TypesInfo, call); fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "context" && strings.HasPrefix(fn.Name(), "With") {
				found = true
			}
		}
		return !found
	})
	return found
}

// ctxQuery reports whether name is a method of context.Context that only
// reads the context's state.
func ctxQuery(name string) bool {
	return name == "Done" || name == "Err" || name == "Deadline"
}

func isCallOf(n ast.Node, fun ast.Expr) bool {
	call, ok := n.(*ast.CallExpr)
	return ok && call.Fun == fun
}

// waitsOnParam reports whether id is an argument of call, a call of a
// function of any package whose parameter for it is used only by calls of
// its Done, Err and Deadline methods (see ctxQueryFact).
func (c *checker) waitsOnParam(call *ast.CallExpr, id *ast.Ident) bool {
	fn := httpmodel.Callee(c.pass.TypesInfo, call)
	if fn == nil || call.Ellipsis.IsValid() {
		return false
	}
	idx := -1
	for i, a := range call.Args {
		if a == id {
			idx = i
		}
	}
	if idx < 0 || idx >= 64 {
		return false
	}
	var mask uint64
	if fn.Origin().Pkg() == c.pass.Pkg {
		mask = c.ctxQueries[fn.Origin()]
	} else if f := c.importedCtxQueries.Get(fn); f != nil {
		mask = f.Params
	}
	return mask&(1<<idx) != 0
}

// ctxQueryFact marks a function whose context parameters of Params (bit i
// for parameter i, receiver aside) are used only by calls of their Done,
// Err and Deadline methods: a wait on the context, or a check of it, that
// hands it to no request.
type ctxQueryFact struct {
	Params uint64
}

func (*ctxQueryFact) AFact() {}

func (f *ctxQueryFact) String() string { return fmt.Sprintf("ctxquery(%b)", f.Params) }

// computeCtxQueries finds the package's functions with a context
// parameter that they use only by calls of its Done, Err and Deadline
// methods, and exports their facts. The calls come from the call index;
// the uses of the parameters are counted in one pass over the type
// information, made only when some function calls such a method on a
// parameter.
func (c *checker) computeCtxQueries() {
	c.ctxQueries = map[*types.Func]uint64{}
	info := c.pass.TypesInfo
	ix := c.pass.ResultOf[callindex.Analyzer].(*callindex.Index)
	type cand struct {
		fn    *types.Func
		index int
		calls int
	}
	cands := map[*types.Var]*cand{}
	for _, f := range ix.Funcs() {
		if f.Obj == nil {
			continue
		}
		params := f.Obj.Type().(*types.Signature).Params()
		hasCtx := false
		for i := 0; i < params.Len() && i < 64; i++ {
			hasCtx = hasCtx || httpmodel.IsNamed(params.At(i).Type(), "context", "Context")
		}
		if !hasCtx {
			continue // the call index of the body is not needed
		}
		for _, call := range ix.Calls(f.Decl) {
			fn := call.Callee
			if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "context" || !ctxQuery(fn.Name()) {
				continue
			}
			sel, ok := ast.Unparen(call.Expr.Fun).(*ast.SelectorExpr)
			if !ok {
				continue
			}
			pid, ok := sel.X.(*ast.Ident)
			if !ok {
				continue
			}
			v, ok := info.Uses[pid].(*types.Var)
			if !ok || !httpmodel.IsNamed(v.Type(), "context", "Context") {
				continue
			}
			for i := 0; i < params.Len() && i < 64; i++ {
				if params.At(i) == v {
					if cands[v] == nil {
						cands[v] = &cand{fn: f.Obj, index: i}
					}
					cands[v].calls++
				}
			}
		}
	}
	if len(cands) == 0 {
		return
	}
	uses := map[*types.Var]int{}
	for _, obj := range info.Uses {
		if v, ok := obj.(*types.Var); ok && cands[v] != nil {
			uses[v]++
		}
	}
	for v, cd := range cands {
		if uses[v] == cd.calls {
			c.ctxQueries[cd.fn] |= 1 << cd.index
		}
	}
	for fn, mask := range c.ctxQueries {
		c.pass.ExportObjectFact(fn, &ctxQueryFact{Params: mask})
	}
}

// reportWaitOnly reports the send s, whose request does not carry the
// deadline d, with the fix that sends it with d.
func (c *checker) reportWaitOnly(file *ast.File, s httpmodel.Send, d *types.Var) {
	req := ast.Unparen(s.Request)
	msg := "request sent in retry loop does not carry " + d.Name() + ", the deadline made for the whole operation: it bounds only the waits, and an attempt in flight at the deadline runs past it"
	if fixes.ObjectAt(c.pass.TypesInfo, file, d.Name(), s.Call.Pos()) != d {
		return // d is shadowed at the send: no fix names it there
	}
	src := fixes.Source(c.pass, s.Call.Pos())
	text := fixes.Text(c.pass.Fset, src, req)
	switch req.(type) {
	case *ast.Ident, *ast.SelectorExpr, *ast.CallExpr, *ast.IndexExpr:
	default:
		text = "(" + text + ")"
	}
	fix := analysis.SuggestedFix{
		Message:   "Send each attempt with " + d.Name() + ", so that the deadline cancels the attempt in flight",
		TextEdits: []analysis.TextEdit{{Pos: req.Pos(), End: req.End(), NewText: []byte(text + ".WithContext(" + d.Name() + ")")}},
	}
	c.handledSends[s.Call] = true
	c.pass.Report(analysis.Diagnostic{
		Pos:            s.Call.Pos(),
		End:            s.Call.End(),
		Message:        msg,
		SuggestedFixes: []analysis.SuggestedFix{fix},
	})
}
