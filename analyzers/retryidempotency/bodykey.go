package retryidempotency

// This file holds the idempotency keys that travel in a request's body:
// an API that deduplicates on a field of the payload (PagerDuty's
// dedup_key, Splunk On-Call's entity_id, Square's idempotency_key, the
// AWS ClientToken) gets its contract from the body, not from a header. A
// write whose body is built from a struct or map literal that sets such
// a field to a value that is not new on every call (a hash of the
// alert's group, the caller's order id) sends the same key on every
// attempt, as a header made once would: it is keyed.
//
// The body is followed through the function that sends it and the
// functions of the package that build it: a literal, a field store on a
// local struct, json.Marshal, an Encoder writing into a buffer, bytes and
// strings readers over it, and the summary of a function whose result
// is such a body (bodyKeyFact).

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/retrylint/retrylint/internal/callindex"
	"github.com/retrylint/retrylint/internal/flow"
	"github.com/retrylint/retrylint/internal/httpmodel"
	"github.com/retrylint/retrylint/internal/summary"
)

// DefaultKeyFields are the body fields that carry a deduplication key
// besides those whose name says so (idempotency, dedup): the ones
// well-known APIs document as such.
func DefaultKeyFields() []string {
	return []string{"incident_key", "entity_id", "alias", "client_token", "client_request_token"}
}

// keyFields are the names of the body fields that carry an idempotency
// or deduplication key: any whose name holds "idempotency" or "dedup",
// and the configured ones, compared without case, "_" or "-".
type keyFields struct{ configured map[string]bool }

func newKeyFields(names []string) keyFields {
	k := keyFields{configured: map[string]bool{}}
	for _, n := range names {
		k.configured[normField(n)] = true
	}
	return k
}

func normField(name string) string {
	return strings.Map(func(r rune) rune {
		if r == '_' || r == '-' {
			return -1
		}
		return r
	}, strings.ToLower(name))
}

// Has reports whether a body field of that name carries a key.
func (k keyFields) Has(name string) bool {
	n := normField(name)
	return n != "" && (strings.Contains(n, "idempotency") || strings.Contains(n, "dedup") || k.configured[n])
}

// bodyKeyFact marks a function whose results carry a body with a key
// field: Results[i] holds flow.Source when result i carries one of the
// function's own making, and the parameter bits of the arguments it
// carries (encode(msg) carries what msg does).
type bodyKeyFact struct{ Results []flow.Bits }

func (*bodyKeyFact) AFact() {}

func (f *bodyKeyFact) String() string {
	var parts []string
	for i, b := range f.Results {
		if b == 0 {
			continue
		}
		s := "result " + strconv.Itoa(i) + ":"
		if b&flow.Source != 0 {
			s += " keyed"
		}
		for _, p := range b.Params() {
			s += " param " + strconv.Itoa(p)
		}
		parts = append(parts, s)
	}
	return "bodykey(" + strings.Join(parts, ", ") + ")"
}

// jsonName returns the name field has in the JSON (or form) encoding of
// its struct, given its tag: the tag's name, or the field's own; "" for a
// field the encoding leaves out.
func jsonName(field *types.Var, tag string) string {
	for _, key := range []string{"json", "url", "form", "xml"} {
		if v, ok := reflect.StructTag(tag).Lookup(key); ok {
			name, _, _ := strings.Cut(v, ",")
			if name == "-" {
				return ""
			}
			if name != "" {
				return name
			}
			break
		}
	}
	if !field.Exported() {
		return ""
	}
	return field.Name()
}

// isKeyField reports whether field, a field of a struct whose tags
// recordTags has seen, is a key field by its name in the encoding.
func (c *checker) isKeyField(field *types.Var) bool {
	if field == nil || !field.IsField() {
		return false
	}
	return c.bodyKeys.fields.Has(jsonName(field, c.bodyKeys.tags[field]))
}

// recordTags notes the tags of the fields of struct type t (or of the
// struct t points to) and returns the struct.
func (c *checker) recordTags(t types.Type) *types.Struct {
	st, ok := derefStruct(t)
	if !ok {
		return nil
	}
	for i := range st.NumFields() {
		c.bodyKeys.tags[st.Field(i)] = st.Tag(i)
	}
	return st
}

func derefStruct(t types.Type) (*types.Struct, bool) {
	if t == nil {
		return nil, false
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	return st, ok
}

// hasKeyField reports whether t, a struct or a pointer to one, has a key
// field (a payload type of an API that deduplicates on it).
func (c *checker) hasKeyField(t types.Type) bool {
	st := c.recordTags(t)
	if st == nil {
		return false
	}
	for i := range st.NumFields() {
		if c.isKeyField(st.Field(i)) {
			return true
		}
	}
	return false
}

// bodyKeys is the state of the body-key model of one package.
type bodyKeys struct {
	fields keyFields
	table  *summary.Table[bodyKeyFact, *bodyKeyFact]
	tags   map[*types.Var]string
	flows  map[ast.Node]*flow.Func
	fresh  map[ast.Node]*flow.Func
}

// serializes reports whether fn encodes a value into the text of a body.
func serializes(fn *types.Func) bool {
	return httpmodel.IsPkgFunc(fn, "encoding/json", "Marshal", "MarshalIndent") ||
		httpmodel.IsPkgFunc(fn, "encoding/xml", "Marshal", "MarshalIndent") ||
		httpmodel.IsMethod(fn, "encoding/json", "Encoder", "Encode") ||
		httpmodel.IsMethod(fn, "encoding/xml", "Encoder", "Encode") ||
		httpmodel.IsMethod(fn, "net/url", "Values", "Encode")
}

// buildsBodies reports whether the package may build a body with a key:
// it encodes JSON, XML or a form, or a function of it returns a payload
// type with a key field.
func (c *checker) buildsBodies() bool {
	for _, imp := range c.pass.Pkg.Imports() {
		switch imp.Path() {
		case "encoding/json", "encoding/xml", "net/url":
			return true
		}
	}
	return slices.ContainsFunc(c.calls.Funcs(), func(f callindex.Func) bool {
		if f.Obj == nil {
			return false
		}
		sig, ok := f.Obj.Type().(*types.Signature)
		if !ok {
			return false
		}
		for v := range sig.Results().Variables() {
			if c.hasKeyField(v.Type()) {
				return true
			}
		}
		return false
	})
}

// solveBodyKeys summarises the functions of the package that build a
// body: those that encode one, and those whose result is a payload type
// with a key field.
func (c *checker) solveBodyKeys(g *summary.Graph) {
	c.bodyKeys.table.Solve(g, summary.Problem[*bodyKeyFact]{
		Active: func(i int) bool {
			f := g.Funcs[i]
			sig, ok := f.Obj.Type().(*types.Signature)
			if !ok || sig.Results().Len() == 0 || f.Decl.Body == nil {
				return false
			}
			for v := range sig.Results().Variables() {
				if c.hasKeyField(v.Type()) {
					return true
				}
			}
			return slices.ContainsFunc(c.calls.Calls(f.Decl), func(call callindex.Call) bool { return serializes(call.Callee) })
		},
		Summarise: func(i int) (*bodyKeyFact, bool) {
			fd := g.Funcs[i].Decl
			r := c.followBody(fd).Results()
			if !slices.ContainsFunc(r, func(b flow.Bits) bool { return b != 0 }) {
				return nil, false
			}
			return &bodyKeyFact{Results: r}, true
		},
		Equal: func(a, b *bodyKeyFact) bool {
			return (a == nil) == (b == nil) && (a == nil || slices.Equal(a.Results, b.Results))
		},
		Join: func(old, new *bodyKeyFact) *bodyKeyFact {
			if old == nil {
				return new
			}
			if new == nil {
				return old
			}
			out := &bodyKeyFact{Results: slices.Clone(old.Results)}
			for i, b := range new.Results {
				if i < len(out.Results) {
					out.Results[i] |= b
				}
			}
			return out
		},
	})
}

// bodyFlow follows, through fn (a declaration or a literal), the values
// that carry a body with a key field (flow.Source) or a parameter's.
// Flows are kept: a function's is asked for each of its sends.
func (c *checker) bodyFlow(scope ast.Node) *flow.Func {
	if f, ok := c.bodyKeys.flows[scope]; ok {
		return f
	}
	f := c.followBody(scope)
	c.bodyKeys.flows[scope] = f
	return f
}

// followBody is bodyFlow without the cache, for the summaries, which
// follow a function again as its callees' summaries grow.
func (c *checker) followBody(scope ast.Node) *flow.Func {
	info := c.pass.TypesInfo
	var nodes []ast.Node
	var returns []*ast.ReturnStmt
	if fd, ok := scope.(*ast.FuncDecl); ok && fd.Body != nil {
		nodes, returns = c.calls.Nodes(fd), c.calls.Returns(fd)
	}
	stored := c.keyStores(scope)
	ft, body := flow.FuncParts(scope)
	return flow.Analyze(flow.Config{
		Info:    info,
		Nodes:   nodes,
		Returns: returns,
		Expr: func(f *flow.Func, e ast.Expr) (flow.Bits, bool) {
			switch e := e.(type) {
			case *ast.CompositeLit:
				var b flow.Bits
				if c.keyedLiteral(scope, e) {
					b = flow.Source
				}
				for _, elt := range e.Elts {
					if kv, ok := elt.(*ast.KeyValueExpr); ok {
						elt = kv.Value
					}
					b |= f.Expr(elt)
				}
				return b, true
			case *ast.Ident:
				// A local struct a key field is stored into carries the
				// key after the store.
				if v := f.VarOf(e); v != nil {
					for _, at := range stored[v] {
						if at < e.Pos() {
							return f.Var(v, e.Pos()) | flow.Source, true
						}
					}
				}
			}
			return 0, false
		},
		Call: func(call *ast.CallExpr, fn *types.Func, recv flow.Bits, args []flow.Bits) ([]flow.Bits, bool) {
			if serializes(fn) && fn.Name() != "Encode" {
				// json.Marshal(v): the text of v.
				if len(args) == 0 {
					return nil, false
				}
				return []flow.Bits{args[0], 0}, true
			}
			if httpmodel.IsMethod(fn, "net/url", "Values", "Encode") {
				return []flow.Bits{recv}, true
			}
			s := c.bodyKeys.table.Lookup(fn)
			if s == nil {
				return nil, false
			}
			out := make([]flow.Bits, len(s.Results))
			for i, b := range s.Results {
				out[i] = b & flow.Source
				for _, p := range b.Params() {
					if p < len(args) {
						out[i] |= args[p]
					}
				}
			}
			return out, true
		},
		// json.NewEncoder(&buf).Encode(v) writes the text of v into buf.
		Fills: func(call *ast.CallExpr) []ast.Expr {
			if dest := c.encoderDest(scope, call); dest != nil {
				return []ast.Expr{dest}
			}
			return nil
		},
		Writes: func(f *flow.Func, call *ast.CallExpr, dest ast.Expr) flow.Bits {
			fn := httpmodel.Callee(info, call)
			recv, args := httpmodel.Receiver(info, call)
			switch {
			case httpmodel.IsMethod(fn, "net/url", "Values", "Set", "Add") && len(args) == 2:
				// form.Set("idempotency_key", k)
				if name, ok := httpmodel.ConstString(info, args[0]); ok && c.bodyKeys.fields.Has(name) && c.stableKey(scope, args[1]) {
					return flow.Source
				}
				return f.Expr(args[1])
			case c.encoderDest(scope, call) != nil && len(args) == 1:
				return f.Expr(args[0])
			}
			var b flow.Bits
			for _, a := range append([]ast.Expr{recv}, args...) {
				if a != nil && a != dest {
					b |= f.Expr(a)
				}
			}
			return b
		},
	}, ft, body)
}

// encoderDest returns the writer of call, a call of (*json.Encoder).Encode
// or (*xml.Encoder).Encode on an encoder made on the spot
// (json.NewEncoder(&buf).Encode(v)) or held by a local variable of scope
// assigned only one (enc := json.NewEncoder(&buf)), or nil.
func (c *checker) encoderDest(scope ast.Node, call *ast.CallExpr) ast.Expr {
	info := c.pass.TypesInfo
	fn := httpmodel.Callee(info, call)
	if !httpmodel.IsMethod(fn, "encoding/json", "Encoder", "Encode") && !httpmodel.IsMethod(fn, "encoding/xml", "Encoder", "Encode") {
		return nil
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	x := ast.Unparen(sel.X)
	if id, ok := x.(*ast.Ident); ok {
		v, ok := info.Uses[id].(*types.Var)
		if !ok || scope == nil {
			return nil
		}
		values, ok := flow.Assigned(info, scope, v)
		if !ok || len(values) != 1 {
			return nil
		}
		x = ast.Unparen(values[0])
	}
	mk, ok := x.(*ast.CallExpr)
	if !ok || len(mk.Args) != 1 {
		return nil
	}
	if f := httpmodel.Callee(info, mk); !httpmodel.IsPkgFunc(f, "encoding/json", "NewEncoder") && !httpmodel.IsPkgFunc(f, "encoding/xml", "NewEncoder") {
		return nil
	}
	return mk.Args[0]
}

// stableKey reports whether e, a key's value in scope, is the same on
// every call: not the empty string, and not derived from a fresh source
// (a UUID, random bytes, the clock).
func (c *checker) stableKey(scope ast.Node, e ast.Expr) bool {
	if s, ok := httpmodel.ConstString(c.pass.TypesInfo, e); ok && s == "" {
		return false
	}
	f, ok := c.bodyKeys.fresh[scope]
	if !ok {
		f = c.freshFlow(scope, func(ast.Node) bool { return true })
		c.bodyKeys.fresh[scope] = f
	}
	return f.Expr(e)&flow.Source == 0
}

// keyedLiteral reports whether lit, a struct or map literal of scope,
// sets a key field to a stable value.
func (c *checker) keyedLiteral(scope ast.Node, lit *ast.CompositeLit) bool {
	info := c.pass.TypesInfo
	t := info.TypeOf(lit)
	if t == nil {
		return false
	}
	switch u := t.Underlying().(type) {
	case *types.Struct:
		c.recordTags(t)
		for _, elt := range lit.Elts {
			kv, ok := elt.(*ast.KeyValueExpr)
			if !ok {
				continue
			}
			id, ok := kv.Key.(*ast.Ident)
			if !ok {
				continue
			}
			if field, ok := info.Uses[id].(*types.Var); ok && c.isKeyField(field) && c.stableKey(scope, kv.Value) {
				return true
			}
		}
	case *types.Map:
		if b, ok := u.Key().Underlying().(*types.Basic); !ok || b.Info()&types.IsString == 0 {
			return false
		}
		for _, elt := range lit.Elts {
			kv, ok := elt.(*ast.KeyValueExpr)
			if !ok {
				continue
			}
			tv, ok := info.Types[kv.Key]
			if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
				continue
			}
			if c.bodyKeys.fields.Has(constant.StringVal(tv.Value)) && c.stableKey(scope, kv.Value) {
				return true
			}
		}
	}
	return false
}

// keyStores returns the local variables of scope that a stable key is
// stored into, as a field (msg.DedupKey = k) or as an element under a key
// field's name (m["dedup_key"] = k), each with the positions of the
// stores.
func (c *checker) keyStores(scope ast.Node) map[*types.Var][]token.Pos {
	info := c.pass.TypesInfo
	var out map[*types.Var][]token.Pos
	visit := func(n ast.Node) {
		as, ok := n.(*ast.AssignStmt)
		if !ok || as.Tok != token.ASSIGN || len(as.Lhs) != len(as.Rhs) {
			return
		}
		for i, l := range as.Lhs {
			var root ast.Expr
			switch l := ast.Unparen(l).(type) {
			case *ast.SelectorExpr:
				sel, ok := info.Selections[l]
				if !ok || sel.Kind() != types.FieldVal {
					continue
				}
				c.recordTags(sel.Recv())
				if field, ok := sel.Obj().(*types.Var); !ok || !c.isKeyField(field) {
					continue
				}
				root = l.X
			case *ast.IndexExpr:
				name, ok := httpmodel.ConstString(info, l.Index)
				if !ok || !c.bodyKeys.fields.Has(name) {
					continue
				}
				if _, isMap := info.TypeOf(l.X).Underlying().(*types.Map); !isMap {
					continue
				}
				root = l.X
			default:
				continue
			}
			id, _ := flow.WriteRoot(root)
			var v *types.Var
			if id != nil {
				v, _ = info.Uses[id].(*types.Var)
			}
			if v == nil || !c.stableKey(scope, as.Rhs[i]) {
				continue
			}
			if out == nil {
				out = map[*types.Var][]token.Pos{}
			}
			out[v] = append(out[v], as.End())
		}
	}
	if fd, ok := scope.(*ast.FuncDecl); ok {
		for _, n := range c.calls.Nodes(fd) {
			visit(n)
		}
		return out
	}
	_, body := flow.FuncParts(scope)
	if body != nil {
		ast.Inspect(body, func(n ast.Node) bool {
			visit(n)
			return true
		})
	}
	return out
}

// bodyKeyed returns the argument of s's call, or of the call that built
// its request, that carries a body with a stable key, or nil.
func (c *checker) bodyKeyed(scope ast.Node, s send) ast.Expr {
	if c.bodyKeys.table == nil || scope == nil {
		return nil
	}
	f := c.bodyFlow(scope)
	calls := []*ast.CallExpr{s.call}
	if b, ok := ast.Unparen(s.build).(*ast.CallExpr); ok {
		calls = append(calls, b)
	}
	for _, call := range calls {
		for _, a := range call.Args {
			if f.Expr(a)&flow.Source != 0 {
				return a
			}
		}
	}
	return nil
}
