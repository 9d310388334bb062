package retryafter

// This file holds a wait header looked up in a header map under a name
// that is not in canonical form: resp.Header["X-RateLimit-Reset"], or
// the same lookup in a field that a client library fills with the
// response's header. net/http stores every received name canonicalised
// (X-Ratelimit-Reset), and a map lookup does not canonicalise, so the
// lookup never finds the server's wait: the client retries after its own,
// shorter one. Header.Get canonicalises; the fix spells the name as
// net/http stores it.

import (
	"fmt"
	"go/ast"
	"go/token"
	"net/http"
	"strconv"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/httpmodel"
)

// checkUncanonicalKeys reports, in the package's files other than tests,
// each read of a header map by a string literal that names a configured
// wait header in another spelling than its canonical form.
func (c *checker) checkUncanonicalKeys() {
	for _, file := range c.pass.Files {
		if analysisutil.IsTestFile(c.pass, file) {
			continue
		}
		ast.PreorderStack(file, nil, func(n ast.Node, stack []ast.Node) bool {
			ix, ok := n.(*ast.IndexExpr)
			if !ok {
				return true
			}
			lit, ok := ast.Unparen(ix.Index).(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			if !httpmodel.UncanonicalKey(c.pass.TypesInfo, lit) || isStore(ix, stack) {
				return true
			}
			name, _ := strconv.Unquote(lit.Value)
			canon := http.CanonicalHeaderKey(name)
			if !c.headers.Has(canon) {
				return true
			}
			if !httpmodel.IsHeaderMap(c.pass, ix.X) {
				return true
			}
			c.pass.Report(analysis.Diagnostic{
				Pos: lit.Pos(),
				End: lit.End(),
				Message: fmt.Sprintf("%s is looked up as spelled, but net/http stores the header as %q: the lookup never finds the server's wait, and the client retries after its own",
					lit.Value, canon),
				SuggestedFixes: []analysis.SuggestedFix{{
					Message:   fmt.Sprintf("Look the header up as %q", canon),
					TextEdits: []analysis.TextEdit{{Pos: lit.Pos(), End: lit.End(), NewText: []byte(strconv.Quote(canon))}},
				}},
			})
			return true
		})
	}
}

// isStore reports whether ix, whose enclosing nodes are stack, is stored
// to (h["X"] = v, h["X"] = append(...)) or deleted, not read.
func isStore(ix *ast.IndexExpr, stack []ast.Node) bool {
	if len(stack) == 0 {
		return false
	}
	switch p := stack[len(stack)-1].(type) {
	case *ast.AssignStmt:
		for _, lhs := range p.Lhs {
			if ast.Unparen(lhs) == ix {
				return true
			}
		}
	case *ast.IncDecStmt:
		return true
	}
	return false
}
