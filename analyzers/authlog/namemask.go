package authlog

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"net/http"
	"strings"

	"github.com/retrylint/retrylint/internal/flow"
	"github.com/retrylint/retrylint/internal/httpmodel"
	"github.com/retrylint/retrylint/internal/paths"
)

// This file recognises masking helpers keyed by a header's name: a
// function of a name and a value that returns the value masked when the
// name says it is a credential, and whole otherwise, as a debug
// transport prints each header:
//
//	func scrub(key, value string) string {
//		key = strings.ToLower(key)
//		if strings.Contains(key, "auth") || strings.Contains(key, "token") ||
//			strings.Contains(key, "cookie") || strings.Contains(key, "key") {
//			return "***"
//		}
//		return value
//	}
//	for k, vs := range req.Header { for _, v := range vs { log.Printf("%s: %s", k, scrub(k, v)) } }
//
// The helper is walked once for each configured header, its name in the
// name parameter: every return a path reaches must hold no more of the
// value than a masked part (see maskedText). A call that hands it a name
// that is not a constant (the key of a loop over a header) then carries
// nothing of the value.

// namedMask returns the name and value parameters (0-based) of fd when fd
// is a masking helper keyed by a header's name, ok false otherwise.
func (c *checker) namedMask(fd *ast.FuncDecl) (name, value int, ok bool) {
	info := c.pass.TypesInfo
	obj, _ := info.Defs[fd.Name].(*types.Func)
	if obj == nil || fd.Body == nil || len(c.names) == 0 {
		return 0, 0, false
	}
	sig := obj.Type().(*types.Signature)
	if sig.Results().Len() != 1 || !isString(sig.Results().At(0).Type()) || sig.Params().Len() != 2 {
		return 0, 0, false
	}
	for i := range 2 {
		if !isString(sig.Params().At(i).Type()) {
			return 0, 0, false
		}
	}
	g := paths.New(info, fd.Body)
	for _, order := range [][2]int{{0, 1}, {1, 0}} {
		name, value := order[0], order[1]
		m := &nameModel{info: info, fd: fd, name: sig.Params().At(name)}
		if !m.singleAssign() {
			continue
		}
		vals := map[*types.Var]bool{sig.Params().At(value): true}
		masked, whole := true, false
		for _, h := range c.names {
			m.value = h
			for _, r := range g.Returns(m) {
				if len(r.Results) != 1 {
					return 0, 0, false
				}
				if ok, _ := maskedText(info, vals, r.Results[0]); !ok && flow.Mentions(info, r.Results[0], sig.Params().At(value)) {
					masked = false
				}
			}
		}
		// Another name gets the value whole: a plain masking helper is
		// masksText's.
		m.value = "X-Retrylint-Plain"
		for _, r := range g.Returns(m) {
			if len(r.Results) == 1 && flow.Mentions(info, r.Results[0], sig.Params().At(value)) {
				if ok, _ := maskedText(info, vals, r.Results[0]); !ok {
					whole = true
				}
			}
		}
		if masked && whole {
			return name, value, true
		}
	}
	return 0, 0, false
}

// nameModel evaluates a helper's conditions on its name parameter, given
// the name value: comparisons, strings.Contains, HasPrefix, HasSuffix and
// EqualFold of the name or of its case folded or canonical form.
type nameModel struct {
	info  *types.Info
	fd    *ast.FuncDecl
	name  *types.Var
	value string
	// fold is what the one assignment of the name (key =
	// strings.ToLower(key), the body's first statement) does to it.
	fold func(string) string
}

// singleAssign reports whether the name parameter is assigned at most
// once, by the first statement of the body, from a fold of itself; it
// records the fold.
func (m *nameModel) singleAssign() bool {
	m.fold = nil
	ok := true
	ast.Inspect(m.fd.Body, func(n ast.Node) bool {
		as, isAssign := n.(*ast.AssignStmt)
		if !isAssign {
			return ok
		}
		for i, l := range as.Lhs {
			id, isID := l.(*ast.Ident)
			if !isID || m.info.Uses[id] != m.name {
				continue
			}
			if len(m.fd.Body.List) == 0 || m.fd.Body.List[0] != as || len(as.Rhs) != len(as.Lhs) || m.fold != nil {
				ok = false
				return false
			}
			call, isCall := ast.Unparen(as.Rhs[i]).(*ast.CallExpr)
			if !isCall || len(call.Args) != 1 || !m.isName(call.Args[0]) {
				ok = false
				return false
			}
			f := foldOf(httpmodel.Callee(m.info, call))
			if f == nil {
				ok = false
				return false
			}
			m.fold = f
		}
		return ok
	})
	return ok
}

// foldOf returns what fn does to a text, for the folds of case and form
// a helper applies to a name.
func foldOf(fn *types.Func) func(string) string {
	switch {
	case httpmodel.IsPkgFunc(fn, "strings", "ToLower"):
		return strings.ToLower
	case httpmodel.IsPkgFunc(fn, "strings", "ToUpper"):
		return strings.ToUpper
	case httpmodel.IsPkgFunc(fn, "strings", "TrimSpace"):
		return strings.TrimSpace
	case httpmodel.IsPkgFunc(fn, "net/http", "CanonicalHeaderKey"), httpmodel.IsPkgFunc(fn, "net/textproto", "CanonicalMIMEHeaderKey"):
		return http.CanonicalHeaderKey
	}
	return nil
}

func (m *nameModel) isName(e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && m.info.Uses[id] == m.name
}

// text returns the value of e, the name or a fold of it, or a constant.
func (m *nameModel) text(e ast.Expr) (string, bool) {
	e = ast.Unparen(e)
	if tv, ok := m.info.Types[e]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
		return constant.StringVal(tv.Value), true
	}
	if m.isName(e) {
		if m.fold != nil {
			return m.fold(m.value), true
		}
		return m.value, true
	}
	if call, ok := e.(*ast.CallExpr); ok && len(call.Args) == 1 {
		if f := foldOf(httpmodel.Callee(m.info, call)); f != nil {
			if s, ok := m.text(call.Args[0]); ok {
				return f(s), true
			}
		}
	}
	return "", false
}

// Cond evaluates a condition on the name.
func (m *nameModel) Cond(e ast.Expr) paths.Tri {
	if t, ok := paths.Logic(e, m.Cond); ok {
		return t
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.BinaryExpr:
		if x.Op != token.EQL && x.Op != token.NEQ {
			return paths.Maybe
		}
		a, ok1 := m.text(x.X)
		b, ok2 := m.text(x.Y)
		if !ok1 || !ok2 {
			return paths.Maybe
		}
		return paths.Of((a == b) == (x.Op == token.EQL))
	case *ast.CallExpr:
		fn := httpmodel.Callee(m.info, x)
		if len(x.Args) != 2 {
			return paths.Maybe
		}
		a, ok1 := m.text(x.Args[0])
		b, ok2 := m.text(x.Args[1])
		if !ok1 || !ok2 {
			return paths.Maybe
		}
		switch {
		case httpmodel.IsPkgFunc(fn, "strings", "Contains"):
			return paths.Of(strings.Contains(a, b))
		case httpmodel.IsPkgFunc(fn, "strings", "HasPrefix"):
			return paths.Of(strings.HasPrefix(a, b))
		case httpmodel.IsPkgFunc(fn, "strings", "HasSuffix"):
			return paths.Of(strings.HasSuffix(a, b))
		case httpmodel.IsPkgFunc(fn, "strings", "EqualFold"):
			return paths.Of(strings.EqualFold(a, b))
		}
	}
	return paths.Maybe
}

// Return is part of paths.Model: a helper's return starts nothing.
func (m *nameModel) Return(*ast.ReturnStmt) bool { return false }
