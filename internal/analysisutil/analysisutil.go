// Package analysisutil holds what every retrylint analyzer does the same
// way: its Doc from doc.go, and a run that turns a panic into an error.
package analysisutil

import (
	"fmt"
	"go/ast"
	"go/build"
	"go/token"
	"go/types"
	"iter"
	"os"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// Doc returns the analyzer documentation in the doc.go source src: the text
// after the "# Analyzer name" heading, starting with its summary line.
func Doc(src, name string) string {
	var lines []string
	in := false
	for line := range strings.SplitSeq(src, "\n") {
		if !strings.HasPrefix(line, "//") {
			if in {
				break
			}
			continue
		}
		text := strings.TrimPrefix(strings.TrimPrefix(line, "//"), " ")
		if text == "# Analyzer "+name {
			in = true
			continue
		}
		if in {
			lines = append(lines, text)
		}
	}
	s := strings.TrimSpace(strings.Join(lines, "\n"))
	return strings.TrimPrefix(s, name+": ")
}

// Safe wraps an analyzer's run function so that a panic becomes an error
// that names the analyzer, the package and, when known, the position being
// analysed, instead of crashing the user's whole run. The run function may
// call at to record the node it is looking at.
//
// Findings in generated files (with a "Code generated ... DO NOT EDIT."
// comment) are dropped: nobody can act on them, as the drivers skip fixes
// there and the next generation would undo an edit. The analysis of those
// files still runs, so their facts serve the files that are not generated.
func Safe(name string, run func(pass *analysis.Pass, at func(token.Pos)) (any, error)) func(*analysis.Pass) (any, error) {
	return func(pass *analysis.Pass) (result any, err error) {
		if report := pass.Report; report != nil {
			generated := map[*token.File]bool{}
			for _, f := range pass.Files {
				if ast.IsGenerated(f) {
					generated[pass.Fset.File(f.FileStart)] = true
				}
			}
			pass.Report = func(d analysis.Diagnostic) {
				if generated[pass.Fset.File(d.Pos)] {
					return
				}
				if len(d.SuggestedFixes) > 0 {
					read := pass.ReadFile
					if read == nil {
						read = os.ReadFile
					}
					for _, msg := range tidyFixes(pass.Fset, &d, read) {
						Gate(pass, d.Pos, "invalid-fix", name+": a fix with overlapping edits dropped: "+msg)
					}
				}
				report(d)
			}
		}
		var pos token.Pos
		defer func() {
			if r := recover(); r != nil {
				where := pass.Pkg.Path()
				if pos.IsValid() {
					where = pass.Fset.Position(pos).String()
				}
				err = fmt.Errorf("%s: internal error at %s: %v\n%s", name, where, r, debug.Stack())
				result = nil
			}
		}()
		return run(pass, func(p token.Pos) { pos = p })
	}
}

// InGOROOT reports whether the package's files are in the Go root: a
// package of the standard library. A package whose files are elsewhere
// (a toolchain in the module cache included) is not taken for one, which
// errs toward analysing it in full.
func InGOROOT(pass *analysis.Pass) bool {
	if len(pass.Files) == 0 {
		return false
	}
	tf := pass.Fset.File(pass.Files[0].Pos())
	if tf == nil {
		return false
	}
	root := filepath.Join(build.Default.GOROOT, "src") + string(filepath.Separator)
	return strings.HasPrefix(tf.Name(), root)
}

// GatesOn reports whether the maintainers' diagnostic aid is on: with
// RETRYLINT_GATES=1 in the environment, an analyzer reports every
// candidate it finds and then drops without a finding (a send whose method
// is not known, a loop that checks a clock, a fix that cannot be built) as
// "[gate:NAME] what was dropped", so that what its conservative conditions
// hide can be measured on real code. It is off by default and changes
// nothing in a normal run; the vet tool's cache key includes it (see
// cmd/retrylint), so results cached without it are not replayed with it.
func GatesOn() bool { return os.Getenv("RETRYLINT_GATES") == "1" }

// Gate reports, when GatesOn, the candidate at pos dropped by the
// condition name.
func Gate(pass *analysis.Pass, pos token.Pos, name, what string) {
	if !pos.IsValid() || !GatesOn() {
		return
	}
	pass.Report(analysis.Diagnostic{Pos: pos, Message: "[gate:" + name + "] " + what})
}

// IsStdPath reports whether path looks like the import path of a package
// of the standard library: its first element has no dot, as a published
// module's has.
func IsStdPath(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".")
}

// InStd reports whether path, a package path of pass or of one of its
// dependencies, is of the standard library: IsStdPath, unless it is in
// the module being analysed (a module may be named app, and its packages
// app/transport).
func InStd(pass *analysis.Pass, path string) bool {
	if m := pass.Module; m != nil && m.Path != "" && (path == m.Path || strings.HasPrefix(path, m.Path+"/")) {
		return false
	}
	return IsStdPath(path)
}

// IsTestFile reports whether file is a _test.go file of the pass.
func IsTestFile(pass *analysis.Pass, file *ast.File) bool {
	return strings.HasSuffix(pass.Fset.File(file.Pos()).Name(), "_test.go")
}

// FileImports reports whether file imports the package path, under any
// name.
func FileImports(file *ast.File, path string) bool {
	for _, imp := range file.Imports {
		if p, err := strconv.Unquote(imp.Path.Value); err == nil && p == path {
			return true
		}
	}
	return false
}

// IsNil reports whether e is the untyped nil.
func IsNil(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	return ok && tv.IsNil()
}

// IsBuiltinCall reports whether call calls the builtin function name
// (max, min, append), not a function the package declares by that name.
func IsBuiltinCall(info *types.Info, call *ast.CallExpr, name string) bool {
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok || id.Name != name {
		return false
	}
	b, ok := info.Uses[id].(*types.Builtin)
	return ok && b.Name() == name
}

// UnsafeView returns the argument whose memory call, a call of one of
// package unsafe's functions that view memory as another type
// (unsafe.String(unsafe.SliceData(b), len(b)), a zero-copy []byte to
// string conversion; unsafe.Slice, StringData, SliceData, Add), reads
// from: the value carries what that argument carries, as a conversion
// does. ok is false for any other call.
func UnsafeView(info *types.Info, call *ast.CallExpr) (ast.Expr, bool) {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || len(call.Args) == 0 {
		return nil, false
	}
	b, ok := info.Uses[sel.Sel].(*types.Builtin)
	if !ok {
		return nil, false
	}
	switch b.Name() {
	case "String", "Slice", "StringData", "SliceData", "Add":
		if pkg, isPkg := info.Uses[Ident(sel.X)].(*types.PkgName); isPkg && pkg.Imported().Path() == "unsafe" {
			return call.Args[0], true
		}
	}
	return nil, false
}

// Deref returns the element type of a pointer type, and t otherwise.
func Deref(t types.Type) types.Type {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

// Ident returns e, without parentheses, when it is an identifier; nil
// otherwise.
func Ident(e ast.Expr) *ast.Ident {
	id, _ := ast.Unparen(e).(*ast.Ident)
	return id
}

// RefIdent returns the identifier that names what e refers to: e itself,
// or the selected name of a qualified or selector expression (pkg.Name,
// x.f); nil otherwise.
func RefIdent(e ast.Expr) *ast.Ident {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		return x
	case *ast.SelectorExpr:
		return x.Sel
	}
	return nil
}

// Dependency returns the package of path among the packages pkg depends
// on, directly or not, or nil.
func Dependency(pkg *types.Package, path string) *types.Package {
	seen := map[*types.Package]bool{}
	work := []*types.Package{pkg}
	for len(work) > 0 {
		p := work[len(work)-1]
		work = work[:len(work)-1]
		for _, imp := range p.Imports() {
			if imp.Path() == path {
				return imp
			}
			if !seen[imp] {
				seen[imp] = true
				work = append(work, imp)
			}
		}
	}
	return nil
}

// ParamIndex returns the index of p among fn's parameters (receiver
// aside), -1 when it is not one.
func ParamIndex(fn *types.Func, p *types.Var) int {
	if fn == nil || p == nil {
		return -1
	}
	params := fn.Signature().Params()
	for i := range params.Len() {
		if params.At(i) == p {
			return i
		}
	}
	return -1
}

// IdentVar returns the variable that e, an identifier (parenthesised or
// not, other than the blank one), declares or uses; nil otherwise.
func IdentVar(info *types.Info, e ast.Expr) *types.Var {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok || id.Name == "_" {
		return nil
	}
	v, _ := info.ObjectOf(id).(*types.Var)
	return v
}

// IsInteger reports whether t is an integer type.
func IsInteger(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

// StructOf returns the struct type of t, or of the type t points to; nil
// when it is no struct.
func StructOf(t types.Type) *types.Struct {
	if t == nil {
		return nil
	}
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	st, _ := t.Underlying().(*types.Struct)
	return st
}

// ErrorType is the predeclared error type, and ErrorInterface its
// interface, for the checks of whether a type is or implements it.
var (
	ErrorType      = types.Universe.Lookup("error").Type()
	ErrorInterface = ErrorType.Underlying().(*types.Interface)
)

// IsError reports whether t is the predeclared error type (an alias of
// it included); a nil t is not.
func IsError(t types.Type) bool {
	return t != nil && types.Identical(t, ErrorType)
}

// Terminates reports whether st, the last statement of a body, ends it
// on every path (a return; an if with an else, a switch with a default,
// each of whose branches terminates; a block whose last statement does;
// a panic; a for with no condition and no break), so that nothing may
// follow it.
func Terminates(st ast.Stmt) bool {
	switch st := st.(type) {
	case *ast.ReturnStmt:
		return true
	case *ast.BlockStmt:
		return st != nil && len(st.List) > 0 && Terminates(st.List[len(st.List)-1])
	case *ast.IfStmt:
		return st.Else != nil && Terminates(st.Body) && Terminates(st.Else)
	case *ast.ExprStmt:
		if call, ok := ast.Unparen(st.X).(*ast.CallExpr); ok {
			if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok && id.Name == "panic" {
				return true
			}
		}
	case *ast.ForStmt:
		if st.Cond != nil {
			return false
		}
		brk := false
		ast.Inspect(st.Body, func(n ast.Node) bool {
			if b, ok := n.(*ast.BranchStmt); ok && b.Tok == token.BREAK {
				brk = true
			}
			return !brk
		})
		return !brk
	case *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
		var body *ast.BlockStmt
		switch st := st.(type) {
		case *ast.SwitchStmt:
			body = st.Body
		case *ast.TypeSwitchStmt:
			body = st.Body
		case *ast.SelectStmt:
			body = st.Body
		}
		hasDefault := false
		for _, cl := range body.List {
			var list []ast.Stmt
			switch cl := cl.(type) {
			case *ast.CaseClause:
				hasDefault = hasDefault || cl.List == nil
				list = cl.Body
			case *ast.CommClause:
				hasDefault = true // a select waits for one of its cases
				list = cl.Body
			}
			if len(list) == 0 || !Terminates(list[len(list)-1]) {
				return false
			}
		}
		return hasDefault
	}
	return false
}

// ParamVars returns the parameters of ft in order, nil for each one
// without a name, and none when ft has no parameter list.
func ParamVars(info *types.Info, ft *ast.FuncType) []*types.Var {
	if ft == nil || ft.Params == nil {
		return nil
	}
	var out []*types.Var
	for _, f := range ft.Params.List {
		if len(f.Names) == 0 {
			out = append(out, nil)
		}
		for _, n := range f.Names {
			v, _ := info.Defs[n].(*types.Var)
			out = append(out, v)
		}
	}
	return out
}

// FuncDecls yields the function and method declarations of the package
// that have a body, with the function each declares.
func FuncDecls(pass *analysis.Pass) iter.Seq2[*ast.FuncDecl, *types.Func] {
	return func(yield func(*ast.FuncDecl, *types.Func) bool) {
		for _, file := range pass.Files {
			for _, d := range file.Decls {
				fd, ok := d.(*ast.FuncDecl)
				if !ok || fd.Body == nil {
					continue
				}
				fn, _ := pass.TypesInfo.Defs[fd.Name].(*types.Func)
				if fn == nil {
					continue
				}
				if !yield(fd, fn) {
					return
				}
			}
		}
	}
}
