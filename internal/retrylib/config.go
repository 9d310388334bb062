package retrylib

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/httpmodel"
)

// Scope is where configuration is read: the body of the function that
// holds the call, and the files of the package (for a value kept in a
// struct field or a package variable, and for constructors).
type Scope struct {
	Info  *types.Info
	Body  ast.Node
	Files []*ast.File
	// Ctors, when not nil, gives the client that a call of another
	// package's constructor returns (see ClientCtor).
	Ctors Ctors
}

// ScopeAt returns the scope of the function declaration innermost in
// stack (a path from a file down to a node), over the package's files.
func ScopeAt(info *types.Info, files []*ast.File, stack []ast.Node) Scope {
	s := Scope{Info: info, Files: files}
	for i := len(stack) - 1; i >= 0; i-- {
		if fd, ok := stack[i].(*ast.FuncDecl); ok {
			s.Body = fd.Body
			break
		}
	}
	return s
}

// Trace is what a value was made from: the method calls of the chains that
// configure it (resty's c.SetRetryCount(3), including those on the value
// it was assigned from), the expressions at the root of those chains
// (resty.New(), &retryablehttp.Client{...}, backoff.NewExponentialBackOff()),
// and the assignments to its fields (c.RetryMax = 0), by field name.
type Trace struct {
	Calls  []*ast.CallExpr
	Roots  []ast.Expr
	Fields map[string][]ast.Expr
	// Known is false when some variable on the way has no value visible in
	// the scope (a parameter, a value from another package).
	Known bool
	// Params are the parameters (the receiver among them) of the scope's
	// function reached on the way: the value is, on those paths, the
	// caller's.
	Params []*types.Var
	// bodies holds, for each root, the body of the function it was found
	// in (a constructor that stores the value in a field), nil for the
	// scope's own.
	bodies map[ast.Expr]ast.Node
}

// In returns s for reading what root, one of t's Roots, is made of (its
// arguments, the variables they name): s with the body of the function
// the root was found in, as a value stored in a field by a constructor
// (&Resolver{exec: failsafe.With(rp)}) is made of the constructor's
// variables.
func (t *Trace) In(s Scope, root ast.Expr) Scope {
	if b := t.bodies[root]; b != nil {
		s.Body = b
	}
	return s
}

// TraceValue follows e back through variables, struct fields and simple
// constructors of the same package.
func TraceValue(s Scope, e ast.Expr) *Trace {
	t := &Trace{Fields: map[string][]ast.Expr{}, Known: true}
	seen := map[types.Object]bool{}
	calls := map[*ast.CallExpr]bool{}
	var walk func(e ast.Expr, body ast.Node, depth int)
	walk = func(e ast.Expr, body ast.Node, depth int) {
		if depth > 4 {
			t.Known = false
			return
		}
		root, chain := s.unchainLocal(e)
		for _, c := range chain {
			if !calls[c] {
				calls[c] = true
				t.Calls = append(t.Calls, c)
			}
		}
		v := varOf(s.Info, root)
		if v == nil {
			if call, ok := ast.Unparen(root).(*ast.CallExpr); ok {
				if fd := s.localFunc(call); fd != nil {
					// A constructor of the package: follow what it returns.
					n := 0
					ast.Inspect(fd.Body, func(n2 ast.Node) bool {
						if _, ok := n2.(*ast.FuncLit); ok {
							return false
						}
						if r, ok := n2.(*ast.ReturnStmt); ok && len(r.Results) > 0 {
							n++
							walk(r.Results[0], fd.Body, depth+1)
						}
						return true
					})
					if n > 0 {
						return
					}
				}
			}
			t.Roots = append(t.Roots, ast.Unparen(root))
			if body != s.Body && body != nil {
				if t.bodies == nil {
					t.bodies = map[ast.Expr]ast.Node{}
				}
				t.bodies[ast.Unparen(root)] = body
			}
			return
		}
		if seen[v] {
			return
		}
		seen[v] = true
		region := []ast.Node{body}
		if v.IsField() || v.Parent() == v.Pkg().Scope() || body == nil {
			region = region[:0]
			for _, f := range s.Files {
				region = append(region, f)
			}
		}
		var values []ast.Expr
		for _, r := range region {
			if r == nil {
				continue
			}
			ast.Inspect(r, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.AssignStmt:
					for i, l := range n.Lhs {
						if varOf(s.Info, l) == v && len(n.Rhs) == len(n.Lhs) {
							values = append(values, n.Rhs[i])
						} else if varOf(s.Info, l) == v && len(n.Rhs) == 1 && i == 0 {
							values = append(values, n.Rhs[0]) // x, err := f()
						}
						if sel, ok := l.(*ast.SelectorExpr); ok && varOf(s.Info, sel.X) == v && len(n.Rhs) == len(n.Lhs) {
							t.Fields[sel.Sel.Name] = append(t.Fields[sel.Sel.Name], n.Rhs[i])
						}
					}
				case *ast.ValueSpec:
					for i, name := range n.Names {
						if s.Info.Defs[name] == v && len(n.Values) == len(n.Names) {
							values = append(values, n.Values[i])
						} else if s.Info.Defs[name] == v && len(n.Values) == 1 && i == 0 {
							values = append(values, n.Values[0])
						}
					}
				case *ast.KeyValueExpr:
					if id, ok := n.Key.(*ast.Ident); ok && s.Info.Uses[id] == v {
						values = append(values, n.Value)
					}
				case *ast.CallExpr:
					if r, chain := unchain(s.Info, n); len(chain) > 0 && varOf(s.Info, r) == v {
						// Only the calls that configure v itself: a
						// fluent chain of setters returning v's type,
						// not those on a value derived from it (a
						// request made by client.R()).
						for i := len(chain) - 1; i >= 0; i-- {
							c := chain[i]
							if i != len(chain)-1 && !types.Identical(s.Info.TypeOf(chain[i+1]), v.Type()) {
								break
							}
							if !calls[c] {
								calls[c] = true
								t.Calls = append(t.Calls, c)
							}
						}
					}
				}
				return true
			})
		}
		if len(values) == 0 {
			t.Known = false
			if v.Kind() == types.ParamVar || v.Kind() == types.RecvVar {
				t.Params = append(t.Params, v)
			}
		}
		for _, val := range values {
			walk(val, enclosingBody(s, val, body), depth+1)
		}
	}
	walk(e, s.Body, 0)
	for _, r := range t.Roots {
		if lit := compositeOf(r); lit != nil {
			for _, el := range lit.Elts {
				if kv, ok := el.(*ast.KeyValueExpr); ok {
					if id, ok := kv.Key.(*ast.Ident); ok {
						t.Fields[id.Name] = append(t.Fields[id.Name], kv.Value)
					}
				}
			}
		}
	}
	return t
}

// enclosingBody returns the body of the function declaration of the
// package that holds e, or def when e is in none of the files.
func enclosingBody(s Scope, e ast.Expr, def ast.Node) ast.Node {
	for _, f := range s.Files {
		if f.Pos() > e.Pos() || e.End() > f.End() {
			continue
		}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil && fd.Pos() <= e.Pos() && e.End() <= fd.End() {
				return fd.Body
			}
		}
	}
	return def
}

func (s Scope) localFunc(call *ast.CallExpr) *ast.FuncDecl {
	return s.declOf(httpmodel.Callee(s.Info, call))
}

// declOf returns the declaration, with a body, of fn among the scope's
// files, or nil.
func (s Scope) declOf(fn *types.Func) *ast.FuncDecl {
	if fn == nil {
		return nil
	}
	for _, f := range s.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil && s.Info.Defs[fd.Name] == fn {
				return fd
			}
		}
	}
	return nil
}

// unchainLocal is unchain that stops at a method of the package whose
// result is not its receiver's type (c.request(ctx).SetBody(b), where
// request returns c.client.R()...): the value is what that method
// returns, which TraceValue follows into its body, not its receiver.
func (s Scope) unchainLocal(e ast.Expr) (ast.Expr, []*ast.CallExpr) {
	root, chain := unchain(s.Info, e)
	for i, c := range chain {
		fn := httpmodel.Callee(s.Info, c)
		if fn == nil || s.localFunc(c) == nil {
			continue
		}
		sig := fn.Signature()
		if sig.Recv() == nil || sig.Results().Len() != 1 || types.Identical(sig.Results().At(0).Type(), sig.Recv().Type()) {
			continue
		}
		return c, chain[:i]
	}
	return root, chain
}

// unchain walks a chain of method calls x.A().B().C() down to x, and
// returns x and the calls, outermost first.
func unchain(info *types.Info, e ast.Expr) (ast.Expr, []*ast.CallExpr) {
	var calls []*ast.CallExpr
	for {
		call, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok {
			return e, calls
		}
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok {
			return e, calls
		}
		if s := info.Selections[sel]; s == nil || s.Kind() != types.MethodVal {
			return e, calls
		}
		calls = append(calls, call)
		e = sel.X
	}
}

// varOf returns the variable or struct field e names.
func varOf(info *types.Info, e ast.Expr) *types.Var {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		v, _ := info.ObjectOf(e).(*types.Var)
		return v
	case *ast.SelectorExpr:
		v, _ := info.ObjectOf(e.Sel).(*types.Var)
		return v
	case *ast.StarExpr:
		return varOf(info, e.X)
	}
	return nil
}

func compositeOf(e ast.Expr) *ast.CompositeLit {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	lit, _ := e.(*ast.CompositeLit)
	return lit
}

// last returns the last expression of list in source order, or nil.
func last(list []ast.Expr) ast.Expr {
	var l ast.Expr
	for _, e := range list {
		if l == nil || e.Pos() > l.Pos() {
			l = e
		}
	}
	return l
}

// PerAttemptTimeout returns a context.WithTimeout or WithDeadline call
// (or their Cause forms) made by the operation op itself, a function
// literal or a function of the package: a timeout made anew on every
// attempt.
func PerAttemptTimeout(s Scope, op ast.Expr) *ast.CallExpr {
	var body ast.Node
	switch o := ast.Unparen(op).(type) {
	case *ast.FuncLit:
		body = o.Body
	case *ast.Ident, *ast.SelectorExpr:
		if fn, ok := s.Info.ObjectOf(analysisutil.RefIdent(o)).(*types.Func); ok {
			for _, f := range s.Files {
				for _, d := range f.Decls {
					if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil && s.Info.Defs[fd.Name] == fn {
						body = fd.Body
					}
				}
			}
		}
	}
	if body == nil {
		return nil
	}
	var found *ast.CallExpr
	ast.Inspect(body, func(n ast.Node) bool {
		if found != nil {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit, *ast.GoStmt, *ast.DeferStmt:
			return false
		case *ast.CallExpr:
			if httpmodel.IsPkgFunc(httpmodel.Callee(s.Info, n), "context", "WithTimeout", "WithDeadline", "WithTimeoutCause", "WithDeadlineCause") {
				found = n
			}
		}
		return true
	})
	return found
}
