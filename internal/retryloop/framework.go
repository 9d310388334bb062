package retryloop

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/flow"
	"github.com/retrylint/retrylint/internal/httpmodel"
)

// A framework retries the implementations its users plug in: a loop of
// the package calls a method of one of its interfaces (a notifier, an
// exporter) again while the result says to, and the implementations live
// in the packages that import it. Alertmanager's retry stage calls
// Notifier.Notify until the verdict a notifier returns says not to retry
// (notify.Retry(after, err, reason) asks for another attempt,
// notify.Unrecoverable(err, reason) does not); an older form returns
// (retry bool, err error).

// frameworkPkgFact lists the methods of the package's interfaces that a
// loop of the package retries.
type frameworkPkgFact struct {
	Methods []RetriedMethod
}

func (*frameworkPkgFact) AFact() {}

func (f *frameworkPkgFact) String() string {
	var parts []string
	for _, m := range f.Methods {
		parts = append(parts, m.String())
	}
	return "framework(" + strings.Join(parts, ", ") + ")"
}

// A RetriedMethod is a method of an interface of a framework's package
// that a loop of the package calls again while its result asks for
// another attempt.
type RetriedMethod struct {
	Iface, Method string
	// Flag is 1 + the index of the bool result that asks for another
	// attempt when true ((retry bool, err error)); 0 when the result is
	// a value the package's functions build (see Retry, Stop).
	Flag int
	// Retry and Stop name the functions of the package that build such
	// a value: Retry one that asks for another attempt, Stop one that
	// carries an error and asks for none.
	Retry, Stop []string
	// By names the function whose loop retries.
	By string
}

func (m RetriedMethod) String() string {
	s := m.Iface + "." + m.Method + " by " + m.By
	if m.Flag > 0 {
		return s + fmt.Sprintf(" while result %d", m.Flag-1)
	}
	return s + " retry " + strings.Join(m.Retry, "|") + " stop " + strings.Join(m.Stop, "|")
}

// exportFramework finds the interface methods the package's loops retry
// and exports them as a package fact.
func (r *Result) exportFramework() {
	pass := r.pass
	found := map[string]RetriedMethod{}
	for _, file := range pass.Files {
		for _, d := range file.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				var body *ast.BlockStmt
				switch n := n.(type) {
				case *ast.FuncLit:
					return false
				case *ast.ForStmt:
					body = n.Body
				case *ast.RangeStmt:
					body = n.Body
				default:
					return true
				}
				for _, m := range r.retriedIn(body) {
					m.By = funcName(fd)
					key := m.Iface + "." + m.Method
					if _, dup := found[key]; !dup {
						found[key] = m
					}
				}
				return true
			})
		}
	}
	if len(found) == 0 {
		return
	}
	f := new(frameworkPkgFact)
	for _, m := range found {
		f.Methods = append(f.Methods, m)
	}
	sort.Slice(f.Methods, func(i, j int) bool { return f.Methods[i].String() < f.Methods[j].String() })
	pass.ExportPackageFact(f)
}

func funcName(fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return fd.Name.Name
	}
	t := fd.Recv.List[0].Type
	if s, ok := t.(*ast.StarExpr); ok {
		t = s.X
	}
	if ix, ok := t.(*ast.IndexExpr); ok {
		t = ix.X
	}
	if id, ok := t.(*ast.Ident); ok {
		return id.Name + "." + fd.Name.Name
	}
	return fd.Name.Name
}

// retriedIn returns the interface methods that the loop body calls and
// calls again while the result asks: the result is assigned to a
// variable that an if of the body tests to leave the loop when it asks
// for no other attempt (if !retry { return }, if !verdict.ShouldRetry()
// { return }).
func (r *Result) retriedIn(body *ast.BlockStmt) []RetriedMethod {
	info := r.pass.TypesInfo
	var out []RetriedMethod
	ast.Inspect(body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Rhs) != 1 {
			return true
		}
		call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
		if !ok {
			return true
		}
		m := r.retriedMethod(httpmodel.Callee(info, call))
		if m == nil {
			return true
		}
		first, ok := as.Lhs[0].(*ast.Ident)
		if !ok {
			return true
		}
		v, ok := info.ObjectOf(first).(*types.Var)
		if !ok {
			return true
		}
		res := m.Signature().Results()
		iface, ok := types.Unalias(m.Signature().Recv().Type()).(*types.Named)
		if !ok {
			return true
		}
		rm := RetriedMethod{Iface: iface.Obj().Name(), Method: m.Name()}
		switch {
		case isCondSig(m.Signature()) && len(as.Lhs) == 2:
			if !leavesUnless(info, body, func(e ast.Expr) bool { return isVarIdent(info, e, v) }) {
				return true
			}
			rm.Flag = 1
		case res.Len() == 1 && len(as.Lhs) == 1:
			named, ok := types.Unalias(res.At(0).Type()).(*types.Named)
			if !ok || named.Obj().Pkg() != r.pass.Pkg {
				return true
			}
			var field *types.Var
			if !leavesUnless(info, body, func(e ast.Expr) bool {
				c, ok := ast.Unparen(e).(*ast.CallExpr)
				if !ok || len(c.Args) != 0 {
					return false
				}
				sel, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr)
				if !ok || !isVarIdent(info, sel.X, v) {
					return false
				}
				field = r.flagField(httpmodel.Callee(info, c))
				return field != nil
			}) {
				return true
			}
			rm.Retry, rm.Stop = r.verdictCtors(named, field)
			if len(rm.Retry) == 0 || len(rm.Stop) == 0 {
				return true
			}
		default:
			return true
		}
		out = append(out, rm)
		return true
	})
	return out
}

// retriedMethod returns the interface method that fn calls: fn itself,
// a method of an interface declared in the package, or the one whose
// result a function of the package returns whole (return
// i.notifier.Notify(ctx, alerts...)), or nil.
func (r *Result) retriedMethod(fn *types.Func) *types.Func {
	if fn == nil || fn.Pkg() != r.pass.Pkg {
		return nil
	}
	if m := ownIfaceMethod(r.pass.Pkg, fn); m != nil {
		return m
	}
	d, ok := r.ix.Decl(fn)
	if !ok || d.Decl.Body == nil || len(d.Decl.Body.List) == 0 {
		return nil
	}
	ret, ok := d.Decl.Body.List[len(d.Decl.Body.List)-1].(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 1 {
		return nil
	}
	call, ok := ast.Unparen(ret.Results[0]).(*ast.CallExpr)
	if !ok {
		return nil
	}
	m := ownIfaceMethod(r.pass.Pkg, httpmodel.Callee(r.pass.TypesInfo, call))
	if m == nil || !types.Identical(m.Signature().Results(), fn.Signature().Results()) {
		return nil
	}
	return m
}

// ownIfaceMethod returns fn when it is a method of a named interface type
// declared in pkg, nil otherwise.
func ownIfaceMethod(pkg *types.Package, fn *types.Func) *types.Func {
	if fn == nil || fn.Pkg() != pkg {
		return nil
	}
	recv := fn.Signature().Recv()
	if recv == nil {
		return nil
	}
	named, ok := types.Unalias(recv.Type()).(*types.Named)
	if !ok || !types.IsInterface(named) || named.Obj().Pkg() != pkg {
		return nil
	}
	return fn
}

// leavesUnless reports whether body holds an if whose condition is the
// negation of a test flag accepts (if !retry, if !v.ShouldRetry()) and
// whose branch leaves at once: a return or a break among its
// statements.
func leavesUnless(info *types.Info, body *ast.BlockStmt, flag func(ast.Expr) bool) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok || found {
			return false
		}
		is, ok := n.(*ast.IfStmt)
		if !ok {
			return true
		}
		u, ok := ast.Unparen(is.Cond).(*ast.UnaryExpr)
		if !ok || u.Op != token.NOT || !flag(u.X) {
			return true
		}
		for _, st := range is.Body.List {
			switch st := st.(type) {
			case *ast.ReturnStmt:
				found = true
			case *ast.BranchStmt:
				found = found || st.Tok == token.BREAK
			}
		}
		return !found
	})
	return found
}

// flagField returns the bool field of its receiver that the method m of
// the package returns whole (func (v Verdict) ShouldRetry() bool {
// return v.retry }), or nil.
func (r *Result) flagField(m *types.Func) *types.Var {
	if m == nil || m.Pkg() != r.pass.Pkg || m.Signature().Recv() == nil {
		return nil
	}
	d, ok := r.ix.Decl(m)
	if !ok || d.Decl.Body == nil || len(d.Decl.Body.List) != 1 {
		return nil
	}
	ret, ok := d.Decl.Body.List[0].(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 1 {
		return nil
	}
	sel, ok := ast.Unparen(ret.Results[0]).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	s, ok := r.pass.TypesInfo.Selections[sel]
	if !ok || s.Kind() != types.FieldVal {
		return nil
	}
	f, _ := s.Obj().(*types.Var)
	if f == nil || !isBool(f.Type()) {
		return nil
	}
	return f
}

// verdictCtors returns the exported functions of the package that build
// a value of the type named, returning a composite literal as their last
// and only return statement: those that
// set field to true (Retry) and those that leave it unset or false and
// set an error field from an error parameter (Stop).
func (r *Result) verdictCtors(named *types.Named, field *types.Var) (retry, stop []string) {
	info := r.pass.TypesInfo
	for _, f := range r.ix.Funcs() {
		fd := f.Decl
		if fd == nil || f.Obj == nil || fd.Recv != nil || fd.Body == nil || len(fd.Body.List) == 0 || !f.Obj.Exported() {
			continue
		}
		res := f.Obj.Signature().Results()
		if res.Len() != 1 || !types.Identical(res.At(0).Type(), named) {
			continue
		}
		if slices.ContainsFunc(fd.Body.List[:len(fd.Body.List)-1], func(st ast.Stmt) bool {
			_, isReturn := st.(*ast.ReturnStmt)
			return isReturn
		}) {
			continue
		}
		ret, ok := fd.Body.List[len(fd.Body.List)-1].(*ast.ReturnStmt)
		if !ok || len(ret.Results) != 1 {
			continue
		}
		lit, ok := ast.Unparen(ret.Results[0]).(*ast.CompositeLit)
		if !ok {
			continue
		}
		set, errSet := false, false
		for _, el := range lit.Elts {
			kv, ok := el.(*ast.KeyValueExpr)
			if !ok {
				continue
			}
			key, ok := kv.Key.(*ast.Ident)
			if !ok {
				continue
			}
			fv, _ := info.Uses[key].(*types.Var)
			switch {
			case fv == field:
				tv := info.Types[kv.Value]
				set = tv.Value == nil || tv.Value.Kind() != constant.Bool || constant.BoolVal(tv.Value)
			case fv != nil && analysisutil.IsError(fv.Type()):
				if v, ok := info.Uses[analysisutil.Ident(kv.Value)].(*types.Var); ok && v.Kind() == types.ParamVar {
					errSet = true
				}
			}
		}
		switch {
		case set:
			retry = append(retry, f.Obj.Name())
		case errSet:
			stop = append(stop, f.Obj.Name())
		}
	}
	slices.Sort(retry)
	slices.Sort(stop)
	return retry, stop
}

func isVarIdent(info *types.Info, e ast.Expr, v *types.Var) bool {
	id := analysisutil.Ident(e)
	return id != nil && info.Uses[id] == v
}

func isBool(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.Bool
}

// A RetriedImpl is a method of this package that implements a method
// that a framework it imports retries (see RetriedMethod).
type RetriedImpl struct {
	Decl *ast.FuncDecl
	// Method is the interface method, of the framework's package.
	Method *types.Func
	RetriedMethod
	// Retry and Stop are the framework's functions named by
	// RetriedMethod's.
	Retry, Stop []*types.Func
}

// RetriedImpls returns the methods of the package that implement a
// method a framework the package imports retries.
func (r *Result) RetriedImpls() []*RetriedImpl {
	if r.impls != nil {
		return *r.impls
	}
	var out []*RetriedImpl
	r.impls = &out
	pass := r.pass
	type retried struct {
		m     *types.Func
		iface *types.Interface
		rm    RetriedMethod
		pkg   *types.Package
	}
	var methods []retried
	for _, imp := range pass.Pkg.Imports() {
		f := new(frameworkPkgFact)
		if !pass.ImportPackageFact(imp, f) {
			continue
		}
		for _, rm := range f.Methods {
			tn, ok := imp.Scope().Lookup(rm.Iface).(*types.TypeName)
			if !ok || !types.IsInterface(tn.Type()) {
				continue
			}
			obj, _, _ := types.LookupFieldOrMethod(tn.Type(), false, imp, rm.Method)
			m, ok := obj.(*types.Func)
			if !ok {
				continue
			}
			methods = append(methods, retried{m, tn.Type().Underlying().(*types.Interface), rm, imp})
		}
	}
	if len(methods) == 0 {
		return out
	}
	for _, file := range pass.Files {
		for _, d := range file.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv == nil || fd.Body == nil {
				continue
			}
			fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if !ok {
				continue
			}
			recv := fn.Signature().Recv().Type()
			for _, rt := range methods {
				if fn.Name() != rt.m.Name() || !types.Implements(recv, rt.iface) {
					continue
				}
				impl := &RetriedImpl{Decl: fd, Method: rt.m, RetriedMethod: rt.rm}
				for _, name := range rt.rm.Retry {
					if f, ok := rt.pkg.Scope().Lookup(name).(*types.Func); ok {
						impl.Retry = append(impl.Retry, f)
					}
				}
				for _, name := range rt.rm.Stop {
					if f, ok := rt.pkg.Scope().Lookup(name).(*types.Func); ok {
						impl.Stop = append(impl.Stop, f)
					}
				}
				out = append(out, impl)
			}
		}
	}
	// An implementation that hands back what a helper of its own package
	// returns (return n.postRequest(ctx, u, req)) answers with the
	// helper's returns: the helper is judged as the implementation.
	seen := map[*ast.FuncDecl]bool{}
	for _, impl := range out {
		seen[impl.Decl] = true
	}
	for i := 0; i < len(out); i++ {
		impl := out[i]
		for _, fd := range r.delegates(impl.Decl) {
			if !seen[fd] {
				seen[fd] = true
				d := *impl
				d.Decl = fd
				out = append(out, &d)
			}
		}
	}
	return out
}

// delegates returns the functions of the package whose results fd
// returns as its own, unchanged: return h(...), or a variable given only
// h(...)'s result (v := h(...); if v.Err() != nil { return v }), where h's
// results are fd's.
func (r *Result) delegates(fd *ast.FuncDecl) []*ast.FuncDecl {
	info := r.pass.TypesInfo
	fn, ok := info.Defs[fd.Name].(*types.Func)
	if !ok {
		return nil
	}
	results := fn.Signature().Results()
	var out []*ast.FuncDecl
	for _, ret := range r.ix.Returns(fd) {
		if len(ret.Results) != 1 {
			continue
		}
		e := ast.Unparen(ret.Results[0])
		if id, isID := e.(*ast.Ident); isID {
			v, isVar := info.Uses[id].(*types.Var)
			if !isVar {
				continue
			}
			vals, known := flow.Assigned(info, fd, v)
			if !known || len(vals) != 1 {
				continue
			}
			e = ast.Unparen(vals[0])
		}
		call, isCall := e.(*ast.CallExpr)
		if !isCall {
			continue
		}
		h := typeutil.StaticCallee(info, call)
		if h == nil || h.Pkg() != r.pass.Pkg || !types.Identical(h.Signature().Results(), results) {
			continue
		}
		if d, ok := r.ix.Decl(h); ok && d.Decl != nil && d.Decl.Body != nil && !slices.Contains(out, d.Decl) {
			out = append(out, d.Decl)
		}
	}
	return out
}
