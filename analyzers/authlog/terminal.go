package authlog

// This file recognises writers that are the terminal: a variable or field
// of an io.Writer type to which the package assigns os.Stdout or
// os.Stderr (in an assignment, a declaration or a composite literal), or
// to which the package that declares it does (a terminalFact). A write
// there is a log whatever the writer's name, as a debug transport's
// Output set to os.Stderr is:
//
//	t := &Transport{Output: os.Stderr}
//	...
//	io.Copy(t.Output, &buf) // buf holds httputil.DumpRequestOut(req, true)
//
// A writer never assigned a standard stream (an http.ResponseWriter, a
// file the user named, a buffer) is no log.

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/logsink"
)

// terminalFact marks a package variable or an exported field to which its
// package assigns os.Stdout or os.Stderr.
type terminalFact struct{}

func (*terminalFact) AFact() {}

func (*terminalFact) String() string { return "terminal" }

// terminals returns the variables and fields to which the package assigns
// a standard stream and exports a fact for those other packages can name.
// A package that does not import os assigns none.
func terminals(pass *analysis.Pass) map[*types.Var]bool {
	terminals := map[*types.Var]bool{}
	if !importsOS(pass.Pkg) {
		return terminals
	}
	info := pass.TypesInfo
	note := func(v *types.Var, rhs ast.Expr) {
		if v != nil && logsink.IsStdStream(info, rhs) {
			terminals[v.Origin()] = true
		}
	}
	for _, file := range pass.Files {
		if !analysisutil.FileImports(file, "os") && pass.Pkg.Path() != "os" {
			continue // names no standard stream
		}
		ast.Inspect(file, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				if len(n.Lhs) == len(n.Rhs) {
					for i, lhs := range n.Lhs {
						note(writerVar(info, lhs), n.Rhs[i])
					}
				}
			case *ast.ValueSpec:
				if len(n.Names) == len(n.Values) {
					for i, name := range n.Names {
						v, _ := info.Defs[name].(*types.Var)
						note(v, n.Values[i])
					}
				}
			case *ast.CompositeLit:
				t := info.TypeOf(n)
				if t == nil {
					return true
				}
				if p, ok := t.Underlying().(*types.Pointer); ok {
					t = p.Elem()
				}
				st, ok := t.Underlying().(*types.Struct)
				if !ok {
					return true
				}
				for i, elt := range n.Elts {
					if kv, ok := elt.(*ast.KeyValueExpr); ok {
						if id, ok := kv.Key.(*ast.Ident); ok {
							v, _ := info.Uses[id].(*types.Var)
							note(v, kv.Value)
						}
					} else if i < st.NumFields() {
						note(st.Field(i), elt)
					}
				}
			}
			return true
		})
	}
	for v := range terminals {
		if v.Pkg() == pass.Pkg && v.Exported() && (v.IsField() || v.Parent() == pass.Pkg.Scope()) {
			pass.ExportObjectFact(v, new(terminalFact))
		}
	}
	return terminals
}

func importsOS(pkg *types.Package) bool {
	for _, imp := range pkg.Imports() {
		if imp.Path() == "os" {
			return true
		}
	}
	return false
}

// writerVar returns the variable or field that e names: a local or
// package variable, a field selection, another package's variable.
func writerVar(info *types.Info, e ast.Expr) *types.Var {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		v, _ := info.Uses[x].(*types.Var)
		return v
	case *ast.SelectorExpr:
		if s, ok := info.Selections[x]; ok {
			if s.Kind() != types.FieldVal {
				return nil
			}
			v, _ := s.Obj().(*types.Var)
			return v
		}
		v, _ := info.Uses[x.Sel].(*types.Var)
		return v
	}
	return nil
}

// terminalWriter reports whether dest, the destination of a write, is a
// variable or field of an io.Writer type that this package, or the package
// that declares it, assigns os.Stdout or os.Stderr.
func (c *checker) terminalWriter(dest ast.Expr) bool {
	info := c.pass.TypesInfo
	v := writerVar(info, dest)
	if v == nil || logsink.IsStdStream(info, dest) || !logsink.IsWriter(v.Type()) {
		return false
	}
	v = v.Origin()
	if c.terminals[v] {
		return true
	}
	return v.Pkg() != nil && v.Pkg() != c.pass.Pkg && c.pass.ImportObjectFact(v, new(terminalFact))
}
