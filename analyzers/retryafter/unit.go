package retryafter

// This file holds the unit check: a wait header's value multiplied by the
// unit of another (Retry-After by time.Millisecond, a header in
// milliseconds by time.Second).

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/flow"
	"github.com/retrylint/retrylint/internal/httpmodel"
)

// tagMillis marks values from the headers whose unit is milliseconds.
const tagMillis = flow.Tag2

// tagReset marks values from a rate limit's reset header (X-RateLimit-Reset,
// RateLimit-Reset): a time to come back at, in epoch seconds, or the
// seconds until it, as each API defines it. A negative or past reset is
// no wait, rightly: its sign tells nothing, and its unit is not checked.
const tagReset = flow.Tag3

// timeUnit returns the name of the time unit constant that e denotes
// (Second, Millisecond, ...), or "".
func (c *checker) timeUnit(e ast.Expr) (*ast.SelectorExpr, string) {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return nil, ""
	}
	k, ok := c.pass.TypesInfo.Uses[sel.Sel].(*types.Const)
	if !ok || k.Pkg() == nil || k.Pkg().Path() != "time" {
		return nil, ""
	}
	switch k.Name() {
	case "Second", "Millisecond":
		return sel, k.Name()
	}
	return nil, ""
}

// checkUnit reports x * time.Millisecond where x is a Retry-After value
// (in seconds: the wait shrinks a thousandfold), and x * time.Second where
// x comes from a header in milliseconds only.
func (c *checker) checkUnit(f *flow.Func, b *ast.BinaryExpr) {
	if b.Op != token.MUL {
		return
	}
	for _, pair := range [][2]ast.Expr{{b.X, b.Y}, {b.Y, b.X}} {
		sel, unit := c.timeUnit(pair[1])
		if sel == nil {
			continue
		}
		bits := f.Expr(pair[0])
		var msg, want string
		switch {
		case unit == "Millisecond" && bits&flow.Tag != 0 && bits&tagMillis == 0:
			msg = "Retry-After is in seconds but is multiplied by time.Millisecond (the client retries a thousand times sooner than the server allows)"
			want = "Second"
		case unit == "Second" && bits&tagMillis != 0 && bits&flow.Tag == 0:
			msg = "a wait header in milliseconds is multiplied by time.Second (the client waits a thousand times longer than the server asked)"
			want = "Millisecond"
		default:
			continue
		}
		c.pass.Report(analysis.Diagnostic{
			Pos:     b.Pos(),
			End:     b.End(),
			Message: msg,
			SuggestedFixes: []analysis.SuggestedFix{{
				Message:   fmt.Sprintf("Convert with time.%s", want),
				TextEdits: []analysis.TextEdit{{Pos: sel.Sel.Pos(), End: sel.Sel.End(), NewText: []byte(want)}},
			}},
		})
		return
	}
}

// isThousand reports whether e is the untyped or numeric constant 1000 (a
// time.Duration constant such as time.Microsecond is a unit, not a scale).
func isThousand(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	if !ok || tv.Value == nil || httpmodel.IsNamed(tv.Type, "time", "Duration") {
		return false
	}
	switch tv.Value.Kind() {
	case constant.Int, constant.Float:
		return constant.Compare(tv.Value, token.EQL, constant.MakeInt64(1000))
	}
	return false
}
