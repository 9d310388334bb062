package retryidempotency

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/fixes"
	"github.com/retrylint/retrylint/internal/httpmodel"
	"github.com/retrylint/retrylint/internal/retryloop"
)

// keyField is the field a requeue fix adds to the item's type.
const keyField = "idempotencyKey"

// reportRequeue reports the write s of a worker loop that retries by
// handing its item back to its channel (l.Requeue). One key must serve
// every attempt of the item, and the item is what goes round: the fix adds
// a key field to the item's struct type, fills it where items are made
// (each composite literal of the type in the package), and sets it on the
// request of each attempt:
//
//	p := payload{body: body, retriesLeft: n, idempotencyKey: rand.Text()}
//
// The item's type must be a struct type of this package declared at the
// top level of a file, made by keyed composite literals only, in files at
// Go 1.24 or later (rand.Text). Otherwise nothing is reported.
func (c *checker) reportRequeue(file *ast.File, l *retryloop.Loop, s send, outcome string) {
	info := c.pass.TypesInfo
	fset := c.pass.Fset
	t := l.Item.Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	named, ok := t.(*types.Named)
	if !ok || named.Obj().Pkg() != c.pass.Pkg || named.TypeParams().Len() > 0 {
		return
	}
	if obj, _, _ := types.LookupFieldOrMethod(named, true, c.pass.Pkg, keyField); obj != nil {
		return
	}
	spec := c.typeSpec(named.Obj())
	if spec == nil {
		return
	}
	stype, ok := spec.Type.(*ast.StructType)
	if !ok || stype.Fields.NumFields() == 0 {
		return
	}
	src := fixes.Source(c.pass, l.Stmt.Pos())
	ssrc := fixes.Source(c.pass, spec.Pos())
	tf := fset.File(stype.Fields.Closing)
	if src == nil || ssrc == nil || tf == nil || tf.Line(stype.Fields.Opening) == tf.Line(stype.Fields.Closing) {
		return
	}
	at := tf.LineStart(tf.Line(stype.Fields.Closing))
	edits := []analysis.TextEdit{{Pos: at, End: at, NewText: []byte("\n\t// " + keyField + " is sent on every attempt of this item.\n\t" + keyField + " string\n")}}
	// A key for each item, where it is made: rand.Text() from Go 1.24, a
	// helper of the package before.
	old := false
	for _, f := range c.pass.Files {
		if v := info.FileVersions[f]; v != "" && !versionAtLeast(v, 24) {
			old = true
		}
	}
	gen := ""
	if old {
		var more []analysis.TextEdit
		if gen, more, ok = c.keyHelper(); !ok {
			return
		}
		edits = append(edits, more...)
	}
	made := 0
	for _, f := range c.pass.Files {
		fsrc := fixes.Source(c.pass, f.Pos())
		var lits []*ast.CompositeLit
		ast.Inspect(f, func(n ast.Node) bool {
			if lit, ok := n.(*ast.CompositeLit); ok && types.Identical(info.TypeOf(lit), named) {
				lits = append(lits, lit)
			}
			return true
		})
		if len(lits) == 0 {
			continue
		}
		if fsrc == nil {
			return
		}
		value := gen
		if !old {
			randName, imp, ok := fixes.Import(info, c.pass.Pkg, f, "crypto/rand", lits[0].Pos())
			if !ok {
				randName, imp, ok = fixes.ImportAs(info, c.pass.Pkg, f, "crypto/rand", "crand", lits[0].Pos())
			}
			if !ok {
				return
			}
			edits = append(edits, imp...)
			value = randName + ".Text()"
		}
		for _, lit := range lits {
			e, ok := keyedLiteral(fset, fsrc, lit, keyField+": "+value)
			if !ok {
				return
			}
			edits = append(edits, e)
			made++
		}
	}
	if made == 0 {
		return // items made some other way
	}
	// The key on the request of each attempt.
	key := l.Item.Name() + "." + keyField
	switch {
	case s.helper != nil:
		more, ok := c.keyThroughHelper(l, s, key, src, false)
		if !ok {
			return
		}
		edits = append(edits, more...)
	case s.req != nil && s.build != nil && l.Body.Pos() <= s.build.Pos() && s.build.End() <= l.Body.End():
		e, ok := c.setAfterBuild(l.Body, s, fmt.Sprintf("%s.Header.Set(%q, %s)", s.req.Name(), c.first, key), src)
		if !ok {
			return
		}
		edits = append(edits, e)
	case s.req == nil:
		more, ok := c.rewriteURLSend(file, l, s, key, map[string]bool{})
		if !ok {
			return
		}
		edits = append(edits, more...)
	default:
		return
	}
	if !cleanEdits(c.pass, edits) {
		return
	}
	what := "without an idempotency key"
	if s.helper != nil {
		what += " (" + calleeName(info, s.call) + " sends it)"
	}
	c.pass.Report(analysis.Diagnostic{
		Pos:     s.call.Pos(),
		End:     s.call.End(),
		Message: fmt.Sprintf("%s is retried by handing %s back to its channel after %s %s (the write may be applied twice)", s.method, l.Item.Name(), outcome, what),
		Related: []analysis.RelatedInformation{{Pos: l.Requeue[0].Pos(), End: l.Requeue[0].End(), Message: l.Item.Name() + " is sent again from here"}},
		SuggestedFixes: []analysis.SuggestedFix{{
			Message:   "Give each " + named.Obj().Name() + " one " + c.first + " and send it on every attempt",
			TextEdits: edits,
		}},
	})
}

// keyHelperName is the function a requeue fix adds for Go before 1.24.
const keyHelperName = "newIdempotencyKey"

// keyHelper returns the call that makes a key for an item in a package
// at a Go version without rand.Text, and the edits that add the function
// it calls, once: at the end of the file of the package's first requeue
// loop, or else of its first file, so that every finding of the package
// adds the same text there.
func (c *checker) keyHelper() (string, []analysis.TextEdit, bool) {
	info := c.pass.TypesInfo
	if c.pass.Pkg.Scope().Lookup(keyHelperName) != nil || len(c.pass.Files) == 0 {
		return "", nil, false
	}
	home := c.pass.Files[0].Pos()
	if len(c.loops.Requeues) > 0 {
		home = c.loops.Requeues[0].Stmt.Pos()
	}
	file := fixes.FileOf(c.pass, home)
	src := fixes.Source(c.pass, home)
	if file == nil || src == nil {
		return "", nil, false
	}
	at := file.FileEnd
	randName, edits, ok := fixes.Import(info, c.pass.Pkg, file, "crypto/rand", at)
	if !ok {
		randName, edits, ok = fixes.ImportAs(info, c.pass.Pkg, file, "crypto/rand", "crand", at)
	}
	if !ok {
		return "", nil, false
	}
	hexName, hexEdits, ok := fixes.Import(info, c.pass.Pkg, file, "encoding/hex", at)
	if !ok {
		return "", nil, false
	}
	text := fmt.Sprintf("\n// %[1]s returns a random idempotency key for one operation.\nfunc %[1]s() string {\n\tb := make([]byte, 16)\n\t_, _ = %[2]s.Read(b)\n\treturn %[3]s.EncodeToString(b)\n}\n", keyHelperName, randName, hexName)
	if len(src) > 0 && src[len(src)-1] != '\n' {
		text = "\n" + text
	}
	edits = append(append(edits, hexEdits...), analysis.TextEdit{Pos: at, End: at, NewText: []byte(text)})
	return keyHelperName + "()", edits, true
}

// typeSpec returns the top-level declaration of the type name obj.
func (c *checker) typeSpec(obj *types.TypeName) *ast.TypeSpec {
	for _, f := range c.pass.Files {
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.TYPE {
				continue
			}
			for _, sp := range gd.Specs {
				if ts, ok := sp.(*ast.TypeSpec); ok && c.pass.TypesInfo.Defs[ts.Name] == obj && !ts.Assign.IsValid() {
					return ts
				}
			}
		}
	}
	return nil
}

// keyedLiteral returns the edit that adds the element kv to the keyed
// composite literal lit, formatted as gofmt would.
func keyedLiteral(fset *token.FileSet, src []byte, lit *ast.CompositeLit, kv string) (analysis.TextEdit, bool) {
	for _, e := range lit.Elts {
		if _, ok := e.(*ast.KeyValueExpr); !ok {
			return analysis.TextEdit{}, false
		}
	}
	text := fixes.Text(fset, src, lit)
	body, ok := strings.CutSuffix(text, "}")
	if !ok {
		return analysis.TextEdit{}, false
	}
	body = strings.TrimRight(body, " \t\n")
	tf := fset.File(lit.Pos())
	switch {
	case len(lit.Elts) == 0:
		body += kv + "}"
	case tf.Line(lit.Elts[len(lit.Elts)-1].End()) < tf.Line(lit.Rbrace):
		body += "\n" + kv + ",\n}"
	default:
		body += ", " + kv + "}"
	}
	out, ok := fixes.FormatStmts("_ = "+body, fixes.Indent(fset, src, lit.Pos()))
	if !ok {
		return analysis.TextEdit{}, false
	}
	out, ok = strings.CutPrefix(out, "_ = ")
	if !ok {
		return analysis.TextEdit{}, false
	}
	return analysis.TextEdit{Pos: lit.Pos(), End: lit.End(), NewText: []byte(out)}, true
}

// calleeName returns the name of the function call calls.
func calleeName(info *types.Info, call *ast.CallExpr) string {
	if f := httpmodel.Callee(info, call); f != nil {
		return f.Name()
	}
	return ""
}

// cleanEdits reports whether every file the edits change is gofmt-clean
// once they are applied.
func cleanEdits(pass *analysis.Pass, edits []analysis.TextEdit) bool {
	byFile := map[*token.File][]analysis.TextEdit{}
	for _, e := range edits {
		tf := pass.Fset.File(e.Pos)
		if tf == nil {
			return false
		}
		byFile[tf] = append(byFile[tf], e)
	}
	for _, es := range byFile {
		if !fixes.CleanAfter(pass.Fset, fixes.Source(pass, es[0].Pos), es) {
			return false
		}
	}
	return true
}
