package retryafter

// This file holds a wait header looked up in a header map under a name
// that is not in canonical form: resp.Header["X-RateLimit-Reset"], or
// the same lookup in a field that a client library fills with the
// response's header. net/http stores every name it parses canonicalised
// (X-Ratelimit-Reset), and a map lookup does not canonicalise, so the
// lookup never finds the server's wait: the client retries after its own,
// shorter one. Header.Get canonicalises; the fix spells the name as
// net/http stores it, at the literal or at the declaration of the
// package's constant that holds it.
//
// Only a header that net/http parsed is judged (see
// httpmodel.IsHeaderMap): an http.Header converted from gRPC metadata or
// decoded from JSON holds the names as they came. A package that stores
// a header under the same spelling itself (w.Header()["X-RateLimit-Reset"]
// = v, which the net/http documentation suggests to keep a name as it
// is) reads back what it stored, and is left alone.

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"net/http"
	"strconv"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/fixes"
	"github.com/retrylint/retrylint/internal/httpmodel"
)

// checkUncanonicalKeys reports, in the package's files other than tests,
// each read of a received header map by a constant that names a
// configured wait header in another spelling than its canonical form.
func (c *checker) checkUncanonicalKeys() {
	info := c.pass.TypesInfo
	type read struct {
		ix   *ast.IndexExpr
		name string
	}
	var reads []read
	stored := map[string]bool{} // names the package stores under by index
	for _, file := range c.pass.Files {
		test := analysisutil.IsTestFile(c.pass, file)
		ast.PreorderStack(file, nil, func(n ast.Node, stack []ast.Node) bool {
			ix, ok := n.(*ast.IndexExpr)
			if !ok || !httpmodel.UncanonicalKey(info, ix.Index) {
				return true
			}
			name, _ := httpmodel.ConstString(info, ix.Index)
			if isStore(ix, stack) {
				stored[name] = true
				return true
			}
			if !test && c.headers.Has(http.CanonicalHeaderKey(name)) && httpmodel.IsHeaderMap(c.pass, ix.X) {
				reads = append(reads, read{ix, name})
			}
			return true
		})
	}
	for _, r := range reads {
		if stored[r.name] {
			continue // the package's own spelling, stored and read back
		}
		canon := http.CanonicalHeaderKey(r.name)
		lit := c.keyLiteral(r.ix.Index)
		if lit == nil {
			analysisutil.Gate(c.pass, r.ix.Index.Pos(), "uncanonical-nofix", fmt.Sprintf("%q looked up in a received header, no literal to respell", r.name))
			continue
		}
		c.pass.Report(analysis.Diagnostic{
			Pos: r.ix.Index.Pos(),
			End: r.ix.Index.End(),
			Message: fmt.Sprintf("%q is looked up as spelled, but net/http stores the header as %q: the lookup never finds the server's wait, and the client retries after its own",
				r.name, canon),
			SuggestedFixes: []analysis.SuggestedFix{{
				Message:   fmt.Sprintf("Look the header up as %q", canon),
				TextEdits: []analysis.TextEdit{{Pos: lit.Pos(), End: lit.End(), NewText: []byte(strconv.Quote(canon))}},
			}},
		})
	}
}

// keyLiteral returns the string literal that spells key: key itself, or
// the value of the package's constant that key names (const
// headerReset = "X-RateLimit-Reset"). It returns nil for a key of
// another form (a constant of another package, an expression).
func (c *checker) keyLiteral(key ast.Expr) *ast.BasicLit {
	key = ast.Unparen(key)
	if lit, ok := key.(*ast.BasicLit); ok && lit.Kind == token.STRING {
		return lit
	}
	id, ok := key.(*ast.Ident)
	if !ok {
		return nil
	}
	k, ok := c.pass.TypesInfo.Uses[id].(*types.Const)
	if !ok || k.Pkg() != c.pass.Pkg {
		return nil
	}
	file := fixes.FileOf(c.pass, k.Pos())
	if file == nil {
		return nil
	}
	var lit *ast.BasicLit
	ast.Inspect(file, func(n ast.Node) bool {
		vs, ok := n.(*ast.ValueSpec)
		if !ok || lit != nil {
			return lit == nil
		}
		for i, name := range vs.Names {
			if c.pass.TypesInfo.Defs[name] == types.Object(k) && i < len(vs.Values) {
				if l, ok := ast.Unparen(vs.Values[i]).(*ast.BasicLit); ok && l.Kind == token.STRING {
					lit = l
				}
			}
		}
		return false
	})
	return lit
}

// isStore reports whether ix, whose enclosing nodes are stack, is stored
// to (h["X"] = v) or incremented, not read.
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
