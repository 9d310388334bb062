package retryidempotency

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/fixes"
	"github.com/retrylint/retrylint/internal/flow"
	"github.com/retrylint/retrylint/internal/httpmodel"
	"github.com/retrylint/retrylint/internal/retryloop"
)

func message(l *retryloop.Loop, s send, outcome string, what string) string {
	by := ""
	if l.Via != nil {
		by = " by " + viaName(l)
	}
	return fmt.Sprintf("%s is retried%s after %s %s (the write may be applied twice)", s.method, by, outcome, what)
}

// keyGen returns the statements that make one key, and their imports.
func (c *checker) keyGen(file *ast.File, at token.Pos, name, indent string) (string, []analysis.TextEdit, bool) {
	info := c.pass.TypesInfo
	randName, edits, ok := fixes.Import(info, c.pass.Pkg, file, "crypto/rand", at)
	if !ok {
		// rand may be math/rand's name in the file.
		randName, edits, ok = fixes.ImportAs(info, c.pass.Pkg, file, "crypto/rand", "crand", at)
	}
	if !ok {
		return "", nil, false
	}
	if v := info.FileVersions[file]; v == "" || versionAtLeast(v, 24) {
		return fmt.Sprintf("%s%s := %s.Text()\n", indent, name, randName), edits, true
	}
	hexName, hexEdits, ok := fixes.Import(info, c.pass.Pkg, file, "encoding/hex", at)
	if !ok {
		return "", nil, false
	}
	b := fixes.FreeName(info, file, name+"Bytes", nil, at)
	text := fmt.Sprintf("%[1]s%[2]s := make([]byte, 16)\n%[1]s_, _ = %[3]s.Read(%[2]s)\n%[1]s%[4]s := %[5]s.EncodeToString(%[2]s)\n", indent, b, randName, name, hexName)
	return text, append(edits, hexEdits...), true
}

// versionAtLeast reports whether a Go version such as "go1.22" is at least
// go1.minor.
func versionAtLeast(v string, minor int) bool {
	var major, m int
	if _, err := fmt.Sscanf(strings.TrimPrefix(v, "go"), "%d.%d", &major, &m); err != nil {
		return true
	}
	return major > 1 || m >= minor
}

func (c *checker) reportMissing(file *ast.File, l *retryloop.Loop, s send, outcome string) {
	if l.Lib != nil && l.Lib.Lib.Registers {
		c.reportRegistered(file, l, s, outcome)
		return
	}
	if s.impl != nil {
		// A method of an interface: no key can be threaded through it.
		c.reportForeignWrite(file, l, s, outcome)
		return
	}
	if l.OpArg != nil {
		c.reportNamedOp(file, l, s, outcome)
		return
	}
	if l.Unrolled {
		c.reportUnrolled(file, l, s, outcome)
		return
	}
	if len(l.Self) > 0 {
		c.reportRecursive(file, l, s, outcome)
		return
	}
	if len(l.Requeue) > 0 {
		c.reportRequeue(file, l, s, outcome)
		return
	}
	info := c.pass.TypesInfo
	taken := map[string]bool{}
	k, ok := c.keyBeforeLoop(file, l, taken)
	if !ok {
		return
	}
	src, at, key, gen, edits := k.src, k.at, k.name, k.gen, k.edits
	var more []analysis.TextEdit
	if s.helper != nil {
		more, ok = c.keyThroughHelper(l, s, key, src, false)
		if !ok {
			// A write of another package, which takes no key.
			c.reportForeignWrite(file, l, s, outcome)
			return
		}
		more = append(more, analysis.TextEdit{Pos: at, End: at, NewText: []byte(gen)})
	} else if s.req != nil {
		more, ok = c.setOnRequest(file, l, s, key, gen, at, src)
	} else {
		more, ok = c.rewriteURLSend(file, l, s, key, taken)
		genAt := at
		if block, first := c.firstAttempt(l, s, src); ok && first != nil {
			// The first attempt is sent before the loop: it carries the
			// key too, made before it.
			firstEdits, firstOK := c.rewriteURLSendIn(file, block, ast.Unparen(first.Rhs[0]).(*ast.CallExpr), key, taken, false)
			if !firstOK {
				return
			}
			more = append(more, firstEdits...)
			tf := c.pass.Fset.File(first.Pos())
			genAt = tf.LineStart(tf.Line(first.Pos()))
		}
		more = append(more, analysis.TextEdit{Pos: genAt, End: genAt, NewText: []byte(gen)})
	}
	if !ok {
		return
	}
	edits = append(edits, more...)
	what := "without an idempotency key"
	if s.keyedBy != "" {
		what = "with an idempotency key that " + s.keyedBy + " makes anew on each attempt"
	}
	if s.helper != nil {
		what += " (" + httpmodel.Callee(info, s.call).Name() + " sends it)"
	}
	c.pass.Report(analysis.Diagnostic{
		Pos:     s.call.Pos(),
		End:     s.call.End(),
		Message: message(l, s, outcome, what),
		SuggestedFixes: []analysis.SuggestedFix{{
			Message:   "Send one " + c.first + " on every attempt",
			TextEdits: edits,
		}},
	})
}

// ifKey returns the statement set, which sets the key, run only when key
// is not "" (a caller of a shared helper or of a split function's old
// name sends no key), written at indent.
func ifKey(key, set, indent string) string {
	return fmt.Sprintf("if %s != \"\" {\n%s\t%s\n%s}", key, indent, set, indent)
}

// viaName names the retry helper of l for messages: a retry library's
// entry point with its package's name (backoff.Retry), any other helper
// by its own.
func viaName(l *retryloop.Loop) string {
	if l.Lib == nil || l.Via.Pkg() == nil {
		return l.Via.Name()
	}
	return qualifiedName(l.Via)
}

// qualifiedName names f, a function of another package, for messages:
// its package's name, and a method's receiver type (failsafe
// Executor.Get, backoff.Retry).
func qualifiedName(f *types.Func) string {
	if recv := f.Signature().Recv(); recv != nil {
		t := recv.Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		if n, ok := types.Unalias(t).(*types.Named); ok {
			return f.Pkg().Name() + " " + n.Obj().Name() + "." + f.Name()
		}
	}
	return f.Pkg().Name() + "." + f.Name()
}

// setOnRequest sets the key on the request after it is built: inside the
// loop right after the build (and its error check), or before the loop
// when the request is built before it.
func (c *checker) setOnRequest(file *ast.File, l *retryloop.Loop, s send, key, gen string, at token.Pos, src []byte) ([]analysis.TextEdit, bool) {
	if s.build == nil {
		return nil, false
	}
	set := fmt.Sprintf("%s.Header.Set(%q, %s)", s.req.Name(), c.first, key)
	if s.build.Pos() < l.Stmt.Pos() {
		// Built once before the loop: key and header both go before it.
		indent := fixes.Indent(c.pass.Fset, src, l.Stmt.Pos())
		return []analysis.TextEdit{{Pos: at, End: at, NewText: []byte(gen + indent + set + "\n")}}, true
	}
	set2, ok := c.setAfterBuild(l.Body, s, set, src)
	if !ok {
		return nil, false
	}
	if c.builtBefore(l, s.req) {
		// Built before the loop and built again in it (signed anew
		// after a failure): the first attempt carries the key too.
		indent := fixes.Indent(c.pass.Fset, src, l.Stmt.Pos())
		return []analysis.TextEdit{{Pos: at, End: at, NewText: []byte(gen + indent + set + "\n")}, set2}, true
	}
	return []analysis.TextEdit{{Pos: at, End: at, NewText: []byte(gen)}, set2}, true
}

// builtBefore reports whether the function of loop l assigns the request
// variable v before the loop: a request the loop builds again.
func (c *checker) builtBefore(l *retryloop.Loop, v *types.Var) bool {
	if v == nil {
		return false
	}
	_, body := flow.FuncParts(l.Func)
	if body == nil {
		return false
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if found || n == nil || n.Pos() >= l.Stmt.Pos() {
			return false
		}
		if _, lit := n.(*ast.FuncLit); lit {
			return false
		}
		if as, ok := n.(*ast.AssignStmt); ok {
			for _, e := range as.Lhs {
				if id, ok := e.(*ast.Ident); ok && c.pass.TypesInfo.ObjectOf(id) == types.Object(v) {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// setAfterBuild returns the edit that writes the statement set after the
// statement in root that builds the request of s, and after its error
// check, so that the header goes on a request that exists.
func (c *checker) setAfterBuild(root ast.Node, s send, set string, src []byte) (analysis.TextEdit, bool) {
	var stack []ast.Node
	ast.PreorderStack(root, nil, func(n ast.Node, st []ast.Node) bool {
		if n == s.build {
			stack = append(slices.Clone(st), n)
		}
		return stack == nil
	})
	stmt, i := fixes.StmtInBlock(stack)
	if stmt == nil {
		return analysis.TextEdit{}, false
	}
	// A request built in a branch (if x { req = a() } else { req = b() })
	// and sent after it: the key goes after the statement that holds the
	// branches, in the block that also holds the send, so that every
	// branch's request carries it.
	for s.call != nil && s.call.Pos() > s.build.End() && !(stack[i-1].Pos() <= s.call.Pos() && s.call.End() <= stack[i-1].End()) {
		up, j := fixes.StmtInBlock(stack[:i])
		if up == nil {
			return analysis.TextEdit{}, false
		}
		stmt, i = up, j
	}
	after := ast.Node(stmt)
	list := blockOf(stack[i-1])
	if j := slices.Index(list, stmt); j >= 0 && j+1 < len(list) {
		if ifs, ok := list[j+1].(*ast.IfStmt); ok && mentionsErr(c.pass.TypesInfo, ifs.Cond, stmt) {
			after = ifs
		}
		// After the statements up to the send that write the request's
		// headers (req.Header = h, a helper that sets a key of its own):
		// the key set before them would be lost.
		for _, next := range list[j+1:] {
			if next.Pos() <= s.call.Pos() && s.call.End() <= next.End() {
				break
			}
			if s.req != nil && c.writesHeader(next, s.req) {
				after = next
			}
		}
	}
	indent := fixes.Indent(c.pass.Fset, src, stmt.Pos())
	eol := fixes.LineEnd(c.pass.Fset, src, after.End())
	tf := c.pass.Fset.File(after.End())
	if rest := strings.TrimSpace(string(src[tf.Offset(after.End()):tf.Offset(eol)])); rest != "" && !strings.HasPrefix(rest, "//") {
		// More statements follow on the line: a function literal written
		// on one line, whose block is written out, a statement a line,
		// with the key's after the build.
		blk, _ := stack[i-1].(*ast.BlockStmt)
		switch {
		case blk == nil || i >= 2 && ifBranch(stack[i-2], blk) || tf.Line(blk.Lbrace) != tf.Line(blk.Rbrace):
			// A branch of an if (the request built in each branch) or a
			// block spread over lines: after the line, as before.
			return analysis.TextEdit{Pos: eol, End: eol, NewText: []byte("\n" + indent + set)}, true
		case c.commentIn(blk):
			// Written out, the block would lose its comments: the key
			// goes right after the build, on the same line.
			return analysis.TextEdit{Pos: after.End(), End: after.End(), NewText: []byte("; " + set)}, true
		}
		outer := fixes.Indent(c.pass.Fset, src, blk.Lbrace)
		var b strings.Builder
		b.WriteString("{\n")
		for _, st := range blk.List {
			b.WriteString(outer + "\t" + string(src[tf.Offset(st.Pos()):tf.Offset(st.End())]) + "\n")
			if st == after {
				b.WriteString(outer + "\t" + set + "\n")
			}
		}
		b.WriteString(outer + "}")
		return analysis.TextEdit{Pos: blk.Lbrace, End: blk.Rbrace + 1, NewText: []byte(b.String())}, true
	}
	return analysis.TextEdit{Pos: eol, End: eol, NewText: []byte("\n" + indent + set)}, true
}

// ifBranch reports whether blk, a child of parent, is a branch of an if
// statement. (The root of setAfterBuild's walk, a function's or a loop's
// body, is none.)
func ifBranch(parent ast.Node, blk *ast.BlockStmt) bool {
	is, ok := parent.(*ast.IfStmt)
	return ok && (is.Body == blk || is.Else == ast.Stmt(blk))
}

// commentIn reports whether a comment of the file lies inside n.
func (c *checker) commentIn(n ast.Node) bool {
	f := fixes.FileOf(c.pass, n.Pos())
	return f != nil && slices.ContainsFunc(f.Comments, func(g *ast.CommentGroup) bool { return n.Pos() < g.Pos() && g.End() < n.End() })
}

// writesHeader reports whether st replaces the headers of the request v
// (v.Header = h) or calls a function that sets a key on them, outside
// function literals.
func (c *checker) writesHeader(st ast.Stmt, v *types.Var) bool {
	info := c.pass.TypesInfo
	isReq := func(e ast.Expr) bool {
		e = ast.Unparen(e)
		if sel, ok := e.(*ast.SelectorExpr); ok && sel.Sel.Name == "Header" {
			e = ast.Unparen(sel.X)
		}
		id, ok := e.(*ast.Ident)
		return ok && info.Uses[id] == v
	}
	found := false
	ast.Inspect(st, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				if sel, ok := ast.Unparen(l).(*ast.SelectorExpr); ok && sel.Sel.Name == "Header" && isReq(sel) {
					found = true
				}
			}
		case *ast.CallExpr:
			if k := c.keySets.Lookup(httpmodel.Callee(info, n)); k != nil {
				if _, args := httpmodel.Receiver(info, n); k.Param < len(args) && isReq(args[k.Param]) {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

func blockOf(n ast.Node) []ast.Stmt {
	switch n := n.(type) {
	case *ast.BlockStmt:
		return n.List
	case *ast.CaseClause:
		return n.Body
	case *ast.CommClause:
		return n.Body
	}
	return nil
}

// mentionsErr reports whether cond uses the error variable assigned by the
// statement stmt.
func mentionsErr(info *types.Info, cond ast.Expr, stmt ast.Stmt) bool {
	as, ok := stmt.(*ast.AssignStmt)
	if !ok || len(as.Lhs) < 2 {
		return false
	}
	id, ok := as.Lhs[len(as.Lhs)-1].(*ast.Ident)
	if !ok {
		return false
	}
	errObj := info.ObjectOf(id)
	found := false
	ast.Inspect(cond, func(n ast.Node) bool {
		if x, ok := n.(*ast.Ident); ok && info.Uses[x] == errObj {
			found = true
		}
		return !found
	})
	return found
}

// rewriteURLSend turns resp, err := client.Post(url, contentType, body)
// (or PostForm, or http.Post) into a request that carries the key.
func (c *checker) rewriteURLSend(file *ast.File, l *retryloop.Loop, s send, key string, taken map[string]bool) ([]analysis.TextEdit, bool) {
	return c.rewriteURLSendIn(file, l.Body, s.call, key, taken, false)
}

// rewriteURLSendIn rewrites the URL send call, a statement of body, into
// a request that carries key; only when key is not "" if optional.
func (c *checker) rewriteURLSendIn(file *ast.File, body ast.Node, call *ast.CallExpr, key string, taken map[string]bool, optional bool) ([]analysis.TextEdit, bool) {
	return fixes.URLSend{
		Pass: c.pass, File: file, Stmt: fixes.URLSendStmt(body, call), Call: call, Taken: taken,
		Set: func(req string) []string {
			set := fmt.Sprintf("%s.Header.Set(%q, %s)", req, c.first, key)
			if optional {
				return []string{fmt.Sprintf("if %s != \"\" {", key), "\t" + set, "}"}
			}
			return []string{set}
		},
	}.Rewrite()
}

// reportFresh reports a key made anew on each attempt, with a fix that
// makes it once before the loop.
func (c *checker) reportFresh(file *ast.File, l *retryloop.Loop, s send, value ast.Expr, outcome string) bool {
	if l.OpArg != nil || len(l.Self) > 0 || len(l.Requeue) > 0 {
		// A key made inside a named operation, or inside a function that
		// retries by calling itself: not moved from here.
		return false
	}
	info := c.pass.TypesInfo
	src := fixes.Source(c.pass, l.Stmt.Pos())
	if src == nil {
		return false
	}
	at, indent, ok := l.Before(c.pass.Fset, src)
	if !ok {
		return false
	}
	start := l.Outer
	var edits []analysis.TextEdit
	// key := uuid.NewString() inside the loop: move that statement.
	if id, isIdent := ast.Unparen(value).(*ast.Ident); isIdent {
		v, _ := info.Uses[id].(*types.Var)
		def := c.defInLoop(l, v)
		if def == nil || !fixes.VisibleAt(info, file, def.Rhs[0], start.Pos()) ||
			fixes.FreeName(info, file, v.Name(), nil, start.Pos()) != v.Name() {
			return false
		}
		del, ok := fixes.LineDelete(c.pass.Fset, src, def)
		if !ok {
			return false
		}
		edits = append(edits, del, analysis.TextEdit{Pos: at, End: at, NewText: []byte(indent + fixes.Text(c.pass.Fset, src, def) + "\n")})
	} else {
		if !fixes.VisibleAt(info, file, value, start.Pos()) {
			return false
		}
		key := fixes.FreeName(info, file, "idempotencyKey", nil, start.Pos(), l.Body.End()-1)
		edits = append(edits,
			analysis.TextEdit{Pos: at, End: at, NewText: []byte(fmt.Sprintf("%s%s := %s\n", indent, key, fixes.Format(c.pass.Fset, value)))},
			analysis.TextEdit{Pos: value.Pos(), End: value.End(), NewText: []byte(key)})
	}
	c.pass.Report(analysis.Diagnostic{
		Pos:     value.Pos(),
		End:     value.End(),
		Message: message(l, s, outcome, "with an idempotency key made anew for each attempt, which defeats deduplication"),
		SuggestedFixes: []analysis.SuggestedFix{{
			Message:   "Make the " + c.first + " once, before the loop",
			TextEdits: edits,
		}},
	})
	return true
}

// A loopKey is the key a fix makes once before loop l: the source of the
// loop's file, where the statements that make it go and their indent, its
// name, those statements (gen, with crypto/rand) and the imports they
// need (edits).
type loopKey struct {
	src       []byte
	at        token.Pos
	indent    string
	name, gen string
	edits     []analysis.TextEdit
}

// keyBeforeLoop returns the key a fix makes before loop l, named so that
// the name is free in the loop's function and not in taken (to which it
// is added).
func (c *checker) keyBeforeLoop(file *ast.File, l *retryloop.Loop, taken map[string]bool) (loopKey, bool) {
	var k loopKey
	k.src = fixes.Source(c.pass, l.Stmt.Pos())
	if k.src == nil {
		return k, false
	}
	var ok bool
	k.at, k.indent, ok = l.Before(c.pass.Fset, k.src)
	if !ok {
		return k, false
	}
	k.name = fixes.FreeName(c.pass.TypesInfo, file, "idempotencyKey", taken, l.Outer.Pos(), l.Body.End()-1)
	k.gen, k.edits, ok = c.keyGen(file, l.Outer.Pos(), k.name, k.indent)
	return k, ok
}

// reportHelperFresh reports the write s that loop l sends through a
// function of this package that makes a key of its own on every call (a
// new key per attempt, which the server cannot tie to the first), and
// reports whether it did. The fix makes one key before the loop and hands
// it down the chain (see keyThroughHelper); the function that made the
// key sets the one it is handed, and makes its own only for the callers
// that hand none.
func (c *checker) reportHelperFresh(file *ast.File, l *retryloop.Loop, s send, outcome string) bool {
	if l.Lib != nil || s.impl != nil || l.OpArg != nil || l.Unrolled || len(l.Self) > 0 || len(l.Requeue) > 0 {
		return false
	}
	info := c.pass.TypesInfo
	k, ok := c.keyBeforeLoop(file, l, nil)
	if !ok {
		return false
	}
	chain, inner, found := c.helperChain(s.call)
	if !found {
		return false
	}
	made := c.keySetBy(chain[len(chain)-1].decl, inner)
	if made == nil || !c.isFreshCall(made) {
		return false // the key made further down, or from a variable: the fix would set a second one
	}
	if fixes.FileOf(c.pass, made.Pos()) == file && fixes.VisibleAt(info, file, made, l.Outer.Pos()) {
		// The key made as the function makes its own (a UUID where
		// the API may want one), with the names its file imports,
		// when every name in it means the same before the loop (not
		// the helper's own parameters or receiver).
		k.gen, k.edits = fmt.Sprintf("%s%s := %s\n", k.indent, k.name, fixes.Format(c.pass.Fset, made)), nil
	}
	more, ok := c.keyThroughHelper(l, s, k.name, k.src, false)
	if !ok {
		return false
	}
	edits := append(append(k.edits, more...), analysis.TextEdit{Pos: k.at, End: k.at, NewText: []byte(k.gen)})
	name := "the function it calls"
	if fn := httpmodel.Callee(info, s.call); fn != nil {
		name = fn.Name()
	}
	c.pass.Report(analysis.Diagnostic{
		Pos:     s.call.Pos(),
		End:     s.call.End(),
		Message: message(l, s, outcome, "with an idempotency key that "+name+" makes anew on every call, so each attempt carries a new one, which defeats deduplication"),
		SuggestedFixes: []analysis.SuggestedFix{{
			Message:   "Make the " + c.first + " once, before the loop, and hand it to " + name,
			TextEdits: edits,
		}},
	})
	return true
}

// keySetBy returns the key that fd, the last function of a helper chain,
// sets on the request inner builds and sends: the key of the send, or one
// set on a request of the method fd is handed. Nil for none.
func (c *checker) keySetBy(fd *ast.FuncDecl, inner send) ast.Expr {
	if inner.keyed == nil && inner.req != nil {
		key, _ := c.keyValue(fd, inner.req)
		return key
	}
	return inner.keyed
}

// defInLoop returns the only definition of v, when it is a statement
// v := value directly in the loop body.
func (c *checker) defInLoop(l *retryloop.Loop, v *types.Var) *ast.AssignStmt {
	if v == nil {
		return nil
	}
	info := c.pass.TypesInfo
	var def *ast.AssignStmt
	count := 0
	ast.Inspect(l.Func, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok {
			return true
		}
		for _, lhs := range as.Lhs {
			if id, ok := lhs.(*ast.Ident); ok && info.ObjectOf(id) == v {
				count++
				def = as
			}
		}
		return true
	})
	if count != 1 || def.Tok != token.DEFINE || len(def.Lhs) != 1 || len(def.Rhs) != 1 || !slices.Contains(l.Body.List, ast.Stmt(def)) {
		return nil
	}
	return def
}

// keyThroughHelper handles a write sent by a function of this package,
// directly or through a chain of such functions (c.post(body) calls
// c.clientPost, which builds the request): each function of the chain
// gets the key as a new last parameter and hands it to the next, the last
// sets it on its request, and the loop passes its key. A function of the
// chain that has other callers too keeps them as they were: they pass "",
// and the key is set only when there is one. A function whose signature
// must stay (an exported one, one used as a value, a method an interface
// of the package may require) is split instead: its body moves to an
// unexported twin that takes the key, and the function keeps its name and
// signature and calls the twin with "" (see link). A function of another
// package cannot be changed from here. A helper that takes the key as a
// parameter already, handed "", is handed the loop's key instead.
//
// optional reports that key may be "" (the caller is the twin of a split
// function, which the function hands ""): the key is then set only when
// there is one, whatever the chain.
func (c *checker) keyThroughHelper(l *retryloop.Loop, s send, key string, src []byte, optional bool) ([]analysis.TextEdit, bool) {
	if arg := keyArg(c.pass.TypesInfo, s.helper, s.call); arg != nil {
		// A helper that takes the key already, handed "".
		return []analysis.TextEdit{{Pos: arg.Pos(), End: arg.End(), NewText: []byte(key)}}, true
	}
	chain, inner, ok := c.helperChain(s.call)
	if !ok {
		return nil, false
	}
	info := c.pass.TypesInfo
	shared := optional
	for _, ln := range chain {
		shared = shared || len(ln.others) > 0 || ln.twin != ""
	}
	var edits []analysis.TextEdit
	arg := key
	for i, ln := range chain {
		csrc := src
		if i > 0 {
			csrc = fixes.Source(c.pass, ln.call.Pos())
		}
		sig := ln.decl.Type
		e, ok := addArg(c.pass.Fset, csrc, ln.call, sig, arg)
		if !ok {
			return nil, false
		}
		edits = append(edits, e)
		if ln.twin != "" {
			split, ok := c.splitEdits(ln.decl, ln.twin, `""`)
			rename, ok2 := renameCall(ln.call, ln.twin)
			if !ok || !ok2 {
				return nil, false
			}
			edits = append(append(edits, split...), rename)
		}
		for _, other := range ln.others {
			e, ok := addArg(c.pass.Fset, fixes.Source(c.pass, other.Pos()), other, sig, `""`)
			if !ok {
				return nil, false
			}
			edits = append(edits, e)
		}
		hfile := fixes.FileOf(c.pass, ln.decl.Pos())
		hsrc := fixes.Source(c.pass, ln.decl.Pos())
		params := ln.decl.Type.Params
		for _, f := range params.List {
			if len(f.Names) == 0 {
				return nil, false // ping(context.Context): a named key cannot join unnamed parameters
			}
		}
		if hfile == nil || hsrc == nil || trailingComma(c.pass.Fset, hsrc, params.Closing) {
			return nil, false
		}
		param := fixes.FreeName(info, hfile, "idempotencyKey", nil, ln.decl.Body.Lbrace+1, ln.decl.Body.Rbrace-1)
		if last := variadicParam(ln.decl.Type); last != nil {
			// The key goes before the variadic parameter
			// (reqEditors ...RequestEditorFn), which stays last.
			if len(last.Names) != 1 {
				return nil, false
			}
			edits = append(edits, analysis.TextEdit{Pos: last.Pos(), End: last.Pos(), NewText: []byte(param + " string, ")})
		} else {
			decl := param + " string"
			if params.NumFields() > 0 {
				decl = ", " + decl
			}
			edits = append(edits, analysis.TextEdit{Pos: params.Closing, End: params.Closing, NewText: []byte(decl)})
		}
		arg = param
	}
	last := chain[len(chain)-1].decl
	hsrc := fixes.Source(c.pass, last.Pos())
	if inner.req == nil {
		// A URL send, rewritten into a request that carries the key.
		rewrite, ok := c.rewriteURLSendIn(fixes.FileOf(c.pass, last.Pos()), last.Body, inner.call, arg, nil, shared)
		if !ok {
			return nil, false
		}
		return append(edits, rewrite...), true
	}
	if inner.keyed = c.keySetBy(last, inner); inner.keyed != nil {
		// The last function makes a key of its own on every call (a new
		// key per attempt): it takes the loop's instead, and makes its
		// own only when handed none.
		keyEdits, ok := c.keyFromParam(last, inner, arg, hsrc)
		if !ok {
			return nil, false
		}
		return append(edits, keyEdits...), true
	}
	set := fmt.Sprintf("%s.Header.Set(%q, %s)", inner.req.Name(), c.first, arg)
	if shared {
		// The callers that pass "" send the request as before.
		indent := fixes.Indent(c.pass.Fset, hsrc, inner.build.Pos())
		set = ifKey(arg, set, indent)
	}
	setEdit, ok := c.setAfterBuild(last.Body, inner, set, hsrc)
	if !ok {
		return nil, false
	}
	return append(edits, setEdit), true
}

// keyFromParam returns the edits that make fd, which sets the key expression
// inner.keyed (made on every call: rand.Text(), uuid.NewString()) on its
// request in a statement of its own, set the key param instead, and make
// its own key only when handed none (the callers that hand ""):
//
//	if idempotencyKey == "" {
//		idempotencyKey = uuid.NewString()
//	}
//	req.Header.Set("Idempotency-Key", idempotencyKey)
func (c *checker) keyFromParam(fd *ast.FuncDecl, inner send, param string, src []byte) ([]analysis.TextEdit, bool) {
	key := inner.keyed
	var stmt ast.Stmt
	var stack []ast.Node
	ast.PreorderStack(fd.Body, nil, func(n ast.Node, st []ast.Node) bool {
		if n == key {
			stack = append(slices.Clone(st), n)
		}
		return stack == nil
	})
	stmt, _ = fixes.StmtInBlock(stack)
	es, ok := stmt.(*ast.ExprStmt)
	if !ok || src == nil || !c.isFreshCall(key) {
		return nil, false // a variable: its declaration would be left unused
	}
	if call, ok := ast.Unparen(es.X).(*ast.CallExpr); !ok || !slices.Contains(call.Args, key) {
		return nil, false // the key deeper in the statement: Set(k, prefix+newKey())
	}
	// The function keeps making its own key when handed none, also when
	// the loop is its only caller: the names the expression uses (its
	// imports, its parameters) stay used, and a caller added later that
	// hands "" still sends a key.
	indent := fixes.Indent(c.pass.Fset, src, stmt.Pos())
	text := fmt.Sprintf("if %[2]s == \"\" {\n%[1]s\t%[2]s = %[3]s\n%[1]s}\n%[1]s", indent, param, fixes.Text(c.pass.Fset, src, key))
	return []analysis.TextEdit{
		{Pos: key.Pos(), End: key.End(), NewText: []byte(param)},
		{Pos: stmt.Pos(), End: stmt.Pos(), NewText: []byte(text)},
	}, true
}

// isFreshCall reports whether e is a call that makes a new key: a call of
// a source of fresh values (see isFreshSource), or one made on the result
// of such a call (uuid.New().String()).
func (c *checker) isFreshCall(e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	found := false
	ast.Inspect(call, func(n ast.Node) bool {
		if ce, ok := n.(*ast.CallExpr); ok && c.isFreshSource(httpmodel.Callee(c.pass.TypesInfo, ce)) {
			found = true
		}
		return !found
	})
	return found
}

// link is one function of a chain of helpers that sends a write.
type link struct {
	decl   *ast.FuncDecl
	call   *ast.CallExpr   // its call on the chain
	others []*ast.CallExpr // its other calls in the package, to hand ""
	// twin is set when the function's signature must stay: the fix
	// renames the declaration to twin (which gets the key parameter) and
	// declares the function anew before it, with its name and signature,
	// calling twin with "" for the key. The chain's call calls twin;
	// every other use keeps the function, which sends as before:
	//
	//	func (s *Service) WriteBatch(ctx context.Context, b []byte) error {
	//		return s.writeBatch(ctx, b, "")
	//	}
	//
	//	func (s *Service) writeBatch(ctx context.Context, b []byte, idempotencyKey string) error {
	twin string
}

// maxChain bounds the helpers followed from a loop to the request.
const maxChain = 4

// helperChain follows the write sent by call through functions of this
// package, each calling the next, to the one that builds the request with
// http.NewRequest and sends it, or sends it with a URL send such as
// c.Post (inner). Every function of
// the chain must be called (never used as a value), not generic, not
// variadic and no method an interface of the package may require.
func (c *checker) helperChain(call *ast.CallExpr) (chain []link, inner send, ok bool) {
	info := c.pass.TypesInfo
	seen := map[*types.Func]bool{}
	for range maxChain {
		fn := httpmodel.Callee(info, call)
		if fn == nil || fn.Pkg() != c.pass.Pkg || seen[fn] || fn != fn.Origin() {
			return nil, send{}, false
		}
		seen[fn] = true
		sig := fn.Type().(*types.Signature)
		if sig.RecvTypeParams().Len() > 0 {
			return nil, send{}, false
		}
		fd := c.funcDecl(fn)
		if fd == nil || fd.Body == nil || fd.Type.TypeParams != nil {
			return nil, send{}, false
		}
		calls, only := c.callsInPackage(fn)
		if !slices.Contains(calls, call) {
			return nil, send{}, false
		}
		ln := link{decl: fd, call: call}
		if fn.Exported() || !only || (sig.Recv() != nil && c.interfaceHas(fn.Name())) {
			twin, ok := c.twinName(fn)
			if !ok {
				return nil, send{}, false
			}
			ln.twin = twin
		} else {
			for _, other := range calls {
				if other != call {
					ln.others = append(ln.others, other)
				}
			}
		}
		chain = append(chain, ln)
		// The function's own write, or the call that sends it.
		var next *ast.CallExpr
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			if _, lit := n.(*ast.FuncLit); lit {
				return false
			}
			if ce, ok := n.(*ast.CallExpr); ok && inner.call == nil && next == nil {
				w, ok := c.sendOf(fd, ce)
				switch {
				case !ok:
				case !w.anyMethod && isWrite(w.method) && w.build != nil && w.req != nil:
					inner = w
				case !w.anyMethod && isWrite(w.method) && w.req == nil && w.helper == nil && fixes.URLSendStmt(fd.Body, w.call) != nil:
					// c.Post(url, ...): rewritten into a request that
					// carries the key (see keyThroughHelper).
					inner = w
				case !w.anyMethod && (isWrite(w.method) || w.methodArg != nil) && w.helper != nil:
					next = ce
				case w.anyMethod && w.req != nil && c.sendsMethodArg(fn):
					// The request is built with the method the
					// function is handed: the key goes on it after
					// it is built.
					if values, _ := flow.Assigned(info, fd, w.req); len(values) > 0 {
						w.build = values[len(values)-1]
						inner = w
					}
				}
			}
			return inner.call == nil && next == nil
		})
		switch {
		case inner.call != nil:
			return chain, inner, true
		case next == nil:
			return nil, send{}, false
		}
		call = next
	}
	return nil, send{}, false
}

// funcDecl returns the declaration of the function fn of this package.
func (c *checker) funcDecl(fn *types.Func) *ast.FuncDecl {
	info := c.pass.TypesInfo
	for _, f := range c.pass.Files {
		for _, d := range f.Decls {
			if d, ok := d.(*ast.FuncDecl); ok && info.Defs[d.Name] == fn {
				return d
			}
		}
	}
	return nil
}

// callsInPackage returns the calls of fn in the package, and reports
// whether fn is used nowhere else (as a value, say).
func (c *checker) callsInPackage(fn *types.Func) ([]*ast.CallExpr, bool) {
	var calls []*ast.CallExpr
	for _, f := range c.calls.Funcs() {
		for _, call := range c.calls.Calls(f.Decl) {
			if call.Callee != nil && call.Callee.Origin() == fn {
				calls = append(calls, call.Expr)
			}
		}
	}
	uses := 0
	for _, obj := range c.pass.TypesInfo.Uses {
		if obj == fn {
			uses++
		}
	}
	return calls, len(calls) == uses
}

// sendsMethodArg reports whether fn sends a request with the method it is
// handed (see writeFact.MethodArg).
func (c *checker) sendsMethodArg(fn *types.Func) bool {
	w := c.writes.Lookup(fn)
	return w != nil && w.MethodArg > 0
}

// twinName returns the name of the unexported twin of fn (see link): fn's
// name with a lower-case first word when fn is exported, followed by
// "WithKey" when that is fn's own name or taken, numbered if need be. It
// must be free among the package's declarations and, for a method, among
// the fields and methods of its receiver type.
func (c *checker) twinName(fn *types.Func) (string, bool) {
	sig := fn.Type().(*types.Signature)
	free := func(name string) bool {
		if sig.Recv() != nil {
			obj, _, _ := types.LookupFieldOrMethod(sig.Recv().Type(), true, c.pass.Pkg, name)
			return obj == nil
		}
		if c.pass.Pkg.Scope().Lookup(name) != nil {
			return false
		}
		for _, f := range c.pass.Files {
			if s := c.pass.TypesInfo.Scopes[f]; s != nil && s.Lookup(name) != nil {
				return false // an import's name in a file
			}
		}
		return true
	}
	base := fn.Name()
	if fn.Exported() {
		base = lowerFirstWord(base)
	}
	if base != fn.Name() && free(base) {
		return base, true
	}
	for i := 1; i < 10; i++ {
		name := base + "WithKey"
		if i > 1 {
			name += strconv.Itoa(i)
		}
		if free(name) {
			return name, true
		}
	}
	return "", false
}

// lowerFirstWord lowers the first word of an exported name: WriteBatch
// becomes writeBatch, URLPost urlPost, ID id.
func lowerFirstWord(name string) string {
	r := []rune(name)
	n := 0
	for n < len(r) && unicode.IsUpper(r[n]) {
		n++
	}
	if n > 1 && n < len(r) && unicode.IsLower(r[n]) {
		n-- // the last capital starts the next word: URLPost
	}
	for i := range n {
		r[i] = unicode.ToLower(r[i])
	}
	return string(r)
}

// splitEdits returns the edits that split the function fd into itself
// and its twin (see link): the declaration renamed to twin, and the
// function declared anew before it (after its doc comment, which goes on
// describing it), calling twin with its own arguments and key. Every
// parameter and a method's receiver must be named, for the new function
// to hand them on.
func (c *checker) splitEdits(fd *ast.FuncDecl, twin, key string) ([]analysis.TextEdit, bool) {
	src := fixes.Source(c.pass, fd.Pos())
	if src == nil {
		return nil, false
	}
	var args []string
	for _, f := range fd.Type.Params.List {
		if len(f.Names) == 0 {
			return nil, false
		}
		for _, n := range f.Names {
			if n.Name == "_" {
				return nil, false
			}
			args = append(args, n.Name)
		}
	}
	if variadicParam(fd.Type) != nil {
		// The key goes before the variadic arguments, handed on.
		last := args[len(args)-1] + "..."
		args = append(args[:len(args)-1], key, last)
	} else {
		args = append(args, key)
	}
	callee := twin
	recv := ""
	if fd.Recv != nil {
		if len(fd.Recv.List) != 1 || len(fd.Recv.List[0].Names) != 1 || fd.Recv.List[0].Names[0].Name == "_" {
			return nil, false
		}
		recv = fixes.Text(c.pass.Fset, src, fd.Recv) + " "
		callee = fd.Recv.List[0].Names[0].Name + "." + twin
	}
	results := ""
	call := fmt.Sprintf("%s(%s)", callee, strings.Join(args, ", "))
	if fd.Type.Results != nil {
		results = " " + fixes.Text(c.pass.Fset, src, fd.Type.Results)
		call = "return " + call
	}
	decl := fmt.Sprintf("func %s%s%s%s {\n\t%s\n}\n\n", recv, fd.Name.Name, fixes.Text(c.pass.Fset, src, fd.Type.Params), results, call)
	return []analysis.TextEdit{
		{Pos: fd.Pos(), End: fd.Pos(), NewText: []byte(decl)},
		{Pos: fd.Name.Pos(), End: fd.Name.End(), NewText: []byte(twin)},
	}, true
}

// renameCall returns the edit that makes call call the function or method
// name instead.
func renameCall(call *ast.CallExpr, name string) (analysis.TextEdit, bool) {
	fun := ast.Unparen(call.Fun)
	if sel, ok := fun.(*ast.SelectorExpr); ok {
		fun = sel.Sel
	}
	id, ok := fun.(*ast.Ident)
	if !ok {
		return analysis.TextEdit{}, false
	}
	return analysis.TextEdit{Pos: id.Pos(), End: id.End(), NewText: []byte(name)}, true
}

// variadicParam returns the last parameter of ft when it is variadic, or
// nil.
func variadicParam(ft *ast.FuncType) *ast.Field {
	if ft.Params == nil || len(ft.Params.List) == 0 {
		return nil
	}
	last := ft.Params.List[len(ft.Params.List)-1]
	if _, ok := last.Type.(*ast.Ellipsis); ok {
		return last
	}
	return nil
}

// addArg returns the edit that adds arg to call as the argument of a new
// last parameter of the function ft declares, or, when ft is variadic, of
// a new parameter before its variadic one: before the variadic
// arguments, or the spread slice, that call passes.
func addArg(fset *token.FileSet, src []byte, call *ast.CallExpr, ft *ast.FuncType, arg string) (analysis.TextEdit, bool) {
	if variadicParam(ft) == nil {
		return appendArg(fset, src, call, arg)
	}
	fixed := ft.Params.NumFields() - 1
	switch {
	case len(call.Args) > fixed:
		at := call.Args[fixed].Pos()
		return analysis.TextEdit{Pos: at, End: at, NewText: []byte(arg + ", ")}, true
	case len(call.Args) == fixed && !call.Ellipsis.IsValid():
		return appendArg(fset, src, call, arg)
	}
	return analysis.TextEdit{}, false
}

// firstAttempt returns the statement right before the loop l that makes
// the loop's first attempt: it assigns the variables that the send s in
// the loop assigns, from a call written as s's is (resp, err :=
// c.Post(url, ...); for ... err != nil ... { resp, err = c.Post(url, ...)
// }), with the block that holds it; nil when there is none.
func (c *checker) firstAttempt(l *retryloop.Loop, s send, src []byte) (ast.Node, *ast.AssignStmt) {
	loopAs := fixes.URLSendStmt(l.Body, s.call)
	if loopAs == nil || l.Outer == nil {
		return nil, nil
	}
	_, body := flow.FuncParts(l.Func)
	block, list := fixes.BlockOf(body, l.Outer)
	i := slices.Index(list, ast.Stmt(l.Outer))
	if i < 1 {
		return nil, nil
	}
	as, ok := list[i-1].(*ast.AssignStmt)
	if !ok || len(as.Rhs) != 1 || len(as.Lhs) != len(loopAs.Lhs) {
		return nil, nil
	}
	call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
	if !ok || fixes.Text(c.pass.Fset, src, call) != fixes.Text(c.pass.Fset, src, s.call) {
		return nil, nil
	}
	info := c.pass.TypesInfo
	for i, lhs := range as.Lhs {
		a, aok := lhs.(*ast.Ident)
		b, bok := loopAs.Lhs[i].(*ast.Ident)
		if !aok || !bok || info.ObjectOf(a) == nil || info.ObjectOf(a) != info.ObjectOf(b) {
			return nil, nil
		}
	}
	return block, as
}
