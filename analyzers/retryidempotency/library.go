package retryidempotency

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"net/http"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/callindex"
	"github.com/retrylint/retrylint/internal/fixes"
	"github.com/retrylint/retrylint/internal/httpmodel"
	"github.com/retrylint/retrylint/internal/retrylib"
)

// checkLibraries reports POST and PATCH requests retried by a retry
// library (internal/retrylib) after an unknown outcome without an
// idempotency key reused across the attempts: sent through a retrying
// go-retryablehttp or resty client, or inside the operation handed to
// backoff.Retry, retry.Do and the like.
//
// via are the sends through the go-retryablehttp clients of the package
// that retry unknown outcomes (see checkClients), whatever the client's
// origin at the send (a receiver or a parameter bound to such a client).
//
// ctors gives the clients of other packages' constructors (see
// retryloop.Result.Ctors): a resty client one returns is read from its
// configuration there.
func checkLibraries(pass *analysis.Pass, calls *callindex.Index, keys []string, via map[*ast.CallExpr]bool, ctors retrylib.Ctors, at func(token.Pos)) {
	if !retrylib.ImportsLibrary(pass.Pkg) && retrylib.Libraries[pass.Pkg.Path()] == nil && ctors == nil {
		return
	}
	c := &checker{pass: pass, calls: calls, keys: keyNames{httpmodel.NewNames(keys...)}, first: http.CanonicalHeaderKey(keys[0])}
	if retrylib.Imports(pass.Pkg, retrylib.FailsafeHTTP) {
		c.checkFailsafeClients()
	}
	for _, file := range pass.Files {
		ast.PreorderStack(file, nil, func(n ast.Node, stack []ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			e, ok := retrylib.EntryOf(pass.TypesInfo, call)
			if !ok {
				return true
			}
			at(call.Pos())
			lc := &libCheck{c: c, file: file, stack: stack, e: e, scope: retrylib.ScopeAt(pass.TypesInfo, pass.Files, stack), via: via[call]}
			lc.scope.Ctors = ctors
			lc.e = lc.scope.Resolve(e)
			switch {
			case e.Lib.Path == retrylib.RetryableHTTP && e.Func.Name() == "Do":
				lc.retryableDo()
			case retrylib.IsResty(e.Lib.Path) && e.Send:
				lc.resty()
			case e.Lib.Path == retrylib.FailsafeHTTP && e.Send:
				lc.failsafeDo()
			}
			return true
		})
	}
}

type libCheck struct {
	c     *checker
	file  *ast.File
	stack []ast.Node
	e     retrylib.Entry
	scope retrylib.Scope
	// via: the send goes through a client of the package that retries
	// unknown outcomes (see checkClients).
	via bool
}

func (lc *libCheck) report(n ast.Node, msg, fix string, edits []analysis.TextEdit) {
	lc.c.pass.Report(analysis.Diagnostic{
		Pos:            n.Pos(),
		End:            n.End(),
		Message:        msg,
		SuggestedFixes: []analysis.SuggestedFix{{Message: fix, TextEdits: edits}},
	})
}

// keyed reports whether a header write in body sets an idempotency key (or
// a header whose name is not a constant) on the request req.
func (lc *libCheck) keyed(body ast.Node, req *types.Var) (value ast.Expr, ok bool) {
	info := lc.c.pass.TypesInfo
	ast.Inspect(body, func(n ast.Node) bool {
		if ok {
			return false
		}
		var h httpmodel.HeaderAccess
		var found bool
		switch n := n.(type) {
		case *ast.CallExpr:
			h, found = httpmodel.HeaderCall(info, n)
		case *ast.AssignStmt:
			if len(n.Lhs) == 1 && len(n.Rhs) == 1 {
				if ix, isIx := n.Lhs[0].(*ast.IndexExpr); isIx {
					h, found = httpmodel.HeaderIndexExpr(info, ix)
					h.Value = n.Rhs[0]
				}
			}
		}
		if !found || h.Op == httpmodel.HeaderDel || h.Op.IsRead() {
			return true
		}
		if sel, isSel := ast.Unparen(h.Header).(*ast.SelectorExpr); isSel && req != nil && varOf(info, sel.X) != req {
			return true
		}
		if h.Name == "" || lc.c.keys.Has(h.Name) {
			value, ok = h.Value, true
		}
		return true
	})
	return value, ok
}

func varOf(info *types.Info, e ast.Expr) *types.Var {
	if id, ok := ast.Unparen(e).(*ast.Ident); ok {
		v, _ := info.ObjectOf(id).(*types.Var)
		return v
	}
	return nil
}

// retryableDo: client.Do(req) with req from retryablehttp.NewRequest.
func (lc *libCheck) retryableDo() {
	info := lc.c.pass.TypesInfo
	e := lc.e
	if len(e.Call.Args) != 1 || e.Recv == nil || lc.scope.Body == nil {
		return
	}
	cl := retrylib.RetryableClient(lc.scope, e.Recv)
	if (!cl.Known || !cl.Retries || !cl.DefaultPolicy) && !lc.via {
		if !cl.Known {
			analysisutil.Gate(lc.c.pass, e.Call.Pos(), "lib-retryable-client-unknown", "retryablehttp Client.Do on a client whose configuration is not known")
		}
		return
	}
	req := varOf(info, e.Call.Args[0])
	if req == nil {
		analysisutil.Gate(lc.c.pass, e.Call.Pos(), "lib-retryable-req-unknown", "retryablehttp Client.Do of a request that is not a variable")
		return
	}
	nr := lc.builtBy(req, e.Call.Args[0])
	if nr == nil {
		analysisutil.Gate(lc.c.pass, e.Call.Pos(), "lib-retryable-req-unknown", "retryablehttp Client.Do of a request not built here")
		return
	}
	idx := 0
	if len(nr.Args) == 4 {
		idx = 1
	}
	method, known := httpmodel.ConstString(info, nr.Args[idx])
	if !known {
		analysisutil.Gate(lc.c.pass, e.Call.Pos(), "lib-retryable-method-unknown", "retryablehttp Client.Do of a request whose method is not a constant")
	}
	if !known || !isWrite(method) {
		return
	}
	if _, ok := lc.keyed(lc.scope.Body, req); ok {
		return
	}
	policy := "default CheckRetry retries transport errors and 5xx"
	if !cl.Known || !cl.DefaultPolicy {
		policy = "its CheckRetry retries transport errors or 5xx"
	}
	lc.keyBeforeSend(ast.Unparen(e.Call.Args[0]).(*ast.Ident).Name,
		fmt.Sprintf("%s is sent through a retrying retryablehttp.Client (RetryMax > 0, %s) without an idempotency key (the write may be applied twice)", method, policy))
}

// keyBeforeSend reports the send with msg, and a fix that sets a key made
// once on the request reqName before the statement of the send: the
// library re-sends that request, headers included, on every attempt.
func (lc *libCheck) keyBeforeSend(reqName, msg string) {
	info := lc.c.pass.TypesInfo
	stmt, _ := fixes.StmtInBlock(lc.stack)
	if stmt == nil {
		return
	}
	src := fixes.Source(lc.c.pass, stmt.Pos())
	indent := fixes.Indent(lc.c.pass.Fset, src, stmt.Pos())
	key := fixes.FreeName(info, lc.file, "idempotencyKey", nil, stmt.Pos())
	gen, edits, ok := lc.c.keyGen(lc.file, stmt.Pos(), key, indent)
	if !ok {
		return
	}
	text := gen + fmt.Sprintf("%s%s.Header.Set(%q, %s)\n", indent, reqName, lc.c.first, key)
	lineStart := lc.c.pass.Fset.File(stmt.Pos()).LineStart(lc.c.pass.Fset.Position(stmt.Pos()).Line)
	edits = append(edits, analysis.TextEdit{Pos: lineStart, End: lineStart, NewText: []byte(text)})
	lc.report(lc.e.Call.Fun, msg, "Set an idempotency key made once on the request", edits)
}

// failsafeDo: failsafehttp.NewRequest(req, client, policies...).Do() with
// req a POST or PATCH made in the function and a retry policy that
// handles transport errors (internal/retrylib, FailsafeRequest).
func (lc *libCheck) failsafeDo() {
	info := lc.c.pass.TypesInfo
	if lc.scope.Body == nil {
		return
	}
	reqExpr, cfg := retrylib.FailsafeRequest(lc.scope, lc.e.Recv)
	if reqExpr == nil || !cfg.Known || !cfg.Retry || !cfg.RetriesErrors {
		return
	}
	id, ok := ast.Unparen(reqExpr).(*ast.Ident)
	req := varOf(info, reqExpr)
	if !ok || req == nil {
		return
	}
	var method string
	n := 0
	ast.Inspect(lc.scope.Body, func(nd ast.Node) bool {
		if as, ok := nd.(*ast.AssignStmt); ok && len(as.Lhs) >= 1 && len(as.Rhs) == 1 && varOf(info, as.Lhs[0]) == req {
			n++
			if call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr); ok {
				if m, known, ok := httpmodel.NewRequestMethod(info, call); ok && known {
					method = m
				}
			}
		}
		return true
	})
	if n != 1 || !isWrite(method) {
		return
	}
	if _, ok := lc.keyed(lc.scope.Body, req); ok {
		return
	}
	lc.keyBeforeSend(id.Name,
		fmt.Sprintf("%s is sent by failsafehttp.Request.Do under a retry policy that retries transport errors, without an idempotency key (the write may be applied twice)", method))
}

// builtBy returns the retryablehttp.NewRequest(WithContext) call that
// makes the request variable req of the function, seen directly (inside
// go-retryablehttp itself, where NewRequest is a function of the package
// that TraceValue would follow) or traced back through variables.
func (lc *libCheck) builtBy(req *types.Var, arg ast.Expr) *ast.CallExpr {
	info := lc.c.pass.TypesInfo
	isNew := func(e ast.Expr) *ast.CallExpr {
		nr, ok := ast.Unparen(e).(*ast.CallExpr)
		if ok && retrylib.IsFunc(info, nr, retrylib.RetryableHTTP, "", "NewRequest", "NewRequestWithContext") && (len(nr.Args) == 3 || len(nr.Args) == 4) {
			return nr
		}
		return nil
	}
	var direct []ast.Expr
	ast.Inspect(lc.scope.Body, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok && len(as.Lhs) >= 1 && varOf(info, as.Lhs[0]) == req && len(as.Rhs) >= 1 {
			direct = append(direct, as.Rhs[0])
		}
		return true
	})
	if len(direct) == 1 {
		if nr := isNew(direct[0]); nr != nil {
			return nr
		}
	}
	t := retrylib.TraceValue(lc.scope, arg)
	if !t.Known || len(t.Roots) != 1 {
		return nil
	}
	return isNew(t.Roots[0])
}

// resty: client.R()....Post(url) with SetRetryCount above 0.
func (lc *libCheck) resty() {
	info := lc.c.pass.TypesInfo
	e := lc.e
	method := e.Method
	if method == "" && e.Recv != nil {
		lc.restyAnyMethod()
		return
	}
	if !isWrite(method) || e.Recv == nil {
		return
	}
	cfg := retrylib.Resty(lc.scope, e.Recv, func(string) bool { return false })
	if !cfg.Retries(method) {
		return
	}
	if retrylib.KeyHeaderOnChain(lc.scope, e.Recv, lc.c.keys.Has) {
		return
	}
	sel, ok := ast.Unparen(e.Call.Fun).(*ast.SelectorExpr)
	if !ok {
		return
	}
	if v := info.FileVersions[lc.file]; v != "" && !versionAtLeast(v, 24) {
		return // crypto/rand.Text, the key of the fix, needs Go 1.24
	}
	randName, edits, ok := fixes.Import(info, lc.c.pass.Pkg, lc.file, "crypto/rand", e.Call.Pos())
	if !ok {
		return
	}
	edits = append(edits, analysis.TextEdit{Pos: sel.Sel.Pos(), End: sel.Sel.Pos(), NewText: fmt.Appendf(nil, "SetHeader(%q, %s.Text()).", lc.c.first, randName)})
	how := "SetRetryCount"
	if cfg.AllowNonIdempotent {
		how = "SetRetryCount and SetRetryAllowNonIdempotent"
	}
	lc.report(sel.Sel,
		fmt.Sprintf("%s is sent through a resty client with %s, which retries it after a transport error, without an idempotency key (the write may be applied twice)", method, how),
		"Set an idempotency key on the request, made once for all its attempts", edits)
}

// checkFailsafeClients reports the requests sent through an http.Client
// whose Transport is a failsafe-go round tripper with a retry policy that
// retries transport errors (retrylib.FailsafeClients: the round tripper
// followed to its clients and their sends as a go-retryablehttp client
// is), when the request may be a POST or PATCH and no function on its way
// sets a key. The round tripper re-sends the request it was given, headers
// included (failsafehttp/client.go:77-79, 107-157), so a key set on it
// before the send is one key for every attempt. Fix, before the send: a
// key made once and set on the request; when the request is not a
// constant write built by the sending function (a helper that sends
// requests of any method), only for a POST or PATCH that has none.
// Post and PostForm (no request to key) are not judged.
func (c *checker) checkFailsafeClients() {
	pass := c.pass
	info := pass.TypesInfo
	ix := retrylib.NewValues(info, pass.Files)
	keyed := map[ast.Node]bool{}
	for _, fc := range ix.FailsafeClients() {
		if !fc.Config.Known || !fc.Config.Retry || !fc.Config.RetriesErrors {
			continue
		}
		for _, s := range fc.Sends {
			if s.Request == nil {
				continue
			}
			need, local := false, true
			method := "POST or PATCH"
			for _, o := range ix.RequestOrigins(s.Request, s.Func) {
				if c.keyOnPath(o.Funcs, keyed) {
					continue
				}
				need = true
				if !o.Write || len(o.Funcs) != 1 {
					local = false
				} else if call, ok := o.At.(*ast.CallExpr); ok {
					if m, known, ok := httpmodel.NewRequestMethod(info, call); ok && known {
						method = m
					}
				}
			}
			if need {
				c.reportFailsafeSend(s, local, method)
			}
		}
	}
}

func (c *checker) reportFailsafeSend(s retrylib.ClientSend, local bool, method string) {
	pass := c.pass
	info := pass.TypesInfo
	file := fixes.FileOf(pass, s.Call.Pos())
	req := ast.Unparen(s.Request)
	if file == nil || !fixes.Pure(info, req) {
		return
	}
	stmt := fixes.StmtOf(file, s.Call)
	if stmt == nil {
		return
	}
	src := fixes.Source(pass, stmt.Pos())
	indent := fixes.Indent(pass.Fset, src, stmt.Pos())
	reqText := fixes.Text(pass.Fset, src, req)
	key := fixes.FreeName(info, file, "idempotencyKey", nil, stmt.Pos())
	var text string
	var edits []analysis.TextEdit
	if local {
		gen, genEdits, ok := c.keyGen(file, stmt.Pos(), key, indent)
		if !ok {
			return
		}
		edits = genEdits
		text = gen + fmt.Sprintf("%s%s.Header.Set(%q, %s)\n", indent, reqText, c.first, key)
	} else {
		gen, genEdits, ok := c.keyGen(file, stmt.Pos(), key, indent+"\t")
		if !ok {
			return
		}
		httpName, httpEdits, ok := fixes.Import(info, pass.Pkg, file, "net/http", stmt.Pos())
		if !ok {
			return
		}
		edits = append(genEdits, httpEdits...)
		text = fmt.Sprintf("%[1]s// The failsafe transport re-sends this request: one key for its attempts.\n%[1]sif (%[2]s.Method == %[3]s.MethodPost || %[2]s.Method == %[3]s.MethodPatch) && %[2]s.Header.Get(%[4]q) == \"\" {\n%[5]s%[1]s\t%[2]s.Header.Set(%[4]q, %[6]s)\n%[1]s}\n",
			indent, reqText, httpName, c.first, gen, key)
	}
	line := pass.Fset.File(stmt.Pos()).LineStart(pass.Fset.Position(stmt.Pos()).Line)
	edits = append(edits, analysis.TextEdit{Pos: line, End: line, NewText: []byte(text)})
	pass.Report(analysis.Diagnostic{
		Pos:     s.Call.Fun.Pos(),
		End:     s.Call.Fun.End(),
		Message: fmt.Sprintf("%s is sent through an http.Client whose Transport is a failsafehttp round tripper with a retry policy that retries transport errors, without an idempotency key (the write may be applied twice)", method),
		SuggestedFixes: []analysis.SuggestedFix{{
			Message:   "Set an idempotency key made once on the request",
			TextEdits: edits,
		}},
	})
}

// restyAnyMethod: request.Execute(method, url) through a retrying resty
// client, where method is the caller's (an SDK's do(ctx, method, path,
// body)): a POST or PATCH handed in is retried as any other, with no key.
// The fix takes the request out of the chain and sets a key made once on
// it when the method is POST or PATCH; resty re-sends the same request,
// headers included, on every attempt, and any other method is sent as
// before.
func (lc *libCheck) restyAnyMethod() {
	pass := lc.c.pass
	info := pass.TypesInfo
	e := lc.e
	if len(e.Call.Args) == 0 {
		return
	}
	m := e.Call.Args[0]
	fn, _ := fixes.EnclosingFunc(lc.stack)
	if fn == nil || !lc.c.callersMethod(fn, m) || !fixes.Pure(info, m) {
		return
	}
	cfg := retrylib.Resty(lc.scope, e.Recv, func(string) bool { return false })
	if !cfg.Retries(http.MethodPost) || retrylib.KeyHeaderOnChain(lc.scope, e.Recv, lc.c.keys.Has) {
		return
	}
	if fd, ok := fn.(*ast.FuncDecl); ok {
		// The helper sends writes another way (if method == "POST"
		// {...; return}), or every call in the package hands it a
		// method that is not a write.
		if lc.c.sendsNoWriteAt(fd, e.Call, m) {
			return
		}
		if v := varOf(info, m); v != nil {
			if consts, ok := lc.c.paramConsts(fd, v); ok && !slices.ContainsFunc(consts, func(k string) bool { return isWrite(strings.ToUpper(k)) }) {
				return
			}
		}
	}
	if v := info.FileVersions[lc.file]; v != "" && !versionAtLeast(v, 24) {
		return // crypto/rand.Text, the key of the fix, needs Go 1.24
	}
	stmt, _ := fixes.StmtInBlock(lc.stack)
	if stmt == nil || !sendsFirst(stmt, e.Call) {
		analysisutil.Gate(pass, e.Call.Pos(), "resty-anymethod-nofix", "a request of its caller's method sent through a retrying resty client, in a statement the request cannot be taken out of")
		return
	}
	src := fixes.Source(pass, stmt.Pos())
	if src == nil {
		return
	}
	names, edits, ok := fixes.ImportAll(info, pass.Pkg, lc.file, stmt.Pos(), "crypto/rand", "net/http")
	if !ok {
		return
	}
	indent := fixes.Indent(pass.Fset, src, stmt.Pos())
	req := fixes.FreeName(info, lc.file, "req", nil, stmt.Pos())
	method := fixes.Text(pass.Fset, src, m)
	text := fmt.Sprintf("%[1]s%[2]s := %[3]s\n%[1]s// The client retries this request: one key for all its attempts.\n%[1]sif %[4]s {\n%[1]s\t%[2]s.SetHeader(%[5]q, %[6]s.Text())\n%[1]s}\n",
		indent, req, fixes.Text(pass.Fset, src, e.Recv), writeMethodCond(method, names["net/http"]), lc.c.first, names["crypto/rand"])
	line := pass.Fset.File(stmt.Pos()).LineStart(pass.Fset.Position(stmt.Pos()).Line)
	edits = append(edits,
		analysis.TextEdit{Pos: line, End: line, NewText: []byte(text)},
		analysis.TextEdit{Pos: e.Recv.Pos(), End: e.Recv.End(), NewText: []byte(req)})
	sel, ok := ast.Unparen(e.Call.Fun).(*ast.SelectorExpr)
	if !ok {
		return
	}
	lc.report(sel.Sel,
		fmt.Sprintf("a request of its caller's method (%s) is sent through a resty client with SetRetryCount, which retries it after a transport error, without an idempotency key (a POST or PATCH may be applied twice)", method),
		"Set an idempotency key, made once for all its attempts, on a POST or PATCH", edits)
}

// sendsFirst reports whether call is what stmt evaluates first, so that
// its receiver can be evaluated in a statement of its own before stmt:
// stmt is the call, returns it, assigns it to variables, or is an if or
// switch whose init does so.
func sendsFirst(stmt ast.Stmt, call *ast.CallExpr) bool {
	switch s := stmt.(type) {
	case *ast.ExprStmt:
		return ast.Unparen(s.X) == call
	case *ast.ReturnStmt:
		return len(s.Results) == 1 && ast.Unparen(s.Results[0]) == call
	case *ast.AssignStmt:
		if len(s.Rhs) != 1 || ast.Unparen(s.Rhs[0]) != call {
			return false
		}
		for _, l := range s.Lhs {
			if _, ok := l.(*ast.Ident); !ok {
				return false
			}
		}
		return true
	case *ast.IfStmt:
		return s.Init != nil && sendsFirst(s.Init, call)
	case *ast.SwitchStmt:
		return s.Init != nil && sendsFirst(s.Init, call)
	}
	return false
}
