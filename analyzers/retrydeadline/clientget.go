package retrydeadline

// This file holds the check of go-retryablehttp's convenience methods
// (Client.Get, Head, Post, PostForm) called while the caller's context is
// at hand. Each builds its request with NewRequest (client.go:867-916),
// which gives it context.Background(): the client's attempts and the
// waits between them (client.go:784-790 select on the request's context)
// then run on after the caller gave up.

import (
	"fmt"
	"go/ast"
	"go/types"
	"go/version"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/callindex"
	"github.com/retrylint/retrylint/internal/fixes"
	"github.com/retrylint/retrylint/internal/httpmodel"
	"github.com/retrylint/retrylint/internal/retrylib"
)

// A shortcut is one of the convenience methods and the helper its fix
// calls instead: the same request, made with the caller's context.
type shortcut struct {
	method string // the HTTP method constant of net/http
	helper string
	params string // the helper's parameters after ctx and c
	args   string // NewRequestWithContext's arguments after ctx and the method
	extra  string // statements between the request and Do
}

var shortcuts = map[string]shortcut{
	"Get":  {"MethodGet", "getWithContext", "url string", "url, nil", ""},
	"Head": {"MethodHead", "headWithContext", "url string", "url, nil", ""},
	"Post": {"MethodPost", "postWithContext", "url, bodyType string, body any", "url, body",
		"req.Header.Set(\"Content-Type\", bodyType)\n"},
	"PostForm": {"MethodPost", "postFormWithContext", "url string, data url.Values", "url, strings.NewReader(data.Encode())",
		"req.Header.Set(\"Content-Type\", \"application/x-www-form-urlencoded\")\n"},
}

// A shortcutSite is a call of a shortcut to report.
type shortcutSite struct {
	call *ast.CallExpr
	fn   callindex.Func
	name string
	ctx  *types.Var
	recv ast.Expr   // the client
	args []ast.Expr // the arguments proper
}

// checkShortcuts reports every call of a shortcut on a client that may
// retry (not one of the package's clients whose RetryMax is 0) in a
// function whose context.Context parameter is at hand and names the same
// variable at the call. A call in a go or defer statement or in a
// function literal that outlives the call is left out: it may be meant to
// outlive its caller. The fix calls a helper that makes the same request
// with NewRequestWithContext and sends it with Do. A Do of a request made
// by NewRequest, on a client the package did not make, is judged as
// checkNoContextRequest judges one on the package's own.
func checkShortcuts(pass *analysis.Pass, ix *callindex.Index) {
	lib := analysisutil.Dependency(pass.Pkg, retrylib.RetryableHTTP)
	if lib == nil {
		return // no call of the library can be in it
	}
	if lib.Scope().Lookup("NewRequestWithContext") == nil {
		return // a version before it: the fixes could not make the request
	}
	info := pass.TypesInfo
	var (
		clients []*retrylib.RetryingClient // the package's own
		values  *retrylib.Values
	)
	var sites []shortcutSite
	for _, f := range ix.Funcs() {
		var ctx *types.Var
		for _, c := range ix.Calls(f.Decl) {
			if c.Callee == nil || c.Detached != nil || c.Callee.Pkg() == nil || c.Callee.Pkg().Path() != retrylib.RetryableHTTP {
				continue
			}
			_, short := shortcuts[c.Callee.Name()]
			if !short && c.Callee.Name() != "Do" || !httpmodel.IsMethod(c.Callee, retrylib.RetryableHTTP, "Client") {
				continue
			}
			if ctx == nil {
				if ctx = contextParam(info, f.Decl); ctx == nil {
					break
				}
			}
			if fixes.ObjectAt(info, f.File, ctx.Name(), c.Expr.Pos()) != ctx {
				continue
			}
			if isHTTPTestFile(pass, f.File) {
				break
			}
			if clients == nil {
				clients = []*retrylib.RetryingClient{}
				if retrylib.Imports(pass.Pkg, retrylib.RetryableHTTP) {
					values = retrylib.NewValues(info, pass.Files)
					clients = values.RetryingClients()
				}
			}
			recv, args := httpmodel.Receiver(info, c.Expr)
			if recv == nil {
				continue
			}
			held := slices.IndexFunc(clients, func(rc *retrylib.RetryingClient) bool { return values.HeldBy(rc, recv) })
			if !short {
				// Do on a client the package did not make (an interface
				// or another package hands it out): the request's
				// context is judged as for the package's own retrying
				// clients (see checkClients).
				if held < 0 && len(args) == 1 {
					checkNoContextRequest(pass, retrylib.ClientSend{Call: c.Expr, Func: f.Decl, Request: args[0]})
				}
				continue
			}
			if held >= 0 && !clients[held].Retries {
				continue // RetryMax 0: one attempt
			}
			if t := info.TypeOf(recv); t == nil || !isClientPointer(t) {
				// A Client value or a type that embeds one: the helper
				// takes a *retryablehttp.Client, which the call does not
				// write.
				continue
			}
			sites = append(sites, shortcutSite{c.Expr, f, c.Callee.Name(), ctx, recv, args})
		}
	}
	if len(sites) == 0 {
		return
	}
	// The helpers the package lacks are declared together after the
	// function of its first call, in the order of the package's files, so
	// that the fixes of one run make identical edits, which the drivers
	// merge (as authlog's redactedHeader helper).
	type helperName struct {
		name         string
		declared, ok bool
	}
	helpers := map[string]helperName{} // by shortcut
	var missing []string
	for _, s := range sites {
		if _, seen := helpers[s.name]; seen {
			continue
		}
		name, declared, ok := shortcutHelper(pass, shortcuts[s.name])
		helpers[s.name] = helperName{name, declared, ok}
		if ok && !declared {
			missing = append(missing, s.name)
		}
	}
	slices.SortFunc(missing, func(a, b string) int { return strings.Compare(shortcuts[a].helper, shortcuts[b].helper) })
	decl, declOK := helperDecls(pass, sites[0], missing)
	for _, s := range sites {
		h := helpers[s.name]
		if !h.ok || !h.declared && !declOK {
			continue
		}
		var edits []analysis.TextEdit
		if !h.declared {
			edits = append(edits, decl...)
		}
		text := []string{s.ctx.Name(), fixes.Format(pass.Fset, s.recv)}
		for _, a := range s.args {
			text = append(text, fixes.Format(pass.Fset, a))
		}
		edits = append(edits, analysis.TextEdit{Pos: s.call.Pos(), End: s.call.End(), NewText: []byte(h.name + "(" + strings.Join(text, ", ") + ")")})
		pass.Report(analysis.Diagnostic{
			Pos: s.call.Pos(),
			End: s.call.End(),
			Message: fmt.Sprintf("retryablehttp.Client.%s makes its request with no context, so the retrying client's attempts and waits ignore cancellation of %s (the operation outlives its caller)",
				s.name, s.ctx.Name()),
			SuggestedFixes: []analysis.SuggestedFix{{
				Message:   fmt.Sprintf("Make the request with %s (through %s)", s.ctx.Name(), h.name),
				TextEdits: edits,
			}},
		})
	}
}

// isClientPointer reports whether t is *retryablehttp.Client itself.
func isClientPointer(t types.Type) bool {
	p, ok := types.Unalias(t).(*types.Pointer)
	return ok && httpmodel.IsNamed(p.Elem(), retrylib.RetryableHTTP, "Client")
}

// shortcutHelper returns the name of sc's helper and whether the package
// declares it already (an earlier run of the fix: a function of that name
// whose first parameters are a context and a retryablehttp client); ok is
// false when the name is taken by something else.
func shortcutHelper(pass *analysis.Pass, sc shortcut) (name string, declared, ok bool) {
	obj := pass.Pkg.Scope().Lookup(sc.helper)
	if obj == nil {
		return sc.helper, false, true
	}
	fn, isFunc := obj.(*types.Func)
	if !isFunc {
		return "", false, false
	}
	sig := fn.Signature()
	if sig.Params().Len() < 2 || !httpmodel.IsNamed(sig.Params().At(0).Type(), "context", "Context") || !httpmodel.IsNamed(sig.Params().At(1).Type(), retrylib.RetryableHTTP, "Client") {
		return "", false, false
	}
	return sc.helper, true, true
}

// helperDecls returns the edits that declare the helpers of the shortcuts
// names after the function of s, with the imports they need in its file.
func helperDecls(pass *analysis.Pass, s shortcutSite, names []string) ([]analysis.TextEdit, bool) {
	if len(names) == 0 {
		return nil, true
	}
	info := pass.TypesInfo
	at := s.fn.Decl.End()
	paths := []string{"context", "net/http", retrylib.RetryableHTTP}
	if slices.Contains(names, "PostForm") {
		paths = append(paths, "net/url", "strings")
	}
	imp, edits, ok := fixes.ImportAll(info, pass.Pkg, s.fn.File, at, paths...)
	if !ok {
		return nil, false
	}
	anyType := "any"
	if v := info.FileVersions[s.fn.File]; v != "" && version.Compare(v, "go1.18") < 0 {
		anyType = "interface{}"
	}
	var b strings.Builder
	for _, name := range names {
		sc := shortcuts[name]
		params := strings.NewReplacer("url.Values", imp["net/url"]+".Values", "any", anyType).Replace(sc.params)
		args := strings.Replace(sc.args, "strings.", imp["strings"]+".", 1)
		extra := ""
		if sc.extra != "" {
			extra = "\t" + sc.extra
		}
		fmt.Fprintf(&b, "\n\n// %[1]s is c.%[2]s with the request made on ctx, so that the\n// retrying client's attempts and the waits between them end with it.\nfunc %[1]s(ctx %[3]s.Context, c *%[4]s.Client, %[5]s) (*%[6]s.Response, error) {\n\treq, err := %[4]s.NewRequestWithContext(ctx, %[6]s.%[7]s, %[8]s)\n\tif err != nil {\n\t\treturn nil, err\n\t}\n%[9]s\treturn c.Do(req)\n}",
			sc.helper, name, imp["context"], imp[retrylib.RetryableHTTP], params, imp["net/http"], sc.method, args, extra)
	}
	return append(edits, analysis.TextEdit{Pos: at, End: at, NewText: []byte(b.String())}), true
}
