package retryloop

// This file holds retries written out without a loop: an attempt, then,
// on its failure, a wait and the same call once more:
//
//	pv, err := api.GetProfile(ctx, c, did)
//	if err != nil && notFound(err) {
//		time.Sleep(3 * time.Second)
//		pv, err = api.GetProfile(ctx, c, did)
//	}
//
// The second call is another attempt of the first as much as a loop's next
// iteration is.

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/internal/callindex"
	"github.com/retrylint/retrylint/internal/flow"
)

// unrolledLoops returns the retries of fd written out without a loop: a
// send (Sends[0]), then an if statement after it whose condition reads
// what the send returned, and in one of whose branches the same call
// (Self[0]) is made again: the same function, the same arguments, none of
// whose variables is assigned in between. Neither call may be in a loop
// or a function literal of fd (a loop's calls are its own). The loop's
// Stmt is the if statement, Body the innermost block that holds both
// calls, Outer the statement of the first; it is Bounded (two attempts).
func (r *Result) unrolledLoops(fd *ast.FuncDecl, calls []callindex.Call) []*Loop {
	info := r.pass.TypesInfo
	var sends []callindex.Call
	for _, c := range calls {
		if c.Detached == nil && r.sendsCall(c) {
			sends = append(sends, c)
		}
	}
	if len(sends) < 2 {
		return nil
	}
	var out []*Loop
	taken := map[*ast.CallExpr]bool{}
	for j, c2 := range sends {
		for _, c1 := range sends[:j] {
			if taken[c1.Expr] || taken[c2.Expr] || !r.sameCall(fd, c1, c2) {
				continue
			}
			path := pathTo(fd.Body, c2.Expr)
			if path == nil || inLoop(pathTo(fd.Body, c1.Expr)) || inLoop(path) {
				continue
			}
			// The if statement around the second call, after the first.
			var ifs *ast.IfStmt
			for k := len(path) - 2; k > 0; k-- {
				if s, ok := path[k].(*ast.IfStmt); ok && s.Body.Pos() > c1.Expr.End() {
					if b, ok := path[k+1].(*ast.BlockStmt); ok && (b == s.Body || ast.Node(b) == s.Else) {
						ifs = s
						break
					}
				}
			}
			if ifs == nil {
				continue
			}
			as := assignOf(fd.Body, c1.Expr)
			if as == nil || !readsAny(info, ifs.Cond, as.Lhs) {
				continue
			}
			outer := stmtOf(fd, c1.Expr)
			if outer == nil {
				continue
			}
			taken[c1.Expr], taken[c2.Expr] = true, true
			body := innermostBlock(fd.Body, []*ast.CallExpr{c1.Expr, c2.Expr})
			out = append(out, &Loop{Stmt: ifs, Body: body, Func: fd, Sends: []*ast.CallExpr{c1.Expr}, Self: []*ast.CallExpr{c2.Expr}, Bounded: true, Outer: outer, Unrolled: true})
		}
	}
	return out
}

// sameCall reports whether c1 and c2, calls of fd with c1 first, make the
// same call: the same function, or method on the same operand, with the
// same arguments, none of whose variables fd assigns between them.
func (r *Result) sameCall(fd *ast.FuncDecl, c1, c2 callindex.Call) bool {
	info := r.pass.TypesInfo
	if c1.Callee == nil || c2.Callee == nil || c1.Callee.Origin() != c2.Callee.Origin() || len(c1.Expr.Args) != len(c2.Expr.Args) {
		return false
	}
	if types.ExprString(c1.Expr.Fun) != types.ExprString(c2.Expr.Fun) {
		return false
	}
	for i, a := range c1.Expr.Args {
		if types.ExprString(a) != types.ExprString(c2.Expr.Args[i]) {
			return false
		}
	}
	// The variables the call is made of, and, for one made again
	// between the calls the same way (req, _ = newRequest(url,
	// style)), the variables of that value: none may change between.
	vars := map[*types.Var]bool{}
	var add func(n ast.Node, depth int)
	add = func(n ast.Node, depth int) {
		ast.Inspect(n, func(m ast.Node) bool {
			if id, ok := m.(*ast.Ident); ok {
				if v, ok := info.Uses[id].(*types.Var); ok && !v.IsField() && !vars[v] {
					vars[v] = true
					if values, _ := flow.Assigned(info, fd, v); depth < 3 && sameValues(info, fd, v) {
						add(values[0], depth+1)
					}
				}
			}
			return true
		})
	}
	add(c1.Expr, 0)
	assigned := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if assigned || n == nil {
			return false
		}
		if as, ok := n.(*ast.AssignStmt); ok && len(as.Rhs) == 1 && ast.Unparen(as.Rhs[0]) == c2.Expr {
			return false // the second call's own results
		}
		for _, e := range writes(n) {
			if v := varOf(info, e); e.Pos() > c1.Expr.End() && e.Pos() < c2.Expr.Pos() && vars[v] && !sameValues(info, fd, v) {
				assigned = true
			}
		}
		return !assigned
	})
	return !assigned
}

// sameValues reports whether every assignment of fd to v assigns the same
// expression (req, err = http.NewRequest(method, url, body) made again
// for the second attempt, as the first was made): the variable holds the
// same value each time.
func sameValues(info *types.Info, fd *ast.FuncDecl, v *types.Var) bool {
	if v == nil || v.Kind() != types.LocalVar {
		return false // a parameter's first value is its caller's
	}
	values, ok := flow.Assigned(info, fd, v)
	if !ok || len(values) < 2 {
		return false // assigned once: before it, it held another value
	}
	for _, val := range values[1:] {
		if types.ExprString(val) != types.ExprString(values[0]) {
			return false
		}
	}
	return true
}

// pathTo returns the nodes from root down to n, outside function literals;
// nil when n is not there.
func pathTo(root ast.Node, n ast.Node) []ast.Node {
	var path []ast.Node
	ast.PreorderStack(root, nil, func(m ast.Node, stack []ast.Node) bool {
		if path != nil {
			return false
		}
		if _, lit := m.(*ast.FuncLit); lit {
			return false
		}
		if m == n {
			path = append(append([]ast.Node{}, stack...), m)
			return false
		}
		return m.Pos() <= n.Pos() && n.End() <= m.End()
	})
	return path
}

// inLoop reports whether path passes through a for or range statement.
func inLoop(path []ast.Node) bool {
	for _, n := range path {
		switch n.(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			return true
		}
	}
	return path == nil
}

// readsAny reports whether e reads one of the variables that lhs names.
func readsAny(info *types.Info, e ast.Expr, lhs []ast.Expr) bool {
	for _, l := range lhs {
		if v := varOf(info, l); v != nil && flow.Mentions(info, e, v) {
			return true
		}
	}
	return false
}
