package authlog

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/httpmodel"
)

// This file recognises masking helpers: functions that return a masked
// form of the secret they are given, so that a header overwritten with
// what they return is redacted as if it were overwritten with a marker:
//
//	func hideKey(k string) string {
//		if len(k) > 8 {
//			return k[:8] + "-xxxx-xxxx"
//		}
//		return "xxxxxxxx"
//	}
//	h.Set("X-Auth-Token", hideKey(h.Get("X-Auth-Token")))
//
// Every result must be constant text or a marker, a part of a text
// parameter (a slice with a bound: k[:4], k[len(k)-4:]) joined to a
// marker by + or by a format whose constant text is a marker, or
// strings.Repeat of a marker; and one result at least must hold a
// marker. A function that returns its parameter whole on some path, or
// anything else, is no masking helper.

// maskCandidate reports whether fn has the signature of a masking
// helper: a text parameter and one text result.
func maskCandidate(fn *types.Func) bool {
	sig := fn.Type().(*types.Signature)
	if sig.Results().Len() != 1 || !httpmodel.IsStringOrBytes(sig.Results().At(0).Type()) {
		return false
	}
	for v := range sig.Params().Variables() {
		if httpmodel.IsStringOrBytes(v.Type()) {
			return true
		}
	}
	return false
}

// declaresMaskCandidate reports whether pkg declares an exported
// function that may be a masking helper; it reads the package scope only.
func declaresMaskCandidate(pkg *types.Package) bool {
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		if fn, ok := scope.Lookup(name).(*types.Func); ok && fn.Exported() && maskCandidate(fn) {
			return true
		}
	}
	return false
}

// exportMasks exports the facts of the exported masking helpers of a
// package that the solve does not summarise (it reaches no log and no
// HTTP type).
func (c *checker) exportMasks(decls []decl) {
	for _, d := range decls {
		if d.fn.Exported() && d.fd.Recv == nil && maskCandidate(d.fn) && c.masksText(d.fd) {
			c.pass.ExportObjectFact(d.fn, &funcFact{Masks: true})
		}
	}
}

// masksText reports whether fd is a masking helper (funcFact.Masks).
func (c *checker) masksText(fd *ast.FuncDecl) bool {
	info := c.pass.TypesInfo
	obj, _ := info.Defs[fd.Name].(*types.Func)
	if obj == nil || fd.Body == nil || !maskCandidate(obj) {
		return false
	}
	sig := obj.Type().(*types.Signature)
	params := map[*types.Var]bool{}
	for v := range sig.Params().Variables() {
		if httpmodel.IsStringOrBytes(v.Type()) {
			params[v] = true
		}
	}
	marked := false
	for _, ret := range c.calls.Returns(fd) {
		if len(ret.Results) != 1 {
			return false
		}
		ok, m := maskedText(info, params, ret.Results[0])
		if !ok {
			return false
		}
		marked = marked || m
	}
	return marked
}

// maskedText reports whether e, a result of a masking helper with the
// text parameters params, holds no more of them than a masked part, and
// whether it holds a marker.
func maskedText(info *types.Info, params map[*types.Var]bool, e ast.Expr) (ok, marked bool) {
	e = ast.Unparen(e)
	if s, isConst := constText(info, e); isConst {
		return true, s != "" && isMarkerText(s)
	}
	switch x := e.(type) {
	case *ast.BinaryExpr:
		if x.Op != token.ADD {
			return false, false
		}
		lok, lm := maskedText(info, params, x.X)
		rok, rm := maskedText(info, params, x.Y)
		return lok && rok, lm || rm
	case *ast.SliceExpr:
		// A part of the secret, never the whole of it: k[:] is k.
		id, isID := ast.Unparen(x.X).(*ast.Ident)
		if !isID || x.Low == nil && x.High == nil {
			return false, false
		}
		v, _ := info.Uses[id].(*types.Var)
		return v != nil && params[v], false
	case *ast.CallExpr:
		fn := httpmodel.Callee(info, x)
		switch {
		case httpmodel.IsPkgFunc(fn, "strings", "Repeat"), httpmodel.IsPkgFunc(fn, "bytes", "Repeat"):
			if len(x.Args) != 2 {
				return false, false
			}
			s, isConst := constText(info, x.Args[0])
			return isConst, isConst && s != "" && isMarkerText(s)
		case httpmodel.IsPkgFunc(fn, "fmt", "Sprintf"):
			if len(x.Args) == 0 {
				return false, false
			}
			format, isConst := httpmodel.ConstString(info, x.Args[0])
			if !isConst {
				return false, false
			}
			for _, a := range x.Args[1:] {
				if ok, _ := maskedText(info, params, a); !ok {
					if _, isLen := lenCall(info, a); !isLen {
						return false, false
					}
				}
			}
			text := formatText(format)
			return true, text != "" && isMarkerText(text)
		}
		if _, isLen := lenCall(info, x); isLen {
			return true, false
		}
		// A conversion: string(k[:4]), []byte("***").
		if tv, isType := info.Types[x.Fun]; isType && tv.IsType() && len(x.Args) == 1 {
			return maskedText(info, params, x.Args[0])
		}
	}
	return false, false
}

// lenCall recognises len(x), a length that shows nothing of x.
func lenCall(info *types.Info, e ast.Expr) (ast.Expr, bool) {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 || !analysisutil.IsBuiltinCall(info, call, "len") {
		return nil, false
	}
	return call.Args[0], true
}

// formatText returns the constant text of a printf format, its verbs
// left out: "%s****" is "****".
func formatText(format string) string {
	var b strings.Builder
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			b.WriteByte(format[i])
			continue
		}
		// Skip the flags, width and precision up to the verb.
		for i++; i < len(format) && strings.IndexByte("+-# 0123456789.*[]", format[i]) >= 0; i++ {
		}
	}
	return b.String()
}

// isMasked reports whether e, the new value of a credential header, is
// a marker, blank, or the result of a masking helper (its fact).
func (c *checker) isMasked(info *types.Info, e ast.Expr) bool {
	if isMarker(info, e) {
		return true
	}
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	f := c.fact(httpmodel.Callee(info, call))
	return f != nil && f.Masks
}

// isMaskedList reports whether e is a []string literal of masked values,
// the value of h["Authorization"] = []string{"***"} or
// h["X-Auth-Token"] = []string{hideKey(v)}.
func (c *checker) isMaskedList(info *types.Info, e ast.Expr) bool {
	lit, ok := ast.Unparen(e).(*ast.CompositeLit)
	if !ok || len(lit.Elts) == 0 {
		return false
	}
	for _, elt := range lit.Elts {
		if !c.isMasked(info, elt) {
			return false
		}
	}
	return true
}
