package fixes

import (
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/flow"
)

// Bind returns the edits that evaluate e once, into a new variable, just
// before the statement of stack that holds it, and write the variable
// where e was, with the variable's name: for a fix that needs a value that
// is not Pure twice (max(capped(wait(resp)), wait(resp)) becomes
// w := wait(resp) and max(capped(w), w)). stack leads from the file to e.
//
// The move keeps what the code does only where e would have been
// evaluated, and evaluated first, anyway; ok is false otherwise: when e is
// evaluated only on some paths through its statement (the right of && or
// ||, a branch of an if or switch, a loop's condition or post statement, a
// function literal), when the statement does not start its line, when a call or receive lexically before e in the
// statement (other than those whose arguments e is part of) would now run
// after it, or when e reads a name that its statement declares.
//
// taken, when not nil, holds the names that other fixes applied with this
// one introduce in the same function (the driver applies every finding's
// fix at once); the chosen name is added to it.
func Bind(info *types.Info, file *ast.File, fset *token.FileSet, src []byte, stack []ast.Node, e ast.Expr, name string, taken map[string]bool) (string, []analysis.TextEdit, bool) {
	stmt, at := StmtInBlock(stack)
	if stmt == nil || src == nil {
		return "", nil, false
	}
	// A label on the statement would now name the declaration's line
	// (a goto back to it would not read e again), and a goto may jump
	// over the new declaration: a function with a goto is left alone.
	if _, labelled := stmt.(*ast.LabeledStmt); labelled {
		return "", nil, false
	}
	for _, n := range stack {
		if _, body := flow.FuncParts(n); body != nil && hasGoto(body) {
			return "", nil, false
		}
	}
	// The declaration goes on a line of its own, before the statement's.
	tf := fset.File(stmt.Pos())
	if start := tf.Offset(tf.LineStart(tf.Line(stmt.Pos()))); strings.TrimSpace(string(src[start:tf.Offset(stmt.Pos())])) != "" {
		return "", nil, false
	}
	// Each step from the statement down to e must evaluate its child
	// unconditionally and before anything else with effects.
	for i := at; i < len(stack)-1; i++ {
		child := stack[i+1]
		switch p := stack[i].(type) {
		case *ast.FuncLit, *ast.BlockStmt, *ast.CaseClause, *ast.CommClause, *ast.ForStmt, *ast.RangeStmt, *ast.SelectStmt, *ast.TypeSwitchStmt:
			return "", nil, false
		case *ast.IfStmt:
			if child != p.Init && child != p.Cond {
				return "", nil, false
			}
		case *ast.SwitchStmt:
			if child != p.Init && child != p.Tag {
				return "", nil, false
			}
		case *ast.BinaryExpr:
			if (p.Op == token.LAND || p.Op == token.LOR) && child == p.Y {
				return "", nil, false
			}
		}
	}
	effect := false
	ast.Inspect(stmt, func(n ast.Node) bool {
		if effect || n == nil || n.Pos() >= e.Pos() {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			// A call that encloses e runs after its arguments anyway;
			// its callee expression is checked on the way down.
			if n.Pos() <= e.Pos() && e.End() <= n.End() {
				return true
			}
			if tv, ok := info.Types[n.Fun]; ok && tv.IsType() {
				return true // a conversion
			}
			if id, ok := ast.Unparen(n.Fun).(*ast.Ident); ok {
				if b, ok := info.Uses[id].(*types.Builtin); ok {
					switch b.Name() {
					case "len", "cap", "min", "max", "real", "imag", "complex":
						return true
					}
				}
			}
			effect = true
		case *ast.UnaryExpr:
			effect = n.Op == token.ARROW
		}
		return !effect
	})
	if effect || !VisibleAt(info, file, e, stmt.Pos()) {
		return "", nil, false
	}
	try := maps.Clone(taken)
	v := FreeName(info, file, name, try, stmt.Pos(), e.Pos())
	indent := Indent(fset, src, stmt.Pos())
	decl, ok := FormatStmts(v+" := "+Text(fset, src, e), indent)
	if !ok {
		return "", nil, false
	}
	if taken != nil {
		taken[v] = true
	}
	return v, []analysis.TextEdit{
		{Pos: stmt.Pos(), End: stmt.Pos(), NewText: []byte(decl + "\n" + indent)},
		{Pos: e.Pos(), End: e.End(), NewText: []byte(v)},
	}, true
}

// hasGoto reports whether body holds a goto statement outside the
// function literals in it.
func hasGoto(body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.BranchStmt:
			found = found || n.Tok == token.GOTO
		}
		return !found
	})
	return found
}
