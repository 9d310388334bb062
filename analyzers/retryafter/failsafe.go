package retryafter

// This file holds the rule for failsafe-go's HTTP retry policy: the delay
// that failsafehttp.NewRetryPolicyBuilder sets, failsafehttp.DelayFunc,
// reads Retry-After with strconv.Atoi alone (failsafehttp/policy.go:70-82
// at v0.9.8), so an HTTP-date gives -1 and the policy's own delay is used
// instead: none unless the caller set one, a retry at once. The fix gives
// the builder a delay function that reads both forms, declared once per
// package.

import (
	"fmt"
	"go/ast"
	"go/types"
	"go/version"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/fixes"
	"github.com/retrylint/retrylint/internal/flow"
	"github.com/retrylint/retrylint/internal/retrylib"
)

// failsafeDelayName is the delay function the fix declares.
const failsafeDelayName = "retryAfterDelay"

// A failsafeUse is a use of failsafehttp's seconds-only delay: a call of
// NewRetryPolicyBuilder whose builder keeps it, or DelayFunc passed as a
// value.
type failsafeUse struct {
	file  *ast.File
	stack []ast.Node // from the file down to expr
	expr  ast.Expr   // the call, or the DelayFunc value
	value bool       // DelayFunc passed as a value
}

// failsafeUseOf reports whether n, with its ancestors stack, uses the
// seconds-only delay.
func failsafeUseOf(info *types.Info, file *ast.File, stack []ast.Node, n ast.Node) (failsafeUse, bool) {
	switch n := n.(type) {
	case *ast.CallExpr:
		if len(n.Args) != 0 || !retrylib.IsFunc(info, n, retrylib.FailsafeHTTP, "", "NewRetryPolicyBuilder") {
			return failsafeUse{}, false
		}
		if !failsafeKeepsDelay(info, stack, n) {
			return failsafeUse{}, false
		}
		return failsafeUse{file: file, stack: append(slices.Clone(stack), n), expr: n}, true
	case *ast.SelectorExpr:
		fn, ok := info.Uses[n.Sel].(*types.Func)
		if !ok || fn.Pkg() == nil || fn.Pkg().Path() != retrylib.FailsafeHTTP || fn.Name() != "DelayFunc" {
			return failsafeUse{}, false
		}
		if len(stack) > 0 {
			if call, ok := stack[len(stack)-1].(*ast.CallExpr); ok && call.Fun == n {
				return failsafeUse{}, false // called, not handed over as the delay
			}
		}
		return failsafeUse{file: file, stack: append(slices.Clone(stack), n), expr: n, value: true}, true
	}
	return failsafeUse{}, false
}

// failsafeKeepsDelay reports whether the builder that call returns keeps
// DelayFunc: its chain of builder calls (b.WithMaxRetries(3).Build())
// never calls WithDelayFunc, and ends in Build or in a local variable
// whose function calls no WithDelayFunc at all. A builder returned or
// handed to another function may get its delay there: not judged.
func failsafeKeepsDelay(info *types.Info, stack []ast.Node, call *ast.CallExpr) bool {
	var cur ast.Expr = call
	i := len(stack) - 1
	for i >= 1 {
		sel, ok := stack[i].(*ast.SelectorExpr)
		if !ok || sel.X != cur {
			break
		}
		next, ok := stack[i-1].(*ast.CallExpr)
		if !ok || next.Fun != sel {
			break
		}
		if isDelayFuncSetter(info, sel) {
			return false
		}
		if sel.Sel.Name == "Build" {
			return true
		}
		cur, i = next, i-2
	}
	if i < 0 {
		return false
	}
	switch stack[i].(type) {
	case *ast.AssignStmt, *ast.ValueSpec:
	default:
		return false
	}
	fn, _ := fixes.EnclosingFunc(stack[:i+1])
	_, body := flow.FuncParts(fn)
	if body == nil {
		return false
	}
	setter := false
	ast.Inspect(body, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok && isDelayFuncSetter(info, sel) {
			setter = true
		}
		return !setter
	})
	return !setter
}

// isDelayFuncSetter reports whether sel selects the WithDelayFunc method
// of a failsafe-go policy builder.
func isDelayFuncSetter(info *types.Info, sel *ast.SelectorExpr) bool {
	if sel.Sel.Name != "WithDelayFunc" {
		return false
	}
	fn, ok := info.Uses[sel.Sel].(*types.Func)
	return ok && fn.Pkg() != nil && (fn.Pkg().Path() == retrylib.FailsafeRetryPolicy || fn.Pkg().Path() == retrylib.Failsafe)
}

// reportFailsafeDelays reports the uses, each with a fix that gives the
// policy retryAfterDelay, declared after the function of the package's
// first use (the fixes of one run declare it with identical edits) unless
// the package declares it already.
func reportFailsafeDelays(pass *analysis.Pass, uses []failsafeUse) {
	if len(uses) == 0 {
		return
	}
	info := pass.TypesInfo
	existing := pass.Pkg.Scope().Lookup(failsafeDelayName)
	if existing != nil && !isFailsafeDelay(existing) {
		return // another object has the name: no fix, so no report
	}
	var home failsafeUse
	var homeDecl *ast.FuncDecl
	for _, u := range uses {
		if fd, ok := u.stack[1].(*ast.FuncDecl); ok {
			home, homeDecl = u, fd
			break
		}
	}
	var decl []analysis.TextEdit
	if existing == nil {
		if homeDecl == nil || pass.Pkg.Scope().Lookup("max") != nil {
			return // the helper calls the builtin max
		}
		if v := info.FileVersions[home.file]; v != "" && version.Compare(v, "go1.21") < 0 {
			return
		}
		names := map[string]string{}
		for _, path := range []string{retrylib.Failsafe, "net/http", "strconv", "time"} {
			name, imp, ok := fixes.Import(info, pass.Pkg, home.file, path, homeDecl.End())
			if !ok {
				return
			}
			names[path] = name
			decl = append(decl, imp...)
		}
		text := fmt.Sprintf(`

// %[5]s is failsafehttp.DelayFunc with both forms of Retry-After
// (RFC 9110, section 10.2.3): delay-seconds, else the time left until an
// HTTP-date; -1 (the policy's own delay) for any other response or value.
func %[5]s(exec %[1]s.ExecutionAttempt[*%[2]s.Response]) %[4]s.Duration {
	resp := exec.LastResult()
	if resp == nil || resp.StatusCode != %[2]s.StatusTooManyRequests && resp.StatusCode != %[2]s.StatusServiceUnavailable {
		return -1
	}
	v := resp.Header.Get("Retry-After")
	if secs, err := %[3]s.Atoi(v); err == nil && secs >= 0 {
		return %[4]s.Duration(secs) * %[4]s.Second
	}
	if t, err := %[2]s.ParseTime(v); err == nil {
		return max(%[4]s.Until(t), 0)
	}
	return -1
}`, names[retrylib.Failsafe], names["net/http"], names["strconv"], names["time"], failsafeDelayName)
		decl = append(decl, analysis.TextEdit{Pos: homeDecl.End(), End: homeDecl.End(), NewText: []byte(text)})
	}
	for _, u := range uses {
		if existing == nil && !visibleHelper(pass, u.expr) {
			continue
		}
		edits := slices.Clone(decl)
		var msg, fixMsg string
		if u.value {
			edits = append(edits, analysis.TextEdit{Pos: u.expr.Pos(), End: u.expr.End(), NewText: []byte(failsafeDelayName)})
			msg = "failsafehttp.DelayFunc reads Retry-After as seconds only (strconv.Atoi): an HTTP-date value gives no delay, and the policy retries at once (or after its own delay) instead of when the server allows"
			fixMsg = "Use a delay function that reads both forms of Retry-After"
		} else {
			edits = append(edits, analysis.TextEdit{Pos: u.expr.End(), End: u.expr.End(), NewText: []byte(".WithDelayFunc(" + failsafeDelayName + ")")})
			msg = "the retry policy of failsafehttp.NewRetryPolicyBuilder takes its delay from failsafehttp.DelayFunc, which reads Retry-After as seconds only (strconv.Atoi): an HTTP-date value gives no delay, and the policy retries at once (or after its own delay) instead of when the server allows"
			fixMsg = "Give the policy a delay function that reads both forms of Retry-After"
		}
		slices.SortStableFunc(edits, func(a, b analysis.TextEdit) int { return int(a.Pos - b.Pos) })
		pass.Report(analysis.Diagnostic{
			Pos:            u.expr.Pos(),
			End:            u.expr.End(),
			Message:        msg,
			SuggestedFixes: []analysis.SuggestedFix{{Message: fixMsg, TextEdits: edits}},
		})
	}
}

// isFailsafeDelay reports whether obj is a function with the signature of
// a failsafe-go delay function for HTTP responses (a helper an earlier
// fix declared).
func isFailsafeDelay(obj types.Object) bool {
	fn, ok := obj.(*types.Func)
	if !ok {
		return false
	}
	sig := fn.Type().(*types.Signature)
	return sig.Params().Len() == 1 && sig.Results().Len() == 1 &&
		types.TypeString(sig.Results().At(0).Type(), nil) == "time.Duration" &&
		types.TypeString(sig.Params().At(0).Type(), nil) == "github.com/failsafe-go/failsafe-go.ExecutionAttempt[*net/http.Response]"
}

// visibleHelper reports whether the package-level name of the helper is
// not hidden by a local declaration where e is.
func visibleHelper(pass *analysis.Pass, e ast.Expr) bool {
	scope := pass.Pkg.Scope().Innermost(e.Pos())
	if scope == nil {
		return false
	}
	_, obj := scope.LookupParent(failsafeDelayName, e.Pos())
	return obj == nil || obj.Parent() == pass.Pkg.Scope()
}
