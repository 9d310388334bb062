package retryafter

// This file carries the range check of a parsed wait (and the truncation
// check of truncate.go) into the parsing helpers of a package: parseRetryAfter(v string) parses its parameter,
// and the function that reads the header hands it the value. The sign of
// the number is the helper's to check (or its callers', as checkRange
// already asks), so the helper is checked as if its parameter were the
// header it is fed.

import (
	"go/ast"
	"go/types"
	"maps"
	"slices"

	"github.com/retrylint/retrylint/internal/flow"
)

// noteFed records, for a parse through a helper of this package (p.via),
// the parameters of the helper that the call feeds a wait header's value.
func (c *checker) noteFed(f *flow.Func, p parse) {
	if p.via == nil || !p.seconds && !p.date || !c.derived(f, p.arg) {
		return
	}
	decl, ok := c.calls.Decl(p.via)
	if !ok {
		return
	}
	i := slices.Index(p.call.Args, p.arg)
	if i < 0 || i >= p.via.Type().(*types.Signature).Params().Len() {
		return
	}
	bits := f.Expr(p.arg) & flow.Origins
	if c.fed == nil {
		c.fed = map[*ast.FuncDecl]map[int]flow.Bits{}
	}
	if c.fed[decl.Decl] == nil {
		c.fed[decl.Decl] = map[int]flow.Bits{}
	}
	c.fed[decl.Decl][i] |= bits
}

// checkFedHelpers checks the parses of every helper fed a wait header's
// value, with the parameters fed taken for the header; a helper that hands
// the value on to another helper feeds that one in turn.
func (c *checker) checkFedHelpers() {
	done := map[*ast.FuncDecl]map[int]flow.Bits{}
	for len(c.fed) > 0 {
		pending := c.fed
		c.fed = nil
		for _, fd := range slices.SortedFunc(maps.Keys(pending), func(a, b *ast.FuncDecl) int { return int(a.Pos() - b.Pos()) }) {
			params := pending[fd]
			obj, _ := c.pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if obj == nil || fd.Body == nil {
				continue
			}
			fresh := false
			for i, b := range params {
				if done[fd][i]|b != done[fd][i] {
					fresh = true
				}
			}
			if !fresh {
				continue
			}
			if done[fd] == nil {
				done[fd] = map[int]flow.Bits{}
			}
			sig := obj.Type().(*types.Signature)
			c.fedParams = map[*types.Var]flow.Bits{}
			for i, b := range params {
				done[fd][i] |= b
				c.fedParams[sig.Params().At(i)] = done[fd][i]
			}
			f := c.analyze(fd)
			c.fedParams = nil
			ast.PreorderStack(fd.Body, []ast.Node{fd}, func(n ast.Node, stack []ast.Node) bool {
				switch n := n.(type) {
				case *ast.FuncLit:
					return false
				case *ast.CallExpr:
					for _, p := range c.parses(f, n) {
						c.checkRange(f, p, append(slices.Clone(stack), n))
						c.noteFed(f, p)
					}
				case *ast.BinaryExpr:
					c.checkTruncation(f, n, stack)
				}
				return true
			})
		}
	}
}
