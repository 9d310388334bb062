package retryidempotency

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/fixes"
	"github.com/retrylint/retrylint/internal/httpmodel"
	"github.com/retrylint/retrylint/internal/retryloop"
)

// reportRecursive reports the write s of a retry by recursion (l.Self).
// One key must serve every attempt, and each attempt is a call of the
// function, so the key cannot be made in it: the function gets the key as
// a new last parameter, sets it on its request, and hands it to its
// self-calls, while each call from outside (the first attempt of an
// operation) makes a key just before it:
//
//	idempotencyKey := rand.Text()
//	return t.doSend(body, t.RetryAttempts, idempotencyKey)
//
// The fix changes the function's signature, so the function must be
// unexported, not generic, not variadic, and called (never used as a
// value) only in the reported file, where every call from outside is a
// statement of a block. Otherwise nothing is reported.
func (c *checker) reportRecursive(file *ast.File, l *retryloop.Loop, s send, outcome string) {
	info := c.pass.TypesInfo
	fd, ok := l.Func.(*ast.FuncDecl)
	if !ok || fd.Body == nil || fd.Type.TypeParams != nil {
		return
	}
	fn, _ := info.Defs[fd.Name].(*types.Func)
	if fn == nil || fn.Exported() {
		return
	}
	sig := fn.Type().(*types.Signature)
	if sig.Variadic() || sig.RecvTypeParams().Len() > 0 || (sig.Recv() != nil && c.interfaceHas(fn.Name())) {
		return
	}
	src := fixes.Source(c.pass, fd.Pos())
	if src == nil || fixes.FileOf(c.pass, s.call.Pos()) != file || trailingComma(c.pass.Fset, src, fd.Type.Params.Closing) {
		return
	}
	calls, ok := c.callsOf(file, fn)
	if !ok {
		return
	}
	var outside []*ast.CallExpr
	for _, call := range calls {
		if !l.IsSelfCall(call) {
			outside = append(outside, call)
		}
	}
	if len(outside) == 0 {
		return // no first attempt here to make the key
	}
	// The parameter, set on the request and handed to each self-call.
	param := fixes.FreeName(info, file, "idempotencyKey", nil, fd.Body.Lbrace+1, fd.Body.Rbrace-1)
	decl := param + " string"
	if fd.Type.Params.NumFields() > 0 {
		decl = ", " + decl
	}
	edits := []analysis.TextEdit{{Pos: fd.Type.Params.Closing, End: fd.Type.Params.Closing, NewText: []byte(decl)}}
	switch {
	case s.helper != nil:
		more, ok := c.keyThroughHelper(l, s, param, src)
		if !ok {
			return
		}
		edits = append(edits, more...)
	case s.req != nil && s.build != nil && fd.Body.Pos() <= s.build.Pos() && s.build.End() <= fd.Body.End():
		set := fmt.Sprintf("%s.Header.Set(%q, %s)", s.req.Name(), c.first, param)
		e, ok := c.setAfterBuild(fd.Body, s, set, src)
		if !ok {
			return
		}
		edits = append(edits, e)
	case s.req == nil:
		more, ok := c.rewriteURLSend(file, l, s, param, map[string]bool{param: true})
		if !ok {
			return
		}
		edits = append(edits, more...)
	default:
		return
	}
	for _, call := range l.Self {
		e, ok := appendArg(c.pass.Fset, src, call, param)
		if !ok {
			return
		}
		edits = append(edits, e)
	}
	// A key made once before each first attempt.
	imported := false
	for _, call := range outside {
		decl := c.declOf(file, call)
		if decl == nil {
			return
		}
		stmt := fixes.StmtOf(decl, call)
		if stmt == nil {
			return
		}
		key := fixes.FreeName(info, file, "idempotencyKey", nil, stmt.Pos(), call.End())
		tf := c.pass.Fset.File(stmt.Pos())
		at := tf.LineStart(tf.Line(stmt.Pos()))
		if len(bytes.TrimSpace(src[tf.Offset(at):tf.Offset(stmt.Pos())])) > 0 {
			return // not the first on its line: { return t.doSend(body, n) }
		}
		gen, imp, ok := c.keyGen(file, stmt.Pos(), key, fixes.Indent(c.pass.Fset, src, stmt.Pos()))
		if !ok {
			return
		}
		if !imported {
			edits = append(edits, imp...)
			imported = true
		}
		e, ok := appendArg(c.pass.Fset, src, call, key)
		if !ok {
			return
		}
		edits = append(edits, analysis.TextEdit{Pos: at, End: at, NewText: []byte(gen)}, e)
	}
	what := "without an idempotency key"
	if s.helper != nil {
		what += " (" + httpmodel.Callee(info, s.call).Name() + " sends it)"
	}
	c.pass.Report(analysis.Diagnostic{
		Pos:     s.call.Pos(),
		End:     s.call.End(),
		Message: fmt.Sprintf("%s is retried by a call of %s to itself after %s %s (the write may be applied twice)", s.method, fn.Name(), outcome, what),
		Related: []analysis.RelatedInformation{{Pos: l.Self[0].Pos(), End: l.Self[0].End(), Message: fn.Name() + " sends it again here"}},
		SuggestedFixes: []analysis.SuggestedFix{{
			Message:   "Make one " + c.first + " in the callers of " + fn.Name() + " and hand it to every attempt",
			TextEdits: edits,
		}},
	})
}

// callsOf returns the calls of fn in the package, and reports whether they
// are all in file and fn is used nowhere else (as a value, say).
func (c *checker) callsOf(file *ast.File, fn *types.Func) ([]*ast.CallExpr, bool) {
	info := c.pass.TypesInfo
	uses := 0
	for _, obj := range info.Uses {
		if obj == fn {
			uses++
		}
	}
	var calls []*ast.CallExpr
	ast.Inspect(file, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			if f := httpmodel.Callee(info, call); f != nil && f.Origin() == fn {
				calls = append(calls, call)
			}
		}
		return true
	})
	return calls, len(calls) == uses
}

// interfaceHas reports whether an interface type of the package has a
// method called name, which a method of that name may implement: its
// signature must not change.
func (c *checker) interfaceHas(name string) bool {
	found := false
	for _, t := range c.pass.TypesInfo.Types {
		if found {
			break
		}
		if it, ok := t.Type.Underlying().(*types.Interface); ok {
			for m := range it.Methods() {
				if m.Name() == name {
					found = true
				}
			}
		}
	}
	return found
}

// declOf returns the declaration of file that holds n.
func (c *checker) declOf(file *ast.File, n ast.Node) ast.Decl {
	for _, d := range file.Decls {
		if d.Pos() <= n.Pos() && n.End() <= d.End() {
			return d
		}
	}
	return nil
}

// appendArg returns the edit that adds arg as the last argument of call.
// It fails on a call with a trailing comma or a spread argument.
func appendArg(fset *token.FileSet, src []byte, call *ast.CallExpr, arg string) (analysis.TextEdit, bool) {
	if call.Ellipsis.IsValid() || trailingComma(fset, src, call.Rparen) {
		return analysis.TextEdit{}, false
	}
	if len(call.Args) > 0 {
		arg = ", " + arg
	}
	return analysis.TextEdit{Pos: call.Rparen, End: call.Rparen, NewText: []byte(arg)}, true
}

// trailingComma reports whether the closing parenthesis at closing follows
// a comma (a list written one element per line).
func trailingComma(fset *token.FileSet, src []byte, closing token.Pos) bool {
	tf := fset.File(closing)
	if tf == nil {
		return true
	}
	off := tf.Offset(closing)
	if off > len(src) {
		return true
	}
	before := bytes.TrimRight(src[:off], " \t\r\n")
	return len(before) > 0 && before[len(before)-1] == ','
}
