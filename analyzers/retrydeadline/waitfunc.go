package retrydeadline

// This file models the functions and methods whose whole body is a wait
// that ignores cancellation (func sleep(d time.Duration) { time.Sleep(d) },
// func (b *Backoff) Wait() { time.Sleep(b.Next()) }): a call of one in a
// retry loop is such a wait, and its fix waits for the same duration in a
// select on the context.

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/fixes"
	"github.com/retrylint/retrylint/internal/httpmodel"
)

// waitFact marks a function whose body is only time.Sleep(d) or
// <-time.After(d), that takes no context: d is its parameter Param-1
// (receiver aside), or, when Param is 0, Path read from its receiver
// (fields and methods without arguments, a method call written with "()":
// "Next()", "cfg.Delay"), or Expr, a duration computed from its
// parameters (func pause(attempt int) { time.Sleep(time.Duration(1<<attempt)
// * 100 * time.Millisecond) }): its text with $N for parameter N and
// $time for the time package's name.
type waitFact struct {
	Param int
	Path  string
	Expr  string
}

func (*waitFact) AFact() {}

func (f *waitFact) String() string {
	switch {
	case f.Param > 0:
		return fmt.Sprintf("waits(param %d)", f.Param-1)
	case f.Expr != "":
		return "waits(" + f.Expr + ")"
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
	if e, ok := durationTemplate(info, sig, d); ok {
		return &waitFact{Expr: e}
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

// durationTemplate returns d, a duration computed from the parameters of
// a function of signature sig, as a template that a caller can write
// from its own arguments: $N for parameter N, $time for the time package.
// Only parameters, the time package's names, untyped constants,
// conversions and the builtins min and max may appear: the caller can
// name all of them, and evaluating the expression again has no effect
// beyond its value.
func durationTemplate(info *types.Info, sig *types.Signature, d ast.Expr) (string, bool) {
	params := map[types.Object]int{}
	for i := range sig.Params().Len() {
		params[sig.Params().At(i)] = i
	}
	ok, usesParam := true, false
	var b strings.Builder
	var write func(e ast.Expr)
	write = func(e ast.Expr) {
		if !ok {
			return
		}
		switch e := e.(type) {
		case *ast.BasicLit:
			b.WriteString(e.Value)
		case *ast.ParenExpr:
			b.WriteString("(")
			write(e.X)
			b.WriteString(")")
		case *ast.Ident:
			switch obj := info.Uses[e].(type) {
			case *types.Var:
				i, isParam := params[obj]
				if !isParam {
					ok = false
					return
				}
				usesParam = true
				fmt.Fprintf(&b, "($%d)", i)
			case *types.Builtin:
				if obj.Name() != "min" && obj.Name() != "max" {
					ok = false
					return
				}
				b.WriteString(e.Name)
			case *types.TypeName:
				if obj.Parent() != types.Universe {
					ok = false
					return
				}
				b.WriteString(e.Name)
			default:
				ok = false
			}
		case *ast.SelectorExpr:
			// time.Second, time.Duration: the caller writes its own name
			// of the time package.
			id, isID := e.X.(*ast.Ident)
			pn, isPkg := info.Uses[id].(*types.PkgName)
			if !isID || !isPkg || pn.Imported().Path() != "time" {
				ok = false
				return
			}
			switch info.Uses[e.Sel].(type) {
			case *types.Const, *types.TypeName:
				b.WriteString("$time." + e.Sel.Name)
			default:
				ok = false
			}
		case *ast.BinaryExpr:
			write(e.X)
			b.WriteString(" " + e.Op.String() + " ")
			write(e.Y)
		case *ast.UnaryExpr:
			if e.Op != token.SUB && e.Op != token.ADD {
				ok = false
				return
			}
			b.WriteString(e.Op.String())
			write(e.X)
		case *ast.CallExpr:
			// A conversion (time.Duration(n)) or min/max.
			tv, found := info.Types[e.Fun]
			_, builtin := info.Uses[identOf(e.Fun)].(*types.Builtin)
			if !found || !tv.IsType() && !builtin || e.Ellipsis.IsValid() {
				ok = false
				return
			}
			write(e.Fun)
			b.WriteString("(")
			for i, a := range e.Args {
				if i > 0 {
					b.WriteString(", ")
				}
				write(a)
			}
			b.WriteString(")")
		default:
			ok = false
		}
	}
	write(d)
	return b.String(), ok && usesParam
}

// identOf returns e as an identifier, or nil.
func identOf(e ast.Expr) *ast.Ident {
	id, _ := ast.Unparen(e).(*ast.Ident)
	return id
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
	if f.Expr != "" {
		return c.expandWait(call, f.Expr, args)
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

// expandWait returns the duration of a wait function's template (see
// durationTemplate) written from the arguments of call, nil when an
// argument may do more than give a value (it would run once for each of
// its uses) or the template does not parse.
func (c *checker) expandWait(call *ast.CallExpr, tmpl string, args []ast.Expr) ast.Expr {
	info := c.pass.TypesInfo
	if call.Ellipsis.IsValid() {
		return nil
	}
	file := fixes.FileOf(c.pass, call.Pos())
	src := fixes.Source(c.pass, call.Pos())
	if file == nil || src == nil {
		return nil
	}
	timeName, _, ok := fixes.Import(info, c.pass.Pkg, file, "time", call.Pos())
	if !ok {
		return nil
	}
	text := strings.ReplaceAll(tmpl, "$time.", timeName+".")
	for i := len(args) - 1; i >= 0; i-- {
		ref := fmt.Sprintf("$%d", i)
		if !strings.Contains(text, ref) {
			continue
		}
		if !fixes.Pure(info, args[i]) {
			return nil
		}
		arg := fixes.Text(c.pass.Fset, src, args[i])
		switch ast.Unparen(args[i]).(type) {
		case *ast.Ident, *ast.SelectorExpr, *ast.BasicLit, *ast.CallExpr, *ast.IndexExpr:
			// An operand: no parentheses needed around it.
			text = strings.ReplaceAll(text, "("+ref+")", arg)
		}
		text = strings.ReplaceAll(text, ref, "("+arg+")")
	}
	if strings.Contains(text, "$") {
		return nil
	}
	e, err := parser.ParseExpr(text)
	if err != nil {
		return nil
	}
	return e
}
