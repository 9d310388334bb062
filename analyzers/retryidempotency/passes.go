package retryidempotency

// This file tells a check of a request's method that protects a retry
// from one that does not: a function that compares the method only to
// ask whether the body can be sent again, and answers yes for a POST
// whose body can (isBodied && req.Body != nil: return req.ContentLength
// != -1), lets a write be retried as any other request.

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"net/http"

	"github.com/retrylint/retrylint/internal/httpmodel"
	"github.com/retrylint/retrylint/internal/paths"
)

// passesWrites reports whether fd, a func(*http.Request) bool that
// compares the request's method, may answer true for a POST without a
// key: on some path taken for a POST, it returns true, or a condition on
// the request's body alone (its Body, ContentLength or GetBody). A
// function that calls anything, or reads the request's header, is taken
// to check what it says it checks.
func (c *checker) passesWrites(fd *ast.FuncDecl) bool {
	info := c.pass.TypesInfo
	obj, ok := info.Defs[fd.Name].(*types.Func)
	if !ok || fd.Body == nil {
		return false
	}
	sig := obj.Type().(*types.Signature)
	if sig.Params().Len() != 1 || !httpmodel.IsRequest(sig.Params().At(0).Type()) || sig.Results().Len() != 1 {
		return false
	}
	if b, ok := sig.Results().At(0).Type().Underlying().(*types.Basic); !ok || b.Kind() != types.Bool {
		return false
	}
	req := sig.Params().At(0)
	m := &postModel{info: info, req: req, bools: map[*types.Var]ast.Expr{}}
	clean := true
	ast.PreorderStack(fd.Body, nil, func(n ast.Node, stack []ast.Node) bool {
		if !clean {
			return false
		}
		switch n := n.(type) {
		case *ast.CallExpr:
			if tv, ok := info.Types[n.Fun]; !ok || !tv.IsType() {
				clean = false // a call, not a conversion
			}
		case *ast.FuncLit:
			clean = false
		case *ast.SelectorExpr:
			if n.Sel.Name == "Header" && m.isReq(n.X) {
				clean = false
			}
			if n.Sel.Name == "Method" && m.isReq(n.X) && len(stack) > 0 {
				// The method only compared with constants: a set of
				// methods (a map, a slice ranged over) is not
				// evaluated, and the check then stands.
				clean = m.comparedWithConst(n, stack[len(stack)-1])
			}
		case *ast.AssignStmt:
			m.learn(n)
		case *ast.IncDecStmt:
			if id, ok := n.X.(*ast.Ident); ok {
				if v, ok := info.Uses[id].(*types.Var); ok {
					m.forget(v)
				}
			}
		}
		return true
	})
	if !clean {
		return false
	}
	g := c.loops.Graph(fd)
	if g == nil {
		return false
	}
	for _, r := range g.Returns(m) {
		if len(r.Results) != 1 {
			continue
		}
		switch m.Cond(r.Results[0]) {
		case paths.Yes:
			return true
		case paths.Maybe:
			if m.bodyOnly(r.Results[0]) {
				return true
			}
		}
	}
	return false
}

// A postModel evaluates the conditions of a check of the request req
// for a POST: a comparison of its method with a constant, and the bool
// variables defined from one; any other condition is taken both ways.
type postModel struct {
	info  *types.Info
	req   *types.Var
	bools map[*types.Var]ast.Expr // nil: assigned more than once
}

func (m *postModel) isReq(e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && m.info.Uses[id] == m.req
}

// learn records a bool variable defined from a condition, and forgets
// one assigned again.
func (m *postModel) learn(st *ast.AssignStmt) {
	for i, l := range st.Lhs {
		id, ok := l.(*ast.Ident)
		if !ok {
			continue
		}
		if v, ok := m.info.Defs[id].(*types.Var); ok && st.Tok == token.DEFINE && len(st.Lhs) == len(st.Rhs) {
			m.bools[v] = st.Rhs[i]
			continue
		}
		if v, ok := m.info.Uses[id].(*types.Var); ok {
			m.forget(v)
		}
	}
}

func (m *postModel) forget(v *types.Var) {
	if _, ok := m.bools[v]; ok {
		m.bools[v] = nil
	}
}

// Return is false: a check's returns end its paths.
func (m *postModel) Return(*ast.ReturnStmt) bool { return false }

// Cond evaluates e for a POST.
func (m *postModel) Cond(e ast.Expr) paths.Tri {
	if t, ok := paths.Logic(e, m.Cond); ok {
		return t
	}
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		if e.Name == "true" || e.Name == "false" {
			if c, ok := m.info.Uses[e].(*types.Const); ok && c.Val().Kind() == constant.Bool {
				return paths.Of(constant.BoolVal(c.Val()))
			}
		}
		if v, ok := m.info.Uses[e].(*types.Var); ok {
			if val := m.bools[v]; val != nil {
				m.bools[v] = nil // a definition in terms of itself is unknown
				t := m.Cond(val)
				m.bools[v] = val
				return t
			}
		}
	case *ast.BinaryExpr:
		switch e.Op {
		case token.EQL, token.NEQ:
			t, ok := m.methodIs(e.X, e.Y)
			if !ok {
				t, ok = m.methodIs(e.Y, e.X)
			}
			if !ok {
				return paths.Maybe
			}
			if e.Op == token.NEQ {
				return t.Not()
			}
			return t
		}
	}
	return paths.Maybe
}

// comparedWithConst reports whether the method sel, under parent, is
// compared with a constant: req.Method == "POST", or the tag of a switch
// whose cases are all constants.
func (m *postModel) comparedWithConst(sel *ast.SelectorExpr, parent ast.Node) bool {
	switch p := parent.(type) {
	case *ast.BinaryExpr:
		other := p.Y
		if other == sel {
			other = p.X
		}
		_, isConst := httpmodel.ConstString(m.info, other)
		return (p.Op == token.EQL || p.Op == token.NEQ) && isConst
	case *ast.SwitchStmt:
		if p.Tag != sel {
			return false
		}
		for _, cc := range p.Body.List {
			for _, v := range cc.(*ast.CaseClause).List {
				if _, isConst := httpmodel.ConstString(m.info, v); !isConst {
					return false
				}
			}
		}
		return true
	}
	return false
}

// methodIs evaluates req.Method == value for a POST.
func (m *postModel) methodIs(x, value ast.Expr) (paths.Tri, bool) {
	sel, ok := ast.Unparen(x).(*ast.SelectorExpr)
	if !ok || !m.isReq(sel.X) {
		return paths.Maybe, false
	}
	if s, ok := m.info.Selections[sel]; !ok || !isRequestMethod(s.Obj()) {
		return paths.Maybe, false
	}
	v, ok := httpmodel.ConstString(m.info, value)
	if !ok {
		return paths.Maybe, false
	}
	return paths.Of(v == http.MethodPost), true
}

// bodyOnly reports whether e reads nothing but the request's body
// fields (Body, ContentLength, GetBody), constants and nil.
func (m *postModel) bodyOnly(e ast.Expr) bool {
	only := true
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			if m.isReq(n.X) {
				switch n.Sel.Name {
				case "Body", "ContentLength", "GetBody":
					return false
				}
			}
			only = false
		case *ast.Ident:
			if _, isConst := m.info.Uses[n].(*types.Const); !isConst && !m.info.Types[n].IsNil() {
				only = false
			}
		case *ast.CallExpr:
			only = false
		}
		return only
	})
	return only
}
