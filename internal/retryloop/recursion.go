package retryloop

// This file holds retries by recursion: a function that sends and then,
// on some outcome, calls itself again for the same operation
// (return t.doSend(body, retriesLeft-1)) is a retry loop whose iterations
// are its invocations, as much as a for statement is.

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/retrylint/retrylint/internal/callindex"
	"github.com/retrylint/retrylint/internal/flow"
	"github.com/retrylint/retrylint/internal/httpmodel"
)

// recursiveLoop returns the retry by recursion of the function fd, or nil.
// It is one when
//   - fd calls itself directly (a method on the same receiver variable),
//     outside go and defer statements and function literals; mutual
//     recursion is not followed;
//   - each such self-call follows a send of fd on one path (it is not in
//     another branch of an if or switch statement than the send), so
//     that it runs after the attempt;
//   - no self-call hands on another item: for each parameter that the
//     requests are built from (the arguments of the sends, the operand of
//     a method send, what the requests and the local variables they use
//     are built from), the self-call passes that parameter itself, and fd
//     does not assign it after a send (a cursor or a next link taken from
//     the response). Recursion over a tree, a next page or a cursor is
//     iteration. Other parameters may change: an attempt count going
//     down or up, a delay, the previous response.
//
// Which outcomes of the send lead to the self-call is for the analyzers
// to judge, as they judge which outcomes reach the next iteration of a
// loop. The loop's Body is the innermost block that holds the sends and
// the self-calls, Stmt is that block too, and Outer is nil: there is no
// place before the loop in the function, so that a fix must make what
// runs once in the callers of the first attempt (see Loop.Self).
func (r *Result) recursiveLoop(fd *ast.FuncDecl, calls []callindex.Call) *Loop {
	info := r.pass.TypesInfo
	fn, _ := info.Defs[fd.Name].(*types.Func)
	if fn == nil || fd.Body == nil {
		return nil
	}
	var recv *types.Var
	if sig := fn.Type().(*types.Signature); sig.Recv() != nil {
		recv = sig.Recv()
	}
	var self []*ast.CallExpr
	var sends []*ast.CallExpr
	for _, c := range calls {
		if c.Detached != nil {
			continue
		}
		if c.Callee != nil && c.Callee.Origin() == fn {
			if recv != nil {
				sel, ok := ast.Unparen(c.Expr.Fun).(*ast.SelectorExpr)
				if !ok || recv.Name() == "" || recv.Name() == "_" || varOf(info, sel.X) != recv {
					return nil // another receiver: a walk over objects
				}
			}
			self = append(self, c.Expr)
			continue
		}
		if r.sendsCall(c) {
			sends = append(sends, c.Expr)
		}
	}
	if len(self) == 0 || len(sends) == 0 {
		return nil
	}
	// The sends each self-call follows.
	var before []*ast.CallExpr
	for _, sc := range self {
		found := false
		for _, s := range sends {
			if s.End() <= sc.Pos() && !apartBranches(fd.Body, s.Pos(), sc.Pos()) {
				found = true
				if !slices.Contains(before, s) {
					before = append(before, s)
				}
			}
		}
		if !found {
			return nil // a self-call before any send: not a re-send
		}
	}
	l := &Loop{Func: fd, Sends: before, Self: self}
	inputs := r.recursionInputs(fd, before)
	params := fn.Type().(*types.Signature).Params()
	for _, sc := range self {
		if sc.Ellipsis.IsValid() {
			return nil
		}
		for i := range params.Len() {
			p := params.At(i)
			if i >= len(sc.Args) {
				return nil
			}
			same := varOf(info, sc.Args[i]) == p
			if !same && !isContext(p.Type()) {
				l.Bounded = true // a count or a delay that moves
			}
			if !inputs[p] || isContext(p.Type()) {
				continue
			}
			if !same || r.assignedAfter(fd, p, before) {
				return nil // another item, page or cursor: iteration
			}
		}
	}
	l.Body = innermostBlock(fd.Body, append(slices.Clone(before), self...))
	l.Stmt = l.Body
	return l
}

// recursionInputs returns the variables that the requests of sends are
// built from: the sends' arguments and method operands, and, through
// every assignment in fd outside function literals, what the local
// variables among them are assigned from.
func (r *Result) recursionInputs(fd *ast.FuncDecl, sends []*ast.CallExpr) map[*types.Var]bool {
	info := r.pass.TypesInfo
	inputs := map[*types.Var]bool{}
	add := func(e ast.Node) bool {
		grew := false
		ast.Inspect(e, func(n ast.Node) bool {
			if _, ok := n.(*ast.FuncLit); ok {
				return false
			}
			if id, ok := n.(*ast.Ident); ok {
				if v, ok := info.Uses[id].(*types.Var); ok && !v.IsField() && !inputs[v] {
					inputs[v] = true
					grew = true
				}
			}
			return true
		})
		return grew
	}
	for _, call := range sends {
		for _, a := range call.Args {
			add(a)
		}
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			if s, ok := info.Selections[sel]; ok && s.Kind() == types.MethodVal {
				add(sel.X)
			}
		}
	}
	for grew := true; grew; {
		grew = false
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.AssignStmt:
				for _, lhs := range n.Lhs {
					// v = x, and v.f.g = x (u.RawQuery = q.Encode()):
					// what v is built from.
					if v := rootVar(info, lhs); v != nil && inputs[v] {
						for _, rhs := range n.Rhs {
							grew = add(rhs) || grew
						}
						break
					}
				}
			case *ast.CallExpr:
				// A write into an input: q.Set("mount", mount),
				// fmt.Fprintf(&b, ...).
				if dest, _, ok := flow.WriteDest(info, n, httpmodel.Callee(info, n)); ok {
					if v := rootVar(info, dest); v != nil && inputs[v] {
						for _, a := range n.Args {
							grew = add(a) || grew
						}
					}
				}
			case *ast.ValueSpec:
				for _, id := range n.Names {
					if v, ok := info.Defs[id].(*types.Var); ok && inputs[v] {
						for _, rhs := range n.Values {
							grew = add(rhs) || grew
						}
						break
					}
				}
			}
			return true
		})
	}
	return inputs
}

// assignedAfter reports whether fd assigns p after one of the sends, on a
// path from it (not in another branch).
func (r *Result) assignedAfter(fd *ast.FuncDecl, p *types.Var, sends []*ast.CallExpr) bool {
	info := r.pass.TypesInfo
	found := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if found {
			return false
		}
		if _, lit := n.(*ast.FuncLit); lit {
			return false
		}
		for _, e := range writes(n) {
			if varOf(info, e) != p {
				continue
			}
			for _, s := range sends {
				if s.Pos() < e.Pos() && !apartBranches(fd.Body, s.Pos(), e.Pos()) {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// innermostBlock returns the innermost block of body that holds every node
// of nodes, outside function literals.
func innermostBlock(body *ast.BlockStmt, nodes []*ast.CallExpr) *ast.BlockStmt {
	best := body
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.BlockStmt:
			for _, x := range nodes {
				if x.Pos() < n.Lbrace || x.End() > n.Rbrace {
					return false
				}
			}
			best = n
		}
		return true
	})
	return best
}

// IsSelfCall reports whether call is one of the self-calls of l, a retry
// by recursion: the call that starts the next attempt.
func (l *Loop) IsSelfCall(call ast.Node) bool {
	for _, c := range l.Self {
		if c == call {
			return true
		}
	}
	return false
}

// HasSelfCall reports whether n holds a self-call of l, or a requeue of
// its item (see Loop.Requeue), outside function literals: the statement
// starts the next attempt.
func (l *Loop) HasSelfCall(n ast.Node) bool {
	if (len(l.Self) == 0 && len(l.Requeue) == 0) || n == nil {
		return false
	}
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		if found {
			return false
		}
		switch m := m.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			found = l.IsSelfCall(m)
		case *ast.SendStmt:
			found = slices.Contains(l.Requeue, m)
		}
		return true
	})
	return found
}

// rootVar returns the variable at the root of e: v of v, &v, v.f.g, v[i]
// and *v (flow.WriteRoot); nil for anything else.
func rootVar(info *types.Info, e ast.Expr) *types.Var {
	if u, ok := ast.Unparen(e).(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = u.X
	}
	if id, _ := flow.WriteRoot(e); id != nil {
		return varOf(info, id)
	}
	return nil
}
