package authlog

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"math/bits"
	"net/http"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/callindex"
	"github.com/retrylint/retrylint/internal/config"
	"github.com/retrylint/retrylint/internal/fixes"
	"github.com/retrylint/retrylint/internal/flow"
	"github.com/retrylint/retrylint/internal/httpmodel"
	"github.com/retrylint/retrylint/internal/logsink"
	"github.com/retrylint/retrylint/internal/paths"
	"github.com/retrylint/retrylint/internal/retryloop"
	"github.com/retrylint/retrylint/internal/stdfacts"
	"github.com/retrylint/retrylint/internal/summary"
)

//go:embed doc.go
var doc string

// Config is the configuration of one instance of the analyzer.
type Config struct {
	// Headers are the request and response headers that carry
	// credentials.
	Headers []string
	// Sinks are extra log functions, by qualified name:
	// example.com/mylog.Infof or (*example.com/mylog.Logger).Infof, and
	// writers, a package variable or a field, that are logs:
	// example.com/sdk.DebugOut or (example.com/sdk.Config).Trace.
	Sinks []string
	// DebugWriters are the names of the fields, parameters and
	// variables whose io.Writer is a debug or trace output, compared
	// case-insensitively.
	DebugWriters []string
	// SecretFields are the names of the struct fields whose text is a
	// credential (see DefaultSecretFields), compared case-insensitively
	// and without underscores.
	SecretFields []string
	// PartialRedaction reports a header, request or dump from which some
	// configured headers were removed but not all (see partial.go). Off,
	// the removal of any configured header counts as a redaction: code
	// that masks the one credential its requests carry (Authorization)
	// is then silent.
	PartialRedaction bool
}

// DefaultConfig returns the configuration the analyzer runs with when no
// flag is given.
func DefaultConfig() Config {
	return Config{
		Headers: []string{
			"Authorization", "Proxy-Authorization", "Cookie", "Set-Cookie", "X-Api-Key", "X-Auth-Token",
			// The token headers of cloud and infrastructure APIs: AWS
			// temporary credentials, Google API keys, HashiCorp Vault,
			// Consul and Nomad ACL tokens, GitLab personal tokens.
			"X-Amz-Security-Token", "X-Goog-Api-Key", "X-Vault-Token", "X-Consul-Token", "X-Nomad-Token", "Private-Token",
		},
		DebugWriters: DefaultDebugWriters(),
		SecretFields: DefaultSecretFields(),
	}
}

// Analyzer reports credentials that reach a log (headers, requests, dumps,
// secrets held in values and bodies), with the default configuration.
var Analyzer = New(DefaultConfig())

// New returns an analyzer with its own configuration and flags. It panics
// when cfg.Sinks holds a malformed name, which the -sinks flag would
// reject with an error.
func New(cfg Config) *analysis.Analyzer {
	headers := config.HeaderList(slices.Clone(cfg.Headers))
	sinks, err := logsink.ParseFuncs(cfg.Sinks)
	if err != nil {
		panic("authlog: " + err.Error())
	}
	debugWriters := logsink.Names(slices.Clone(cfg.DebugWriters))
	secretFields := logsink.Names(slices.Clone(cfg.SecretFields))
	partial := cfg.PartialRedaction
	a := &analysis.Analyzer{
		Name:      "authlog",
		Doc:       analysisutil.Doc(doc, "authlog"),
		URL:       "https://pkg.go.dev/github.com/retrylint/retrylint/analyzers/authlog",
		FactTypes: []analysis.Fact{new(funcFact), new(terminalFact), new(quietFact)},
		Requires:  []*analysis.Analyzer{callindex.Analyzer, retryloop.Analyzer},
		Run: analysisutil.Safe("authlog", func(pass *analysis.Pass, at func(token.Pos)) (any, error) {
			names := newSecretNames(secretFields)
			// The default list stands for every name whose words say
			// secret (internal/secrets); a list given replaces it.
			names.words = slices.Equal(secretFields, DefaultSecretFields())
			return run(pass, headers, sinks, debugWriters, names, partial, at)
		}),
	}
	a.Flags.Var(&headers, "headers", "comma-separated headers whose values are credentials")
	a.Flags.Var(&sinks, "sinks", "comma-separated extra log functions by qualified name, such as example.com/mylog.Infof or (*example.com/mylog.Logger).Infof, or writers that are logs, such as (example.com/sdk.Config).Trace")
	a.Flags.Var(&debugWriters, "debug-writers", "comma-separated names of fields, parameters and variables whose io.Writer is a debug or trace output")
	a.Flags.BoolVar(&partial, "partial-redaction", partial, "report a header, request or dump from which some credential headers were removed but not all, naming those left (off: removing the ones the package sends counts as a redaction)")
	a.Flags.Var(&secretFields, "secret-fields", "comma-separated names of struct fields whose text is a credential, logged or printed when a log formats the struct whole (the default also takes every name whose words say password, secret, API or private key, access, refresh or session token)")
	return stdfacts.Wrap(a)
}

// funcFact summarises a function for its callers in this and other
// packages: the parameters it writes to a log (it is then a log function
// itself), and the credentials its results carry.
type funcFact struct {
	// Sink is the log function that the parameters reach, such as
	// log.Printf.
	Sink string
	// Values has bit i set when parameter i is written to the log as a
	// value. AsError has bit i set for such a parameter of an empty
	// interface type that reaches the log only once asserted to error
	// (if err, ok := out.(error); ok { log.Print(err) }): a caller's
	// argument of a concrete type that is no error is not logged.
	Values, AsError uint64
	// Sent has bit i set when parameter i, which the function logs, it
	// also sends (sentlog.go): a caller's credential in it is the
	// function's to stop logging, not the caller's to redact.
	Sent uint64
	// Printf is true when the function formats like printf: parameter
	// Format is the format and the verbs apply to the arguments of the
	// variadic parameter Args.
	Printf       bool
	Format, Args int
	// Results are the credential kinds each result carries.
	Results []uint64
	// Passes has, for each result, bit i set when parameter i reaches
	// it (a helper that formats, copies or composes what it is given):
	// the result carries what the caller passes there.
	Passes []uint64
	// Removes lists, for each result that is an http.Header or a
	// request, the configured headers (canonical, sorted; "*" for every
	// one) that some return statement has removed from it: the function
	// is a redacting helper, complete when it removes every configured
	// header, partial otherwise (see partial.go).
	Removes [][]string
	// Strips lists, for each parameter that is an http.Header or a
	// *http.Request, the configured headers that the function removes
	// from that header (or the request's Header) in place.
	Strips [][]string
	// Masks is true for a function that returns its text parameter
	// masked: every result is constant text, a marker, or a part of the
	// parameter joined to a marker (k[:4] + "****"); see masking.go.
	Masks bool
	// Sends has, for each parameter, the credential kinds the function
	// sends it as (a configured header's value, a basic-auth password),
	// itself or through a callee: a helper such as setAuth(req, token)
	// makes its caller's token a credential (credfield.go).
	Sends []uint64
	// Fields has, for a String or Error method of a struct type, bit i
	// set when the i-th field of the receiver reaches its text
	// (printfields.go).
	// Redacts is true for one that redacts what it prints of them.
	Fields  uint64
	Redacts bool
	// PrintsRecv is true for the String or Error method of a type that
	// is no struct whose text is made from the receiver (printsRecv).
	PrintsRecv bool
	// Built has, for a function whose first result is a struct (or a
	// pointer to one) printed by its String method and always made from
	// a struct literal there (Made), what each of its fields carries, by
	// field index (printfields.go).
	Built []uint64
	Made  bool
	// NameMask holds, for a masking helper keyed by a header's name
	// (scrub(key, value) that masks the value of every configured
	// header), its name and value parameters, counted from 1
	// (namemask.go); zeros otherwise.
	NameMask [2]int
	// ListMask is, for a function that prints a header but the names of
	// a list its caller hands it (listmask.go), that parameter, counted
	// from 1; 0 otherwise.
	ListMask int
	// ListNorm says how the list's names are compared with a header's
	// (the fill's and the key's normalisation, listmask.go).
	ListNorm [2]uint8
	// Fills has, for each parameter that the function writes into (a
	// buffer, a writer, a map it is handed: writeHeaders(&b, h),
	// copyFields(reader, fields)), bit i set when parameter i reaches
	// what it writes there, and FillKinds the credential kinds it writes
	// there of its own making.
	Fills, FillKinds []uint64
	// RecvFills has, for a method whose receiver points to a slice or map
	// type, bit i set when parameter i reaches what it writes through the
	// receiver (recvFills).
	RecvFills uint64
}

func (*funcFact) AFact() {}

// bitList names the bits set in mask, prefix followed by the bit's
// index, comma-separated ("p0,p2").
func bitList(prefix string, mask uint64) string {
	var names []string
	for i := range 64 {
		if mask&(1<<i) != 0 {
			names = append(names, fmt.Sprintf("%s%d", prefix, i))
		}
	}
	return strings.Join(names, ",")
}

func (f *funcFact) String() string {
	var parts []string
	if f.Values != 0 || f.Printf {
		parts = append(parts, "sink="+f.Sink)
	}
	if f.Values != 0 {
		parts = append(parts, "values="+bitList("p", f.Values))
	}
	if f.AsError != 0 {
		parts = append(parts, "aserror="+bitList("p", f.AsError))
	}
	if f.Printf {
		parts = append(parts, fmt.Sprintf("printf=p%d:p%d", f.Format, f.Args))
	}
	if f.Sent != 0 {
		parts = append(parts, "sends="+bitList("p", f.Sent))
	}
	for i, r := range f.Results {
		if r != 0 {
			parts = append(parts, fmt.Sprintf("result%d=%s", i, kindsString(creds(r))))
		}
		if i < len(f.Passes) && f.Passes[i] != 0 {
			parts = append(parts, fmt.Sprintf("result%d<-%s", i, bitList("p", f.Passes[i])))
		}
		if i < len(f.Removes) && len(f.Removes[i]) > 0 {
			parts = append(parts, fmt.Sprintf("result%d=redacts(%s)", i, strings.Join(f.Removes[i], ",")))
		}
	}
	for i, names := range f.Strips {
		if len(names) > 0 {
			parts = append(parts, fmt.Sprintf("p%d=redacts(%s)", i, strings.Join(names, ",")))
		}
	}
	if f.Masks {
		parts = append(parts, "masks")
	}
	if f.NameMask[0] != 0 {
		parts = append(parts, fmt.Sprintf("masks(p%d by p%d)", f.NameMask[1]-1, f.NameMask[0]-1))
	}
	if f.ListMask != 0 {
		parts = append(parts, fmt.Sprintf("listmask(p%d)", f.ListMask-1))
	}
	if f.Fields != 0 {
		parts = append(parts, "prints="+bitList("f", f.Fields))
	}
	if f.Redacts {
		parts = append(parts, "redacts-fields")
	}
	if f.PrintsRecv {
		parts = append(parts, "prints-recv")
	}
	if f.RecvFills != 0 {
		parts = append(parts, "recv<-"+bitList("p", f.RecvFills))
	}
	if f.Made {
		var bs []string
		for i, b := range f.Built {
			if b != 0 {
				bs = append(bs, fmt.Sprintf("f%d=%s", i, kindsString(creds(b))))
			}
		}
		parts = append(parts, "made("+strings.Join(bs, ",")+")")
	}
	for i, k := range f.Sends {
		if k != 0 {
			parts = append(parts, fmt.Sprintf("p%d=sent(%s)", i, kindsString(creds(k))))
		}
	}
	for i := range max(len(f.Fills), len(f.FillKinds)) {
		var what []string
		if i < len(f.Fills) && f.Fills[i] != 0 {
			what = append(what, bitList("p", f.Fills[i]))
		}
		if i < len(f.FillKinds) && f.FillKinds[i] != 0 {
			what = append(what, kindsString(creds(f.FillKinds[i])))
		}
		if len(what) > 0 {
			parts = append(parts, fmt.Sprintf("p%d<-%s", i, strings.Join(what, ",")))
		}
	}
	return "authlog(" + strings.Join(parts, " ") + ")"
}

func kindsString(c creds) string {
	var parts []string
	for _, k := range []struct {
		bit  creds
		name string
	}{{credHeader, "header"}, {credRequest, "request"}, {credDump, "dump"}, {credRespDump, "response-dump"}, {credPassword, "password"}, {credCookie, "cookie"}, {credSecret, "secret"}, {credURLError, "url-error"}, {credResponse, "response"}, {nameBits, "header-value"}} {
		if c&k.bit != 0 {
			parts = append(parts, k.name)
		}
	}
	return strings.Join(parts, "+")
}

func (f *funcFact) sink() bool { return f.Values != 0 || f.Printf }

func (f *funcFact) empty() bool {
	nonzero := func(r uint64) bool { return r != 0 }
	some := func(names []string) bool { return len(names) > 0 }
	return !f.sink() && !f.Masks && f.NameMask[0] == 0 && f.ListMask == 0 && f.Fields == 0 && !f.Redacts && !f.PrintsRecv && f.RecvFills == 0 && !f.Made && !slices.ContainsFunc(f.Removes, some) && !slices.ContainsFunc(f.Strips, some) &&
		!slices.ContainsFunc(f.Results, nonzero) && !slices.ContainsFunc(f.Passes, nonzero) && !slices.ContainsFunc(f.Sends, nonzero) &&
		!slices.ContainsFunc(f.Fills, nonzero) && !slices.ContainsFunc(f.FillKinds, nonzero)
}

func (f *funcFact) equal(g *funcFact) bool {
	return f.Sink == g.Sink && f.Values == g.Values && f.AsError == g.AsError && f.Sent == g.Sent && f.Fields == g.Fields && f.Redacts == g.Redacts && f.PrintsRecv == g.PrintsRecv && f.RecvFills == g.RecvFills && f.Made == g.Made && slices.Equal(f.Built, g.Built) && f.Printf == g.Printf && f.Masks == g.Masks && f.NameMask == g.NameMask && f.ListMask == g.ListMask && f.ListNorm == g.ListNorm &&
		f.Format == g.Format && f.Args == g.Args && slices.Equal(f.Results, g.Results) && slices.Equal(f.Passes, g.Passes) && slices.Equal(f.Sends, g.Sends) &&
		slices.EqualFunc(f.Removes, g.Removes, slices.Equal) && slices.EqualFunc(f.Strips, g.Strips, slices.Equal) &&
		slices.Equal(f.Fills, g.Fills) && slices.Equal(f.FillKinds, g.FillKinds)
}

type checker struct {
	pass *analysis.Pass
	// secretMaps and maskedMaps are the maps the package reads a secret
	// key of, and those it masks a secret key of (see mapSecret).
	secretMaps, maskedMaps map[*types.Var]bool
	// userURLs are the fields of URL type given user information that
	// may hold a password (c.base.User = auth, &Client{base: *u}):
	// printed, the password is in the URL's user part, which Redacted
	// masks (see credVars).
	userURLs map[*types.Var]bool
	// eventFields caches loggedFields, typeMethods methodsOf (eventfield.go).
	eventFields map[*types.Named]map[*types.Var]sinkCall
	typeMethods map[*types.Named][]callindex.Func
	// storing are the functions that store an input in a logged field,
	// found by reach: only they are asked again by storedLogged.
	storing map[*ast.FuncDecl]bool
	// routes are the credentials handed to helpers of the package that
	// log and send them, and sentMemo caches alsoSent (sentlog.go).
	routes   []route
	sentMemo map[sentKey][2]bool
	// stateOf returns the analysed state of a function of the package,
	// set once the summaries are solved.
	stateOf func(*ast.FuncDecl) *fstate
	// mapFuncs caches mapEntries' answer for each function of the
	// package whose returns return a map (see literalEntry).
	mapFuncs map[*types.Func]*cachedEntries
	// unsolved counts the times stateNow found a function not analysed
	// yet.
	unsolved int
	// solved returns, while the summaries are solved, the state a
	// function of the package was last analysed in, or nil.
	solved func(*ast.FuncDecl) *fstate
	// wrappers are the names of other packages' functions that log (see
	// wrapperNames).
	wrappers map[string]bool
	names    []string // configured headers, canonical, in order
	sinks    logsink.Funcs
	// debugWriters are the names of the writers that are debug output.
	debugWriters logsink.Names
	// methods are the method declarations of the package by position,
	// built on first use (see enclosing).
	methods []*ast.FuncDecl
	sums    *summary.Table[funcFact, *funcFact]
	calls   *callindex.Index
	// hooks are the flow engine's, for cur, the function being analysed
	// (see analyze).
	hooks *flow.Hooks[val]
	cur   *fstate
	// secretFields are the struct fields whose text is a credential;
	// secrets the struct types of this package with one that a log
	// prints whole (see noteSecret).
	secretFields secretNames
	// partial is Config.PartialRedaction (see complete).
	partial bool
	// spellings are the header names not in canonical form that the
	// package stores values under (see ownSpelling), found on first use.
	spellings map[string]bool
	// sends are the configured headers that the package sets on what it
	// sends (see sendsHeaders), built on first use.
	sends     nameSet
	sendsDone bool
	// inString are the String methods whose formatted values
	// noteSecretInString is following (a method that prints its own
	// type is followed once).
	inString map[*types.Func]bool
	// decoded are the local variables of text that a function decodes
	// into a value with a secret field, and where it does (see
	// decodedSecret), built with credVars.
	decoded map[*types.Var][]decode
	// graphs are the control-flow graphs of the functions decodedAt asks
	// about, built on first use.
	graphs *paths.Cache
	// basicAuth: the package calls SetBasicAuth on a request (see
	// sendsHeaders).
	basicAuth bool
	secrets   map[*types.TypeName]*secretUse
	// ptrPrints are the values printed whole whose String method is
	// their pointer's (see pointerString).
	ptrPrints []*secretUse
	// msets caches the method sets logsink.PrintMethod looks in.
	msets typeutil.MethodSetCache
	// help is what the package offers for the helper that the fixes
	// call (see helper.go); inline makes the fixes build the clone in
	// place instead, and usedHelper records that the fix being built
	// calls it.
	help               helperState
	inline, usedHelper bool
	// fvSets are the functions the package assigns to func fields and
	// variables (see funcvalue.go), built on first use.
	fvSets map[*types.Var]funcValueSet
	// ifaceImpls are, for the methods of the package's interfaces that
	// it calls, the methods of its types that implement them (see
	// ifacelog.go).
	ifaceImpls map[*types.Func][]*types.Func
	// ifaceCache keeps ifaceFact's answers (see there).
	ifaceCache map[*types.Func]ifaceCached
	// localDispatch finds them (summary.Dispatch over the package's own
	// types), made at the first question.
	localDispatch *summary.Dispatch
	// cuts caches, for each function, the end of the sampling idiom
	// that cuts each of its variables (see samplingCuts).
	cuts map[*ast.FuncDecl]map[*types.Var]token.Pos
	// lits caches litOfVar: the constant list or map a variable holds.
	lits map[*types.Var]*ast.CompositeLit
	// terminals are the writers this package assigns os.Stdout or
	// os.Stderr (terminal.go).
	terminals map[*types.Var]bool
	// sent are the fields and package variables whose value the package
	// sends as a credential (credfield.go), built on first use.
	sent map[*types.Var]creds
	// dumpFields are the fields of text type the package stores a
	// request dump in (dumpfield.go).
	dumpFields map[*types.Var]creds
	// dumpStores are the dump calls stored in each of dumpFields; nil
	// when one of them is not known.
	dumpStores map[*types.Var][]*ast.CallExpr
	// defs are the local variables given a value once (see localDefs),
	// built on first use.
	defs map[*types.Var]ast.Expr
	// again are the variables and parameters assigned after their
	// declaration or whose address is taken (see localDefs).
	again map[*types.Var]bool
	// errorsBuilt are what the fields of the package's error values carry
	// where the package builds them (&APIError{Req: req}), by the error's
	// Error method (see errortext.go).
	errorsBuilt map[*types.Func]creds
	// secretVars caches secretSel by field, marshalled marshalsSecret by
	// type (secret.go).
	secretVars map[*types.Var]bool
	marshalled map[marshalKey]bool
	// formKeys caches secrets.FormKey by key.
	formKeys map[string]bool
	// fieldsOf is the receiver of the print method that analyze follows
	// for the fields it prints (printfields.go), or nil.
	fieldsOf *types.Var
	// paramsBlank leaves the parameters without bits while fieldsOf is
	// followed in a method that has some (eventfield.go).
	paramsBlank bool
	// shown are the String methods of the package that print fields a
	// log's values carry credentials in (printfields.go).
	shown map[*types.Func]*shownUse
}

type decl struct {
	file *ast.File
	fd   *ast.FuncDecl
	fn   *types.Func
}

func run(pass *analysis.Pass, headers config.HeaderList, sinks logsink.Funcs, debugWriters logsink.Names, secretFields secretNames, partial bool, at func(token.Pos)) (any, error) {
	isHTTP := httpmodel.ReachesHTTP(pass.Pkg)
	facts := hasFacts(pass)
	// A package that cannot mention an HTTP type holds no credential, but
	// it may still wrap a log function for packages that do.
	// A package that assigns a standard stream to a writer tells the
	// packages that write to it (terminal.go), whatever it imports.
	terms := terminals(pass)
	// A logger's method that writes nothing (a no-op logger, one that
	// keeps its records in memory) tells the packages that call it,
	// whatever it imports.
	exportQuiet(pass)
	// A package of text helpers may declare a masking helper
	// (masking.go) for the packages that do.
	masking := !isHTTP && declaresMaskCandidate(pass.Pkg)
	// A logging library of the project's may declare the constructors
	// of its fields (zlog.Any(key, value) Field), whose results carry
	// what they are given to the packages that log them.
	ctors := !isHTTP && !analysisutil.IsStdPath(pass.Pkg.Path()) && declaresFieldCtor(pass)
	// A package of byte helpers may declare a zero-copy conversion
	// (textView), whose result carries its argument to the packages that
	// log it.
	views := !isHTTP && !analysisutil.InStd(pass, pass.Pkg.Path()) && declaresTextView(pass)
	ctors = ctors || views
	onlyMasks := !isHTTP && !facts && !logsink.ImportsSink(pass.Pkg, sinks) && !declaresFuncLog(pass.Pkg) && !ctors
	if onlyMasks && !masking {
		return nil, nil
	}
	c := &checker{pass: pass, sinks: sinks, debugWriters: debugWriters, secretFields: secretFields, calls: pass.ResultOf[callindex.Analyzer].(*callindex.Index), terminals: terms, partial: partial}
	c.sums = summary.NewTable[funcFact](pass)
	for _, h := range headers {
		if n := http.CanonicalHeaderKey(h); !slices.Contains(c.names, n) {
			c.names = append(c.names, n)
		}
	}
	c.addSentCredentialNames()
	var decls []decl
	for _, f := range c.calls.Funcs() {
		if f.Obj != nil {
			decls = append(decls, decl{f.File, f.Decl, f.Obj})
		}
	}
	if onlyMasks {
		// Its masking helpers are all it offers: no walk of its bodies.
		c.exportMasks(decls)
		return nil, nil
	}
	// A package analysed for its facts alone skips the checks that only
	// report (analysisutil.FactsOnly).
	report := !analysisutil.FactsOnly(pass)
	if report {
		// The clients of other packages' constructors (retryloop's fact).
		checkLibraries(pass, c.names, pass.ResultOf[retryloop.Analyzer].(*retryloop.Result).Ctors(), at)
		checkAWSLogMode(pass)
	}
	// A package that cannot reach net/http carries no credential: only
	// the summaries of its log wrappers matter, and it has nothing to
	// report.
	logsHere := isHTTP || c.callsLog(decls)
	if !logsHere && !ctors {
		if masking {
			c.exportMasks(decls)
		}
		return nil, nil // nothing reaches a log
	}
	g := summary.NewGraph(c.calls)
	if isHTTP {
		c.addTableEdges(g)
	}
	c.linkInterfaces(g)
	logs, active := c.reach(g, isHTTP)
	if masking || ctors {
		for i, d := range g.Funcs {
			// Where nothing reaches a log, the constructors are all
			// that is summarised.
			active[i] = logsHere && active[i] || masking && maskCandidate(d.Obj) || ctors && (fieldCtor(pass.TypesInfo, d.Decl) || textView(pass.TypesInfo, d.Decl))
		}
	}
	// Summaries depend on one another: the solver analyses callees
	// first, and a function again only when a callee's summary changed
	// since. The last state of each function serves check.
	states := make([]*fstate, len(g.Funcs))
	indexOf := func(d *ast.FuncDecl) int {
		return slices.IndexFunc(g.Funcs, func(f callindex.Func) bool { return f.Decl == d })
	}
	c.solved = func(d *ast.FuncDecl) *fstate {
		if i := indexOf(d); i >= 0 {
			return states[i]
		}
		return nil
	}
	c.sums.Solve(g, summary.Problem[*funcFact]{
		Active: func(i int) bool { return active[i] },
		Summarise: func(i int) (*funcFact, bool) {
			d := g.Funcs[i]
			at(d.Decl.Pos())
			states[i] = c.analyze(d.Decl)
			return c.summarise(states[i], logs[i]), true
		},
		Equal: (*funcFact).equal,
		Join:  joinFacts,
		// Other packages call the exported functions (and the ones used
		// as values); this package's own calls read the table. A function
		// that returns a request exports even an empty summary, which
		// tells its callers that the request is redacted.
		Export: func(fn *types.Func, fact *funcFact) bool { return !fact.empty() || returnsRequest(fn) },
	})
	c.exportInterfaces(g)
	if !isHTTP || !report {
		return nil, nil
	}
	// Fields that hold a dump another method stored (dumpfield.go): the
	// functions that read one are analysed again to follow it.
	if c.findDumpFields(decls) {
		for i, d := range g.Funcs {
			if states[i] != nil && c.readsDumpField(d.Decl) {
				states[i] = c.analyze(d.Decl)
			}
		}
	}
	// The state of a function, analysed once: a helper that a route
	// reaches is asked about again (sentlog.go).
	c.stateOf = func(d *ast.FuncDecl) *fstate {
		i := indexOf(d)
		if i < 0 {
			return c.analyze(d)
		}
		if states[i] == nil {
			states[i] = c.analyze(d)
		}
		return states[i]
	}
	var found []*fileFindings
	for i, d := range g.Funcs {
		if isTestFile(pass, d.File) || !logs[i] {
			continue
		}
		at(d.Decl.Pos())
		st := states[i]
		if st == nil {
			st = c.analyze(d.Decl)
		}
		if ff := c.check(d.File, st); ff != nil {
			found = append(found, ff)
		}
	}
	found = c.mergeFindings(found, c.routedFindings())
	found = append(found, c.checkErrorTexts(g, states, at)...)
	found = append(found, c.checkStringTexts(g, states, at)...)
	c.fixAll(found, at)
	for _, ff := range found {
		for _, f := range ff.fs {
			if f.fix == nil {
				// No fix could be built: say nothing rather than half
				// (but to the maintainers' gates).
				analysisutil.Gate(c.pass, f.expr.Pos(), "nofix", f.msg)
				continue
			}
			c.pass.Report(analysis.Diagnostic{
				Pos:            f.expr.Pos(),
				End:            f.expr.End(),
				Message:        f.msg,
				SuggestedFixes: []analysis.SuggestedFix{*f.fix},
			})
		}
	}
	c.reportSecrets()
	c.reportPointerPrints()
	return nil, nil
}

// reach picks the functions of g to analyse: those that reach a log (in a
// package that cannot reach net/http, only those with a parameter: the
// others log no credential and wrap no log) and, in a package that can
// reach net/http (reachesHTTP), those with a result that can carry a
// credential to their callers. The others have an empty summary and
// nothing to report.
//
// logs[i] reports whether g.Funcs[i] reaches a log: it calls a log, a
// wrapper of one from another package, or a function of this package that
// reaches a log. Only then can it have something to report, or a
// parameter that reaches a log.
func (c *checker) reach(g *summary.Graph, reachesHTTP bool) (logs, active []bool) {
	logs = make([]bool, len(g.Funcs))
	wrappers := c.wrapperNames()
	for i, d := range g.Funcs {
		for _, call := range c.calls.Calls(d.Decl) {
			if fn := call.Callee; fn != nil {
				if !c.mayLogName(fn.Name(), wrappers) {
					continue // no log, nor a wrapper of one, by its name
				}
				if _, local := g.Of(fn); !local && c.isLogCall(call.Expr, fn.Origin()) || local && c.concreteLogger(fn) {
					logs[i] = true // it calls a log, a wrapper from another package, or a logger of its own by its shape
					break
				}
			} else if _, ok := c.funcValueSink(call.Expr); ok {
				logs[i] = true // a log held in a field or variable
				break
			}
		}
	}
	// A function that stores in a field a method logs (an event's Bytes,
	// whose Msg writes the fields; logrus's WithField, whose entry's
	// Debug writes them) reaches that log.
	// (Every method is asked, so that the fields are known before any
	// summary is made: finding them analyses the logging methods.)
	c.storing = map[*ast.FuncDecl]bool{}
	for i, d := range g.Funcs {
		if c.storesLoggedField(d) {
			logs[i] = true
			c.storing[d.Decl] = true
		}
	}
	// A caller of a function that reaches a log reaches it too.
	callindex.MarkCallers(g.Callers(), logs)
	// A function that removes headers from a header or request, itself
	// or through a helper, may strip its parameters (funcFact.Strips).
	strips := make([]bool, len(g.Funcs))
	if reachesHTTP {
		for i, d := range g.Funcs {
			strips[i] = c.removesHeaders(d.Decl)
		}
		callindex.MarkCallers(g.Callers(), strips)
	}
	active = make([]bool, len(g.Funcs))
	for i, d := range g.Funcs {
		// Without net/http, a function matters only as a log wrapper,
		// which needs a parameter to pass on.
		l := logs[i] && (reachesHTTP || d.Obj.Type().(*types.Signature).Params().Len() > 0)
		active[i] = l || reachesHTTP && (mayCarryResults(d.Obj) || strips[i] && hasHeaderParam(d.Obj) || c.sendsParam(d.Obj) || appendsToRecv(d.Obj) || hasTextOut(d.Obj) || hasFillParam(d.Obj))
	}
	return logs, active
}

// joinFacts returns a summary that holds what old and new do: new, with
// the parameters, results and redactions of old added (the solver's
// join; see internal/summary).
func joinFacts(old, new *funcFact) *funcFact {
	j := *new
	j.Values |= old.Values
	direct := new.Values&^new.AsError | old.Values&^old.AsError
	j.AsError = j.Values &^ direct
	j.Sent |= old.Sent
	j.Masks = j.Masks || old.Masks
	if j.NameMask[0] == 0 {
		j.NameMask = old.NameMask
	}
	if j.ListMask == 0 {
		j.ListMask, j.ListNorm = old.ListMask, old.ListNorm
	}
	j.Fields |= old.Fields
	j.Redacts = j.Redacts && old.Redacts
	j.PrintsRecv = j.PrintsRecv || old.PrintsRecv
	j.RecvFills |= old.RecvFills
	j.Made = j.Made && old.Made
	j.Built = orSlots(new.Built, old.Built)
	j.Removes = joinNames(new.Removes, old.Removes)
	j.Strips = joinNames(new.Strips, old.Strips)
	j.Results = orSlots(new.Results, old.Results)
	j.Passes = orSlots(new.Passes, old.Passes)
	j.Sends = orSlots(new.Sends, old.Sends)
	j.Fills = orSlots(new.Fills, old.Fills)
	j.FillKinds = orSlots(new.FillKinds, old.FillKinds)
	if !j.Printf && old.Printf {
		j.Printf, j.Format, j.Args = true, old.Format, old.Args
	}
	if j.Sink == "" {
		j.Sink = old.Sink
	}
	return &j
}

// orSlots returns a and b joined slot by slot, as long as the longer (a
// slot one of them lacks adds nothing); nil when both are empty.
func orSlots(a, b []uint64) []uint64 {
	if len(a) == 0 && len(b) == 0 {
		return nil
	}
	out := make([]uint64, max(len(a), len(b)))
	for i := range out {
		if i < len(a) {
			out[i] |= a[i]
		}
		if i < len(b) {
			out[i] |= b[i]
		}
	}
	return out
}

// joinNames returns, slot by slot, the union of two lists of header
// names of a fact.
func joinNames(a, b [][]string) [][]string {
	out := make([][]string, max(len(a), len(b)))
	for i := range out {
		var x, y []string
		if i < len(a) {
			x = a[i]
		}
		if i < len(b) {
			y = b[i]
		}
		out[i] = unionNames(x, y)
	}
	return out
}

// mayCarryResults reports whether a result of fn can carry a credential:
// one that is not a number or a boolean.
func mayCarryResults(fn *types.Func) bool {
	res := fn.Type().(*types.Signature).Results()
	for v := range res.Variables() {
		if b, ok := v.Type().Underlying().(*types.Basic); !ok || b.Info()&types.IsString != 0 {
			return true
		}
	}
	return false
}

// callsLog reports whether some function of decls calls a log function
// or a wrapper of one from another package. It tests each call by its
// name first, which spares asking most calls whether they log.
func (c *checker) callsLog(decls []decl) bool {
	wrappers := c.wrapperNames()
	found := false
	for _, d := range decls {
		// The call index, which the retry analyzers build for every
		// body anyway, with each callee resolved once.
		for _, call := range c.calls.Calls(d.fd) {
			name := httpmodel.CalleeName(call.Expr)
			if name == "" || !c.mayLogName(name, wrappers) {
				continue
			}
			if found = c.isLogCall(call.Expr, call.Callee); found {
				break
			}
		}
		if found {
			return true
		}
	}
	return false
}

// wrapperNames returns the names of the functions of other packages
// whose facts say they log (see mayLogName), computed once a package.
func (c *checker) wrapperNames() map[string]bool {
	if c.wrappers == nil {
		c.wrappers = map[string]bool{}
		for _, of := range c.pass.AllObjectFacts() {
			if f, ok := of.Fact.(*funcFact); ok && f.sink() {
				c.wrappers[of.Object.Name()] = true
			}
		}
	}
	return c.wrappers
}

// hasFacts reports whether some dependency exported a fact: a log wrapper
// or a function whose results carry credentials.
func hasFacts(pass *analysis.Pass) bool {
	return len(pass.AllObjectFacts()) > 0
}

// isTesting reports whether pkg is package testing or one below it: what
// a test prints (t.Errorf, t.Log) is test output about fixtures, not a log
// of production credentials.
func isTesting(pkg *types.Package) bool {
	return pkg != nil && (pkg.Path() == "testing" || strings.HasPrefix(pkg.Path(), "testing/"))
}

// isTestFile reports whether file is a _test.go file, whose credentials
// are fixtures.
func isTestFile(pass *analysis.Pass, file *ast.File) bool {
	return analysisutil.IsTestFile(pass, file)
}

func returnsRequest(fn *types.Func) bool {
	res := fn.Type().(*types.Signature).Results()
	for i := range res.Len() {
		if isRequest(res.At(i).Type()) {
			return true
		}
	}
	return false
}

func (c *checker) nameBit(name string) creds {
	if i := slices.Index(c.names, name); i >= 0 {
		return 1 << (nameShift + min(i, maxNames-1))
	}
	return 0
}

func (c *checker) fact(fn *types.Func) *funcFact {
	if len(c.ifaceImpls[fn]) > 0 {
		return c.ifaceFact(fn)
	}
	return c.sums.Lookup(fn)
}

// isLog reports whether fn is a log function, or a wrapper of one whose
// fact says so (sinkOf's test, without the call's arguments).
func (c *checker) isLog(fn *types.Func) bool {
	if fn == nil {
		return false
	}
	if _, ok := logsink.Match(fn, c.sinks, c.pass.Pkg); ok {
		return true
	}
	if f := c.fact(fn); f != nil && f.sink() && !isTesting(fn.Pkg()) {
		return true
	}
	if _, ok := logsink.PackageFunc(fn.Origin(), c.pass.Pkg); ok {
		return true
	}
	return c.concreteLogger(fn)
}

// concreteLogger reports whether fn logs by the shape of a concrete
// logger's method (see logsink.ConcreteMethod) and is not quiet (a no-op
// logger's Debugf(format string, args ...any) {} logs nothing): the
// quietFact that exportQuiet exported, for this package too, at the
// start of the run. A method of this package needs a body.
func (c *checker) concreteLogger(fn *types.Func) bool {
	fn = fn.Origin()
	if _, ok := logsink.ConcreteMethod(fn, c.pass.Pkg); !ok {
		return false
	}
	if _, ok := c.calls.Decl(fn); !ok && fn.Pkg() == c.pass.Pkg {
		return false
	}
	return !c.pass.ImportObjectFact(fn, new(quietFact))
}

// quietFact marks a method with a logger's shape (logsink.ConcreteMethod)
// whose body hands what it is given to no call (logsink.Quiet): it logs
// nothing, and is no log by its shape.
type quietFact struct{}

func (*quietFact) AFact()         {}
func (*quietFact) String() string { return "quiet" }

// exportQuiet exports a quietFact for each quiet method of the package
// with a logger's shape.
func exportQuiet(pass *analysis.Pass) {
	for fd, fn := range analysisutil.FuncDecls(pass) {
		if fd.Recv == nil || fd.Body == nil {
			continue
		}
		if _, ok := logsink.ConcreteMethod(fn, pass.Pkg); ok && logsink.Quiet(pass.TypesInfo, fd.Body, fn.Signature().Params()) {
			pass.ExportObjectFact(fn, new(quietFact))
		}
	}
}

// A sinkCall is a call that writes to a log: a log function, or a wrapper
// whose fact says it passes its arguments to one (via).
type sinkCall struct {
	logsink.Sink
	via string
	// qualified is the log function named with its package even when it
	// is declared in this one, as other packages read it in a fact; ""
	// when it is Name.
	qualified string
}

func (s sinkCall) describe() string {
	if s.via == "" {
		return s.Name
	}
	return fmt.Sprintf("%s (which passes it to %s)", s.Name, s.via)
}

// heldLogger reports whether call, a call of fn, logs by the shape of a
// logging method of an interface called on a value whose field,
// variable or parameter name says it logs (see logsink.HeldShape).
func (c *checker) heldLogger(call *ast.CallExpr, fn *types.Func) (logsink.Sink, bool) {
	if fn == nil || isTesting(fn.Pkg()) {
		return logsink.Sink{}, false // tb.Log(...) of a test helper
	}
	recv, _ := httpmodel.Receiver(c.pass.TypesInfo, call)
	var name string
	switch r := ast.Unparen(recv).(type) {
	case *ast.Ident:
		name = r.Name
	case *ast.SelectorExpr:
		name = r.Sel.Name
	default:
		return logsink.Sink{}, false
	}
	s, ok := logsink.HeldShape(fn, name, c.pass.Pkg)
	if ok {
		// Named as the code calls it: c.Logger.Debugf.
		s.Name = types.ExprString(recv) + "." + fn.Name()
	}
	return s, ok
}

func (c *checker) sinkOf(call callindex.Call) (sinkCall, bool) {
	fn := call.Callee
	if fn == nil {
		return c.funcValueSink(call.Expr)
	}
	if s, ok := c.writerSink(call.Expr, fn); ok {
		return s, true
	}
	if s, ok := logsink.Match(fn, c.sinks, c.pass.Pkg); ok {
		if _, ok := logsink.Args(c.pass.TypesInfo, call.Expr, s); !ok {
			return sinkCall{}, false // fmt.Fprintf to a writer that is not a log
		}
		if recv, _ := httpmodel.Receiver(c.pass.TypesInfo, call.Expr); recv != nil && logsink.ByLevelOnly(fn.Origin()) {
			s.Name = types.ExprString(recv) + "." + fn.Name() // as the code calls it: c.lg.Debugf
		}
		return sinkCall{Sink: s, qualified: logsink.Name(fn.Origin(), nil)}, true
	}
	if s, ok := c.heldLogger(call.Expr, fn); ok {
		return sinkCall{Sink: s, qualified: logsink.Name(fn.Origin(), nil)}, true
	}
	f := c.fact(fn)
	if f == nil || !f.sink() || isTesting(fn.Pkg()) {
		if s, ok := logsink.PackageFunc(fn.Origin(), c.pass.Pkg); ok {
			return sinkCall{Sink: s, qualified: logsink.Name(fn.Origin(), nil)}, true
		}
		if c.concreteLogger(fn) && !isTesting(fn.Pkg()) {
			s, _ := logsink.ConcreteMethod(fn.Origin(), c.pass.Pkg)
			return sinkCall{Sink: s, qualified: logsink.Name(fn.Origin(), nil)}, true
		}
		return sinkCall{}, false
	}
	s := logsink.Sink{Name: logsink.Name(fn.Origin(), c.pass.Pkg), Format: -1, Writer: -1, Params: c.notErrors(call.Expr, f)}
	if f.Printf {
		s.Format, s.Verbs = f.Format, f.Args
		s.Params |= 1<<f.Format | 1<<f.Args
	}
	return sinkCall{Sink: s, via: f.Sink}, true
}

// assertGated returns the bits of values (the parameters fd logs) for
// parameters of an empty interface type that reach the log only through
// an assertion to error: those it no longer logs when such assertions
// carry nothing. A response writer's Write(w, r, out any) logs out only
// when it is an error; a caller's struct is written to the response.
func (c *checker) assertGated(st *fstate, values uint64) uint64 {
	info := c.pass.TypesInfo
	fn, _ := info.Defs[st.decl.Name].(*types.Func)
	if fn == nil || values == 0 {
		return 0
	}
	var cand uint64
	for i, p := range slices.Collect(fn.Signature().Params().Variables()) {
		if i < 64 && values&(1<<i) != 0 && isEmptyInterface(p.Type()) && (i != st.variadic) {
			cand |= 1 << i
		}
	}
	if cand == 0 {
		return 0
	}
	asserts := false
	ast.Inspect(st.decl.Body, func(n ast.Node) bool {
		if ta, ok := n.(*ast.TypeAssertExpr); ok && errorAssert(info, ta) {
			asserts = true
		}
		return !asserts
	})
	if !asserts {
		return 0
	}
	cut := c.analyzeCut(st.decl, true)
	var still uint64
	for _, ic := range c.calls.Calls(st.decl) {
		s, ok := c.sinkOf(ic)
		if !ok {
			continue
		}
		c.loggedArgs(ic.Expr, s, nil, func(a logsink.Arg) { still |= cut.eval(a.Expr).p })
	}
	// A parameter stored in a field that another method logs is logged
	// as it is, asserted or not.
	var stored funcFact
	c.storedLogged(cut, &stored)
	still |= stored.Values
	return cand &^ still
}

// notErrors returns the parameters that f, the fact of call's callee,
// logs, less those it logs only as errors (AsError) where call hands
// them a value of a concrete type that is no error.
func (c *checker) notErrors(call *ast.CallExpr, f *funcFact) uint64 {
	params := f.Values
	if f.AsError == 0 {
		return params
	}
	_, args := httpmodel.Receiver(c.pass.TypesInfo, call)
	for i, a := range args {
		if i >= 64 || f.AsError&(1<<i) == 0 || call.Ellipsis.IsValid() {
			continue
		}
		t := c.pass.TypesInfo.TypeOf(a)
		if t != nil && !types.IsInterface(t) && !implementsError(t) {
			params &^= 1 << i
		}
	}
	return params
}

// errorAssert reports whether ta asserts a value of an empty interface
// type to error.
func errorAssert(info *types.Info, ta *ast.TypeAssertExpr) bool {
	if ta.Type == nil {
		return false // a type switch's x.(type)
	}
	t := info.TypeOf(ta.Type)
	return analysisutil.IsError(t) && isEmptyInterface(info.TypeOf(ta.X))
}

// isEmptyInterface reports whether t is an interface with no methods
// (any, interface{}).
func isEmptyInterface(t types.Type) bool {
	if t == nil {
		return false
	}
	it, ok := t.Underlying().(*types.Interface)
	return ok && it.NumMethods() == 0
}

// loggedArgs calls fn for each value that call, a log call, writes in a
// form that shows it.
func (c *checker) loggedArgs(call *ast.CallExpr, s sinkCall, skip ast.Expr, fn func(logsink.Arg)) {
	info := c.pass.TypesInfo
	args, ok := logsink.Args(info, call, s.Sink)
	if !ok {
		return
	}
	for _, a := range args {
		if a.Expr == skip {
			continue
		}
		c.loggedArg(call, a, 0, fn)
	}
}

// loggedArg calls fn for each value that a, an argument of call (a log
// call, or a constructor of a log attribute inside one), writes in a form
// that shows it: the elements of a list handed spread, and the arguments
// of an attribute constructor, whose own spread list is followed the same
// way (slog.Group("request", attrs...)).
func (c *checker) loggedArg(call *ast.CallExpr, a logsink.Arg, depth int, fn func(logsink.Arg)) {
	info := c.pass.TypesInfo
	xs := []logsink.Arg{a}
	if elems, ok := c.spreadElems(call, a); ok {
		xs = elems
	}
	for _, y := range xs {
		if inner, ok := ast.Unparen(y.Expr).(*ast.CallExpr); ok && inner.Ellipsis.IsValid() && depth < 4 && logsink.IsConstructor(httpmodel.Callee(info, inner)) {
			if args, ok := logsink.Args(info, inner, logsink.Sink{Format: -1, Writer: -1, All: true}); ok {
				for _, x := range args {
					c.loggedArg(inner, x, depth+1, fn)
				}
				continue
			}
		}
		for _, x := range logsink.Expand(info, y) {
			t := info.TypeOf(x.Expr)
			if x.Nested && heldAsAddress(t) {
				continue // printed as its address
			}
			if logsink.Reveals(x.Verb, t) {
				fn(x)
			}
		}
	}
}

// spreadElems returns, for a, the last argument of call handed spread
// (logger.Debug("sending", attrs...)), the elements of the list when it is
// a local variable that its function only ever assigns a composite
// literal ([]any{"method", req.Method}) or an append of elements to
// itself (attrs = append(attrs, "headers", req.Header)): what the call
// logs is those elements, each an argument of its own.
func (c *checker) spreadElems(call *ast.CallExpr, a logsink.Arg) ([]logsink.Arg, bool) {
	info := c.pass.TypesInfo
	if !call.Ellipsis.IsValid() || len(call.Args) == 0 || a.Expr != call.Args[len(call.Args)-1] {
		return nil, false
	}
	id, ok := ast.Unparen(a.Expr).(*ast.Ident)
	if !ok {
		return nil, false
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok || v.IsField() || v.Pkg() == nil || v.Parent() == v.Pkg().Scope() {
		return nil, false
	}
	sl, ok := v.Type().Underlying().(*types.Slice)
	if !ok {
		return nil, false
	}
	f, ok := c.calls.DeclAt(call.Pos())
	if !ok {
		return nil, false
	}
	body := f.Decl.Body
	var elems []ast.Expr
	ok = true
	ast.Inspect(body, func(n ast.Node) bool {
		if !ok {
			return false
		}
		switch n := n.(type) {
		case *ast.Ident:
			if info.Uses[n] != v && info.Defs[n] != v || n == id {
				return true
			}
			// Every other mention is an assignment of the list, or the
			// list appended to, checked below.
		case *ast.ValueSpec:
			// var attrs []any, var attrs = []any{...}
			for i, name := range n.Names {
				if info.Defs[name] != v {
					if i < len(n.Values) && flow.Mentions(info, n.Values[i], v) {
						ok = false // var other = f(attrs)
						return false
					}
					continue
				}
				if len(n.Values) == 0 {
					return false
				}
				lit, isLit := ast.Unparen(n.Values[i]).(*ast.CompositeLit)
				if len(n.Values) != len(n.Names) || !isLit {
					ok = false
					return false
				}
				elems = append(elems, lit.Elts...)
			}
			return false
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				lid, isID := ast.Unparen(l).(*ast.Ident)
				if !isID {
					if flow.Mentions(info, l, v) {
						// attrs[0] = x, *p = x: a store into the
						// list changes it.
						ok = false
						return false
					}
					continue
				}
				if info.Defs[lid] != v && info.Uses[lid] != v {
					continue
				}
				if len(n.Lhs) != len(n.Rhs) || n.Tok != token.DEFINE && n.Tok != token.ASSIGN {
					ok = false
					return false
				}
				switch r := ast.Unparen(n.Rhs[i]).(type) {
				case *ast.CompositeLit:
					for _, e := range r.Elts {
						if _, isKV := e.(*ast.KeyValueExpr); isKV {
							ok = false
							return false
						}
					}
					elems = append(elems, r.Elts...)
				case *ast.CallExpr:
					if !analysisutil.IsBuiltinCall(info, r, "append") || r.Ellipsis.IsValid() || len(r.Args) == 0 {
						ok = false
						return false
					}
					if first, isID := ast.Unparen(r.Args[0]).(*ast.Ident); !isID || info.Uses[first] != v {
						ok = false
						return false
					}
					elems = append(elems, r.Args[1:]...)
					for _, e := range r.Args[1:] {
						ok = ok && !flow.Mentions(info, e, v)
					}
					return false
				default:
					ok = false
					return false
				}
			}
			for _, r := range n.Rhs {
				// other := attrs, other := append(attrs, ...) leave the
				// list as it is; anything else made of it may change it.
				r = ast.Unparen(r)
				call, isCall := r.(*ast.CallExpr)
				if id, isID := r.(*ast.Ident); isID && info.Uses[id] == v || isCall && analysisutil.IsBuiltinCall(info, call, "append") {
					continue
				}
				if flow.Mentions(info, r, v) {
					ok = false
					return false
				}
			}
			return false
		default:
			return true
		}
		// A mention outside an assignment: the list is handed
		// elsewhere (a helper that adds to it), read or changed.
		ok = false
		return false
	})
	if !ok || len(elems) == 0 {
		return nil, false
	}
	out := make([]logsink.Arg, 0, len(elems))
	for _, e := range elems {
		out = append(out, logsink.Arg{Expr: e, Type: sl.Elem(), Verb: a.Verb})
	}
	return out, true
}

func (c *checker) summarise(st *fstate, logs bool) *funcFact {
	info := c.pass.TypesInfo
	f := &funcFact{}
	if st.decl.Type.Results != nil {
		n := st.decl.Type.Results.NumFields()
		f.Results = make([]uint64, n)
		f.Passes = make([]uint64, n)
		removes := make([]nameSet, n)
		// What a result cannot carry to the caller: a response dump
		// (see doc), and a whole response where the result is one,
		// which its type says (eval); an error or a text made from a
		// response carries it.
		cut := make([]creds, n)
		for i := range cut {
			cut[i] = credRespDump
		}
		if fn, ok := info.Defs[st.decl.Name].(*types.Func); ok {
			res := fn.Type().(*types.Signature).Results()
			for i := range min(n, res.Len()) {
				if isWholeResponse(res.At(i).Type()) {
					cut[i] |= credResponse
				}
			}
		}
		for _, ret := range c.calls.Returns(st.decl) {
			switch {
			case len(ret.Results) == n:
				for i, r := range ret.Results {
					v := st.eval(r)
					f.Results[i] |= uint64(v.c &^ cut[i])
					f.Passes[i] |= v.p
					if t := info.TypeOf(r); isHeader(t) || isRequest(t) || isWholeResponse(t) {
						removes[i] |= st.removedAt(st.headerKey(r, t), r.Pos(), false)
					}
				}
			case len(ret.Results) == 1:
				for i, v := range st.tupleExpr(ret.Results[0]) {
					if i < n {
						f.Results[i] |= uint64(v.c &^ cut[i])
						f.Passes[i] |= v.p
					}
				}
			case len(ret.Results) == 0:
				for i, v := range st.f.ResultVars() {
					if i < n {
						rv := st.f.Var(v, ret.Pos())
						f.Results[i] |= uint64(rv.c &^ cut[i])
						f.Passes[i] |= rv.p
					}
				}
			}
		}
		for i, set := range removes {
			if c.complete(set) {
				// A redacting helper returns what it was given only
				// when that holds nothing to redact.
				f.Passes[i] = 0
			}
			if set != 0 {
				if f.Removes == nil {
					f.Removes = make([][]string, n)
				}
				f.Removes[i] = c.factNames(set)
			}
		}
	}
	f.Strips = st.strips()
	f.ListMask, f.ListNorm = st.listMask, [2]uint8{st.listNorm.Fill, st.listNorm.Key}
	f.Masks = c.masksText(st.decl)
	if f.Masks {
		// A masking helper's result shows a part of its parameter at
		// most (k[len(k)-4:] after a marker): what the caller logs of
		// it is masked, as a header overwritten with it is.
		clear(f.Passes)
	} else if name, value, ok := c.namedMask(st.decl); ok {
		// One that masks the value of every configured header by its
		// name (namemask.go).
		f.NameMask = [2]int{name + 1, value + 1}
	}
	f.Sends = c.sentParams(st.decl)
	f.Fills, f.FillKinds = st.paramFills()
	f.RecvFills = c.recvFills(st.decl)
	if recv := c.printMethodRecv(st.decl); recv != nil {
		f.Fields, f.Redacts = c.printedFields(st.decl, recv)
	} else {
		f.PrintsRecv = c.printsRecv(st.decl)
	}
	f.Built, f.Made = st.builtFields()
	if !logs {
		return f // no call that may log: no parameter reaches a log
	}
	format, formats := c.formatsArgs(st)
	for _, ic := range c.calls.Calls(st.decl) {
		s, ok := c.sinkOf(ic)
		if !ok {
			continue
		}
		call := ic.Expr
		ultimate := s.factName()
		// A printf wrapper: the format and the arguments are parameters
		// passed on as they are (format, args...).
		var spread ast.Expr
		_, proper := httpmodel.Receiver(info, call)
		if s.Format >= 0 && call.Ellipsis.IsValid() && st.variadic >= 0 && s.Format < len(proper) && len(proper) == s.Verbs+1 {
			fv, lv := st.eval(proper[s.Format]), st.eval(proper[len(proper)-1])
			if fv.c == 0 && lv.c == 0 && bits.OnesCount64(fv.p) == 1 && lv.p == 1<<st.variadic {
				f.Printf, f.Format, f.Args = true, bits.TrailingZeros64(fv.p), st.variadic
				spread = proper[len(proper)-1]
				if f.Sink == "" {
					f.Sink = ultimate
				}
			}
		}
		c.loggedArgs(call, s, spread, func(a logsink.Arg) {
			v := st.eval(a.Expr)
			if formats && v.p&(1<<st.variadic) != 0 {
				// The text the wrapper formatted: its callers' verbs
				// say what of their arguments it shows.
				v.p &^= 1<<st.variadic | 1<<format
				f.Printf, f.Format, f.Args = true, format, st.variadic
				if f.Sink == "" {
					f.Sink = ultimate
				}
			}
			if v.p != 0 {
				f.Values |= v.p
				if f.Sink == "" {
					f.Sink = ultimate
				}
			}
		})
	}
	c.storedLogged(st, f)
	f.AsError = c.assertGated(st, f.Values)
	// Only another package reads Sent (this package's calls ask
	// alsoSent): exported functions, and those used as values.
	if f.Values != 0 && (st.decl.Name.IsExported() || c.addressTaken(st.decl)) {
		for i := range 64 {
			if f.Values&(1<<i) != 0 && c.alsoSent(st.decl, i) {
				f.Sent |= 1 << i
			}
		}
	}
	return f
}

// addressTaken reports whether fd's function is used as a value.
func (c *checker) addressTaken(fd *ast.FuncDecl) bool {
	obj, _ := c.pass.TypesInfo.Defs[fd.Name].(*types.Func)
	return obj != nil && c.calls.AddressTaken(obj)
}

// A finding is one credential that reaches a log.
type finding struct {
	leaf
	sink string
	msg  string
	fix  *analysis.SuggestedFix
	// value is true for a value replaced by a redacted constant; its fix
	// is built with the others of its function (see valueFixes).
	value bool
	what  string // for the fix message of a value
	// usesHelper is true when the fix calls the helper (see helper.go).
	usesHelper bool
	// call is the log call of which the credential is an argument
	// itself, with the index of its format among the arguments proper
	// (-1 for none); nil when the credential is part of an argument.
	call       *ast.CallExpr
	sinkFormat int
	// from are the credentials of callers that a helper of the package
	// logs and sends (sentlog.go), for a finding at the helper's log.
	from []token.Pos
}

// implementsError reports whether values of type t are errors, which fmt,
// slog and the other loggers print through their Error method.
func implementsError(t types.Type) bool {
	if t == nil {
		return false
	}
	return types.Implements(t, analysisutil.ErrorInterface)
}

// check returns the findings of the function st, in source order, or nil;
// their messages and fixes are planned once the whole package has been
// checked (see fixAll).
func (c *checker) check(file *ast.File, st *fstate) *fileFindings {
	info := c.pass.TypesInfo
	var fs []*finding
	seen := map[ast.Expr]bool{}
	for _, ic := range c.calls.Calls(st.decl) {
		s, ok := c.sinkOf(ic)
		if !ok {
			continue
		}
		c.loggedArgs(ic.Expr, s, nil, func(a logsink.Arg) {
			// Loggers print a value whose type has an Error, String,
			// Format or LogValue method through that method, which a
			// request or header held in its fields does not reach
			// unless the method prints it (its summary says so); a
			// value formatted into it (fmt.Errorf) does.
			t := info.TypeOf(a.Expr)
			_, byMethod := c.printedCreds(t, 0)
			// io.Copy reads its source: a buffer's String method plays
			// no part.
			byMethod = byMethod && !httpmodel.IsNamed(a.Type, "io", "Reader") && !a.Source
			// %#v prints the value as Go syntax, fields and all: its
			// String and Error methods play no part.
			byMethod = byMethod && a.Verb != logsink.GoSyntax
			leaves := st.leaves(a.Expr, a.Type, nil)
			// own is true when the leaf at a.Expr says what the value's
			// String method shows of the fields it was made with.
			own := false
			if name, fn := logsink.PrintMethod(&c.msets, t); byMethod && name != "Error" {
				// An error shows what was formatted into its text, whose
				// leaves are those of the text.
				shown, _ := c.printedCreds(t, st.eval(a.Expr).c)
				if name == "String" {
					if fs, ok := st.fieldsShown(a.Expr, t, fn); ok {
						// Made from a literal here: its method shows
						// what it prints itself and the fields it
						// prints, no more (printfields.go).
						shown, _ = c.printedCreds(t, 0)
						leaves, own = nil, true
						if fs != 0 && !c.noteShown(st, a.Expr, t, fn, s.describe()) {
							shown |= fs
						}
					} else if fn != nil && !a.Source {
						// Not made here: its method's secret fields
						// show whatever the value (printfields.go).
						c.noteSecretShown(st, a.Expr, t, fn, s.describe())
					}
				}
				if shown&^valueKinds != 0 || own && shown != 0 {
					// The method prints a credential itself.
					leaves = []leaf{{expr: a.Expr, ctx: a.Type, c: shown}}
				}
			}
			if a.Key != nil && st.isSecretEntry(a.Key, a.Expr, false) {
				// The value of a map entry printed beside a key that
				// says it is a secret ({"password": p}). A helper that
				// also sends the map has the finding at its log, or
				// none here when it is another package's (sentlog.go).
				if i := slices.IndexFunc(leaves, func(l leaf) bool { return l.expr == a.Expr }); i >= 0 {
					leaves[i].c |= credSecret
				} else {
					leaves = append(leaves, leaf{expr: a.Expr, ctx: a.Type, c: credSecret})
				}
			}
			if !byMethod && !a.Source && c.foreignSecret(t) != nil && !slices.ContainsFunc(leaves, func(l leaf) bool { return l.expr == a.Expr }) && !c.secretsUnset(a.Expr) {
				// An oauth2.Token, aws.Credentials printed whole
				// (secret.go).
				leaves = append(leaves, leaf{expr: a.Expr, ctx: a.Type, c: credSecret})
			}
			for _, l := range leaves {
				if byMethod && !(own && l.expr == a.Expr) {
					shown, _ := c.printedCreds(t, l.c)
					if shown == 0 {
						continue
					}
					l.c = shown
				}
				if c.sentElsewhere(ic, s, a.Expr) {
					// Another package's helper logs what it sends: no
					// redaction here would keep what it sends.
					continue
				}
				if r, ok := c.routeOf(ic, s, a.Expr, l); ok {
					// A helper that sends what it logs: the finding is
					// its log (sentlog.go).
					c.routes = append(c.routes, r)
					continue
				}
				if !seen[l.expr] {
					seen[l.expr] = true
					f := &finding{leaf: l, sink: s.describe()}
					if l.expr == a.Expr {
						f.call, f.sinkFormat = ic.Expr, s.Format
					}
					fs = append(fs, f)
				}
			}
			if !c.routeStruct(ic, s, a.Expr) && !c.sentElsewhere(ic, s, a.Expr) {
				// (Another package's helper that sends the struct logs
				// it as it sends it, JSON that a String method does not
				// change.)
				c.noteSecret(a.Expr, s.describe(), a.Verb != logsink.GoSyntax && fmtSink(s.describe()))
			}
			if !a.Source {
				c.noteSecretFormatted(a.Expr, s.describe(), 0)
			}
		})
	}
	if len(fs) == 0 {
		return nil
	}
	src := fixes.Source(c.pass, st.decl.Pos())
	if src == nil {
		return nil
	}
	sort.SliceStable(fs, func(i, j int) bool { return fs[i].expr.Pos() < fs[j].expr.Pos() })
	return &fileFindings{file: file, st: st, src: src, fs: fs}
}

// plan chooses the message of a finding and, except for values (whose
// fixes depend on one another), builds its fix.
func (c *checker) plan(file *ast.File, st *fstate, f *finding, src []byte) {
	info := c.pass.TypesInfo
	t := info.TypeOf(f.expr)
	var what string
	removed := nameSet(0)
	if isHeader(t) || isRequest(t) || isWholeResponse(t) {
		removed = st.removedFrom(f.expr, t)
	}
	mayHold := func() string {
		return listNames(c.missingNames(removed))
	}
	// A response's header holds what the server sets: Set-Cookie
	// first, where it is configured.
	respHolds := func() string {
		names := c.missingNames(removed)
		if i := slices.Index(names, "Set-Cookie"); i > 0 {
			names = append(append([]string{"Set-Cookie"}, names[:i]...), names[i+1:]...)
		}
		return listNames(names)
	}
	switch {
	case isHeader(t) && f.c&credHeader != 0:
		what = fmt.Sprintf("http.Header (may hold %s)", mayHold())
		if removed != 0 && isResponseHeader(info, f.expr) {
			what = "http.Header " + c.partialResponseText(removed)
		} else if removed != 0 {
			what = "http.Header " + c.partialText(removed)
		}
		f.fix = c.headerFix(file, f.expr, src)
	case isRequest(t) && f.c&credRequest != 0:
		what = fmt.Sprintf("request formatted whole (its Header may hold %s)", mayHold())
		if removed != 0 {
			what = "request formatted whole, its Header " + c.partialText(removed)
		}
		f.fix = c.requestFix(file, f.expr, src)
	case isWholeResponse(t) && f.c&credResponse != 0:
		what = fmt.Sprintf("response formatted whole (its Header may hold %s)", respHolds())
		if removed != 0 {
			what = "response formatted whole, its Header " + c.partialResponseText(removed)
		}
		f.fix = c.responseFix(file, f.expr, src)
	case f.c&dumpBits != 0:
		kind := "request dump"
		if f.c&credDump == 0 {
			kind = "response dump"
		}
		what = kind + " (includes every header)"
		calls, ok := st.dumpOrigins(f.expr, map[ast.Node]bool{})
		if ok && len(calls) > 0 {
			if removed := st.dumpRemoved(calls); removed != 0 {
				what = kind + " of a request " + c.partialText(removed)
			}
			if f.c&^dumpBits == 0 {
				f.fix = c.dumpFix(file, calls, src)
			}
		}
		if f.fix == nil {
			f.value, f.what = true, kind
		}
	case f.c&nameBits != 0:
		var names []string
		for i, n := range c.names {
			if f.c&(1<<(nameShift+min(i, maxNames-1))) != 0 {
				names = append(names, n)
			}
		}
		what = strings.Join(names, " and ") + " header value"
		if len(names) > 1 {
			what += "s"
		}
		f.value, f.what = true, what
	case f.c&credPassword != 0:
		what = "basic-auth password"
		f.value, f.what = true, what
	case f.c&credCookie != 0:
		what = "cookie value"
		f.value, f.what = true, what
	case f.c&credURLError != 0 && f.c&credSecret == 0:
		what = "error of a request whose URL holds a secret (a *url.Error prints the URL)"
		if f.c == credURLError {
			f.fix = c.urlErrorFix(st, file, f.expr)
		}
		if f.fix == nil {
			f.value, f.what = true, "error"
		}
	case f.c&credSecret != 0:
		what = c.secretWhat(f.expr)
		inQuery := st.queryURL(f.expr)
		isU := isURL(t) || urlConfigType(t) != nil || isURLString(info, f.expr)
		if isU && inQuery {
			what = "URL with a secret in its query or path"
		}
		if f.c == credSecret && isU && !inQuery {
			f.fix = c.urlFix(f)
		}
		if f.fix == nil {
			f.value, f.what = true, what
		}
	case f.c&credHeader != 0:
		// Text made from a whole header, such as fmt.Sprint(r.Header),
		// or from the values of a loop over one that skips some.
		hs, ok := st.headerOrigins(f.expr, map[ast.Node]bool{})
		if ok && len(hs) > 0 {
			removed = c.every()
			for _, h := range hs {
				removed &= st.removedFrom(h, info.TypeOf(h))
			}
		}
		what = fmt.Sprintf("http.Header (may hold %s)", mayHold())
		if removed != 0 {
			what = "http.Header " + c.partialText(removed)
		} else if len(hs) == 0 && isString(t) {
			// The value of a map's entry that the package copies into a
			// request's header under its own name (credfield.go).
			what = fmt.Sprintf("value of some request header (may be %s)", mayHold())
		}
		if ok && len(hs) > 0 && f.c == credHeader {
			// The text was composed from headers here: redact them
			// where they enter it.
			f.fix = c.headersFix(file, hs, src)
		}
		if f.fix == nil {
			f.value, f.what = true, "logged header"
		}
	case f.c&credResponse != 0 && f.c&credRequest == 0:
		what = fmt.Sprintf("response formatted whole (its Header may hold %s)", respHolds())
		if rs, ok := st.responseOrigins(f.expr, map[ast.Node]bool{}); ok && len(rs) > 0 && f.c == credResponse {
			// The text, or an error's, was composed from responses
			// here or in a function of the package that made it:
			// redact them where they enter it.
			f.fix = c.composedFix(file, rs, src, c.responseFix, "Compose the logged text from a redacted copy of the response")
		}
		if f.fix == nil {
			f.value, f.what = true, "logged response"
		}
	default:
		what = fmt.Sprintf("request formatted whole (its Header may hold %s)", mayHold())
		if rs, ok := st.requestOrigins(f.expr, map[ast.Node]bool{}); ok && len(rs) > 0 && f.c == credRequest {
			// The text, or an error's, was composed from requests
			// here: redact them where they enter it.
			f.fix = c.requestsFix(file, rs, src)
		}
		if f.fix == nil {
			f.value, f.what = true, "logged request"
		}
	}
	verb := "reaches"
	if strings.HasSuffix(what, "values") {
		verb = "reach"
	}
	f.msg = fmt.Sprintf("%s %s %s", what, verb, f.sink)
	if len(f.from) > 0 {
		f.msg += fmt.Sprintf(" in a helper that also sends it, from %s", c.positions(f.from))
	}
}

// listNames lists header names for a message, the first two and an
// ellipsis for the rest.
func listNames(names []string) string {
	if len(names) > 2 {
		return strings.Join(names[:2], ", ") + ", ..."
	}
	return strings.Join(names, ", ")
}

// declaresTextView reports whether pkg declares a text view (see
// textView).
func declaresTextView(pass *analysis.Pass) bool {
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && textView(pass.TypesInfo, fd) {
				return true
			}
		}
	}
	return false
}

// textView reports whether fd is an exported function whose body returns
// its text parameter as another text type, by a conversion or through
// package unsafe: gin's bytesconv.BytesToString(b []byte) string {
// return unsafe.String(unsafe.SliceData(b), len(b)) }.
func textView(info *types.Info, fd *ast.FuncDecl) bool {
	if fd.Recv != nil || !fd.Name.IsExported() || fd.Body == nil || len(fd.Body.List) != 1 || fd.Type.Results == nil || fd.Type.Params == nil {
		return false
	}
	ret, ok := fd.Body.List[0].(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 1 || !isText(info.TypeOf(ret.Results[0])) {
		return false
	}
	call, ok := ast.Unparen(ret.Results[0]).(*ast.CallExpr)
	if !ok {
		return false
	}
	// Down to the parameter through conversions and unsafe's views.
	x := ast.Expr(call)
	for range 3 {
		c, ok := ast.Unparen(x).(*ast.CallExpr)
		if !ok {
			break
		}
		if arg, ok := analysisutil.UnsafeView(info, c); ok {
			x = arg
		} else if tv, ok := info.Types[c.Fun]; ok && tv.IsType() && len(c.Args) == 1 {
			x = c.Args[0]
		} else {
			return false
		}
	}
	id, ok := ast.Unparen(x).(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := info.Uses[id].(*types.Var)
	return ok && v.Kind() == types.ParamVar && isText(v.Type())
}

// declaresFieldCtor reports whether pkg declares a field constructor (see
// fieldCtor).
func declaresFieldCtor(pass *analysis.Pass) bool {
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fieldCtor(pass.TypesInfo, fd) {
				return true
			}
		}
	}
	return false
}

// fieldCtor reports whether fd is an exported function (no method) whose
// body returns a literal of the struct type it returns, made with one of
// its parameters of an interface type or a text type: the constructor of a
// structured log field, func Any(key string, value any) Field { return
// Field{Key: key, Value: value} }.
func fieldCtor(info *types.Info, fd *ast.FuncDecl) bool {
	if fd.Recv != nil || !fd.Name.IsExported() || fd.Body == nil || len(fd.Body.List) != 1 || fd.Type.Results == nil || fd.Type.Params == nil {
		return false
	}
	ret, ok := fd.Body.List[0].(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 1 {
		return false
	}
	x := ast.Unparen(ret.Results[0])
	if u, ok := x.(*ast.UnaryExpr); ok && u.Op == token.AND {
		x = ast.Unparen(u.X)
	}
	lit, ok := x.(*ast.CompositeLit)
	if !ok || !isStruct(info.TypeOf(lit)) {
		return false
	}
	for _, elt := range lit.Elts {
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			elt = kv.Value
		}
		id, ok := ast.Unparen(elt).(*ast.Ident)
		if !ok {
			continue
		}
		// A parameter: declared in the function's signature.
		v, ok := info.Uses[id].(*types.Var)
		if ok && fd.Type.Pos() <= v.Pos() && v.Pos() < fd.Type.End() && (types.IsInterface(v.Type()) || isText(v.Type())) {
			return true
		}
	}
	return false
}

// fmtSink reports whether the sink named formats its values with fmt,
// whose verbs print a pointer by its String method: the standard log and
// fmt's own functions. A structured logger's handler may encode a value
// as JSON instead, which no String method changes.
func fmtSink(name string) bool {
	for _, p := range []string{"log.", "fmt.", "(*log.Logger)."} {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	return false
}
