package authlog

import (
	"go/ast"
	"go/token"
	"go/types"
	"net/http"

	"github.com/retrylint/retrylint/internal/callindex"
	"github.com/retrylint/retrylint/internal/httpmodel"
)

// This file finds the struct fields and package variables whose value the
// package sends as a credential: the value of a configured header
// (req.Header.Set("Authorization", "Bearer "+c.token), h["X-Api-Key"] =
// []string{apiKey}, http.Header{"Private-Token": {cfg.Token}}) or the
// password of SetBasicAuth. Such a variable holds a credential wherever
// the package reads it, and a log that writes it writes the credential
// (log.Printf("using key %s", c.apiKey)), although no header is read
// there.
//
// A variable counts only when it is the one value the header is made
// from, apart from constants: "Bearer "+c.token and
// fmt.Sprintf("token %s", c.token) name c.token, but
// c.scheme+" "+c.token names neither, since the scheme is no secret and
// the two cannot be told apart.

// credVars returns the variables of credential values the package sends
// (see above), built on first use.
func (c *checker) credVars() map[*types.Var]creds {
	if c.sent != nil {
		return c.sent
	}
	c.sent = map[*types.Var]creds{}
	info := c.pass.TypesInfo
	if c.defs == nil {
		c.defs = localDefs(c.calls, info)
	}
	defs := c.defs
	note := func(e ast.Expr, bits creds) {
		if bits == 0 {
			return
		}
		if v := sentVar(info, defs, e, 0); v != nil {
			c.sent[v] |= bits
		}
	}
	c.calls.Visit(func(file *ast.File) bool { return isTestFile(c.pass, file) }, func(n ast.Node) {
		switch n := n.(type) {
		case *ast.CallExpr:
			if a, ok := httpmodel.HeaderCall(info, n); ok && (a.Op == httpmodel.HeaderSet || a.Op == httpmodel.HeaderAdd) && a.Value != nil {
				note(a.Value, c.nameBit(a.Name))
			} else if fn := httpmodel.Callee(info, n); httpmodel.IsMethod(fn, httpPkg, "Request", "SetBasicAuth") && len(n.Args) == 2 {
				note(n.Args[1], credPassword)
			}
		case *ast.AssignStmt:
			if len(n.Lhs) != len(n.Rhs) {
				break
			}
			for i, l := range n.Lhs {
				ix, ok := ast.Unparen(l).(*ast.IndexExpr)
				if !ok {
					continue
				}
				if a, ok := httpmodel.HeaderIndexExpr(info, ix); ok {
					c.noteList(n.Rhs[i], c.nameBit(a.Name), note)
				}
			}
		case *ast.CompositeLit:
			if t := info.TypeOf(n); t == nil || !isHeader(t) {
				break
			}
			for _, elt := range n.Elts {
				kv, ok := elt.(*ast.KeyValueExpr)
				if !ok {
					continue
				}
				if name, ok := httpmodel.ConstString(info, kv.Key); ok {
					c.noteList(kv.Value, c.nameBit(http.CanonicalHeaderKey(name)), note)
				}
			}
		}
	})
	return c.sent
}

// noteList notes each element of e, the values of a header given as a
// list ([]string{"Bearer " + tok}, or {tok} in a header literal).
func (c *checker) noteList(e ast.Expr, bits creds, note func(ast.Expr, creds)) {
	if lit, ok := ast.Unparen(e).(*ast.CompositeLit); ok {
		for _, elt := range lit.Elts {
			note(elt, bits)
		}
	}
}

// localDefs maps each local variable of the package that is given a
// value once, where it is declared, to that value (tok := c.cfg.Token).
func localDefs(ix *callindex.Index, info *types.Info) map[*types.Var]ast.Expr {
	defs := map[*types.Var]ast.Expr{}
	again := map[*types.Var]bool{}
	ix.Visit(nil, func(n ast.Node) {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				id, ok := ast.Unparen(l).(*ast.Ident)
				if !ok {
					continue
				}
				if v, ok := info.Defs[id].(*types.Var); ok && n.Tok == token.DEFINE && len(n.Lhs) == len(n.Rhs) {
					defs[v] = n.Rhs[i]
				} else if v, ok := info.Uses[id].(*types.Var); ok {
					again[v] = true
				} else if v, ok := info.Defs[id].(*types.Var); ok {
					again[v] = true // v, err := f(): not one value
				}
			}
		case *ast.ValueSpec:
			for i, id := range n.Names {
				if v, ok := info.Defs[id].(*types.Var); ok && len(n.Values) == len(n.Names) && v.Parent() != v.Pkg().Scope() {
					defs[v] = n.Values[i]
				}
			}
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				if id, ok := ast.Unparen(n.X).(*ast.Ident); ok {
					if v, ok := info.Uses[id].(*types.Var); ok {
						again[v] = true // &v: set elsewhere
					}
				}
			}
		}
	})
	for v := range again {
		delete(defs, v)
	}
	return defs
}

// sentVar returns the struct field or package variable of text type that
// e, a value sent as a credential, is made from, alone but for constants
// (see the comment at the top of the file), or nil.
func sentVar(info *types.Info, defs map[*types.Var]ast.Expr, e ast.Expr, depth int) *types.Var {
	if depth > 4 {
		return nil
	}
	e = ast.Unparen(e)
	if tv, ok := info.Types[e]; ok && tv.Value != nil {
		return nil
	}
	// one returns the variable of the one operand of es that is not a
	// constant.
	one := func(es []ast.Expr) *types.Var {
		var only ast.Expr
		for _, x := range es {
			if tv, ok := info.Types[x]; ok && tv.Value != nil {
				continue
			}
			if only != nil {
				return nil
			}
			only = x
		}
		if only == nil {
			return nil
		}
		return sentVar(info, defs, only, depth+1)
	}
	switch x := e.(type) {
	case *ast.BinaryExpr:
		if x.Op != token.ADD {
			return nil
		}
		return one([]ast.Expr{x.X, x.Y})
	case *ast.CallExpr:
		if tv, ok := info.Types[x.Fun]; ok && tv.IsType() && len(x.Args) == 1 {
			return sentVar(info, defs, x.Args[0], depth+1) // string(key)
		}
		fn := httpmodel.Callee(info, x)
		switch {
		case httpmodel.IsPkgFunc(fn, "fmt", "Sprintf", "Sprint"):
			return one(x.Args)
		case httpmodel.IsPkgFunc(fn, "strings", "TrimSpace"):
			return one(x.Args)
		}
		return nil
	case *ast.SelectorExpr:
		sel, ok := info.Selections[x]
		if !ok {
			return textVar(info.Uses[x.Sel]) // pkg.APIKey
		}
		if sel.Kind() != types.FieldVal {
			return nil
		}
		return textVar(sel.Obj())
	case *ast.Ident:
		v, ok := info.Uses[x].(*types.Var)
		if !ok {
			return nil
		}
		if v.Pkg() != nil && v.Parent() == v.Pkg().Scope() {
			return textVar(v)
		}
		if rhs, ok := defs[v]; ok {
			return sentVar(info, defs, rhs, depth+1)
		}
	}
	return nil
}

// textVar returns obj when it is a variable of text type: a string or a
// byte slice.
func textVar(obj types.Object) *types.Var {
	v, ok := obj.(*types.Var)
	if !ok || !httpmodel.IsStringOrBytes(v.Type()) {
		return nil
	}
	return v
}
