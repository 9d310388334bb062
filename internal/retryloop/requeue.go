package retryloop

// This file holds retries by requeue: a worker that takes items from a
// channel and, after a failed send, hands the same item back to that
// channel (for p := range ch { ...; ch <- p }) sends it again later, as a
// retry loop does; a worker that hands on another item iterates.

import (
	"go/ast"
	"go/types"
	"slices"

	"github.com/retrylint/retrylint/internal/callindex"
	"github.com/retrylint/retrylint/internal/fixes"
)

// requeueLoop returns the retry by requeue of the range statement s over
// a channel, or nil. It is one when the body, outside function literals
// and go statements, sends the item variable itself back to the channel
// it ranges over (the same variable or field), after a send of the body
// on one path; and the body assigns neither the item nor a field of it
// that the sends read (a requeue of another request is iteration).
func (r *Result) requeueLoop(s *ast.RangeStmt, stack []ast.Node, calls []callindex.Call) *Loop {
	info := r.pass.TypesInfo
	if _, isChan := typeUnder(info.TypeOf(s.X)).(*types.Chan); !isChan {
		return nil
	}
	id, ok := s.Key.(*ast.Ident)
	if !ok {
		return nil
	}
	item, _ := info.ObjectOf(id).(*types.Var)
	if item == nil {
		return nil
	}
	var requeue []*ast.SendStmt
	ast.Inspect(s.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit, *ast.GoStmt:
			return false
		case *ast.SendStmt:
			if sameRef(info, n.Chan, s.X) && varOf(info, n.Value) == item {
				requeue = append(requeue, n)
			}
		}
		return true
	})
	if len(requeue) == 0 {
		return nil
	}
	sends := r.sendsIn(s.Body, calls)
	var before []*ast.CallExpr
	for _, rq := range requeue {
		found := false
		for _, c := range sends {
			if c.End() <= rq.Pos() && !apartBranches(s.Body, c.Pos(), rq.Pos()) {
				found = true
				if !slices.Contains(before, c) {
					before = append(before, c)
				}
			}
		}
		if !found {
			return nil
		}
	}
	// The fields of the item the sends read.
	read := map[types.Object]bool{}
	for _, c := range before {
		ast.Inspect(c, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok && varOf(info, sel.X) == item {
				read[info.Uses[sel.Sel]] = true
			}
			return true
		})
	}
	changed := false
	ast.Inspect(s.Body, func(n ast.Node) bool {
		var lhs []ast.Expr
		switch n := n.(type) {
		case *ast.AssignStmt:
			lhs = n.Lhs
		case *ast.IncDecStmt:
			lhs = []ast.Expr{n.X}
		}
		for _, l := range lhs {
			l = ast.Unparen(l)
			if varOf(info, l) == item {
				changed = true
			}
			if sel, ok := l.(*ast.SelectorExpr); ok && varOf(info, sel.X) == item && read[info.Uses[sel.Sel]] {
				changed = true
			}
		}
		return !changed
	})
	if changed {
		return nil
	}
	l := &Loop{Stmt: s, Body: s.Body, Func: enclosingFunc(stack), Sends: before, Requeue: requeue, Item: item, Bounded: true}
	if l.Func == nil {
		return nil
	}
	l.Outer, _ = fixes.StmtInBlock(append(slices.Clone(stack), s))
	return l
}

// sameRef reports whether a and b name the same variable: the same
// identifier's object, or the same field of the same variable.
func sameRef(info *types.Info, a, b ast.Expr) bool {
	a, b = ast.Unparen(a), ast.Unparen(b)
	switch a := a.(type) {
	case *ast.Ident:
		b, ok := b.(*ast.Ident)
		return ok && info.ObjectOf(a) != nil && info.ObjectOf(a) == info.ObjectOf(b)
	case *ast.SelectorExpr:
		b, ok := b.(*ast.SelectorExpr)
		return ok && info.Uses[a.Sel] != nil && info.Uses[a.Sel] == info.Uses[b.Sel] && sameRef(info, a.X, b.X)
	}
	return false
}

func typeUnder(t types.Type) types.Type {
	if t == nil {
		return nil
	}
	return t.Underlying()
}
