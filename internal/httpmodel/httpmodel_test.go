package httpmodel_test

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"github.com/retrylint/retrylint/internal/httpmodel"
)

// stdImporter reads the standard library's export data; it is shared so that
// each package is loaded once per test binary.
var stdImporter = importer.Default()

// mapImporter serves the packages type-checked from source by the test and
// falls back to the standard library.
type mapImporter map[string]*types.Package

func (m mapImporter) Import(path string) (*types.Package, error) {
	if p, ok := m[path]; ok {
		return p, nil
	}
	return stdImporter.Import(path)
}

type checked struct {
	fset *token.FileSet
	src  string
	file *ast.File
	pkg  *types.Package
	info *types.Info
}

// check type-checks src as package path "p" after type-checking each of
// deps (alternating import path and source), which src may import.
func check(t *testing.T, src string, deps ...string) *checked {
	t.Helper()
	fset := token.NewFileSet()
	imp := mapImporter{}
	typeCheck := func(path, src string) *checked {
		f, err := parser.ParseFile(fset, path+".go", src, parser.ParseComments)
		if err != nil {
			t.Fatalf("parse %s: %v", path, err)
		}
		info := &types.Info{
			Types:      map[ast.Expr]types.TypeAndValue{},
			Defs:       map[*ast.Ident]types.Object{},
			Uses:       map[*ast.Ident]types.Object{},
			Implicits:  map[ast.Node]types.Object{},
			Selections: map[*ast.SelectorExpr]*types.Selection{},
			Scopes:     map[ast.Node]*types.Scope{},
		}
		conf := types.Config{Importer: imp}
		pkg, err := conf.Check(path, fset, []*ast.File{f}, info)
		if err != nil {
			t.Fatalf("type-check %s: %v", path, err)
		}
		imp[path] = pkg
		return &checked{fset: fset, src: src, file: f, pkg: pkg, info: info}
	}
	for i := 0; i+1 < len(deps); i += 2 {
		typeCheck(deps[i], deps[i+1])
	}
	return typeCheck("p", src)
}

// text returns the source text of n.
func (c *checked) text(n ast.Node) string {
	if n == nil {
		return ""
	}
	tf := c.fset.File(n.Pos())
	return c.src[tf.Offset(n.Pos()):tf.Offset(n.End())]
}

// find returns the first node of type T whose source text is text.
func find[T ast.Node](t *testing.T, c *checked, text string) T {
	t.Helper()
	var found T
	ok := false
	ast.Inspect(c.file, func(n ast.Node) bool {
		if x, isT := n.(T); isT && !ok && c.text(n) == text {
			found, ok = x, true
		}
		return !ok
	})
	if !ok {
		t.Fatalf("no %T with text %q in source", found, text)
	}
	return found
}

// fakeHTTP is a package that mimics the names of net/http at another path.
const fakeHTTP = `package http

import nethttp "net/http"

type Client struct{}

func (*Client) Do(r *nethttp.Request) (*nethttp.Response, error) { return nil, nil }
func (*Client) Get(url string) (*nethttp.Response, error)        { return nil, nil }

type Header map[string][]string

func (h Header) Get(name string) string { return "" }

func Get(url string) (*nethttp.Response, error) { return nil, nil }

func NewRequest(method, url string) *nethttp.Request { return nil }
`

const sendSrc = `package p

import (
	"net/http"

	fake "example.com/fake/http"
)

type myClient struct{}

func (myClient) Do(*http.Request) (*http.Response, error) { return nil, nil }
func (myClient) Get(string) (*http.Response, error)       { return nil, nil }

type embeds struct{ *http.Client }

type rt struct{}

func (rt) RoundTrip(*http.Request) (*http.Response, error) { return nil, nil }

type notRT struct{}

func (notRT) RoundTrip(http.Request) (*http.Response, error) { return nil, nil }

type ClientAlias = http.Client

// nextFunc is an alias of a send's signature, as a middleware chain's.
type nextFunc = func(*http.Request) (*http.Response, error)

type doer interface {
	Do(*http.Request) (*http.Response, error)
	Send(*http.Request) (*http.Response, error)
	Check(*http.Request) error
	Next() (*http.Response, error)
	Status() (*http.Response, bool)
}

func Get(string) {}

func f(c *http.Client, cv http.Client, ca *ClientAlias, req, req2, req3, req4, req5 *http.Request,
	t http.RoundTripper, tr *http.Transport, mc myClient, e embeds, r rt, nr notRT, fc *fake.Client,
	d doer, handler func(*http.Request) (*http.Response, error), check func(*http.Request) error, next nextFunc,
	handle func(*http.Response) (*http.Response, error), resp *http.Response) {
	http.Get("pkg-get")
	http.Head("pkg-head")
	http.Post("pkg-post", "text/plain", nil)
	http.PostForm("pkg-form", nil)
	c.Do(req)
	c.Get("c-get")
	c.Head("c-head")
	c.Post("c-post", "text/plain", nil)
	c.PostForm("c-form", nil)
	cv.Get("value-receiver")
	ca.Get("alias")
	http.DefaultClient.Do(req2)
	e.Do(req3)
	(c.Get)("paren")
	t.RoundTrip(req4)
	tr.RoundTrip(req5)
	r.RoundTrip(req)

	mc.Do(req)
	mc.Get("local-get")
	Get("local-func")
	fake.Get("fake-get")
	fc.Do(req)
	fc.Get("fake-client-get")
	nr.RoundTrip(*req)
	http.NewRequest("GET", "u", nil)
	req.Context()
	do := c.Do
	do(req)
	d.Do(req2)
	d.Send(req3)
	handler(req4)
	next(req5)
	d.Check(req5)
	check(req5)
	handle(resp)
	d.Next()
	d.Status()
	func(r *http.Request) (*http.Response, error) { return nil, nil }(req)
}
`

func TestSendOf(t *testing.T) {
	c := check(t, sendSrc, "example.com/fake/http", fakeHTTP)
	tests := []struct {
		call    string
		want    bool
		method  string
		request string // source text of Send.Request, "" for nil
	}{
		{call: `http.Get("pkg-get")`, want: true, method: "GET"},
		{call: `http.Head("pkg-head")`, want: true, method: "HEAD"},
		{call: `http.Post("pkg-post", "text/plain", nil)`, want: true, method: "POST"},
		{call: `http.PostForm("pkg-form", nil)`, want: true, method: "POST"},
		{call: `c.Do(req)`, want: true, request: "req"},
		{call: `c.Get("c-get")`, want: true, method: "GET"},
		{call: `c.Head("c-head")`, want: true, method: "HEAD"},
		{call: `c.Post("c-post", "text/plain", nil)`, want: true, method: "POST"},
		{call: `c.PostForm("c-form", nil)`, want: true, method: "POST"},
		{call: `cv.Get("value-receiver")`, want: true, method: "GET"},
		{call: `ca.Get("alias")`, want: true, method: "GET"},
		{call: `http.DefaultClient.Do(req2)`, want: true, request: "req2"},
		{call: `e.Do(req3)`, want: true, request: "req3"}, // promoted from the embedded *http.Client
		{call: `(c.Get)("paren")`, want: true, method: "GET"},
		{call: `t.RoundTrip(req4)`, want: true, request: "req4"},
		{call: `tr.RoundTrip(req5)`, want: true, request: "req5"},
		{call: `r.RoundTrip(req)`, want: true, request: "req"}, // a local type with RoundTrip's exact signature

		{call: `mc.Do(req)`},
		{call: `mc.Get("local-get")`},
		{call: `Get("local-func")`},
		{call: `fake.Get("fake-get")`},
		{call: `fc.Do(req)`},
		{call: `fc.Get("fake-client-get")`},
		{call: `nr.RoundTrip(*req)`},
		{call: `http.NewRequest("GET", "u", nil)`},
		{call: `req.Context()`},
		{call: `do(req)`, want: true, request: "req"},       // a func value of a send's signature
		{call: `d.Do(req2)`, want: true, request: "req2"},   // an interface method of a send's signature
		{call: `d.Send(req3)`, want: true, request: "req3"}, // whatever its name
		{call: `handler(req4)`, want: true, request: "req4"},
		{call: `next(req5)`, want: true, request: "req5"}, // a func value of an alias of the signature
		{call: `d.Check(req5)`},                           // another signature
		{call: `d.Next()`, want: true},                    // a pipeline's next step: what it sends is not at hand
		{call: `d.Status()`},
		{call: `check(req5)`},
		{call: `handle(resp)`}, // handed the response it answers: it processes what a send answered
		{call: `func(r *http.Request) (*http.Response, error) { return nil, nil }(req)`}, // a literal: its body says
	}
	for _, tt := range tests {
		t.Run(tt.call, func(t *testing.T) {
			call := find[*ast.CallExpr](t, c, tt.call)
			s, ok := httpmodel.SendOf(c.info, call)
			if ok != tt.want {
				t.Fatalf("SendOf ok = %v, want %v", ok, tt.want)
			}
			if !ok {
				if s != (httpmodel.Send{}) {
					t.Errorf("SendOf = %+v with ok false, want the zero Send", s)
				}
				return
			}
			if s.Call != call {
				t.Errorf("Send.Call = %s, want the call itself", c.text(s.Call))
			}
			if s.Method != tt.method {
				t.Errorf("Send.Method = %q, want %q", s.Method, tt.method)
			}
			if got := c.text(s.Request); got != tt.request {
				t.Errorf("Send.Request = %q, want %q", got, tt.request)
			}
		})
	}
}

func TestSendOfMethodExpression(t *testing.T) {
	c := check(t, `package p

import "net/http"

func f(c *http.Client, req *http.Request) {
	(*http.Client).Do(c, req)
}
`)
	s, ok := httpmodel.SendOf(c.info, find[*ast.CallExpr](t, c, `(*http.Client).Do(c, req)`))
	if !ok || c.text(s.Request) != "req" {
		t.Errorf("SendOf = %q, %v; want Request req, true", c.text(s.Request), ok)
	}
}

func TestNewRequestMethod(t *testing.T) {
	c := check(t, `package p

import (
	"context"
	"net/http"

	fake "example.com/fake/http"
)

const del = "DELETE"

type method string

const patch method = "PATCH"

func f(ctx context.Context, m string) {
	http.NewRequest("POST", "literal", nil)
	http.NewRequest(http.MethodPost, "http-const", nil)
	http.NewRequest(del, "local-const", nil)
	http.NewRequest(string(patch), "typed-const", nil)
	http.NewRequest("get", "lower", nil)
	http.NewRequest(m, "variable", nil)
	http.NewRequest(m+"X", "expression", nil)
	http.NewRequestWithContext(ctx, "PUT", "ctx-literal", nil)
	http.NewRequestWithContext(ctx, http.MethodHead, "ctx-http-const", nil)
	http.NewRequestWithContext(ctx, m, "ctx-variable", nil)
	http.Get("get")
	fake.NewRequest("POST", "fake")
}
`, "example.com/fake/http", fakeHTTP)
	tests := []struct {
		call          string
		method        string
		known, isCall bool
	}{
		{`http.NewRequest("POST", "literal", nil)`, "POST", true, true},
		{`http.NewRequest(http.MethodPost, "http-const", nil)`, "POST", true, true},
		{`http.NewRequest(del, "local-const", nil)`, "DELETE", true, true},
		{`http.NewRequest(string(patch), "typed-const", nil)`, "PATCH", true, true},
		{`http.NewRequest("get", "lower", nil)`, "get", true, true},
		{`http.NewRequest(m, "variable", nil)`, "", false, true},
		{`http.NewRequest(m+"X", "expression", nil)`, "", false, true},
		{`http.NewRequestWithContext(ctx, "PUT", "ctx-literal", nil)`, "PUT", true, true},
		{`http.NewRequestWithContext(ctx, http.MethodHead, "ctx-http-const", nil)`, "HEAD", true, true},
		{`http.NewRequestWithContext(ctx, m, "ctx-variable", nil)`, "", false, true},
		{`http.Get("get")`, "", false, false},
		{`fake.NewRequest("POST", "fake")`, "", false, false},
	}
	for _, tt := range tests {
		t.Run(tt.call, func(t *testing.T) {
			method, known, ok := httpmodel.NewRequestMethod(c.info, find[*ast.CallExpr](t, c, tt.call))
			if method != tt.method || known != tt.known || ok != tt.isCall {
				t.Errorf("NewRequestMethod = %q, %v, %v; want %q, %v, %v", method, known, ok, tt.method, tt.known, tt.isCall)
			}
		})
	}
}

const headerSrc = `package p

import (
	"net/http"

	fake "example.com/fake/http"
)

type H = http.Header

type myHeader http.Header

func f(h http.Header, req *http.Request, resp *http.Response, name string, m map[string][]string, mh myHeader, ah H, fh fake.Header) {
	h.Get("retry-after")
	resp.Header.Values("RETRY-AFTER")
	req.Header.Set("x-request-id", "1")
	h.Add("accept", "text/html")
	h.Del("accept-encoding")
	h.Get(name)
	ah.Get("alias")
	http.Header{}.Get("literal")
	h.Get("Retry-" + "After")
	h.Clone()
	h.Write(nil)
	fh.Get("fake")
	_ = h["retry-after"]
	_ = h[name]
	_ = resp.Header["x-b3-traceid"]
	_ = ah["alias-index"]
	_ = m["retry-after"]
	_ = mh["retry-after"]
	_ = (h.Get("paren"))
	_ = name
}
`

func TestHeaderCall(t *testing.T) {
	c := check(t, headerSrc, "example.com/fake/http", fakeHTTP)
	tests := []struct {
		call   string
		want   bool
		op     httpmodel.HeaderOp
		name   string
		header string
		value  string
	}{
		{`h.Get("retry-after")`, true, httpmodel.HeaderGet, "Retry-After", "h", ""},
		{`resp.Header.Values("RETRY-AFTER")`, true, httpmodel.HeaderValues, "Retry-After", "resp.Header", ""},
		{`req.Header.Set("x-request-id", "1")`, true, httpmodel.HeaderSet, "X-Request-Id", "req.Header", `"1"`},
		{`h.Add("accept", "text/html")`, true, httpmodel.HeaderAdd, "Accept", "h", `"text/html"`},
		{`h.Del("accept-encoding")`, true, httpmodel.HeaderDel, "Accept-Encoding", "h", ""},
		{`h.Get(name)`, true, httpmodel.HeaderGet, "", "h", ""},
		{`ah.Get("alias")`, true, httpmodel.HeaderGet, "Alias", "ah", ""},
		{`http.Header{}.Get("literal")`, true, httpmodel.HeaderGet, "Literal", "http.Header{}", ""},
		{`h.Get("Retry-" + "After")`, true, httpmodel.HeaderGet, "Retry-After", "h", ""},
		{call: `h.Clone()`},
		{call: `h.Write(nil)`},
		{call: `fh.Get("fake")`},
	}
	for _, tt := range tests {
		t.Run(tt.call, func(t *testing.T) {
			a, ok := httpmodel.HeaderCall(c.info, find[*ast.CallExpr](t, c, tt.call))
			if ok != tt.want {
				t.Fatalf("HeaderCall ok = %v, want %v", ok, tt.want)
			}
			if !ok {
				return
			}
			if a.Op != tt.op || a.Name != tt.name || c.text(a.Header) != tt.header || c.text(a.Value) != tt.value {
				t.Errorf("HeaderCall = {Op %d, Name %q, Header %q, Value %q}, want {Op %d, Name %q, Header %q, Value %q}",
					a.Op, a.Name, c.text(a.Header), c.text(a.Value), tt.op, tt.name, tt.header, tt.value)
			}
		})
	}
}

func TestHeaderCallMethodExpression(t *testing.T) {
	c := check(t, `package p

import "net/http"

func f(h http.Header) {
	http.Header.Get(h, "Retry-After")
}
`)
	a, ok := httpmodel.HeaderCall(c.info, find[*ast.CallExpr](t, c, `http.Header.Get(h, "Retry-After")`))
	if !ok || a.Name != "Retry-After" || c.text(a.Header) != "h" {
		t.Errorf("HeaderCall = {Name %q, Header %q}, %v; want {Retry-After, h}, true", a.Name, c.text(a.Header), ok)
	}
}

func TestHeaderIndexExpr(t *testing.T) {
	c := check(t, headerSrc, "example.com/fake/http", fakeHTTP)
	tests := []struct {
		index  string
		want   bool
		name   string
		header string
	}{
		{`h["retry-after"]`, true, "Retry-After", "h"},
		{`h[name]`, true, "", "h"},
		{`resp.Header["x-b3-traceid"]`, true, "X-B3-Traceid", "resp.Header"},
		{`ah["alias-index"]`, true, "Alias-Index", "ah"},
		{index: `m["retry-after"]`},  // a map[string][]string that is not http.Header
		{index: `mh["retry-after"]`}, // a defined type over http.Header
	}
	for _, tt := range tests {
		t.Run(tt.index, func(t *testing.T) {
			a, ok := httpmodel.HeaderIndexExpr(c.info, find[*ast.IndexExpr](t, c, tt.index))
			if ok != tt.want {
				t.Fatalf("HeaderIndexExpr ok = %v, want %v", ok, tt.want)
			}
			if !ok {
				return
			}
			if a.Op != httpmodel.HeaderIndex || a.Name != tt.name || c.text(a.Header) != tt.header || a.Value != nil {
				t.Errorf("HeaderIndexExpr = {Op %d, Name %q, Header %q, Value %v}, want {Op %d, Name %q, Header %q, Value nil}",
					a.Op, a.Name, c.text(a.Header), a.Value, httpmodel.HeaderIndex, tt.name, tt.header)
			}
		})
	}
}

func TestHeaderRead(t *testing.T) {
	c := check(t, headerSrc, "example.com/fake/http", fakeHTTP)
	tests := []struct {
		expr string
		want bool
		op   httpmodel.HeaderOp
		name string
	}{
		{`h.Get("retry-after")`, true, httpmodel.HeaderGet, "Retry-After"},
		{`resp.Header.Values("RETRY-AFTER")`, true, httpmodel.HeaderValues, "Retry-After"},
		{`h["retry-after"]`, true, httpmodel.HeaderIndex, "Retry-After"},
		{`(h.Get("paren"))`, true, httpmodel.HeaderGet, "Paren"},
		{expr: `req.Header.Set("x-request-id", "1")`},
		{expr: `h.Add("accept", "text/html")`},
		{expr: `h.Del("accept-encoding")`},
		{expr: `m["retry-after"]`},
		{expr: `fh.Get("fake")`},
		{expr: `name`},
	}
	for _, tt := range tests {
		t.Run(tt.expr, func(t *testing.T) {
			a, ok := httpmodel.HeaderRead(c.info, find[ast.Expr](t, c, tt.expr))
			if ok != tt.want {
				t.Fatalf("HeaderRead ok = %v, want %v", ok, tt.want)
			}
			if ok && (a.Op != tt.op || a.Name != tt.name) {
				t.Errorf("HeaderRead = {Op %d, Name %q}, want {Op %d, Name %q}", a.Op, a.Name, tt.op, tt.name)
			}
		})
	}
}

func TestHeaderOpIsRead(t *testing.T) {
	tests := []struct {
		op   httpmodel.HeaderOp
		want bool
	}{
		{httpmodel.HeaderGet, true},
		{httpmodel.HeaderValues, true},
		{httpmodel.HeaderIndex, true},
		{httpmodel.HeaderSet, false},
		{httpmodel.HeaderAdd, false},
		{httpmodel.HeaderDel, false},
	}
	for _, tt := range tests {
		if got := tt.op.IsRead(); got != tt.want {
			t.Errorf("HeaderOp(%d).IsRead() = %v, want %v", tt.op, got, tt.want)
		}
	}
}

func TestNamesHas(t *testing.T) {
	names := httpmodel.NewNames("retry-after", "X-RateLimit-Reset")
	tests := []struct {
		name string
		want bool
	}{
		{"Retry-After", true},
		{"retry-after", true},
		{"RETRY-AFTER", true},
		{"rEtRy-AfTeR", true},
		{"x-ratelimit-reset", true},
		{"X-Ratelimit-Reset", true},
		{"Retry", false},
		{"Retry-After-Ms", false},
		{"", false},
	}
	for _, tt := range tests {
		if got := names.Has(tt.name); got != tt.want {
			t.Errorf("Names.Has(%q) = %v, want %v", tt.name, got, tt.want)
		}
	}
	if empty := httpmodel.NewNames(); empty.Has("Retry-After") {
		t.Errorf("NewNames().Has(Retry-After) = true, want false")
	}
}

func TestIsNamed(t *testing.T) {
	c := check(t, `package p

import "net/http"

type ClientAlias = http.Client
type PtrAlias = *http.Client
type PtrToAlias = *ClientAlias
type Client struct{}
type Defined http.Client

var (
	value      http.Client
	pointer    *http.Client
	alias      ClientAlias
	aliasPtr   *ClientAlias
	ptrAlias   PtrAlias
	ptrToAlias PtrToAlias
	ptrPtr     **http.Client
	local      Client
	defined    Defined
	transport  *http.Transport
	slice      []http.Client
)
`)
	tests := []struct {
		v    string
		want bool
	}{
		{"value", true},
		{"pointer", true},
		{"alias", true},
		{"aliasPtr", true},
		{"ptrAlias", true},
		{"ptrToAlias", true},
		{"ptrPtr", false},
		{"local", false},
		{"defined", false},
		{"transport", false},
		{"slice", false},
	}
	for _, tt := range tests {
		typ := c.pkg.Scope().Lookup(tt.v).Type()
		if got := httpmodel.IsNamed(typ, "net/http", "Client"); got != tt.want {
			t.Errorf("IsNamed(%s, net/http, Client) = %v, want %v", typ, got, tt.want)
		}
	}
	// The package path decides, not the package name.
	local := c.pkg.Scope().Lookup("local").Type()
	if !httpmodel.IsNamed(local, "p", "Client") || httpmodel.IsNamed(local, "http", "Client") {
		t.Errorf("IsNamed(p.Client) must match path p only")
	}
}

func TestImportsHTTP(t *testing.T) {
	const lib = `package lib

import "net/http"

func Client() *http.Client { return nil }
`
	tests := []struct {
		name, src string
		want      bool
	}{
		{"direct", "package p\n\nimport \"net/http\"\n\nvar _ http.Header\n", true},
		{"through a dependency", "package p\n\nimport \"example.com/lib\"\n\nvar _ = lib.Client\n", true},
		{"none", "package p\n\nimport \"strings\"\n\nvar _ = strings.ToUpper\n", false},
		{"no imports", "package p\n", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := check(t, tt.src, "example.com/lib", lib)
			if got := httpmodel.ImportsHTTP(c.pkg); got != tt.want {
				t.Errorf("ImportsHTTP = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestCalleeName(t *testing.T) {
	for src, want := range map[string]string{
		"F(x)":         "F",
		"pkg.F(x)":     "F",
		"v.M(x)":       "M",
		"(c.Do)(req)":  "Do",
		"F[int](x)":    "F",
		"F[int, u](x)": "F",
		"func() {}()":  "",
		"f()()":        "",
	} {
		e, err := parser.ParseExpr(src)
		if err != nil {
			t.Fatal(err)
		}
		if got := httpmodel.CalleeName(e.(*ast.CallExpr)); got != want {
			t.Errorf("CalleeName(%s) = %q, want %q", src, got, want)
		}
	}
}

// TestSendOfDotImport: the name test before resolving the callee also
// knows a function of a dot-imported net/http.
func TestSendOfDotImport(t *testing.T) {
	c := check(t, `package p

import . "net/http"

func f() { Get("https://example.com") }
`)
	found := false
	ast.Inspect(c.file, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			if s, ok := httpmodel.SendOf(c.info, call); ok && s.Method == "GET" {
				found = true
			}
		}
		return true
	})
	if !found {
		t.Error("SendOf did not recognise Get of a dot-imported net/http")
	}
}

func TestIsNameValueMap(t *testing.T) {
	c := check(t, `package p

import "net/http"

type Values map[string][]string

var (
	single  map[string]string
	multi   map[string][]string
	named   Values
	header  http.Header
	counts  map[string]int
	byInt   map[int]string
	bytes   map[string][]byte
	pointer *map[string]string
)
`)
	for v, want := range map[string]bool{
		"single": true, "multi": true, "named": true,
		"header": false, "counts": false, "byInt": false, "bytes": false, "pointer": false,
	} {
		typ := c.pkg.Scope().Lookup(v).Type()
		if got := httpmodel.IsNameValueMap(typ); got != want {
			t.Errorf("IsNameValueMap(%s) = %v, want %v", typ, got, want)
		}
	}
}
