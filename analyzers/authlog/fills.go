package authlog

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/internal/analysisutil"
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
	if s.f == nil {
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

// recvFills returns, for fd, a method whose receiver is a pointer to a
// type that is no struct (a named slice or map: http2curl's
// func (c *CurlCommand) append(newSlice ...string) { *c = append(*c,
// newSlice...) }), the parameters whose values reach what it writes
// through its receiver (funcFact.RecvFills): cmd.append("-H", h) fills
// the caller's cmd with h.
func (c *checker) recvFills(fd *ast.FuncDecl) uint64 {
	fn, _ := c.pass.TypesInfo.Defs[fd.Name].(*types.Func)
	if fn == nil || !appendsToRecv(fn) || len(fd.Recv.List) != 1 || len(fd.Recv.List[0].Names) != 1 || fd.Body == nil {
		return 0
	}
	// Follow the body with the receiver first, then the parameters.
	params := &ast.FieldList{List: append(append([]*ast.Field{}, fd.Recv.List...), fd.Type.Params.List...)}
	st := c.analyzeAs(fd, &ast.FuncType{Func: fd.Type.Func, Params: params, Results: fd.Type.Results}, false)
	fills, _ := st.paramFills()
	if len(fills) == 0 {
		return 0
	}
	return fills[0] >> 1
}

// appendsToRecv reports whether fn is a method with parameters whose
// receiver is a pointer to a slice or map type (recvFills).
func appendsToRecv(fn *types.Func) bool {
	sig := fn.Signature()
	if sig.Recv() == nil || sig.Params().Len() == 0 {
		return false
	}
	ptr, ok := types.Unalias(sig.Recv().Type()).(*types.Pointer)
	if !ok {
		return false
	}
	switch ptr.Elem().Underlying().(type) {
	case *types.Slice, *types.Map:
		return true
	}
	return false
}

// hasTextOut reports whether fn has an out parameter of text, a pointer
// to a string or bytes (func headerLine(out *string, req *http.Request)),
// which its body may fill (*out = ...) with what it is given.
func hasTextOut(fn *types.Func) bool {
	for v := range fn.Signature().Params().Variables() {
		if p, ok := types.Unalias(v.Type()).(*types.Pointer); ok && isText(p.Elem()) {
			return true
		}
	}
	return false
}

// hasFillParam reports whether fn, which returns nothing, has a
// parameter it can write into for its caller (see fillable): a helper
// that copies a header into the map of log fields it is handed
// (addHeaderFields(fields, req.Header)) or writes it to the writer it is
// handed. A context or an error is none.
func hasFillParam(fn *types.Func) bool {
	sig := fn.Signature()
	if sig.Results().Len() > 0 {
		return false // mayCarryResults decides
	}
	for v := range sig.Params().Variables() {
		t := v.Type()
		if _, isIface := t.Underlying().(*types.Interface); isIface && (analysisutil.IsError(t) || httpmodel.IsNamed(t, "context", "Context")) {
			continue
		}
		if fillable(t) {
			return true
		}
	}
	return false
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
	if f == nil || len(f.Fills)+len(f.FillKinds) == 0 && f.RecvFills == 0 {
		return nil, nil, nil
	}
	_, args := httpmodel.Receiver(info, call)
	if f.ListMask > 0 && f.ListMask <= len(args) && c.listCovers(args[f.ListMask-1], listNorm{f.ListNorm[0], f.ListNorm[1]}) {
		// A printer handed a redaction list that covers what the
		// package sends writes no credential (listmask.go).
		return nil, nil, nil
	}
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
	if recv, _ := httpmodel.Receiver(c.pass.TypesInfo, call); recv != nil && f.RecvFills != 0 {
		out = append(out, recv)
	}
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
	if recv, _ := httpmodel.Receiver(s.info, call); recv != nil && recv == dest && f.RecvFills != 0 {
		return s.passed(fn, args, f.RecvFills), true
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
