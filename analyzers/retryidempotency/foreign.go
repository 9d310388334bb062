package retryidempotency

// This file holds a write of another package retried by a loop of this
// one: api.PostMessage(ctx, ch, text), a method of an SDK that sends a POST
// and takes no idempotency key, called again after it fails. The key
// cannot be threaded through code the package does not own, so the fix
// stops the re-send where the outcome is unknown: a transport error (a
// *url.Error, which net/http's Client returns for every failure to get a
// response, and which an SDK that hands the error on keeps in its chain)
// is handed back at once; every other error (an answer the SDK turned
// into one) is retried as before.

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/fixes"
	"github.com/retrylint/retrylint/internal/flow"
	"github.com/retrylint/retrylint/internal/httpmodel"
	"github.com/retrylint/retrylint/internal/logsink"
	"github.com/retrylint/retrylint/internal/retrylib"
	"github.com/retrylint/retrylint/internal/retryloop"
	"github.com/retrylint/retrylint/internal/summary"
)

// reportForeignWrite reports the write s of loop l, sent by a function of
// another package that no key can be handed to, retried after outcome;
// it reports whether it did.
func (c *checker) reportForeignWrite(file *ast.File, l *retryloop.Loop, s send, outcome string) bool {
	info := c.pass.TypesInfo
	fn := httpmodel.Callee(info, s.call)
	if fn == nil {
		// A func field the package sets to one function (w.sink =
		// e.export): no key can be threaded through the field.
		fn = c.seamFunc(s.call)
	}
	if fn == nil || s.helper == nil || s.helper.Keyed {
		return false
	}
	var end *types.Func // the function of another package a local chain ends in
	var rewraps []analysis.TextEdit
	if fn.Pkg() == c.pass.Pkg && s.impl == nil || s.impl != nil && s.impl.Pkg() == c.pass.Pkg {
		chain := fn
		if s.impl != nil {
			chain = s.impl
		}
		e, edits, ok := c.keptChain(chain, true)
		if !ok {
			analysisutil.Gate(c.pass, s.call.Pos(), "foreign-chain", s.method+" sent through functions of this package that do not hand the transport error back")
			return false
		}
		end, rewraps = e, edits
	}
	var stop *retrylib.Library // the library whose idiom stops the retry
	stash := false             // stop the helper with a nil error, see stashGuard
	if l.Via != nil || len(l.Self) > 0 || len(l.Requeue) > 0 {
		// An operation handed to a retry helper: a retry library's
		// rules are known, and so is its way to stop. A helper of the
		// project's own stops, as every retry helper does, when the
		// operation succeeds; unless it gives each operation a token
		// of its own (cloud.google.com/go/storage's run and its
		// invocation id, sent on every attempt), which the server
		// deduplicates by.
		stop = opStop(l)
		if stop == nil {
			if !c.stashable(l) {
				analysisutil.Gate(c.pass, s.call.Pos(), "foreign-via", s.method+" of another package retried by a helper")
				return false
			}
			stash = true
		}
	}
	if outcome != "a transport error" {
		analysisutil.Gate(c.pass, s.call.Pos(), "foreign-status", s.method+" of another package retried after "+outcome+": no error type says so")
		return false
	}
	var edits []analysis.TextEdit
	var ok, tried bool
	if stash {
		edits, ok = c.stashGuard(file, l, s)
		tried = true
	} else {
		edits, ok, tried = c.stopGuard(file, l, s, stop)
	}
	if !ok {
		if !tried {
			analysisutil.Gate(c.pass, s.call.Pos(), "foreign-nofix", s.method+" retried after "+outcome+", no guard can be written")
		}
		return false
	}
	edits = append(edits, rewraps...)
	fix := "Hand a transport error back instead of sending the " + s.method + " again"
	if stop != nil {
		fix = "Stop the retry at a transport error instead of sending the " + s.method + " again"
	} else if stash {
		fix = "Stop " + l.Via.Name() + " at a transport error and hand the error back instead of sending the " + s.method + " again"
	}
	c.pass.Report(analysis.Diagnostic{
		Pos:     s.call.Pos(),
		End:     s.call.End(),
		Message: message(l, s, outcome, "without an idempotency key ("+c.foreignSender(fn, end, s)+")"),
		SuggestedFixes: []analysis.SuggestedFix{{
			Message:   fix,
			TextEdits: edits,
		}},
	})
	return true
}

// stopGuard returns the edits of a guard, after the call of the write s
// in the operation l, that hands a transport error of the call back
// instead of letting the retry send the write again: the error as it is,
// marked with stop's first Permanent when stop is set, or a bare return
// in a function without results. tried reports that a guard's place and
// function were found, for a caller that tells "no guard can be written"
// from a literal whose bare return would leave only the literal.
func (c *checker) stopGuard(file *ast.File, l *retryloop.Loop, s send, stop *retrylib.Library) (edits []analysis.TextEdit, ok, tried bool) {
	info := c.pass.TypesInfo
	place, errName := c.errAssign(l, s.call)
	if place.stmt == nil && l.Via != nil {
		place, errName = c.errReturned(file, l, s.call)
	}
	ft, _ := flow.FuncParts(l.Func)
	src := fixes.Source(c.pass, s.call.Pos())
	noResults := ft != nil && (ft.Results == nil || ft.Results.NumFields() == 0)
	if place.stmt == nil || ft == nil || src == nil || !noResults && !fixes.ReturnsError(info, ft) {
		return nil, false, false
	}
	if _, isLit := l.Func.(*ast.FuncLit); isLit && noResults {
		return nil, false, true // a bare return in a literal leaves only the literal
	}
	var imports []string
	if stop != nil {
		imports = []string{stop.MarksPath()}
	}
	ret := ""
	edits, ok = c.transportGuard(file, src, place, errName, s.method, imports, func(_ string, names map[string]string) string {
		if noResults {
			ret = "return" // a function without results stops
			return ret
		}
		last := errName
		if stop != nil && len(stop.Permanent) > 0 {
			last = fmt.Sprintf("%s.%s(%s)", names[stop.MarksPath()], stop.Permanent[0], errName)
		}
		ret, _ = fixes.Return(info, c.pass.Pkg, file, ft, last)
		return ret
	})
	return edits, ok && ret != "", true
}

// stashable reports whether the operation l, a function literal
// returning an error that l.Call hands to a retry helper of the
// project's own, can stop the helper by succeeding: the helper calls it
// again only after an error, as a plain retry helper does (no condition,
// no library, no recursion or requeue), takes no word of its caller's on
// whether to retry, and, where its body is in this package, makes no
// token for the operation (see stashGuard).
func (c *checker) stashable(l *retryloop.Loop) bool {
	if l.Via == nil || l.Call == nil || l.Lib != nil || l.OpArg != nil || l.Held != nil || len(l.Self) > 0 || len(l.Requeue) > 0 || l.Cond || l.Again {
		return false
	}
	lit, ok := l.Func.(*ast.FuncLit)
	if !ok || !fixes.ReturnsError(c.pass.TypesInfo, lit.Type) || lit.Type.Results.NumFields() != 1 {
		// An operation that returns more than its error: the zero
		// values it would return to stop the helper may be read.
		return false
	}
	if (lit.Pos() < l.Call.Lparen || lit.End() > l.Call.Rparen) && !c.handedOnce(l, lit) {
		// A literal assigned to a variable may be called elsewhere
		// too, where a kept error would be dropped.
		return false
	}
	// A helper told by its caller whether to retry at all (run(ctx,
	// op, isIdempotent), as cloud.google.com/go/storage's run is) retries
	// what its callers declare idempotent.
	params := l.Via.Type().(*types.Signature).Params()
	for p := range params.Variables() {
		if b, ok := p.Type().Underlying().(*types.Basic); ok && b.Kind() == types.Bool {
			return false
		}
	}
	if fd := c.funcDecl(l.Via); fd != nil && fd.Body != nil {
		token := false
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok && c.isFreshSource(httpmodel.Callee(c.pass.TypesInfo, call)) {
				token = true
			}
			return !token
		})
		if token {
			return false
		}
	}
	return true
}

// handedOnce reports whether lit, the operation of l, is assigned to a
// local variable (op := func() error {...}) that the function uses once:
// handed to the helper by l.Call.
func (c *checker) handedOnce(l *retryloop.Loop, lit *ast.FuncLit) bool {
	info := c.pass.TypesInfo
	var v *types.Var
	for _, a := range l.Call.Args {
		if id, ok := ast.Unparen(a).(*ast.Ident); ok {
			if av, ok := info.Uses[id].(*types.Var); ok && !av.IsField() {
				v = av
			}
		}
	}
	f, ok := c.calls.DeclAt(l.Call.Pos())
	if v == nil || !ok {
		return false
	}
	fd := f.Decl
	// The kept error is declared before the literal's statement: a loop
	// or a literal around the call but not around that statement would
	// hand one attempt's kept error to the calls after it.
	around := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if around || n == nil || n.Pos() > l.Call.Pos() || n.End() < l.Call.End() {
			return false
		}
		switch n.(type) {
		case *ast.ForStmt, *ast.RangeStmt, *ast.FuncLit:
			around = around || n.Pos() > lit.Pos() || n.End() < lit.End()
		}
		return !around
	})
	if around {
		return false
	}
	uses, assigned := 0, false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Ident:
			if info.Uses[n] == v {
				uses++
			}
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				if id, ok := lhs.(*ast.Ident); ok && (info.Defs[id] == v || info.Uses[id] == v) && len(n.Rhs) == len(n.Lhs) && ast.Unparen(n.Rhs[i]) == lit {
					assigned = true
				}
			}
		}
		return true
	})
	return assigned && uses == 1
}

// stashGuard returns the edits that stop a retry helper of the
// project's own at a transport error of the write s, which the operation
// l (a function literal handed to it) sends: the operation keeps the
// error in a variable of the function that calls the helper and returns
// no error, so that the helper, as every retry helper does after a
// success, calls it no more; right after the helper's call, the function
// hands the kept error back. Any other error goes to the helper as
// before.
//
//	var writeErr error
//	err := withBackoff(ctx, func() error {
//		_, err := api.Create(ctx, order)
//		if urlErr := (*url.Error)(nil); errors.As(err, &urlErr) {
//			// No response: the server may have applied the POST.
//			writeErr = err
//			return nil
//		}
//		return err
//	})
//	if writeErr != nil {
//		return writeErr
//	}
func (c *checker) stashGuard(file *ast.File, l *retryloop.Loop, s send) ([]analysis.TextEdit, bool) {
	info := c.pass.TypesInfo
	lit := l.Func.(*ast.FuncLit)
	place, errName := c.errAssign(l, s.call)
	if place.stmt == nil {
		place, errName = c.errReturned(file, l, s.call)
	}
	src := fixes.Source(c.pass, l.Call.Pos())
	if place.stmt == nil || src == nil || l.Outer == nil {
		return nil, false
	}
	path, _ := astutil.PathEnclosingInterval(file, l.Call.Pos(), l.Call.End())
	slices.Reverse(path) // outermost first, as EnclosingFunc reads it
	encl, eft := fixes.EnclosingFunc(path)
	if encl == nil || encl == ast.Node(lit) || !fixes.ReturnsError(info, eft) {
		return nil, false
	}
	callStmt := fixes.StmtOf(encl, l.Call)
	if callStmt == nil || callStmt.Pos() < l.Outer.Pos() {
		return nil, false
	}
	if !c.ownLines(src, lit, callStmt) {
		return nil, false // the guard and the check need lines of their own
	}
	// One name a literal handed to a helper in the function, so that the
	// fixes of several agree when applied together.
	stash := "writeErr"
	if n := c.litsBefore(encl, lit); n > 0 {
		stash = fmt.Sprintf("writeErr%d", n+1)
	}
	stash = fixes.FreeName(info, file, stash, nil, l.Outer.Pos(), lit.Body.Pos(), callStmt.End())
	// The check hands the kept error to what the caller does with the
	// helper's: the variable it assigns (err := helper(...)), or a
	// return of it as it is.
	var check string
	var retEdits []analysis.TextEdit // return helper(...) becomes err := helper(...)
	switch st := callStmt.(type) {
	case *ast.AssignStmt:
		errVar := c.assignedErr(st, l.Call)
		if errVar == "" {
			return nil, false
		}
		check = fmt.Sprintf("if %[1]s != nil {\n%%[1]s\t%[2]s = %[1]s\n%%[1]s}", stash, errVar)
	case *ast.IfStmt:
		// if err := helper(...); err != nil { return ..., err }: the
		// caller returns the error as it is.
		as, ok := st.Init.(*ast.AssignStmt)
		if !ok || st.Else != nil || len(st.Body.List) != 1 {
			return nil, false
		}
		errVar := c.assignedErr(as, l.Call)
		rs, ok := st.Body.List[0].(*ast.ReturnStmt)
		if errVar == "" || !ok || len(rs.Results) == 0 {
			return nil, false
		}
		if id, ok := ast.Unparen(rs.Results[len(rs.Results)-1]).(*ast.Ident); !ok || id.Name != errVar {
			return nil, false
		}
		outer, ok := fixes.Return(info, c.pass.Pkg, file, eft, stash)
		if !ok {
			return nil, false
		}
		check = fmt.Sprintf("if %s != nil {\n%%[1]s\t%s\n%%[1]s}", stash, outer)
	case *ast.ReturnStmt:
		// return helper(ctx, op), the function's one result: the error
		// is kept, checked, and returned.
		if len(st.Results) != 1 || ast.Unparen(st.Results[0]) != l.Call || eft.Results.NumFields() != 1 {
			return nil, false
		}
		errVar := fixes.FreeName(info, file, "err", map[string]bool{stash: true}, st.Pos(), st.End())
		retEdits = []analysis.TextEdit{{Pos: st.Pos(), End: st.Results[0].Pos(), NewText: []byte(errVar + " := ")}}
		check = fmt.Sprintf("if %[1]s != nil {\n%%[1]s\t%[2]s = %[1]s\n%%[1]s}\n%%[1]sreturn %[2]s", stash, errVar)
	default:
		return nil, false // the helper's error dropped: the caller's choice
	}
	inner, ok := fixes.Return(info, c.pass.Pkg, file, lit.Type, "nil")
	if !ok {
		return nil, false
	}
	edits, ok := c.transportGuard(file, src, place, errName, s.method, nil, func(indent string, _ map[string]string) string {
		return stash + " = " + errName + "\n" + indent + inner
	})
	if !ok {
		return nil, false
	}
	indent := fixes.Indent(c.pass.Fset, src, l.Outer.Pos())
	at := fixes.LineEnd(c.pass.Fset, src, callStmt.End())
	check = "\n" + indent + fmt.Sprintf(check, indent)
	decl := "var " + stash + " error\n" + indent
	if len(retEdits) > 0 && retEdits[0].Pos == l.Outer.Pos() {
		// One edit where the declaration goes and the return starts.
		retEdits[0].NewText = append([]byte(decl), retEdits[0].NewText...)
	} else {
		edits = append(edits, analysis.TextEdit{Pos: l.Outer.Pos(), End: l.Outer.Pos(), NewText: []byte(decl)})
	}
	edits = append(edits, analysis.TextEdit{Pos: at, End: at, NewText: []byte(check)})
	return fixes.Coalesce(append(edits, retEdits...)), true
}

// assignedErr returns the name of the variable that as assigns the
// error of call, its one right-hand side and the last of its results;
// "" otherwise.
func (c *checker) assignedErr(as *ast.AssignStmt, call *ast.CallExpr) string {
	if len(as.Rhs) != 1 || ast.Unparen(as.Rhs[0]) != call || len(as.Lhs) == 0 {
		return ""
	}
	id, ok := as.Lhs[len(as.Lhs)-1].(*ast.Ident)
	if !ok || id.Name == "_" || !analysisutil.IsError(c.pass.TypesInfo.TypeOf(id)) {
		return ""
	}
	return id.Name
}

// ownLines reports whether the literal lit spans lines of its own (its
// braces on different lines) and nothing follows stmt on its last line
// but a comment: where the guard goes in the literal and the check after
// stmt, each on a line of its own.
func (c *checker) ownLines(src []byte, lit *ast.FuncLit, stmt ast.Stmt) bool {
	fset := c.pass.Fset
	if fset.Position(lit.Body.Lbrace).Line == fset.Position(lit.Body.Rbrace).Line {
		return false
	}
	tf := fset.File(stmt.End())
	rest := strings.TrimSpace(string(src[tf.Offset(stmt.End()):tf.Offset(fixes.LineEnd(fset, src, stmt.End()))]))
	return rest == "" || strings.HasPrefix(rest, "//")
}

// litsBefore counts the function literals handed to a call in encl
// before lit: the index of lit's kept error's name.
func (c *checker) litsBefore(encl ast.Node, lit *ast.FuncLit) int {
	n := 0
	ast.Inspect(encl, func(m ast.Node) bool {
		call, ok := m.(*ast.CallExpr)
		if !ok {
			return true
		}
		for _, a := range call.Args {
			if l, ok := ast.Unparen(a).(*ast.FuncLit); ok && l.Pos() < lit.Pos() {
				n++
			}
		}
		return true
	})
	return n
}

// opStop returns the retry library that retries l, an operation written
// in place (a function literal handed to its entry point), when the
// library has a way for the operation to end the retry with an error it
// returns: marked permanent (backoff.Permanent, retry-go's
// Unrecoverable), or left unmarked where only the errors marked
// retryable are retried (go-retry). It returns nil otherwise.
func opStop(l *retryloop.Loop) *retrylib.Library {
	if l.Lib == nil || l.OpArg != nil || l.Held != nil || len(l.Self) > 0 || len(l.Requeue) > 0 || l.Cond || l.Again {
		return nil
	}
	if _, isLit := l.Func.(*ast.FuncLit); !isLit {
		return nil
	}
	if lib := l.Lib.Lib; len(lib.Permanent) > 0 || len(lib.Retryable) > 0 {
		return lib
	}
	return nil
}

// foreignSender says what sends the write s that fn's call makes (end:
// see keptFrom).
func (c *checker) foreignSender(fn, end *types.Func, s send) string {
	if sel, ok := ast.Unparen(s.call.Fun).(*ast.SelectorExpr); ok && httpmodel.Callee(c.pass.TypesInfo, s.call) == nil {
		return fmt.Sprintf("the field %s holds %s, which sends it; no key can be threaded through the field", sel.Sel.Name, fn.Name())
	}
	switch {
	case fn.Pkg() == c.pass.Pkg && s.impl == nil && end != nil:
		return fmt.Sprintf("%s sends it through %s of %s, which takes no key", fn.Name(), end.Name(), end.Pkg().Name())
	case fn.Pkg() == c.pass.Pkg && s.impl == nil:
		return fmt.Sprintf("%s sends it, and no key can be threaded through it", fn.Name())
	case s.impl == nil:
		return fmt.Sprintf("%s of %s sends it, and takes no key", fn.Name(), fn.Pkg().Name())
	}
	if s.implFresh {
		return fmt.Sprintf("%s, which a call of %s may run, sends it with a key it makes anew on every call", methodName(c.pass.Pkg, s.impl), methodName(c.pass.Pkg, fn))
	}
	return fmt.Sprintf("%s, which a call of %s may run, sends it and takes no key", methodName(c.pass.Pkg, s.impl), methodName(c.pass.Pkg, fn))
}

// methodName names the method fn as Type.Method, qualified by its
// package's name outside pkg.
func methodName(pkg *types.Package, fn *types.Func) string {
	recv := fn.Type().(*types.Signature).Recv().Type()
	if p, ok := recv.(*types.Pointer); ok {
		recv = p.Elem()
	}
	return types.TypeString(recv, func(p *types.Package) string {
		if p == pkg {
			return ""
		}
		return p.Name()
	}) + "." + fn.Name()
}

// A guardPlace is where a guard on the error a call returns goes: after
// the statement that assigns it (in nil), or first in the block that runs
// when it is not nil (if err := f(); err != nil { ... }).
type guardPlace struct {
	stmt ast.Stmt
	in   *ast.BlockStmt
	// orElse is an if statement that defines the error in its init and
	// returns when it is nil: the guard is its else branch.
	orElse *ast.IfStmt
	// ret is set when stmt is an operation's return of the call's error
	// (return api.PostMessage(ctx, ch, text)): the return becomes an
	// assignment, and the error is returned after the guard.
	ret bool
}

// errAssign returns where a guard on the error that call returns goes in
// l's body, and the error variable's name: after the statement that
// assigns the result of call, with an error as its last result, to a
// variable (err := f(), _, _, err = f()); first in the block of an if
// statement that assigns it and tests err != nil; or after an if
// statement that assigns a variable declared before it and returns when
// err == nil.
func (c *checker) errAssign(l *retryloop.Loop, call *ast.CallExpr) (guardPlace, string) {
	info := c.pass.TypesInfo
	errVar := func(as *ast.AssignStmt) *ast.Ident {
		id, ok := as.Lhs[len(as.Lhs)-1].(*ast.Ident)
		if !ok || id.Name == "_" {
			return nil
		}
		if v, ok := info.ObjectOf(id).(*types.Var); !ok || !analysisutil.IsError(v.Type()) {
			return nil
		}
		return id
	}
	for _, st := range l.Body.List {
		as, ok := st.(*ast.AssignStmt)
		ifs, isIf := st.(*ast.IfStmt)
		if isIf {
			as, ok = ifs.Init.(*ast.AssignStmt)
		}
		if !ok || len(as.Rhs) != 1 || ast.Unparen(as.Rhs[0]) != call {
			continue
		}
		id := errVar(as)
		if id == nil {
			return guardPlace{}, ""
		}
		if !isIf {
			return guardPlace{stmt: st}, id.Name
		}
		cond, ok := ast.Unparen(ifs.Cond).(*ast.BinaryExpr)
		if !ok || flow.VarOf(info, cond.X) != info.ObjectOf(id) || !info.Types[cond.Y].IsNil() {
			return guardPlace{}, ""
		}
		switch {
		case cond.Op == token.NEQ:
			return guardPlace{stmt: st, in: ifs.Body}, id.Name
		case cond.Op == token.EQL && ifs.Else == nil && len(ifs.Body.List) > 0:
			if _, ret := ifs.Body.List[len(ifs.Body.List)-1].(*ast.ReturnStmt); !ret {
				break
			}
			if as.Tok == token.ASSIGN {
				return guardPlace{stmt: st}, id.Name
			}
			// if err := f(); err == nil { return ... }: the error is
			// in scope in an else branch only.
			return guardPlace{stmt: st, orElse: ifs}, id.Name
		}
		return guardPlace{}, ""
	}
	return guardPlace{}, ""
}

// errReturned returns where a guard goes on the error of call when a
// statement of the body of the operation l returns it, its one result
// (return api.PostMessage(ctx, ch, text)), and the name the fix gives
// the error.
func (c *checker) errReturned(file *ast.File, l *retryloop.Loop, call *ast.CallExpr) (guardPlace, string) {
	info := c.pass.TypesInfo
	for _, st := range l.Body.List {
		rs, ok := st.(*ast.ReturnStmt)
		if !ok || len(rs.Results) != 1 || ast.Unparen(rs.Results[0]) != call {
			continue
		}
		if t := info.TypeOf(call); t == nil || !analysisutil.IsError(t) {
			return guardPlace{}, ""
		}
		return guardPlace{stmt: rs, ret: true}, fixes.FreeName(info, file, "err", nil, rs.Pos())
	}
	return guardPlace{}, ""
}

// transportGuard returns the edits that write, at p, a guard that
// runs when the error errName is a transport error (a *url.Error in its
// chain, which net/http's Client returns for every failure to get a
// response): "No response: the server may have applied the <what>.",
// then body(indent, names), the guard's inner statements, given the
// indentation of its block and the names of the packages imported for it
// (errors and net/url, and those of imports).
func (c *checker) transportGuard(file *ast.File, src []byte, p guardPlace, errName, what string, imports []string, body func(indent string, names map[string]string) string) ([]analysis.TextEdit, bool) {
	info := c.pass.TypesInfo
	stmt := p.stmt
	name, edits, ok := fixes.ImportAll(info, c.pass.Pkg, file, stmt.Pos(), append([]string{"errors", "net/url"}, imports...)...)
	if !ok {
		return nil, false
	}
	urlErr := fixes.FreeName(info, file, "urlErr", nil, stmt.End())
	indent := fixes.Indent(c.pass.Fset, src, stmt.Pos())
	at := fixes.LineEnd(c.pass.Fset, src, stmt.End())
	if p.in != nil {
		indent += "\t"
		at = fixes.LineEnd(c.pass.Fset, src, p.in.Lbrace)
	}
	guard := fmt.Sprintf(`if %[2]s := (*%[3]s.Error)(nil); %[4]s.As(%[5]s, &%[2]s) {
%[1]s	// No response: the server may have applied the %[6]s.
%[1]s	%[7]s
%[1]s}`, indent, urlErr, name["net/url"], name["errors"], errName, what, body(indent+"\t", name))
	switch {
	case p.orElse != nil:
		// if err := f(); err == nil { ... } else if ...
		at, guard = p.orElse.Body.End(), " else "+guard
	case p.ret:
		// return f() becomes err := f(), the guard, return err.
		rs := stmt.(*ast.ReturnStmt)
		edits = append(edits, analysis.TextEdit{Pos: rs.Pos(), End: rs.Results[0].Pos(), NewText: []byte(errName + " := ")})
		guard = "\n" + indent + guard + "\n" + indent + "return " + errName
	default:
		guard = "\n" + indent + guard
	}
	return append(edits, analysis.TextEdit{Pos: at, End: at, NewText: []byte(guard)}), true
}

// ifaceWrite describes call when it calls a method of an interface
// (s.n.Notify(ctx, msg)) that one of the implementations the package can
// see (summary.Dispatch: its own types', its dependencies' with a fact)
// answers with a POST or PATCH that takes no key: the loop that calls it
// again re-sends that write. A key cannot be threaded through a method
// that every implementation must then take, so the write is judged as one
// of another package's (see reportForeignWrite).
func (c *checker) ifaceWrite(call *ast.CallExpr) (send, bool) {
	fn := httpmodel.Callee(c.pass.TypesInfo, call)
	if fn == nil || !summary.IsInterfaceMethod(fn) {
		return send{}, false
	}
	fns, ws := summary.Dispatched(c.writes, c.dispatcher(), fn)
	for i, w := range ws {
		// A key the implementation makes on every call is a new key on
		// every attempt: no key at all, to the server.
		fresh := w.Keyed && w.Fresh && w.KeyArg == 0
		if w.Keyed && !fresh || w.MethodArg > 0 || !isWrite(w.Method) {
			continue
		}
		if fns[i].Pkg() == c.pass.Pkg {
			if _, _, kept := c.keptChain(fns[i], true); !kept {
				// It keeps only the error's text: no guard at the
				// call can see a transport error.
				analysisutil.Gate(c.pass, call.Pos(), "iface-flattened", w.Method+" of an implementation that does not hand the transport error back")
				continue
			}
		}
		return send{call: call, method: w.Method, helper: &writeFact{Method: w.Method}, impl: fns[i], implFresh: fresh}, true
	}
	return send{}, false
}

// dispatcher returns the dispatch of the package's interface calls to
// the methods of its types and to its dependencies' methods that send a
// write or build requests of one method, made at the first question.
func (c *checker) dispatcher() *summary.Dispatch {
	if c.dispatch == nil {
		c.dispatch = summary.NewDispatch(c.pass, func(f analysis.Fact) bool {
			switch f.(type) {
			case *writeFact, *methodFact:
				return true
			}
			return false
		})
	}
	return c.dispatch
}

// ifaceMethod returns the method of the requests that a call of an
// interface method (a request factory: c.factory.NewRequest(path, body))
// builds, when every implementation the package can see (see
// summary.Dispatch) builds requests of the same one constant method.
func (c *checker) ifaceMethod(fn *types.Func) (string, bool) {
	if fn == nil || !summary.IsInterfaceMethod(fn) {
		return "", false
	}
	targets := c.dispatcher().Targets(fn)
	_, ms := summary.Dispatched(c.methods, c.dispatcher(), fn)
	if len(targets) == 0 || len(ms) != len(targets) {
		return "", false
	}
	for _, m := range ms {
		if m.Const == "" || m.Const != ms[0].Const {
			return "", false
		}
	}
	return ms[0].Const, true
}

// keptFrom follows the write that fn, a function of this package,
// sends through the functions of this package that pass it on
// (each the first call of its body that sends a write, as writeOf finds
// it), to the send or to the function of another package that sends it
// (end; nil when the chain ends in a send of this package). It reports
// whether each function of the chain hands the error of that call back,
// as it is or wrapped with %w, so that a transport error reaches the loop
// with a *url.Error in its chain and the guard of reportForeignWrite sees
// it.
func (c *checker) keptFrom(fn *types.Func) (end *types.Func, ok bool) {
	end, _, ok = c.keptChain(fn, false)
	return end, ok
}

// keptChain is keptFrom; with rewrap, a function of the chain that
// flattens the error into its own with fmt.Errorf and %v or %s
// (fmt.Errorf("%v: error posting: %v", hs, err)) counts too, and the
// edits that make those verbs %w are returned: the text stays the same,
// and the transport error is then in the chain the fix's guard reads.
func (c *checker) keptChain(fn *types.Func, rewrap bool) (end *types.Func, edits []analysis.TextEdit, ok bool) {
	info := c.pass.TypesInfo
	seen := map[*types.Func]bool{}
	for range 2 * maxChain {
		if fn == nil || seen[fn.Origin()] {
			return nil, nil, false
		}
		fn = fn.Origin()
		seen[fn] = true
		if fn.Pkg() != c.pass.Pkg {
			return fn, edits, true
		}
		fd := c.funcDecl(fn)
		if fd == nil || fd.Body == nil {
			return nil, nil, false
		}
		next, direct := c.writeCall(fd)
		if next == nil {
			return nil, nil, false
		}
		more, kept := returnsErrOf(info, fd, next, rewrap)
		if !kept {
			return nil, nil, false
		}
		edits = append(edits, more...)
		if direct {
			return nil, edits, true
		}
		fn = httpmodel.Callee(info, next)
	}
	return nil, nil, false
}

// writeCall returns the call of fd that sends its write (see writeOf): a
// send of its own (direct) or a call of a function that sends one.
func (c *checker) writeCall(fd *ast.FuncDecl) (call *ast.CallExpr, direct bool) {
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if call != nil {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit, *ast.ForStmt, *ast.RangeStmt:
			return false
		case *ast.CallExpr:
			if s, ok := c.sendOf(fd, n); ok && !s.anyMethod && isWrite(s.method) {
				call, direct = n, s.helper == nil
			}
		}
		return true
	})
	return call, direct
}

// returnsErrOf reports whether fd hands back the error that call returns:
// call is a result of a return statement, or its error is assigned to a
// variable that every return statement after it that names it returns as
// its last result, as it is or wrapped by fmt.Errorf with %w (a bare
// return of a named result counts), and one does.
func returnsErrOf(info *types.Info, fd *ast.FuncDecl, call *ast.CallExpr, rewrap bool) (edits []analysis.TextEdit, ok bool) {
	returned := false
	flow.ReturnsOf(fd.Body, func(ret *ast.ReturnStmt) {
		for _, r := range ret.Results {
			returned = returned || ast.Unparen(r) == call
		}
	})
	if returned {
		return nil, true
	}
	errVar := errVarOf(info, fd, call)
	if errVar == nil || !analysisutil.IsError(errVar.Type()) {
		return nil, false
	}
	named := false
	if res := fd.Type.Results; res != nil {
		for _, f := range res.List {
			for _, name := range f.Names {
				named = named || info.Defs[name] == errVar
			}
		}
	}
	refers := func(e ast.Expr) bool { return flow.VarOf(info, e) == errVar }
	found, kept := false, true
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if n.Pos() < call.End() {
				return true
			}
			if len(n.Results) == 0 {
				found = found || named
				return true
			}
			last := n.Results[len(n.Results)-1]
			switch {
			case refers(last) || wrapsErr(info, last, refers):
				found = true
			case rewrap && mentions(last, refers):
				if e, ok := rewrapEdit(info, last, refers); ok {
					found = true
					edits = append(edits, e)
				} else {
					kept = false
				}
			case mentions(last, refers):
				kept = false
			}
		}
		return true
	})
	if !found || !kept {
		return nil, false
	}
	return edits, true
}

// rewrapEdit returns the edit that makes e, fmt.Errorf with a format
// literal given the error (see is) as the argument of one plain %v or %s
// and holding no %w, wrap the error: that verb becomes %w, which prints
// the same text.
func rewrapEdit(info *types.Info, e ast.Expr, is func(ast.Expr) bool) (analysis.TextEdit, bool) {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) < 2 || !httpmodel.IsPkgFunc(httpmodel.Callee(info, call), "fmt", "Errorf") {
		return analysis.TextEdit{}, false
	}
	lit, ok := ast.Unparen(call.Args[0]).(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return analysis.TextEdit{}, false
	}
	arg := -1
	for i, a := range call.Args[1:] {
		if is(a) {
			if arg >= 0 {
				return analysis.TextEdit{}, false
			}
			arg = i
		} else if mentions(a, is) {
			return analysis.TextEdit{}, false // err.Error(): flattened here
		}
	}
	if arg < 0 {
		return analysis.TextEdit{}, false
	}
	// The directives of the literal as written (its quotes and escapes
	// hold no %), read as fmt reads them: the error's must be one plain
	// %v or %s, and none may wrap already.
	text := lit.Value
	at, uses, wraps := -1, 0, false
	ok = logsink.Directives(text, func(a int, verb rune, pos int) {
		wraps = wraps || verb == 'w'
		if a == arg {
			uses++
			if (verb == 'v' || verb == 's') && pos+1 < len(text) && rune(text[pos+1]) == verb {
				at = pos + 1 // %+v, %q: not the same text
			}
		}
	})
	if !ok || wraps || uses != 1 || at < 0 {
		return analysis.TextEdit{}, false
	}
	return analysis.TextEdit{Pos: lit.Pos() + token.Pos(at), End: lit.Pos() + token.Pos(at) + 1, NewText: []byte("w")}, true
}

// wrapsErr reports whether e is fmt.Errorf with a constant format that
// holds %w, given an argument that is (see is) the error.
func wrapsErr(info *types.Info, e ast.Expr, is func(ast.Expr) bool) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) < 2 || !httpmodel.IsPkgFunc(httpmodel.Callee(info, call), "fmt", "Errorf") {
		return false
	}
	tv := info.Types[call.Args[0]]
	if tv.Value == nil || tv.Value.Kind() != constant.String {
		return false
	}
	// The error must be the argument of the one %w: two may wrap it in
	// one of the package's own errors, and a %v flattens it.
	verbs, ok := logsink.Verbs(constant.StringVal(tv.Value))
	if !ok {
		return false
	}
	wrapped := -1
	for i, vs := range verbs {
		for _, v := range vs {
			if v == 'w' {
				if wrapped >= 0 {
					return false
				}
				wrapped = i
			}
		}
	}
	return wrapped >= 0 && wrapped+1 < len(call.Args) && is(call.Args[wrapped+1])
}

// mentions reports whether e holds an expression that is (see is) the
// error.
func mentions(e ast.Expr, is func(ast.Expr) bool) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if x, ok := n.(ast.Expr); ok && is(x) {
			found = true
		}
		return !found
	})
	return found
}

// transportKept reports whether a transport error of the send s reaches
// its caller as net/http made it: a send of net/http itself, or a call of
// a function (or an implementation, for a method of an interface) of this
// package whose chain of functions hands it back as it is or wrapped with
// %w, down to a send of this package (see keptFrom). Another package's
// function may turn it into anything.
func (c *checker) transportKept(s send) bool {
	if s.helper == nil {
		return true
	}
	fn := c.ownSender(s)
	if fn == nil {
		return false
	}
	end, ok := c.keptFrom(fn)
	return ok && end == nil
}

// transportFolded reports whether the transport error of s reaches its
// caller kept, or folded into a new error on the way: by fmt.Errorf with
// %v or %s down the chain (see keptChain), or, by a sender of this
// package that sends itself, in every return under the send's err != nil
// (fmt.Errorf("%s: %s", prefix, err.Error())).
func (c *checker) transportFolded(s send) bool {
	if s.helper == nil {
		return true
	}
	fn := c.ownSender(s)
	if fn == nil {
		return false
	}
	if end, _, ok := c.keptChain(fn, true); ok && end == nil {
		return true
	}
	fd := c.funcDecl(fn)
	if fd == nil || fd.Body == nil {
		return false
	}
	next, direct := c.writeCall(fd)
	if next == nil || !direct {
		return false
	}
	return errReturnsMention(c.pass.TypesInfo, fd, next)
}

// ownSender returns the function of this package that s, the call of a
// function that sends, calls (its implementation, for a method of an
// interface), or nil for one of another package.
func (c *checker) ownSender(s send) *types.Func {
	fn := s.impl
	if fn == nil {
		fn = httpmodel.Callee(c.pass.TypesInfo, s.call)
	}
	if fn == nil || fn.Pkg() != c.pass.Pkg {
		return nil
	}
	return fn
}

// errVarOf returns the variable that fd assigns the last result of call
// to (resp, err := c.hc.Do(req)), outside function literals, or nil.
func errVarOf(info *types.Info, fd *ast.FuncDecl, call *ast.CallExpr) types.Object {
	var errVar types.Object
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt:
			if len(n.Rhs) == 1 && ast.Unparen(n.Rhs[0]) == call {
				if id, ok := n.Lhs[len(n.Lhs)-1].(*ast.Ident); ok && id.Name != "_" {
					errVar = info.ObjectOf(id)
				}
			}
		}
		return errVar == nil
	})
	return errVar
}

// errReturnsMention reports whether every return of fd inside an if
// whose condition requires the error of call (assigned to a variable)
// not to be nil mentions that error in its last result, and there is
// one at least.
func errReturnsMention(info *types.Info, fd *ast.FuncDecl, call *ast.CallExpr) bool {
	errVar := errVarOf(info, fd, call)
	if errVar == nil {
		return false
	}
	refers := func(e ast.Expr) bool { return flow.VarOf(info, e) == errVar }
	found, all := false, true
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		is, ok := n.(*ast.IfStmt)
		if !ok || is.Pos() < call.End() {
			return true
		}
		tested := false
		for _, conj := range conjuncts(is.Cond) {
			if b, ok := ast.Unparen(conj).(*ast.BinaryExpr); ok && b.Op == token.NEQ && (refers(b.X) && analysisutil.IsNil(info, b.Y) || refers(b.Y) && analysisutil.IsNil(info, b.X)) {
				tested = true
			}
		}
		if !tested {
			return true
		}
		ast.Inspect(is.Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.ReturnStmt:
				found = true
				all = all && len(n.Results) > 0 && mentions(n.Results[len(n.Results)-1], refers)
			}
			return true
		})
		return true
	})
	return found && all
}
