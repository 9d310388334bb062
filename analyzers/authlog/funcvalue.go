package authlog

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/internal/logsink"
)

// Logs called through a func value: a struct field or a variable of func
// type, such as the Logf of
//
//	type Client struct {
//		Logf func(format string, args ...any) // set to log.Printf, t.Logf, ...
//	}
//
// A call of one is a log when
//
//   - its name, or the name of its named func type, and its signature
//     say so (logsink.FuncValue: Logf, Debugf, Printf, Log, ... with a
//     logging signature; LogFunc, logFn, debugLog, OnDebug, traceHook,
//     whose words say log or a level, returning nothing), or
//   - this package assigns it a log function (Logf: log.Printf, c.debug =
//     logger.Printf, var logf = slog.Debug), which it then logs like;
//
// and this package never assigns it anything but a function of package
// testing (logf := t.Logf): what a test prints is no log. A field named
// Transform or Render with a printf signature is no log.

// funcValueOf returns the field or variable that call calls, when its
// function is a func value.
func (c *checker) funcValueOf(call *ast.CallExpr) *types.Var {
	info := c.pass.TypesInfo
	switch fun := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		v, _ := info.Uses[fun].(*types.Var)
		return v
	case *ast.SelectorExpr:
		if sel, ok := info.Selections[fun]; ok {
			if sel.Kind() != types.FieldVal {
				return nil
			}
			v, _ := sel.Obj().(*types.Var)
			return v
		}
		v, _ := info.Uses[fun.Sel].(*types.Var) // a variable of another package
		return v
	}
	return nil
}

// funcValueSink recognises a call of a func value that logs (see above).
func (c *checker) funcValueSink(call *ast.CallExpr) (sinkCall, bool) {
	v := c.funcValueOf(call)
	if v == nil {
		return sinkCall{}, false
	}
	sig, ok := v.Type().Underlying().(*types.Signature)
	if !ok {
		return sinkCall{}, false
	}
	set := c.funcValueSets()[v]
	if set.testing && !set.log {
		return sinkCall{}, false // only ever a test's t.Logf
	}
	name := types.ExprString(call.Fun)
	s := logsink.Sink{Name: name, Format: -1, Writer: -1, All: true}
	format, ok := logsink.FuncValue(v.Name(), sig)
	if n, named := types.Unalias(v.Type()).(*types.Named); !ok && named {
		// The type's name is the evidence: hook LogFunc.
		format, ok = logsink.FuncValue(n.Obj().Name(), sig)
	}
	if ok {
		if format >= 0 {
			s.Format, s.Verbs = format, format+1
		}
		return sinkCall{Sink: s, qualified: c.funcValueName(v)}, true
	}
	if set.log {
		s.Format, s.Verbs = set.sink.Format, set.sink.Verbs
		if s.Format >= 0 && s.Format >= sig.Params().Len() {
			return sinkCall{}, false
		}
		return sinkCall{Sink: s, via: set.sink.Name, qualified: c.funcValueName(v)}, true
	}
	return sinkCall{}, false
}

// funcValueName names a field or variable for a fact: (pkg.Type).Field or
// pkg.var.
func (c *checker) funcValueName(v *types.Var) string {
	pkg := ""
	if v.Pkg() != nil {
		pkg = v.Pkg().Path() + "."
	}
	if v.IsField() {
		if owner := c.fieldOwner(v); owner != "" {
			return "(" + pkg + owner + ")." + v.Name()
		}
	}
	return pkg + v.Name()
}

// fieldOwner returns the name of the named struct type of this or another
// package that declares field f, when it can be found among the package's
// types; "" otherwise.
func (c *checker) fieldOwner(f *types.Var) string {
	if f.Pkg() == nil {
		return ""
	}
	scope := f.Pkg().Scope()
	for _, n := range scope.Names() {
		tn, ok := scope.Lookup(n).(*types.TypeName)
		if !ok {
			continue
		}
		st, ok := tn.Type().Underlying().(*types.Struct)
		if !ok {
			continue
		}
		for i := range st.NumFields() {
			if st.Field(i) == f {
				return tn.Name()
			}
		}
	}
	return ""
}

// funcValueSet is what this package assigns to a func field or variable:
// a log (the first one found), a function of package testing.
type funcValueSet struct {
	log     bool
	sink    logsink.Sink
	testing bool
}

// funcValueSets scans the package, once, for the functions it assigns to
// func fields and variables: Field: fn in a composite literal, x.F = fn,
// v := fn, var v = fn.
func (c *checker) funcValueSets() map[*types.Var]funcValueSet {
	if c.fvSets != nil {
		return c.fvSets
	}
	c.fvSets = map[*types.Var]funcValueSet{}
	info := c.pass.TypesInfo
	note := func(lhs types.Object, rhs ast.Expr) {
		v, ok := lhs.(*types.Var)
		if !ok {
			return
		}
		if _, isFunc := v.Type().Underlying().(*types.Signature); !isFunc {
			return
		}
		fn := c.funcOfValue(rhs)
		if fn == nil {
			return
		}
		set := c.fvSets[v]
		switch {
		case isTesting(fn.Pkg()):
			set.testing = true
		case !set.log:
			if s, ok := logsink.Match(fn, c.sinks, c.pass.Pkg); ok {
				set.log, set.sink = true, s
			} else if f := c.fact(fn); f != nil && f.sink() {
				set.log = true
				set.sink = logsink.Sink{Name: f.Sink, Format: -1, Writer: -1, All: true}
				if f.Printf {
					set.sink.Format, set.sink.Verbs = f.Format, f.Args
				}
			}
		}
		c.fvSets[v] = set
	}
	target := func(e ast.Expr) types.Object {
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			return info.ObjectOf(x)
		case *ast.SelectorExpr:
			return info.ObjectOf(x.Sel)
		}
		return nil
	}
	c.calls.Visit(nil, func(n ast.Node) {
		switch n := n.(type) {
		case *ast.CompositeLit:
			for _, elt := range n.Elts {
				if kv, ok := elt.(*ast.KeyValueExpr); ok {
					if id, ok := kv.Key.(*ast.Ident); ok {
						note(info.ObjectOf(id), kv.Value)
					}
				}
			}
		case *ast.AssignStmt:
			if len(n.Lhs) == len(n.Rhs) {
				for i, l := range n.Lhs {
					note(target(l), n.Rhs[i])
				}
			}
		case *ast.ValueSpec:
			if len(n.Names) == len(n.Values) {
				for i, id := range n.Names {
					note(info.Defs[id], n.Values[i])
				}
			}
		}
	})
	return c.fvSets
}

// funcOfValue returns the function or method that e, a func value, is:
// log.Printf, logger.Printf, t.Logf.
func (c *checker) funcOfValue(e ast.Expr) *types.Func {
	info := c.pass.TypesInfo
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		fn, _ := info.Uses[x].(*types.Func)
		return fn
	case *ast.SelectorExpr:
		if sel, ok := info.Selections[x]; ok {
			if sel.Kind() == types.FieldVal {
				return nil
			}
			fn, _ := sel.Obj().(*types.Func)
			return fn
		}
		fn, _ := info.Uses[x.Sel].(*types.Func)
		return fn
	}
	return nil
}

// declaresFuncLog reports whether pkg declares a struct type with a func
// field that logs by its name and signature (Logf func(string, ...any)):
// a package that imports no log may still wrap one it is given.
func declaresFuncLog(pkg *types.Package) bool {
	scope := pkg.Scope()
	for _, n := range scope.Names() {
		tn, ok := scope.Lookup(n).(*types.TypeName)
		if !ok {
			continue
		}
		st, ok := tn.Type().Underlying().(*types.Struct)
		if !ok {
			continue
		}
		for i := range st.NumFields() {
			f := st.Field(i)
			if sig, ok := f.Type().Underlying().(*types.Signature); ok {
				if _, ok := logsink.FuncValue(f.Name(), sig); ok {
					return true
				}
			}
		}
	}
	return false
}
