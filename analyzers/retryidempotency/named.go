package retryidempotency

import (
	"fmt"
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/fixes"
	"github.com/retrylint/retrylint/internal/httpmodel"
	"github.com/retrylint/retrylint/internal/retryloop"
)

// reportNamedOp reports the write s of an operation that is a named
// function or method value handed to a retry helper (l.OpArg). The key
// must be the same on every attempt, so it is made once before the
// helper's call; the function gets it as a new last parameter and sets it
// on its request, and the helper is handed a literal that passes it:
//
//	idempotencyKey := rand.Text()
//	return c.r.Run(ctx, func() error { return c.postTransfer(idempotencyKey) })
//
// A function whose signature must stay (exported, used elsewhere, a
// method an interface of the package may require) is split as a helper
// on a chain is (see link): the literal calls its twin, which takes the
// key, and the function keeps its name and calls the twin with "". A
// generic or variadic function is not reported.
func (c *checker) reportNamedOp(file *ast.File, l *retryloop.Loop, s send, outcome string) {
	info := c.pass.TypesInfo
	fd, ok := l.Func.(*ast.FuncDecl)
	if !ok || fd.Type.TypeParams != nil {
		return
	}
	fn, _ := info.Defs[fd.Name].(*types.Func)
	if fn == nil || fn.Pkg() != c.pass.Pkg {
		return
	}
	sig := fn.Type().(*types.Signature)
	if sig.Variadic() || sig.RecvTypeParams().Len() > 0 {
		return
	}
	split := fn.Exported() || (sig.Recv() != nil && c.interfaceHas(fn.Name()))
	for id, obj := range info.Uses {
		if obj == fn && (id.Pos() < l.OpArg.Pos() || id.End() > l.OpArg.End()) {
			split = true // used elsewhere too
		}
	}
	twin := ""
	if split {
		if twin, ok = c.twinName(fn); !ok {
			return
		}
	}
	if sel, isSel := ast.Unparen(l.OpArg).(*ast.SelectorExpr); isSel {
		if !fixes.Pure(info, sel.X) {
			return // evaluated once by the method value, on every call by a literal
		}
	}
	src := fixes.Source(c.pass, l.Stmt.Pos())
	fsrc := fixes.Source(c.pass, fd.Pos())
	ffile := fixes.FileOf(c.pass, fd.Pos())
	if src == nil || fsrc == nil || ffile == nil {
		return
	}
	argText := fixes.Text(c.pass.Fset, src, l.OpArg)
	if twin != "" {
		// The literal calls the twin: c.postTransfer becomes
		// c.postTransferWithKey.
		switch x := ast.Unparen(l.OpArg).(type) {
		case *ast.SelectorExpr:
			argText = fixes.Text(c.pass.Fset, src, x.X) + "." + twin
		case *ast.Ident:
			argText = twin
		default:
			return
		}
	}
	at, indent, ok := l.Before(c.pass.Fset, src)
	if !ok {
		return
	}
	// The key, made once in the caller.
	taken := map[string]bool{}
	key := fixes.FreeName(info, file, "idempotencyKey", taken, l.Outer.Pos(), l.OpArg.Pos())
	gen, edits, ok := c.keyGen(file, l.Outer.Pos(), key, indent)
	if !ok {
		return
	}
	edits = append(edits, analysis.TextEdit{Pos: at, End: at, NewText: []byte(gen)})
	// The literal handed to the helper.
	lit, ok := c.passingLiteral(file, sig, argText, key, l.OpArg)
	if !ok {
		return
	}
	edits = append(edits, analysis.TextEdit{Pos: l.OpArg.Pos(), End: l.OpArg.End(), NewText: []byte(lit)})
	// The function's new parameter, set on its request.
	param := fixes.FreeName(info, ffile, "idempotencyKey", nil, fd.Body.Lbrace+1, fd.Body.Rbrace-1)
	decl := param + " string"
	if fd.Type.Params.NumFields() > 0 {
		decl = ", " + decl
	}
	edits = append(edits, analysis.TextEdit{Pos: fd.Type.Params.Closing, End: fd.Type.Params.Closing, NewText: []byte(decl)})
	if twin != "" {
		more, ok := c.splitEdits(fd, twin, `""`)
		if !ok {
			return
		}
		edits = append(edits, more...)
	}
	switch {
	case s.helper != nil:
		// The write of a helper, or of a chain of helpers, that the
		// function calls: the key is handed on to where the request is
		// built.
		more, ok := c.keyThroughHelper(l, s, param, fsrc, twin != "")
		if !ok {
			return
		}
		edits = append(edits, more...)
	case s.req != nil && s.build != nil:
		set := fmt.Sprintf("%s.Header.Set(%q, %s)", s.req.Name(), c.first, param)
		if twin != "" {
			// The function's other callers hand the twin "".
			indent := fixes.Indent(c.pass.Fset, fsrc, s.build.Pos())
			set = ifKey(param, set, indent)
		}
		e, ok := c.setAfterBuild(fd.Body, s, set, fsrc)
		if !ok {
			return
		}
		edits = append(edits, e)
	case s.req == nil:
		more, ok := c.rewriteURLSendIn(ffile, l.Body, s.call, param, map[string]bool{param: true}, twin != "")
		if !ok {
			return
		}
		edits = append(edits, more...)
	default:
		return
	}
	what := "without an idempotency key"
	if s.helper != nil {
		what += " (" + httpmodel.Callee(info, s.call).Name() + " sends it)"
	}
	c.pass.Report(analysis.Diagnostic{
		Pos:     s.call.Pos(),
		End:     s.call.End(),
		Message: message(l, s, outcome, what),
		Related: []analysis.RelatedInformation{{Pos: l.OpArg.Pos(), End: l.OpArg.End(), Message: fn.Name() + " is handed to " + viaName(l) + " here"}},
		SuggestedFixes: []analysis.SuggestedFix{{
			Message:   "Send one " + c.first + " on every attempt",
			TextEdits: edits,
		}},
	})
}

// passingLiteral returns a function literal of the signature sig that
// calls fnText with its parameters and the key:
// func(ctx context.Context) error { return c.send(ctx, key) }.
func (c *checker) passingLiteral(file *ast.File, sig *types.Signature, fnText, key string, arg ast.Expr) (string, bool) {
	info := c.pass.TypesInfo
	missing := false
	qual := fixes.Qualifier(file, c.pass.Pkg, info)
	q := func(p *types.Package) string {
		if p != c.pass.Pkg && !fileImports(file, p.Path()) {
			missing = true
		}
		return qual(p)
	}
	// Names the literal's parameters may not take: the key and the
	// identifiers of the argument, which they would shadow.
	used := map[string]bool{key: true}
	ast.Inspect(arg, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			used[id.Name] = true
		}
		return true
	})
	var params, names []string
	for i := range sig.Params().Len() {
		p := sig.Params().At(i)
		name := p.Name()
		if name == "" || name == "_" || used[name] {
			name = fmt.Sprintf("arg%d", i)
		}
		name = fixes.FreeName(info, file, name, used, arg.Pos())
		params = append(params, name+" "+types.TypeString(p.Type(), q))
		names = append(names, name)
	}
	var results []string
	for i := range sig.Results().Len() {
		results = append(results, types.TypeString(sig.Results().At(i).Type(), q))
	}
	if missing {
		return "", false
	}
	res := strings.Join(results, ", ")
	if len(results) > 1 {
		res = "(" + res + ")"
	}
	if res != "" {
		res = " " + res
	}
	call := fmt.Sprintf("%s(%s)", fnText, strings.Join(append(names, key), ", "))
	body := "return " + call
	if len(results) == 0 {
		body = call
	}
	return fmt.Sprintf("func(%s)%s { %s }", strings.Join(params, ", "), res, body), true
}

// fileImports reports whether file imports path under a usable name.
func fileImports(file *ast.File, path string) bool {
	for _, spec := range file.Imports {
		if strings.Trim(spec.Path.Value, `"`) == path && (spec.Name == nil || (spec.Name.Name != "_" && spec.Name.Name != ".")) {
			return true
		}
	}
	return false
}
