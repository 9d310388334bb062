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

	"github.com/retrylint/retrylint/internal/httpmodel"
)

// waitFact marks a function whose body is only time.Sleep(d) or
// <-time.After(d), that takes no context: d is its parameter Param-1
// (receiver aside), or, when Param is 0, Path read from its receiver
// (fields and methods without arguments, a method call written with "()":
// "Next()", "cfg.Delay").
type waitFact struct {
	Param int
	Path  string
}

func (*waitFact) AFact() {}

func (f *waitFact) String() string {
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
			if !ok || fd.Body == nil || len(fd.Body.List) != 1 {
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
	es, ok := fd.Body.List[0].(*ast.ExprStmt)
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
	if id, ok := d.(*ast.Ident); ok {
		for i := range sig.Params().Len() {
			if info.Uses[id] == sig.Params().At(i) {
				return &waitFact{Param: i + 1}
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

// waitCall returns the duration that call, a call of a wait function,
// waits for, written from the call's own operands; nil when call is not
// one or a name of the path is not exported to this package.
func (c *checker) waitCall(call *ast.CallExpr) ast.Expr {
	info := c.pass.TypesInfo
	fn := httpmodel.Callee(info, call)
	if fn == nil {
		return nil
	}
	fn = fn.Origin()
	f := c.waits[fn]
	if f == nil {
		f = c.importedWaits.Get(fn)
	}
	if f == nil {
		return nil
	}
	recv, args := httpmodel.Receiver(info, call)
	if f.Param > 0 {
		if f.Param > len(args) || call.Ellipsis.IsValid() {
			return nil
		}
		return args[f.Param-1]
	}
	if recv == nil {
		return nil
	}
	e := recv
	for name := range strings.SplitSeq(f.Path, ".") {
		method := strings.TrimSuffix(name, "()")
		if fn.Pkg() != c.pass.Pkg && !ast.IsExported(method) {
			return nil
		}
		sel := &ast.SelectorExpr{X: e, Sel: &ast.Ident{Name: method, NamePos: call.End()}}
		if method != name {
			e = &ast.CallExpr{Fun: sel, Lparen: call.End(), Rparen: call.End()}
		} else {
			e = sel
		}
	}
	return e
}
