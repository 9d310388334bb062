package retrydeadline

// This file holds the calls of retry helpers of another package (or
// another file) whose waits take no context, made while the operation
// handed to them uses a context of the caller's:
//
//	func uploadOne(ctx context.Context, l Layer) error {
//		try := func() error { return w.upload(ctx, l) }
//		return retry.Retry(try, pred, backoff) // sleeps with time.Sleep
//	}
//
// The helper cannot see the caller's context, so a cancelled caller still
// sleeps through every back-off. The helper's package cannot be changed
// from the caller's, so the finding and its fix are at the call: the call
// runs in a goroutine, and the caller waits for it or for the end of its
// context, whichever comes first. The helper's fact (blindHelperFact)
// carries the wait across packages, and through helpers that hand their
// operation on to one (Retry(f) calls ExponentialBackoff(b, condition),
// condition calls f).

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/fixes"
	"github.com/retrylint/retrylint/internal/flow"
	"github.com/retrylint/retrylint/internal/httpmodel"
	"github.com/retrylint/retrylint/internal/retrylib"
	"github.com/retrylint/retrylint/internal/summary"
)

// blindHelperFact marks a retry helper that takes no context and whose
// waits between attempts take none either: its own loop sleeps (with
// time.Sleep, a bare <-time.After, a wait function...) or it hands its
// operation to such a helper. Op is the operation's parameter (receiver
// aside); Wait says what waits, for the message.
type blindHelperFact struct {
	Op   int
	Wait string
}

func (*blindHelperFact) AFact() {}

func (f *blindHelperFact) String() string {
	return fmt.Sprintf("blindwait(param %d, %s)", f.Op, f.Wait)
}

// computeBlindHelpers finds the package's retry helpers whose waits take
// no context and exports their facts. Only functions with a parameter
// that may be an operation are looked at.
func (c *checker) computeBlindHelpers() {
	info := c.pass.TypesInfo
	c.blind = map[*types.Func]*blindHelperFact{}
	for _, l := range c.loops.Loops {
		fd, ok := l.Func.(*ast.FuncDecl)
		if !ok || l.Op == nil || len(l.Self) > 0 || fd.Body == nil {
			continue
		}
		fn, _ := info.Defs[fd.Name].(*types.Func)
		idx := analysisutil.ParamIndex(fn, l.Op)
		if fn == nil || idx < 0 || hasContextParam(fn) {
			continue
		}
		file := fixes.FileOf(c.pass, fd.Pos())
		if file == nil {
			continue
		}
		for _, s := range c.sleepsOf(l) {
			if c.contextInScope(file, l, s.stmt.Pos()) == "" {
				c.blind[fn] = &blindHelperFact{Op: idx, Wait: s.what(c.pass.Fset) + " in " + fn.Name()}
				break
			}
		}
	}
	// The helpers that hand their operation on to one of them.
	var cands []*ast.FuncDecl
	for _, file := range c.pass.Files {
		for _, d := range file.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil || !hasOpParamDecl(info, fd) {
				continue
			}
			if fn, _ := info.Defs[fd.Name].(*types.Func); fn != nil && !hasContextParam(fn) {
				cands = append(cands, fd)
			}
		}
	}
	for changed := true; changed; {
		changed = false
		for _, fd := range cands {
			fn := info.Defs[fd.Name].(*types.Func)
			if c.blind[fn] != nil {
				continue
			}
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				if c.blind[fn] != nil {
					return false
				}
				if _, ok := n.(*ast.GoStmt); ok {
					return false
				}
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				callee := httpmodel.Callee(info, call)
				if callee == nil || callee.Origin() == fn {
					return true
				}
				h := c.blindOf(callee)
				if h == nil {
					return true
				}
				_, args := httpmodel.Receiver(info, call)
				if h.Op >= len(args) {
					return true
				}
				if p := c.handedParam(fd, args[h.Op]); p != nil {
					if idx := analysisutil.ParamIndex(fn, p); idx >= 0 {
						c.blind[fn] = &blindHelperFact{Op: idx, Wait: h.Wait}
						changed = true
					}
				}
				return true
			})
		}
	}
	for fn, f := range c.blind {
		c.pass.ExportObjectFact(fn, f)
	}
}

// blindOf returns the fact of a retry helper whose waits take no
// context, or nil.
func (c *checker) blindOf(fn *types.Func) *blindHelperFact {
	if fn == nil {
		return nil
	}
	fn = fn.Origin()
	if f := c.blind[fn]; f != nil {
		return f
	}
	if summary.IsInterfaceMethod(fn) {
		return c.blindIface(fn)
	}
	if fn.Pkg() == nil || fn.Pkg() == c.pass.Pkg {
		return nil
	}
	switch path := fn.Pkg().Path(); {
	case path == retrylib.K8sWait, path == retrylib.K8sRetry, retrylib.Libraries[path] != nil:
		return nil // a modelled library: its rules are k8s.go's and library.go's
	}
	return c.importedBlind.Get(fn)
}

// blindIface returns the fact of a retry helper called through an
// interface method m (a Retryer declared in one package, implemented in
// another): the methods the call may run (see summary.Dispatch) whose
// waits take no context must agree on the operation's parameter. An
// implementation that waits on a context, or does not retry, leaves
// the blind one's waits as they are: the call may run it.
func (c *checker) blindIface(m *types.Func) *blindHelperFact {
	var out *blindHelperFact
	for _, t := range c.dispatcher().Targets(m) {
		f := c.blindOf(t)
		if f == nil {
			continue
		}
		if out != nil && out.Op != f.Op {
			return nil
		}
		out = f
	}
	return out
}

// handedParam returns the operation parameter of fd that e hands on: the
// parameter itself, or a function literal (or a local variable assigned
// only one) whose body calls it.
func (c *checker) handedParam(fd *ast.FuncDecl, e ast.Expr) *types.Var {
	info := c.pass.TypesInfo
	e = ast.Unparen(e)
	if id, ok := e.(*ast.Ident); ok {
		v, ok := info.Uses[id].(*types.Var)
		if !ok {
			return nil
		}
		if v.Kind() == types.ParamVar {
			return v
		}
		if v.Kind() != types.LocalVar {
			return nil
		}
		values, known := flow.Assigned(info, fd, v)
		if !known || len(values) != 1 {
			return nil
		}
		e = ast.Unparen(values[0])
	}
	lit, ok := e.(*ast.FuncLit)
	if !ok {
		return nil
	}
	var found *types.Var
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		if call, ok := n.(*ast.CallExpr); ok {
			if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
				if v, ok := info.Uses[id].(*types.Var); ok && v.Kind() == types.ParamVar && v.Pos() < lit.Pos() {
					found = v
				}
			}
		}
		return found == nil
	})
	return found
}

// hasContextParam reports whether fn takes a context.Context.
func hasContextParam(fn *types.Func) bool {
	for p := range fn.Type().(*types.Signature).Params().Variables() {
		if httpmodel.IsNamed(p.Type(), "context", "Context") {
			return true
		}
	}
	return false
}

// hasOpParamDecl reports whether fd has a parameter of func type whose
// last result is an error.
func hasOpParamDecl(info *types.Info, fd *ast.FuncDecl) bool {
	fn, _ := info.Defs[fd.Name].(*types.Func)
	if fn == nil {
		return false
	}
	for p := range fn.Type().(*types.Signature).Params().Variables() {
		sig, ok := p.Type().Underlying().(*types.Signature)
		if ok && sig.Results().Len() > 0 && analysisutil.IsError(sig.Results().At(sig.Results().Len()-1).Type()) {
			return true
		}
	}
	return false
}

// checkBlindCallees reports the calls of a blind retry helper (see
// blindHelperFact) whose operation is a function literal of the caller
// that uses a context of the caller's that can be cancelled. Calls that
// checkBlindHelper rewrote, and calls in a go statement (the caller does
// not wait for them), are left alone. No report is made when the
// operation assigns a variable of the caller's: the retry, abandoned when
// the context ends, would keep writing it while the caller reads it.
func (c *checker) checkBlindCallees() {
	info := c.pass.TypesInfo
	for _, l := range c.loops.OpLoops {
		if l.Via == nil || l.OpArg != nil || l.Lib != nil {
			continue
		}
		h := c.blindOf(l.Via)
		lit, ok := l.Func.(*ast.FuncLit)
		if h == nil || !ok {
			continue
		}
		file := fixes.FileOf(c.pass, lit.Pos())
		if file == nil || isHTTPTestFile(c.pass, file) {
			continue
		}
		decl := c.declOf(lit)
		var call *ast.CallExpr
		var stack []ast.Node
		ast.PreorderStack(decl, nil, func(n ast.Node, st []ast.Node) bool {
			if call != nil {
				return false
			}
			if _, ok := n.(*ast.GoStmt); ok {
				return false
			}
			ce, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			if f := httpmodel.Callee(info, ce); f == nil || f.Origin() != l.Via {
				return true
			}
			_, args := httpmodel.Receiver(info, ce)
			if h.Op < len(args) && c.opLiteral(decl, args[h.Op]) == lit {
				call, stack = ce, append([]ast.Node(nil), st...)
			}
			return true
		})
		if call == nil || c.handledCalls[call] {
			continue
		}
		ctx := c.capturedContext(file, lit.Body, call)
		if ctx == "" {
			continue
		}
		if writesOuter(info, lit) {
			c.gate(call, "blindcallee-writes", "retry helper that ignores "+ctx+", operation writes the caller's variables")
			continue
		}
		edits, ok := c.blindCallFix(file, call, stack, ctx)
		if !ok {
			c.gate(call, "blindcallee-fix", "retry helper that ignores "+ctx+": no fix")
			continue
		}
		c.handledCalls[call] = true
		name := l.Via.Name()
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			name = fixes.Format(c.pass.Fset, sel)
		}
		c.pass.Report(analysis.Diagnostic{
			Pos:     call.Pos(),
			End:     call.End(),
			Message: fmt.Sprintf("retry helper %s waits between attempts with no context (%s), while the operation handed to it uses %s: a cancelled caller still waits through every back-off", name, h.Wait, ctx),
			SuggestedFixes: []analysis.SuggestedFix{{
				Message:   "Run " + name + " in a goroutine and stop waiting for it when " + ctx + " is done",
				TextEdits: edits,
			}},
		})
	}
}

// opLiteral returns the function literal that e is: the literal itself,
// or a local variable of decl assigned only that literal.
func (c *checker) opLiteral(decl ast.Node, e ast.Expr) *ast.FuncLit {
	info := c.pass.TypesInfo
	switch e := ast.Unparen(e).(type) {
	case *ast.FuncLit:
		return e
	case *ast.Ident:
		v, ok := info.Uses[e].(*types.Var)
		if !ok || v.Kind() != types.LocalVar {
			return nil
		}
		values, known := flow.Assigned(info, decl, v)
		if !known || len(values) != 1 {
			return nil
		}
		lit, _ := ast.Unparen(values[0]).(*ast.FuncLit)
		return lit
	}
	return nil
}

// writesOuter reports whether lit assigns (or takes the address of) a
// variable declared outside it.
func writesOuter(info *types.Info, lit *ast.FuncLit) bool {
	outer := func(e ast.Expr) bool {
		for {
			switch x := ast.Unparen(e).(type) {
			case *ast.SelectorExpr:
				e = x.X
				continue
			case *ast.IndexExpr:
				e = x.X
				continue
			case *ast.StarExpr:
				e = x.X
				continue
			case *ast.Ident:
				v, ok := info.Uses[x].(*types.Var)
				return ok && (v.Pos() < lit.Pos() || v.Pos() >= lit.End())
			}
			return false
		}
	}
	found := false
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, lhs := range n.Lhs {
				if outer(lhs) {
					found = true
				}
			}
		case *ast.IncDecStmt:
			found = found || outer(n.X)
		case *ast.UnaryExpr:
			found = found || (n.Op == token.AND && outer(n.X))
		}
		return !found
	})
	return found
}

// blindCallFix returns the edits that run call, of a helper returning
// only an error, in a goroutine and wait for its result or for the end of
// ctx, for a call that is a statement's whole expression in one of two
// forms:
//
//	return helper(...)                  (a function returning only an error)
//	if err := helper(...); err != nil { (the if's init defines one variable)
//
// The helper's retry, when abandoned, ends on its own: its attempts use
// the cancelled context.
func (c *checker) blindCallFix(file *ast.File, call *ast.CallExpr, stack []ast.Node, ctx string) ([]analysis.TextEdit, bool) {
	info := c.pass.TypesInfo
	if t := info.TypeOf(call); t == nil || !analysisutil.IsError(t) {
		return nil, false
	}
	src := fixes.Source(c.pass, call.Pos())
	if src == nil || len(stack) == 0 {
		return nil, false
	}
	stmt, _ := fixes.StmtInBlock(append(stack, call))
	if stmt == nil {
		return nil, false
	}
	taken := map[string]bool{}
	errc := fixes.FreeName(info, file, "errc", taken, stmt.Pos(), stmt.End()-1)
	text := fixes.Text(c.pass.Fset, src, call)
	var b strings.Builder
	fmt.Fprintf(&b, "%s := make(chan error, 1)\ngo func() { %s <- %s }()\n", errc, errc, text)
	switch s := stmt.(type) {
	case *ast.ReturnStmt:
		_, ft := fixes.EnclosingFunc(stack)
		if len(s.Results) != 1 || ast.Unparen(s.Results[0]) != call || ft == nil || !fixes.ReturnsError(info, ft) || len(fixes.ResultTypes(info, ft)) != 1 {
			return nil, false
		}
		v := fixes.FreeName(info, file, "err", taken, stmt.Pos())
		fmt.Fprintf(&b, "select {\ncase %s := <-%s:\nreturn %s\ncase <-%s.Done():\nreturn %s.Err()\n}", v, errc, v, ctx, ctx)
	case *ast.IfStmt:
		as, ok := s.Init.(*ast.AssignStmt)
		if !ok || as.Tok != token.DEFINE || len(as.Lhs) != 1 || len(as.Rhs) != 1 || ast.Unparen(as.Rhs[0]) != call {
			return nil, false
		}
		id, ok := as.Lhs[0].(*ast.Ident)
		if !ok || id.Name == "_" {
			return nil, false
		}
		// The variable keeps its name when the statement's scope lets it
		// be declared there; the if then loses its init.
		v := fixes.FreeName(info, file, id.Name, taken, stmt.Pos()-1)
		rest := string(src[c.pass.Fset.File(s.Pos()).Offset(s.Cond.Pos()):c.pass.Fset.File(s.Pos()).Offset(s.End())])
		fmt.Fprintf(&b, "var %s error\nselect {\ncase %s = <-%s:\ncase <-%s.Done():\n%s = %s.Err()\n}\n", v, v, errc, ctx, v, ctx)
		if v == id.Name {
			fmt.Fprintf(&b, "if %s", rest)
		} else {
			fmt.Fprintf(&b, "if %s := %s; %s", id.Name, v, rest)
		}
	default:
		return nil, false
	}
	out, ok := fixes.FormatStmts(b.String(), fixes.Indent(c.pass.Fset, src, stmt.Pos()))
	if !ok {
		return nil, false
	}
	return []analysis.TextEdit{{Pos: stmt.Pos(), End: stmt.End(), NewText: []byte(out)}}, true
}
