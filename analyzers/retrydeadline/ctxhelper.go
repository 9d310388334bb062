package retrydeadline

// This file holds attempts made through helpers that send without a
// context: a retry whose waits end with ctx calls c.fetch(url), and fetch
// (or a function it calls) sends http.Get(url) or a request of
// http.NewRequest. The attempt cannot be cancelled however the loop is
// written; what it needs is the context, handed down the helpers to the
// request. The fix does that: each helper of the package between the
// attempt and the send takes ctx as its first parameter, passes it on,
// and builds its request with it; the attempt passes the retry's
// context, and every other call of those helpers context.TODO(), which
// is what their requests carried before (a request of http.NewRequest
// has context.Background()). A helper that another retry calls too is
// left alone: the fixes of the two findings would not agree on what
// that call passes.

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/callindex"
	"github.com/retrylint/retrylint/internal/fixes"
	"github.com/retrylint/retrylint/internal/flow"
	"github.com/retrylint/retrylint/internal/httpmodel"
	"github.com/retrylint/retrylint/internal/retryloop"
)

// maxChain bounds how many helpers deep a send without a context is
// looked for.
const maxChain = 4

// ctxChain is what the fix edits: the helpers that take the context (the
// functions of the package between an attempt and its sends), the calls
// between them, and the sends that carry none.
type ctxChain struct {
	funcs map[*types.Func]callindex.Func
	links []*ast.CallExpr
	sends []chainSend
}

// chainSend is a send without a context in the helper fn.
type chainSend struct {
	fn   callindex.Func
	call *ast.CallExpr
}

// ctxlessChain adds to ch the helpers from fn down to its sends when fn,
// a function of the package, sends only without a context: every send
// in it (not in a function literal, a go or defer statement) is a URL
// send (http.Get, c.Post) or sends a request of http.NewRequest or
// NewRequestWithContext(context.Background(), ...), or is a call of
// another such function, and it sends at least once. Each helper must
// be one whose calls the package holds all of (unexported, never used as
// a value: see callindex.CallsKnown), with no parameter of a context or
// request and no name ctx in it, and declared in the package. It reports
// false, leaving ch as it was, otherwise.
func (c *checker) ctxlessChain(fn *types.Func, ch *ctxChain) bool {
	added := &ctxChain{funcs: map[*types.Func]callindex.Func{}}
	if !c.addChain(fn, added, ch, 0) {
		return false
	}
	for k, v := range added.funcs {
		ch.funcs[k] = v
	}
	ch.links = append(ch.links, added.links...)
	ch.sends = append(ch.sends, added.sends...)
	return true
}

func (c *checker) addChain(fn *types.Func, ch, done *ctxChain, depth int) bool {
	if fn == nil || depth >= maxChain || c.index == nil {
		return false
	}
	fn = fn.Origin()
	if _, ok := done.funcs[fn]; ok {
		return true
	}
	if _, ok := ch.funcs[fn]; ok {
		return false // recursion: the helper calls itself
	}
	f, ok := c.index.Decl(fn)
	if !ok || !c.index.CallsKnown(fn) || !c.chainable(f) {
		return false
	}
	ch.funcs[fn] = f
	info := c.pass.TypesInfo
	sends := 0
	for _, call := range c.index.Calls(f.Decl) {
		if !c.loops.SendsCall(call.Expr) {
			continue
		}
		if call.Detached != nil {
			return false
		}
		if _, isURL := fixes.URLSendOf(call.Callee); isURL {
			if fixes.URLSendStmt(f.Decl.Body, call.Expr) == nil {
				return false
			}
			ch.sends = append(ch.sends, chainSend{f, call.Expr})
			sends++
			continue
		}
		if s, ok := httpmodel.SendOf(info, call.Expr); ok {
			if s.Request == nil || uncancelledBuildIn(info, f.Decl.Body, s.Request) == nil {
				return false
			}
			ch.sends = append(ch.sends, chainSend{f, call.Expr})
			sends++
			continue
		}
		if !c.addChain(call.Callee, ch, done, depth+1) {
			return false
		}
		ch.links = append(ch.links, call.Expr)
		sends++
	}
	return sends > 0
}

// chainable reports whether the helper f can be given a context
// parameter named ctx: it has no context or request parameter (its
// caller's context may reach it through them) and no name ctx anywhere
// in it, and its declaration has a parameter list to add to.
func (c *checker) chainable(f callindex.Func) bool {
	info := c.pass.TypesInfo
	if f.Decl.Type.Params == nil || f.Decl.Body == nil {
		return false
	}
	for _, field := range f.Decl.Type.Params.List {
		t := info.TypeOf(field.Type)
		if t == nil || httpmodel.IsNamed(t, "context", "Context") || httpmodel.IsRequestValue(t) {
			return false
		}
		if len(field.Names) == 0 {
			return false // unnamed parameters: a named ctx cannot join them
		}
	}
	if f.Decl.Recv != nil {
		for _, field := range f.Decl.Recv.List {
			if t := info.TypeOf(field.Type); t == nil || httpmodel.IsRequestValue(t) {
				return false
			}
		}
	}
	named := false
	ast.Inspect(f.Decl, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && id.Name == "ctx" {
			named = true
		}
		return !named
	})
	return !named
}

// chainEdits returns the edits that hand ctx down ch: the attempts
// (calls of ch's helpers in the retry, each with the retry's context
// ctx written as it is), every other call of the helpers given
// context.TODO(), each helper's new first parameter, the calls between
// helpers given it, and each send built with it. ok is false when an
// edit cannot be made.
func (c *checker) chainEdits(attempts []*ast.CallExpr, ctx string, ch *ctxChain) ([]analysis.TextEdit, bool) {
	info := c.pass.TypesInfo
	var edits []analysis.TextEdit
	imported := map[*ast.File]bool{}
	contextName := func(file *ast.File, pos token.Pos) (string, bool) {
		name, imp, ok := fixes.Import(info, c.pass.Pkg, file, "context", pos)
		if !imported[file] {
			edits = append(edits, imp...) // once a file
			imported[file] = len(imp) > 0
		}
		return name, ok
	}
	reached := c.reachedFromAttempts(attempts)
	pass := func(call *ast.CallExpr, arg string) {
		text := arg
		if len(call.Args) > 0 {
			text += ", "
		}
		edits = append(edits, analysis.TextEdit{Pos: call.Lparen + 1, End: call.Lparen + 1, NewText: []byte(text)})
	}
	isAttempt := map[*ast.CallExpr]bool{}
	for _, a := range attempts {
		if methodExpr(info, a) {
			return nil, false
		}
		isAttempt[a] = true
		pass(a, ctx)
	}
	isLink := map[*ast.CallExpr]bool{}
	for _, l := range ch.links {
		if methodExpr(info, l) {
			return nil, false
		}
		isLink[l] = true
		pass(l, "ctx")
	}
	for fn, f := range ch.funcs {
		name, ok := contextName(f.File, f.Decl.Body.Pos())
		if !ok {
			return nil, false
		}
		text := "ctx " + name + ".Context"
		if len(f.Decl.Type.Params.List) > 0 {
			text += ", "
		}
		open := f.Decl.Type.Params.Opening + 1
		edits = append(edits, analysis.TextEdit{Pos: open, End: open, NewText: []byte(text)})
		// The other calls: what they sent before, a request with a
		// context nothing cancels.
		for _, caller := range c.index.Funcs() {
			for _, call := range c.index.Calls(caller.Decl) {
				if call.Callee == nil || call.Callee.Origin() != fn || isAttempt[call.Expr] || isLink[call.Expr] {
					continue
				}
				if c.retryAttempt(call.Expr) || reached[caller.Obj] || methodExpr(info, call.Expr) {
					// An attempt of another retry, or a call in a
					// helper that another retry's attempts reach, whose
					// own finding hands it its context: the two fixes
					// would not agree on what this call passes. (A
					// method expression takes its receiver first.)
					return nil, false
				}
				name, ok := contextName(caller.File, call.Expr.Pos())
				if !ok {
					return nil, false
				}
				pass(call.Expr, name+".TODO()")
			}
		}
	}
	taken := map[*ast.FuncDecl]map[string]bool{}
	for _, s := range ch.sends {
		if taken[s.fn.Decl] == nil {
			taken[s.fn.Decl] = map[string]bool{}
		}
		if _, isURL := fixes.URLSendOf(httpmodel.Callee(info, s.call)); isURL {
			stmt := fixes.URLSendStmt(s.fn.Decl.Body, s.call)
			more, ok := fixes.URLSend{Pass: c.pass, File: s.fn.File, Stmt: stmt, Call: s.call, Ctx: "ctx", Taken: taken[s.fn.Decl]}.Rewrite()
			if !ok {
				return nil, false
			}
			edits = append(edits, more...)
			continue
		}
		sd, _ := httpmodel.SendOf(info, s.call)
		build := uncancelledBuildIn(info, s.fn.Decl.Body, sd.Request)
		more := c.withContextEdits(build, "ctx")
		if more == nil {
			return nil, false
		}
		edits = append(edits, more...)
	}
	return fixes.Coalesce(edits), true
}

// retryAttempt reports whether call is an attempt of a retry of the
// package (a send of one of its loops or of an operation handed to a
// retry helper or library).
func (c *checker) retryAttempt(call *ast.CallExpr) bool {
	return c.attemptSet()[call]
}

// attemptSet returns the sends of the package's retries (see
// retryAttempt), found at the first question.
func (c *checker) attemptSet() map[*ast.CallExpr]bool {
	if c.attemptCalls == nil {
		c.attemptCalls = map[*ast.CallExpr]bool{}
		for _, loops := range [][]*retryloop.Loop{c.loops.Loops, c.loops.OpLoops} {
			for _, l := range loops {
				for _, s := range l.Sends {
					c.attemptCalls[s] = true
				}
			}
		}
	}
	return c.attemptCalls
}

// methodExpr reports whether call calls a method expression
// ((*client).get(c, url)), whose first argument is the receiver.
func methodExpr(info *types.Info, call *ast.CallExpr) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	s, ok := info.Selections[sel]
	return ok && s.Kind() == types.MethodExpr
}

// reachedFromAttempts returns the helpers that the fixes of the
// package's other retries would hand a context down: the chains (see
// ctxlessChain) of their attempts. A call in one of them is another
// finding's to fix.
func (c *checker) reachedFromAttempts(mine []*ast.CallExpr) map[*types.Func]bool {
	own := map[*ast.CallExpr]bool{}
	for _, a := range mine {
		own[a] = true
	}
	if c.attemptChains == nil {
		c.attemptChains = map[*ast.CallExpr]map[*types.Func]callindex.Func{}
		for call := range c.attemptSet() {
			fn := httpmodel.Callee(c.pass.TypesInfo, call)
			if fn == nil || fn.Pkg() != c.pass.Pkg {
				continue
			}
			if _, direct := httpmodel.SendOf(c.pass.TypesInfo, call); direct {
				continue
			}
			ch := &ctxChain{funcs: map[*types.Func]callindex.Func{}}
			if c.ctxlessChain(fn, ch) {
				c.attemptChains[call] = ch.funcs
			}
		}
	}
	reached := map[*types.Func]bool{}
	for call, funcs := range c.attemptChains {
		if own[call] {
			continue
		}
		for fn := range funcs {
			reached[fn] = true
		}
	}
	return reached
}

// uncancelledBuildIn returns the call that built req, a request variable
// of body given one value, when it gives the request no context that can
// be cancelled: http.NewRequest, or NewRequestWithContext of
// context.Background() or TODO() (see flow.AssignedAfterDecl: a
// declaration without a value aside).
func uncancelledBuildIn(info *types.Info, body *ast.BlockStmt, req ast.Expr) *ast.CallExpr {
	id, ok := ast.Unparen(req).(*ast.Ident)
	if !ok || body == nil {
		return nil
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok {
		return nil
	}
	values, ok := flow.AssignedAfterDecl(info, body, v)
	if !ok || len(values) != 1 {
		return nil
	}
	build, ok := ast.Unparen(values[0]).(*ast.CallExpr)
	if !ok {
		return nil
	}
	fn := httpmodel.Callee(info, build)
	switch {
	case httpmodel.IsPkgFunc(fn, "net/http", "NewRequest"):
		return build
	case httpmodel.IsPkgFunc(fn, "net/http", "NewRequestWithContext") && len(build.Args) > 0:
		if arg, ok := ast.Unparen(build.Args[0]).(*ast.CallExpr); ok && httpmodel.IsPkgFunc(httpmodel.Callee(info, arg), "context", "Background", "TODO") {
			return build
		}
	}
	return nil
}
