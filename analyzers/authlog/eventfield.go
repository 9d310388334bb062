package authlog

// This file holds the log events and chained loggers that a package
// builds itself: one method stores what it is given in a field of its
// receiver (e.fields = append(e.fields, fmt.Sprintf("%s=%q", key, val)),
// l.meta = fmt.Sprintf("%v", h)), and another method of the same type
// writes that field to a log (fmt.Fprintf(os.Stderr, "... %s",
// strings.Join(e.fields, " "))). zerolog's Event.Bytes(...).Msg(...), a
// logger's With(...).Log(...): the storing method is a log wrapper for
// what it stores, and its callers' credentials are reported where they
// hand them to it (dl = dl.Bytes("request", dump)), with the fixes of any
// log call.
//
// A field that no method writes to a log (a request builder's headers,
// which its Do method sends) makes no wrapper.

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/internal/callindex"
	"github.com/retrylint/retrylint/internal/flow"
	"github.com/retrylint/retrylint/internal/logsink"
)

// loggedFields returns the fields of the named type t that a method of
// the package declared on t writes to a log, with the log each reaches;
// computed once a type.
func (c *checker) loggedFields(t *types.Named) map[*types.Var]sinkCall {
	if fields, ok := c.eventFields[t]; ok {
		return fields
	}
	if c.eventFields == nil {
		c.eventFields = map[*types.Named]map[*types.Var]sinkCall{}
	}
	c.eventFields[t] = nil // a method that logs through another is not followed
	info := c.pass.TypesInfo
	var fields map[*types.Var]sinkCall
	for _, f := range c.methodsOf(t) {
		recv := recvVar(info, f.Decl)
		str := recvStruct(recv.Type())
		var sinks []callindex.Call
		var how []sinkCall
		for _, call := range c.calls.Calls(f.Decl) {
			if call.Detached != nil {
				continue
			}
			if s, ok := c.sinkOf(call); ok {
				sinks, how = append(sinks, call), append(how, s)
			}
		}
		if len(sinks) == 0 || str == nil {
			continue
		}
		// The method followed with the receiver's fields as its inputs
		// (as a print method is, see printedFields), its parameters
		// carrying nothing.
		c.fieldsOf, c.paramsBlank = recv, true
		st := c.analyze(f.Decl)
		c.fieldsOf, c.paramsBlank = nil, false
		for k, call := range sinks {
			c.loggedArgs(call.Expr, how[k], nil, func(a logsink.Arg) {
				bits := st.eval(a.Expr).p
				for i := range min(str.NumFields(), 64) {
					if bits&(1<<i) == 0 || !fieldHoldsText(str.Field(i).Type(), 2) {
						continue
					}
					if fields == nil {
						fields = map[*types.Var]sinkCall{}
					}
					if _, seen := fields[str.Field(i)]; !seen {
						fields[str.Field(i)] = how[k]
					}
				}
			})
		}
	}
	c.eventFields[t] = fields
	return fields
}

// methodsOf returns the methods of the package declared on t (with a
// named receiver), indexed once a package.
func (c *checker) methodsOf(t *types.Named) []callindex.Func {
	if c.typeMethods == nil {
		c.typeMethods = map[*types.Named][]callindex.Func{}
		for _, f := range c.calls.Funcs() {
			if recv := recvVar(c.pass.TypesInfo, f.Decl); recv != nil {
				if n := recvNamed(recv.Type()); n != nil {
					c.typeMethods[n] = append(c.typeMethods[n], f)
				}
			}
		}
	}
	return c.typeMethods[t]
}

// storesParam reports whether the method fd stores into a field of its
// receiver recv, of a type that holds text, a value written with one of
// its parameters: only then can it be a wrapper of a log that writes the
// field (a cheap test, made before the logging methods are analysed).
func (c *checker) storesParam(fd *ast.FuncDecl, recv *types.Var) bool {
	info := c.pass.TypesInfo
	params := map[types.Object]bool{}
	for _, field := range fd.Type.Params.List {
		for _, name := range field.Names {
			params[info.Defs[name]] = true
		}
	}
	if len(params) == 0 {
		return false
	}
	for _, n := range c.calls.Nodes(fd) {
		as, ok := n.(*ast.AssignStmt)
		if !ok {
			continue
		}
		stores := false
		for _, lhs := range as.Lhs {
			if v := c.recvFieldStored(recv, lhs); v != nil && fieldHoldsText(v.Type(), 2) {
				stores = true
			}
		}
		if !stores {
			continue
		}
		// A parameter, or a local variable that may hold one (formatted
		// := fmt.Sprintf("%v", val); c.meta += formatted): the flow
		// decides.
		for _, rhs := range as.Rhs {
			mentions := false
			ast.Inspect(rhs, func(n ast.Node) bool {
				if id, ok := n.(*ast.Ident); ok {
					obj := info.Uses[id]
					local := obj != nil && obj.Pos() > fd.Body.Pos() && obj.Pos() < fd.Body.End()
					mentions = params[obj] || local && obj != types.Object(recv)
				}
				return !mentions
			})
			if mentions {
				return true
			}
		}
	}
	return false
}

// storedLogged adds to f, the summary of the method fd, the parameters
// it stores in a field of its receiver that another method writes to a
// log (see loggedFields): fd is a wrapper of that log for them.
func (c *checker) storedLogged(st *fstate, f *funcFact) {
	info := c.pass.TypesInfo
	recv := recvVar(info, st.decl)
	if recv == nil {
		return
	}
	t := recvNamed(recv.Type())
	if t == nil {
		return
	}
	logged := c.eventFields[t] // found by reach, for the types that store a parameter
	if len(logged) == 0 {
		return
	}
	for _, n := range c.calls.Nodes(st.decl) {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != len(as.Rhs) {
			continue
		}
		for i, lhs := range as.Lhs {
			v := c.recvFieldStored(recv, lhs)
			s, ok := logged[v]
			if v == nil || !ok {
				continue
			}
			if p := st.eval(as.Rhs[i]).p; p != 0 {
				f.Values |= p
				if f.Sink == "" {
					f.Sink = s.factName()
				}
			}
		}
	}
}

// recvFieldStored returns the field of recv that lhs stores to (r.F = v,
// r.F[k] = v), or nil.
func (c *checker) recvFieldStored(recv *types.Var, lhs ast.Expr) *types.Var {
	info := c.pass.TypesInfo
	lhs = ast.Unparen(lhs)
	if ix, ok := lhs.(*ast.IndexExpr); ok {
		lhs = ast.Unparen(ix.X)
	}
	sel, ok := lhs.(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	if id, ok := ast.Unparen(sel.X).(*ast.Ident); !ok || info.Uses[id] != types.Object(recv) {
		return nil
	}
	return flow.FieldOf(info, sel)
}

// storesLoggedField reports whether the method fd stores to a field of
// its receiver that another method writes to a log: it reaches that log.
func (c *checker) storesLoggedField(f callindex.Func) bool {
	info := c.pass.TypesInfo
	recv := recvVar(info, f.Decl)
	if recv == nil {
		return false
	}
	t := recvNamed(recv.Type())
	if t == nil || !c.storesParam(f.Decl, recv) {
		return false
	}
	logged := c.loggedFields(t)
	if len(logged) == 0 {
		return false
	}
	for _, n := range c.calls.Nodes(f.Decl) {
		if as, ok := n.(*ast.AssignStmt); ok {
			for _, lhs := range as.Lhs {
				if v := c.recvFieldStored(recv, lhs); v != nil {
					if _, ok := logged[v]; ok {
						return true
					}
				}
			}
		}
	}
	return false
}

// fieldHoldsText reports whether a field of type t holds text a log can
// show: a string, bytes, an empty interface (a structured value), or a
// slice, array, map, pointer or struct (to depth levels) of them. A field
// of services behind an interface (a chain of credential providers) or
// of numbers holds none: what a log shows of it is its own methods'
// results, not what was stored.
func fieldHoldsText(t types.Type, depth int) bool {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Info()&types.IsString != 0
	case *types.Interface:
		return u.Empty()
	case *types.Slice:
		if b, ok := u.Elem().Underlying().(*types.Basic); ok && b.Kind() == types.Byte {
			return true
		}
		return fieldHoldsText(u.Elem(), depth)
	case *types.Array:
		return fieldHoldsText(u.Elem(), depth)
	case *types.Map:
		return fieldHoldsText(u.Key(), depth) || fieldHoldsText(u.Elem(), depth)
	case *types.Pointer:
		return fieldHoldsText(u.Elem(), depth)
	case *types.Struct:
		if depth == 0 {
			return false
		}
		for i := range u.NumFields() {
			if fieldHoldsText(u.Field(i).Type(), depth-1) {
				return true
			}
		}
	}
	return false
}

// recvVar returns the named receiver of the method fd, or nil.
func recvVar(info *types.Info, fd *ast.FuncDecl) *types.Var {
	if fd.Recv == nil || len(fd.Recv.List) != 1 || len(fd.Recv.List[0].Names) != 1 {
		return nil
	}
	v, _ := info.Defs[fd.Recv.List[0].Names[0]].(*types.Var)
	return v
}

// recvNamed returns the named type of a receiver of type t (T or *T), or
// nil for a generic one.
func recvNamed(t types.Type) *types.Named {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.TypeParams().Len() > 0 {
		return nil
	}
	return n
}
