package retryafter

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
	"github.com/retrylint/retrylint/internal/callindex"
	"github.com/retrylint/retrylint/internal/config"
	"github.com/retrylint/retrylint/internal/fixes"
	"github.com/retrylint/retrylint/internal/flow"
	"github.com/retrylint/retrylint/internal/httpmodel"
	"github.com/retrylint/retrylint/internal/retryloop"
	"github.com/retrylint/retrylint/internal/stdfacts"
	"github.com/retrylint/retrylint/internal/summary"
)

//go:embed doc.go
var doc string

// Config is the configuration of one instance of the analyzer.
type Config struct {
	// Headers are the response headers with Retry-After semantics, each
	// NAME or NAME:UNIT with UNIT s (seconds, the default; Retry-After
	// also takes an HTTP-date), ms (milliseconds) or reset (a rate
	// limit's reset: epoch seconds, or the seconds until it).
	Headers []string
	// Overflow reports a parsed wait multiplied into a time.Duration with
	// no upper bound on the number (see negative.go): a huge value wraps
	// around into a negative or tiny wait. Off by default: no server sends
	// such a value, and the sign check most parsers have is all the
	// malformed values that servers do send need.
	Overflow bool
}

// DefaultConfig returns the configuration the analyzer runs with when no
// flag is given.
func DefaultConfig() Config {
	return Config{Headers: []string{"Retry-After", "Retry-After-Ms:ms", "X-Ms-Retry-After-Ms:ms", "X-Amz-Retry-After:ms", "X-RateLimit-Reset:reset", "RateLimit-Reset:reset"}}
}

// Analyzer reports Retry-After waits that are shortened, misparsed or
// dropped, with the default configuration.
var Analyzer = New(DefaultConfig())

// New returns an analyzer with its own configuration and flags.
func New(cfg Config) *analysis.Analyzer {
	headers := config.WaitHeaderList(slices.Clone(cfg.Headers))
	overflow := cfg.Overflow
	a := &analysis.Analyzer{
		Name:      "retryafter",
		Doc:       analysisutil.Doc(doc, "retryafter"),
		URL:       "https://pkg.go.dev/github.com/retrylint/retrylint/analyzers/retryafter",
		FactTypes: []analysis.Fact{new(funcFact), new(fieldFact), new(funcValueFact), new(httpmodel.HeaderMapFact), new(signFact)},
		Requires:  []*analysis.Analyzer{callindex.Analyzer, retryloop.Analyzer},
		Run: analysisutil.Safe("retryafter", func(pass *analysis.Pass, at func(token.Pos)) (any, error) {
			return run(pass, waitHeaders(headers), overflow, at)
		}),
	}
	a.Flags.Var(&headers, "headers", "comma-separated response headers with Retry-After semantics, each NAME or NAME:UNIT (UNIT s, ms or reset)")
	a.Flags.BoolVar(&overflow, "overflow", overflow, "also report a parsed wait multiplied into a time.Duration with no upper bound on the number (a huge value wraps around into no wait)")
	return stdfacts.Wrap(a)
}

// waitHeaders are the configured wait headers: all of them, those whose
// values are in milliseconds, and a rate limit's reset headers.
type waitHeaderSet struct {
	all, millis, reset httpmodel.Names
}

func (w waitHeaderSet) Has(name string) bool { return w.all.Has(name) }

// waitHeaders builds the set from entries that the flag has validated; an
// entry that does not parse (a Config built in code) is taken as a name in
// seconds.
func waitHeaders(entries []string) waitHeaderSet {
	var all, millis, reset []string
	for _, e := range entries {
		h, err := config.ParseWaitHeader(e)
		if err != nil {
			h = config.WaitHeader{Name: e, Unit: "s"}
		}
		all = append(all, h.Name)
		switch h.Unit {
		case "ms":
			millis = append(millis, h.Name)
		case "reset":
			reset = append(reset, h.Name)
		}
	}
	return waitHeaderSet{all: httpmodel.NewNames(all...), millis: httpmodel.NewNames(millis...), reset: httpmodel.NewNames(reset...)}
}

// funcFact summarises a function for its callers in this and other
// packages. Bits follow package flow: flow.Source marks a value derived
// from a Retry-After header read inside the function, flow.Param(i) one
// derived from parameter i.
type funcFact struct {
	Results []flow.Bits // origins of each result
	Date    flow.Bits   // parameters on which the HTTP-date form is tried
	Seconds flow.Bits   // parameters parsed as seconds
	// Calls are the origins of what the function values that the
	// function returns give when called: a constructor of a backoff that
	// returns the server's wait (funcvalues.go).
	Calls flow.Bits
	// Names are, for each result, the parameters whose value names the
	// header that the result reads (a getHeader(resp, name) helper): a
	// call that passes a wait header's name gets the server's wait.
	Names []flow.Bits
	// Caps are the parameters whose value a result returns bounded from
	// above (a clamp(d, lo, hi) helper): a call that passes the server's
	// wait caps it.
	Caps flow.Bits
	// Until are the parameters, of time type, whose time the function
	// waits until with no test for the zero time (zeroreset.go).
	Until flow.Bits
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
	if f.Calls != 0 {
		parts = append(parts, "calls="+bitsString(f.Calls))
	}
	if f.Caps != 0 {
		parts = append(parts, "caps="+bitsString(f.Caps))
	}
	if f.Until != 0 {
		parts = append(parts, "until="+bitsString(f.Until))
	}
	for i, n := range f.Names {
		if n != 0 {
			parts = append(parts, fmt.Sprintf("names%d=%s", i, bitsString(n)))
		}
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
	if f.Date != 0 || f.Seconds != 0 || f.Calls != 0 || f.Caps != 0 || f.Until != 0 {
		return false
	}
	for _, r := range f.Results {
		if r != 0 {
			return false
		}
	}
	for _, n := range f.Names {
		if n != 0 {
			return false
		}
	}
	return true
}

// joinFacts returns the union of two summaries (the solver's join; see
// internal/summary).
func joinFacts(old, new *funcFact) *funcFact {
	j := &funcFact{Results: slices.Clone(new.Results), Date: old.Date | new.Date, Seconds: old.Seconds | new.Seconds, Calls: old.Calls | new.Calls, Caps: old.Caps | new.Caps, Until: old.Until | new.Until}
	for i := range min(len(j.Results), len(old.Results)) {
		j.Results[i] |= old.Results[i]
	}
	j.Names = slices.Clone(new.Names)
	if len(old.Names) > len(j.Names) {
		j.Names, old = slices.Clone(old.Names), new
	}
	for i := range min(len(j.Names), len(old.Names)) {
		j.Names[i] |= old.Names[i]
	}
	return j
}

func (f *funcFact) equal(g *funcFact) bool {
	return f.Date == g.Date && f.Seconds == g.Seconds && f.Calls == g.Calls && f.Caps == g.Caps && f.Until == g.Until && slices.Equal(f.Results, g.Results) && slices.Equal(f.Names, g.Names)
}

type checker struct {
	pass    *analysis.Pass
	headers waitHeaderSet
	sums    *summary.Table[funcFact, *funcFact]
	scans   map[*ast.FuncDecl]*scan
	calls   *callindex.Index
	// waitCaps memoizes waitCapOf (waitcap.go): nil for a function that
	// is no capping wait helper.
	waitCaps map[*types.Func]*waitCap
	// oneForm are the values parsed in one form only, reported once the
	// whole package is checked, when it is known which files need the
	// parsing helper (parsefix.go).
	oneForm []oneFormParse
	// fields are this package's stores of the server's wait into struct
	// fields (fields.go); importedField caches the facts of other
	// packages' fields, of which importedFields says there are some.
	fields         map[*types.Var]flow.Bits
	importedField  map[*types.Var]flow.Bits
	importedFields bool
	// unset are this package's wait fields that may keep their zero value
	// (fieldFact.Unset).
	unset map[*types.Var]bool
	// readsField caches selectsWaitField once the fields are known.
	readsField map[*ast.FuncDecl]bool
	// funcVals are the variables, fields and named function types whose
	// function values return the server's wait (funcvalues.go), and
	// importedFuncVal caches other packages' facts about theirs;
	// funcStores are the stores of function values that make them so.
	funcVals        map[types.Object]flow.Bits
	importedFuncVal map[types.Object]flow.Bits
	funcStores      []funcStore
	// importedFuncVals says whether a dependency exported a
	// funcValueFact.
	importedFuncVals bool
	// nameParam, while summarising Names, is the parameter whose header
	// reads are the only source (namedreads.go).
	nameParam *types.Var
	// capParam, while summarising Caps, is the parameter taken for the
	// server's wait, and dry collects the caps found on it instead of
	// reporting them (capfacts.go).
	capParam *types.Var
	dry      *bool
	// fedParams, while checking a parsing helper, are its parameters that
	// a caller in the package feeds a wait header's value, with the
	// value's origins (helpers.go); fed collects such helpers.
	fedParams map[*types.Var]flow.Bits
	fed       map[*ast.FuncDecl]map[int]flow.Bits
	// rangeChecked are the parse calls checkRange has judged, and
	// truncReported the conversions checkTruncation has reported.
	rangeChecked  map[*ast.CallExpr]bool
	truncReported map[*ast.CallExpr]bool
	// signedFields are the time.Duration fields whose sign some function
	// of the package checks where it reads them (signfacts.go).
	signedFields map[*types.Var]bool
	// capsOnly: the package does not reach net/http and summarises only
	// its helpers that bound a number (capfacts.go).
	capsOnly bool
	// overflow is Config.Overflow.
	overflow bool
	// bound are the names that fixes bind in each function (a function
	// literal or declaration), so that two fixes applied together do
	// not declare one name twice.
	bound map[ast.Node]map[string]bool
}

// boundIn returns the names that fixes bind in the function enclosing
// stack.
func (c *checker) boundIn(stack []ast.Node) map[string]bool {
	fn, _ := fixes.EnclosingFunc(stack)
	if c.bound == nil {
		c.bound = map[ast.Node]map[string]bool{}
	}
	if c.bound[fn] == nil {
		c.bound[fn] = map[string]bool{}
	}
	return c.bound[fn]
}

func run(pass *analysis.Pass, headers waitHeaderSet, overflow bool, at func(token.Pos)) (any, error) {
	if !httpmodel.ImportsHTTP(pass.Pkg) && !hasFacts(pass) {
		// A package far from HTTP may still hold a helper that bounds a
		// duration (clamp(d, lo, hi)): its Caps are all it can tell.
		return nil, runBoundHelpers(pass, headers, at)
	}
	c := &checker{pass: pass, headers: headers, overflow: overflow, scans: map[*ast.FuncDecl]*scan{}, calls: pass.ResultOf[callindex.Analyzer].(*callindex.Index),
		fields: map[*types.Var]flow.Bits{}, importedField: map[*types.Var]flow.Bits{}, unset: map[*types.Var]bool{},
		funcVals: map[types.Object]flow.Bits{}, importedFuncVal: map[types.Object]flow.Bits{}}
	if httpmodel.ReachesHTTP(pass.Pkg) || !analysisutil.InGOROOT(pass) {
		// A function value holds the server's wait only when it reads a
		// header, or calls what does: none can in a standard package that
		// does not reach net/http, so its stores need no search. (Another
		// package may reach it through an SDK whose API, all that export
		// data lists of the imports under go vet, never mentions net/http.)
		c.funcStores = c.findFuncStores()
	}
	httpmodel.ExportHeaderMapFields(pass)
	c.importedFields = hasFieldFacts(c)
	c.importedFuncVals = hasFuncValueFacts(c)
	c.sums = summary.NewTable[funcFact](pass) // other packages' facts, for the scans
	report := !analysisutil.FactsOnly(pass)
	if report {
		checkLibraries(pass, headers, at)
	}

	funcs := c.calls.Funcs()
	for _, f := range funcs {
		at(f.Decl.Pos())
		c.scans[f.Decl] = c.scanBody(f.Decl)
	}
	// Summaries of this package's functions depend on one another: the
	// solver summarises callees first, and again while they change. A
	// function that stores the server's wait in a field makes every
	// reader of the field a source: the summaries are then solved again
	// (a field holding a value read from another field adds a round).
	g := summary.NewGraph(c.calls)
	for round := 0; ; round++ {
		if round > 0 {
			c.sums = summary.NewTable[funcFact](pass)
		}
		c.readsField = map[*ast.FuncDecl]bool{}
		grew := false
		c.sums.Solve(g, summary.Problem[*funcFact]{
			Summarise: func(i int) (*funcFact, bool) {
				fd := g.Funcs[i].Decl
				at(fd.Pos())
				if c.capsOnly {
					return c.boundFact(g.Funcs[i].File, fd)
				}
				if !passesValues(pass.TypesInfo, fd) && !returnsFunc(pass.TypesInfo, fd) && !c.mayDerive(fd, true) && !c.waitsUntilParam(fd) {
					return nil, false // its summary is empty: no need to follow values
				}
				f := c.analyze(fd)
				grew = c.noteFields(f, fd) || grew
				fact := c.summarise(f, fd)
				fact.Calls = c.returnedCalls(fd)
				fact.Names = c.namedReads(fd)
				fact.Caps = c.caps(g.Funcs[i].File, fd, fact)
				fact.Until = c.untilParams(fd, f)
				return fact, true
			},
			Equal: (*funcFact).equal,
			Join:  joinFacts,
			// Other packages call the exported functions (and the ones used
			// as values); this package's own calls read the table.
			Export: func(_ *types.Func, fact *funcFact) bool { return !fact.empty() },
		})
		grew = c.noteFuncValues() || grew
		if !grew || round == 3 {
			break
		}
	}
	c.exportFields()
	c.exportSigns()
	c.exportFuncValues()
	if !report {
		return nil, nil // every fact is exported: the rest only reports
	}
	for _, f := range funcs {
		at(f.Decl.Pos())
		if !c.mayDerive(f.Decl, false) {
			continue // no Retry-After value: nothing to report
		}
		c.checkFunc(f.File, f.Decl, c.analyze(f.Decl))
	}
	c.checkFedHelpers()
	c.reportOneForm()
	c.checkUncanonicalKeys()
	return nil, nil
}

// hasFacts reports whether some dependency exported a fact, in which case
// a package that does not import net/http can still handle a Retry-After
// value it received.
func hasFacts(pass *analysis.Pass) bool {
	// A signFact tells only a package that parses a wait header, which
	// reaches net/http: it alone does not make one worth the analysis.
	for _, f := range pass.AllObjectFacts() {
		if _, sign := f.Fact.(*signFact); !sign {
			return true
		}
	}
	return false
}

func (c *checker) fact(fn *types.Func) *funcFact { return c.sums.Lookup(fn) }

func (c *checker) analyze(fd *ast.FuncDecl) *flow.Func {
	return c.analyzeBody(fd.Type, fd.Body, c.calls.Nodes(fd), c.calls.Returns(fd))
}

// analyzeBody follows the server's wait through one function body: a
// declaration's, with the nodes and returns the call index found in it,
// or a function literal's, with none (the engine walks it).
func (c *checker) analyzeBody(ftype *ast.FuncType, body *ast.BlockStmt, nodes []ast.Node, returns []*ast.ReturnStmt) *flow.Func {
	info := c.pass.TypesInfo
	var table *flow.ConstTable // built when a header name is not a constant
	var param func(int, *types.Var) flow.Bits
	if c.fedParams != nil {
		param = func(i int, v *types.Var) flow.Bits { return flow.Param(i) | c.fedParams[v] }
	}
	if c.capParam != nil {
		param = func(i int, v *types.Var) flow.Bits {
			if v == c.capParam {
				return flow.Param(i) | flow.Source
			}
			return flow.Param(i)
		}
	}
	return flow.Analyze(flow.Config{
		Info:    info,
		Nodes:   nodes,
		Returns: returns,
		Param:   param,
		Source: func(e ast.Expr) flow.Bits {
			if c.capParam != nil {
				return 0
			}
			if c.nameParam != nil {
				return c.paramNamedRead(e)
			}
			if call, ok := e.(*ast.CallExpr); ok {
				if waitCallback(info, call) {
					return flow.Source
				}
				if b := c.funcValueCall(call); b != 0 {
					return b
				}
			}
			if b := c.mapHeaderRead(e); b != 0 {
				return b
			}
			a, ok := httpmodel.HeaderRead(info, e)
			if !ok {
				return 0
			}
			if a.Name == "" && a.Key != nil {
				// A name from a table the function ranges over: a wait
				// header among others, in a unit not known here.
				if table == nil {
					table = flow.NewConstTable(info, body)
				}
				if slices.ContainsFunc(table.Strings(a.Key), c.headers.Has) {
					return flow.Source
				}
				return 0
			}
			return c.headerBits(a.Name)
		},
		Expr: func(f *flow.State[flow.Bits], e ast.Expr) (flow.Bits, bool) {
			// x * 1000 and x / 1000 change the unit between seconds and
			// milliseconds: the value is no longer known to be in its
			// header's unit (influxdb keeps Retry-After*1000 in a field of
			// milliseconds).
			if lit, ok := e.(*ast.CompositeLit); ok {
				return wrappedTime(f, info, lit)
			}
			b, ok := e.(*ast.BinaryExpr)
			if !ok || (b.Op != token.MUL && b.Op != token.QUO) || !(isThousand(info, b.Y) || b.Op == token.MUL && isThousand(info, b.X)) {
				return 0, false
			}
			bits := f.Expr(b.X).Join(f.Expr(b.Y))
			if bits&(flow.Tag|tagMillis) != 0 {
				bits |= flow.Tag | tagMillis
			}
			return bits, true
		},
		Select: func(sel *ast.SelectorExpr, x func() flow.Bits) flow.Bits {
			if c.nameParam != nil || c.capParam != nil {
				return 0
			}
			if v := flow.FieldOf(info, sel); v != nil {
				if b := c.fieldBits(v); b != 0 {
					return b
				}
				if t := analysisutil.Deref(info.TypeOf(sel.X)); t != nil && timeLike(t) && !httpmodel.IsNamed(t, "time", "Time") {
					return x() // the time inside a Timestamp is the Timestamp's
				}
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
				if c.nameParam == nil && c.capParam == nil {
					out[i] = r & flow.Origins
				}
				for _, p := range r.Params() {
					out[i] |= argBits(fn, args, p)
				}
				if i < len(f.Names) {
					out[i] |= c.namedResult(call, f.Names[i])
				}
			}
			return out, true
		},
	}, ftype, body)
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
			}
			if p.seconds {
				fact.Seconds |= b
			}
		}
		return true
	})
	return fact
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
		if a, ok := httpmodel.HeaderRead(info, call.Expr); ok && (a.Name == "" || c.headers.Has(a.Name)) {
			sc.reads = true
		}
		if call.Callee == nil && waitCallback(info, call.Expr) {
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
			if a, ok := httpmodel.HeaderRead(info, ix); ok && (a.Name == "" || c.headers.Has(a.Name)) {
				sc.reads = true
			}
			if c.mapHeaderRead(ix) != 0 {
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
func (c *checker) mayDerive(fd *ast.FuncDecl, parse bool) bool {
	sc := c.scans[fd]
	if sc.reads || parse && sc.parses {
		return true
	}
	if c.callsFuncValue(fd) {
		return true
	}
	if len(c.fields) > 0 || c.importedFields {
		r, ok := c.readsField[fd]
		if !ok {
			r = c.selectsWaitField(fd)
			c.readsField[fd] = r
		}
		if r {
			return true
		}
	}
	for _, fn := range sc.callees {
		f := c.fact(fn)
		if f == nil {
			continue
		}
		if slices.ContainsFunc(f.Results, func(b flow.Bits) bool { return b&flow.Origins != 0 }) || parse && f.Date|f.Seconds != 0 ||
			slices.ContainsFunc(f.Names, func(b flow.Bits) bool { return b != 0 }) {
			return true
		}
	}
	return false
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
	var oneForm []oneFormParse
	dateTried, secondsTried := false, false
	ast.PreorderStack(fd.Body, []ast.Node{file, fd}, func(n ast.Node, stack []ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			c.checkMinCall(file, f, n, stack)
			c.checkCapCall(file, f, n, stack)
			c.checkWaitCapCall(file, f, n, stack)
			c.checkRandom(file, f, fd.Body, n, stack)
			c.checkZeroTime(file, fd, f, n, stack)
			for _, p := range c.parses(f, n) {
				c.checkRange(f, p, append(slices.Clone(stack), n))
				c.noteFed(f, p)
				if f.Expr(p.arg)&flow.Tag == 0 {
					continue // not Retry-After itself, or not from a header
				}
				dateTried = dateTried || p.date
				secondsTried = secondsTried || p.seconds
				if p.date != p.seconds {
					oneForm = append(oneForm, oneFormParse{file, f, p, append(slices.Clone(stack), n)})
				}
			}
		case *ast.BinaryExpr:
			c.checkUnit(f, n)
			c.checkTruncation(f, n, stack)
			c.checkRandom(file, f, fd.Body, n, stack)
		case *ast.IfStmt:
			c.checkIfCap(file, f, n, stack)
			c.checkSmallOnly(file, f, n, stack)
			c.checkFallback(file, f, n, stack)
		case *ast.AssignStmt:
			c.checkDroppedError(file, f, n, stack)
		}
		return true
	})
	// A function that tries both forms of the value is right, whichever
	// call tries which.
	for _, p := range oneForm {
		if (p.seconds && !dateTried) || (p.date && !secondsTried) {
			c.oneForm = append(c.oneForm, p)
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

const errText = "retry_after_exceeds_deadline"

// retryAfter is the header that RFC 9110 defines with two forms, seconds
// and HTTP-date; other configured headers (such as an epoch reset time)
// need not accept a date.
const retryAfter = "Retry-After"

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

// isNilable reports whether nil is a value of t that says "none": a
// pointer, slice, map or interface.
func isNilable(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Pointer, *types.Slice, *types.Map, *types.Interface:
		return true
	}
	return false
}

// mapHeaderRead returns the bits of a read of a wait header from a map of
// header names to values that is no http.Header (headers["retry-after"]
// of a map[string]string that a client fills with the response's headers,
// their names folded), 0 for anything else.
func (c *checker) mapHeaderRead(e ast.Expr) flow.Bits {
	ix, ok := e.(*ast.IndexExpr)
	if !ok {
		return 0
	}
	info := c.pass.TypesInfo
	if !httpmodel.IsNameValueMap(info.TypeOf(ix.X)) {
		return 0
	}
	k, ok := httpmodel.ConstString(info, ix.Index)
	if !ok {
		return 0
	}
	return c.headerBits(http.CanonicalHeaderKey(k))
}
