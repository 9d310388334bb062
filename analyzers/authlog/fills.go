package authlog

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/internal/httpmodel"
)

// paramFills returns, for each parameter of the function that it writes into
// (a pointer, a map, a slice or an interface, such as the *bytes.Buffer,
// io.Writer or map of fields a logging helper is handed, not assigned
// anew in the body; never a header or a request, whose own rules apply),
// the parameters whose values reach what the function writes there
// (Fills) and the credential kinds of its own making it writes there
// (FillKinds): writeHeaders(&b, h) writes h into b, and a helper that
// parses a dump's reader into its caller's map of log fields fills the
// map with the dump.
func (s *fstate) paramFills() (fills, kinds []uint64) {
	if s.decl.Type.Params == nil || s.f == nil {
		return nil, nil
	}
	set := func(out []uint64, i int, bits uint64) []uint64 {
		for len(out) <= i {
			out = append(out, 0)
		}
		out[i] |= bits
		return out
	}
	s.eachParam(func(i int, v *types.Var) {
		if i >= 64 || !fillable(v.Type()) || s.assigned(v) {
			return
		}
		var got val
		for _, d := range s.f.Defs(v, s.decl.Body.End()) {
			if !d.Hidden && (d.Write != nil || d.Update) {
				got = got.Join(d.Bits)
			}
		}
		if p := got.p &^ (1 << i); p != 0 {
			fills = set(fills, i, p)
		}
		if c := uint64(got.c &^ credRespDump); c != 0 {
			kinds = set(kinds, i, c)
		}
	})
	return fills, kinds
}

// fillable reports whether a function can write into a value of type t
// that its caller sees: a pointer, a map, a slice or an interface, but
// not a header or a request.
func fillable(t types.Type) bool {
	if isHeader(t) || isRequest(t) {
		return false
	}
	switch t.Underlying().(type) {
	case *types.Pointer, *types.Map, *types.Slice, *types.Interface:
		return true
	}
	return false
}

// fillsOf returns the callee of call, its fact when the fact says it
// writes into some of its parameters (see paramFills), and the call's
// arguments; a nil fact otherwise.
func (c *checker) fillsOf(call *ast.CallExpr) (*types.Func, *funcFact, []ast.Expr) {
	info := c.pass.TypesInfo
	fn := httpmodel.Callee(info, call)
	if fn == nil {
		return nil, nil, nil
	}
	f := c.fact(fn)
	if f == nil || len(f.Fills)+len(f.FillKinds) == 0 {
		return nil, nil, nil
	}
	_, args := httpmodel.Receiver(info, call)
	return fn, f, args
}

// filledArgs returns the arguments of call that its callee's fact says it
// writes into (see paramFills).
func (c *checker) filledArgs(call *ast.CallExpr) []ast.Expr {
	_, f, args := c.fillsOf(call)
	if f == nil {
		return nil
	}
	var out []ast.Expr
	for j := range max(len(f.Fills), len(f.FillKinds)) {
		if j < len(args) && (j < len(f.Fills) && f.Fills[j] != 0 || j < len(f.FillKinds) && f.FillKinds[j] != 0) {
			out = append(out, args[j])
		}
	}
	return out
}

// filledBy returns what call writes into dest, one of its arguments, by its
// callee's fact (see paramFills); ok is false when the fact says nothing of
// dest.
func (s *fstate) filledBy(call *ast.CallExpr, dest ast.Expr) (val, bool) {
	fn, f, args := s.c.fillsOf(call)
	if f == nil {
		return val{}, false
	}
	for j, a := range args {
		if a != dest {
			continue
		}
		var v val
		if j < len(f.FillKinds) {
			v.c |= creds(f.FillKinds[j])
		}
		if j < len(f.Fills) {
			v = v.Join(s.passed(fn, args, f.Fills[j]))
		}
		return v, true
	}
	return val{}, false
}
