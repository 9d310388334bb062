package retrydeadline

// This file models the functions and methods whose whole body is a wait
// that ignores cancellation (func sleep(d time.Duration) { time.Sleep(d) },
// func (b *Backoff) Wait() { time.Sleep(b.Next()) }): a call of one in a
// retry loop is such a wait, and its fix waits for the same duration in a
// select on the context.

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/httpmodel"
)

// waitFact marks a function whose body is only time.Sleep(d) or
// <-time.After(d) (d perhaps named first: d := ...; time.Sleep(d)), that
// takes no context: d is its parameter Param-1
// (receiver aside), or, when Param is 0, Path read from its receiver
// (fields and methods without arguments, a method call written with "()":
// "Next()", "cfg.Delay"). With Unit set, d is the parameter counted in
// that unit of package time (an SDK's Sleep(seconds int) {
// time.Sleep(time.Duration(seconds) * time.Second) }), converted to a
// time.Duration first when Conv is set.
type waitFact struct {
	Param int
	Path  string
	Unit  string
	Conv  bool
}

func (*waitFact) AFact() {}

func (f *waitFact) String() string {
	if f.Param > 0 && f.Unit != "" {
		return fmt.Sprintf("waits(param %d in %s)", f.Param-1, f.Unit)
	}
	if f.Param > 0 {
		return fmt.Sprintf("waits(param %d)", f.Param-1)
	}
	return "waits(recv." + f.Path + ")"
}

// computeWaitFacts finds the package's wait functions and exports their
// facts.
func computeWaitFacts(pass *analysis.Pass) map[*types.Func]*waitFact {
	out := map[*types.Func]*waitFact{}
	for _, file := range pass.Files {
		for _, d := range file.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil || len(fd.Body.List) == 0 || len(fd.Body.List) > 2 {
				continue
			}
			fn, _ := pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if fn == nil {
				continue
			}
			if f := waitOf(pass.TypesInfo, fd); f != nil {
				out[fn] = f
				pass.ExportObjectFact(fn, f)
			}
		}
	}
	return out
}

// waitOf returns the fact of fd, nil when fd is not a wait function.
func waitOf(info *types.Info, fd *ast.FuncDecl) *waitFact {
	sig, ok := info.Defs[fd.Name].Type().(*types.Signature)
	if !ok || sig.TypeParams() != nil || sig.RecvTypeParams() != nil {
		return nil
	}
	for i := range sig.Params().Len() {
		if httpmodel.IsNamed(sig.Params().At(i).Type(), "context", "Context") {
			return nil
		}
	}
	// d := time.Duration(n) * time.Second; time.Sleep(d): the duration
	// named first.
	var named *types.Var
	var namedAs ast.Expr
	if len(fd.Body.List) == 2 {
		as, ok := fd.Body.List[0].(*ast.AssignStmt)
		if !ok || as.Tok != token.DEFINE || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
			return nil
		}
		id, ok := as.Lhs[0].(*ast.Ident)
		if !ok {
			return nil
		}
		named, _ = info.Defs[id].(*types.Var)
		namedAs = as.Rhs[0]
		if named == nil {
			return nil
		}
	}
	es, ok := fd.Body.List[len(fd.Body.List)-1].(*ast.ExprStmt)
	if !ok {
		return nil
	}
	x := ast.Unparen(es.X)
	if u, ok := x.(*ast.UnaryExpr); ok && u.Op == token.ARROW {
		x = ast.Unparen(u.X)
		if call, ok := x.(*ast.CallExpr); !ok || !httpmodel.IsPkgFunc(httpmodel.Callee(info, call), "time", "After") {
			return nil
		}
	} else if call, ok := x.(*ast.CallExpr); !ok || !httpmodel.IsPkgFunc(httpmodel.Callee(info, call), "time", "Sleep") {
		return nil
	}
	call := x.(*ast.CallExpr)
	if len(call.Args) != 1 {
		return nil
	}
	d := ast.Unparen(call.Args[0])
	if named != nil {
		if id, ok := d.(*ast.Ident); !ok || info.Uses[id] != named {
			return nil
		}
		d = ast.Unparen(namedAs)
	}
	param := func(e ast.Expr) int {
		if id, ok := ast.Unparen(e).(*ast.Ident); ok {
			for i := range sig.Params().Len() {
				if info.Uses[id] == sig.Params().At(i) {
					return i + 1
				}
			}
		}
		return 0
	}
	if _, ok := d.(*ast.Ident); ok {
		if i := param(d); i > 0 {
			return &waitFact{Param: i}
		}
		return nil
	}
	if b, ok := d.(*ast.BinaryExpr); ok && b.Op == token.MUL {
		// d * time.Second, time.Duration(n) * time.Millisecond, in
		// either order.
		for _, xy := range [2][2]ast.Expr{{b.X, b.Y}, {b.Y, b.X}} {
			unit := timeUnit(info, xy[1])
			if unit == "" {
				continue
			}
			if i := param(xy[0]); i > 0 {
				return &waitFact{Param: i, Unit: unit}
			}
			if conv, ok := ast.Unparen(xy[0]).(*ast.CallExpr); ok && len(conv.Args) == 1 {
				if tv, ok := info.Types[conv.Fun]; ok && tv.IsType() && httpmodel.IsNamed(tv.Type, "time", "Duration") {
					// An integer count: a caller's constant 1.5 for a
					// float64 one would not convert to a time.Duration.
					if i := param(conv.Args[0]); i > 0 && analysisutil.IsInteger(sig.Params().At(i-1).Type()) {
						return &waitFact{Param: i, Unit: unit, Conv: true}
					}
				}
			}
		}
		return nil
	}
	// A chain from the receiver.
	if sig.Recv() == nil {
		return nil
	}
	var path []string
	for {
		switch e := d.(type) {
		case *ast.SelectorExpr:
			s, ok := info.Selections[e]
			if !ok || s.Kind() != types.FieldVal {
				return nil
			}
			path = append([]string{e.Sel.Name}, path...)
			d = ast.Unparen(e.X)
			continue
		case *ast.CallExpr:
			sel, ok := ast.Unparen(e.Fun).(*ast.SelectorExpr)
			if !ok || len(e.Args) != 0 {
				return nil
			}
			if s, ok := info.Selections[sel]; !ok || s.Kind() != types.MethodVal {
				return nil
			}
			path = append([]string{sel.Sel.Name + "()"}, path...)
			d = ast.Unparen(sel.X)
			continue
		case *ast.Ident:
			if len(path) == 0 || info.Uses[e] != types.Object(sig.Recv()) {
				return nil
			}
			return &waitFact{Path: strings.Join(path, ".")}
		}
		return nil
	}
}

// timeUnit returns the name of e when it is one of package time's
// duration constants (Second, Millisecond, ...), "" otherwise.
func timeUnit(info *types.Info, e ast.Expr) string {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return ""
	}
	k, ok := info.Uses[sel.Sel].(*types.Const)
	if !ok || k.Pkg() == nil || k.Pkg().Path() != "time" || !httpmodel.IsNamed(k.Type(), "time", "Duration") {
		return ""
	}
	return k.Name()
}

// waitCall returns the duration that call, a call of a wait function,
// waits for, written from the call's own operands; nil when call is not
// one or a name of the path is not exported to this package. For a wait
// function that counts in a unit (see waitFact), it returns nil: see
// waitCallUnit.
func (c *checker) waitCall(call *ast.CallExpr) ast.Expr {
	d, f := c.waitCallUnit(call)
	if f != nil && f.Unit != "" {
		return nil
	}
	return d
}

// waitCallUnit returns what waitCall does, and the fact of the wait
// function: for one that counts in a unit, the argument counted.
func (c *checker) waitCallUnit(call *ast.CallExpr) (ast.Expr, *waitFact) {
	info := c.pass.TypesInfo
	fn := httpmodel.Callee(info, call)
	if fn == nil {
		return nil, nil
	}
	fn = fn.Origin()
	f := c.waits[fn]
	if f == nil {
		f = c.importedWaits.Get(fn)
	}
	if f == nil {
		return nil, nil
	}
	recv, args := httpmodel.Receiver(info, call)
	if f.Param > 0 {
		if f.Param > len(args) || call.Ellipsis.IsValid() {
			return nil, nil
		}
		return args[f.Param-1], f
	}
	if recv == nil {
		return nil, nil
	}
	e := recv
	for name := range strings.SplitSeq(f.Path, ".") {
		method := strings.TrimSuffix(name, "()")
		if fn.Pkg() != c.pass.Pkg && !ast.IsExported(method) {
			return nil, nil
		}
		sel := &ast.SelectorExpr{X: e, Sel: &ast.Ident{Name: method, NamePos: call.End()}}
		if method != name {
			e = &ast.CallExpr{Fun: sel, Lparen: call.End(), Rparen: call.End()}
		} else {
			e = sel
		}
	}
	return e, f
}
