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
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/internal/analysisutil"
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
		recv := flow.RecvVar(info, f.Decl)
		str := analysisutil.StructOf(recv.Type())
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
					if bits&(1<<i) == 0 || !fieldHoldsText(str.Field(i).Type()) {
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
			if recv := flow.RecvVar(c.pass.TypesInfo, f.Decl); recv != nil {
				if n := recvNamed(recv.Type()); n != nil {
					c.typeMethods[n] = append(c.typeMethods[n], f)
				}
			}
		}
	}
	return c.typeMethods[t]
}

// inputs returns a test of whether an expression of fd mentions one of
// its parameters or a local variable that may hold one (formatted :=
// fmt.Sprintf("%v", val); c.meta += formatted), the receiver aside; nil
// for a function without parameters.
func (c *checker) inputs(fd *ast.FuncDecl) func(ast.Expr) bool {
	info := c.pass.TypesInfo
	params := map[types.Object]bool{}
	for _, field := range fd.Type.Params.List {
		for _, name := range field.Names {
			params[info.Defs[name]] = true
		}
	}
	if len(params) == 0 || fd.Body == nil {
		return nil
	}
	recv := flow.RecvVar(info, fd)
	return func(e ast.Expr) bool {
		mentions := false
		ast.Inspect(e, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				obj := info.Uses[id]
				local := obj != nil && obj.Pos() > fd.Body.Pos() && obj.Pos() < fd.Body.End()
				mentions = params[obj] || local && (recv == nil || obj != types.Object(recv))
			}
			return !mentions
		})
		return mentions
	}
}

// eachStore calls f, for the function fd, with each field of a type of
// the package that it stores an input into (see inputs), the type and the
// value stored: a field of its receiver (e.fields = append(e.fields,
// ...), l.meta += ...), or a field of a value it returns (logrus's
// WithField: d[k] = v; return &Entry{data: d}, of its own type or of
// another). Only fields that may hold text count.
func (c *checker) eachStore(fd *ast.FuncDecl, f func(t *types.Named, v *types.Var, val ast.Expr)) {
	info := c.pass.TypesInfo
	input := c.inputs(fd)
	if input == nil {
		return
	}
	if recv := flow.RecvVar(info, fd); recv != nil {
		if t := recvNamed(recv.Type()); t != nil {
			for _, n := range c.calls.Nodes(fd) {
				as, ok := n.(*ast.AssignStmt)
				if !ok || len(as.Lhs) != len(as.Rhs) {
					continue
				}
				for i, lhs := range as.Lhs {
					if v := c.recvFieldStored(recv, lhs); v != nil && fieldHoldsText(v.Type()) && input(as.Rhs[i]) {
						f(t, v, as.Rhs[i])
					}
				}
			}
		}
	}
	for _, ret := range c.calls.Returns(fd) {
		for _, r := range ret.Results {
			eachLitField(info, r, func(t *types.Named, v *types.Var, val ast.Expr) {
				if t.Obj().Pkg() == c.pass.Pkg && fieldHoldsText(v.Type()) && input(val) {
					f(t, v, val)
				}
			})
		}
	}
}

// storedLogged adds to f, the summary of the function of st, the
// parameters it stores in a field that a method of the field's type
// writes to a log (see eachStore, loggedFields): the function is a
// wrapper of that log for them.
func (c *checker) storedLogged(st *fstate, f *funcFact) {
	if !c.storing[st.decl] {
		return // reach found no such store
	}
	c.eachStore(st.decl, func(t *types.Named, v *types.Var, val ast.Expr) {
		s, ok := c.eventFields[t][v] // found by reach
		if !ok {
			return
		}
		if p := st.eval(val).p; p != 0 {
			f.Values |= p
			if f.Sink == "" {
				f.Sink = s.factName()
			}
		}
	})
}

// eachLitField calls f with the type, each field set and its value of e,
// a literal of a named struct type or its address.
func eachLitField(info *types.Info, e ast.Expr, f func(*types.Named, *types.Var, ast.Expr)) {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	lit, ok := e.(*ast.CompositeLit)
	if !ok {
		return
	}
	t := recvNamed(info.TypeOf(lit))
	if t == nil {
		return
	}
	str, ok := t.Underlying().(*types.Struct)
	if !ok {
		return
	}
	for i, elt := range lit.Elts {
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			if k, ok := kv.Key.(*ast.Ident); ok {
				if v, ok := info.Uses[k].(*types.Var); ok && v.IsField() {
					f(t, v, kv.Value)
				}
			}
		} else if i < str.NumFields() {
			f(t, str.Field(i), elt)
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

// storesLoggedField reports whether the function f stores an input in a
// field that a method of the field's type writes to a log (see
// eachStore): it reaches that log.
func (c *checker) storesLoggedField(f callindex.Func) bool {
	found := false
	c.eachStore(f.Decl, func(t *types.Named, v *types.Var, _ ast.Expr) {
		if !found {
			_, found = c.loggedFields(t)[v]
		}
	})
	return found
}

// fieldHoldsText reports whether a field of type t holds text a log
// shows whole: a string, bytes, an empty interface (a structured value),
// an error (its text: logrus's WithError(err) entry), or a slice, array,
// map or pointer of them. A field of services behind
// an interface (a chain of credential providers), of numbers, or of a
// struct (a client's configuration, of which a method logs the URL and
// not the password) is not: what a log shows of it is a part, or its
// methods' results, not what was stored.
func fieldHoldsText(t types.Type) bool {
	return holdsTextWhole(t, map[types.Type]bool{})
}

// holdsTextWhole is fieldHoldsText, for a type that may come round again
// (type tree []tree): seen holds the types already asked about.
func holdsTextWhole(t types.Type, seen map[types.Type]bool) bool {
	if seen[t] {
		return false
	}
	seen[t] = true
	if isText(t) {
		return true
	}
	switch u := t.Underlying().(type) {
	case *types.Interface:
		// any, or error: an error prints its text (a *url.Error the URL
		// it failed on), as logrus's WithError(err) entry writes it.
		return u.Empty() || analysisutil.IsError(t)
	case *types.Slice:
		return holdsTextWhole(u.Elem(), seen)
	case *types.Array:
		return holdsTextWhole(u.Elem(), seen)
	case *types.Map:
		return holdsTextWhole(u.Key(), seen) || holdsTextWhole(u.Elem(), seen)
	case *types.Pointer:
		return holdsTextWhole(u.Elem(), seen)
	}
	return false
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
