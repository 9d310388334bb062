package retryloop

// This file holds retries by requeue: a worker that takes items from a
// channel and, after a failed send, hands the same item back to that
// channel (for p := range ch { ...; ch <- p }) sends it again later, as a
// retry loop does; a worker that hands on another item iterates.

import (
	"go/ast"
	"go/token"
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
	return r.requeueIn(s, s.Body, s.Body, s.X, item, stack, calls)
}

// receiveLoop returns the retry by requeue of the for statement s
// without condition that receives its item at the top of its body, p :=
// <-ch, or in a case of a select statement there, case p := <-ch:, or nil
// (see requeueLoop).
func (r *Result) receiveLoop(s *ast.ForStmt, stack []ast.Node, calls []callindex.Call) *Loop {
	if s.Cond != nil || s.Init != nil || s.Post != nil {
		return nil
	}
	info := r.pass.TypesInfo
	// recv returns the item and the channel of p := <-ch or p, ok := <-ch.
	recv := func(st ast.Stmt) (*types.Var, ast.Expr) {
		as, ok := st.(*ast.AssignStmt)
		if !ok || as.Tok != token.DEFINE || len(as.Rhs) != 1 {
			return nil, nil
		}
		u, ok := ast.Unparen(as.Rhs[0]).(*ast.UnaryExpr)
		if !ok || u.Op != token.ARROW {
			return nil, nil
		}
		id, ok := as.Lhs[0].(*ast.Ident)
		if !ok {
			return nil, nil
		}
		v, _ := info.Defs[id].(*types.Var)
		return v, u.X
	}
	for _, st := range s.Body.List {
		if item, ch := recv(st); item != nil {
			return r.requeueIn(s, s.Body, s.Body, ch, item, stack, calls)
		}
		sel, ok := st.(*ast.SelectStmt)
		if !ok {
			continue
		}
		for _, cc := range sel.Body.List {
			cc := cc.(*ast.CommClause)
			if item, ch := recv(cc.Comm); item != nil {
				body := &ast.BlockStmt{Lbrace: cc.Colon, List: cc.Body, Rbrace: cc.End()}
				if l := r.requeueIn(s, s.Body, body, ch, item, stack, calls); l != nil {
					return l
				}
			}
		}
	}
	return nil
}

// requeueIn returns the retry by requeue of the loop s (whose body is
// loopBody) that sends item, received from ch, in work, or nil.
func (r *Result) requeueIn(s ast.Stmt, loopBody, work *ast.BlockStmt, ch ast.Expr, item *types.Var, stack []ast.Node, calls []callindex.Call) *Loop {
	info := r.pass.TypesInfo
	if _, isChan := typeUnder(info.TypeOf(ch)).(*types.Chan); !isChan {
		return nil
	}
	var requeue []*ast.SendStmt
	ast.Inspect(work, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit, *ast.GoStmt:
			return false
		case *ast.SendStmt:
			if sameRef(info, n.Chan, ch) && varOf(info, n.Value) == item {
				requeue = append(requeue, n)
			}
		}
		return true
	})
	if len(requeue) == 0 {
		return nil
	}
	sends := r.sendsIn(work, calls)
	var before []*ast.CallExpr
	for _, rq := range requeue {
		found := false
		for _, c := range sends {
			if c.End() <= rq.Pos() && !apartBranches(work, c.Pos(), rq.Pos()) {
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
	ast.Inspect(work, func(n ast.Node) bool {
		for _, l := range writes(n) {
			l = ast.Unparen(l)
			if id, ok := l.(*ast.Ident); ok && info.Uses[id] == item {
				changed = true // another item (its receive defines it)
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
	l := &Loop{Stmt: s, Body: loopBody, Func: enclosingFunc(stack), Sends: before, Requeue: requeue, Item: item, Bounded: true}
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
