package retryidempotency

// This file carries retrying senders across packages. A function that
// re-sends the request it is handed after an unknown outcome, whatever
// its method (a transport's Perform, an SDK's doWithRetries), is
// reported where it is declared; a caller in another package that hands
// it a POST or a PATCH without an idempotency key is reported at the
// call, where the key belongs: one key set before the call serves every
// attempt the sender makes.

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/fixes"
	"github.com/retrylint/retrylint/internal/httpmodel"
	"github.com/retrylint/retrylint/internal/retryloop"
)

// resendFact marks an exported retrying sender: it re-sends its
// Param-th parameter (receiver aside), a request of any method, after
// Outcome, with no check of the method or of an idempotency key.
type resendFact struct {
	Param   int
	Outcome string
	// Field, when not "", is the field of the receiver that bounds the
	// attempts (for i := 0; i <= c.retryCount; i++): at a value of at
	// most Limit the sender sends once (see retryloop.FieldBound).
	Field string
	Limit int64
}

func (*resendFact) AFact() {}

func (f *resendFact) String() string {
	s := fmt.Sprintf("resends(param %d after %s", f.Param, f.Outcome)
	if f.Field != "" {
		s += fmt.Sprintf(" while %s > %d", f.Field, f.Limit)
	}
	return s + ")"
}

// exportResender records a resendFact for decl, the declaration that
// holds the send s of a retrying sender found (retried after outcome),
// when decl is a function whose one request parameter is what s
// re-sends, and exports it when the function is exported.
func (c *checker) exportResender(decl ast.Decl, s send, outcome string) {
	fd, ok := decl.(*ast.FuncDecl)
	if !ok || fd.Body == nil {
		return
	}
	fn, _ := c.pass.TypesInfo.Defs[fd.Name].(*types.Func)
	if fn == nil || !c.callersRequest(fd, s.request) {
		return
	}
	param := requestParam(fn)
	if param < 0 {
		return
	}
	if v := varOf(c.pass.TypesInfo, sameRequest(c.pass.TypesInfo, s.request)); v != nil && v != fn.Signature().Params().At(param) {
		return // another request of the caller's (a field, a copy)
	}
	fact := &resendFact{Param: param, Outcome: outcome}
	if recv := fn.Signature().Recv(); recv != nil {
		if loop := c.onlyLoop(fd, s.call, fn.Signature().Params().At(param)); loop != nil {
			fact.Field, fact.Limit, _ = retryloop.FieldBound(c.pass.TypesInfo, loop, recv)
		}
	}
	if prev := c.resenders[fn]; prev != nil && (prev.Field != fact.Field || prev.Limit != fact.Limit) {
		// Another send of the function, bounded otherwise or not at
		// all: no one field says it sends once.
		fact.Field, fact.Limit = "", 0
	}
	c.resenders[fn] = fact
	if fn.Exported() {
		c.pass.ExportObjectFact(fn, fact)
	}
}

// onlyLoop returns the for statement of fd around the send call when it
// is the one loop around it and every call of fd that is handed the
// request parameter pv and sends is inside it (a first attempt before the
// loop makes the loop's attempts retries whatever its bound); nil
// otherwise.
func (c *checker) onlyLoop(fd *ast.FuncDecl, call *ast.CallExpr, pv *types.Var) ast.Stmt {
	info := c.pass.TypesInfo
	var loop ast.Stmt
	loops := 0
	ast.Inspect(fd.Body, func(x ast.Node) bool {
		if x == nil || x.Pos() > call.Pos() || x.End() < call.End() {
			return false
		}
		switch x := x.(type) {
		case *ast.ForStmt:
			loop = x
			loops++
		case *ast.RangeStmt:
			loops++
		}
		return true
	})
	if loops != 1 || loop == nil {
		return nil
	}
	inside := true
	ast.Inspect(fd.Body, func(x ast.Node) bool {
		other, ok := x.(*ast.CallExpr)
		if !ok || !inside {
			return inside
		}
		if other.Pos() >= loop.Pos() && other.End() <= loop.End() {
			return true
		}
		handed := false
		for _, a := range other.Args {
			ast.Inspect(a, func(n ast.Node) bool {
				if id, isID := n.(*ast.Ident); isID && info.Uses[id] == pv {
					handed = true
				}
				return !handed
			})
		}
		if handed && c.loops.SendsCall(other) {
			inside = false
		}
		return inside
	})
	if !inside {
		return nil
	}
	return loop
}

// exportWrappers finds the functions that hand the request they are
// given, as it is, to a retrying sender, the package's own (an exported
// Do over an unexported doWithRetries) or another package's (its fact),
// and exports a resendFact for the exported ones: a write their callers
// in other packages hand them is re-sent as the sender's own callers'
// is, and the key belongs with those callers. A function that reads the
// request's method or header, hands it to another call, or assigns it,
// may check or key it: not followed.
func (c *checker) exportWrappers() {
	info := c.pass.TypesInfo
	for changed := true; changed; {
		changed = false
		for fd, fn := range analysisutil.FuncDecls(c.pass) {
			param := requestParam(fn)
			if c.resenders[fn] != nil || param < 0 {
				continue
			}
			pv := fn.Signature().Params().At(param)
			for _, call := range c.calls.Calls(fd) {
				callee := call.Callee
				if callee == nil || call.Detached != nil || info.Types[call.Expr.Fun].IsType() {
					continue
				}
				fact := c.resenders[callee.Origin()]
				if fact == nil && callee.Pkg() != c.pass.Pkg {
					_, fact = c.resender(callee)
				}
				if fact == nil {
					continue
				}
				_, args := httpmodel.Receiver(info, call.Expr)
				if fact.Param >= len(args) || varOf(info, args[fact.Param]) != pv || !forwardsOnly(info, fd.Body, pv, args[fact.Param]) || !passesOwn(info, args, fact.Param) {
					continue
				}
				// The bound, a field of the sender's receiver, is not the
				// wrapper's: its callers' receivers are another client.
				c.resenders[fn] = &resendFact{Param: param, Outcome: fact.Outcome}
				if fn.Exported() {
					c.pass.ExportObjectFact(fn, c.resenders[fn])
				}
				changed = true
				break
			}
		}
	}
}

// passesOwn reports whether no argument of a sender's call but the
// request (at param) may tell the sender not to retry: a wrapper that
// passes false, 0 or 1 (c.do(req, false), c.do(req, 1)) may have switched
// the retries off.
func passesOwn(info *types.Info, args []ast.Expr, param int) bool {
	for i, a := range args {
		if i == param {
			continue
		}
		tv, ok := info.Types[a]
		if !ok || tv.Value == nil {
			continue
		}
		switch tv.Value.Kind() {
		case constant.Bool:
			if !constant.BoolVal(tv.Value) {
				return false
			}
		case constant.Int:
			if n, exact := constant.Int64Val(tv.Value); exact && n <= 1 {
				return false
			}
		}
	}
	return true
}

// requestParam returns the index of fn's one named *http.Request
// parameter, or -1 (also for two: which one is re-sent is not known).
func requestParam(fn *types.Func) int {
	params := fn.Signature().Params()
	param := -1
	for i := range params.Len() {
		if httpmodel.IsRequest(params.At(i).Type()) {
			if param >= 0 {
				return -1
			}
			param = i
		}
	}
	if param < 0 || params.At(param).Name() == "" {
		return -1
	}
	return param
}

// forwardsOnly reports whether every use of the request parameter pv in
// body is arg, the argument that hands it on, or a read of a field or a
// method of it other than its Method and Header (req.URL, req.Context()).
func forwardsOnly(info *types.Info, body *ast.BlockStmt, pv *types.Var, arg ast.Expr) bool {
	ok := true
	ast.PreorderStack(body, nil, func(n ast.Node, stack []ast.Node) bool {
		id, isID := n.(*ast.Ident)
		if !ok || !isID || info.Uses[id] != pv {
			return ok
		}
		if ast.Unparen(arg) == id {
			return false
		}
		if len(stack) == 0 {
			ok = false
			return false
		}
		sel, isSel := stack[len(stack)-1].(*ast.SelectorExpr)
		if !isSel || sel.X != id {
			ok = false // handed to another call, assigned, compared
			return false
		}
		switch sel.Sel.Name {
		case "Method", "Header", "SetBasicAuth", "AddCookie", "Clone", "WithContext":
			ok = false
		}
		if len(stack) >= 2 {
			if as, isAs := stack[len(stack)-2].(*ast.AssignStmt); isAs && slices.Contains(as.Lhs, ast.Expr(sel)) {
				ok = false // req.URL = ..., req.Body = ...
			}
		}
		return false
	})
	return ok
}

// exportResenders finds the retrying senders of a package analysed for
// its facts only, to export their facts: the loops with a send of a
// request of any method are judged as a full run judges them (checkLoop,
// whose reports the driver does not show), so that a caller's findings do
// not depend on whether the sender's package was asked about.
func (c *checker) exportResenders(loops *retryloop.Result) {
	for _, set := range [][]*retryloop.Loop{loops.Loops, loops.OpLoops, loops.Unrolled} {
		for _, l := range set {
			for _, call := range l.Sends {
				if c.loops.ClosureOf(call) != nil {
					continue
				}
				if s, ok := c.sendOf(l.Func, call); ok && s.anyMethod {
					c.checkLoop(l)
					break
				}
			}
		}
	}
}

// checkResendCalls reports the writes handed to a retrying sender of
// another package (a resendFact) without an idempotency key.
func (c *checker) checkResendCalls() {
	info := c.pass.TypesInfo
	for _, file := range c.pass.Files {
		for _, d := range file.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			taken := map[string]bool{} // the keys the fixes of this function declare
			for _, call := range c.calls.Calls(fd) {
				f := call.Callee
				if f == nil || f.Pkg() == nil || f.Pkg() == c.pass.Pkg || call.Detached != nil {
					continue
				}
				f, fact := c.resender(f)
				if fact == nil {
					continue
				}
				recv, args := httpmodel.Receiver(info, call.Expr)
				if fact.Param >= len(args) {
					continue
				}
				if fact.Field != "" && recv != nil && f.Signature().Recv() != nil && c.loops.AtDefault(fd.Body, recv, f.Signature().Recv().Type(), fact.Field, fact.Limit, c.isResender) {
					continue // a client built with its default bound: sent once
				}
				s, ok := c.requestSend(fd, call.Expr, args[fact.Param])
				if !ok || !isWrite(s.method) || s.keyed != nil || s.keyedBy != "" || s.req == nil {
					continue
				}
				c.reportResendCall(file, f, s, fact.Outcome, taken)
			}
		}
	}
}

// isResender reports whether f is a retrying sender of another package.
func (c *checker) isResender(f *types.Func) bool {
	_, fact := c.resender(f)
	return fact != nil
}

// resender returns the retrying sender that a call of f runs, and its
// fact: f itself, or, for a method of an interface, the method of the one
// type of the interface's package that implements it (a library's
// Interface and its Client); nil when there is none.
func (c *checker) resender(f *types.Func) (*types.Func, *resendFact) {
	f = f.Origin()
	fact := new(resendFact)
	recv := f.Signature().Recv()
	if recv == nil || !types.IsInterface(recv.Type()) {
		if c.pass.ImportObjectFact(f, fact) {
			return f, fact
		}
		return nil, nil
	}
	iface, ok := recv.Type().Underlying().(*types.Interface)
	if !ok {
		return nil, nil
	}
	var impl *types.Func
	scope := f.Pkg().Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() || types.IsInterface(tn.Type()) {
			continue
		}
		t := tn.Type()
		if !types.Implements(t, iface) {
			t = types.NewPointer(t)
			if !types.Implements(t, iface) {
				continue
			}
		}
		if impl != nil {
			return nil, nil // two implementations: which one runs is the caller's choice
		}
		m, _, _ := types.LookupFieldOrMethod(t, false, f.Pkg(), f.Name())
		impl, _ = m.(*types.Func)
		if impl == nil {
			return nil, nil
		}
	}
	if impl == nil || !c.pass.ImportObjectFact(impl, fact) {
		return nil, nil
	}
	return impl, fact
}

// reportResendCall reports the write s handed to the retrying sender f,
// with a fix that sets one key on the request before the call; taken
// holds the names the other fixes of the function declare.
func (c *checker) reportResendCall(file *ast.File, f *types.Func, s send, outcome string, taken map[string]bool) {
	stmt := fixes.StmtOf(file, s.call)
	src := fixes.Source(c.pass, s.call.Pos())
	if stmt == nil || src == nil || s.req.Pos() > stmt.Pos() {
		return
	}
	indent := fixes.Indent(c.pass.Fset, src, stmt.Pos())
	key := fixes.FreeName(c.pass.TypesInfo, file, "idempotencyKey", taken, stmt.Pos())
	gen, edits, ok := c.keyGen(file, stmt.Pos(), key, indent)
	if !ok {
		return
	}
	tf := c.pass.Fset.File(stmt.Pos())
	at := tf.LineStart(tf.Line(stmt.Pos()))
	if at != stmt.Pos()-token.Pos(len(indent)) {
		return // the statement does not start its line
	}
	set := fmt.Sprintf("%s%s.Header.Set(%q, %s)\n", indent, s.req.Name(), c.first, key)
	edits = append(edits, analysis.TextEdit{Pos: at, End: at, NewText: []byte(gen + set)})
	c.pass.Report(analysis.Diagnostic{
		Pos:     s.call.Pos(),
		End:     s.call.End(),
		Message: fmt.Sprintf("%s is handed to %s, which re-sends it after %s, without an idempotency key (the write may be applied twice)", s.method, qualifiedName(f), outcome),
		SuggestedFixes: []analysis.SuggestedFix{{
			Message:   "Set one " + c.first + " before the call, for every attempt",
			TextEdits: edits,
		}},
	})
}
