package authlog

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/internal/flow"
	"github.com/retrylint/retrylint/internal/secrets"
)

// This file tells a secret from where one is kept. An environment
// variable whose name says credentials often holds a file's name
// (GOOGLE_APPLICATION_CREDENTIALS is the path of a key file): a value the
// package hands to a parameter that names a file (os.ReadFile(name),
// tls.LoadX509KeyPair(certFile, keyFile); see secrets.PathParam), directly
// or through a function of the package whose parameter it becomes, is a
// path, and logging it shows no secret.

// pathDepth is how many functions of the package a value is followed
// into: the function that reads the variable and one it hands it to, as
// clientFromPath(os.Getenv("GOOGLE_APPLICATION_CREDENTIALS")) does.
const pathDepth = 2

// pathEnv reports whether call, an os.Getenv or LookupEnv in fd, gives
// the variable it is assigned to (f := os.Getenv(...), if f, ok :=
// os.LookupEnv(...); ok) a file's name.
func (c *checker) pathEnv(fd *ast.FuncDecl, call *ast.CallExpr) bool {
	if fd == nil || fd.Body == nil {
		return false
	}
	var v *types.Var
	for _, n := range c.calls.Nodes(fd) {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if len(n.Rhs) == 1 && ast.Unparen(n.Rhs[0]) == call && len(n.Lhs) > 0 {
				v = flow.VarOf(c.pass.TypesInfo, n.Lhs[0])
			}
		case *ast.ValueSpec:
			if len(n.Values) == 1 && ast.Unparen(n.Values[0]) == call && len(n.Names) > 0 {
				v = flow.VarOf(c.pass.TypesInfo, n.Names[0])
			}
		}
		if v != nil {
			break
		}
	}
	return v != nil && c.usedAsPath(fd, v, pathDepth)
}

// usedAsPath reports whether fd hands v to a parameter that names a file,
// or, depth allowing, to a function of the package that does so with the
// parameter it receives it as.
func (c *checker) usedAsPath(fd *ast.FuncDecl, v *types.Var, depth int) bool {
	info := c.pass.TypesInfo
	for _, call := range c.calls.Calls(fd) {
		if call.Callee == nil {
			continue
		}
		sig, ok := call.Callee.Type().(*types.Signature)
		if !ok || sig.Params().Len() == 0 {
			continue
		}
		for i, a := range call.Expr.Args {
			if id, ok := ast.Unparen(a).(*ast.Ident); !ok || info.Uses[id] != v {
				continue
			}
			p := sig.Params().At(min(i, sig.Params().Len()-1))
			if secrets.PathParam(call.Callee, p) {
				return true
			}
			if depth > 1 {
				if d, ok := c.calls.Decl(call.Callee); ok && c.usedAsPath(d.Decl, p, depth-1) {
					return true
				}
			}
		}
	}
	return false
}
