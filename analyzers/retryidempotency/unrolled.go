package retryidempotency

import (
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/fixes"
	"github.com/retrylint/retrylint/internal/flow"
	"github.com/retrylint/retrylint/internal/retryloop"
)

// reportUnrolled reports the write s of a retry written out without a
// loop (l.Unrolled): the same call is made again after an unknown
// outcome. One key, made before the first attempt, goes on both:
//
//   - a request built once before the first call and sent by both gets
//     the key set after its build;
//   - a URL-shaped send (c.Post(url, ...)) becomes, at both calls, a
//     request built with the key set.
//
// Any other shape is not reported: a fix that keys only one attempt
// would leave the retry as it was.
func (c *checker) reportUnrolled(file *ast.File, l *retryloop.Loop, s send, outcome string) {
	info := c.pass.TypesInfo
	src := fixes.Source(c.pass, l.Outer.Pos())
	fd, ok := l.Func.(*ast.FuncDecl)
	if src == nil || !ok || s.helper != nil || s.impl != nil || fixes.FileOf(c.pass, s.call.Pos()) != file {
		return
	}
	taken := map[string]bool{}
	key := fixes.FreeName(info, file, "idempotencyKey", taken, fd.Body.Lbrace+1, fd.Body.Rbrace-1)
	taken[key] = true
	var edits []analysis.TextEdit
	var genAt ast.Node // the statement the key is made before
	switch {
	case s.req != nil && s.build != nil:
		// The request is built before the first attempt, and maybe
		// again, the same way, before the second: the key goes on each.
		builds := c.buildsOf(fd, s.req)
		if len(builds) == 0 || builds[0].End() > s.call.Pos() {
			return
		}
		set := fmt.Sprintf("%s.Header.Set(%q, %s)", s.req.Name(), c.first, key)
		for _, b := range builds {
			if b.Pos() > l.Self[0].Pos() {
				return // built after the second attempt too
			}
			sb := s
			sb.build = b
			e, ok := c.setAfterBuild(fd.Body, sb, set, src)
			if !ok {
				return
			}
			edits = append(edits, e)
		}
		genAt = fixes.StmtOf(fd.Body, builds[0])
	case s.req == nil:
		for _, call := range []*ast.CallExpr{s.call, l.Self[0]} {
			e, ok := c.rewriteURLSendIn(file, fd.Body, call, key, taken, false)
			if !ok {
				return
			}
			edits = append(edits, e...)
		}
		genAt = l.Outer
	default:
		return
	}
	// The key is made on the line before genAt.
	if genAt == nil {
		return
	}
	gen, imp, ok := c.keyGen(file, genAt.Pos(), key, fixes.Indent(c.pass.Fset, src, genAt.Pos()))
	if !ok {
		return
	}
	tf := c.pass.Fset.File(genAt.Pos())
	at := tf.LineStart(tf.Line(genAt.Pos()))
	edits = append(append(edits, imp...), analysis.TextEdit{Pos: at, End: at, NewText: []byte(gen)})
	c.pass.Report(analysis.Diagnostic{
		Pos:     s.call.Pos(),
		End:     s.call.End(),
		Message: fmt.Sprintf("%s is sent again after %s without an idempotency key (the write may be applied twice)", s.method, outcome),
		Related: []analysis.RelatedInformation{{Pos: l.Self[0].Pos(), End: l.Self[0].End(), Message: "sent again here"}},
		SuggestedFixes: []analysis.SuggestedFix{{
			Message:   "Send one " + c.first + " on both attempts",
			TextEdits: edits,
		}},
	})
}

// buildsOf returns, in order, the calls that fd assigns to the request
// variable v (req, err := http.NewRequest(...)); nil when an assignment
// is anything else.
func (c *checker) buildsOf(fd *ast.FuncDecl, v *types.Var) []ast.Expr {
	values, ok := flow.Assigned(c.pass.TypesInfo, fd, v)
	if !ok {
		return nil
	}
	for i, val := range values {
		if _, isCall := ast.Unparen(val).(*ast.CallExpr); !isCall {
			return nil
		}
		values[i] = ast.Unparen(val)
	}
	return values
}
