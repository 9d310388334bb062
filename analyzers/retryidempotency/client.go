package retryidempotency

// This file holds the check of go-retryablehttp clients that a package
// configures and sends through (internal/retrylib's RetryingClient): a
// client that retries unknown outcomes (RetryMax above 0, a CheckRetry that
// returns true on a transport error or a 5xx) and re-sends requests whose
// method the sending code does not fix, with no idempotency key. It is
// reported where the client is made, where the fix goes: a CheckRetry
// wrapper that stops the retry of a request that is not replayable after
// an unknown outcome.

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
	"github.com/retrylint/retrylint/internal/fixes"
	"github.com/retrylint/retrylint/internal/httpmodel"
	"github.com/retrylint/retrylint/internal/retrylib"
)

// retryingSends returns the sends through the go-retryablehttp clients of
// the package that retry unknown outcomes, and reports the clients that
// re-send requests of any method.
func (c *checker) checkClients(keys []string) map[*ast.CallExpr]bool {
	pass := c.pass
	azure := retrylib.Imports(pass.Pkg, retrylib.AzcoreRuntime)
	ctors := c.loops.Ctors()
	if pass.Pkg.Path() != retrylib.RetryableHTTP && !retrylib.Imports(pass.Pkg, retrylib.RetryableHTTP) && !azure && ctors == nil {
		return nil
	}
	ix := retrylib.NewValues(pass.TypesInfo, pass.Files)
	ix.Ctors = ctors
	if azure {
		c.checkPipelines(ix, keys)
	}
	via := map[*ast.CallExpr]bool{}
	keyed := map[ast.Node]bool{}
	for _, rc := range ix.RetryingClients() {
		if !rc.Retries || !rc.Policy.Unknown() || rc.PrepareRetry {
			if rc.Retries && rc.Policy.Unknown() {
				analysisutil.Gate(c.pass, rc.Made.Pos(), "client-prepare-retry", "a retrying client with a PrepareRetry hook")
			}
			continue
		}
		var anySend *retrylib.ClientSend
		var anyAt ast.Node
		for i, s := range rc.Sends {
			via[s.Call] = true
			if s.Request == nil {
				if anySend == nil {
					anySend, anyAt = &rc.Sends[i], s.Call
				}
				continue
			}
			for _, o := range ix.RequestOrigins(s.Request, s.Func) {
				// A constant write built by the function that sends it is
				// reported at the send, where its key goes (retryableDo).
				if o.Write && !s.Standard && len(o.Funcs) == 1 {
					continue
				}
				if c.keyOnPath(o.Funcs, keyed) {
					continue
				}
				if anySend == nil {
					anySend, anyAt = &rc.Sends[i], o.At
				}
			}
		}
		if anySend == nil {
			continue
		}
		c.reportClient(rc, anySend, anyAt, keys)
	}
	return via
}

// keyOnPath reports whether one of the functions funcs sets a configured
// key header (a constant name) on a request: the request that passes
// through them may carry one. keyed caches the answer per function.
func (c *checker) keyOnPath(funcs []ast.Node, keyed map[ast.Node]bool) bool {
	for _, fn := range funcs {
		if fn == nil {
			continue
		}
		k, ok := keyed[fn]
		if !ok {
			k = c.setsKey(fn)
			keyed[fn] = k
		}
		if k {
			return true
		}
	}
	return false
}

func (c *checker) setsKey(fn ast.Node) bool {
	return c.setsKeyWhere(fn, func(ast.Expr) bool { return true })
}

// setsKeyWhere reports whether fn sets an idempotency key header on a
// header for which on holds (Set, Add, or an index assignment).
func (c *checker) setsKeyWhere(fn ast.Node, on func(header ast.Expr) bool) bool {
	info := c.pass.TypesInfo
	found := false
	ast.Inspect(fn, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.CallExpr:
			if h, ok := httpmodel.HeaderCall(info, n); ok && !h.Op.IsRead() && h.Op != httpmodel.HeaderDel && h.Name != "" && c.keys.Has(h.Name) && on(h.Header) {
				found = true
			}
		case *ast.AssignStmt:
			if len(n.Lhs) == 1 {
				if ix, ok := n.Lhs[0].(*ast.IndexExpr); ok {
					if h, ok := httpmodel.HeaderIndexExpr(info, ix); ok && h.Name != "" && c.keys.Has(h.Name) && on(h.Header) {
						found = true
					}
				}
			}
		}
		return !found
	})
	return found
}

// reportClient reports the client rc at the expression that makes it,
// with a fix that wraps its CheckRetry: a request that is neither
// idempotent nor keyed is not retried after an unknown outcome, and every
// other retry the policy asks for is kept. (A PrepareRetry hook sees only
// the request, not the outcome, so it would stop a write's retry after a
// 429 or 503 too.) CheckRetry gets the response, whose Request holds the
// method and headers, or the transport error, a *url.Error whose Op is
// the method (net/http client.go urlErrorOp): after a transport error the
// headers are not known, and a keyed write is not retried either.
func (c *checker) reportClient(rc *retrylib.RetryingClient, s *retrylib.ClientSend, at ast.Node, keys []string) {
	pass := c.pass
	info := pass.TypesInfo
	file := fixes.FileOf(pass, rc.Made.Pos())
	if file == nil {
		return
	}
	holder, stmt := c.madeHolder(file, rc.Made)
	var hoist *ast.CallExpr // the StandardClient() called on the client as it is made
	if holder == "" {
		hoist, stmt = c.madeForStandard(file, rc.Made)
		if hoist == nil {
			return
		}
		holder = fixes.FreeName(info, file, "retryClient", nil, stmt.Pos())
	}
	stmt = wrapAfter(info, pass.Files, file, stmt, rc.CheckRetries)
	if stmt == nil {
		return
	}
	src := fixes.Source(pass, stmt.Pos())
	if src == nil {
		return
	}
	indent := fixes.Indent(pass.Fset, src, stmt.Pos())
	pos := stmt.End()
	var edits []analysis.TextEdit
	names := map[string]string{}
	for _, path := range []string{"context", "fmt", "net/http", "net/url", "strings"} {
		name, e, ok := fixes.Import(info, pass.Pkg, file, path, pos)
		if !ok && path == "net/url" {
			name, e, ok = fixes.ImportAs(info, pass.Pkg, file, path, "neturl", pos)
		}
		if !ok {
			return
		}
		names[path] = name
		edits = append(edits, e...)
	}
	edits = fixes.Coalesce(edits)
	saved := fixes.FreeName(info, file, "checkRetry", nil, pos)
	var keyed []string
	for _, k := range keys {
		keyed = append(keyed, fmt.Sprintf("resp.Request.Header.Get(%q) != \"\"", http.CanonicalHeaderKey(k)))
	}
	text := fmt.Sprintf(`
%[1]s%[3]s := %[2]s.CheckRetry
%[1]s%[2]s.CheckRetry = func(ctx %[4]s.Context, resp *%[5]s.Response, err error) (bool, error) {
%[1]s	retry, checkErr := %[3]s(ctx, resp, err)
%[1]s	if !retry {
%[1]s		return retry, checkErr
%[1]s	}
%[1]s	// A transport error or a 5xx other than 503 leaves the outcome
%[1]s	// unknown: retry it only for a request that is safe to apply twice
%[1]s	// or keyed (after a transport error only the method is known).
%[1]s	method := ""
%[1]s	if uerr, ok := err.(*%[6]s.Error); ok && resp == nil {
%[1]s		method = %[7]s.ToUpper(uerr.Op)
%[1]s	} else if resp != nil && resp.Request != nil && resp.StatusCode >= 500 && resp.StatusCode != %[5]s.StatusServiceUnavailable {
%[1]s		method = resp.Request.Method
%[1]s		if %[8]s {
%[1]s			method = "" // keyed
%[1]s		}
%[1]s	}
%[1]s	switch method {
%[1]s	case "", %[5]s.MethodGet, %[5]s.MethodHead, %[5]s.MethodOptions, %[5]s.MethodTrace, %[5]s.MethodPut, %[5]s.MethodDelete:
%[1]s		return retry, checkErr
%[1]s	}
%[1]s	if err == nil {
%[1]s		err = %[9]s.Errorf("unexpected HTTP status %%s", resp.Status)
%[1]s	}
%[1]s	return false, %[9]s.Errorf("%%s is not retried after an unknown outcome: it may have been applied: %%w", method, err)
%[1]s}`, indent, holder, saved, names["context"], names["net/http"], names["net/url"], names["strings"], strings.Join(keyed, " || "), names["fmt"])
	if hoist != nil {
		// retryablehttp.NewClient().StandardClient(): keep the client in a
		// variable, set its hook, and take the *http.Client from it.
		lineStart := pass.Fset.File(stmt.Pos()).LineStart(pass.Fset.Position(stmt.Pos()).Line)
		made := fixes.Text(pass.Fset, src, rc.Made)
		edits = append(edits,
			analysis.TextEdit{Pos: lineStart, End: lineStart, NewText: fmt.Appendf(nil, "%s%s := %s%s\n", indent, holder, made, text)},
			analysis.TextEdit{Pos: rc.Made.Pos(), End: rc.Made.End(), NewText: []byte(holder)})
	} else {
		end := fixes.LineEnd(pass.Fset, src, stmt.End())
		edits = append(edits, analysis.TextEdit{Pos: end, End: end, NewText: []byte(text)})
	}
	what := "transport errors and 5xx"
	switch {
	case rc.Policy.Errors && !rc.Policy.ServerErrors:
		what = "transport errors"
	case !rc.Policy.Errors:
		what = "5xx responses"
	}
	policy := "the default CheckRetry"
	if rc.PolicyAt != nil {
		policy = "its CheckRetry"
		if rc.Policy.Flag {
			policy += " (when its setting allows)"
		}
	}
	kind := "requests of any method"
	if s.Request == nil {
		kind = "POST requests"
	}
	d := analysis.Diagnostic{
		Pos: rc.Made.Pos(),
		End: rc.Made.End(),
		Message: fmt.Sprintf("retryablehttp.Client retries %s with %s, whatever the method, and %s are sent through it without an idempotency key (a POST or PATCH may be applied twice)",
			what, policy, kind),
		SuggestedFixes: []analysis.SuggestedFix{{Message: "Retry a request that is neither idempotent nor keyed only after a definite rejection (CheckRetry)", TextEdits: edits}},
	}
	if at != nil {
		d.Related = []analysis.RelatedInformation{{Pos: at.Pos(), End: at.End(), Message: "a request sent through the client"}}
	}
	if rc.PolicyAt != nil {
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: rc.PolicyAt.Pos(), End: rc.PolicyAt.End(), Message: "the CheckRetry that retries it"})
	}
	pass.Report(d)
}

// wrapAfter returns the statement after which the fix wraps the client's
// CheckRetry: stmt, which makes the client, or the last statement of the
// same block after it that sets a CheckRetry of sets, itself or through
// a call of a function of the file that sets it (setRetryPolicy(c, cfg)).
// It returns nil when one of sets is elsewhere (a setter called from
// another place, another function), where it could replace the wrapper.
func wrapAfter(info *types.Info, files []*ast.File, file *ast.File, stmt ast.Stmt, sets []ast.Expr) ast.Stmt {
	var list []ast.Stmt
	ast.Inspect(file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BlockStmt:
			if slices.Contains(n.List, stmt) {
				list = n.List
			}
		case *ast.CaseClause:
			if slices.Contains(n.Body, stmt) {
				list = n.Body
			}
		case *ast.CommClause:
			if slices.Contains(n.Body, stmt) {
				list = n.Body
			}
		}
		return list == nil
	})
	i := slices.Index(list, stmt)
	if i < 0 {
		return nil
	}
	after := stmt
	for _, v := range sets {
		j := slices.IndexFunc(list[i:], func(s ast.Stmt) bool { return s.Pos() <= v.Pos() && v.End() <= s.End() })
		if j < 0 {
			j = slices.IndexFunc(list[i:], func(s ast.Stmt) bool { return callsSetter(info, files, file, s, v) })
		}
		if j < 0 {
			return nil
		}
		if s := list[i+j]; s.Pos() > after.Pos() {
			after = s
		}
	}
	return after
}

// callsSetter reports whether s is a call statement of a function
// declared in file whose body holds the CheckRetry set v, and the only
// call of it in the package (another could replace the wrapper).
func callsSetter(info *types.Info, files []*ast.File, file *ast.File, s ast.Stmt, v ast.Expr) bool {
	es, ok := s.(*ast.ExprStmt)
	if !ok {
		return false
	}
	call, ok := ast.Unparen(es.X).(*ast.CallExpr)
	if !ok {
		return false
	}
	fn := httpmodel.Callee(info, call)
	if fn == nil {
		return false
	}
	for _, d := range file.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil && info.Defs[fd.Name] == fn {
			if v.Pos() < fd.Body.Pos() || fd.Body.End() < v.End() {
				return false
			}
			calls := 0
			for _, f := range files {
				ast.Inspect(f, func(n ast.Node) bool {
					if c, ok := n.(*ast.CallExpr); ok && httpmodel.Callee(info, c) == fn {
						calls++
					}
					return true
				})
			}
			return calls == 1
		}
	}
	return false
}

// madeForStandard returns the StandardClient() call made directly on the
// client made by made (retryablehttp.NewClient().StandardClient(), the
// client used only through the *http.Client it returns, client.go:920),
// and the statement of a block that holds it.
func (c *checker) madeForStandard(file *ast.File, made ast.Expr) (*ast.CallExpr, ast.Stmt) {
	var stack []ast.Node
	ast.PreorderStack(file, nil, func(n ast.Node, st []ast.Node) bool {
		if stack != nil || n.Pos() > made.Pos() || n.End() < made.End() {
			return false
		}
		if n == made {
			stack = append(append([]ast.Node(nil), st...), n)
			return false
		}
		return true
	})
	i := len(stack) - 2
	for i >= 0 {
		if _, ok := stack[i].(*ast.ParenExpr); !ok {
			break
		}
		i--
	}
	if i < 1 {
		return nil, nil
	}
	sel, ok := stack[i].(*ast.SelectorExpr)
	call, ok2 := stack[i-1].(*ast.CallExpr)
	if !ok || !ok2 || call.Fun != sel || !retrylib.IsFunc(c.pass.TypesInfo, call, retrylib.RetryableHTTP, "Client", "StandardClient") {
		return nil, nil
	}
	stmt, _ := fixes.StmtInBlock(stack[:i])
	if stmt == nil {
		return nil, nil
	}
	return call, stmt
}

// madeHolder returns the text of the location the statement that makes
// the client stores it in (c in c := NewClient(), s.client in
// s := &S{client: NewClient()}), and that statement, when it is a
// statement of a block.
func (c *checker) madeHolder(file *ast.File, made ast.Expr) (string, ast.Stmt) {
	info := c.pass.TypesInfo
	var stack []ast.Node
	ast.PreorderStack(file, nil, func(n ast.Node, st []ast.Node) bool {
		if stack != nil || n.Pos() > made.Pos() || n.End() < made.End() {
			return false
		}
		if n == made {
			stack = append(append([]ast.Node(nil), st...), n)
			return false
		}
		return true
	})
	if stack == nil {
		return "", nil
	}
	// Climb from the client to the assignment: through & and a field of
	// a struct literal.
	var field string
	var e ast.Expr = made
	i := len(stack) - 2
	for ; i >= 0; i-- {
		switch p := stack[i].(type) {
		case *ast.UnaryExpr:
			if p.Op != token.AND {
				return "", nil
			}
			e = p
			continue
		case *ast.ParenExpr:
			e = p
			continue
		case *ast.KeyValueExpr:
			if field != "" || p.Value != e {
				return "", nil
			}
			id, ok := p.Key.(*ast.Ident)
			if !ok {
				return "", nil
			}
			field = id.Name
			continue
		case *ast.CompositeLit:
			if field == "" {
				return "", nil
			}
			e = p
			continue
		}
		break
	}
	if i < 0 {
		return "", nil
	}
	var lhs ast.Expr
	var stmt ast.Stmt
	switch p := stack[i].(type) {
	case *ast.AssignStmt:
		if len(p.Lhs) == len(p.Rhs) {
			for j, r := range p.Rhs {
				if r == e {
					lhs = p.Lhs[j]
				}
			}
		}
		stmt = p
	case *ast.ValueSpec:
		if len(p.Names) == len(p.Values) {
			for j, v := range p.Values {
				if v == e {
					lhs = p.Names[j]
				}
			}
		}
		if i > 0 {
			stmt, _ = stack[i-1].(*ast.DeclStmt)
		}
		i--
	}
	if lhs == nil || stmt == nil || !fixes.Pure(info, lhs) {
		return "", nil
	}
	if id, ok := lhs.(*ast.Ident); ok && id.Name == "_" {
		return "", nil
	}
	inBlock, _ := fixes.StmtInBlock(stack[:i+1])
	if inBlock != stmt {
		return "", nil
	}
	text := fixes.Text(c.pass.Fset, fixes.Source(c.pass, lhs.Pos()), lhs)
	if field != "" {
		text += "." + field
	}
	return text, stmt
}

// checkRestyConditions reports the retry conditions of the package's
// retrying resty clients that retry a transport error whatever the
// request's method, when the package sends a POST or PATCH through resty
// with no idempotency key: resty retries the attempt when a condition
// returns true (retry.go:124-132), and hands the condition the response,
// whose Request is set even after a transport error (client.go:1253-1256).
// The fix makes the condition refuse, after a transport error only, a
// request that is not replayable: a response (a 429, a 503) is judged by
// the condition as before.
func (c *checker) checkRestyConditions(keys []string) {
	pass := c.pass
	if !retrylib.Imports(pass.Pkg, retrylib.RestyV2) {
		return
	}
	info := pass.TypesInfo
	if c.restyMiddlewareKeys() {
		// A middleware keys every request of the package's clients
		// (restymw.go): its own finding, if any, is at the middleware.
		return
	}
	ix := retrylib.NewValues(info, pass.Files)
	// A write sent through resty by a function that sets no key on it.
	var write ast.Node
	keyed := map[ast.Node]bool{}
	for _, ca := range ix.Calls() {
		call := ca.Call
		fn := httpmodel.Callee(info, call)
		if f := c.restyParams.Lookup(fn); f != nil && f.Param < len(call.Args) {
			// A function, of this package or another, that sends a
			// write with no key through the client it is handed: one
			// of this package's clients with retry conditions.
			s := retrylib.Scope{Info: info, Files: pass.Files}
			if fd, ok := ca.Func.(*ast.FuncDecl); ok {
				s.Body = fd.Body
			}
			if cfg := retrylib.Resty(s, call.Args[f.Param], func(string) bool { return false }); cfg.RetriesMethod(f.Method) && cfg.RetryConditions {
				write = call
				break
			}
			continue
		}
		isWriteSend := httpmodel.IsMethod(fn, retrylib.RestyV2, "Request", "Post", "Patch")
		if httpmodel.IsMethod(fn, retrylib.RestyV2, "Request", "Execute") && len(call.Args) == 2 {
			m, ok := httpmodel.ConstString(info, call.Args[0])
			isWriteSend = !ok || isWrite(m)
		}
		if !isWriteSend || ca.Func == nil {
			continue
		}
		k, ok := keyed[ca.Func]
		if !ok {
			k = c.restyKeyIn(ca.Func)
			keyed[ca.Func] = k
		}
		if !k {
			write = call
			break
		}
	}
	if write == nil {
		return
	}
	for _, cond := range ix.RestyConditions() {
		if !cond.Policy.Known || !cond.Policy.Errors || cond.Policy.MethodAware {
			continue
		}
		c.reportCondition(cond, write, keys)
	}
}

// restyKeyIn reports whether fn sets a key header on a resty request or
// client (SetHeader of a configured key, or of a name that is not a
// constant; SetHeaders, whose map is not followed).
func (c *checker) restyKeyIn(fn ast.Node) bool {
	info := c.pass.TypesInfo
	found := false
	ast.Inspect(fn, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || found {
			return !found
		}
		f := httpmodel.Callee(info, call)
		switch {
		case httpmodel.IsMethod(f, retrylib.RestyV2, "Request", "SetHeader", "SetHeaderVerbatim") && len(call.Args) == 2:
			if name, ok := httpmodel.ConstString(info, call.Args[0]); !ok || c.keys.Has(name) {
				found = true
			}
		case httpmodel.IsMethod(f, retrylib.RestyV2, "Request", "SetHeaders", "SetHeaderMultiValues"):
			found = true
		}
		return !found
	})
	return found
}

func (c *checker) reportCondition(cond retrylib.RestyCondition, write ast.Node, keys []string) {
	pass := c.pass
	info := pass.TypesInfo
	file := fixes.FileOf(pass, cond.Func.Pos())
	if file == nil || len(cond.Body.List) == 0 || cond.Type.Params == nil || len(cond.Type.Params.List) == 0 {
		return
	}
	at := cond.Body.List[0].Pos()
	httpName, edits, ok := fixes.Import(info, pass.Pkg, file, "net/http", at)
	if !ok {
		return
	}
	// The response and error parameters, named if they are not (both, as
	// Go wants all or none named).
	params := cond.Type.Params.List
	if len(params) != 2 || len(params[0].Names) != len(params[1].Names) || len(params[0].Names) > 1 {
		return
	}
	taken := map[string]bool{}
	names := [2]string{}
	for i, want := range []string{"resp", "err"} {
		f := params[i]
		switch {
		case len(f.Names) == 0:
			names[i] = fixes.FreeName(info, file, want, taken, at)
			edits = append(edits, analysis.TextEdit{Pos: f.Type.Pos(), End: f.Type.Pos(), NewText: []byte(names[i] + " ")})
		case f.Names[0].Name == "_":
			names[i] = fixes.FreeName(info, file, want, taken, at)
			edits = append(edits, analysis.TextEdit{Pos: f.Names[0].Pos(), End: f.Names[0].End(), NewText: []byte(names[i])})
		default:
			names[i] = f.Names[0].Name
		}
	}
	resp, errName := names[0], names[1]
	var checks []string
	for _, k := range keys {
		checks = append(checks, fmt.Sprintf("%s.Request.Header.Get(%q) == \"\"", resp, http.CanonicalHeaderKey(k)))
	}
	src := fixes.Source(pass, at)
	indent := fixes.Indent(pass.Fset, src, at)
	text := fmt.Sprintf(`// A transport error leaves the outcome unknown: retry it only for a
%[1]s// request that is safe to apply twice.
%[1]sif %[5]s != nil && %[2]s != nil && %[2]s.Request != nil {
%[1]s	switch %[2]s.Request.Method {
%[1]s	case %[3]s.MethodGet, %[3]s.MethodHead, %[3]s.MethodOptions, %[3]s.MethodTrace, %[3]s.MethodPut, %[3]s.MethodDelete:
%[1]s	default:
%[1]s		if %[4]s {
%[1]s			return false
%[1]s		}
%[1]s	}
%[1]s}
%[1]s`, indent, resp, httpName, strings.Join(checks, " && "), errName)
	edits = append(edits, analysis.TextEdit{Pos: at, End: at, NewText: []byte(text)})
	var node ast.Node = cond.Func
	if fd, ok := cond.Func.(*ast.FuncDecl); ok {
		node = fd.Name
	} else if lit, ok := cond.Func.(*ast.FuncLit); ok {
		node = lit.Type
	}
	pass.Report(analysis.Diagnostic{
		Pos:            node.Pos(),
		End:            node.End(),
		Message:        "resty retry condition retries a transport error (an unknown outcome) whatever the request's method, and POST or PATCH requests are sent through the retrying client without an idempotency key (the write may be applied twice)",
		Related:        []analysis.RelatedInformation{{Pos: write.Pos(), End: write.End(), Message: "a write sent through resty"}},
		SuggestedFixes: []analysis.SuggestedFix{{Message: "Retry a transport error only for a request that is idempotent or carries an idempotency key", TextEdits: edits}},
	})
}

// checkPipelines reports the azcore pipelines of the package whose retry
// policy re-sends requests of any method after a transport error or a
// 5xx, with no idempotency key: at the pipeline, with a fix at the send
// that, for a request that is not replayable, overrides the retry options
// on its context (policy.WithRetryOptions, policy.go:193, read by the
// retry policy in place of the pipeline's, policy_retry.go:111-114) with a
// ShouldRetry that retries only a definite rejection (408, 429, 503) and
// the pipeline's own options when they are constants. (MaxRetries -1, one
// try, would stop the retry after a 429 or 503 too.)
func (c *checker) checkPipelines(ix *retrylib.Values, keys []string) {
	keyed := map[ast.Node]bool{}
	for _, p := range ix.Pipelines() {
		for _, s := range p.Sends {
			if c.callsRetryOptions(s.Func) {
				continue
			}
			for _, o := range ix.RequestOrigins(s.Request, s.Func) {
				if c.keyOnPath(o.Funcs, keyed) {
					continue
				}
				if c.reportPipeline(p, s, keys) {
					break
				}
			}
		}
	}
}

func (c *checker) callsRetryOptions(fn ast.Node) bool {
	found := false
	if fn == nil {
		return false
	}
	ast.Inspect(fn, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && (retrylib.IsFunc(c.pass.TypesInfo, call, "github.com/Azure/azure-sdk-for-go/sdk/azcore/policy", "", "WithRetryOptions") || retrylib.IsFunc(c.pass.TypesInfo, call, retrylib.AzcoreRuntime, "", "WithRetryOptions")) {
			found = true
		}
		return !found
	})
	return found
}

func (c *checker) reportPipeline(p *retrylib.Pipeline, s retrylib.ClientSend, keys []string) bool {
	pass := c.pass
	info := pass.TypesInfo
	file := fixes.FileOf(pass, s.Call.Pos())
	req, ok := ast.Unparen(s.Request).(*ast.Ident)
	if file == nil || !ok || fixes.FileOf(pass, p.Made.Pos()) != file {
		return false
	}
	stmt := fixes.StmtOf(file, s.Call)
	if stmt == nil {
		return false
	}
	src := fixes.Source(pass, stmt.Pos())
	// The per-request options replace the pipeline's (policy_retry.go:
	// 111-114): keep its own, when they are constants that can be written
	// at the send; with other options (a StatusCodes list, which
	// ShouldRetry would replace) there is no fix and no report.
	var fields []string
	if p.Retry != nil {
		for _, el := range p.Retry.Elts {
			kv, ok := el.(*ast.KeyValueExpr)
			if !ok {
				return false
			}
			if tv, ok := info.Types[kv.Value]; !ok || tv.Value == nil || !fixes.VisibleAt(info, file, kv.Value, stmt.Pos()) {
				return false
			}
			fields = append(fields, fixes.Text(pass.Fset, src, kv)+",\n")
		}
	}
	names, edits, ok := fixes.ImportAll(info, pass.Pkg, file, stmt.Pos(), "net/http", retrylib.AzcoreRuntime, "github.com/Azure/azure-sdk-for-go/sdk/azcore/policy")
	if !ok {
		return false
	}
	httpName, policyName := names["net/http"], names["github.com/Azure/azure-sdk-for-go/sdk/azcore/policy"]
	indent := fixes.Indent(pass.Fset, src, stmt.Pos())
	var checks []string
	for _, k := range keys {
		checks = append(checks, fmt.Sprintf("%s.Raw().Header.Get(%q) == \"\"", req.Name, http.CanonicalHeaderKey(k)))
	}
	text := fmt.Sprintf(`// The pipeline retries after a transport error or a 500, 502 or 504,
// whose outcome is unknown: a request that is not safe to apply twice is
// retried only after a definite rejection (408, 429, 503).
switch %[1]s.Raw().Method {
case %[2]s.MethodGet, %[2]s.MethodHead, %[2]s.MethodOptions, %[2]s.MethodTrace, %[2]s.MethodPut, %[2]s.MethodDelete:
default:
	if %[3]s {
		%[1]s = %[1]s.WithContext(%[4]s.WithRetryOptions(%[1]s.Raw().Context(), %[4]s.RetryOptions{
%[6]sShouldRetry: func(resp *%[2]s.Response, err error) bool {
				return err == nil && %[5]s.HasStatusCode(resp, %[2]s.StatusRequestTimeout, %[2]s.StatusTooManyRequests, %[2]s.StatusServiceUnavailable)
			},
		}))
	}
}`, req.Name, httpName, strings.Join(checks, " && "), policyName, names[retrylib.AzcoreRuntime], strings.Join(fields, ""))
	text, ok = fixes.FormatStmts(text, indent)
	if !ok {
		return false
	}
	line := pass.Fset.File(stmt.Pos()).LineStart(pass.Fset.Position(stmt.Pos()).Line)
	edits = append(edits, analysis.TextEdit{Pos: line, End: line, NewText: []byte(indent + text + "\n")})
	pass.Report(analysis.Diagnostic{
		Pos:            p.Made.Pos(),
		End:            p.Made.End(),
		Message:        "azcore pipeline retries transport errors and 500, 502, 504 with its default retry policy, whatever the method, and requests of any method are sent through it without an idempotency key (a POST or PATCH may be applied twice)",
		Related:        []analysis.RelatedInformation{{Pos: s.Call.Pos(), End: s.Call.End(), Message: "a request sent through the pipeline"}},
		SuggestedFixes: []analysis.SuggestedFix{{Message: "Retry a request that is neither idempotent nor keyed only after a definite rejection", TextEdits: edits}},
	})
	return true
}
