// Package fixes builds the text edits of suggested fixes: source text of
// nodes, imports added without touching the shared syntax tree, zero values
// of result types, and the facts about an enclosing function that decide
// which fix is possible.
package fixes

import (
	"bytes"
	"cmp"
	"go/ast"
	"go/format"
	"go/token"
	"go/types"
	"maps"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/analysisutil"
)

// Text returns the source text of n as it appears in the file.
func Text(fset *token.FileSet, src []byte, n ast.Node) string {
	tf := fset.File(n.Pos())
	if tf == nil || src == nil {
		return Format(fset, n)
	}
	start, end := tf.Offset(n.Pos()), tf.Offset(n.End())
	if start < 0 || end > len(src) || start > end {
		return Format(fset, n)
	}
	return string(src[start:end])
}

// ArgText returns the source text of e written as one argument of a call
// with several (f(a, e)), as gofmt prints it there: a binary expression
// loses the spaces around its operators (c.base + path, the only
// argument of c.Get, is c.base+path among the arguments of
// http.NewRequest). Other expressions are their text.
func ArgText(fset *token.FileSet, src []byte, e ast.Expr) string {
	text := Text(fset, src, e)
	if _, ok := ast.Unparen(e).(*ast.BinaryExpr); !ok || strings.Contains(text, "\n") {
		return text
	}
	const pre = "package p\n\nvar _ = f(a, "
	out, err := format.Source([]byte(pre + text + ")\n"))
	if err != nil {
		return text
	}
	got := strings.TrimSuffix(strings.TrimPrefix(string(out), pre), ")\n")
	if strings.ContainsAny(got, "\n") {
		return text
	}
	return got
}

// Format prints n with go/format.
func Format(fset *token.FileSet, n ast.Node) string {
	var buf bytes.Buffer
	if err := format.Node(&buf, fset, n); err != nil {
		return ""
	}
	return buf.String()
}

// Source returns the content of the file that holds pos, read through the
// pass (so that drivers with overlays are honoured).
func Source(pass *analysis.Pass, pos token.Pos) []byte {
	tf := pass.Fset.File(pos)
	if tf == nil {
		return nil
	}
	read := pass.ReadFile
	if read == nil {
		return nil
	}
	b, err := read(tf.Name())
	if err != nil || len(b) != tf.Size() {
		return nil
	}
	return b
}

// Indent returns the indentation (leading tabs and spaces) of the line that
// holds pos.
func Indent(fset *token.FileSet, src []byte, pos token.Pos) string {
	tf := fset.File(pos)
	if tf == nil || src == nil {
		return ""
	}
	off := tf.Offset(pos)
	lineStart := tf.Offset(tf.LineStart(tf.Line(pos)))
	if lineStart < 0 || off > len(src) || lineStart > off {
		return ""
	}
	line := src[lineStart:off]
	n := 0
	for n < len(line) && (line[n] == '\t' || line[n] == ' ') {
		n++
	}
	return string(line[:n])
}

// ImportAll imports each of paths into file (see Import), a standard
// package whose name is taken at pos under another name (see aliasFor),
// and returns the names by path and the edits; ok is false when one of
// them cannot be imported.
func ImportAll(info *types.Info, pkg *types.Package, file *ast.File, pos token.Pos, paths ...string) (names map[string]string, edits []analysis.TextEdit, ok bool) {
	names = map[string]string{}
	for _, path := range paths {
		name, imp, ok := Import(info, pkg, file, path, pos)
		if !ok {
			// Its name is taken where the fix writes it (a parameter
			// named url): a standard package is imported under another.
			name, imp, ok = aliasFor(info, pkg, file, path, importName(path), pos)
		}
		if !ok {
			return nil, nil, false
		}
		names[path] = name
		edits = append(edits, imp...)
	}
	return names, edits, true
}

// Import returns the name under which file refers to the package path and,
// when the file does not import it yet, the edit that adds the import. ok is
// false when the package cannot be referred to at pos (its name is taken by
// another declaration in scope there).
func Import(info *types.Info, pkg *types.Package, file *ast.File, path string, pos token.Pos) (name string, edits []analysis.TextEdit, ok bool) {
	for _, spec := range file.Imports {
		p, err := strconv.Unquote(spec.Path.Value)
		if err != nil || p != path {
			continue
		}
		if spec.Name != nil && (spec.Name.Name == "_" || spec.Name.Name == ".") {
			continue
		}
		pn, _ := info.Implicits[spec].(*types.PkgName)
		if spec.Name != nil {
			pn, _ = info.Defs[spec.Name].(*types.PkgName)
		}
		if pn == nil {
			return "", nil, false
		}
		// The file's name for the package may be shadowed where the fix
		// writes it (a local variable named http).
		if scope := innermost(info, file, pos); scope != nil {
			if _, obj := scope.LookupParent(pn.Name(), pos); obj != pn {
				return "", nil, false
			}
		}
		return pn.Name(), nil, true
	}
	name = importName(path)
	if dep := analysisutil.Dependency(pkg, path); dep != nil {
		name = dep.Name() // github.com/failsafe-go/failsafe-go is package failsafe
	}
	if !token.IsIdentifier(name) {
		return "", nil, false
	}
	// The new name must not be shadowed where it is used, nor clash with a
	// package-level declaration of the file.
	if !free(info, pkg, file, name, pos) {
		return "", nil, false
	}
	return name, []analysis.TextEdit{importEdit(file, path)}, true
}

// free reports whether name may be declared in file's scope and used at
// pos: nothing in scope there has it, nor a package-level declaration.
func free(info *types.Info, pkg *types.Package, file *ast.File, name string, pos token.Pos) bool {
	if scope := innermost(info, file, pos); scope != nil {
		if _, obj := scope.LookupParent(name, pos); obj != nil {
			return false
		}
	}
	return pkg.Scope().Lookup(name) == nil
}

// aliasFor imports the standard package path under the name "std" + name
// (neturl is net/url where a parameter is named url, stderrors where a
// variable is named errors), when that name is free; a package of
// another module gets no alias.
func aliasFor(info *types.Info, pkg *types.Package, file *ast.File, path, name string, pos token.Pos) (string, []analysis.TextEdit, bool) {
	if strings.Contains(strings.SplitN(path, "/", 2)[0], ".") || !token.IsIdentifier(name) {
		return "", nil, false
	}
	alias := "std" + name
	if path == "net/url" {
		alias = "neturl"
	}
	for _, spec := range file.Imports {
		if spec.Name != nil && spec.Name.Name == alias {
			if p, err := strconv.Unquote(spec.Path.Value); err == nil && p == path {
				return alias, nil, true // imported so already
			}
			return "", nil, false
		}
	}
	if !free(info, pkg, file, alias, pos) {
		return "", nil, false
	}
	return alias, []analysis.TextEdit{importEditNamed(file, path, alias)}, true
}

// ObjectAt returns the object that name denotes at pos in file, or nil.
func ObjectAt(info *types.Info, file *ast.File, name string, pos token.Pos) types.Object {
	scope := innermost(info, file, pos)
	if scope == nil {
		return nil
	}
	_, obj := scope.LookupParent(name, pos)
	return obj
}

func innermost(info *types.Info, file *ast.File, pos token.Pos) *types.Scope {
	fileScope := info.Scopes[file]
	if fileScope == nil {
		return nil
	}
	return fileScope.Innermost(pos)
}

// importEdit inserts path, a standard-library package, into the file's
// first import declaration at its sorted place within the group of
// standard-library imports (gofmt sorts each group of specs), or adds a
// declaration after the package clause.
func importEdit(file *ast.File, path string) analysis.TextEdit {
	return importEditNamed(file, path, "")
}

// importEditNamed is importEdit for the import name "name path" (name ""
// for the default name).
func importEditNamed(file *ast.File, path, name string) analysis.TextEdit {
	quoted := strconv.Quote(path)
	if name != "" {
		quoted = name + " " + quoted
	}
	for _, decl := range file.Decls {
		gd, ok := decl.(*ast.GenDecl)
		if !ok || gd.Tok != token.IMPORT {
			continue
		}
		if !gd.Lparen.IsValid() {
			// import "x"  =>  import "x"\nimport "path"
			return analysis.TextEdit{Pos: gd.End(), End: gd.End(), NewText: []byte("\nimport " + quoted)}
		}
		if len(gd.Specs) == 0 {
			return analysis.TextEdit{Pos: gd.Lparen + 1, End: gd.Rparen, NewText: []byte("\n\t" + quoted + "\n")}
		}
		var lastStd ast.Spec
		for _, spec := range gd.Specs {
			is := spec.(*ast.ImportSpec)
			p, _ := strconv.Unquote(is.Path.Value)
			if !analysisutil.IsStdPath(p) {
				break
			}
			// gofmt orders the specs of one path by name, the
			// unnamed one first: a named import of a path the file
			// imports already goes after it.
			if p > path || p == path && name == "" {
				at := is.Pos()
				if is.Doc != nil {
					at = is.Doc.Pos()
				}
				return analysis.TextEdit{Pos: at, End: at, NewText: []byte(quoted + "\n\t")}
			}
			lastStd = spec
		}
		if lastStd != nil {
			// After the last standard-library import, in its group.
			return analysis.TextEdit{Pos: lastStd.End(), End: lastStd.End(), NewText: []byte("\n\t" + quoted)}
		}
		// Only other imports: a group of its own before them.
		first := gd.Specs[0].(*ast.ImportSpec)
		at := first.Pos()
		if first.Doc != nil {
			at = first.Doc.Pos()
		}
		return analysis.TextEdit{Pos: at, End: at, NewText: []byte(quoted + "\n\n\t")}
	}
	return analysis.TextEdit{Pos: file.Name.End(), End: file.Name.End(), NewText: []byte("\n\nimport " + quoted)}
}

// ImportAs is Import for a file where the default name of path is taken
// (math/rand's rand, when crypto/rand is wanted): it returns the file's
// name for path when the file imports it, and otherwise imports it as
// name, when name is free at pos, in the file and in the package.
func ImportAs(info *types.Info, pkg *types.Package, file *ast.File, path, name string, pos token.Pos) (string, []analysis.TextEdit, bool) {
	for _, spec := range file.Imports {
		if p, err := strconv.Unquote(spec.Path.Value); err == nil && p == path {
			return Import(info, pkg, file, path, pos)
		}
	}
	if scope := innermost(info, file, pos); scope != nil {
		if _, obj := scope.LookupParent(name, pos); obj != nil {
			return "", nil, false
		}
	}
	if pkg.Scope().Lookup(name) != nil {
		return "", nil, false
	}
	return name, []analysis.TextEdit{importEditNamed(file, path, name)}, true
}

// EnclosingFunc returns the innermost function (declaration or literal)
// among the path of nodes from the file down, with its type.
func EnclosingFunc(stack []ast.Node) (ast.Node, *ast.FuncType) {
	for i := len(stack) - 1; i >= 0; i-- {
		switch n := stack[i].(type) {
		case *ast.FuncDecl:
			return n, n.Type
		case *ast.FuncLit:
			return n, n.Type
		}
	}
	return nil, nil
}

// ReturnsError reports whether the function type's last result is the
// predeclared error type.
func ReturnsError(info *types.Info, ft *ast.FuncType) bool {
	if ft == nil || ft.Results == nil || len(ft.Results.List) == 0 {
		return false
	}
	last := ft.Results.List[len(ft.Results.List)-1]
	tv, ok := info.Types[last.Type]
	return ok && analysisutil.IsError(tv.Type)
}

// ResultTypes returns the types of the function's results.
func ResultTypes(info *types.Info, ft *ast.FuncType) []types.Type {
	if ft == nil || ft.Results == nil {
		return nil
	}
	var out []types.Type
	for _, field := range ft.Results.List {
		tv, ok := info.Types[field.Type]
		if !ok {
			return nil
		}
		n := max(len(field.Names), 1)
		for range n {
			out = append(out, tv.Type)
		}
	}
	return out
}

// ZeroValue returns source text for the zero value of t as seen from pkg,
// or "" when there is none that can be written (an unexported type of
// another package).
func ZeroValue(pkg *types.Package, qualify types.Qualifier, t types.Type) string {
	switch u := types.Unalias(t).(type) {
	case *types.TypeParam:
		return "*new(" + types.TypeString(t, qualify) + ")"
	case *types.Basic:
		switch {
		case u.Info()&types.IsBoolean != 0:
			return "false"
		case u.Info()&types.IsString != 0:
			return `""`
		case u.Info()&types.IsNumeric != 0:
			return "0"
		case u.Kind() == types.UnsafePointer:
			return "nil"
		}
		return ""
	}
	switch types.Unalias(t).Underlying().(type) {
	case *types.Basic:
		b := t.Underlying().(*types.Basic)
		switch {
		case b.Info()&types.IsBoolean != 0:
			return "false"
		case b.Info()&types.IsString != 0:
			return `""`
		case b.Info()&types.IsNumeric != 0:
			return "0"
		}
		return "nil"
	case *types.Pointer, *types.Slice, *types.Map, *types.Chan, *types.Signature, *types.Interface:
		return "nil"
	case *types.Struct, *types.Array:
		if n, ok := types.Unalias(t).(*types.Named); ok {
			if obj := n.Obj(); obj.Pkg() != nil && obj.Pkg() != pkg && !obj.Exported() {
				return ""
			}
		}
		return types.TypeString(t, qualify) + "{}"
	}
	return ""
}

// Qualifier returns a types.Qualifier that writes the names under which
// file imports each package, and nothing for pkg itself.
func Qualifier(file *ast.File, pkg *types.Package, info *types.Info) types.Qualifier {
	return func(p *types.Package) string {
		if p == pkg {
			return ""
		}
		for _, spec := range file.Imports {
			path, _ := strconv.Unquote(spec.Path.Value)
			if path != p.Path() {
				continue
			}
			if spec.Name != nil && spec.Name.Name != "_" && spec.Name.Name != "." {
				return spec.Name.Name
			}
			if pn, ok := info.Implicits[spec].(*types.PkgName); ok {
				return pn.Name()
			}
		}
		return p.Name()
	}
}

// FileOf returns the file of pass that contains pos.
func FileOf(pass *analysis.Pass, pos token.Pos) *ast.File {
	for _, f := range pass.Files {
		if f.FileStart <= pos && pos < f.FileEnd {
			return f
		}
	}
	return nil
}

// Pure reports whether evaluating e twice is harmless and gives the same
// value: identifiers, constants, selectors of those, and arithmetic and
// conversions over them.
func Pure(info *types.Info, e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.Ident, *ast.BasicLit:
		return true
	case *ast.ParenExpr:
		return Pure(info, e.X)
	case *ast.SelectorExpr:
		if s, ok := info.Selections[e]; ok && s.Kind() != types.FieldVal {
			return false
		}
		return Pure(info, e.X)
	case *ast.UnaryExpr:
		return e.Op != token.ARROW && Pure(info, e.X)
	case *ast.BinaryExpr:
		return Pure(info, e.X) && Pure(info, e.Y)
	case *ast.CallExpr:
		if tv, ok := info.Types[e.Fun]; ok && tv.IsType() && len(e.Args) == 1 {
			return Pure(info, e.Args[0])
		}
	}
	return false
}

// VisibleAt reports whether every identifier in e that names a local object
// denotes the same object at pos, so that e can be written at pos.
func VisibleAt(info *types.Info, file *ast.File, e ast.Expr, pos token.Pos) bool {
	scope := innermost(info, file, pos)
	if scope == nil {
		return false
	}
	ok := true
	ast.Inspect(e, func(n ast.Node) bool {
		if sel, isSel := n.(*ast.SelectorExpr); isSel && ok {
			// Only the operand names something in scope; the selected
			// field or method does not.
			ok = VisibleAt(info, file, sel.X, pos)
			return false
		}
		id, isID := n.(*ast.Ident)
		if !isID || !ok {
			return ok
		}
		obj := info.Uses[id]
		if obj == nil {
			return true // a field or method name after a dot
		}
		if v, isVar := obj.(*types.Var); isVar && v.IsField() {
			return true // the key of a struct literal
		}
		if _, isPkg := obj.(*types.PkgName); isPkg || obj.Parent() == types.Universe {
			_, found := scope.LookupParent(id.Name, pos)
			ok = found == obj
			return ok
		}
		if obj.Parent() == nil || obj.Parent() == obj.Pkg().Scope() {
			_, found := scope.LookupParent(id.Name, pos)
			ok = found == obj
			return ok
		}
		_, found := scope.LookupParent(id.Name, pos)
		ok = found == obj && obj.Pos() < pos
		return ok
	})
	return ok
}

// FreeName returns name, or name followed by a number, such that it
// denotes nothing at any of the positions and is not in taken (names that
// other edits of the same fix introduce). The chosen name is added to taken
// when taken is not nil.
func FreeName(info *types.Info, file *ast.File, name string, taken map[string]bool, pos ...token.Pos) string {
	try := name
	for i := 2; ; i++ {
		free := !taken[try]
		for _, p := range pos {
			scope := innermost(info, file, p)
			if scope == nil {
				continue
			}
			// Visible there, or declared later in the same scope (where
			// a new declaration would clash with it).
			if _, obj := scope.LookupParent(try, p); obj != nil || scope.Lookup(try) != nil {
				free = false
			}
		}
		if free {
			if taken != nil {
				taken[try] = true
			}
			return try
		}
		try = name + strconv.Itoa(i)
	}
}

// StmtInBlock returns the statement in stack that is a direct element of a
// block or case body, together with its index in the stack, or nil.
func StmtInBlock(stack []ast.Node) (ast.Stmt, int) {
	for i := len(stack) - 1; i > 0; i-- {
		s, ok := stack[i].(ast.Stmt)
		if !ok {
			continue
		}
		switch p := stack[i-1].(type) {
		case *ast.BlockStmt:
			return s, i
		case *ast.CaseClause:
			for _, b := range p.Body {
				if b == s {
					return s, i
				}
			}
		case *ast.CommClause:
			for _, b := range p.Body {
				if b == s {
					return s, i
				}
			}
		}
		if _, isFunc := stack[i-1].(*ast.FuncLit); isFunc {
			return nil, -1
		}
	}
	return nil, -1
}

// LineDelete returns an edit that deletes the statement s together with its
// line, when s is alone on its lines.
func LineDelete(fset *token.FileSet, src []byte, s ast.Node) (analysis.TextEdit, bool) {
	tf := fset.File(s.Pos())
	if tf == nil || src == nil {
		return analysis.TextEdit{}, false
	}
	start := tf.Offset(tf.LineStart(tf.Line(s.Pos())))
	end := tf.Offset(s.End())
	if strings.TrimSpace(string(src[start:tf.Offset(s.Pos())])) != "" {
		return analysis.TextEdit{}, false
	}
	if end < len(src) && src[end] == '\n' {
		end++
	} else {
		return analysis.TextEdit{}, false
	}
	// Two blank lines would be left side by side: take one of them.
	prevBlank := start >= 2 && src[start-1] == '\n' && src[start-2] == '\n'
	if prevBlank && end < len(src) && src[end] == '\n' {
		end++
	}
	return analysis.TextEdit{Pos: tf.Pos(start), End: tf.Pos(end)}, true
}

// DeleteImportIfUnused returns the edit that deletes the import of the
// package named by sel.X when removed holds every use of it in file.
func DeleteImportIfUnused(fset *token.FileSet, src []byte, info *types.Info, file *ast.File, sel *ast.SelectorExpr, removed ast.Node) []analysis.TextEdit {
	pn, ok := info.Uses[analysisutil.Ident(sel.X)].(*types.PkgName)
	if !ok {
		return nil
	}
	used := false
	ast.Inspect(file, func(n ast.Node) bool {
		if n == removed {
			return false
		}
		if id, ok := n.(*ast.Ident); ok && info.Uses[id] == pn {
			used = true
		}
		return !used
	})
	if used {
		return nil
	}
	for _, spec := range file.Imports {
		if info.Implicits[spec] != pn && (spec.Name == nil || info.Defs[spec.Name] != pn) {
			continue
		}
		for _, decl := range file.Decls {
			gd, ok := decl.(*ast.GenDecl)
			if !ok || gd.Tok != token.IMPORT || !slices.Contains(gd.Specs, ast.Spec(spec)) {
				continue
			}
			if len(gd.Specs) == 1 {
				// The whole declaration goes when this is its only spec.
				if e, ok := LineDelete(fset, src, gd); ok {
					return []analysis.TextEdit{e}
				}
				return nil
			}
			if e, ok := deleteImportSpec(fset, src, gd, spec); ok {
				return []analysis.TextEdit{e}
			}
			return nil
		}
	}
	return nil
}

// deleteImportSpec returns the edit that deletes the line of spec, one of
// the specs of the import declaration gd.
func deleteImportSpec(fset *token.FileSet, src []byte, gd *ast.GenDecl, spec ast.Spec) (analysis.TextEdit, bool) {
	e, ok := LineDelete(fset, src, spec)
	if !ok {
		return analysis.TextEdit{}, false
	}
	// The last spec of a group of its own: the blank line that opened the
	// group goes too, as gofmt would drop it.
	tf := fset.File(e.Pos)
	start, end := tf.Offset(e.Pos), tf.Offset(e.End)
	if spec == gd.Specs[len(gd.Specs)-1] && start >= 2 && src[start-1] == '\n' && src[start-2] == '\n' &&
		strings.HasPrefix(strings.TrimLeft(string(src[end:]), " \t"), ")") {
		e.Pos = tf.Pos(start - 1)
	}
	return e, true
}

// ImportsLeftUnused returns the edits that delete the imports of file
// whose every use lies in the text that edits replace, and that no edit's
// new text uses.
func ImportsLeftUnused(fset *token.FileSet, src []byte, info *types.Info, file *ast.File, edits []analysis.TextEdit) []analysis.TextEdit {
	inEdit := func(p token.Pos) bool {
		return slices.ContainsFunc(edits, func(e analysis.TextEdit) bool { return e.Pos <= p && p < e.End })
	}
	removed := map[*types.PkgName]bool{}
	kept := map[*types.PkgName]bool{}
	ast.Inspect(file, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok {
			return true
		}
		if pn, ok := info.Uses[id].(*types.PkgName); ok {
			if inEdit(id.Pos()) {
				removed[pn] = true
			} else {
				kept[pn] = true
			}
		}
		return true
	})
	var out []analysis.TextEdit
	for _, decl := range file.Decls {
		gd, ok := decl.(*ast.GenDecl)
		if !ok || gd.Tok != token.IMPORT {
			continue
		}
		var gone []ast.Spec
		for _, spec := range gd.Specs {
			is, ok := spec.(*ast.ImportSpec)
			if !ok {
				continue
			}
			pn, _ := info.Implicits[is].(*types.PkgName)
			if is.Name != nil {
				pn, _ = info.Defs[is.Name].(*types.PkgName)
			}
			if pn != nil && removed[pn] && !kept[pn] && !writtenBy(edits, pn.Name()) {
				gone = append(gone, spec)
			}
		}
		if len(gone) == len(gd.Specs) && len(gone) > 0 {
			if e, ok := LineDelete(fset, src, gd); ok {
				out = append(out, e)
			}
			continue
		}
		for _, spec := range gone {
			if e, ok := deleteImportSpec(fset, src, gd, spec); ok {
				out = append(out, e)
			}
		}
	}
	return out
}

// writtenBy reports whether the text of some edit uses the package
// imported as name (errors.New("[REDACTED]") in place of an error).
func writtenBy(edits []analysis.TextEdit, name string) bool {
	return slices.ContainsFunc(edits, func(e analysis.TextEdit) bool {
		return strings.Contains(string(e.NewText), name+".")
	})
}

// LineEnd returns the position of the end of the line that holds pos,
// after any trailing comment.
func LineEnd(fset *token.FileSet, src []byte, pos token.Pos) token.Pos {
	tf := fset.File(pos)
	off := tf.Offset(pos)
	for off < len(src) && src[off] != '\n' {
		off++
	}
	return tf.Pos(off)
}

// Return returns the text of a return statement for the function type ft:
// last as its last result when last is not empty, and the zero value of
// every other result. ok is false when a zero value cannot be written.
func Return(info *types.Info, pkg *types.Package, file *ast.File, ft *ast.FuncType, last string) (string, bool) {
	qual := Qualifier(file, pkg, info)
	results := ResultTypes(info, ft)
	var vals []string
	for i, t := range results {
		if i == len(results)-1 && last != "" {
			vals = append(vals, last)
			break
		}
		z := ZeroValue(pkg, qual, t)
		if z == "" {
			return "", false
		}
		vals = append(vals, z)
	}
	if len(vals) == 0 {
		return "return", true
	}
	return "return " + strings.Join(vals, ", "), true
}

// importName returns the name a package is referred to by when imported
// without one: the last path element, or the one before a major-version
// suffix such as /v2.
func importName(path string) string {
	elems := strings.Split(path, "/")
	name := elems[len(elems)-1]
	if len(elems) > 1 && len(name) > 1 && name[0] == 'v' && strings.Trim(name[1:], "0123456789") == "" {
		name = elems[len(elems)-2]
	}
	return name
}

// BlockOf returns the node of root whose statement list includes st (a
// block, or the body of a case or select clause) with that list, or nil.
func BlockOf(root ast.Node, st ast.Stmt) (ast.Node, []ast.Stmt) {
	var owner ast.Node
	var list []ast.Stmt
	ast.Inspect(root, func(n ast.Node) bool {
		if owner != nil {
			return false
		}
		var l []ast.Stmt
		switch n := n.(type) {
		case *ast.BlockStmt:
			l = n.List
		case *ast.CaseClause:
			l = n.Body
		case *ast.CommClause:
			l = n.Body
		}
		if slices.Contains(l, st) {
			owner, list = n, l
		}
		return owner == nil
	})
	return owner, list
}

// StmtOf returns the statement of a block of root that holds n (see
// StmtInBlock), or nil.
func StmtOf(root, n ast.Node) ast.Stmt {
	var stmt ast.Stmt
	ast.PreorderStack(root, nil, func(m ast.Node, stack []ast.Node) bool {
		if stmt != nil || m.Pos() > n.Pos() || m.End() < n.End() {
			return false
		}
		if m == n {
			stmt, _ = StmtInBlock(append(stack, m))
			return false
		}
		return true
	})
	return stmt
}

// Coalesce joins the insertions that edits makes at one position into one
// edit, in their order. Two imports added by one fix are two insertions
// at the same place; when the fixes of several findings in a file are
// applied together, identical edits are applied once, but runs of
// insertions at one place are not recognised as the same and would add
// the imports twice.
func Coalesce(edits []analysis.TextEdit) []analysis.TextEdit {
	var out []analysis.TextEdit
	at := map[token.Pos]int{}
	for _, e := range edits {
		if e.Pos == e.End {
			if i, ok := at[e.Pos]; ok {
				out[i].NewText = append(append([]byte(nil), out[i].NewText...), e.NewText...)
				continue
			}
			at[e.Pos] = len(out)
		}
		out = append(out, e)
	}
	return out
}

// LocalsLeftUnused returns the edits that delete the declarations, in
// body, of the local variables whose every use lies in the text that
// edits replace (a limit read only by the cap a fix removes): the
// compiler rejects a local declared and not used. Only a declaration of
// that one variable from a pure value (x := 5*time.Second + base, var x
// = y) is deleted; a variable declared with others, or from a call, is
// left as it is (the caller checks that the fix builds). A declaration
// deleted may leave another variable unused in turn: that one goes too.
func LocalsLeftUnused(fset *token.FileSet, src []byte, info *types.Info, body *ast.BlockStmt, edits []analysis.TextEdit) []analysis.TextEdit {
	if body == nil {
		return nil
	}
	all := slices.Clone(edits)
	inEdit := func(p token.Pos) bool {
		return slices.ContainsFunc(all, func(e analysis.TextEdit) bool { return e.Pos <= p && p < e.End })
	}
	// The declarations of one local each, from a pure value.
	decls := map[*types.Var]ast.Stmt{}
	ast.Inspect(body, func(n ast.Node) bool {
		switch s := n.(type) {
		case *ast.AssignStmt:
			if s.Tok != token.DEFINE || len(s.Lhs) != 1 || len(s.Rhs) != 1 || !Pure(info, s.Rhs[0]) {
				return true
			}
			if id, ok := s.Lhs[0].(*ast.Ident); ok {
				if v, ok := info.Defs[id].(*types.Var); ok {
					decls[v] = s
				}
			}
		case *ast.DeclStmt:
			gd, ok := s.Decl.(*ast.GenDecl)
			if !ok || gd.Tok != token.VAR || len(gd.Specs) != 1 {
				return true
			}
			vs := gd.Specs[0].(*ast.ValueSpec)
			if len(vs.Names) != 1 || len(vs.Values) > 1 || len(vs.Values) == 1 && !Pure(info, vs.Values[0]) {
				return true
			}
			if v, ok := info.Defs[vs.Names[0]].(*types.Var); ok {
				decls[v] = s
			}
		}
		return true
	})
	var out []analysis.TextEdit
	for changed := true; changed; {
		changed = false
		uses := map[*types.Var][2]int{} // uses in the edits, and outside them
		ast.Inspect(body, func(n ast.Node) bool {
			id, ok := n.(*ast.Ident)
			if !ok {
				return true
			}
			v, ok := info.Uses[id].(*types.Var)
			if !ok || decls[v] == nil {
				return true
			}
			u := uses[v]
			if inEdit(id.Pos()) {
				u[0]++
			} else {
				u[1]++
			}
			uses[v] = u
			return true
		})
		for _, v := range slices.SortedFunc(maps.Keys(uses), func(a, b *types.Var) int { return cmp.Compare(a.Pos(), b.Pos()) }) {
			u, s := uses[v], decls[v]
			if u[0] == 0 || u[1] > 0 || inEdit(s.Pos()) {
				continue
			}
			if e, ok := LineDelete(fset, src, s); ok {
				out = append(out, e)
				all = append(all, e)
				delete(decls, v)
				changed = true
			}
		}
	}
	return out
}
