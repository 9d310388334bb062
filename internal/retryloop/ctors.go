package retryloop

import (
	"fmt"
	"go/ast"

	"github.com/retrylint/retrylint/internal/httpmodel"
	"github.com/retrylint/retrylint/internal/retrylib"
)

// clientCtorFact marks a constructor: an exported function that returns
// a go-retryablehttp or resty client it configured (see
// retrylib.ClientCtors), with the summary of that configuration. A
// package that calls it holds and sends through a client made elsewhere
// (an SDK's or a service's httpc.New()): the library rules of the
// analyzers that read this package's Result start from the summary at
// such a call (Result.Ctors), as they start from the library's defaults
// at NewClient() or resty.New(). clientCtorPkgFact marks a package that
// has one, so that only a package importing one looks.
type clientCtorFact struct {
	retrylib.ClientCtor
}

func (*clientCtorFact) AFact() {}

func (f *clientCtorFact) String() string {
	c := f.ClientCtor
	if c.Path == retrylib.RetryableHTTP {
		return fmt.Sprintf("client(retryablehttp retries=%t unknown=%t prepare=%t timeout=%t)", c.Retries, c.Policy.Unknown(), c.PrepareRetry, c.Timeout)
	}
	return fmt.Sprintf("client(%s retries=%d timeout=%d)", c.Path, c.RetryCount, c.TimeoutNanos)
}

type clientCtorPkgFact struct{}

func (*clientCtorPkgFact) AFact()         {}
func (*clientCtorPkgFact) String() string { return "clients" }

// exportCtors exports a clientCtorFact for each constructor of the
// package. Only a package that imports go-retryablehttp or resty can
// declare one (its result names the client's type).
func (r *Result) exportCtors() {
	pass := r.pass
	// Ctors is made here, during the run, whatever the package imports:
	// the analyzers that read the Result may ask it at the same time.
	ctors := r.Ctors()
	if !retrylib.Imports(pass.Pkg, retrylib.RetryableHTTP) && !retrylib.Imports(pass.Pkg, retrylib.RestyV2) && !retrylib.Imports(pass.Pkg, retrylib.RestyV3) {
		return
	}
	cs := retrylib.ClientCtors(pass.TypesInfo, pass.Files, ctors)
	for _, c := range cs {
		pass.ExportObjectFact(c.Func, &clientCtorFact{c.Ctor})
	}
	if len(cs) > 0 {
		pass.ExportPackageFact(new(clientCtorPkgFact))
	}
}

// Ctors returns what a call of another package's constructor gives the
// package (see clientCtorFact), or nil when the package imports none. It
// is made during the Analyzer's run (see exportCtors), so that the
// analyzers reading the Result only read it.
func (r *Result) Ctors() retrylib.Ctors {
	if r.ctors == nil {
		r.ctors = new(retrylib.Ctors)
		pass := r.pass
		for _, imp := range pass.Pkg.Imports() {
			if pass.ImportPackageFact(imp, new(clientCtorPkgFact)) {
				*r.ctors = func(call *ast.CallExpr) *retrylib.ClientCtor {
					fn := httpmodel.Callee(pass.TypesInfo, call)
					if fn == nil || fn.Pkg() == pass.Pkg {
						return nil
					}
					f := new(clientCtorFact)
					if !pass.ImportObjectFact(fn.Origin(), f) {
						return nil
					}
					return &f.ClientCtor
				}
				break
			}
		}
	}
	return *r.ctors
}
