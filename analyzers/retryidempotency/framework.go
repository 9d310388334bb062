package retryidempotency

import (
	"fmt"
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/fixes"
	"github.com/retrylint/retrylint/internal/httpmodel"
	"github.com/retrylint/retrylint/internal/paths"
	"github.com/retrylint/retrylint/internal/retryloop"
)

// checkFrameworks reports the writes of the package's implementations of
// an interface method that a framework it imports retries (see
// retryloop.RetriedImpl): the implementation says, by what it returns,
// whether the framework calls it again, so a POST it sends and answers
// with "retry" after an unknown outcome is sent twice.
func (c *checker) checkFrameworks() {
	for _, impl := range c.loops.RetriedImpls() {
		c.checkRetriedImpl(impl)
	}
}

// checkRetriedImpl reports the first write of impl that an unknown
// outcome answers with a return that asks for another attempt, with a
// fix that answers it with the framework's stop instead (the result
// notify.Unrecoverable(err, reason) for notify.Retry(after, err,
// reason); false for a retry flag).
func (c *checker) checkRetriedImpl(impl *retryloop.RetriedImpl) {
	fd := impl.Decl
	info := c.pass.TypesInfo
	file := fixes.FileOf(c.pass, fd.Pos())
	g := c.loops.Graph(fd)
	if file == nil || g == nil || analysisutil.IsTestFile(c.pass, file) {
		return
	}
	l := &retryloop.Loop{Body: fd.Body, Func: fd}
	var calls []*ast.CallExpr
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if c.loops.SendsCall(n) || c.loops.Sends(c.seamFunc(n)) {
				calls = append(calls, n)
			}
		}
		return true
	})
	for _, call := range calls {
		s, ok := c.sendOf(fd, call)
		if !ok {
			s, ok = c.ifaceWrite(call)
		}
		if !ok || s.anyMethod || !isWrite(s.method) || s.keyed != nil || s.keyedBy != "" || s.helper != nil && s.helper.Keyed {
			continue
		}
		// The returns each outcome reaches that ask for another attempt.
		walk := func(env outcomeEnv) ([]*ast.ReturnStmt, bool) {
			m, as, ok := c.newOutcome(l, s)
			if !ok {
				return nil, false
			}
			m.op, m.env = true, env
			c.fw, c.fwRets = impl, nil
			g.Next(nil, as, m)
			rets := c.fwRets
			c.fw, c.fwRets = nil, nil
			return rets, true
		}
		// A return that a rejection (429, 503) reaches too is the retry
		// of a write the server refused: a fix there would drop it, so
		// only the others are answered, and reported.
		var definite []*ast.ReturnStmt
		for _, st := range []int{429, 503} {
			rets, _ := walk(outcomeEnv{status: st})
			definite = append(definite, rets...)
		}
		var unknown []*ast.ReturnStmt
		outcome := ""
		for _, env := range []outcomeEnv{{transport: true}, {status: 500}, {status: 502}, {status: 504}} {
			rets, ok := walk(env)
			if !ok {
				break
			}
			rets = slices.DeleteFunc(rets, func(st *ast.ReturnStmt) bool { return slices.Contains(definite, st) })
			if len(rets) > 0 && outcome == "" {
				outcome = "a transport error"
				if !env.transport {
					outcome = fmt.Sprintf("status %d", env.status)
				}
			}
			unknown = append(unknown, rets...)
		}
		if outcome == "" {
			continue
		}
		edits, stop, ok := c.frameworkStop(impl, unknown)
		if !ok {
			analysisutil.Gate(c.pass, call.Pos(), "framework-nofix", s.method+" of a method a framework retries, with no stop to answer it with")
			continue
		}
		by := impl.By
		if impl.Method.Pkg() != nil {
			by = impl.Method.Pkg().Name() + "." + by
		}
		what := "a true retry result"
		if impl.Flag == 0 {
			what = "the result " + qualified(info, unknown[0].Results[0])
		}
		c.pass.Report(analysis.Diagnostic{
			Pos: call.Pos(),
			End: call.End(),
			Message: fmt.Sprintf("%s is retried after %s without an idempotency key (%s makes %s call %s again; the write may be applied twice)",
				s.method, outcome, what, by, impl.Method.Name()),
			SuggestedFixes: []analysis.SuggestedFix{{
				Message:   fmt.Sprintf("Answer the unknown outcome with %s: a write that may have been applied is not sent again", stop),
				TextEdits: edits,
			}},
		})
		return
	}
}

// qualified returns the function a result calls, as its caller spells
// it (notify.Retry), or the result itself.
func qualified(info *types.Info, e ast.Expr) string {
	if call, ok := ast.Unparen(e).(*ast.CallExpr); ok {
		return types.ExprString(call.Fun)
	}
	return types.ExprString(e)
}

// frameworkReturn reports whether st, a return of the implementation
// c.fw, asks the framework for another attempt in the outcome m
// simulates: a retry flag that may be true beside an error other than
// nil, or a call of one of the framework's Retry functions. It
// records such a return in c.fwRets and answers false, so that the walk
// goes on to every return that asks.
func (c *checker) frameworkReturn(m *outcome, st *ast.ReturnStmt) bool {
	fw := c.fw
	info := c.pass.TypesInfo
	if fw.Flag > 0 {
		if len(st.Results) < fw.Flag || len(st.Results) < 2 {
			return false
		}
		// The error beside the flag may have been given another value
		// since the send: only a nil one is certainly no failure.
		if m.boolOf(st.Results[fw.Flag-1]) == paths.No || info.Types[st.Results[len(st.Results)-1]].IsNil() {
			return false
		}
	} else {
		if len(st.Results) != 1 {
			return false
		}
		call, ok := ast.Unparen(st.Results[0]).(*ast.CallExpr)
		if !ok {
			return false
		}
		f := httpmodel.Callee(info, call)
		if f == nil || !slices.Contains(fw.Retry, f) {
			return false
		}
	}
	if !slices.Contains(c.fwRets, st) {
		c.fwRets = append(c.fwRets, st)
	}
	return false
}

// frameworkStop returns the edits that make each return of unknown ask
// for no other attempt, and names the stop: false for a retry flag, a
// call of the framework's Stop function made of the Retry call's
// arguments (each of its parameters takes the one argument of its type).
// ok is false when no Stop call can be made.
func (c *checker) frameworkStop(fw *retryloop.RetriedImpl, unknown []*ast.ReturnStmt) (edits []analysis.TextEdit, stop string, ok bool) {
	info := c.pass.TypesInfo
	done := map[*ast.ReturnStmt]bool{}
	for _, st := range unknown {
		if done[st] {
			continue
		}
		done[st] = true
		if fw.Flag > 0 {
			flag := st.Results[fw.Flag-1]
			edits = append(edits, analysis.TextEdit{Pos: flag.Pos(), End: flag.End(), NewText: []byte("false")})
			stop = "false"
			continue
		}
		call := ast.Unparen(st.Results[0]).(*ast.CallExpr)
		sel, isSel := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !isSel || len(fw.Stop) == 0 {
			return nil, "", false
		}
		text, made := stopCall(info, sel, call, fw.Stop, func(n ast.Node) string { return fixes.Text(c.pass.Fset, fixes.Source(c.pass, n.Pos()), n) })
		if !made {
			return nil, "", false
		}
		edits = append(edits, analysis.TextEdit{Pos: call.Pos(), End: call.End(), NewText: []byte(text)})
		stop = types.ExprString(sel.X) + "." + fw.Stop[0].Name()
	}
	return edits, stop, len(edits) > 0
}

// stopCall spells a call of one of stops, the first whose every
// parameter the arguments of call give one value of its type, in the
// package sel qualifies with.
func stopCall(info *types.Info, sel *ast.SelectorExpr, call *ast.CallExpr, stops []*types.Func, text func(ast.Node) string) (string, bool) {
	for _, stop := range stops {
		params := stop.Signature().Params()
		var args []string
		for p := range params.Variables() {
			var match ast.Expr
			n := 0
			for _, a := range call.Args {
				if t := info.TypeOf(a); t != nil && types.Identical(t, p.Type()) {
					match = a
					n++
				}
			}
			if n != 1 {
				break
			}
			args = append(args, text(match))
		}
		if len(args) == params.Len() && !stop.Signature().Variadic() {
			return types.ExprString(sel.X) + "." + stop.Name() + "(" + strings.Join(args, ", ") + ")", true
		}
	}
	return "", false
}
