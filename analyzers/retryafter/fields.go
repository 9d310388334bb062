package retryafter

// This file follows the server's wait through struct fields: a field that
// some function fills with a value derived from a wait header (an error
// type's RetryAfter, a rate-limit record's Reset) holds the server's wait
// wherever it is read, in this package or, through a fieldFact, in
// another.

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/internal/flow"
	"github.com/retrylint/retrylint/internal/httpmodel"
)

// fieldFact marks a struct field that holds a value derived from a wait
// header; Bits are the origins (flow.Source, with flow.Tag for Retry-After
// itself, tagMillis for a header in milliseconds and tagReset for a rate
// limit's reset).
type fieldFact struct {
	Bits flow.Bits
	// Unset: some store of the server's wait into the field is an
	// assignment made only on some paths (if the header parses), so that
	// the field may keep its zero value (zeroreset.go).
	Unset bool
}

func (*fieldFact) AFact() {}

func (f *fieldFact) String() string {
	if f.Unset {
		return "waitfield(" + bitsString(f.Bits) + " unset)"
	}
	return "waitfield(" + bitsString(f.Bits) + ")"
}

// fieldUnset reports whether field v may keep its zero value where the
// server's wait was not stored (fieldFact.Unset).
func (c *checker) fieldUnset(v *types.Var) bool {
	v = v.Origin()
	if v.Pkg() == c.pass.Pkg {
		return c.unset[v]
	}
	var f fieldFact
	return v.Pkg() != nil && c.importedFields && c.pass.ImportObjectFact(v, &f) && f.Unset
}

// fieldBits returns the origins of the values field v holds: those this
// package stores in it, or those its own package exported.
func (c *checker) fieldBits(v *types.Var) flow.Bits {
	v = v.Origin()
	if b, ok := c.fields[v]; ok {
		return b
	}
	if v.Pkg() == nil || v.Pkg() == c.pass.Pkg || !c.importedFields {
		return 0
	}
	b, ok := c.importedField[v]
	if !ok {
		var f fieldFact
		if c.pass.ImportObjectFact(v, &f) {
			b = f.Bits
		}
		c.importedField[v] = b
	}
	return b
}

// noteFields records the fields to which the function stores a value
// derived from a wait header, by assignment or in a composite literal,
// in its body or in a function literal of it (an operation handed to a
// retry library that notes the server's wait for its back-off). It
// reports whether it recorded a field or origin it did not know.
func (c *checker) noteFields(f *flow.Func, fd *ast.FuncDecl) bool {
	info := c.pass.TypesInfo
	grew := false
	note := func(v *types.Var, e ast.Expr, conditional bool) {
		if v == nil || !waitLike(v.Type()) {
			return
		}
		if conditional && f.Expr(e)&flow.Source != 0 {
			c.unset[v.Origin()] = true
		}
		b := f.Expr(e) & (flow.Source | flow.Tag | tagMillis | tagReset)
		if b&flow.Source == 0 {
			return
		}
		v = v.Origin()
		if old := c.fields[v]; old|b != old {
			c.fields[v] = old | b
			grew = true
		}
	}
	ast.PreorderStack(fd.Body, nil, func(n ast.Node, stack []ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if len(n.Lhs) != len(n.Rhs) {
				return true
			}
			conditional := false
			for _, s := range stack {
				switch s.(type) {
				case *ast.IfStmt, *ast.CaseClause, *ast.CommClause, *ast.FuncLit:
					// A store in a function literal (an operation a
					// retry library runs) is made when the literal
					// runs, on some paths at best.
					conditional = true
				}
			}
			for i, lhs := range n.Lhs {
				if sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr); ok {
					note(flow.FieldOf(info, sel), n.Rhs[i], conditional)
				}
			}
		case *ast.CompositeLit:
			st, ok := typeOfLit(info, n)
			if !ok {
				return true
			}
			if t := info.TypeOf(n); timeLike(t) && !httpmodel.IsNamed(t, "time", "Time") {
				// Timestamp{t}: the field the wrapper goes to holds the
				// server's time; the wrapper's own field holds every
				// time the package wraps (created, updated...).
				return true
			}
			for i, elt := range n.Elts {
				if kv, ok := elt.(*ast.KeyValueExpr); ok {
					if id, ok := kv.Key.(*ast.Ident); ok {
						if v, ok := info.Uses[id].(*types.Var); ok && v.IsField() {
							note(v, kv.Value, false)
						}
					}
				} else if i < st.NumFields() {
					note(st.Field(i), elt, false)
				}
			}
		}
		return true
	})
	return grew
}

func typeOfLit(info *types.Info, lit *ast.CompositeLit) (*types.Struct, bool) {
	t := info.TypeOf(lit)
	if t == nil {
		return nil, false
	}
	st, ok := t.Underlying().(*types.Struct)
	return st, ok
}

// waitLike reports whether a field of type t can hold a wait: a number, a
// string, a time or a duration, or a pointer to one.
func waitLike(t types.Type) bool {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	if _, ok := t.Underlying().(*types.Basic); ok {
		return true
	}
	if timeLike(t) {
		return true // a time to come back at (a reset, a Retry-After date)
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		// A named struct holding a time (a Timestamp wrapping time.Time).
		if st, ok := n.Underlying().(*types.Struct); ok && st.NumFields() == 1 {
			return waitLike(st.Field(0).Type())
		}
	}
	return false
}

// exportFields exports a fact for each exported field of this package
// that holds the server's wait, for the packages that read it (no other
// package can select an unexported one).
func (c *checker) exportFields() {
	for v, b := range c.fields {
		if v.Pkg() == c.pass.Pkg && v.Exported() {
			c.pass.ExportObjectFact(v, &fieldFact{Bits: b, Unset: c.unset[v]})
		}
	}
}

// hasFieldFacts reports whether a dependency exported a wait field.
func hasFieldFacts(c *checker) bool {
	for _, of := range c.pass.AllObjectFacts() {
		if _, ok := of.Fact.(*fieldFact); ok {
			return true
		}
	}
	return false
}

// selectsWaitField reports whether the body of fd reads a field that
// holds the server's wait.
func (c *checker) selectsWaitField(fd *ast.FuncDecl) bool {
	if len(c.fields) == 0 && !c.importedFields {
		return false
	}
	info := c.pass.TypesInfo
	found := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if found {
			return false
		}
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if v := flow.FieldOf(info, sel); v != nil && c.fieldBits(v) != 0 {
				found = true
			}
		}
		return true
	})
	return found
}
