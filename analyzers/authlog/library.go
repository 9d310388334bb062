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
//
// ctors gives the clients of other packages' constructors (see
// retryloop.Result.Ctors): a client one returns starts from the debug log
// and the credentials its constructor set. The finding is the caller's
// where the caller adds the other half: its SetDebug on a client whose
// constructor set a credential, or its credential on a client whose
// constructor switched the debug log on; a constructor that does both is
// reported in its own package.
func checkLibraries(pass *analysis.Pass, names []string, ctors retrylib.Ctors, at func(token.Pos)) {
	if !retrylib.ImportsLibrary(pass.Pkg) && ctors == nil {
		return
	}
	info := pass.TypesInfo
	isCred := func(h string) bool { return slices.Contains(names, h) }
	for _, file := range pass.Files {
		ast.PreorderStack(file, nil, func(n ast.Node, stack []ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			debug := isRestyClientCall(info, call, "SetDebug")
			// Where a constructor may have switched the debug log on, the
			// caller's credential or curl command is the caller's finding.
			set := !debug && ctors != nil && isRestyClientCall(info, call, "SetAuthToken", "SetBasicAuth", "SetDigestAuth", "SetHeader", "SetHeaderVerbatim", "EnableGenerateCurlOnDebug", "SetCurlCmdDebugLog", "SetCurlCmdGenerate")
			if !debug && !set {
				return true
			}
			at(call.Pos())
			client := restyClientExpr(info, append(stack, call))
			if client == nil {
				return true
			}
			s := retrylib.ScopeAt(info, pass.Files, stack)
			s.Ctors = ctors
			cfg := retrylib.Resty(s, client, isCred)
			if !cfg.Known || debug && cfg.Debug != call || set && (!cfg.CtorDebug || cfg.Debug != nil) {
				return true
			}
			creds := loggedCreds(cfg, isCred)
			if len(creds) == 0 {
				return true
			}
			stack = append(stack, call)
			if set {
				// The constructor switched the debug log on.
				switch {
				case cfg.Curl == call:
					reportRestyCurl(pass, cfg, creds)
				case creds[0].call == call && !cfg.RequestLog:
					reportRestyDebug(pass, file, stack, cfg, creds)
				case creds[0].call == call && cfg.CtorCurl:
					reportRestyCtorCurl(pass, call, cfg, creds)
				}
				return true
			}
			if !cfg.RequestLog {
				reportRestyDebug(pass, file, stack, cfg, creds)
			} else if cfg.CtorCurl {
				reportRestyCtorCurl(pass, call, cfg, creds)
			}
			if cfg.Curl != nil && fixes.FileOf(pass, cfg.Curl.Pos()) == file {
				reportRestyCurl(pass, cfg, creds)
			}
			return true
		})
	}
}

// isRestyClientCall reports whether call calls one of the methods names of
// resty's (v2 or v3) Client.
func isRestyClientCall(info *types.Info, call *ast.CallExpr, names ...string) bool {
	return retrylib.IsFunc(info, call, retrylib.RestyV2, "Client", names...) || retrylib.IsFunc(info, call, retrylib.RestyV3, "Client", names...)
}

// loggedCred is a credential header of a resty client that its debug log
// prints: set by the caller (call), or by the constructor of another
// package that made the client (call is nil).
type loggedCred struct {
	call   *ast.CallExpr
	header string
}

// loggedCreds returns the credentials of cfg that resty's debug log
// prints unmasked (v3 masks some itself, RestyConfig.Redacted): the
// caller's first, then its constructor's.
func loggedCreds(cfg retrylib.RestyConfig, isCred func(string) bool) []loggedCred {
	var out []loggedCred
	for _, c := range cfg.Creds {
		if !cfg.Redacted(c.Header) {
			out = append(out, loggedCred{c.Call, c.Header})
		}
	}
	if cfg.Ctor == nil {
		return out
	}
	for _, c := range cfg.Ctor.Creds {
		h := c.Header
		if c.Token {
			// SetAuthToken writes the header the client names when it
			// sends, which the caller may have renamed.
			h = cfg.AuthHeader
		} else if !isCred(h) {
			continue // the constructor's other headers
		}
		if !cfg.Redacted(h) {
			out = append(out, loggedCred{nil, h})
		}
	}
	return out
}

// ctorName returns the name of the constructor of another package that
// cfg's client comes from, as the caller writes it: api.New.
func ctorName(info *types.Info, cfg retrylib.RestyConfig) string {
	if call, _ := cfg.Client.(*ast.CallExpr); call != nil {
		if name := retrylib.CtorName(info, call); name != "" {
			return name
		}
	}
	return "its constructor"
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

// reportRestyDebug reports the debug log of a client with creds, at the
// last node of stack: the caller's SetDebug, or the caller's credential on
// a client whose constructor switched the debug log on. The fix chains
// the hook after that call.
func reportRestyDebug(pass *analysis.Pass, file *ast.File, stack []ast.Node, cfg retrylib.RestyConfig, creds []loggedCred) {
	call := stack[len(stack)-1].(*ast.CallExpr)
	stmt, _ := fixes.StmtInBlock(stack)
	if stmt == nil {
		return
	}
	src := fixes.Source(pass, call.Pos())
	if src == nil {
		return
	}
	// The caller of a constructor may not import resty: the fix does.
	restyName, imports, ok := fixes.ImportAs(pass.TypesInfo, pass.Pkg, file, cfg.Path, "resty", call.Pos())
	if !ok {
		return
	}
	var headers []string
	for _, c := range creds {
		if !slices.Contains(headers, c.header) {
			headers = append(headers, c.header)
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
	fixMsg := "Remove the credential headers from the debug log with " + hook
	if cfg.CtorCurl {
		// The constructor's curl command holds them too: off.
		b.WriteString(curlOff(cfg.Path))
		fixMsg += " and switch off the constructor's curl command"
	}
	cred := creds[0]
	var msg string
	var related []analysis.RelatedInformation
	switch {
	case cred.call == nil:
		// The caller's SetDebug, the constructor's credential.
		name := ctorName(pass.TypesInfo, cfg)
		msg = fmt.Sprintf("resty debug log is switched on for a client whose %s header is set by its constructor %s (the debug log prints every request header unmasked)", cred.header, name)
		related = []analysis.RelatedInformation{{Pos: cfg.Client.Pos(), End: cfg.Client.End(), Message: "client made here by " + name + ", which sets the credential"}}
	case cred.call == call:
		// The constructor's debug log, the caller's credential.
		name := ctorName(pass.TypesInfo, cfg)
		msg = fmt.Sprintf("%s sets the %s header of a client whose constructor %s switched the resty debug log on (the debug log prints every request header unmasked)", httpmodel.CalleeName(call), cred.header, name)
		related = []analysis.RelatedInformation{{Pos: cfg.Client.Pos(), End: cfg.Client.End(), Message: "client made here by " + name + ", which switches the debug log on"}}
	default:
		msg = fmt.Sprintf("resty debug log is switched on for a client whose %s header is set by %s (the debug log prints every request header unmasked)",
			cred.header, httpmodel.CalleeName(cred.call))
		related = []analysis.RelatedInformation{{Pos: cred.call.Pos(), End: cred.call.End(), Message: "credential set here"}}
	}
	pass.Report(analysis.Diagnostic{
		Pos:     sel.Sel.Pos(),
		End:     call.End(),
		Message: msg,
		Related: related,
		SuggestedFixes: []analysis.SuggestedFix{{
			Message:   fixMsg,
			TextEdits: append(imports, analysis.TextEdit{Pos: call.End(), End: call.End(), NewText: []byte(b.String())}),
		}},
	})
}

// curlOff is the call chained to a client of resty path that switches
// off the curl command of its debug log.
func curlOff(path string) string {
	if path == retrylib.RestyV3 {
		return ".SetCurlCmdDebugLog(false)"
	}
	return ".DisableGenerateCurlOnDebug()"
}

// reportRestyCtorCurl reports, at call (the caller's SetDebug or
// credential), the curl command that the constructor of another package
// added to the debug log of a client with creds, whose logged headers a
// hook already edits: no hook edits the curl command. The fix switches
// it off after call.
func reportRestyCtorCurl(pass *analysis.Pass, call *ast.CallExpr, cfg retrylib.RestyConfig, creds []loggedCred) {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return
	}
	name := ctorName(pass.TypesInfo, cfg)
	pass.Report(analysis.Diagnostic{
		Pos:     sel.Sel.Pos(),
		End:     call.End(),
		Message: fmt.Sprintf("resty debug log holds the curl command that the constructor %s switched on, with the %s header of this client unmasked (no hook edits it)", name, creds[0].header),
		Related: []analysis.RelatedInformation{{Pos: cfg.Client.Pos(), End: cfg.Client.End(), Message: "client made here by " + name + ", which switches the curl command on"}},
		SuggestedFixes: []analysis.SuggestedFix{{
			Message:   "Switch off the curl command in the debug log",
			TextEdits: []analysis.TextEdit{{Pos: call.End(), End: call.End(), NewText: []byte(curlOff(cfg.Path))}},
		}},
	})
}

// reportRestyCurl reports the curl command that resty adds to the debug log
// of a client with a credential: it holds every header, and no hook of the
// library edits it. The fix switches it off.
func reportRestyCurl(pass *analysis.Pass, cfg retrylib.RestyConfig, creds []loggedCred) {
	csel, ok := ast.Unparen(cfg.Curl.Fun).(*ast.SelectorExpr)
	if !ok {
		return
	}
	sel := csel.Sel
	msg := fmt.Sprintf("resty debug log holds a curl command with every header, including the %s header of this client (OnRequestLog does not edit it)", creds[0].header)
	edit := analysis.TextEdit{Pos: sel.Pos(), End: sel.End(), NewText: []byte("DisableGenerateCurlOnDebug")}
	if cfg.Path == retrylib.RestyV3 {
		// v3 masks only the headers it redacts in the curl command
		// (curl.go:29-32) and has no hook for the rest: switch it off.
		if len(cfg.Curl.Args) != 1 {
			return
		}
		msg = fmt.Sprintf("resty debug log holds a curl command with the %s header of this client unmasked", creds[0].header)
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
