package retrydeadline

// This file holds waits that take a context and ignore it: a function or
// method that receives a context.Context, never uses it, and waits:
//
//	func sleepCtx(ctx context.Context, d time.Duration) { time.Sleep(d) }
//
//	// an adapter that adds the context-taking method to a legacy interface
//	func (b *nopContext) SleepWithContext(ctx context.Context, d time.Duration) {
//		b.Sleep(d)
//	}
//
// A retry loop that waits through one looks as if its wait ended with
// the context: it does not, and a cancelled caller still sleeps through
// the back-off. The finding and its fix are at the wait, where the
// context is.

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/fixes"
	"github.com/retrylint/retrylint/internal/flow"
	"github.com/retrylint/retrylint/internal/httpmodel"
	"github.com/retrylint/retrylint/internal/summary"
)

// checkContextWaits reports the package's functions that take a context
// they never use and whose body, after guards that only return
// (if d <= 0 { return }), is one wait with no result: time.Sleep(d),
// <-time.After(d), a call of a wait function (see waitFact), or a call
// of an interface method that a type of the package or of a dependency
// implements with a wait function (b.Sleep(d) on a BackoffManager whose
// NoBackoff.Sleep is time.Sleep). Test files are left out. The fix waits in a select that
// also ends when the context is done: on a timer for time.Sleep and
// time.After, and, for a call (whose clock may be a fake one), on a
// channel closed once the call returns in a goroutine.
func (c *checker) checkContextWaits() {
	info := c.pass.TypesInfo
	for _, file := range c.pass.Files {
		if analysisutil.IsTestFile(c.pass, file) {
			continue
		}
		for _, d := range file.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil || len(fd.Body.List) == 0 || fd.Type.Results != nil || fd.Type.Params == nil {
				continue
			}
			ctx := contextParam(info, fd)
			if ctx == nil {
				continue
			}
			last, ok := fd.Body.List[len(fd.Body.List)-1].(*ast.ExprStmt)
			if !ok || !guardsOnly(fd.Body.List[:len(fd.Body.List)-1]) || flow.Mentions(info, fd.Body, ctx) {
				continue
			}
			what, dur, call := c.ctxlessWait(last)
			if what == "" {
				continue
			}
			c.reportContextWait(file, fd, ctx, last, what, dur, call)
		}
	}
}

// contextParam returns the context.Context parameter of fn, a function
// declaration or literal (there must be one), or nil.
func contextParam(info *types.Info, fn ast.Node) *types.Var {
	var sig *types.Signature
	switch fn := fn.(type) {
	case *ast.FuncDecl:
		if f, _ := info.Defs[fn.Name].(*types.Func); f != nil {
			sig = f.Signature()
		}
	case *ast.FuncLit:
		sig, _ = info.TypeOf(fn).(*types.Signature)
	}
	if sig == nil {
		return nil
	}
	var found *types.Var
	for p := range sig.Params().Variables() {
		if httpmodel.IsNamed(p.Type(), "context", "Context") {
			if found != nil {
				return nil
			}
			found = p
		}
	}
	return found
}

// guardsOnly reports whether every statement of list is an if statement,
// with no init and no else, whose body is only a bare return.
func guardsOnly(list []ast.Stmt) bool {
	for _, s := range list {
		is, ok := s.(*ast.IfStmt)
		if !ok || is.Init != nil || is.Else != nil || len(is.Body.List) != 1 {
			return false
		}
		if r, ok := is.Body.List[0].(*ast.ReturnStmt); !ok || len(r.Results) != 0 {
			return false
		}
	}
	return true
}

// ctxlessWait returns what the statement s waits with when it is a wait
// that takes no context: for time.Sleep(d) and <-time.After(d), d; for a
// call of a wait function or of an interface method a wait function of
// the package implements, the call.
func (c *checker) ctxlessWait(s *ast.ExprStmt) (what string, dur ast.Expr, call *ast.CallExpr) {
	info := c.pass.TypesInfo
	x := ast.Unparen(s.X)
	if u, ok := x.(*ast.UnaryExpr); ok && u.Op == token.ARROW {
		if ce, ok := ast.Unparen(u.X).(*ast.CallExpr); ok && len(ce.Args) == 1 && httpmodel.IsPkgFunc(httpmodel.Callee(info, ce), "time", "After") {
			return "<-time.After", ce.Args[0], nil
		}
		return "", nil, nil
	}
	ce, ok := x.(*ast.CallExpr)
	if !ok {
		return "", nil, nil
	}
	fn := httpmodel.Callee(info, ce)
	if fn == nil {
		return "", nil, nil
	}
	if len(ce.Args) == 1 && httpmodel.IsPkgFunc(fn, "time", "Sleep") {
		return "time.Sleep", ce.Args[0], nil
	}
	if t := info.TypeOf(ce); t != nil {
		if tu, ok := t.(*types.Tuple); !ok || tu.Len() != 0 {
			return "", nil, nil // a wait has no result
		}
	}
	if d, _ := c.waitCallUnit(ce); d != nil || c.implementedByWait(fn) {
		return fixes.Format(c.pass.Fset, ce.Fun), nil, ce
	}
	return "", nil, nil
}

// implementedByWait reports whether fn is a method of an interface that
// a type implements with a wait function (see waitFact) of fn's name: a
// type of the package, or of a dependency (a Sleeper declared in one
// package, a real clock's time.Sleep in another), as summary.Dispatch
// finds them. A fake clock that implements it too does not make the real
// one's wait disappear.
func (c *checker) implementedByWait(fn *types.Func) bool {
	for _, t := range c.dispatcher().Targets(fn) {
		if c.waits[t] != nil || c.importedWaits.Get(t) != nil {
			return true
		}
	}
	return false
}

// dispatcher returns the dispatch of the package's interface calls to
// the methods of its types and to its dependencies' wait functions,
// blind retry helpers and functions that make a timeout, made at the
// first question.
func (c *checker) dispatcher() *summary.Dispatch {
	if c.dispatch == nil {
		c.dispatch = summary.NewDispatch(c.pass, func(f analysis.Fact) bool {
			switch f.(type) {
			case *waitFact, *blindHelperFact, *timeoutFact:
				return true
			}
			return false
		})
	}
	return c.dispatch
}

// reportContextWait reports the wait s of fd, which ignores fd's context
// parameter ctx, with its fix.
func (c *checker) reportContextWait(file *ast.File, fd *ast.FuncDecl, ctx *types.Var, s *ast.ExprStmt, what string, dur ast.Expr, call *ast.CallExpr) {
	info := c.pass.TypesInfo
	src := fixes.Source(c.pass, s.Pos())
	if src == nil {
		return
	}
	var edits []analysis.TextEdit
	name := ctx.Name()
	if name == "" || name == "_" {
		// The parameter gets a name: ctx, unless another name of the
		// function's has it.
		name = fixes.FreeName(info, file, "ctx", nil, fd.Body.Lbrace+1, s.Pos())
		for _, f := range fd.Type.Params.List {
			if info.TypeOf(f.Type) != ctx.Type() || len(f.Names) > 1 {
				continue
			}
			if len(f.Names) == 0 {
				edits = append(edits, analysis.TextEdit{Pos: f.Type.Pos(), End: f.Type.Pos(), NewText: []byte(name + " ")})
			} else if f.Names[0].Name == "_" {
				edits = append(edits, analysis.TextEdit{Pos: f.Names[0].Pos(), End: f.Names[0].End(), NewText: []byte(name)})
			}
			break
		}
		if len(edits) == 0 {
			return
		}
	}
	taken := map[string]bool{}
	var text string
	if call != nil {
		done := fixes.FreeName(info, file, "done", taken, s.Pos())
		text = fmt.Sprintf("%s := make(chan struct{})\ngo func() {\n%s\nclose(%s)\n}()\nselect {\ncase <-%s.Done():\ncase <-%s:\n}",
			done, fixes.Text(c.pass.Fset, src, call), done, name, done)
	} else {
		timePkg, _, ok := fixes.Import(info, c.pass.Pkg, file, "time", s.Pos())
		if !ok {
			return
		}
		t := fixes.FreeName(info, file, "timer", taken, s.Pos())
		text = fmt.Sprintf("%s := %s.NewTimer(%s)\ndefer %s.Stop()\nselect {\ncase <-%s.Done():\ncase <-%s.C:\n}",
			t, timePkg, fixes.Text(c.pass.Fset, src, dur), t, name, t)
	}
	out, ok := fixes.FormatStmts(text, fixes.Indent(c.pass.Fset, src, s.Pos()))
	if !ok {
		return
	}
	edits = append(edits, analysis.TextEdit{Pos: s.Pos(), End: s.End(), NewText: []byte(out)})
	ctxName := ctx.Name()
	if ctxName == "" || ctxName == "_" {
		ctxName = "its context"
	}
	c.pass.Report(analysis.Diagnostic{
		Pos:     s.Pos(),
		End:     s.End(),
		Message: fmt.Sprintf("%s takes a context but waits with %s, which ignores it: a caller whose context is cancelled still waits the whole time", fd.Name.Name, what),
		SuggestedFixes: []analysis.SuggestedFix{{
			Message:   "Wait in a select that also ends when " + name + " is done",
			TextEdits: edits,
		}},
	})
}
