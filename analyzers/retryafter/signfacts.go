package retryafter

// This file carries a sign check across packages: an exported function
// whose time.Duration parameter its package tells apart when negative
// (a throttle error's constructor, NewThrottleRetry(err, delay), whose
// retry sender uses the delay only as max(backoff, delay)) makes a
// caller of another package that hands it a parsed wait safe from a
// negative value, as a function of the caller's own package would.

import (
	"go/ast"
	"go/types"
	"slices"

	"github.com/retrylint/retrylint/internal/flow"
	"github.com/retrylint/retrylint/internal/httpmodel"
)

// signFact marks an exported function whose parameters Params (of type
// time.Duration) it stores in struct fields whose sign its package checks
// where it reads them (see fieldChecked).
type signFact struct {
	Params flow.Bits
}

func (*signFact) AFact() {}

func (f *signFact) String() string { return "signs(" + bitsString(f.Params) + ")" }

// exportSigns exports a signFact for each exported function with such
// parameters.
func (c *checker) exportSigns() {
	info := c.pass.TypesInfo
	for _, f := range c.calls.Funcs() {
		obj := f.Obj
		if obj == nil || !obj.Exported() || f.Decl.Body == nil {
			continue
		}
		sig, _ := obj.Type().(*types.Signature)
		if sig == nil || sig.Params().Len() > 32 {
			continue
		}
		var params flow.Bits
		for i := range sig.Params().Len() {
			p := sig.Params().At(i)
			if !isDuration(p.Type()) {
				continue
			}
			// (Not a check in the function itself: time.NewTicker's
			// panic, or a helper's if d <= 0 { return } before its
			// sleep, tells a negative value apart without a wait of
			// the client's own in its place.)
			is := func(e ast.Expr) bool {
				id, ok := ast.Unparen(e).(*ast.Ident)
				return ok && info.Uses[id] == types.Object(p)
			}
			if slices.ContainsFunc(storedFields(info, f.Decl.Body, is), c.fieldChecked) || c.handedAbroad(f.Decl.Body, is) {
				params |= flow.Param(i)
			}
		}
		if params != 0 {
			c.pass.ExportObjectFact(obj, &signFact{Params: params})
		}
	}
}

// storedFields returns the struct fields (their origins) that fn stores
// a value in for which uses holds, by assignment or in a composite
// literal (throttleRetry{err: err, delay: delay}, t.delay = delay).
func storedFields(info *types.Info, fn ast.Node, uses func(ast.Expr) bool) []*types.Var {
	var out []*types.Var
	ast.Inspect(fn, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.KeyValueExpr:
			if k, ok := n.Key.(*ast.Ident); ok && uses(n.Value) {
				if f, ok := info.Uses[k].(*types.Var); ok && f.IsField() {
					out = append(out, f.Origin())
				}
			}
		case *ast.AssignStmt:
			if len(n.Lhs) != len(n.Rhs) {
				return true
			}
			for i, l := range n.Lhs {
				if sel, ok := ast.Unparen(l).(*ast.SelectorExpr); ok && uses(n.Rhs[i]) {
					if f := flow.FieldOf(info, sel); f != nil {
						out = append(out, f.Origin())
					}
				}
			}
		}
		return true
	})
	return out
}

// fieldChecked reports whether some function of the package checks the
// sign of what field f holds where it reads it (see signCheckedIn: a
// comparison with a bound at or below one, max(backoff, x.f), if x.f >
// d { d = x.f }). One walk of the package answers for every field.
func (c *checker) fieldChecked(f *types.Var) bool {
	if c.signedFields == nil {
		c.signedFields = map[*types.Var]bool{}
		info := c.pass.TypesInfo
		for _, fn := range c.calls.Funcs() {
			if fn.Decl.Body == nil {
				continue
			}
			for _, v := range durationFieldsRead(info, fn.Decl.Body) {
				if c.signedFields[v] {
					continue
				}
				reads := func(e ast.Expr) bool {
					found := false
					ast.Inspect(e, func(n ast.Node) bool {
						if sel, ok := n.(*ast.SelectorExpr); ok {
							if w := flow.FieldOf(info, sel); w != nil && w.Origin() == v {
								found = true
							}
						}
						return !found
					})
					return found
				}
				if signCheckedIn(info, fn.Decl, reads, func(e ast.Expr) bool { return small(info, e) }) {
					c.signedFields[v] = true
				}
			}
		}
	}
	return c.signedFields[f]
}

// durationFieldsRead returns the struct fields of type time.Duration
// that body selects.
func durationFieldsRead(info *types.Info, body *ast.BlockStmt) []*types.Var {
	var out []*types.Var
	ast.Inspect(body, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if v := flow.FieldOf(info, sel); v != nil && isDuration(v.Type()) && !slices.Contains(out, v.Origin()) {
				out = append(out, v.Origin())
			}
		}
		return true
	})
	return out
}

// signCheckedAbroad reports whether g, a function of another package,
// checks the sign of its parameter i (see signFact).
func (c *checker) signCheckedAbroad(g *types.Func, i int) bool {
	var f signFact
	return g.Pkg() != nil && g.Pkg() != c.pass.Pkg && c.pass.ImportObjectFact(g.Origin(), &f) && f.Params&flow.Param(i) != 0
}

// handsChecked reports whether call hands an argument for which match
// holds to a parameter of a function of another package that checks its
// sign (see signFact).
func (c *checker) handsChecked(call *ast.CallExpr, match func(ast.Expr) bool) bool {
	info := c.pass.TypesInfo
	g := httpmodel.Callee(info, call)
	if g == nil {
		return false
	}
	_, args := httpmodel.Receiver(info, call)
	for i, a := range args {
		if match(a) && c.signCheckedAbroad(g, i) {
			return true
		}
	}
	return false
}

// handedAbroad reports whether fn hands a value made from v to a function
// of another package that checks the sign of that parameter (return
// helper.NewThrottleRetry(err, time.Duration(n)*time.Second)), or, for
// an exported constructor that forwards its delay as it is
// (NewThrottleRetry(err, delay) returning internal.NewThrottleRetry(err,
// delay)), hands the value itself: then uses is the identity of v.
func (c *checker) handedAbroad(fn ast.Node, uses func(ast.Expr) bool) bool {
	found := false
	ast.Inspect(fn, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && !found {
			found = c.handsChecked(call, uses)
		}
		return !found
	})
	return found
}
