package flow

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/internal/httpmodel"
)

// This file models the calls that write into a destination rather than
// return what they compute: fmt.Fprintf(&b, ...), b.WriteString(s),
// r.Write(&b). With Hooks.Writes set, such a call is an update of the
// variable it writes into (see WriteDest), and so is an assignment to an
// element of a local map or slice (m[k] = v): the variable holds what it
// held and what was written.

// writerMethods are the methods of the standard in-memory writers that
// append what they are given to their receiver.
var writerMethods = map[string]bool{"Write": true, "WriteString": true, "WriteByte": true, "WriteRune": true, "ReadFrom": true}

// WriteDest recognises a call of fn that writes into a destination and
// returns the destination expression (the receiver or the writer
// argument) and the index of that argument in call.Args (-1 for the
// receiver):
//
//	fmt.Fprint, Fprintf, Fprintln(w, ...)     io.WriteString(w, s)     io.Copy, CopyN, CopyBuffer(w, src, ...)
//	b.Write, WriteString, WriteByte, WriteRune, ReadFrom  on *bytes.Buffer, *strings.Builder, *bufio.Writer
//	(*http.Request).Write(w), WriteProxy(w)   (*http.Response).Write(w)   (http.Header).Write(w), WriteSubset(w, exclude)
//	(url.Values).Set, Add(key, value)
//	(*base64.Encoding).Encode, Decode(dst, src)   (*base32.Encoding) the same   hex.Encode, Decode(dst, src)
//	crypto/rand.Read(buf)   math/rand.Read(buf)   (*math/rand.Rand).Read(buf)   io.ReadFull, ReadAtLeast(r, buf, ...)
func WriteDest(info *types.Info, call *ast.CallExpr, fn *types.Func) (dest ast.Expr, at int, ok bool) {
	if fn == nil || fn.Pkg() == nil {
		return nil, 0, false
	}
	recv, args := httpmodel.Receiver(info, call)
	first := func() (ast.Expr, int, bool) {
		if len(args) == 0 {
			return nil, 0, false
		}
		return args[0], len(call.Args) - len(args), true
	}
	switch {
	case httpmodel.IsPkgFunc(fn, "fmt", "Fprint", "Fprintf", "Fprintln"),
		httpmodel.IsPkgFunc(fn, "io", "WriteString", "Copy", "CopyN", "CopyBuffer"),
		httpmodel.IsMethod(fn, "net/http", "Request", "Write", "WriteProxy"),
		httpmodel.IsMethod(fn, "net/http", "Response", "Write"),
		httpmodel.IsMethod(fn, "net/http", "Header", "Write", "WriteSubset"):
		return first()
	case httpmodel.IsMethod(fn, "encoding/base64", "Encoding", "Encode", "Decode"),
		httpmodel.IsMethod(fn, "encoding/base32", "Encoding", "Encode", "Decode"),
		httpmodel.IsPkgFunc(fn, "encoding/hex", "Encode", "Decode"):
		// enc.Encode(dst, src) writes src, spelled otherwise, into dst.
		return first()
	case httpmodel.IsPkgFunc(fn, "crypto/rand", "Read"), httpmodel.IsPkgFunc(fn, "math/rand", "Read"),
		httpmodel.IsMethod(fn, "math/rand", "Rand", "Read"):
		// They fill the buffer they are handed.
		return first()
	case httpmodel.IsPkgFunc(fn, "io", "ReadFull", "ReadAtLeast"):
		// io.ReadFull(r, buf) fills buf with what r holds.
		if len(args) < 2 {
			return nil, 0, false
		}
		return args[1], len(call.Args) - len(args) + 1, true
	case httpmodel.IsMethod(fn, "net/url", "Values", "Set", "Add") && recv != nil:
		// v.Set(key, value) adds to the form v.
		return recv, -1, true
	case writerMethods[fn.Name()] && recv != nil &&
		(httpmodel.IsMethod(fn, "bytes", "Buffer") || httpmodel.IsMethod(fn, "strings", "Builder") || httpmodel.IsMethod(fn, "bufio", "Writer")):
		return recv, -1, true
	}
	return nil, 0, false
}

// destVar returns the local variable that a write into dest updates: b in
// &b, or the variable dest names (a pointer to a buffer, a writer).
func destVar(info *types.Info, dest ast.Expr) *types.Var {
	dest = ast.Unparen(dest)
	if u, ok := dest.(*ast.UnaryExpr); ok && u.Op == token.AND {
		dest = ast.Unparen(u.X)
	}
	if sl, ok := dest.(*ast.SliceExpr); ok {
		// b[:] of an array b (rand.Read(b[:])): the write fills b.
		if t := info.TypeOf(sl.X); t != nil {
			if _, isArray := t.Underlying().(*types.Array); isArray {
				dest = ast.Unparen(sl.X)
			}
		}
	}
	return VarOf(info, dest)
}

// collectWrite records call, when it writes into a local variable, as an
// update of that variable.
func (f *State[V]) collectWrite(call *ast.CallExpr) {
	info := f.cfg.Info
	var dests []ast.Expr
	if dest, _, ok := WriteDest(info, call, httpmodel.Callee(info, call)); ok {
		dests = []ast.Expr{dest}
	} else if f.cfg.Fills != nil {
		dests = f.cfg.Fills(call)
	}
	for _, d := range dests {
		if v := destVar(info, d); v != nil {
			f.assigns[v] = append(f.assigns[v], &assign[V]{at: call.End(), rhs: call, idx: -1, write: d})
		}
	}
}

// collectElement records m[k] = rhs, m a local variable, and *p = rhs,
// p a local pointer (an out parameter, the receiver of a method of a
// slice type that appends to it), as updates of m and p, and x.f.g =
// rhs as one of x when the Stores hook says so.
func (f *State[V]) collectElement(lhs, rhs ast.Expr, at token.Pos) {
	switch l := ast.Unparen(lhs).(type) {
	case *ast.StarExpr:
		if v := f.varOf(l.X); v != nil {
			f.assigns[v] = append(f.assigns[v], &assign[V]{at: at, rhs: rhs, idx: -1, update: true})
		}
	case *ast.IndexExpr:
		if v := f.varOf(l.X); v != nil {
			f.assigns[v] = append(f.assigns[v], &assign[V]{at: at, rhs: rhs, idx: -1, update: true})
		}
	case *ast.SelectorExpr:
		if f.cfg.Stores == nil {
			return
		}
		root := l.X
		for {
			sel, ok := ast.Unparen(root).(*ast.SelectorExpr)
			if !ok {
				break
			}
			root = sel.X
		}
		if v := f.varOf(root); v != nil && f.cfg.Stores(l, v) {
			f.assigns[v] = append(f.assigns[v], &assign[V]{at: at, rhs: rhs, idx: -1, update: true})
		}
	}
}

// Operands joins what the receiver and the arguments of call carry, but
// dest's: what a write of call puts into dest unless the client knows
// better (fmt.Fprintf(&b, format, x) writes what format and x carry).
func (f *State[V]) Operands(call *ast.CallExpr, dest ast.Expr) V {
	var v V
	recv, args := httpmodel.Receiver(f.cfg.Info, call)
	for _, a := range append([]ast.Expr{recv}, args...) {
		if a != nil && a != dest {
			v = v.Join(f.Expr(a))
		}
	}
	return v
}
