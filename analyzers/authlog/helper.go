package authlog

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/fixes"
)

// The fixes log a redacted clone of a header through one small named
// helper, added once per package:
//
//	// redactedHeader returns a clone of h without the credential headers.
//	func redactedHeader(h http.Header) http.Header {
//		c := h.Clone()
//		for _, name := range []string{"Authorization", ...} {
//			c.Del(name)
//		}
//		return c
//	}
//
// The helper is declared after the function of the first finding that
// uses it, in the order of the package's files, so that the fixes of one
// run declare it once, with identical edits (golangci-lint and go fix
// merge identical edits of several fixes; two different declarations of
// one name would not compile). A finding in another file of the package
// gets a fix that stays in its file: the clone built in place. A helper
// that an earlier run of the fix declared (a function of that name and
// signature whose summary says it removes every configured header) is
// called from every file.

// helperName is the name of the helper.
const helperName = "redactedHeader"

// helperState is what the package offers for the helper: exists when it
// declares it already, usable when it can be called or declared.
type helperState struct {
	resolved, exists, usable bool
}

// helper resolves, once per pass, whether the package declares the helper
// or can have it declared.
func (c *checker) helper() helperState {
	if c.help.resolved {
		return c.help
	}
	c.help.resolved = true
	obj := c.pass.Pkg.Scope().Lookup(helperName)
	switch {
	case obj == nil:
		c.help.usable = true
	case c.isHelper(obj):
		c.help.exists, c.help.usable = true, true
	}
	return c.help
}

// isHelper reports whether obj is a helper that an earlier fix declared:
// func(http.Header) http.Header, in a file that is not a test, removing
// every configured header from its result.
func (c *checker) isHelper(obj types.Object) bool {
	fn, ok := obj.(*types.Func)
	if !ok {
		return false
	}
	if f := fixes.FileOf(c.pass, fn.Pos()); f == nil || isTestFile(c.pass, f) {
		return false
	}
	sig := fn.Type().(*types.Signature)
	if sig.Params().Len() != 1 || sig.Results().Len() != 1 || !isHeader(sig.Params().At(0).Type()) || !isHeader(sig.Results().At(0).Type()) {
		return false
	}
	f := c.fact(fn)
	return f != nil && len(f.Removes) == 1 && c.namesSet(f.Removes[0]) == c.every()
}

// helperCall returns the call of the helper on operand, to be written at
// pos, and records that the fix being built uses it; ok is false when the
// fix must build the clone in place (see inline), or when a local
// declaration hides the helper at pos.
func (c *checker) helperCall(pos token.Pos, operand string) (string, bool) {
	h := c.helper()
	if c.inline || !h.usable {
		return "", false
	}
	scope := c.pass.Pkg.Scope().Innermost(pos)
	if scope == nil {
		return "", false
	}
	if _, obj := scope.LookupParent(helperName, pos); obj != nil && obj != c.pass.Pkg.Scope().Lookup(helperName) {
		return "", false
	}
	c.usedHelper = true
	return fmt.Sprintf("%s(%s)", helperName, operand), true
}

// helperDecl returns the edits that declare the helper after the function
// fd of file: the declaration, and the import of net/http if the file
// lacks it.
func (c *checker) helperDecl(file *ast.File, fd *ast.FuncDecl) ([]analysis.TextEdit, bool) {
	httpName, edits, ok := c.importHTTP(file, fd.End())
	if !ok {
		return nil, false
	}
	quoted := make([]string, len(c.names))
	for i, n := range c.names {
		quoted[i] = strconv.Quote(n)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "\n\n// %s returns a clone of h without the credential headers.\n", helperName)
	fmt.Fprintf(&b, "func %s(h %s.Header) %s.Header {\n", helperName, httpName, httpName)
	fmt.Fprintf(&b, "\tc := h.Clone()\n\tfor _, name := range []string{%s} {\n\t\tc.Del(name)\n\t}\n\treturn c\n}", strings.Join(quoted, ", "))
	return append(edits, analysis.TextEdit{Pos: fd.End(), End: fd.End(), NewText: []byte(b.String())}), true
}

// fixAll builds the fixes of the findings of the package (see plan), and
// declares the helper for those that use it: after the function of the
// first of them in the order of the files, for the findings of that file;
// the findings of other files get a fix that builds the clone in place.
func (c *checker) fixAll(found []*fileFindings, at func(token.Pos)) {
	for _, ff := range found {
		for _, f := range ff.fs {
			at(f.expr.Pos())
			c.usedHelper = false
			c.plan(ff.file, ff.st, f, ff.src)
			f.usesHelper = c.usedHelper
		}
		c.valueFixes(ff.file, ff.st, ff.fs, ff.src)
	}
	if c.helper().exists {
		return // every file calls the declared helper
	}
	var home *fileFindings
	for _, file := range c.pass.Files {
		for _, ff := range found {
			if ff.file == file && home == nil && slices.ContainsFunc(ff.fs, func(f *finding) bool { return f.usesHelper && f.fix != nil }) {
				home = ff
			}
		}
	}
	if home == nil {
		return
	}
	decl, ok := c.helperDecl(home.file, home.st.decl)
	c.inline = true
	defer func() { c.inline = false }()
	for _, ff := range found {
		for _, f := range ff.fs {
			if !f.usesHelper || f.fix == nil {
				continue
			}
			if ok && ff.file == home.file {
				f.fix.TextEdits = sortEdits(append(slices.Clone(f.fix.TextEdits), decl...))
				continue
			}
			c.plan(ff.file, ff.st, f, ff.src) // in place, in its own file
		}
	}
}

// fileFindings are the findings of one function.
type fileFindings struct {
	file *ast.File
	st   *fstate
	src  []byte
	fs   []*finding
}
