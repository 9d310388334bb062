package retrylib

import (
	"go/ast"
	"go/types"
	"maps"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/httpmodel"
)

// A Values index records, for a package, every place a value is stored:
// the assignments, declarations and struct literal fields that give a
// variable or field a value, the arguments that give a parameter (and a
// receiver) of a function of the package its value at each call, and the
// results its return statements give a function. It answers the two
// questions the client model asks of a value: where may it end up (the
// holders of a retrying client, followed forward), and where may it come
// from (the request sent through one, followed back). Fields are one
// location for every value of their struct type, which over-approximates
// forward and is what the package-level reading of docs/libraries.md
// promises.
type Values struct {
	info  *types.Info
	files []*ast.File
	// in holds the values stored in each location.
	in map[any][]Stored
	// decls are the function declarations of the package.
	decls map[*types.Func]*ast.FuncDecl
	// sets are the assignments to a field of some value (x.F = v), by
	// field name.
	sets map[string][]FieldSet
	// calls are the calls of the package, with the function that makes
	// each.
	calls []CallAt
	// storedLits are the function literals stored in a local variable
	// (called through it, so their parameters get what the function
	// gives them).
	storedLits map[*ast.FuncLit]bool
	// Ctors, when not nil, gives the client that a call of another
	// package's constructor returns: a call of one that returns a
	// go-retryablehttp Client makes a client, as NewClient() does,
	// configured as its summary says (see RetryingClients).
	Ctors Ctors
}

// CallAt is a call and the function (declaration or literal) that makes
// it, nil at package level.
type CallAt struct {
	Call *ast.CallExpr
	Func ast.Node
}

// Stored is one value stored in a location, and the function (a
// declaration or a literal) that stores it, nil at package level.
type Stored struct {
	Value ast.Expr
	Func  ast.Node
}

// FieldSet is an assignment x.F = v: Base is x.
type FieldSet struct {
	Base  ast.Expr
	Value ast.Expr
	Func  ast.Node
}

// result is the location of a function's i-th result.
type result struct {
	fn *types.Func
	i  int
}

// NewValues indexes the files of a package.
func NewValues(info *types.Info, files []*ast.File) *Values {
	ix := &Values{info: info, files: files, in: map[any][]Stored{}, decls: map[*types.Func]*ast.FuncDecl{}, sets: map[string][]FieldSet{}, storedLits: map[*ast.FuncLit]bool{}}
	for _, f := range files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				if fn, ok := info.Defs[fd.Name].(*types.Func); ok {
					ix.decls[fn] = fd
				}
			}
		}
	}
	for _, f := range files {
		var funcs []ast.Node
		var decl *types.Func
		ast.PreorderStack(f, nil, func(n ast.Node, stack []ast.Node) bool {
			funcs = funcs[:0]
			decl = nil
			for _, s := range stack {
				switch s := s.(type) {
				case *ast.FuncDecl:
					funcs = append(funcs, s)
					decl, _ = info.Defs[s.Name].(*types.Func)
				case *ast.FuncLit:
					funcs = append(funcs, s)
				}
			}
			var fn ast.Node
			if len(funcs) > 0 {
				fn = funcs[len(funcs)-1]
			}
			ix.visit(n, fn, decl, len(funcs) == 1)
			return true
		})
	}
	return ix
}

func (ix *Values) add(loc any, v ast.Expr, fn ast.Node) {
	if loc != nil && v != nil {
		ix.in[loc] = append(ix.in[loc], Stored{Value: v, Func: fn})
		if lit, ok := ast.Unparen(v).(*ast.FuncLit); ok {
			if lv, ok := loc.(*types.Var); ok && !lv.IsField() && lv.Parent() != nil && lv.Pkg() != nil && lv.Parent() != lv.Pkg().Scope() {
				ix.storedLits[lit] = true
			}
		}
	}
}

// visit records the stores made by n, in the function fn (the innermost
// declaration or literal); decl is the declared function and inDecl says
// fn is it (not a literal inside it).
func (ix *Values) visit(n ast.Node, fn ast.Node, decl *types.Func, inDecl bool) {
	info := ix.info
	switch n := n.(type) {
	case *ast.AssignStmt:
		for i, l := range n.Lhs {
			var v ast.Expr
			switch {
			case len(n.Rhs) == len(n.Lhs):
				v = n.Rhs[i]
			case len(n.Rhs) == 1 && i == 0:
				v = n.Rhs[0] // x, err := f(): x is f's first result
			}
			if loc := varOf(info, l); loc != nil {
				ix.add(loc, v, fn)
			}
			if sel, ok := ast.Unparen(l).(*ast.SelectorExpr); ok && v != nil {
				if s := info.Selections[sel]; s != nil && s.Kind() == types.FieldVal {
					ix.sets[sel.Sel.Name] = append(ix.sets[sel.Sel.Name], FieldSet{Base: sel.X, Value: v, Func: fn})
				}
			}
		}
	case *ast.ValueSpec:
		for i, name := range n.Names {
			var v ast.Expr
			switch {
			case len(n.Values) == len(n.Names):
				v = n.Values[i]
			case len(n.Values) == 1 && i == 0:
				v = n.Values[0]
			}
			ix.add(info.Defs[name], v, fn)
		}
	case *ast.CompositeLit:
		st := analysisutil.StructOf(info.TypeOf(n))
		if st == nil {
			return
		}
		for i, el := range n.Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok {
				if id, ok := kv.Key.(*ast.Ident); ok {
					if v, ok := info.Uses[id].(*types.Var); ok {
						ix.add(v, kv.Value, fn)
					}
				}
			} else if i < st.NumFields() {
				ix.add(st.Field(i), el, fn)
			}
		}
	case *ast.CallExpr:
		ix.calls = append(ix.calls, CallAt{Call: n, Func: fn})
		callee := calleeOf(info, n)
		fd := ix.decls[callee]
		if fd == nil {
			return
		}
		params := analysisutil.ParamVars(info, fd.Type)
		sig, _ := callee.Type().(*types.Signature)
		for i, a := range n.Args {
			if i < len(params) && (sig == nil || !sig.Variadic() || i < len(params)-1) {
				ix.add(params[i], a, fn)
			}
		}
		if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok && fd.Recv != nil && len(fd.Recv.List) == 1 && len(fd.Recv.List[0].Names) == 1 {
			if s := info.Selections[sel]; s != nil && s.Kind() == types.MethodVal {
				ix.add(info.Defs[fd.Recv.List[0].Names[0]], sel.X, fn)
			}
		}
	case *ast.ReturnStmt:
		if decl == nil || !inDecl {
			return
		}
		for i, r := range n.Results {
			if len(n.Results) > 1 || i == 0 {
				ix.add(result{decl, i}, r, fn)
			}
		}
	}
}

// calleeOf returns the function or method a call calls, resolving a call
// of a generic function to its declaration.
func calleeOf(info *types.Info, call *ast.CallExpr) *types.Func {
	fn := httpmodel.Callee(info, call)
	if fn == nil {
		return nil
	}
	return fn.Origin()
}

// Decl returns the declaration of a function of the package.
func (ix *Values) Decl(fn *types.Func) *ast.FuncDecl { return ix.decls[fn] }

// locOf returns the location e names: a variable or field, or the first
// result of a function of the package that e calls.
func (ix *Values) locOf(e ast.Expr) any {
	if call, ok := ast.Unparen(e).(*ast.CallExpr); ok {
		if fn := calleeOf(ix.info, call); fn != nil && ix.decls[fn] != nil {
			return result{fn, 0}
		}
		return nil
	}
	if v := varOf(ix.info, e); v != nil {
		return v
	}
	return nil
}

// Holders follows the values made by the expressions made forward through
// the package: the locations (variables, fields, parameters, results)
// that may hold one of them.
func (ix *Values) Holders(made map[ast.Expr]bool) map[any]bool {
	return ix.holdersFrom(made, nil)
}

// holdersFrom is Holders with the locations of seed held from the start
// (a value changed in place, such as a variable whose field is set to one
// of made).
func (ix *Values) holdersFrom(made map[ast.Expr]bool, seed map[any]bool) map[any]bool {
	h := maps.Clone(seed)
	if h == nil {
		h = map[any]bool{}
	}
	for changed := true; changed; {
		changed = false
		for loc, stores := range ix.in {
			if h[loc] {
				continue
			}
			for _, s := range stores {
				if ix.Holds(h, made, s.Value) {
					h[loc] = true
					changed = true
					break
				}
			}
		}
	}
	return h
}

// Holds reports whether e is one of made or names a location of h.
func (ix *Values) Holds(h map[any]bool, made map[ast.Expr]bool, e ast.Expr) bool {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && made[ast.Unparen(u.X)] {
		return true
	}
	if made[e] {
		return true
	}
	if star, ok := e.(*ast.StarExpr); ok {
		e = star.X
	}
	loc := ix.locOf(e)
	return loc != nil && h[loc]
}

// FieldSets returns the assignments x.name = v whose x is held (in h).
func (ix *Values) FieldSets(h map[any]bool, made map[ast.Expr]bool, name string) []FieldSet {
	var out []FieldSet
	for _, s := range ix.sets[name] {
		if ix.Holds(h, made, s.Base) {
			out = append(out, s)
		}
	}
	return out
}

// Calls returns the calls of the package.
func (ix *Values) Calls() []CallAt { return ix.calls }
