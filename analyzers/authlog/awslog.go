package authlog

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/fixes"
	"github.com/retrylint/retrylint/internal/httpmodel"
)

// awsPkg is the package of aws-sdk-go-v2's ClientLogMode (v1.48.0).
const awsPkg = "github.com/aws/aws-sdk-go-v2/aws"

// awsSignedLogs are the ClientLogMode bits whose logs hold a signed
// request's credentials (aws/logging.go:18-30): LogRequest and
// LogRequestWithBody dump every request after it is signed, its
// Authorization and X-Amz-Security-Token headers with it (smithy-go
// transport/http/middleware_http_logging.go:35-47, a deserialize step
// that runs after the finalize step that signs), and LogSigning writes
// the canonical request, whose headers include the session token
// (aws/signer/v4/v4.go:531-541).
var awsSignedLogs = map[string]bool{"LogSigning": true, "LogRequest": true, "LogRequestWithBody": true}

// checkAWSLogMode reports the aws-sdk-go-v2 client log modes set with
// one of awsSignedLogs: as the argument of config.WithClientLogMode, the
// ClientLogMode of a configuration or a client's options (a composite
// literal's field, an assignment, |=), alone or in a | of bits. The fix
// takes the bit out, leaving the others.
func checkAWSLogMode(pass *analysis.Pass) {
	info := pass.TypesInfo
	// signed returns the name of the bit of awsSignedLogs that e names,
	// or "".
	signed := func(e ast.Expr) string {
		var id *ast.Ident
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			id = x
		case *ast.SelectorExpr:
			id = x.Sel
		default:
			return ""
		}
		c, ok := info.Uses[id].(*types.Const)
		if !ok || c.Pkg() == nil || c.Pkg().Path() != awsPkg || !awsSignedLogs[c.Name()] {
			return ""
		}
		return c.Name()
	}
	done := map[ast.Expr]bool{}
	for _, file := range pass.Files {
		ast.PreorderStack(file, nil, func(n ast.Node, stack []ast.Node) bool {
			e, ok := n.(ast.Expr)
			if !ok || signed(e) == "" {
				return true
			}
			// The top of the | chain that e is an operand of.
			top, i := e, len(stack)-1
			for ; i >= 0; i-- {
				if p, ok := stack[i].(*ast.ParenExpr); ok {
					top = p
					continue
				}
				if p, ok := stack[i].(*ast.BinaryExpr); ok && p.Op == token.OR {
					top = p
					continue
				}
				break
			}
			if i < 0 || done[top] || !setsLogMode(info, stack[i], top) {
				return false
			}
			done[top] = true
			src := fixes.Source(pass, top.Pos())
			if src == nil {
				return false
			}
			// The operands of the chain, the signed bits left out.
			var keep, names []string
			var first ast.Expr
			var walk func(x ast.Expr)
			walk = func(x ast.Expr) {
				if b, ok := ast.Unparen(x).(*ast.BinaryExpr); ok && b.Op == token.OR {
					walk(b.X)
					walk(b.Y)
					return
				}
				if name := signed(x); name != "" {
					names = append(names, name)
					if first == nil {
						first = x
					}
					return
				}
				keep = append(keep, fixes.Text(pass.Fset, src, x))
			}
			walk(top)
			text := "0"
			if len(keep) > 0 {
				text = strings.Join(keep, " | ")
			}
			msg := fmt.Sprintf("aws-sdk-go-v2 client log mode %s writes every signed request to the SDK's logger, its Authorization and X-Amz-Security-Token headers with it", names[0])
			switch {
			case len(names) > 1:
				msg = fmt.Sprintf("aws-sdk-go-v2 client log modes %s write every signed request to the SDK's logger, its Authorization and X-Amz-Security-Token headers with it", strings.Join(names, " and "))
			case names[0] == "LogSigning":
				msg = "aws-sdk-go-v2 client log mode LogSigning writes the canonical form of every signed request to the SDK's logger, its X-Amz-Security-Token header with it"
			}
			pass.Report(analysis.Diagnostic{
				Pos:     first.Pos(),
				End:     first.End(),
				Message: msg,
				SuggestedFixes: []analysis.SuggestedFix{{
					Message:   "Leave " + strings.Join(names, " and ") + " out of the client log mode",
					TextEdits: []analysis.TextEdit{{Pos: top.Pos(), End: top.End(), NewText: []byte(text)}},
				}},
			})
			return false
		})
	}
}

// setsLogMode reports whether parent, the node around e (a client log
// mode), sets a client's log mode with it: config.WithClientLogMode(e),
// ClientLogMode: e in a composite literal, x.ClientLogMode = e or |= e,
// or a variable of the mode's type given it (mode := e), as a mode is
// built before it is set.
func setsLogMode(info *types.Info, parent ast.Node, e ast.Expr) bool {
	isMode := func(x ast.Expr) bool { return httpmodel.IsNamed(info.TypeOf(x), awsPkg, "ClientLogMode") }
	switch p := parent.(type) {
	case *ast.CallExpr:
		fn := httpmodel.Callee(info, p)
		return fn != nil && fn.Name() == "WithClientLogMode" && len(p.Args) == 1 && p.Args[0] == e
	case *ast.KeyValueExpr:
		id, ok := p.Key.(*ast.Ident)
		return ok && id.Name == "ClientLogMode" && p.Value == e && isMode(e)
	case *ast.AssignStmt:
		// x.ClientLogMode = e, and a mode kept in a variable of its
		// type first (mode = mode | aws.LogRequestWithBody).
		return len(p.Lhs) == 1 && len(p.Rhs) == 1 && p.Rhs[0] == e && p.Tok != token.AND_NOT_ASSIGN && p.Tok != token.AND_ASSIGN && isMode(p.Lhs[0])
	case *ast.ValueSpec:
		return len(p.Names) == 1 && len(p.Values) == 1 && p.Values[0] == e && isMode(p.Names[0])
	}
	return false
}
