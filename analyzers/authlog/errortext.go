package authlog

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"iter"
	"maps"
	"slices"

	"github.com/retrylint/retrylint/internal/callindex"
	"github.com/retrylint/retrylint/internal/fixes"
	"github.com/retrylint/retrylint/internal/httpmodel"
	"github.com/retrylint/retrylint/internal/logsink"
	"github.com/retrylint/retrylint/internal/summary"
)

// This file checks the text of the package's error types. An error is
// printed by its Error method wherever it goes, whatever static type it
// is logged as, and usually far from where it was made, often in another
// package: a method that formats a request, a response or a header held in a field of
// its receiver whole (func (e *APIError) Error() string { return
// fmt.Sprintf("request %+v failed", e.Req) }) puts its credentials into
// every log of the error. It is reported in the method, where the fix
// goes, when the package builds values of the type from a request or a
// header that may carry credentials (&APIError{Req: req}).

// errorMethod returns the Error method of t, a type that errorByFields
// accepts (its own, or its pointer's), or nil.
func errorMethod(t types.Type) *types.Func {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(t), true, nil, "Error")
	fn, ok := obj.(*types.Func)
	if !ok || fn.Pkg() == nil {
		return nil
	}
	sig := fn.Type().(*types.Signature)
	if sig.Params().Len() != 0 || sig.Results().Len() != 1 || !isText(sig.Results().At(0).Type()) {
		return nil
	}
	return fn
}

// noteErrorBuilt records that a value of t, an error type (see
// errorByFields), is built here with a field that carries c.
func (c *checker) noteErrorBuilt(t types.Type, v creds) {
	if v&(credHeader|credRequest|credResponse) == 0 {
		return
	}
	fn := errorMethod(t)
	if fn == nil || fn.Pkg() != c.pass.Pkg {
		return
	}
	if c.errorsBuilt == nil {
		c.errorsBuilt = map[*types.Func]creds{}
	}
	c.errorsBuilt[fn] |= v & (credHeader | credRequest | credResponse)
}

// checkErrorTexts returns the findings in the Error methods of the
// package's error types that format whole, with fmt, a request or a
// header held in a field of their receiver, of a kind that the package
// builds values of the type with (see noteErrorBuilt).
func (c *checker) checkErrorTexts(g *summary.Graph, states []*fstate, at func(token.Pos)) []*fileFindings {
	return c.methodFindings(g, states, byPos(maps.Keys(c.errorsBuilt)), at, func(fn *types.Func, d callindex.Func) []*finding {
		if d.Decl.Recv == nil || len(d.Decl.Recv.List) != 1 || len(d.Decl.Recv.List[0].Names) != 1 {
			return nil
		}
		recv, _ := c.pass.TypesInfo.Defs[d.Decl.Recv.List[0].Names[0]].(*types.Var)
		if recv == nil {
			return nil
		}
		built := c.errorsBuilt[fn]
		var fs []*finding
		for _, call := range c.calls.Calls(d.Decl) {
			if !isFmtText(call.Callee) {
				continue
			}
			fi := -1
			if name := call.Callee.Name(); name == "Sprintf" || name == "Errorf" {
				fi = 0
				if len(call.Expr.Args) == 0 {
					continue
				}
				if tv, ok := c.pass.TypesInfo.Types[call.Expr.Args[0]]; !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
					continue // a format we cannot read
				}
			}
			as, _ := logsink.Args(c.pass.TypesInfo, call.Expr, logsink.Sink{Format: fi, Verbs: fi + 1, Writer: -1, All: true})
			for _, arg := range as {
				a, t := arg.Expr, c.pass.TypesInfo.TypeOf(arg.Expr)
				if fi >= 0 && a == call.Expr.Args[fi] || !logsink.Reveals(arg.Verb, t) {
					continue // the format, or printed as its type or address only (%T, %p)
				}
				var kind creds
				switch {
				case isRequest(t):
					kind = credRequest
				case isWholeResponse(t):
					kind = credResponse
				case isHeader(t):
					kind = credHeader
				}
				if kind == 0 || built&kind == 0 || !c.readsField(a, recv) {
					continue
				}
				fs = append(fs, &finding{
					leaf: leaf{expr: a, ctx: t, c: kind},
					sink: fmt.Sprintf("the text of (%s).Error, which every log of the error prints", types.TypeString(recv.Type(), types.RelativeTo(c.pass.Pkg))),
				})
			}
		}
		return fs
	})
}

// methodFindings returns the findings that find reports in each of fns,
// methods of the package in files that are no tests, with the state of
// the flow in each; at is told each method looked at.
func (c *checker) methodFindings(g *summary.Graph, states []*fstate, fns []*types.Func, at func(token.Pos), find func(*types.Func, callindex.Func) []*finding) []*fileFindings {
	var found []*fileFindings
	for _, fn := range fns {
		i, ok := g.Of(fn)
		if !ok {
			continue
		}
		d := g.Funcs[i]
		if isTestFile(c.pass, d.File) {
			continue
		}
		at(d.Decl.Pos())
		fs := find(fn, d)
		if len(fs) == 0 {
			continue
		}
		src := fixes.Source(c.pass, d.Decl.Pos())
		if src == nil {
			continue
		}
		st := states[i]
		if st == nil {
			st = c.analyze(d.Decl)
		}
		found = append(found, &fileFindings{file: d.File, st: st, src: src, fs: fs})
	}
	return found
}

// isFmtText reports whether fn is a function of fmt that formats its
// arguments into a string or an error.
func isFmtText(fn *types.Func) bool {
	return httpmodel.IsPkgFunc(fn, "fmt", "Sprintf", "Sprint", "Sprintln", "Errorf")
}

// readsField reports whether e is a field of recv, or a field of one,
// selected through recv (e.Req, e.resp.Request).
func (c *checker) readsField(e ast.Expr, recv *types.Var) bool {
	for {
		sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
		if !ok {
			id, ok := ast.Unparen(e).(*ast.Ident)
			return ok && c.pass.TypesInfo.Uses[id] == recv
		}
		if s, ok := c.pass.TypesInfo.Selections[sel]; !ok || s.Kind() != types.FieldVal {
			return false
		}
		e = sel.X
	}
}

// byPos returns the functions of seq in the order of their declarations,
// so that findings come in the same order on every run.
func byPos(seq iter.Seq[*types.Func]) []*types.Func {
	return slices.SortedFunc(seq, func(a, b *types.Func) int { return cmp.Compare(a.Pos(), b.Pos()) })
}
