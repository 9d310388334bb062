package retrydeadline

// This file holds retry loops that range over an iterator whose waits
// take no context: the iterator sleeps between the values it yields, so
// the loop's wait is in the iterator, out of the loop's sight:
//
//	func (c *Client) retryTimer(base time.Duration) iter.Seq[int] {
//		return func(yield func(int) bool) {
//			for n := 0; ; n++ {
//				if !yield(n) {
//					return
//				}
//				time.Sleep(base << n)
//			}
//		}
//	}
//
//	for range c.retryTimer(time.Second) {
//		resp, err := c.do(ctx, req) // ctx is cancelled: the sleep is not
//	}

import (
	"fmt"
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/fixes"
	"github.com/retrylint/retrylint/internal/flow"
	"github.com/retrylint/retrylint/internal/httpmodel"
)

// checkBlindIterators reports the range statements over a call of an
// iterator function of the package (see blindIterator) whose body sends
// and uses a context of the caller's, declared before the loop, that can
// be cancelled. The fix gives the iterator function a context: it becomes
// nameContext, with a first parameter ctx context.Context, and its sleep a
// select that ends the iteration when ctx is done; a function of the old
// name and signature calls it with context.Background() for its other
// callers, and the reported range calls nameContext with the loop's
// context.
func (c *checker) checkBlindIterators() {
	info := c.pass.TypesInfo
	type site struct {
		call *ast.CallExpr
		ctx  string
	}
	// The package's blind iterators first: most packages have none, and
	// then no range statement is looked for.
	sleeps := map[*ast.FuncDecl]*ast.ExprStmt{}
	for _, file := range c.pass.Files {
		for _, d := range file.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && returnsIterator(info, fd) {
				if s := c.blindIterator(fd); s != nil {
					sleeps[fd] = s
				}
			}
		}
	}
	if len(sleeps) == 0 {
		return
	}
	var order []*ast.FuncDecl
	sites := map[*ast.FuncDecl][]site{}
	for _, file := range c.pass.Files {
		if isHTTPTestFile(c.pass, file) {
			continue
		}
		ast.Inspect(file, func(n ast.Node) bool {
			rs, ok := n.(*ast.RangeStmt)
			if !ok {
				return true
			}
			call, ok := ast.Unparen(rs.X).(*ast.CallExpr)
			if !ok || call.Ellipsis.IsValid() {
				return true
			}
			fn := httpmodel.Callee(info, call)
			if fn == nil || fn.Pkg() != c.pass.Pkg || fn.Origin() != fn {
				return true
			}
			if t := info.TypeOf(rs.X); t == nil {
				return true
			} else if _, ok := t.Underlying().(*types.Signature); !ok {
				return true
			}
			fd := c.funcDeclOf(fn)
			if fd == nil || sleeps[fd] == nil || !c.bodySends(rs.Body) {
				return true
			}
			ctx := c.capturedContext(file, rs.Body, rs)
			if ctx == "" {
				return true
			}
			if sites[fd] == nil {
				order = append(order, fd)
			}
			sites[fd] = append(sites[fd], site{call, ctx})
			return true
		})
	}
	// One report per iterator, at its first loop, whose fix switches
	// every loop found: the fixes of two reports would both rename it.
	for _, fd := range order {
		var calls []*ast.CallExpr
		ctxOf := map[*ast.CallExpr]string{}
		for _, s := range sites[fd] {
			calls = append(calls, s.call)
			ctxOf[s.call] = s.ctx
		}
		c.reportBlindIterator(fd, calls, ctxOf, sleeps[fd])
	}
}

// returnsIterator reports whether fd's one result is a function that
// takes a yield function: func(func(...) bool), iter.Seq or iter.Seq2.
func returnsIterator(info *types.Info, fd *ast.FuncDecl) bool {
	if fd.Type.Results == nil || len(fd.Type.Results.List) != 1 || len(fd.Type.Results.List[0].Names) > 1 {
		return false
	}
	t := info.TypeOf(fd.Type.Results.List[0].Type)
	if t == nil {
		return false
	}
	sig, ok := t.Underlying().(*types.Signature)
	if !ok || sig.Params().Len() != 1 || sig.Results().Len() != 0 {
		return false
	}
	y, ok := sig.Params().At(0).Type().Underlying().(*types.Signature)
	return ok && y.Results().Len() == 1 && types.Identical(y.Results().At(0).Type(), types.Typ[types.Bool])
}

// funcDeclOf returns the declaration of fn in the package, or nil.
func (c *checker) funcDeclOf(fn *types.Func) *ast.FuncDecl {
	for _, f := range c.pass.Files {
		if f.FileStart <= fn.Pos() && fn.Pos() < f.FileEnd {
			for _, d := range f.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.Pos() == fn.Pos() {
					return fd
				}
			}
		}
	}
	return nil
}

// blindIterator returns the time.Sleep statement of fd when fd takes no
// context, is not generic, and returns a function literal that takes a
// yield function (func(...) bool), has no result, and loops calling yield
// and sleeping with time.Sleep in the loop's body; nil otherwise.
func (c *checker) blindIterator(fd *ast.FuncDecl) *ast.ExprStmt {
	info := c.pass.TypesInfo
	fn, _ := info.Defs[fd.Name].(*types.Func)
	if fn == nil || fd.Body == nil || fd.Type.TypeParams != nil || hasContextParam(fn) || fn.Signature().Results().Len() != 1 {
		return nil
	}
	var lit *ast.FuncLit
	for _, s := range fd.Body.List {
		if r, ok := s.(*ast.ReturnStmt); ok && len(r.Results) == 1 {
			if l, ok := ast.Unparen(r.Results[0]).(*ast.FuncLit); ok {
				lit = l
			}
		}
	}
	if lit == nil || lit.Type.Results != nil || len(lit.Type.Params.List) != 1 || len(lit.Type.Params.List[0].Names) != 1 {
		return nil
	}
	yield, _ := info.Defs[lit.Type.Params.List[0].Names[0]].(*types.Var)
	if yield == nil {
		return nil
	}
	ysig, ok := yield.Type().Underlying().(*types.Signature)
	if !ok || ysig.Results().Len() != 1 || !types.Identical(ysig.Results().At(0).Type(), types.Typ[types.Bool]) {
		return nil
	}
	var found *ast.ExprStmt
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		if found != nil {
			return false
		}
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		var body *ast.BlockStmt
		switch l := n.(type) {
		case *ast.ForStmt:
			body = l.Body
		case *ast.RangeStmt:
			body = l.Body
		default:
			return true
		}
		if !flow.Mentions(info, body, yield) {
			return true
		}
		for _, s := range body.List {
			es, ok := s.(*ast.ExprStmt)
			if !ok {
				continue
			}
			if ce, ok := ast.Unparen(es.X).(*ast.CallExpr); ok && len(ce.Args) == 1 && httpmodel.IsPkgFunc(httpmodel.Callee(info, ce), "time", "Sleep") {
				found = es
				return false
			}
		}
		return true
	})
	return found
}

// bodySends reports whether body calls a function that sends, outside
// nested function literals.
func (c *checker) bodySends(body *ast.BlockStmt) bool {
	sends := false
	ast.Inspect(body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		if ce, ok := n.(*ast.CallExpr); ok && c.loops.SendsCall(ce) {
			sends = true
		}
		return !sends
	})
	return sends
}

// reportBlindIterator reports the loops that range over calls of the
// iterator function fd, whose sleep takes no context, each with the
// context ctxOf names, at the first, with one fix for all.
func (c *checker) reportBlindIterator(fd *ast.FuncDecl, calls []*ast.CallExpr, ctxOf map[*ast.CallExpr]string, sleep *ast.ExprStmt) {
	info := c.pass.TypesInfo
	fn, _ := info.Defs[fd.Name].(*types.Func)
	if fn == nil {
		return
	}
	fdFile := fixes.FileOf(c.pass, fd.Pos())
	src := fixes.Source(c.pass, fd.Pos())
	if fdFile == nil || src == nil {
		return
	}
	// The new name must be free among the package's functions or the
	// receiver's methods.
	name := fd.Name.Name + "Context"
	recv := fn.Signature().Recv()
	free := func(n string) bool {
		if recv == nil {
			return c.pass.Pkg.Scope().Lookup(n) == nil
		}
		obj, _, _ := types.LookupFieldOrMethod(recv.Type(), true, c.pass.Pkg, n)
		return obj == nil
	}
	for i := 2; !free(name); i++ {
		name = fmt.Sprintf("%sContext%d", fd.Name.Name, i)
	}
	// Every parameter, and the receiver, must be named for the wrapper.
	var args []string
	for p := range fn.Signature().Params().Variables() {
		if p.Name() == "" || p.Name() == "_" {
			return
		}
		args = append(args, p.Name())
	}
	if fn.Signature().Variadic() {
		args[len(args)-1] += "..."
	}
	callee := name
	if recv != nil {
		if recv.Name() == "" || recv.Name() == "_" {
			return
		}
		callee = recv.Name() + "." + name
	}
	ctxPkg, imp, ok := fixes.Import(info, c.pass.Pkg, fdFile, "context", fd.Pos())
	if !ok {
		return
	}
	timePkg, _, ok := fixes.Import(info, c.pass.Pkg, fdFile, "time", sleep.Pos())
	if !ok {
		return
	}
	param := fixes.FreeName(info, fdFile, "ctx", nil, fd.Body.Lbrace+1, sleep.Pos())
	timer := fixes.FreeName(info, fdFile, "timer", nil, sleep.Pos())
	tf := c.pass.Fset.File(fd.Pos())
	header := string(src[tf.Offset(fd.Type.Func):tf.Offset(fd.Type.End())])
	wrapperCall := fmt.Sprintf("%s(%s.Background()", callee, ctxPkg)
	if len(args) > 0 {
		wrapperCall += ", " + strings.Join(args, ", ")
	}
	wrapper := fmt.Sprintf("\n\n// %s calls %s with a context that is never cancelled.\n%s {\n\treturn %s)\n}", fd.Name.Name, name, header, wrapperCall)
	decl := param + " " + ctxPkg + ".Context"
	if fd.Type.Params.NumFields() > 0 {
		decl += ", "
	}
	d := ast.Unparen(sleep.X).(*ast.CallExpr).Args[0]
	sel := fmt.Sprintf("%s := %s.NewTimer(%s)\nselect {\ncase <-%s.Done():\n%s.Stop()\nreturn\ncase <-%s.C:\n}",
		timer, timePkg, fixes.Text(c.pass.Fset, src, d), param, timer, timer)
	selText, ok := fixes.FormatStmts(sel, fixes.Indent(c.pass.Fset, src, sleep.Pos()))
	if !ok {
		return
	}
	at := fd.Type.Params.Opening + 1
	edits := []analysis.TextEdit{
		{Pos: fd.Name.Pos(), End: fd.Name.End(), NewText: []byte(name)},
		{Pos: at, End: at, NewText: []byte(decl)},
		{Pos: sleep.Pos(), End: sleep.End(), NewText: []byte(selText)},
		{Pos: fd.End(), End: fd.End(), NewText: []byte(wrapper)},
	}
	edits = append(edits, imp...)
	// The calls of the loops.
	for _, call := range calls {
		id := ast.Unparen(call.Fun)
		if s, ok := id.(*ast.SelectorExpr); ok {
			id = s.Sel
		}
		if ident, ok := id.(*ast.Ident); !ok || info.Uses[ident] != types.Object(fn) {
			return
		}
		arg := ctxOf[call]
		if len(call.Args) > 0 {
			arg += ", "
		}
		edits = append(edits,
			analysis.TextEdit{Pos: id.Pos(), End: id.End(), NewText: []byte(name)},
			analysis.TextEdit{Pos: call.Lparen + 1, End: call.Lparen + 1, NewText: []byte(arg)})
	}
	call, ctx := calls[0], ctxOf[calls[0]]
	var related []analysis.RelatedInformation
	for _, other := range calls[1:] {
		related = append(related, analysis.RelatedInformation{Pos: other.Pos(), End: other.End(), Message: "another loop ranges over " + fd.Name.Name + " while it uses " + ctxOf[other]})
	}
	c.pass.Report(analysis.Diagnostic{
		Pos:     call.Pos(),
		End:     call.End(),
		Message: fmt.Sprintf("retry loop ranges over %s, whose time.Sleep between values takes no context, while the loop uses %s: a cancelled caller still sleeps through every back-off", fd.Name.Name, ctx),
		Related: related,
		SuggestedFixes: []analysis.SuggestedFix{{
			Message:   "Add " + name + ", whose wait ends the iteration when a context is done, and range over it with " + ctx,
			TextEdits: edits,
		}},
	})
}
