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
// not generic and not variadic. When its signature must stay (it is
// exported, used as a value, a method an interface of the package may
// require, called in another file, or called where no statement can go
// before the call), the function is split as a helper on a chain is (see
// link): its body moves to a twin that takes the key and calls itself,
// and the function keeps its name and signature and hands the twin a key
// made on each call, the first attempt of an operation:
//
//	func Retry(c *http.Client, url string, item []byte, n int) error {
//		return retryWithKey(c, url, item, n, rand.Text())
//	}
func (c *checker) reportRecursive(file *ast.File, l *retryloop.Loop, s send, outcome string) {
	info := c.pass.TypesInfo
	fd, ok := l.Func.(*ast.FuncDecl)
	if !ok || fd.Body == nil || fd.Type.TypeParams != nil {
		return
	}
	fn, _ := info.Defs[fd.Name].(*types.Func)
	if fn == nil {
		return
	}
	sig := fn.Type().(*types.Signature)
	if sig.Variadic() || sig.RecvTypeParams().Len() > 0 {
		return
	}
	src := fixes.Source(c.pass, fd.Pos())
	if src == nil || fixes.FileOf(c.pass, s.call.Pos()) != file || trailingComma(c.pass.Fset, src, fd.Type.Params.Closing) {
		return
	}
	calls, only := c.callsOf(file, fn)
	var outside []*ast.CallExpr
	for _, call := range calls {
		if !l.IsSelfCall(call) {
			outside = append(outside, call)
		}
	}
	split := fn.Exported() || !only || (sig.Recv() != nil && c.interfaceHas(fn.Name()))
	if !split && len(outside) == 0 {
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
		more, ok := c.keyThroughHelper(l, s, param, src, false)
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
	var entry []analysis.TextEdit
	if !split {
		entry, ok = c.keysBefore(file, src, outside)
		split = !ok
	}
	twin := ""
	if split {
		if twin, ok = c.twinName(fn); !ok {
			return
		}
		key, imp, ok := c.keyCall(file, fd.Pos())
		if !ok {
			return
		}
		more, ok := c.splitEdits(fd, twin, key)
		if !ok {
			return
		}
		entry = append(imp, more...)
	}
	edits = append(edits, entry...)
	for _, call := range l.Self {
		e, ok := appendArg(c.pass.Fset, src, call, param)
		if !ok {
			return
		}
		edits = append(edits, e)
		if twin != "" {
			e, ok := renameCall(call, twin)
			if !ok {
				return
			}
			edits = append(edits, e)
		}
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

// keysBefore returns the edits that make a key before each of the calls,
// the first attempts of a retry by recursion, and hand it to the call. It
// fails where no statement can go just before a call, as in a function
// written on one line: { return t.doSend(body, n) }.
func (c *checker) keysBefore(file *ast.File, src []byte, calls []*ast.CallExpr) ([]analysis.TextEdit, bool) {
	info := c.pass.TypesInfo
	var edits []analysis.TextEdit
	imported := false
	for _, call := range calls {
		decl := c.declOf(file, call)
		if decl == nil {
			return nil, false
		}
		stmt := fixes.StmtOf(decl, call)
		if stmt == nil {
			return nil, false
		}
		key := fixes.FreeName(info, file, "idempotencyKey", nil, stmt.Pos(), call.End())
		tf := c.pass.Fset.File(stmt.Pos())
		at := tf.LineStart(tf.Line(stmt.Pos()))
		if len(bytes.TrimSpace(src[tf.Offset(at):tf.Offset(stmt.Pos())])) > 0 {
			return nil, false // not the first on its line
		}
		gen, imp, ok := c.keyGen(file, stmt.Pos(), key, fixes.Indent(c.pass.Fset, src, stmt.Pos()))
		if !ok {
			return nil, false
		}
		if !imported {
			edits = append(edits, imp...)
			imported = true
		}
		e, ok := appendArg(c.pass.Fset, src, call, key)
		if !ok {
			return nil, false
		}
		edits = append(edits, analysis.TextEdit{Pos: at, End: at, NewText: []byte(gen)}, e)
	}
	return edits, true
}

// keyCall returns an expression that makes a fresh key in file at pos,
// rand.Text() from Go 1.24 and the package's key helper before (see
// keyHelper), with the edits that import or add what it calls.
func (c *checker) keyCall(file *ast.File, pos token.Pos) (string, []analysis.TextEdit, bool) {
	info := c.pass.TypesInfo
	if v := info.FileVersions[file]; v != "" && !versionAtLeast(v, 24) {
		return c.keyHelper()
	}
	randName, edits, ok := fixes.Import(info, c.pass.Pkg, file, "crypto/rand", pos)
	if !ok {
		randName, edits, ok = fixes.ImportAs(info, c.pass.Pkg, file, "crypto/rand", "crand", pos)
	}
	return randName + ".Text()", edits, ok
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
