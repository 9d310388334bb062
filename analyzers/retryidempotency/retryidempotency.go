package retryidempotency

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"net/http"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/config"
	"github.com/retrylint/retrylint/internal/fixes"
	"github.com/retrylint/retrylint/internal/flow"
	"github.com/retrylint/retrylint/internal/httpmodel"
	"github.com/retrylint/retrylint/internal/retryloop"
)

//go:embed doc.go
var doc string

// Config is the configuration of one instance of the analyzer.
type Config struct {
	// KeyHeaders are the request headers that carry an idempotency key.
	KeyHeaders []string
}

// DefaultConfig returns the configuration the analyzer runs with when no
// flag is given.
func DefaultConfig() Config {
	return Config{KeyHeaders: []string{"Idempotency-Key", "X-Idempotency-Key"}}
}

// Analyzer reports non-idempotent writes retried without an idempotency
// key, with the default configuration.
var Analyzer = New(DefaultConfig())

// New returns an analyzer with its own configuration and flags.
func New(cfg Config) *analysis.Analyzer {
	keys := config.HeaderList(slices.Clone(cfg.KeyHeaders))
	a := &analysis.Analyzer{
		Name:      "retryidempotency",
		Doc:       analysisutil.Doc(doc, "retryidempotency"),
		URL:       "https://pkg.go.dev/github.com/retrylint/retrylint/analyzers/retryidempotency",
		Requires:  []*analysis.Analyzer{retryloop.Analyzer},
		FactTypes: []analysis.Fact{new(writeFact), new(freshFact)},
		Run: analysisutil.Safe("retryidempotency", func(pass *analysis.Pass, at func(token.Pos)) (any, error) {
			return run(pass, keys, at)
		}),
	}
	a.Flags.Var(&keys, "key-headers", "comma-separated request headers that carry an idempotency key")
	return a
}

// writeFact marks a function that sends a POST or PATCH. Keyed reports
// whether it sets an idempotency key on it, Fresh whether that key is made
// inside the function (so every call sends a new one).
type writeFact struct {
	Method string
	Keyed  bool
	Fresh  bool
}

func (*writeFact) AFact() {}

func (f *writeFact) String() string {
	s := "write(" + f.Method
	if f.Keyed {
		s += " keyed"
	}
	if f.Fresh {
		s += " fresh"
	}
	return s + ")"
}

// freshFact marks a function whose result comes from a random, UUID or
// clock source: a new value on every call.
type freshFact struct{}

func (*freshFact) AFact()         {}
func (*freshFact) String() string { return "fresh" }

type checker struct {
	pass   *analysis.Pass
	keys   httpmodel.Names
	first  string // the first configured key header, for fixes
	loops  *retryloop.Result
	writes map[*types.Func]*writeFact
	fresh  map[*types.Func]bool
}

func run(pass *analysis.Pass, keys []string, at func(token.Pos)) (any, error) {
	loops := pass.ResultOf[retryloop.Analyzer].(*retryloop.Result)
	c := &checker{
		pass:   pass,
		keys:   httpmodel.NewNames(keys...),
		first:  http.CanonicalHeaderKey(keys[0]),
		loops:  loops,
		writes: map[*types.Func]*writeFact{},
		fresh:  map[*types.Func]bool{},
	}
	c.computeFacts(at)
	if !httpmodel.ImportsHTTP(pass.Pkg) {
		return nil, nil // fresh-value facts only
	}
	for _, l := range loops.Loops {
		at(l.Stmt.Pos())
		c.checkLoop(l)
	}
	return nil, nil
}

// ---- sources of fresh values ----

// isFreshSource reports whether a call to fn returns a new value each time:
// crypto/rand and math/rand functions, time.Now, UUID constructors of the
// common UUID packages, or a function with a freshFact.
func (c *checker) isFreshSource(fn *types.Func) bool {
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	switch path := fn.Pkg().Path(); {
	case path == "crypto/rand", path == "math/rand", path == "math/rand/v2":
		return true
	case path == "time":
		return fn.Name() == "Now"
	case strings.HasSuffix(path, "/uuid") || strings.HasSuffix(path, "/ulid") || strings.HasSuffix(path, "/xid") || strings.HasSuffix(path, "/ksuid"):
		return strings.HasPrefix(fn.Name(), "New") || strings.HasPrefix(fn.Name(), "Must") || fn.Name() == "Make"
	}
	if c.fresh[fn.Origin()] {
		return true
	}
	return fn.Pkg() != c.pass.Pkg && c.pass.ImportObjectFact(fn.Origin(), new(freshFact))
}

// freshFlow follows values derived from fresh sources; within reports
// whether a source call counts (for example only calls inside a loop).
func (c *checker) freshFlow(ft *ast.FuncType, body *ast.BlockStmt, within func(ast.Node) bool) *flow.Func {
	info := c.pass.TypesInfo
	return flow.Analyze(flow.Config{
		Info: info,
		Source: func(e ast.Expr) flow.Bits {
			call, ok := e.(*ast.CallExpr)
			if ok && within(call) && c.isFreshSource(httpmodel.Callee(info, call)) {
				return flow.Source
			}
			return 0
		},
		Call: func(call *ast.CallExpr, fn *types.Func, recv flow.Bits, args []flow.Bits) ([]flow.Bits, bool) {
			// Anything computed from a fresh value (formatting, hashing,
			// a method of the value) is fresh too.
			var all flow.Bits
			for _, a := range args {
				all |= a
			}
			n := 1
			if sig, ok := fn.Type().(*types.Signature); ok {
				n = max(sig.Results().Len(), 1)
			}
			out := make([]flow.Bits, n)
			out[0] = all | recv
			return out, true
		},
	}, ft, body)
}

// ---- facts ----

// callsFresh reports whether body calls a fresh source: the cheap test
// before following values through it.
func (c *checker) callsFresh(body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && c.isFreshSource(httpmodel.Callee(c.pass.TypesInfo, call)) {
			found = true
		}
		return !found
	})
	return found
}

func (c *checker) computeFacts(at func(token.Pos)) {
	var decls []*ast.FuncDecl
	for _, file := range c.pass.Files {
		for _, d := range file.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				decls = append(decls, fd)
			}
		}
	}
	for changed := true; changed; {
		changed = false
		for _, fd := range decls {
			fn, _ := c.pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if fn == nil {
				continue
			}
			at(fd.Pos())
			if !c.fresh[fn] && fd.Type.Results != nil && fd.Type.Results.NumFields() > 0 && c.callsFresh(fd.Body) {
				f := c.freshFlow(fd.Type, fd.Body, func(ast.Node) bool { return true })
				if r := f.Results(); len(r) > 0 && r[0]&flow.Source != 0 {
					c.fresh[fn] = true
					changed = true
				}
			}
			if _, ok := c.writes[fn]; !ok && c.loops.Sends(fn) {
				if w := c.writeOf(fd); w != nil {
					c.writes[fn] = w
					changed = true
				}
			}
		}
	}
	for fn := range c.fresh {
		if fn.Exported() {
			c.pass.ExportObjectFact(fn, new(freshFact))
		}
	}
	for fn, w := range c.writes {
		if fn.Exported() {
			c.pass.ExportObjectFact(fn, w)
		}
	}
}

// writeOf summarises a function that sends a POST or PATCH outside loops
// of its own (a function that retries inside is judged there).
func (c *checker) writeOf(fd *ast.FuncDecl) *writeFact {
	var w *writeFact
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit, *ast.ForStmt, *ast.RangeStmt:
			return false
		case *ast.CallExpr:
			if w != nil {
				return false
			}
			if s, ok := c.sendOf(fd, n); ok && isWrite(s.method) {
				w = &writeFact{Method: s.method}
				if s.keyed != nil {
					w.Keyed = true
					f := c.freshFlow(fd.Type, fd.Body, func(ast.Node) bool { return true })
					w.Fresh = f.Expr(s.keyed)&flow.Source != 0
				} else if s.helper != nil {
					w.Keyed, w.Fresh = s.helper.Keyed, s.helper.Fresh
				}
			}
		}
		return true
	})
	return w
}

func isWrite(method string) bool {
	return method == http.MethodPost || method == http.MethodPatch
}

// ---- sends and their methods ----

// A send is a call that sends a request with a known method.
type send struct {
	call   *ast.CallExpr
	method string
	// req is the request variable of Do and RoundTrip, nil for the
	// URL-taking shapes and for helpers.
	req *types.Var
	// build is the http.NewRequest call that made req, when there is one.
	build *ast.CallExpr
	// keyed is the value of the idempotency key set on the request, nil
	// when none is set.
	keyed ast.Expr
	// helper is the fact of a function that sends the write.
	helper *writeFact
}

// sendOf recognises a call in fn that sends a request whose method is
// known: a send of net/http, or a call to a function with a writeFact.
func (c *checker) sendOf(fn ast.Node, call *ast.CallExpr) (send, bool) {
	info := c.pass.TypesInfo
	s, ok := httpmodel.SendOf(info, call)
	if !ok {
		f := httpmodel.Callee(info, call)
		if f == nil {
			return send{}, false
		}
		w := c.writes[f.Origin()]
		if w == nil && f.Pkg() != c.pass.Pkg {
			var imported writeFact
			if c.pass.ImportObjectFact(f.Origin(), &imported) {
				w = &imported
			}
		}
		if w == nil {
			return send{}, false
		}
		return send{call: call, method: w.Method, helper: w}, true
	}
	out := send{call: call, method: s.Method}
	if s.Request == nil {
		return out, s.Method != ""
	}
	id, ok := ast.Unparen(s.Request).(*ast.Ident)
	if !ok {
		return send{}, false
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok {
		return send{}, false
	}
	out.req = v
	// The request's method: every assignment to it must be a
	// NewRequest with a constant method (or a method variable assigned
	// only constants), all the same.
	for _, val := range assigned(info, fn, v) {
		b, ok := ast.Unparen(val).(*ast.CallExpr)
		if !ok {
			return send{}, false
		}
		m, known, isNew := httpmodel.NewRequestMethod(info, b)
		if !isNew {
			return send{}, false
		}
		if !known {
			m, known = c.methodVar(fn, b)
		}
		if !known || (out.method != "" && out.method != m) {
			return send{}, false
		}
		out.method, out.build = m, b
	}
	if out.method == "" {
		return send{}, false
	}
	out.keyed = c.keyValue(fn, v)
	return out, true
}

// methodVar resolves the method argument of a NewRequest call that is a
// local variable assigned only one constant.
func (c *checker) methodVar(fn ast.Node, build *ast.CallExpr) (string, bool) {
	info := c.pass.TypesInfo
	arg := build.Args[0]
	if f := httpmodel.Callee(info, build); httpmodel.IsPkgFunc(f, "net/http", "NewRequestWithContext") {
		arg = build.Args[1]
	}
	id, ok := ast.Unparen(arg).(*ast.Ident)
	if !ok {
		return "", false
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok || v.Parent() == v.Pkg().Scope() {
		return "", false
	}
	m := ""
	vals := assigned(info, fn, v)
	if len(vals) == 0 {
		return "", false
	}
	for _, val := range vals {
		s, ok := httpmodel.ConstString(info, val)
		if !ok || (m != "" && s != m) {
			return "", false
		}
		m = s
	}
	return m, true
}

// assigned returns the values assigned to v in fn, a nil entry for one
// that is not a single expression; a variable whose address is taken or
// that is a parameter has no knowable values.
func assigned(info *types.Info, fn ast.Node, v *types.Var) []ast.Expr {
	var out []ast.Expr
	is := func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		return ok && info.ObjectOf(id) == v
	}
	escaped := false
	ast.Inspect(fn, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				if !is(l) {
					continue
				}
				switch {
				case len(n.Lhs) == len(n.Rhs) && n.Tok != token.ASSIGN && n.Tok != token.DEFINE:
					escaped = true
				case len(n.Lhs) == len(n.Rhs):
					out = append(out, n.Rhs[i])
				case len(n.Rhs) == 1 && i == 0:
					out = append(out, n.Rhs[0])
				default:
					escaped = true
				}
			}
		case *ast.ValueSpec:
			for i, name := range n.Names {
				if info.Defs[name] != v {
					continue
				}
				if len(n.Values) == len(n.Names) {
					out = append(out, n.Values[i])
				} else if len(n.Values) == 1 && i == 0 {
					out = append(out, n.Values[0])
				} else {
					escaped = true
				}
			}
		case *ast.UnaryExpr:
			if n.Op == token.AND && is(n.X) {
				escaped = true
			}
		}
		return true
	})
	if escaped || slices.Contains(out, nil) {
		return nil
	}
	return out
}

// keyValue returns the value of the idempotency key set on the request v
// in fn (req.Header.Set(name, value), Add, or req.Header[name] = []string{value}),
// or nil when none is.
func (c *checker) keyValue(fn ast.Node, v *types.Var) ast.Expr {
	info := c.pass.TypesInfo
	var val ast.Expr
	isReqHeader := func(e ast.Expr) bool {
		sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "Header" {
			return false
		}
		id, ok := ast.Unparen(sel.X).(*ast.Ident)
		return ok && info.Uses[id] == v
	}
	ast.Inspect(fn, func(n ast.Node) bool {
		if val != nil {
			return false
		}
		switch n := n.(type) {
		case *ast.CallExpr:
			if a, ok := httpmodel.HeaderCall(info, n); ok && (a.Op == httpmodel.HeaderSet || a.Op == httpmodel.HeaderAdd) && c.keys.Has(a.Name) && isReqHeader(a.Header) {
				val = a.Value
			}
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				ix, ok := l.(*ast.IndexExpr)
				if !ok || i >= len(n.Rhs) {
					continue
				}
				if a, ok := httpmodel.HeaderIndexExpr(info, ix); ok && c.keys.Has(a.Name) && isReqHeader(a.Header) {
					val = n.Rhs[i]
				}
			}
		}
		return true
	})
	return val
}

// ---- the loop ----

func (c *checker) checkLoop(l *retryloop.Loop) {
	file := fixes.FileOf(c.pass, l.Stmt.Pos())
	if file == nil {
		return
	}
	for _, call := range l.Sends {
		s, ok := c.sendOf(l.Func, call)
		if !ok || !isWrite(s.method) {
			continue
		}
		outcome, ok := c.retriesUnknown(l, s)
		if !ok {
			continue
		}
		var fresh ast.Expr
		switch {
		case s.helper != nil && s.helper.Keyed:
			// A helper that sets the key itself: a key it makes afresh
			// on every call cannot be moved from here, so there would be
			// no fix to offer; say nothing.
			continue
		case s.keyed != nil:
			within := func(n ast.Node) bool { return l.Body.Pos() <= n.Pos() && n.End() <= l.Body.End() }
			f := c.freshFlow(funcType(l.Func), funcBody(l.Func), within)
			if f.Expr(s.keyed)&flow.Source == 0 {
				continue // one key for every attempt
			}
			fresh = s.keyed
		}
		if fresh != nil {
			c.reportFresh(file, l, s, fresh, outcome)
		} else {
			c.reportMissing(file, l, s, outcome)
		}
		return
	}
}

func funcType(n ast.Node) *ast.FuncType {
	switch n := n.(type) {
	case *ast.FuncDecl:
		return n.Type
	case *ast.FuncLit:
		return n.Type
	}
	return nil
}

func funcBody(n ast.Node) *ast.BlockStmt {
	switch n := n.(type) {
	case *ast.FuncDecl:
		return n.Body
	case *ast.FuncLit:
		return n.Body
	}
	return nil
}

// ---- outcomes ----

// unknownStatuses are statuses that do not prove that the server declined
// the write; 408, 425, 429 and 503 do.
var unknownStatuses = []int{200, 201, 202, 204, 400, 401, 403, 404, 409, 422, 500, 502, 504}

// retriesUnknown reports whether the loop can start another attempt after
// the send s ends in an unknown outcome, and names that outcome.
func (c *checker) retriesUnknown(l *retryloop.Loop, s send) (string, bool) {
	sim, ok := c.newSim(l, s)
	if !ok {
		return "", false
	}
	if sim.run(outcomeEnv{transport: true})&next != 0 {
		return "a transport error", true
	}
	if sim.resp == nil && sim.statusVars == nil {
		// A helper: its error may stand for any outcome.
		return "", false
	}
	for _, st := range unknownStatuses {
		if sim.run(outcomeEnv{status: st})&next != 0 {
			return fmt.Sprintf("status %d", st), true
		}
	}
	return "", false
}

type outcomeEnv struct {
	transport bool
	status    int
}

// Results of running statements: a set of ways out.
type exits uint8

const (
	fallsThrough exits = 1 << iota // on to the next statement
	next                           // the next iteration of the loop
	leaves                         // return, break out of the loop, panic
	breaksSwitch                   // break out of an enclosing switch or select
)

type sim struct {
	c          *checker
	l          *retryloop.Loop
	label      types.Object
	rest       []ast.Stmt // the loop body's statements from the send on
	errVar     *types.Var
	resp       *types.Var
	statusVars map[*types.Var]bool
	env        outcomeEnv
}

// newSim prepares the simulation of the loop body after the send: the send
// must be a statement of the body itself (an assignment of its results or
// the init of an if statement).
func (c *checker) newSim(l *retryloop.Loop, s send) (*sim, bool) {
	info := c.pass.TypesInfo
	sm := &sim{c: c, l: l, statusVars: map[*types.Var]bool{}}
	for i, st := range l.Body.List {
		if !(st.Pos() <= s.call.Pos() && s.call.End() <= st.End()) {
			continue
		}
		var as *ast.AssignStmt
		switch st := st.(type) {
		case *ast.AssignStmt:
			as = st
			sm.rest = l.Body.List[i+1:]
		case *ast.IfStmt:
			as, _ = st.Init.(*ast.AssignStmt)
			sm.rest = l.Body.List[i:]
		}
		if as == nil || len(as.Rhs) != 1 || ast.Unparen(as.Rhs[0]) != s.call {
			return nil, false
		}
		varOf := func(e ast.Expr) *types.Var {
			id, ok := e.(*ast.Ident)
			if !ok || id.Name == "_" {
				return nil
			}
			v, _ := info.ObjectOf(id).(*types.Var)
			return v
		}
		switch {
		case s.helper == nil && len(as.Lhs) == 2:
			sm.resp, sm.errVar = varOf(as.Lhs[0]), varOf(as.Lhs[1])
		case s.helper != nil && len(as.Lhs) >= 1:
			sm.errVar = varOf(as.Lhs[len(as.Lhs)-1])
			sm.statusVars = nil
		default:
			return nil, false
		}
		if sm.errVar == nil || !types.Identical(sm.errVar.Type(), types.Universe.Lookup("error").Type()) {
			return nil, false
		}
		if ls, ok := c.labelOf(l); ok {
			sm.label = ls
		}
		return sm, true
	}
	return nil, false
}

// labelOf returns the label of the loop statement, if any.
func (c *checker) labelOf(l *retryloop.Loop) (types.Object, bool) {
	var label types.Object
	ast.Inspect(l.Func, func(n ast.Node) bool {
		if ls, ok := n.(*ast.LabeledStmt); ok && ls.Stmt == l.Stmt {
			label = c.pass.TypesInfo.Defs[ls.Label]
		}
		return label == nil
	})
	return label, label != nil
}

func (sm *sim) run(env outcomeEnv) exits {
	sm.env = env
	out := sm.stmts(sm.rest, false)
	if out&fallsThrough != 0 {
		out = out&^fallsThrough | next
	}
	return out
}

// stmts runs a statement list; inSwitch says whether a bare break leaves a
// switch or select rather than the loop.
func (sm *sim) stmts(list []ast.Stmt, inSwitch bool) exits {
	var out exits
	for _, st := range list {
		e := sm.stmt(st, inSwitch)
		out |= e &^ fallsThrough
		if e&fallsThrough == 0 {
			return out
		}
	}
	return out | fallsThrough
}

func (sm *sim) stmt(st ast.Stmt, inSwitch bool) exits {
	info := sm.c.pass.TypesInfo
	switch st := st.(type) {
	case *ast.ReturnStmt:
		return leaves
	case *ast.BranchStmt:
		switch st.Tok {
		case token.CONTINUE:
			if st.Label == nil || info.Uses[st.Label] == sm.label {
				return next
			}
			return leaves
		case token.BREAK:
			if st.Label == nil && inSwitch {
				return breaksSwitch
			}
			return leaves
		case token.GOTO:
			return leaves
		}
		return fallsThrough
	case *ast.BlockStmt:
		return sm.stmts(st.List, inSwitch)
	case *ast.LabeledStmt:
		return sm.stmt(st.Stmt, inSwitch)
	case *ast.ExprStmt:
		if call, ok := st.X.(*ast.CallExpr); ok && sm.noReturn(call) {
			return leaves
		}
		return fallsThrough
	case *ast.AssignStmt:
		// code := resp.StatusCode
		if len(st.Lhs) == 1 && len(st.Rhs) == 1 && sm.statusVars != nil && sm.isStatus(st.Rhs[0]) {
			if id, ok := st.Lhs[0].(*ast.Ident); ok {
				if v, ok := info.ObjectOf(id).(*types.Var); ok {
					sm.statusVars[v] = true
				}
			}
		}
		return fallsThrough
	case *ast.IfStmt:
		var out exits
		if st.Init != nil {
			out |= sm.stmt(st.Init, inSwitch) &^ fallsThrough
		}
		var then, els exits
		switch sm.cond(st.Cond) {
		case yes:
			then = sm.stmts(st.Body.List, inSwitch)
		case no:
			els = sm.elseOf(st, inSwitch)
		default:
			then = sm.stmts(st.Body.List, inSwitch)
			els = sm.elseOf(st, inSwitch)
		}
		return out | then | els
	case *ast.SwitchStmt:
		return sm.switchStmt(st)
	case *ast.ForStmt, *ast.RangeStmt, *ast.SelectStmt, *ast.TypeSwitchStmt:
		// Opaque: it may return or leave our loop, or go on.
		out := fallsThrough
		ast.Inspect(st, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.ReturnStmt:
				out |= leaves
			case *ast.BranchStmt:
				if n.Label != nil {
					if info.Uses[n.Label] == sm.label && n.Tok == token.CONTINUE {
						out |= next
					} else {
						out |= leaves
					}
				}
			}
			return true
		})
		return out
	}
	return fallsThrough
}

func (sm *sim) elseOf(st *ast.IfStmt, inSwitch bool) exits {
	if st.Else == nil {
		return fallsThrough
	}
	return sm.stmt(st.Else, inSwitch)
}

func (sm *sim) switchStmt(st *ast.SwitchStmt) exits {
	var out exits
	if st.Init != nil {
		out |= sm.stmt(st.Init, false) &^ fallsThrough
	}
	var bodies [][]ast.Stmt
	var dflt []ast.Stmt
	hasDefault, matched := false, false
	for _, cc := range st.Body.List {
		clause := cc.(*ast.CaseClause)
		if clause.List == nil {
			hasDefault, dflt = true, clause.Body
			continue
		}
		v := no
		for _, e := range clause.List {
			var t tri
			if st.Tag != nil {
				t = sm.compare(st.Tag, token.EQL, e)
			} else {
				t = sm.cond(e)
			}
			v = v.or(t)
		}
		if v == yes {
			bodies = append(bodies, clause.Body)
			matched = true
			break
		}
		if v == maybe {
			bodies = append(bodies, clause.Body)
		}
	}
	if !matched {
		if hasDefault {
			bodies = append(bodies, dflt)
		} else {
			out |= fallsThrough
		}
	}
	for _, b := range bodies {
		e := sm.stmts(b, true)
		if e&breaksSwitch != 0 {
			e = e&^breaksSwitch | fallsThrough
		}
		out |= e
	}
	return out
}

// noReturn reports whether a call never returns: panic, log.Fatal*,
// os.Exit, runtime.Goexit.
func (sm *sim) noReturn(call *ast.CallExpr) bool {
	info := sm.c.pass.TypesInfo
	if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
		if b, ok := info.Uses[id].(*types.Builtin); ok && b.Name() == "panic" {
			return true
		}
	}
	f := httpmodel.Callee(info, call)
	return httpmodel.IsPkgFunc(f, "log", "Fatal", "Fatalf", "Fatalln", "Panic", "Panicf", "Panicln") ||
		httpmodel.IsMethod(f, "log", "Logger", "Fatal", "Fatalf", "Fatalln", "Panic", "Panicf", "Panicln") ||
		httpmodel.IsPkgFunc(f, "os", "Exit") || httpmodel.IsPkgFunc(f, "runtime", "Goexit")
}

type tri int

const (
	maybe tri = iota
	yes
	no
)

func (t tri) not() tri {
	switch t {
	case yes:
		return no
	case no:
		return yes
	}
	return maybe
}

func (t tri) or(u tri) tri {
	switch {
	case t == yes || u == yes:
		return yes
	case t == no && u == no:
		return no
	}
	return maybe
}

func (t tri) and(u tri) tri {
	switch {
	case t == no || u == no:
		return no
	case t == yes && u == yes:
		return yes
	}
	return maybe
}

func (sm *sim) isVar(e ast.Expr, v *types.Var) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && v != nil && sm.c.pass.TypesInfo.Uses[id] == v
}

// isStatus reports whether e is resp.StatusCode or a variable holding it.
func (sm *sim) isStatus(e ast.Expr) bool {
	e = ast.Unparen(e)
	if sel, ok := e.(*ast.SelectorExpr); ok && sel.Sel.Name == "StatusCode" && sm.isVar(sel.X, sm.resp) {
		return true
	}
	if id, ok := e.(*ast.Ident); ok {
		if v, ok := sm.c.pass.TypesInfo.Uses[id].(*types.Var); ok && sm.statusVars[v] {
			return true
		}
	}
	return false
}

// value evaluates an integer expression over the status.
func (sm *sim) value(e ast.Expr) (int64, bool) {
	info := sm.c.pass.TypesInfo
	e = ast.Unparen(e)
	if tv := info.Types[e]; tv.Value != nil {
		v, exact := constant.Int64Val(constant.ToInt(tv.Value))
		return v, exact
	}
	if sm.isStatus(e) {
		if sm.env.transport {
			return 0, false
		}
		return int64(sm.env.status), true
	}
	if b, ok := e.(*ast.BinaryExpr); ok {
		x, ok1 := sm.value(b.X)
		y, ok2 := sm.value(b.Y)
		if !ok1 || !ok2 {
			return 0, false
		}
		switch b.Op {
		case token.ADD:
			return x + y, true
		case token.SUB:
			return x - y, true
		case token.MUL:
			return x * y, true
		case token.QUO:
			if y != 0 {
				return x / y, true
			}
		case token.REM:
			if y != 0 {
				return x % y, true
			}
		}
	}
	return 0, false
}

func (sm *sim) compare(x ast.Expr, op token.Token, y ast.Expr) tri {
	// err and resp against nil.
	nilness := func(a, b ast.Expr) (tri, bool) {
		if tv := sm.c.pass.TypesInfo.Types[b]; !tv.IsNil() {
			return maybe, false
		}
		switch {
		case sm.isVar(a, sm.errVar):
			if sm.env.transport {
				return no, true // err == nil is false
			}
			if sm.resp == nil {
				return maybe, true
			}
			return yes, true
		case sm.isVar(a, sm.resp):
			if sm.env.transport {
				return yes, true
			}
			return no, true
		}
		return maybe, false
	}
	if op == token.EQL || op == token.NEQ {
		t, ok := nilness(x, y)
		if !ok {
			t, ok = nilness(y, x)
		}
		if ok {
			if op == token.NEQ {
				return t.not()
			}
			return t
		}
	}
	a, ok1 := sm.value(x)
	b, ok2 := sm.value(y)
	if !ok1 || !ok2 {
		return maybe
	}
	var r bool
	switch op {
	case token.EQL:
		r = a == b
	case token.NEQ:
		r = a != b
	case token.LSS:
		r = a < b
	case token.LEQ:
		r = a <= b
	case token.GTR:
		r = a > b
	case token.GEQ:
		r = a >= b
	default:
		return maybe
	}
	if r {
		return yes
	}
	return no
}

// cond evaluates a condition under the environment.
func (sm *sim) cond(e ast.Expr) tri {
	switch e := ast.Unparen(e).(type) {
	case *ast.UnaryExpr:
		if e.Op == token.NOT {
			return sm.cond(e.X).not()
		}
	case *ast.BinaryExpr:
		switch e.Op {
		case token.LAND:
			return sm.cond(e.X).and(sm.cond(e.Y))
		case token.LOR:
			return sm.cond(e.X).or(sm.cond(e.Y))
		case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
			return sm.compare(e.X, e.Op, e.Y)
		}
	}
	return maybe
}

// ---- reports and fixes ----

func message(s send, outcome string, what string) string {
	return fmt.Sprintf("%s is retried after %s %s (the write may be applied twice)", s.method, outcome, what)
}

// loopInsertion returns where statements before the loop go (the start of
// the line of the loop or of its label) and the loop's indentation.
func (c *checker) loopInsertion(l *retryloop.Loop, src []byte) (ast.Stmt, token.Pos, string, bool) {
	var start ast.Stmt
	ast.PreorderStack(l.Func, nil, func(n ast.Node, stack []ast.Node) bool {
		if start != nil {
			return false
		}
		if n == l.Stmt {
			start, _ = fixes.StmtInBlock(append(stack, n))
			return false
		}
		return true
	})
	if start == nil {
		return nil, token.NoPos, "", false
	}
	tf := c.pass.Fset.File(start.Pos())
	return start, tf.LineStart(tf.Line(start.Pos())), fixes.Indent(c.pass.Fset, src, l.Stmt.Pos()), true
}

// keyGen returns the statements that make one key, and their imports.
func (c *checker) keyGen(file *ast.File, at token.Pos, name, indent string) (string, []analysis.TextEdit, bool) {
	info := c.pass.TypesInfo
	randName, edits, ok := fixes.Import(info, c.pass.Pkg, file, "crypto/rand", at)
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
	info := c.pass.TypesInfo
	src := fixes.Source(c.pass, l.Stmt.Pos())
	if src == nil || s.helper != nil {
		return
	}
	start, at, indent, ok := c.loopInsertion(l, src)
	if !ok {
		return
	}
	taken := map[string]bool{}
	key := fixes.FreeName(info, file, "idempotencyKey", taken, start.Pos(), l.Body.End()-1)
	gen, edits, ok := c.keyGen(file, start.Pos(), key, indent)
	if !ok {
		return
	}
	var more []analysis.TextEdit
	if s.req != nil {
		more, ok = c.setOnRequest(file, l, s, key, gen, at, src)
	} else {
		more, ok = c.rewriteURLSend(file, l, s, key, taken, src)
		more = append(more, analysis.TextEdit{Pos: at, End: at, NewText: []byte(gen)})
	}
	if !ok {
		return
	}
	edits = append(edits, more...)
	c.pass.Report(analysis.Diagnostic{
		Pos:     s.call.Pos(),
		End:     s.call.End(),
		Message: message(s, outcome, "without an idempotency key"),
		SuggestedFixes: []analysis.SuggestedFix{{
			Message:   "Send one " + c.first + " on every attempt",
			TextEdits: edits,
		}},
	})
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
	var stack []ast.Node
	ast.PreorderStack(l.Body, nil, func(n ast.Node, st []ast.Node) bool {
		if n == s.build {
			stack = append(slices.Clone(st), n)
		}
		return stack == nil
	})
	stmt, i := fixes.StmtInBlock(stack)
	if stmt == nil {
		return nil, false
	}
	after := ast.Node(stmt)
	// Skip the error check of the build, so the header goes on a request
	// that exists.
	list := blockOf(stack[i-1])
	if j := slices.Index(list, stmt); j >= 0 && j+1 < len(list) {
		if ifs, ok := list[j+1].(*ast.IfStmt); ok && mentionsErr(c.pass.TypesInfo, ifs.Cond, stmt) {
			after = ifs
		}
	}
	indent := fixes.Indent(c.pass.Fset, src, stmt.Pos())
	eol := fixes.LineEnd(c.pass.Fset, src, after.End())
	edits := []analysis.TextEdit{
		{Pos: at, End: at, NewText: []byte(gen)},
		{Pos: eol, End: eol, NewText: []byte("\n" + indent + set)},
	}
	return edits, true
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
func (c *checker) rewriteURLSend(file *ast.File, l *retryloop.Loop, s send, key string, taken map[string]bool, src []byte) ([]analysis.TextEdit, bool) {
	info := c.pass.TypesInfo
	fn := httpmodel.Callee(info, s.call)
	var stack []ast.Node
	ast.PreorderStack(l.Body, nil, func(n ast.Node, st []ast.Node) bool {
		if n == s.call {
			stack = append(slices.Clone(st), n)
		}
		return stack == nil
	})
	stmt, _ := fixes.StmtInBlock(stack)
	as, ok := stmt.(*ast.AssignStmt)
	if !ok || len(as.Lhs) != 2 || len(as.Rhs) != 1 || ast.Unparen(as.Rhs[0]) != s.call {
		return nil, false
	}
	respID, ok1 := as.Lhs[0].(*ast.Ident)
	errID, ok2 := as.Lhs[1].(*ast.Ident)
	if !ok1 || !ok2 || errID.Name == "_" {
		return nil, false
	}
	httpName, edits, ok := fixes.Import(info, c.pass.Pkg, file, "net/http", as.Pos())
	if !ok {
		return nil, false
	}
	recv, args := httpmodel.Receiver(info, s.call)
	client := httpName + ".DefaultClient"
	if recv != nil {
		if !fixes.Pure(info, recv) {
			return nil, false
		}
		client = fixes.Text(c.pass.Fset, src, recv)
	}
	var body, contentType string
	switch fn.Name() {
	case "Post":
		if len(args) != 3 {
			return nil, false
		}
		contentType, body = fixes.Text(c.pass.Fset, src, args[1]), fixes.Text(c.pass.Fset, src, args[2])
	case "PostForm":
		if len(args) != 2 {
			return nil, false
		}
		stringsName, imp, ok := fixes.Import(info, c.pass.Pkg, file, "strings", as.Pos())
		if !ok {
			return nil, false
		}
		edits = append(edits, imp...)
		contentType = `"application/x-www-form-urlencoded"`
		data := fixes.Text(c.pass.Fset, src, args[1])
		if _, isIdent := ast.Unparen(args[1]).(*ast.Ident); !isIdent {
			data = "(" + data + ")"
		}
		body = fmt.Sprintf("%s.NewReader(%s.Encode())", stringsName, data)
	default:
		return nil, false
	}
	url := fixes.Text(c.pass.Fset, src, args[0])
	req := fixes.FreeName(info, file, "req", taken, as.Pos())
	in := fixes.Indent(c.pass.Fset, src, as.Pos())
	var b strings.Builder
	newReq := fmt.Sprintf("%s.NewRequest(%s.MethodPost, %s, %s)", httpName, httpName, url, body)
	if as.Tok == token.DEFINE {
		fmt.Fprintf(&b, "%s, %s := %s\n", req, errID.Name, newReq)
		if respID.Name != "_" && info.Defs[respID] != nil {
			fmt.Fprintf(&b, "%svar %s *%s.Response\n", in, respID.Name, httpName)
		}
	} else {
		fmt.Fprintf(&b, "var %s *%s.Request\n", req, httpName)
		fmt.Fprintf(&b, "%s%s, %s = %s\n", in, req, errID.Name, newReq)
	}
	fmt.Fprintf(&b, "%sif %s == nil {\n", in, errID.Name)
	fmt.Fprintf(&b, "%s\t%s.Header.Set(\"Content-Type\", %s)\n", in, req, contentType)
	fmt.Fprintf(&b, "%s\t%s.Header.Set(%q, %s)\n", in, req, c.first, key)
	fmt.Fprintf(&b, "%s\t%s, %s = %s.Do(%s)\n", in, respID.Name, errID.Name, client, req)
	fmt.Fprintf(&b, "%s}", in)
	edits = append(edits, analysis.TextEdit{Pos: as.Pos(), End: as.End(), NewText: []byte(b.String())})
	return edits, true
}

// reportFresh reports a key made anew on each attempt, with a fix that
// makes it once before the loop.
func (c *checker) reportFresh(file *ast.File, l *retryloop.Loop, s send, value ast.Expr, outcome string) {
	info := c.pass.TypesInfo
	src := fixes.Source(c.pass, l.Stmt.Pos())
	if src == nil {
		return
	}
	start, at, indent, ok := c.loopInsertion(l, src)
	if !ok {
		return
	}
	var edits []analysis.TextEdit
	// key := uuid.NewString() inside the loop: move that statement.
	if id, isIdent := ast.Unparen(value).(*ast.Ident); isIdent {
		v, _ := info.Uses[id].(*types.Var)
		def := c.defInLoop(l, v)
		if def == nil || !fixes.VisibleAt(info, file, def.Rhs[0], start.Pos()) ||
			fixes.FreeName(info, file, v.Name(), nil, start.Pos()) != v.Name() {
			return
		}
		del, ok := fixes.LineDelete(c.pass.Fset, src, def)
		if !ok {
			return
		}
		edits = append(edits, del, analysis.TextEdit{Pos: at, End: at, NewText: []byte(indent + fixes.Text(c.pass.Fset, src, def) + "\n")})
	} else {
		if !fixes.VisibleAt(info, file, value, start.Pos()) {
			return
		}
		key := fixes.FreeName(info, file, "idempotencyKey", nil, start.Pos(), l.Body.End()-1)
		edits = append(edits,
			analysis.TextEdit{Pos: at, End: at, NewText: []byte(fmt.Sprintf("%s%s := %s\n", indent, key, fixes.Text(c.pass.Fset, src, value)))},
			analysis.TextEdit{Pos: value.Pos(), End: value.End(), NewText: []byte(key)})
	}
	c.pass.Report(analysis.Diagnostic{
		Pos:     value.Pos(),
		End:     value.End(),
		Message: message(s, outcome, "with an idempotency key made anew for each attempt, which defeats deduplication"),
		SuggestedFixes: []analysis.SuggestedFix{{
			Message:   "Make the " + c.first + " once, before the loop",
			TextEdits: edits,
		}},
	})
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
