package retryidempotency

// This file follows resty clients across function and package
// boundaries: an SDK whose root package builds and configures the
// retrying client (resty.New().SetRetryCount(3).AddRetryCondition(...))
// and whose service packages send the writes through the client they are
// handed (func CreateSecret(c *resty.Client, ...) { c.R().Post(...) }).
// The writes are judged where the client's configuration is read, in the
// package that calls them.

import (
	"go/ast"
	"go/types"
	"strconv"

	"github.com/retrylint/retrylint/internal/httpmodel"
	"github.com/retrylint/retrylint/internal/retrylib"
	"github.com/retrylint/retrylint/internal/summary"
)

// restyParamFact marks a function that sends a POST or PATCH with no
// idempotency key through the resty client (a *resty.Client) it is
// handed: its parameter Param (the receiver aside), itself or through a
// function with the same fact.
type restyParamFact struct {
	Param  int
	Method string
}

func (*restyParamFact) AFact() {}

func (f *restyParamFact) String() string {
	return "restywrite(" + f.Method + " via param " + strconv.Itoa(f.Param) + ")"
}

// solveRestyParams summarises the functions of the package that send a
// write through a resty client parameter.
func (c *checker) solveRestyParams(g *summary.Graph) {
	if !retrylib.Imports(c.pass.Pkg, retrylib.RestyV2) {
		return // no resty client to hand on
	}
	c.restyParams.Solve(g, summary.Problem[*restyParamFact]{
		Summarise: func(i int) (*restyParamFact, bool) {
			f := c.restyParamOf(g.Funcs[i].Decl)
			return f, f != nil
		},
		Equal: func(a, b *restyParamFact) bool {
			return (a == nil) == (b == nil) && (a == nil || *a == *b)
		},
		// The first write found is the one the fact names.
		Join: func(old, new *restyParamFact) *restyParamFact {
			if old != nil {
				return old
			}
			return new
		},
	})
}

// restyParamOf returns the fact of fd: its first POST or PATCH sent,
// with no key on the request or set anywhere in fd, through a resty
// client that is one of fd's parameters on every path, or through a
// function with the fact that is handed one.
func (c *checker) restyParamOf(fd *ast.FuncDecl) *restyParamFact {
	info := c.pass.TypesInfo
	fn, _ := info.Defs[fd.Name].(*types.Func)
	if fn == nil || fd.Body == nil {
		return nil
	}
	params := fn.Signature().Params()
	index := func(v *types.Var) int {
		for i := range params.Len() {
			if params.At(i) == v {
				return i
			}
		}
		return -1
	}
	scope := retrylib.Scope{Info: info, Body: fd.Body, Files: c.pass.Files}
	// param returns the index of the one parameter, a *resty.Client,
	// that the client of e is, or -1. A request handed in (a
	// *resty.Request) is its caller's, with the headers its caller set.
	param := func(e ast.Expr) int {
		t := retrylib.TraceValue(scope, e)
		if len(t.Roots) != 0 || len(t.Params) != 1 || !httpmodel.IsNamed(t.Params[0].Type(), retrylib.RestyV2, "Client") {
			return -1
		}
		return index(t.Params[0])
	}
	var out *restyParamFact
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || out != nil {
			return out == nil
		}
		if e, ok := retrylib.EntryOf(info, call); ok && retrylib.IsResty(e.Lib.Path) && e.Send && e.Recv != nil && isWrite(e.Method) {
			if retrylib.KeyHeaderOnChain(scope, e.Recv, c.keys.Has) {
				return true
			}
			if i := param(e.Recv); i >= 0 {
				out = &restyParamFact{Param: i, Method: e.Method}
			}
			return true
		}
		callee := httpmodel.Callee(info, call)
		if callee == nil {
			return true
		}
		if f := c.restyParams.Lookup(callee); f != nil && f.Param < len(call.Args) {
			if i := param(call.Args[f.Param]); i >= 0 {
				out = &restyParamFact{Param: i, Method: f.Method}
			}
		}
		return true
	})
	if out != nil && c.restyKeyIn(fd) {
		return nil // a key set on some request of fd: not told apart
	}
	return out
}
