package retryloop

// This file holds loops written with goto: a labelled statement that a
// later goto of the same block jumps back to (retry: resp, err := send;
// if err != nil && n < 3 { n++; goto retry }). Their body is the
// statements from the label to the last that jumps back.

import (
	"go/ast"
	"go/token"
	"go/types"
)

// gotoBody returns the body of the loop that ls starts when a goto after
// it in the same statement list jumps back to its label: a block (not in
// the source) of the statements from ls to the last one that holds such
// a goto. It returns nil when none does, or when ls labels a for or range
// statement (a loop of its own).
func (r *Result) gotoBody(ls *ast.LabeledStmt, stack []ast.Node) *ast.BlockStmt {
	switch ls.Stmt.(type) {
	case *ast.ForStmt, *ast.RangeStmt:
		return nil
	}
	label := r.pass.TypesInfo.Defs[ls.Label]
	if label == nil || len(stack) == 0 {
		return nil
	}
	var list []ast.Stmt
	switch p := stack[len(stack)-1].(type) {
	case *ast.BlockStmt:
		list = p.List
	case *ast.CaseClause:
		list = p.Body
	case *ast.CommClause:
		list = p.Body
	}
	first, last := -1, -1
	for i, st := range list {
		if st == ls {
			first = i
		}
		if first >= 0 && len(r.gotos(st, label)) > 0 {
			last = i
		}
	}
	if last < 0 {
		return nil
	}
	stmts := list[first : last+1]
	return &ast.BlockStmt{Lbrace: ls.Pos(), List: stmts, Rbrace: stmts[len(stmts)-1].End() - 1}
}

// gotos returns the goto statements to label in n, outside function
// literals, each with the statements around it (outermost first).
func (r *Result) gotos(n ast.Node, label types.Object) [][]ast.Node {
	var out [][]ast.Node
	ast.PreorderStack(n, nil, func(m ast.Node, stack []ast.Node) bool {
		switch m := m.(type) {
		case *ast.FuncLit:
			return false
		case *ast.BranchStmt:
			if m.Tok == token.GOTO && m.Label != nil && r.pass.TypesInfo.Uses[m.Label] == label {
				out = append(out, stack)
			}
		}
		return true
	})
	return out
}

// gotoBounded reports whether every goto back to the label of ls, in
// body, is counted: it sits in the branch of an if statement whose
// condition compares a variable that body increments or decrements
// (if err != nil && n < 3 { n++; goto retry }).
func (r *Result) gotoBounded(ls *ast.LabeledStmt, body *ast.BlockStmt) bool {
	info := r.pass.TypesInfo
	label := info.Defs[ls.Label]
	counters := map[*types.Var]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IncDecStmt:
			if v := varOf(info, n.X); v != nil {
				counters[v] = true
			}
		case *ast.AssignStmt:
			if n.Tok == token.ADD_ASSIGN || n.Tok == token.SUB_ASSIGN {
				if v := varOf(info, n.Lhs[0]); v != nil {
					counters[v] = true
				}
			}
		}
		return true
	})
	counted := func(cond ast.Expr) bool {
		found := false
		ast.Inspect(cond, func(n ast.Node) bool {
			if b, ok := n.(*ast.BinaryExpr); ok {
				switch b.Op {
				case token.LSS, token.LEQ, token.GTR, token.GEQ:
					found = found || counters[varOf(info, b.X)] || counters[varOf(info, b.Y)]
				}
			}
			return !found
		})
		return found
	}
	var all [][]ast.Node
	for _, st := range body.List {
		all = append(all, r.gotos(st, label)...)
	}
	for _, stack := range all {
		ok := false
		for i := len(stack) - 1; i >= 0 && !ok; i-- {
			if ifs, isIf := stack[i].(*ast.IfStmt); isIf && i+1 < len(stack) && stack[i+1] == ifs.Body {
				ok = counted(ifs.Cond)
			}
		}
		if !ok {
			return false
		}
	}
	return len(all) > 0
}
