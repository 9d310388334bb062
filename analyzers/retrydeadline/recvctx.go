package retrydeadline

// This file holds retry loops in a method whose receiver holds its
// caller's context in a field (a RetryExecutor{Context: ctx, ...} whose
// Execute loop checks runner.Context between attempts but sleeps with
// time.Sleep): the context is at hand, and the wait ignores it.

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/fixes"
	"github.com/retrylint/retrylint/internal/flow"
	"github.com/retrylint/retrylint/internal/httpmodel"
	"github.com/retrylint/retrylint/internal/retryloop"
)

// waitContext returns the context that a wait at pos in loop l can end
// with: ctx, and edits that declare it when it is not a variable already.
// It is the context in scope (see contextInScope) or, in a method whose
// receiver keeps a context in a field that the package reads (the type
// uses the context it is given), that field. A field that the package
// tests against nil (a field left unset) is first copied into a local
// variable before the loop, context.Background() when it is nil: held is
// then the field as the method names it (runner.Context), ctx the
// variable. It returns "" when there is no context.
func (c *checker) waitContext(file *ast.File, l *retryloop.Loop, pos token.Pos, src []byte) (held, ctx string, edits []analysis.TextEdit) {
	held, ctx, edits = c.receiverContext(file, l, pos, src)
	if held == "" && ctx == "" {
		ctx = c.contextInScope(file, l, pos)
	}
	if held == "" && ctx == "" {
		held, ctx, edits = c.methodContext(file, l, src)
	}
	return held, ctx, edits
}

// methodContext is waitContext for a function one of whose parameters
// (its receiver among them) gives a context by a method Context() of
// no arguments: an HTTP handler's inbound request (r.Context(), which
// ends when the client goes away), a cobra command's c.Context(). It
// needs one such parameter, never assigned in the function. A request's
// context is never nil and is named as it is (r.Context()); any other
// is first copied into a local variable before the loop,
// context.Background() when it is nil (a command run outside Execute
// has none): held is then the call, ctx the variable.
func (c *checker) methodContext(file *ast.File, l *retryloop.Loop, src []byte) (held, ctx string, edits []analysis.TextEdit) {
	info := c.pass.TypesInfo
	ft, body := flow.FuncParts(l.Func)
	if ft == nil || body == nil {
		return "", "", nil
	}
	var lists []*ast.Field
	if fd, ok := l.Func.(*ast.FuncDecl); ok && fd.Recv != nil {
		lists = append(lists, fd.Recv.List...)
	}
	lists = append(lists, ft.Params.List...)
	var found *types.Var
	for _, f := range lists {
		for _, name := range f.Names {
			v, ok := info.Defs[name].(*types.Var)
			if !ok || name.Name == "_" || !hasContextMethod(v.Type()) {
				continue
			}
			if found != nil {
				return "", "", nil // two: which one the wait should end with is the author's choice
			}
			found = v
		}
	}
	if found == nil || c.assignedIn(body, found) {
		return "", "", nil
	}
	call := found.Name() + ".Context()"
	request := httpmodel.IsNamed(found.Type(), "net/http", "Request")
	if request && c.uncancelledRequest(l.Func, found, 0) {
		return "", "", nil // every caller's request has a context nothing cancels
	}
	// The context is taken before the loop, where the parameter's name
	// is the parameter's (the loop may declare its own r).
	ctx, edits, ok := c.copyContext(file, l, src, call, request)
	if !ok {
		return "", "", nil
	}
	return call, ctx, edits
}

// copyContext returns the edits that copy the context held (a field, a
// call) into a local variable before loop l, and the variable's name:
// context.Background() in its place when it is nil, unless neverNil.
func (c *checker) copyContext(file *ast.File, l *retryloop.Loop, src []byte, held string, neverNil bool) (string, []analysis.TextEdit, bool) {
	info := c.pass.TypesInfo
	at, indent, ok := l.Before(c.pass.Fset, src)
	if !ok {
		return "", nil, false
	}
	ctx := fixes.FreeName(info, file, "ctx", map[string]bool{}, l.Stmt.Pos(), l.Body.Lbrace+1)
	if neverNil {
		decl := fmt.Sprintf("%s%s := %s\n", indent, ctx, held)
		return ctx, []analysis.TextEdit{{Pos: at, End: at, NewText: []byte(decl)}}, true
	}
	ctxPkg, imp, ok := fixes.Import(info, c.pass.Pkg, file, "context", l.Stmt.Pos())
	if !ok {
		return "", nil, false
	}
	decl := fmt.Sprintf("%[1]s%[2]s := %[3]s\n%[1]sif %[2]s == nil {\n%[1]s\t%[2]s = %[4]s.Background()\n%[1]s}\n", indent, ctx, held, ctxPkg)
	return ctx, append(imp, analysis.TextEdit{Pos: at, End: at, NewText: []byte(decl)}), true
}

// hasContextMethod reports whether t has a method Context() of no
// arguments that returns a context.Context. A test's (testing.T, B, F)
// is left out: it ends only as the test does, when a wait in it no
// longer matters.
func hasContextMethod(t types.Type) bool {
	obj, _, _ := types.LookupFieldOrMethod(t, true, nil, "Context")
	fn, ok := obj.(*types.Func)
	if !ok || !fn.Exported() || fn.Pkg() == nil || fn.Pkg().Path() == "testing" {
		return false
	}
	sig := fn.Signature()
	return sig.Params().Len() == 0 && sig.Results().Len() == 1 && httpmodel.IsNamed(sig.Results().At(0).Type(), "context", "Context")
}

// receiverContext is waitContext for a method whose receiver holds a
// context in a field; it returns "", "" for any other function.
func (c *checker) receiverContext(file *ast.File, l *retryloop.Loop, pos token.Pos, src []byte) (held, ctx string, edits []analysis.TextEdit) {
	info := c.pass.TypesInfo
	fd, ok := l.Func.(*ast.FuncDecl)
	if !ok {
		return "", "", nil
	}
	recv, field := c.receiverContextField(fd)
	if field == nil {
		return "", "", nil
	}
	held = recv.Name() + "." + field.Name()
	if found := c.contextInScope(file, l, pos); found != "" && (found != held || !c.nilTested(field)) {
		return "", found, nil // a context of its own, or the field, never nil
	}
	// The loop must not assign the field, nor the receiver.
	assigned := false
	ast.Inspect(l.Body, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok {
			for _, lhs := range as.Lhs {
				if root, ok := c.fieldChain(lhs); ok && info.Uses[root] == recv {
					assigned = true
				}
			}
		}
		return !assigned
	})
	if assigned {
		return "", "", nil
	}
	if !c.nilTested(field) {
		return held, held, nil
	}
	ctx, edits, ok = c.copyContext(file, l, src, held, false)
	if !ok {
		return "", "", nil
	}
	return held, ctx, edits
}

// receiverContextField returns the receiver of the method fd and the
// field of type context.Context that it holds, when its type has one such
// field and the package reads it; nil otherwise.
func (c *checker) receiverContextField(fd *ast.FuncDecl) (recv, field *types.Var) {
	if fd.Recv == nil || len(fd.Recv.List) != 1 || len(fd.Recv.List[0].Names) != 1 || fd.Body == nil {
		return nil, nil
	}
	recv, ok := c.pass.TypesInfo.Defs[fd.Recv.List[0].Names[0]].(*types.Var)
	if !ok || recv.Name() == "_" {
		return nil, nil
	}
	field = contextField(recv.Type())
	if field == nil || !c.fieldRead(field) {
		return nil, nil
	}
	return recv, field
}

// contextField returns the one field of type context.Context of the
// struct t (or *t) holds, nil when it has none or more than one.
func contextField(t types.Type) *types.Var {
	if p, isPtr := types.Unalias(t).(*types.Pointer); isPtr {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	var field *types.Var
	for f := range st.Fields() {
		if httpmodel.IsNamed(f.Type(), "context", "Context") && !f.Embedded() {
			if field != nil {
				return nil // two contexts: which one is the caller's?
			}
			field = f
		}
	}
	return field
}

// nilTested reports whether the package compares the field f with nil.
func (c *checker) nilTested(f *types.Var) bool { return c.fieldUse(f)[1] }

// fieldRead reports whether a function of the package reads the field f
// (x.f, not as the target of an assignment).
func (c *checker) fieldRead(f *types.Var) bool { return c.fieldUse(f)[0] }

// fieldUse returns whether the package reads the field f and whether it
// compares it with nil, walking the package once for all fields.
func (c *checker) fieldUse(f *types.Var) [2]bool {
	if c.fieldUses == nil {
		c.fieldUses = map[*types.Var][2]bool{}
		info := c.pass.TypesInfo
		field := func(e ast.Expr) *types.Var {
			sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
			if !ok {
				return nil
			}
			if s, ok := info.Selections[sel]; ok && s.Kind() == types.FieldVal {
				return s.Obj().(*types.Var)
			}
			return nil
		}
		written := map[ast.Expr]bool{}
		for _, file := range c.pass.Files {
			ast.Inspect(file, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.AssignStmt:
					for _, lhs := range n.Lhs {
						written[ast.Unparen(lhs)] = true
					}
				case *ast.BinaryExpr:
					if n.Op == token.EQL || n.Op == token.NEQ {
						for _, pair := range [2][2]ast.Expr{{n.X, n.Y}, {n.Y, n.X}} {
							if v := field(pair[0]); v != nil && info.Types[pair[1]].IsNil() {
								u := c.fieldUses[v]
								u[1] = true
								c.fieldUses[v] = u
							}
						}
					}
				case *ast.SelectorExpr:
					if v := field(n); v != nil && !written[n] {
						u := c.fieldUses[v]
						u[0] = true
						c.fieldUses[v] = u
					}
				}
				return true
			})
		}
	}
	return c.fieldUses[f]
}

// checkHeldContext reports the operation l handed to a retry helper that
// runs the operation its receiver holds (see retryloop.Loop.Held), when
// the helper's type has a field for the caller's context, the literal
// that makes it leaves that field unset, and a context is at hand where
// it is made: the helper's retries and waits then never see the caller's
// cancellation. The fix sets the field to that context:
//
//	retryExecutor := utils.RetryExecutor{
//		Context:          jc.ctx,
//		ExecutionHandler: func() (bool, error) { ... },
//	}
//
// When the context at hand is nil the field stays nil, as it was.
func (c *checker) checkHeldContext(file *ast.File, l *retryloop.Loop) {
	info := c.pass.TypesInfo
	if l.Held == nil || l.Via == nil || l.Outer == nil {
		return
	}
	field := contextField(info.TypeOf(l.Held))
	if field == nil {
		return
	}
	for _, e := range l.Held.Elts {
		if kv, ok := e.(*ast.KeyValueExpr); ok {
			if k, ok := kv.Key.(*ast.Ident); ok && k.Name == field.Name() {
				return
			}
		} else {
			return // an unkeyed literal sets every field
		}
	}
	fd, ok := c.declOf(l.Held).(*ast.FuncDecl)
	if !ok || fd.Body == nil {
		return
	}
	// The field set later (x.Context = ctx) is set.
	stores, all := flow.FieldStores(fd.Body, func(sel *ast.SelectorExpr) bool {
		s, ok := info.Selections[sel]
		return ok && s.Obj() == field
	})
	if len(stores) > 0 || !all {
		return
	}
	ctx := c.contextInScope(file, l, l.Held.Pos())
	if ctx == "" {
		if recv, f := c.receiverContextField(fd); f != nil {
			ctx = recv.Name() + "." + f.Name()
		}
	}
	if ctx == "" {
		c.gate(l.Held, "held-no-ctx", "a retry helper's literal without its context field, no context at hand")
		return
	}
	src := fixes.Source(c.pass, l.Held.Pos())
	stmt := fixes.StmtOf(fd.Body, l.Held)
	if src == nil || stmt == nil {
		return
	}
	tf := c.pass.Fset.File(stmt.Pos())
	start, lb, end := tf.Offset(stmt.Pos()), tf.Offset(l.Held.Lbrace)+1, tf.Offset(stmt.End())
	key := field.Name() + ": " + ctx + ","
	if len(l.Held.Elts) == 0 || tf.Line(l.Held.Lbrace) == tf.Line(l.Held.Elts[0].Pos()) {
		key += " " // T{A: a}, T{A: func() {...}}: the key goes first on the line
	} else {
		// The key goes on a line of its own after the brace's, which
		// keeps the comment that may end it.
		lb = tf.Offset(fixes.LineEnd(c.pass.Fset, src, l.Held.Lbrace))
		key = "\n" + key
	}
	text := string(src[start:lb]) + key + string(src[lb:end])
	out, ok := fixes.FormatStmts(text, fixes.Indent(c.pass.Fset, src, stmt.Pos()))
	if !ok {
		return
	}
	qual := func(p *types.Package) string {
		if p == c.pass.Pkg {
			return ""
		}
		return p.Name()
	}
	c.pass.Report(analysis.Diagnostic{
		Pos: l.Held.Pos(),
		End: l.Held.Lbrace + 1,
		Message: fmt.Sprintf("%s is made without its %s while %s is at hand: its %s retries and waits without seeing %s's cancellation (the operation outlives its caller)",
			types.TypeString(info.TypeOf(l.Held), qual), field.Name(), ctx, l.Via.Name(), ctx),
		SuggestedFixes: []analysis.SuggestedFix{{
			Message:   "Set " + field.Name() + " to " + ctx,
			TextEdits: []analysis.TextEdit{{Pos: stmt.Pos(), End: stmt.End(), NewText: []byte(out)}},
		}},
	})
}
