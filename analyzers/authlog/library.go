package authlog

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/fixes"
	"github.com/retrylint/retrylint/internal/httpmodel"
	"github.com/retrylint/retrylint/internal/retrylib"
)

// checkLibraries reports the debug logs of HTTP libraries
// (internal/retrylib) switched on for a client that also carries a
// credential: resty's SetDebug(true) logs every request header unmasked
// (middleware.go:326-358), including the Authorization header that
// SetAuthToken and SetBasicAuth put there (middleware.go:288-309). The fix
// is the library's own hook, OnRequestLog, which edits the logged copy of
// the headers before they are written (middleware.go:340-345).
func checkLibraries(pass *analysis.Pass, names []string, at func(token.Pos)) {
	if !retrylib.ImportsLibrary(pass.Pkg) {
		return
	}
	info := pass.TypesInfo
	isCred := func(h string) bool { return slices.Contains(names, h) }
	for _, file := range pass.Files {
		ast.PreorderStack(file, nil, func(n ast.Node, stack []ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || !(retrylib.IsFunc(info, call, retrylib.RestyV2, "Client", "SetDebug") || retrylib.IsFunc(info, call, retrylib.RestyV3, "Client", "SetDebug")) {
				return true
			}
			at(call.Pos())
			client := restyClientExpr(info, append(stack, call))
			if client == nil {
				return true
			}
			s := retrylib.Scope{Info: info, Files: pass.Files}
			for i := len(stack) - 1; i >= 0; i-- {
				if fd, ok := stack[i].(*ast.FuncDecl); ok {
					s.Body = fd.Body
					break
				}
			}
			cfg := retrylib.Resty(s, client, isCred)
			if !cfg.Known || cfg.Debug != call {
				return true
			}
			// v3 masks some headers itself (RestyConfig.Redacted).
			cfg.Creds = slices.DeleteFunc(cfg.Creds, func(c retrylib.Cred) bool { return cfg.Redacted(c.Header) })
			if len(cfg.Creds) == 0 {
				return true
			}
			if !cfg.RequestLog {
				reportRestyDebug(pass, file, append(stack, call), cfg)
			}
			if cfg.Curl != nil && fixes.FileOf(pass, cfg.Curl.Pos()) == file {
				reportRestyCurl(pass, cfg)
			}
			return true
		})
	}
}

// restyClientExpr returns the expression that names the client configured
// by the chain ending at the last node of stack: the variable or field the
// outermost chain is assigned to, or the chain itself.
func restyClientExpr(info *types.Info, stack []ast.Node) ast.Expr {
	// Climb the fluent chain: x.SetDebug(true).SetAuthToken(t)...
	i := len(stack) - 1
	expr := stack[i].(ast.Expr)
	for i >= 2 {
		sel, ok := stack[i-1].(*ast.SelectorExpr)
		if !ok || sel.X != expr {
			break
		}
		outer, ok := stack[i-2].(*ast.CallExpr)
		if !ok || outer.Fun != sel {
			break
		}
		expr, i = outer, i-2
	}
	if i == 0 {
		return expr
	}
	switch p := stack[i-1].(type) {
	case *ast.AssignStmt:
		for j, r := range p.Rhs {
			if r == expr && j < len(p.Lhs) {
				return p.Lhs[j]
			}
		}
	case *ast.ValueSpec:
		for j, v := range p.Values {
			if v == expr && j < len(p.Names) {
				return p.Names[j]
			}
		}
	case *ast.KeyValueExpr:
		if id, ok := p.Key.(*ast.Ident); ok && p.Value == expr {
			if _, isField := info.ObjectOf(id).(*types.Var); isField {
				return id
			}
		}
	}
	return expr
}

func reportRestyDebug(pass *analysis.Pass, file *ast.File, stack []ast.Node, cfg retrylib.RestyConfig) {
	call := stack[len(stack)-1].(*ast.CallExpr)
	stmt, _ := fixes.StmtInBlock(stack)
	if stmt == nil {
		return
	}
	src := fixes.Source(pass, call.Pos())
	if src == nil {
		return
	}
	restyName, ok := retrylib.ImportedAs(file, cfg.Path, "resty")
	if !ok {
		return
	}
	var headers []string
	for _, c := range cfg.Creds {
		if !slices.Contains(headers, c.Header) {
			headers = append(headers, c.Header)
		}
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return
	}
	indent := fixes.Indent(pass.Fset, src, stmt.Pos()) // gofmt indents a literal by its statement
	var b strings.Builder
	hook := "OnRequestLog"
	if cfg.Path == retrylib.RestyV3 {
		hook = "OnDebugLog"
		// v3: the hook gets the whole DebugLog before it is formatted
		// (debug.go:157-166); its Request is never nil (debug.go:142-145).
		fmt.Fprintf(&b, ".OnDebugLog(func(dl *%s.DebugLog) {\n", restyName)
		for _, h := range headers {
			fmt.Fprintf(&b, "%s\tdl.Request.Header.Del(%q)\n", indent, h)
		}
		fmt.Fprintf(&b, "%s})", indent)
	} else {
		fmt.Fprintf(&b, ".OnRequestLog(func(rl *%s.RequestLog) error {\n", restyName)
		for _, h := range headers {
			fmt.Fprintf(&b, "%s\trl.Header.Del(%q)\n", indent, h)
		}
		fmt.Fprintf(&b, "%s\treturn nil\n%s})", indent, indent)
	}
	cred := cfg.Creds[0]
	credName := httpmodel.CalleeName(cred.Call)
	pass.Report(analysis.Diagnostic{
		Pos: sel.Sel.Pos(),
		End: call.End(),
		Message: fmt.Sprintf("resty debug log is switched on for a client whose %s header is set by %s (the debug log prints every request header unmasked)",
			cred.Header, credName),
		Related: []analysis.RelatedInformation{{Pos: cred.Call.Pos(), End: cred.Call.End(), Message: "credential set here"}},
		SuggestedFixes: []analysis.SuggestedFix{{
			Message:   "Remove the credential headers from the debug log with " + hook,
			TextEdits: []analysis.TextEdit{{Pos: call.End(), End: call.End(), NewText: []byte(b.String())}},
		}},
	})
}

// reportRestyCurl reports the curl command that resty adds to the debug log
// of a client with a credential: it holds every header, and no hook of the
// library edits it. The fix switches it off.
func reportRestyCurl(pass *analysis.Pass, cfg retrylib.RestyConfig) {
	csel, ok := ast.Unparen(cfg.Curl.Fun).(*ast.SelectorExpr)
	if !ok {
		return
	}
	sel := csel.Sel
	msg := fmt.Sprintf("resty debug log holds a curl command with every header, including the %s header of this client (OnRequestLog does not edit it)", cfg.Creds[0].Header)
	edit := analysis.TextEdit{Pos: sel.Pos(), End: sel.End(), NewText: []byte("DisableGenerateCurlOnDebug")}
	if cfg.Path == retrylib.RestyV3 {
		// v3 masks only the headers it redacts in the curl command
		// (curl.go:29-32) and has no hook for the rest: switch it off.
		if len(cfg.Curl.Args) != 1 {
			return
		}
		msg = fmt.Sprintf("resty debug log holds a curl command with the %s header of this client unmasked", cfg.Creds[0].Header)
		edit = analysis.TextEdit{Pos: cfg.Curl.Args[0].Pos(), End: cfg.Curl.Args[0].End(), NewText: []byte("false")}
	}
	pass.Report(analysis.Diagnostic{
		Pos:     sel.Pos(),
		End:     cfg.Curl.End(),
		Message: msg,
		SuggestedFixes: []analysis.SuggestedFix{{
			Message:   "Switch off the curl command in the debug log",
			TextEdits: []analysis.TextEdit{edit},
		}},
	})
}
