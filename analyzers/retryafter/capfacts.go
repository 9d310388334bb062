package retryafter

// This file holds the helpers that cap one of their parameters
// (clamp(d, lo, hi), boundWait(d)): a call that passes the server's wait
// caps it, in this package or in another.

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/callindex"
	"github.com/retrylint/retrylint/internal/fixes"
	"github.com/retrylint/retrylint/internal/flow"
	"github.com/retrylint/retrylint/internal/httpmodel"
	"github.com/retrylint/retrylint/internal/summary"
)

// report reports d, or notes that a cap was found while a helper's Caps
// are summarised.
func (c *checker) report(d analysis.Diagnostic) {
	if c.dry != nil {
		*c.dry = true
		return
	}
	c.pass.Report(d)
}

// caps returns the Caps of a function's fact: the numeric parameters that
// reach a result and that the body caps or shortens as it would the
// server's wait (min(d, hi), if d > hi { d = hi }, if d > hi { return hi },
// if a < b { return a }; return b, a call of another such helper), taking
// each in turn for the server's wait.
func (c *checker) caps(file *ast.File, fd *ast.FuncDecl, fact *funcFact) flow.Bits {
	if c.capParam != nil || c.nameParam != nil || !boundCandidate(c.pass.TypesInfo, fd) {
		return 0
	}
	info := c.pass.TypesInfo
	var reach flow.Bits
	for _, r := range fact.Results {
		reach |= r
	}
	var out flow.Bits
	p := 0
	for _, field := range fd.Type.Params.List {
		names := field.Names
		if len(names) == 0 {
			p++
			continue
		}
		for _, name := range names {
			v, _ := info.Defs[name].(*types.Var)
			if v != nil && reach&flow.Param(p) != 0 && isNumeric(v.Type()) && c.capsParam(file, fd, v) {
				out |= flow.Param(p)
			}
			p++
		}
	}
	return out
}

func isNumeric(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsNumeric != 0
}

// capsParam reports whether the body caps v, taken for the server's wait.
func (c *checker) capsParam(file *ast.File, fd *ast.FuncDecl, v *types.Var) bool {
	found := false
	c.capParam, c.dry = v, &found
	defer func() { c.capParam, c.dry = nil, nil }()
	f := c.analyze(fd)
	ast.PreorderStack(fd.Body, []ast.Node{file, fd}, func(n ast.Node, stack []ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			c.checkMinCall(file, f, n, stack)
			c.checkCapCall(file, f, n, stack)
		case *ast.IfStmt:
			c.checkIfCap(file, f, n, stack)
			c.checkSmallOnly(file, f, n, stack)
			c.checkFallback(file, f, n, stack)
		}
		return !found
	})
	return found
}

// checkCapCall reports a call of a helper that caps the parameter to
// which the server's wait is passed. A call whose result is floored by
// the same wait (max(clamp(ra, lo, hi), ra)) honours it; the fix writes
// that floor, which keeps what the helper does to any other value.
func (c *checker) checkCapCall(file *ast.File, f *flow.Func, call *ast.CallExpr, stack []ast.Node) {
	info := c.pass.TypesInfo
	fn := httpmodel.Callee(info, call)
	if fn == nil {
		return
	}
	fact := c.fact(fn)
	if fact == nil || fact.Caps == 0 {
		return
	}
	if sig, ok := fn.Type().(*types.Signature); !ok || sig.Variadic() || sig.Params().Len() != len(call.Args) {
		return
	}
	var ra ast.Expr
	for _, p := range fact.Caps.Params() {
		if p < len(call.Args) && c.derived(f, call.Args[p]) {
			ra = call.Args[p]
			break
		}
	}
	if ra == nil || c.flooredBy(call, ra, stack) {
		return
	}
	if !types.Identical(info.TypeOf(call), info.TypeOf(ra)) || !c.builtinAvailable(file, call.Pos(), "max") {
		return
	}
	src := fixes.Source(c.pass, call.Pos())
	if src == nil {
		return
	}
	if c.dry != nil {
		c.report(analysis.Diagnostic{}) // a helper's summary: no fix is written
		return
	}
	// max(helper(..., ra, ...), ra): the wait is written twice, so a
	// wait that is not a plain value (wait(resp)) is first bound to a
	// variable, evaluated where it was.
	raText := fixes.Text(c.pass.Fset, src, ra)
	callText := fixes.Text(c.pass.Fset, src, call)
	var edits []analysis.TextEdit
	if !fixes.Pure(info, ra) {
		if !slices.Contains(call.Args, ra) {
			return
		}
		path := append(slices.Clone(stack), call, ra)
		v, bind, ok := fixes.Bind(info, file, c.pass.Fset, src, path, ra, "retryAfter", c.boundIn(stack))
		if !ok {
			return
		}
		off := int(ra.Pos() - call.Pos())
		callText = callText[:off] + v + callText[off+len(raText):]
		raText = v
		edits = append(edits, bind[0])
	}
	edits = append(edits, analysis.TextEdit{Pos: call.Pos(), End: call.End(),
		NewText: fmt.Appendf(nil, "max(%s, %s)", callText, raText)})
	name := fixes.Text(c.pass.Fset, src, call.Fun)
	c.report(analysis.Diagnostic{
		Pos:     call.Pos(),
		End:     call.End(),
		Message: fmt.Sprintf("Retry-After is capped by %s(...) (the client retries before the server allows); stop when it exceeds the limit instead", name),
		SuggestedFixes: []analysis.SuggestedFix{{
			Message:   "Keep the server's Retry-After wait as the lower bound of what the helper returns",
			TextEdits: edits,
		}},
	})
}

// flooredBy reports whether call is an operand of the builtin max whose
// other operands include ra itself.
func (c *checker) flooredBy(call *ast.CallExpr, ra ast.Expr, stack []ast.Node) bool {
	var parent ast.Node
	for i := len(stack) - 1; i >= 0; i-- {
		if _, paren := stack[i].(*ast.ParenExpr); !paren {
			parent = stack[i]
			break
		}
	}
	outer, ok := parent.(*ast.CallExpr)
	if !ok || !isMax(c.pass.TypesInfo, outer) {
		return false
	}
	// The same text counts even when it is a call (max(f(wait(r)),
	// wait(r))): reading the server's wait twice gives the same wait.
	return slices.ContainsFunc(outer.Args, func(a ast.Expr) bool {
		return ast.Unparen(a) != call && (c.sameValue(a, ra) || types.ExprString(ast.Unparen(a)) == types.ExprString(ast.Unparen(ra)))
	})
}

// runBoundHelpers exports the Caps of the helpers of a package that does
// not reach net/http: a function of numbers to a number (a value and its
// bounds) that caps a parameter. Other packages then see a call that
// passes the server's wait to it.
func runBoundHelpers(pass *analysis.Pass, headers waitHeaderSet, at func(token.Pos)) error {
	calls := pass.ResultOf[callindex.Analyzer].(*callindex.Index)
	c := &checker{pass: pass, headers: headers, scans: map[*ast.FuncDecl]*scan{}, calls: calls,
		fields: map[*types.Var]flow.Bits{}, importedField: map[*types.Var]flow.Bits{},
		funcVals: map[types.Object]flow.Bits{}, importedFuncVal: map[types.Object]flow.Bits{}, capsOnly: true}
	c.exportSigns() // a throttle error's constructor, whose package checks its delay
	if !slices.ContainsFunc(calls.Funcs(), func(f callindex.Func) bool { return boundCandidate(pass.TypesInfo, f.Decl) }) {
		return nil
	}
	c.sums = summary.NewTable[funcFact](pass)
	c.readsField = map[*ast.FuncDecl]bool{}
	// Only the candidates have a summary: the others' bodies need no
	// walk (the scans of bodies serve the full analysis, not this one).
	g := summary.NewGraphOf(calls, func(f callindex.Func) bool { return boundCandidate(pass.TypesInfo, f.Decl) })
	c.sums.Solve(g, summary.Problem[*funcFact]{
		Summarise: func(i int) (*funcFact, bool) {
			at(g.Funcs[i].Decl.Pos())
			return c.boundFact(g.Funcs[i].File, g.Funcs[i].Decl)
		},
		Equal:  (*funcFact).equal,
		Join:   joinFacts,
		Export: func(_ *types.Func, fact *funcFact) bool { return fact.Caps != 0 },
	})
	return nil
}

// boundFact is the summary of a function in a package that does not reach
// net/http: its results and Caps, for a candidate helper only.
func (c *checker) boundFact(file *ast.File, fd *ast.FuncDecl) (*funcFact, bool) {
	if !boundCandidate(c.pass.TypesInfo, fd) {
		return nil, false
	}
	fact := &funcFact{Results: c.analyze(fd).Results()}
	fact.Caps = c.caps(file, fd, fact)
	return fact, true
}

// boundCandidate reports whether fd may be a helper that caps a number:
// it takes a number and returns one number, and its body compares values
// or calls min or math.Min (a cheap test before following values).
func boundCandidate(info *types.Info, fd *ast.FuncDecl) bool {
	if fd.Body == nil || fd.Type.Results == nil || fd.Type.Results.NumFields() != 1 {
		return false
	}
	if t := info.TypeOf(fd.Type.Results.List[0].Type); t == nil || !isNumeric(t) {
		return false
	}
	if !slices.ContainsFunc(fd.Type.Params.List, func(f *ast.Field) bool {
		t := info.TypeOf(f.Type)
		return t != nil && isNumeric(t)
	}) {
		return false
	}
	found := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IfStmt:
			if _, _, ok := capCompare(n.Cond); ok {
				found = true
			}
		case *ast.CallExpr:
			found = isMinMax(info, n, "min")
		}
		return !found
	})
	return found
}
