package retrydeadline

// This file holds retry helpers whose wait takes no context while an
// operation handed to them uses one of its caller's: backoffRetry(delay,
// n, fn) sleeps with time.Sleep, and healthCheck(ctx) hands it a closure
// that sends with ctx. The caller's context reaches the attempts through
// the closure, never the wait, so a cancelled caller still sleeps through
// every back-off.

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/fixes"
	"github.com/retrylint/retrylint/internal/httpmodel"
	"github.com/retrylint/retrylint/internal/retryloop"
)

// checkBlindHelper reports the waits of the retry helper loop l (l.Op is
// set) that take no context, when the helper has no context at hand and an
// operation handed to it in this package uses a context of its caller
// that can be cancelled. The report is at the wait, with a Related note at
// the call; its one fix gives the helper a first parameter
// ctx context.Context, waits in a select on ctx.Done() that returns
// ctx.Err(), and passes to each call the context its operation uses
// (context.Background() for an operation that uses none, which keeps its
// behaviour).
//
// The fix changes the helper's signature, so the helper must be an
// unexported function (not a method), called (never used as a value) only
// in the file of its loop, by no test file of the package either; a helper
// of another package or with callers in other files is not reported: no
// fix could stick, and its callers could not be changed from here.
func (c *checker) checkBlindHelper(file *ast.File, l *retryloop.Loop, ops []*retryloop.Loop) {
	fd, ok := l.Func.(*ast.FuncDecl)
	if !ok || l.Op == nil || fd.Recv != nil || fd.Body == nil || fd.Type.Params == nil {
		return
	}
	info := c.pass.TypesInfo
	fn, _ := info.Defs[fd.Name].(*types.Func)
	if fn == nil || fn.Exported() {
		return
	}
	var sleeps []sleep
	for _, s := range c.sleepsOf(l) {
		if !c.handledSleeps[s.stmt] && c.contextInScope(file, l, s.stmt.Pos()) == "" {
			sleeps = append(sleeps, s)
		}
	}
	if len(sleeps) == 0 {
		return
	}
	calls, ok := c.callsOf(file, fn)
	if !ok || len(calls) == 0 || c.testFilesUse(file, fn.Name()) {
		return
	}
	// The context each call's operation uses.
	ctxOf := map[*ast.CallExpr]string{}
	var first *ast.CallExpr
	for _, op := range ops {
		if op.Via == nil || op.Via.Origin() != fn || op.OpArg != nil {
			continue
		}
		lit, ok := op.Func.(*ast.FuncLit)
		if !ok {
			continue
		}
		for _, call := range calls {
			if call.Pos() <= op.Stmt.Pos() || call.End() > op.Stmt.End() {
				continue
			}
			if name := c.capturedContext(file, lit, call); name != "" {
				ctxOf[call] = name
				if first == nil {
					first = call
				}
			}
		}
	}
	if first == nil {
		return // no operation uses a caller's context
	}
	src := fixes.Source(c.pass, fd.Pos())
	if src == nil {
		return
	}
	ctxPkg, imp, ok := fixes.Import(info, c.pass.Pkg, file, "context", fd.Pos())
	if !ok {
		return
	}
	taken := map[string]bool{}
	param := fixes.FreeName(info, file, "ctx", taken, fd.Body.Lbrace+1, fd.Body.Rbrace-1)
	decl := param + " " + ctxPkg + ".Context"
	if fd.Type.Params.NumFields() > 0 {
		decl += ", "
	}
	at := fd.Type.Params.Opening + 1
	edits := append([]analysis.TextEdit{{Pos: at, End: at, NewText: []byte(decl)}}, imp...)
	for _, s := range sleeps {
		e, ok := c.selectEdit(file, l, s, param, taken, src)
		if !ok {
			return
		}
		edits = append(edits, e[0]) // the time import is there: it sleeps
	}
	for _, call := range calls {
		arg, ok := ctxOf[call]
		if !ok {
			arg = ctxPkg + ".Background()"
		}
		if len(call.Args) > 0 {
			arg += ", "
		}
		edits = append(edits, analysis.TextEdit{Pos: call.Lparen + 1, End: call.Lparen + 1, NewText: []byte(arg)})
	}
	s := sleeps[0]
	what := "time.Sleep"
	if _, isRecv := ast.Unparen(s.stmt.X).(*ast.UnaryExpr); isRecv {
		what = "<-time.After"
	}
	for _, s := range sleeps {
		c.handledSleeps[s.stmt] = true
	}
	caller := c.funcName(file, first)
	c.pass.Report(analysis.Diagnostic{
		Pos:     s.stmt.Pos(),
		End:     s.stmt.End(),
		Message: fmt.Sprintf("%s in retry helper %s takes no context, while %s hands it an operation that uses %s (the retries outlive their caller)", what, fn.Name(), caller, ctxOf[first]),
		Related: []analysis.RelatedInformation{{Pos: first.Pos(), End: first.End(), Message: caller + " calls " + fn.Name() + " with an operation that uses " + ctxOf[first]}},
		SuggestedFixes: []analysis.SuggestedFix{{
			Message:   "Give " + fn.Name() + " a context, wait in a select on its Done channel, and pass the callers' context",
			TextEdits: edits,
		}},
	})
}

// capturedContext returns the name of a context that the operation lit
// uses and that its caller declared before the call (a parameter or a
// local variable that something may cancel), written as it can be at
// call; "" when there is none.
func (c *checker) capturedContext(file *ast.File, lit *ast.FuncLit, call *ast.CallExpr) string {
	info := c.pass.TypesInfo
	decl := c.declOf(call)
	found := ""
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		if found != "" {
			return false
		}
		id, ok := n.(*ast.Ident)
		if !ok {
			return true
		}
		v, ok := info.Uses[id].(*types.Var)
		if !ok || v.IsField() || v.Parent() == v.Pkg().Scope() || !httpmodel.IsNamed(v.Type(), "context", "Context") {
			return true
		}
		if v.Pos() >= lit.Pos() || c.neverCancelled(decl, v) || !c.namesAt(file, id, v, call.Pos()) {
			return true
		}
		found = id.Name
		return false
	})
	return found
}

// funcName returns the name of the function declaration of file that
// holds n.
func (c *checker) funcName(file *ast.File, n ast.Node) string {
	for _, d := range file.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Pos() <= n.Pos() && n.End() <= fd.End() {
			return fd.Name.Name
		}
	}
	return "its caller"
}

// testFilesUse reports whether a test file of the package of file, which
// this pass does not hold, mentions name: a call there would no longer
// compile once the function's signature changes. When the pass holds the
// test files, their calls are among its own.
func (c *checker) testFilesUse(file *ast.File, name string) bool {
	for _, f := range c.pass.Files {
		if strings.HasSuffix(c.pass.Fset.File(f.Pos()).Name(), "_test.go") {
			return false
		}
	}
	dir := filepath.Dir(c.pass.Fset.File(file.Pos()).Name())
	entries, err := os.ReadDir(dir)
	if err != nil {
		return true // unknown: do not change the signature
	}
	fset := token.NewFileSet()
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, e.Name()), nil, parser.SkipObjectResolution)
		if err != nil {
			return true
		}
		if f.Name.Name != file.Name.Name {
			continue // an external test package: it cannot call an unexported function
		}
		used := false
		ast.Inspect(f, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && id.Name == name {
				used = true
			}
			return !used
		})
		if used {
			return true
		}
	}
	return false
}
