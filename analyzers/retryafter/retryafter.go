package retryafter

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/callindex"
	"github.com/retrylint/retrylint/internal/config"
	"github.com/retrylint/retrylint/internal/fixes"
	"github.com/retrylint/retrylint/internal/flow"
	"github.com/retrylint/retrylint/internal/httpmodel"
)

//go:embed doc.go
var doc string

// Config is the configuration of one instance of the analyzer.
type Config struct {
	// Headers are the response headers with Retry-After semantics.
	Headers []string
}

// DefaultConfig returns the configuration the analyzer runs with when no
// flag is given.
func DefaultConfig() Config {
	return Config{Headers: []string{"Retry-After"}}
}

// Analyzer reports Retry-After waits that are shortened, misparsed or
// dropped, with the default configuration.
var Analyzer = New(DefaultConfig())

// New returns an analyzer with its own configuration and flags.
func New(cfg Config) *analysis.Analyzer {
	headers := config.HeaderList(slices.Clone(cfg.Headers))
	a := &analysis.Analyzer{
		Name:      "retryafter",
		Doc:       analysisutil.Doc(doc, "retryafter"),
		URL:       "https://pkg.go.dev/github.com/retrylint/retrylint/analyzers/retryafter",
		FactTypes: []analysis.Fact{new(funcFact)},
		Requires:  []*analysis.Analyzer{callindex.Analyzer},
		Run: analysisutil.Safe("retryafter", func(pass *analysis.Pass, at func(token.Pos)) (any, error) {
			return run(pass, httpmodel.NewNames(headers...), at)
		}),
	}
	a.Flags.Var(&headers, "headers", "comma-separated response headers with Retry-After semantics")
	return a
}

// funcFact summarises a function for its callers in this and other
// packages. Bits follow package flow: flow.Source marks a value derived
// from a Retry-After header read inside the function, flow.Param(i) one
// derived from parameter i.
type funcFact struct {
	Results []flow.Bits // origins of each result
	Date    flow.Bits   // parameters on which the HTTP-date form is tried
	Seconds flow.Bits   // parameters parsed as seconds with no HTTP-date attempt
}

func (*funcFact) AFact() {}

func (f *funcFact) String() string {
	var parts []string
	for i, r := range f.Results {
		if r != 0 {
			parts = append(parts, fmt.Sprintf("result%d=%s", i, bitsString(r)))
		}
	}
	if f.Date != 0 {
		parts = append(parts, "date="+bitsString(f.Date))
	}
	if f.Seconds != 0 {
		parts = append(parts, "seconds="+bitsString(f.Seconds))
	}
	return "retryafter(" + strings.Join(parts, " ") + ")"
}

func bitsString(b flow.Bits) string {
	var parts []string
	if b&flow.Tag != 0 {
		parts = append(parts, "retry-after")
	} else if b&flow.Source != 0 {
		parts = append(parts, "header")
	}
	for _, p := range b.Params() {
		parts = append(parts, fmt.Sprintf("p%d", p))
	}
	return strings.Join(parts, "+")
}

func (f *funcFact) empty() bool {
	if f.Date != 0 || f.Seconds != 0 {
		return false
	}
	for _, r := range f.Results {
		if r != 0 {
			return false
		}
	}
	return true
}

func (f *funcFact) equal(g *funcFact) bool {
	return f.Date == g.Date && f.Seconds == g.Seconds && slices.Equal(f.Results, g.Results)
}

type checker struct {
	pass     *analysis.Pass
	headers  httpmodel.Names
	local    map[*types.Func]*funcFact
	imported *analysisutil.FactCache[funcFact, *funcFact]
	scans    map[*ast.FuncDecl]*scan
	calls    *callindex.Index
}

func run(pass *analysis.Pass, headers httpmodel.Names, at func(token.Pos)) (any, error) {
	if !httpmodel.ImportsHTTP(pass.Pkg) && !hasFacts(pass) {
		return nil, nil
	}
	c := &checker{pass: pass, headers: headers, local: map[*types.Func]*funcFact{}, imported: analysisutil.NewFactCache[funcFact](pass), scans: map[*ast.FuncDecl]*scan{}, calls: pass.ResultOf[callindex.Analyzer].(*callindex.Index)}

	funcs := c.calls.Funcs()
	for _, f := range funcs {
		at(f.Decl.Pos())
		c.scans[f.Decl] = c.scanBody(f.Decl)
	}
	// Summaries of this package's functions depend on one another:
	// iterate until they stop changing.
	for range 16 {
		changed := false
		for _, f := range funcs {
			fd, fn := f.Decl, f.Obj
			if fn == nil {
				continue
			}
			at(fd.Pos())
			if !passesValues(pass.TypesInfo, fd) && !c.mayDerive(c.scans[fd], true) {
				continue // its summary is empty: no need to follow values
			}
			f := c.analyze(fd)
			fact := c.summarise(f, fd)
			if old, ok := c.local[fn]; !ok || !old.equal(fact) {
				c.local[fn] = fact
				changed = true
			}
		}
		if !changed {
			break
		}
	}
	for fn, fact := range c.local {
		// Only exported functions can be called from other packages;
		// this package's own calls use c.local.
		if fn.Exported() && !fact.empty() {
			pass.ExportObjectFact(fn, fact)
		}
	}
	for _, f := range funcs {
		at(f.Decl.Pos())
		if !c.mayDerive(c.scans[f.Decl], false) {
			continue // no Retry-After value: nothing to report
		}
		c.checkFunc(f.File, f.Decl, c.analyze(f.Decl))
	}
	return nil, nil
}

// hasFacts reports whether some dependency exported a fact, in which case
// a package that does not import net/http can still handle a Retry-After
// value it received.
func hasFacts(pass *analysis.Pass) bool {
	return len(pass.AllObjectFacts()) > 0
}

func (c *checker) fact(fn *types.Func) *funcFact {
	if f, ok := c.local[fn]; ok {
		return f
	}
	return c.imported.Get(fn)
}

func (c *checker) analyze(fd *ast.FuncDecl) *flow.Func {
	info := c.pass.TypesInfo
	return flow.Analyze(flow.Config{
		Info:    info,
		Nodes:   c.calls.Nodes(fd),
		Returns: c.calls.Returns(fd),
		Source: func(e ast.Expr) flow.Bits {
			if a, ok := httpmodel.HeaderRead(info, e); ok && c.headers.Has(a.Name) {
				if a.Name == retryAfter {
					// Only Retry-After itself is defined to take an
					// HTTP-date as well as seconds.
					return flow.Source | flow.Tag
				}
				return flow.Source
			}
			return 0
		},
		Call: func(call *ast.CallExpr, fn *types.Func, recv flow.Bits, args []flow.Bits) ([]flow.Bits, bool) {
			f := c.fact(fn)
			if f == nil {
				return nil, false
			}
			out := make([]flow.Bits, len(f.Results))
			for i, r := range f.Results {
				out[i] = r & flow.Origins
				for _, p := range r.Params() {
					out[i] |= argBits(fn, args, p)
				}
			}
			return out, true
		},
	}, fd.Type, fd.Body)
}

// argBits returns the origins of the argument bound to parameter p,
// folding the arguments of a variadic parameter together.
func argBits(fn *types.Func, args []flow.Bits, p int) flow.Bits {
	sig := fn.Type().(*types.Signature)
	if sig.Variadic() && p == sig.Params().Len()-1 {
		var b flow.Bits
		for i := p; i < len(args); i++ {
			b |= args[i]
		}
		return b
	}
	if p < len(args) {
		return args[p]
	}
	return 0
}

func (c *checker) summarise(f *flow.Func, fd *ast.FuncDecl) *funcFact {
	fact := &funcFact{Results: f.Results()}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		for _, p := range c.parses(f, call) {
			b := f.Expr(p.arg) &^ flow.Origins
			if p.date {
				fact.Date |= b
			} else {
				fact.Seconds |= b
			}
		}
		return true
	})
	fact.Seconds &^= fact.Date
	return fact
}

// A parse is a call that parses a header value: in seconds only, or as an
// HTTP-date.
type parse struct {
	call *ast.CallExpr
	arg  ast.Expr
	date bool
	// via is the function whose parameter is parsed, for helpers; nil for
	// the standard parsers.
	via *types.Func
}

var secondsParsers = map[string][]string{
	"strconv": {"Atoi", "ParseInt", "ParseUint", "ParseFloat"},
	"time":    {"ParseDuration"},
}

// parses returns what call parses: a standard seconds or date parser, or a
// function whose fact says it parses one of its parameters.
func (c *checker) parses(f *flow.Func, call *ast.CallExpr) []parse {
	info := c.pass.TypesInfo
	fn := httpmodel.Callee(info, call)
	if fn == nil || len(call.Args) == 0 {
		return nil
	}
	if arg, date, ok := stdParser(fn); ok {
		if arg >= len(call.Args) {
			return nil
		}
		return []parse{{call: call, arg: call.Args[arg], date: date}}
	}
	fact := c.fact(fn)
	if fact == nil || fact.Date|fact.Seconds == 0 {
		return nil
	}
	var out []parse
	for i, a := range call.Args {
		if fact.Date&flow.Param(i) != 0 {
			out = append(out, parse{call: call, arg: a, date: true, via: fn})
		} else if fact.Seconds&flow.Param(i) != 0 {
			out = append(out, parse{call: call, arg: a, via: fn})
		}
	}
	return out
}

// A scan is what one walk of a function body finds for mayDerive.
type scan struct {
	reads  bool // it reads a configured header
	parses bool // it calls a standard seconds or date parser
	// callees are the functions it calls that may have a fact: this
	// package's, and other packages' that have one.
	callees []*types.Func
}

// scanBody walks body once for mayDerive, whose answer then follows from
// the scan and the facts of the day, round after round.
func (c *checker) scanBody(fd *ast.FuncDecl) *scan {
	info := c.pass.TypesInfo
	sc := &scan{}
	for _, call := range c.calls.Calls(fd) {
		if a, ok := httpmodel.HeaderRead(info, call.Expr); ok && c.headers.Has(a.Name) {
			sc.reads = true
		}
		fn := call.Callee
		switch {
		case fn == nil:
		case isStdParser(fn):
			sc.parses = true
		case fn.Pkg() == c.pass.Pkg || c.fact(fn) != nil:
			sc.callees = append(sc.callees, fn)
		}
	}
	for _, n := range c.calls.Nodes(fd) {
		if ix, ok := n.(*ast.IndexExpr); ok {
			if a, ok := httpmodel.HeaderRead(info, ix); ok && c.headers.Has(a.Name) {
				sc.reads = true
			}
		}
	}
	return sc
}

// mayDerive reports whether a function, by its scan, can hold a
// Retry-After value: it reads a configured header or calls a function
// whose results carry one. It is the cheap test before following values
// through the body.
//
// With parse set, it also reports whether the function calls a parser of
// header values, or a function that parses one of its parameters: it may
// then parse its own.
func (c *checker) mayDerive(sc *scan, parse bool) bool {
	if sc.reads || parse && sc.parses {
		return true
	}
	for _, fn := range sc.callees {
		f := c.fact(fn)
		if f == nil {
			continue
		}
		if slices.ContainsFunc(f.Results, func(b flow.Bits) bool { return b&flow.Origins != 0 }) || parse && f.Date|f.Seconds != 0 {
			return true
		}
	}
	return false
}

// stdParser reports whether fn is a standard parser of seconds or dates,
// and which of its arguments it parses.
func stdParser(fn *types.Func) (arg int, date, ok bool) {
	if fn.Pkg() == nil {
		return 0, false, false
	}
	names, seconds := secondsParsers[fn.Pkg().Path()]
	switch {
	case seconds && httpmodel.IsPkgFunc(fn, fn.Pkg().Path(), names...):
		return 0, false, true
	case httpmodel.IsPkgFunc(fn, "net/http", "ParseTime"):
		return 0, true, true
	case httpmodel.IsPkgFunc(fn, "time", "Parse", "ParseInLocation"):
		return 1, true, true
	}
	return 0, false, false
}

func isStdParser(fn *types.Func) bool {
	_, _, ok := stdParser(fn)
	return ok
}

// passesValues reports whether a function may hand a value from a
// parameter to a result: both are of kinds a wait is made of (numbers,
// strings, times and durations, header values).
func passesValues(info *types.Info, fd *ast.FuncDecl) bool {
	valueLike := func(fields *ast.FieldList) bool {
		if fields == nil {
			return false
		}
		for _, f := range fields.List {
			t := info.TypeOf(f.Type)
			if t == nil {
				continue
			}
			if sl, ok := t.Underlying().(*types.Slice); ok {
				t = sl.Elem()
			}
			if _, ok := t.Underlying().(*types.Basic); ok {
				return true
			}
			if httpmodel.IsNamed(t, "time", "Time") || httpmodel.IsNamed(t, "net/http", "Header") {
				return true
			}
		}
		return false
	}
	return valueLike(fd.Type.Params) && valueLike(fd.Type.Results)
}

func (c *checker) derived(f *flow.Func, e ast.Expr) bool {
	return f.Expr(e)&flow.Source != 0
}

func (c *checker) checkFunc(file *ast.File, fd *ast.FuncDecl, f *flow.Func) {
	var secondsOnly []parse
	var stacks = map[*ast.CallExpr][]ast.Node{}
	dateTried := false
	ast.PreorderStack(fd.Body, []ast.Node{file, fd}, func(n ast.Node, stack []ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			c.checkMinCall(file, f, n, stack)
			for _, p := range c.parses(f, n) {
				if f.Expr(p.arg)&flow.Tag == 0 {
					continue // not Retry-After itself, or not from a header
				}
				if p.date {
					dateTried = true
				} else {
					secondsOnly = append(secondsOnly, p)
					stacks[n] = append(slices.Clone(stack), n)
				}
			}
		case *ast.IfStmt:
			c.checkIfCap(file, f, n, stack)
			c.checkSmallOnly(f, n, stack)
		case *ast.AssignStmt:
			c.checkDroppedError(file, f, n, stack)
		}
		return true
	})
	if !dateTried {
		for _, p := range secondsOnly {
			c.reportSecondsOnly(file, f, p, stacks[p.call])
		}
	}
}

// isConstNonPositive reports whether e is a constant <= 0.
func isConstNonPositive(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	if !ok || tv.Value == nil {
		return false
	}
	switch tv.Value.Kind() {
	case constant.Int, constant.Float:
		return constant.Sign(tv.Value) <= 0
	}
	return false
}

func (c *checker) isMin(call *ast.CallExpr) (string, bool) {
	info := c.pass.TypesInfo
	if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
		if b, ok := info.Uses[id].(*types.Builtin); ok && b.Name() == "min" {
			return "min", true
		}
		return "", false
	}
	if fn := httpmodel.Callee(info, call); httpmodel.IsPkgFunc(fn, "math", "Min") {
		return fixes.Text(c.pass.Fset, fixes.Source(c.pass, call.Pos()), call.Fun), true
	}
	return "", false
}

// checkMinCall reports min(ra, limit) and math.Min(ra, limit).
func (c *checker) checkMinCall(file *ast.File, f *flow.Func, call *ast.CallExpr, stack []ast.Node) {
	name, ok := c.isMin(call)
	if !ok {
		return
	}
	info := c.pass.TypesInfo
	var ra ast.Expr
	var limits []ast.Expr
	for _, a := range call.Args {
		if c.derived(f, a) {
			if ra != nil {
				return // two Retry-After values: not a cap we understand
			}
			ra = a
		} else {
			limits = append(limits, a)
		}
	}
	if ra == nil || len(limits) == 0 {
		return
	}
	for _, l := range limits {
		if isConstNonPositive(info, l) {
			return
		}
	}
	src := fixes.Source(c.pass, call.Pos())
	if src == nil {
		return
	}
	remove := []analysis.TextEdit{{Pos: call.Pos(), End: call.End(), NewText: []byte(fixes.Format(c.pass.Fset, ra))}}
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		remove = append(remove, fixes.DeleteImportIfUnused(c.pass.Fset, src, info, file, sel, call)...)
	}
	if len(limits) == 1 && c.guarded(file, f, ra, limits[0]) {
		return // the server's wait gave up above the limit: min bounds the client's own backoff
	}
	fix := c.capFix(file, f, stack, call, ra, limits, src, remove)
	c.pass.Report(analysis.Diagnostic{
		Pos:            call.Pos(),
		End:            call.End(),
		Message:        fmt.Sprintf("Retry-After is capped by %s(...) (the client retries before the server allows); stop when it exceeds the limit instead", name),
		SuggestedFixes: []analysis.SuggestedFix{fix},
	})
}

const errText = "retry_after_exceeds_deadline"

// retryAfter is the header that RFC 9110 defines with two forms, seconds
// and HTTP-date; other configured headers (such as an epoch reset time)
// need not accept a date.
const retryAfter = "Retry-After"

// capFix builds the fix of a cap: when the capped variable holds the
// client's own backoff on some paths, give up where the server's wait is
// assigned and keep the cap (splitFix); otherwise, when the function can
// return an error and the values can be compared where the cap is, give up
// when the server asks for more than the limit; otherwise honour the
// server's wait. remove holds the edits that take the cap away.
func (c *checker) capFix(file *ast.File, f *flow.Func, stack []ast.Node, at ast.Node, ra ast.Expr, limits []ast.Expr, src []byte, remove []analysis.TextEdit) analysis.SuggestedFix {
	if len(limits) == 1 {
		if split, ok := c.splitFix(file, f, stack, ra, limits[0], src, remove); ok {
			return split
		}
	}
	honour := analysis.SuggestedFix{
		Message:   "Remove the cap so that the server's Retry-After wait is honoured",
		TextEdits: remove,
	}
	if giveUp, ok := c.giveUpFix(file, stack, at, ra, limits, src, remove); ok {
		return giveUp
	}
	return honour
}

func (c *checker) giveUpFix(file *ast.File, stack []ast.Node, at ast.Node, ra ast.Expr, limits []ast.Expr, src []byte, remove []analysis.TextEdit) (analysis.SuggestedFix, bool) {
	info := c.pass.TypesInfo
	_, ft := fixes.EnclosingFunc(stack)
	if !fixes.ReturnsError(info, ft) || len(limits) != 1 || !fixes.Pure(info, ra) || !fixes.Pure(info, limits[0]) {
		return analysis.SuggestedFix{}, false
	}
	stmt, _ := fixes.StmtInBlock(stack)
	if stmt == nil {
		return analysis.SuggestedFix{}, false
	}
	switch stmt.(type) {
	case *ast.AssignStmt, *ast.ReturnStmt, *ast.ExprStmt, *ast.DeclStmt, *ast.IfStmt, *ast.SwitchStmt:
	default:
		return analysis.SuggestedFix{}, false
	}
	if _, isIf := at.(*ast.IfStmt); !isIf {
		if !fixes.VisibleAt(info, file, ra, stmt.Pos()) || !fixes.VisibleAt(info, file, limits[0], stmt.Pos()) {
			return analysis.SuggestedFix{}, false
		}
	}
	ret, imports, ok := c.errorReturn(file, ft, stmt.Pos(), ra, limits[0], src)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	indent := fixes.Indent(c.pass.Fset, src, stmt.Pos())
	var edits []analysis.TextEdit
	if ifs, isIf := at.(*ast.IfStmt); isIf {
		// if ra > limit { ra = limit }  =>  if ra > limit { return ..., err }
		body := ifs.Body.List[0]
		edits = append(edits, analysis.TextEdit{Pos: body.Pos(), End: body.End(), NewText: []byte(ret)})
	} else {
		cond := fmt.Sprintf("if %s > %s {\n%s\t%s\n%s}\n%s",
			fixes.Text(c.pass.Fset, src, ra), fixes.Text(c.pass.Fset, src, limits[0]), indent, ret, indent, indent)
		edits = append(edits, analysis.TextEdit{Pos: stmt.Pos(), End: stmt.Pos(), NewText: []byte(cond)})
		edits = append(edits, remove...)
	}
	edits = append(edits, imports...)
	return analysis.SuggestedFix{
		Message:   "Return an error when the Retry-After wait exceeds the limit",
		TextEdits: edits,
	}, true
}

// errorReturn returns the text of a return statement that gives up with an
// error naming the server's wait and the limit.
func (c *checker) errorReturn(file *ast.File, ft *ast.FuncType, pos token.Pos, ra, limit ast.Expr, src []byte) (string, []analysis.TextEdit, bool) {
	info := c.pass.TypesInfo
	fmtName, edits, ok := fixes.Import(info, c.pass.Pkg, file, "fmt", pos)
	if !ok {
		return "", nil, false
	}
	ret, ok := fixes.Return(info, c.pass.Pkg, file, ft, fmt.Sprintf("%s.Errorf(%q, %s, %s)", fmtName,
		errText+": the server asked to wait %v, more than the limit of %v",
		fixes.Text(c.pass.Fset, src, ra), fixes.Text(c.pass.Fset, src, limit)))
	return ret, edits, ok
}

// capCompare matches x > limit, x >= limit, limit < x and limit <= x and
// returns x and limit.
func capCompare(e ast.Expr) (x, limit ast.Expr, ok bool) {
	b, isBin := ast.Unparen(e).(*ast.BinaryExpr)
	if !isBin {
		return nil, nil, false
	}
	switch b.Op {
	case token.GTR, token.GEQ:
		return b.X, b.Y, true
	case token.LSS, token.LEQ:
		return b.Y, b.X, true
	}
	return nil, nil, false
}

// smallCompare matches x < limit, x <= limit, limit > x and limit >= x.
func smallCompare(e ast.Expr) (x, limit ast.Expr, ok bool) {
	b, isBin := ast.Unparen(e).(*ast.BinaryExpr)
	if !isBin {
		return nil, nil, false
	}
	switch b.Op {
	case token.LSS, token.LEQ:
		return b.X, b.Y, true
	case token.GTR, token.GEQ:
		return b.Y, b.X, true
	}
	return nil, nil, false
}

func (c *checker) sameVar(a, b ast.Expr) bool {
	ia, ok1 := ast.Unparen(a).(*ast.Ident)
	ib, ok2 := ast.Unparen(b).(*ast.Ident)
	if !ok1 || !ok2 {
		return false
	}
	oa := c.pass.TypesInfo.Uses[ia]
	return oa != nil && oa == c.pass.TypesInfo.Uses[ib]
}

// sameValue reports whether a and b are the same variable or constant.
func (c *checker) sameValue(a, b ast.Expr) bool {
	if c.sameVar(a, b) {
		return true
	}
	info := c.pass.TypesInfo
	ta, tb := info.Types[a], info.Types[b]
	if ta.Value != nil && tb.Value != nil {
		return constant.Compare(ta.Value, token.EQL, tb.Value)
	}
	return types.ExprString(ast.Unparen(a)) == types.ExprString(ast.Unparen(b)) && fixes.Pure(info, a)
}

// checkIfCap reports if ra > limit { ra = limit }, its mirrored forms, the
// same with other conditions joined by ||, and the return form
// if ra > limit { return limit }; return ra.
func (c *checker) checkIfCap(file *ast.File, f *flow.Func, ifs *ast.IfStmt, stack []ast.Node) {
	if ifs.Init != nil || ifs.Else != nil || len(ifs.Body.List) != 1 {
		return
	}
	info := c.pass.TypesInfo
	parts := operands(ifs.Cond, token.LOR)
	for i, part := range parts {
		x, limit, ok := capCompare(part)
		if !ok || !c.derived(f, x) || c.derived(f, limit) || isConstNonPositive(info, limit) || c.guarded(file, f, x, limit) {
			continue
		}
		var shape string
		switch body := ifs.Body.List[0].(type) {
		case *ast.AssignStmt:
			if body.Tok != token.ASSIGN || len(body.Lhs) != 1 || len(body.Rhs) != 1 || !c.sameVar(x, body.Lhs[0]) || !c.sameValue(limit, body.Rhs[0]) {
				continue
			}
			shape = fmt.Sprintf("if %s > %s { %s = %s }", types.ExprString(x), types.ExprString(limit), types.ExprString(x), types.ExprString(limit))
		case *ast.ReturnStmt:
			// if ra > limit { return limit }; return ra
			next := followingReturn(stack, ifs)
			if next == nil || len(next.Results) != len(body.Results) {
				continue
			}
			idx := slices.IndexFunc(body.Results, func(r ast.Expr) bool { return c.sameValue(limit, r) })
			if idx < 0 || !c.sameVar(x, next.Results[idx]) {
				continue
			}
			shape = fmt.Sprintf("if %s > %s { return %s }", types.ExprString(x), types.ExprString(limit), types.ExprString(limit))
		default:
			continue
		}
		src := fixes.Source(c.pass, ifs.Pos())
		if src == nil {
			return
		}
		var fix analysis.SuggestedFix
		if len(parts) > 1 {
			// The other conditions keep their assignment: only the cap
			// goes.
			fix = analysis.SuggestedFix{
				Message:   "Remove the cap so that the server's Retry-After wait is honoured",
				TextEdits: []analysis.TextEdit{removeOperand(parts, i)},
			}
		} else {
			del, ok := fixes.LineDelete(c.pass.Fset, src, ifs)
			if !ok {
				return
			}
			fix = c.capFix(file, f, append(slices.Clone(stack), ifs), ifs, x, []ast.Expr{limit}, src, []analysis.TextEdit{del})
		}
		c.pass.Report(analysis.Diagnostic{
			Pos:            ifs.Pos(),
			End:            ifs.Body.End(),
			Message:        "Retry-After is capped by " + shape + " (the client retries before the server allows); stop when it exceeds the limit instead",
			SuggestedFixes: []analysis.SuggestedFix{fix},
		})
		return
	}
}

// operands returns the operands of a chain of op (&& or ||) in e.
func operands(e ast.Expr, op token.Token) []ast.Expr {
	e = ast.Unparen(e)
	if b, ok := e.(*ast.BinaryExpr); ok && b.Op == op {
		return append(operands(b.X, op), operands(b.Y, op)...)
	}
	return []ast.Expr{e}
}

// removeOperand deletes parts[i] and its operator from the chain parts
// (of at least two operands).
func removeOperand(parts []ast.Expr, i int) analysis.TextEdit {
	if i == 0 {
		return analysis.TextEdit{Pos: parts[0].Pos(), End: parts[1].Pos()}
	}
	return analysis.TextEdit{Pos: parts[i-1].End(), End: parts[i].End()}
}

// checkSmallOnly reports an if statement that uses a Retry-After value only
// when it is below a limit and substitutes a shorter wait otherwise.
func (c *checker) checkSmallOnly(f *flow.Func, ifs *ast.IfStmt, stack []ast.Node) {
	info := c.pass.TypesInfo
	var cmp, limit ast.Expr
	for _, e := range operands(ifs.Cond, token.LAND) {
		if cx, cl, ok := smallCompare(e); ok && c.derived(f, cx) && !c.derived(f, cl) && !isConstNonPositive(info, cl) {
			cmp, limit = e, cl
			break
		}
	}
	if cmp == nil || !c.substitutes(f, ifs, stack) {
		return
	}
	src := fixes.Source(c.pass, ifs.Pos())
	if src == nil {
		return
	}
	var edit analysis.TextEdit
	parts := operands(ifs.Cond, token.LAND)
	i := slices.Index(parts, cmp)
	switch {
	case len(parts) == 1:
		if e, ok := c.unwrap(ifs, stack, src); ok {
			edit = e
		} else {
			edit = analysis.TextEdit{Pos: ifs.Cond.Pos(), End: ifs.Cond.End(), NewText: []byte("true")}
		}
	default:
		edit = removeOperand(parts, i)
	}
	// Parentheses around the comparison stay balanced only when the
	// comparison is written bare.
	if _, paren := findParen(ifs.Cond, cmp); paren {
		return
	}
	c.pass.Report(analysis.Diagnostic{
		Pos:     cmp.Pos(),
		End:     cmp.End(),
		Message: fmt.Sprintf("Retry-After is honoured only below %s and a shorter wait is used otherwise (the client retries before the server allows)", types.ExprString(limit)),
		SuggestedFixes: []analysis.SuggestedFix{{
			Message:   "Honour the Retry-After wait whatever its length",
			TextEdits: []analysis.TextEdit{edit},
		}},
	})
}

// findParen reports whether target appears wrapped in parentheses in e.
func findParen(e, target ast.Expr) (ast.Expr, bool) {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if p, ok := n.(*ast.ParenExpr); ok && ast.Unparen(p) == target {
			found = true
		}
		return !found
	})
	return nil, found
}

// substitutes reports whether the path not taken by ifs (its else branch,
// or what follows it when its body returns) puts a wait that does not
// derive from Retry-After in the place where the body puts the Retry-After
// value.
func (c *checker) substitutes(f *flow.Func, ifs *ast.IfStmt, stack []ast.Node) bool {
	info := c.pass.TypesInfo
	body := ifs.Body.List
	if len(body) == 0 {
		return false
	}
	shorter := func(e ast.Expr) bool {
		return !c.derived(f, e) && !isConstNonPositive(info, e) && !isNil(info, e)
	}
	// Return shape: if small { return ra }; ...; return backoff
	if ret, ok := body[len(body)-1].(*ast.ReturnStmt); ok && ifs.Else == nil {
		idx := -1
		for i, r := range ret.Results {
			if c.derived(f, r) {
				idx = i
				break
			}
		}
		if idx < 0 {
			return false
		}
		next := followingReturn(stack, ifs)
		if next == nil || len(next.Results) != len(ret.Results) {
			return false
		}
		_, ft := fixes.EnclosingFunc(stack)
		if fixes.ReturnsError(info, ft) && !isNil(info, next.Results[len(next.Results)-1]) {
			return false // the other path gives up
		}
		return shorter(next.Results[idx])
	}
	// Assignment shapes: the body assigns ra to w, and either the else
	// branch or the statement just before the if assigns w a wait of its own.
	var w *types.Var
	for _, s := range body {
		if as, ok := s.(*ast.AssignStmt); ok && len(as.Lhs) == 1 && len(as.Rhs) == 1 && c.derived(f, as.Rhs[0]) {
			if id, ok := as.Lhs[0].(*ast.Ident); ok {
				w, _ = info.ObjectOf(id).(*types.Var)
			}
		}
	}
	if w == nil {
		return false
	}
	assignsShorter := func(s ast.Stmt) bool {
		switch s := s.(type) {
		case *ast.AssignStmt:
			if len(s.Lhs) == 1 && len(s.Rhs) == 1 {
				if id, ok := s.Lhs[0].(*ast.Ident); ok && info.ObjectOf(id) == w {
					return shorter(s.Rhs[0])
				}
			}
		case *ast.DeclStmt:
			if gd, ok := s.Decl.(*ast.GenDecl); ok && len(gd.Specs) == 1 {
				if vs, ok := gd.Specs[0].(*ast.ValueSpec); ok && len(vs.Names) == 1 && len(vs.Values) == 1 && info.Defs[vs.Names[0]] == w {
					return shorter(vs.Values[0])
				}
			}
		}
		return false
	}
	if ifs.Else != nil {
		eb, ok := ifs.Else.(*ast.BlockStmt)
		return ok && slices.ContainsFunc(eb.List, assignsShorter)
	}
	prev := previousStmt(stack, ifs)
	return prev != nil && assignsShorter(prev)
}

func isNil(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	return ok && tv.IsNil()
}

func blockList(parent ast.Node) []ast.Stmt {
	switch p := parent.(type) {
	case *ast.BlockStmt:
		return p.List
	case *ast.CaseClause:
		return p.Body
	case *ast.CommClause:
		return p.Body
	}
	return nil
}

// followingReturn returns the first return statement that runs after s
// when s completes normally: later in its block or, when the block is the
// body of an if statement without else, after that if statement. It stops
// at loops and function boundaries.
func followingReturn(stack []ast.Node, s ast.Stmt) *ast.ReturnStmt {
	for len(stack) >= 2 {
		list := blockList(stack[len(stack)-1])
		i := slices.Index(list, s)
		if i < 0 {
			return nil
		}
		for _, next := range list[i+1:] {
			if r, ok := next.(*ast.ReturnStmt); ok {
				return r
			}
		}
		// Step out of the enclosing if statement's body.
		outer, ok := stack[len(stack)-2].(*ast.IfStmt)
		if !ok || outer.Else != nil || outer.Body != stack[len(stack)-1] {
			return nil
		}
		s, stack = outer, stack[:len(stack)-2]
	}
	return nil
}

// previousStmt returns the statement just before s in its block.
func previousStmt(stack []ast.Node, s ast.Stmt) ast.Stmt {
	list := blockList(stack[len(stack)-1])
	if i := slices.Index(list, s); i > 0 {
		return list[i-1]
	}
	return nil
}

// checkDroppedError reports n, _ := strconv.Atoi(ra) and its kin when the
// zero that a malformed value gives is used as the wait.
func (c *checker) checkDroppedError(file *ast.File, f *flow.Func, as *ast.AssignStmt, stack []ast.Node) {
	if len(as.Lhs) != 2 || len(as.Rhs) != 1 {
		return
	}
	blank, ok := as.Lhs[1].(*ast.Ident)
	if !ok || blank.Name != "_" {
		return
	}
	call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
	if !ok {
		return
	}
	var p *parse
	for _, q := range c.parses(f, call) {
		if q.via == nil && c.derived(f, q.arg) {
			p = &q
			break
		}
	}
	if p == nil {
		return
	}
	info := c.pass.TypesInfo
	val, _ := ast.Unparen(as.Lhs[0]).(*ast.Ident)
	if val == nil {
		return
	}
	if v, ok := info.ObjectOf(val).(*types.Var); ok && comparedWithConstant(info, stack, v, p.date) {
		return // a zero or out-of-range value is told apart from a real wait
	}
	stmt, _ := fixes.StmtInBlock(append(slices.Clone(stack), as))
	if stmt != ast.Stmt(as) {
		return
	}
	_, ft := fixes.EnclosingFunc(stack)
	results := fixes.ResultTypes(info, ft)
	if len(results) == 0 {
		return
	}
	last := results[len(results)-1]
	var failure string
	switch {
	case fixes.ReturnsError(info, ft):
	case types.Identical(last, types.Typ[types.Bool]):
		failure = "false"
	case isNilable(last):
		failure = "nil" // no value, for the caller to fall back on
	default:
		return // no way to hand the failure to the caller's backoff
	}
	errName := "err"
	if as.Tok == token.ASSIGN {
		_, obj := info.Scopes[file].Innermost(as.Pos()).LookupParent("err", as.Pos())
		v, ok := obj.(*types.Var)
		if !ok || !types.Identical(v.Type(), types.Universe.Lookup("error").Type()) {
			return
		}
	} else if obj := info.Scopes[file].Innermost(as.Pos()).Lookup("err"); obj != nil {
		if v, ok := obj.(*types.Var); !ok || !types.Identical(v.Type(), types.Universe.Lookup("error").Type()) {
			return
		}
	}
	if failure == "" {
		failure = errName
	}
	ret, ok := fixes.Return(info, c.pass.Pkg, file, ft, failure)
	if !ok {
		return
	}
	src := fixes.Source(c.pass, as.Pos())
	if src == nil {
		return
	}
	indent := fixes.Indent(c.pass.Fset, src, as.Pos())
	eol := fixes.LineEnd(c.pass.Fset, src, as.End())
	check := fmt.Sprintf("\n%sif %s != nil {\n%s\t%s\n%s}", indent, errName, indent, ret, indent)
	fn := httpmodel.Callee(info, call)
	c.pass.Report(analysis.Diagnostic{
		Pos:     blank.Pos(),
		End:     blank.End(),
		Message: fmt.Sprintf("the error of %s.%s on a Retry-After value is dropped (a malformed value becomes a zero wait and the client retries at once)", fn.Pkg().Name(), fn.Name()),
		SuggestedFixes: []analysis.SuggestedFix{{
			Message: "Return the parse error so that a malformed Retry-After falls back to backoff",
			TextEdits: []analysis.TextEdit{
				{Pos: blank.Pos(), End: blank.End(), NewText: []byte(errName)},
				{Pos: eol, End: eol, NewText: []byte(check)},
			},
		}},
	})
}

// comparedWithConstant reports whether the function compares v with a
// constant (n > 0, n == 0) or, for a time, asks IsZero: the code then tells
// a malformed value apart from a real wait.
func comparedWithConstant(info *types.Info, stack []ast.Node, v *types.Var, date bool) bool {
	fnNode, _ := fixes.EnclosingFunc(stack)
	if fnNode == nil {
		return false
	}
	found := false
	isV := func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		return ok && info.Uses[id] == v
	}
	ast.Inspect(fnNode, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BinaryExpr:
			switch n.Op {
			case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
				if (isV(n.X) && info.Types[n.Y].Value != nil) || (isV(n.Y) && info.Types[n.X].Value != nil) {
					found = true
				}
			}
		case *ast.CallExpr:
			if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok && date && sel.Sel.Name == "IsZero" && isV(sel.X) {
				found = true
			}
		}
		return !found
	})
	return found
}

// reportSecondsOnly reports a Retry-After value parsed as seconds in a
// function that never tries the HTTP-date form, with a fix that converts
// an HTTP-date into seconds before the parse.
func (c *checker) reportSecondsOnly(file *ast.File, f *flow.Func, p parse, stack []ast.Node) {
	info := c.pass.TypesInfo
	src := fixes.Source(c.pass, p.call.Pos())
	if src == nil {
		return
	}
	// The string to convert: the Retry-After operand of the argument.
	s := p.arg
	for {
		b, ok := ast.Unparen(s).(*ast.BinaryExpr)
		if !ok || b.Op != token.ADD {
			break
		}
		if c.derived(f, b.X) {
			s = b.X
		} else {
			s = b.Y
		}
	}
	s = ast.Unparen(s)
	if t, ok := info.Types[s]; !ok || !types.Identical(t.Type.Underlying(), types.Typ[types.String]) {
		return
	}
	stmt, _ := fixes.StmtInBlock(stack)
	if stmt == nil {
		return
	}
	switch st := stmt.(type) {
	case *ast.AssignStmt, *ast.ExprStmt, *ast.DeclStmt, *ast.ReturnStmt:
	case *ast.IfStmt:
		if !inside(p.call, st.Init) && !inside(p.call, st.Cond) {
			return
		}
	case *ast.SwitchStmt:
		if !inside(p.call, st.Init) && !inside(p.call, st.Tag) {
			return
		}
	default:
		return
	}
	pos := stmt.Pos()
	indent := fixes.Indent(c.pass.Fset, src, pos)
	var edits []analysis.TextEdit
	var names []string
	for _, path := range []string{"net/http", "strconv", "time"} {
		name, imp, ok := fixes.Import(info, c.pass.Pkg, file, path, pos)
		if !ok {
			return
		}
		names = append(names, name)
		edits = append(edits, imp...)
	}
	httpName, strconvName, timeName := names[0], names[1], names[2]
	var pre strings.Builder
	target := ""
	if id, ok := s.(*ast.Ident); ok && isLocalVar(info, id) && fixes.VisibleAt(info, file, id, pos) {
		target = id.Name
	} else {
		if !fixes.VisibleAt(info, file, s, pos) {
			return
		}
		target = fixes.FreeName(info, file, "retryAfterValue", nil, pos)
		fmt.Fprintf(&pre, "%s := %s\n%s", target, fixes.Text(c.pass.Fset, src, s), indent)
		edits = append(edits, analysis.TextEdit{Pos: s.Pos(), End: s.End(), NewText: []byte(target)})
	}
	// The date and the wait get names that shadow nothing the statement
	// after them uses.
	taken := map[string]bool{target: true}
	tName := fixes.FreeName(info, file, "t", taken, pos)
	dName := fixes.FreeName(info, file, "d", taken, pos)
	fmt.Fprintf(&pre, "if %[1]s, err := %[3]s.ParseTime(%[2]s); err == nil {\n"+
		"%[6]s\t%[2]s = \"0\"\n"+
		"%[6]s\tif %[7]s := %[5]s.Until(%[1]s); %[7]s > 0 {\n"+
		"%[6]s\t\t%[2]s = %[4]s.FormatInt(int64((%[7]s+%[5]s.Second-1)/%[5]s.Second), 10)\n"+
		"%[6]s\t}\n"+
		"%[6]s}\n%[6]s",
		tName, target, httpName, strconvName, timeName, indent, dName)
	edits = append(edits, analysis.TextEdit{Pos: pos, End: pos, NewText: []byte(pre.String())})
	sort.SliceStable(edits, func(i, j int) bool { return edits[i].Pos < edits[j].Pos })
	parser := "strconv.Atoi"
	if fn := httpmodel.Callee(info, p.call); fn != nil {
		parser = fn.Name()
		if fn.Pkg() != nil && fn.Pkg() != c.pass.Pkg {
			parser = fn.Pkg().Name() + "." + parser
		}
	}
	c.pass.Report(analysis.Diagnostic{
		Pos:     p.call.Pos(),
		End:     p.call.End(),
		Message: fmt.Sprintf("Retry-After is parsed only as seconds by %s (an HTTP-date value is not understood, so the server's wait is lost)", parser),
		SuggestedFixes: []analysis.SuggestedFix{{
			Message:   "Accept the HTTP-date form of Retry-After too",
			TextEdits: edits,
		}},
	})
}

func inside(n ast.Node, outer ast.Node) bool {
	if outer == nil || n == nil {
		return false
	}
	return outer.Pos() <= n.Pos() && n.End() <= outer.End()
}

func isLocalVar(info *types.Info, id *ast.Ident) bool {
	v, ok := info.Uses[id].(*types.Var)
	return ok && !v.IsField() && v.Parent() != nil && v.Parent() != v.Pkg().Scope()
}

// unwrap returns the edit that replaces an if statement whose whole
// condition is the limit by its body: the else branch, or the statements
// up to the fallback return that the body's return makes unreachable, go
// with it. ok is false when the body cannot be moved as text.
func (c *checker) unwrap(ifs *ast.IfStmt, stack []ast.Node, src []byte) (analysis.TextEdit, bool) {
	if ifs.Init != nil {
		return analysis.TextEdit{}, false
	}
	tf := c.pass.Fset.File(ifs.Pos())
	body := string(src[tf.Offset(ifs.Body.Lbrace)+1 : tf.Offset(ifs.Body.Rbrace)])
	raw := false
	ast.Inspect(ifs.Body, func(n ast.Node) bool {
		if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING && strings.HasPrefix(lit.Value, "`") {
			raw = true
		}
		return !raw
	})
	if raw {
		return analysis.TextEdit{}, false // a raw string would be re-indented
	}
	end := ifs.End()
	if _, returns := ifs.Body.List[len(ifs.Body.List)-1].(*ast.ReturnStmt); returns && ifs.Else == nil {
		list := blockList(stack[len(stack)-1])
		i := slices.Index(list, ast.Stmt(ifs))
		next := followingReturn(stack, ifs)
		j := slices.Index(list, ast.Stmt(next))
		if i < 0 || j < 0 {
			return analysis.TextEdit{}, false
		}
		for _, dead := range list[i+1 : j] {
			if _, labelled := dead.(*ast.LabeledStmt); labelled {
				return analysis.TextEdit{}, false // a goto may still reach it
			}
		}
		end = next.End()
	}
	var lines []string
	for line := range strings.SplitSeq(strings.Trim(body, "\n"), "\n") {
		lines = append(lines, strings.TrimPrefix(line, "\t"))
	}
	text := strings.TrimSpace(strings.Join(lines, "\n"))
	return analysis.TextEdit{Pos: ifs.Pos(), End: end, NewText: []byte(text)}, true
}

// isNilable reports whether nil is a value of t that says "none": a
// pointer, slice, map or interface.
func isNilable(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Pointer, *types.Slice, *types.Map, *types.Interface:
		return true
	}
	return false
}
