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

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/callindex"
	"github.com/retrylint/retrylint/internal/flow"
	"github.com/retrylint/retrylint/internal/httpmodel"
	"github.com/retrylint/retrylint/internal/summary"
)

// DefaultKeyFields are the body fields that carry a deduplication key
// besides those whose name says so (idempotency, dedup): the ones
// well-known APIs document as such.
func DefaultKeyFields() []string {
	return []string{"incident_key", "entity_id", "client_token", "client_request_token"}
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

// keyType reports whether a value of type t can be a key: text, a
// number, bytes or an array of bytes (a UUID), not a flag.
func keyType(t types.Type) bool {
	if t == nil {
		return false
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Info()&(types.IsString|types.IsInteger) != 0
	case *types.Slice:
		b, ok := u.Elem().Underlying().(*types.Basic)
		return ok && b.Kind() == types.Byte
	case *types.Array:
		b, ok := u.Elem().Underlying().(*types.Basic)
		return ok && b.Kind() == types.Byte
	case *types.Pointer:
		return keyType(u.Elem())
	}
	return false
}

// bodyKeyFact marks a function whose results carry a body with a key
// field: Results[i] holds flow.Source when result i carries one of the
// function's own making, the parameter bits of the arguments it carries
// (encode(msg) carries what msg does), and flow.Tag when the key it
// carries is one of those parameters (order{IdempotencyKey: k}): a
// caller's argument then decides whether the key is one, made once.
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
		if b&flow.Tag != 0 {
			s += " keyed by"
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
// struct t points to), and of the structs it embeds, and returns the
// struct.
func (c *checker) recordTags(t types.Type) *types.Struct {
	st, ok := derefStruct(t)
	if !ok {
		return nil
	}
	if _, seen := c.bodyKeys.structs[st]; seen {
		return st
	}
	c.bodyKeys.structs[st] = true
	for i := range st.NumFields() {
		c.bodyKeys.tags[st.Field(i)] = st.Tag(i)
		if st.Field(i).Embedded() {
			c.recordTags(st.Field(i).Type())
		}
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
	fields  keyFields
	table   *summary.Table[bodyKeyFact, *bodyKeyFact]
	tags    map[*types.Var]string
	structs map[*types.Struct]bool
	flows   map[ast.Node]*flow.Func
	fresh   map[freshKey]*flow.Func
	params  map[ast.Node]*flow.Func
	// summarising is set while the functions' summaries are solved:
	// a fresh value anywhere in a builder makes a new key on every call.
	summarising bool
}

// serializes reports whether fn encodes a value into the text of a body.
func serializes(fn *types.Func) bool {
	return httpmodel.IsPkgFunc(fn, "encoding/json", "Marshal", "MarshalIndent") ||
		httpmodel.IsPkgFunc(fn, "encoding/xml", "Marshal", "MarshalIndent") ||
		isEncode(fn) ||
		httpmodel.IsMethod(fn, "net/url", "Values", "Encode")
}

// isEncode reports whether fn is (*json.Encoder).Encode or
// (*xml.Encoder).Encode.
func isEncode(fn *types.Func) bool {
	return httpmodel.IsMethod(fn, "encoding/json", "Encoder", "Encode") || httpmodel.IsMethod(fn, "encoding/xml", "Encoder", "Encode")
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
	return slices.ContainsFunc(c.calls.Funcs(), func(f callindex.Func) bool { return f.Obj != nil && c.returnsKeyed(f.Obj) })
}

// returnsKeyed reports whether a result of fn is a payload type with a
// key field.
func (c *checker) returnsKeyed(fn *types.Func) bool {
	sig, ok := fn.Type().(*types.Signature)
	if !ok {
		return false
	}
	for v := range sig.Results().Variables() {
		if c.hasKeyField(v.Type()) {
			return true
		}
	}
	return false
}

// solveBodyKeys summarises the functions of the package that build a
// body: those that encode one, and those whose result is a payload type
// with a key field.
func (c *checker) solveBodyKeys(g *summary.Graph) {
	c.bodyKeys.summarising = true
	defer func() { c.bodyKeys.summarising = false }()
	c.bodyKeys.table.Solve(g, summary.Problem[*bodyKeyFact]{
		Active: func(i int) bool {
			f := g.Funcs[i]
			sig, ok := f.Obj.Type().(*types.Signature)
			if !ok || sig.Results().Len() == 0 || f.Decl.Body == nil {
				return false
			}
			return c.returnsKeyed(f.Obj) || slices.ContainsFunc(c.calls.Calls(f.Decl), func(call callindex.Call) bool { return serializes(call.Callee) })
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
// that carry a body with a key field: flow.Source for a key made in the
// function or by a callee, a parameter's bit for what the parameter
// carries, and flow.Tag beside parameter bits for a key that comes from
// those parameters. Flows are kept: a function's is asked for each of its
// sends.
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
	stores := c.keyStores(scope)
	ft, body := flow.FuncParts(scope)
	return flow.Analyze(flow.Config{
		Info:    info,
		Nodes:   nodes,
		Returns: returns,
		// x = v replaces what x held: a body built anew has only the
		// key it is built with.
		Kill: func(lhs, rhs ast.Expr) bool {
			_, ok := ast.Unparen(lhs).(*ast.Ident)
			return ok
		},
		Expr: func(f *flow.Func, e ast.Expr) (flow.Bits, bool) {
			switch e := e.(type) {
			case *ast.CompositeLit:
				b := c.literalKey(scope, e)
				st, _ := derefStruct(info.TypeOf(e))
				for _, elt := range e.Elts {
					if kv, ok := elt.(*ast.KeyValueExpr); ok {
						if st != nil {
							// A field the encoding leaves out
							// (json:"-") sends nothing.
							if id, ok := kv.Key.(*ast.Ident); ok {
								if fv, ok := info.Uses[id].(*types.Var); ok && fv.IsField() && jsonName(fv, c.bodyKeys.tags[fv]) == "" {
									continue
								}
							}
						}
						elt = kv.Value
					}
					b |= f.Expr(elt)
				}
				return b, true
			case *ast.Ident:
				// A local struct or map a key field is stored into
				// carries what the last store before e put there.
				if v := f.VarOf(e); v != nil {
					if st, ok := stores[v]; ok {
						if last := st.before(e.Pos()); last != nil {
							b := f.Var(v, e.Pos()) &^ (flow.Source | flow.Tag)
							return b | last.key, true
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
			_, argExprs := httpmodel.Receiver(info, call)
			out := make([]flow.Bits, len(s.Results))
			for i, b := range s.Results {
				out[i] = b & flow.Source
				for _, p := range b.Params() {
					if p < len(args) {
						out[i] |= args[p]
					}
				}
				if b&flow.Tag == 0 {
					continue
				}
				// The key is the caller's argument: one made once
				// (or a parameter of this function's, for its own
				// caller to judge) keys the body.
				key := flow.Source
				for _, p := range b.Params() {
					if p >= len(argExprs) {
						key = 0
						break
					}
					k := c.bodyKeyValue(scope, argExprs[p])
					if k == 0 {
						key = 0
						break
					}
					if k != flow.Source {
						key = key&^flow.Source | k
					}
				}
				out[i] |= key
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
			_, args := httpmodel.Receiver(info, call)
			switch {
			case httpmodel.IsMethod(fn, "net/url", "Values", "Set", "Add") && len(args) == 2:
				// form.Set("idempotency_key", k)
				if name, ok := httpmodel.ConstString(info, args[0]); ok && c.bodyKeys.fields.Has(name) {
					return c.bodyKeyValue(scope, args[1])
				}
				return f.Expr(args[1])
			case isEncode(fn) && len(args) == 1:
				// Asked only for the writer Fills found (encoderDest).
				return f.Expr(args[0])
			}
			return f.Operands(call, dest)
		},
	}, ft, body)
}

// encoderDest returns the writer of call, a call of (*json.Encoder).Encode
// or (*xml.Encoder).Encode on an encoder made on the spot
// (json.NewEncoder(&buf).Encode(v)) or held by a local variable of scope
// assigned only one (enc := json.NewEncoder(&buf)), or nil.
func (c *checker) encoderDest(scope ast.Node, call *ast.CallExpr) ast.Expr {
	info := c.pass.TypesInfo
	if !isEncode(httpmodel.Callee(info, call)) {
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

// bodyKeyValue classifies e, the value of a key field in scope: 0 for no key
// (the empty string, or a value made anew on every call: a UUID, random
// bytes, the clock, or what is made from one), flow.Tag with the bits of
// the parameters it comes from for a key the caller hands in, and
// flow.Source for a key the function keeps.
func (c *checker) bodyKeyValue(scope ast.Node, e ast.Expr) flow.Bits {
	info := c.pass.TypesInfo
	if s, ok := httpmodel.ConstString(info, e); ok && s == "" {
		return 0
	}
	if !keyType(info.TypeOf(e)) {
		return 0
	}
	within := c.freshWithin(scope)
	if c.callsFreshIn(e, within) {
		return 0
	}
	ff := c.bodyFresh(scope)
	// A field of a local value (e.ID) is as fresh as the value.
	root := e
	if id, _ := flow.WriteRoot(e); id != nil {
		root = id
	}
	if ff.Expr(e)&flow.Source != 0 || ff.Expr(root)&flow.Source != 0 {
		return 0
	}
	// A field of a local value built from a fresh one (e := ev{ID:
	// rand.Text()}; e.ID), which the flow of fresh values does not look
	// into.
	if id, ok := ast.Unparen(root).(*ast.Ident); ok && root != e {
		if v, ok := info.Uses[id].(*types.Var); ok {
			values, _ := flow.Assigned(info, scope, v)
			if slices.ContainsFunc(values, func(val ast.Expr) bool { return c.callsFreshIn(val, within) }) {
				return 0
			}
		}
	}
	pf, ok := c.bodyKeys.params[scope]
	if !ok {
		ft, body := flow.FuncParts(scope)
		pf = flow.Analyze(flow.Config{Info: info}, ft, body)
		c.bodyKeys.params[scope] = pf
	}
	if p := (pf.Expr(e) | pf.Expr(root)) &^ flow.Origins; p != 0 {
		return flow.Tag | p
	}
	return flow.Source
}

// callsFreshIn reports whether n calls, where within says, a source of
// fresh values (see isFreshSource).
func (c *checker) callsFreshIn(n ast.Node, within func(ast.Node) bool) bool {
	fresh := false
	ast.Inspect(n, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && within(call) && c.isFreshSource(httpmodel.Callee(c.pass.TypesInfo, call)) {
			fresh = true
		}
		return !fresh
	})
	return fresh
}

// freshWithin returns where a fresh value makes a key in scope new on
// every attempt. In a function summarised for its callers, anywhere: each
// call makes a new one. In the function that sends, inside a loop or a
// function literal (an operation a helper retries): a key made once
// before the loop is one for every attempt.
func (c *checker) freshWithin(scope ast.Node) func(ast.Node) bool {
	if _, isLit := scope.(*ast.FuncLit); isLit || c.bodyKeys.summarising {
		return func(ast.Node) bool { return true }
	}
	_, body := flow.FuncParts(scope)
	var spans [][2]token.Pos
	if body != nil {
		ast.Inspect(body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.ForStmt:
				spans = append(spans, [2]token.Pos{n.Pos(), n.End()})
				return false
			case *ast.RangeStmt:
				spans = append(spans, [2]token.Pos{n.Pos(), n.End()})
				return false
			case *ast.FuncLit:
				spans = append(spans, [2]token.Pos{n.Pos(), n.End()})
				return false
			}
			return true
		})
	}
	return func(n ast.Node) bool {
		for _, sp := range spans {
			if sp[0] <= n.Pos() && n.End() <= sp[1] {
				return true
			}
		}
		return false
	}
}

// bodyFresh returns the flow of fresh values of scope, counted where
// freshWithin says.
func (c *checker) bodyFresh(scope ast.Node) *flow.Func {
	key := freshKey{scope, c.bodyKeys.summarising}
	if f, ok := c.bodyKeys.fresh[key]; ok {
		return f
	}
	f := c.freshFlow(scope, c.freshWithin(scope))
	c.bodyKeys.fresh[key] = f
	return f
}

type freshKey struct {
	scope       ast.Node
	summarising bool
}

// literalKey returns what lit, a struct or map literal of scope, keys a
// body with (see bodyKeyValue): the join over its key fields.
func (c *checker) literalKey(scope ast.Node, lit *ast.CompositeLit) flow.Bits {
	info := c.pass.TypesInfo
	t := info.TypeOf(lit)
	if t == nil {
		return 0
	}
	var b flow.Bits
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
			if field, ok := info.Uses[id].(*types.Var); ok && c.isKeyField(field) {
				b |= c.bodyKeyValue(scope, kv.Value)
			}
		}
	case *types.Map:
		if k, ok := u.Key().Underlying().(*types.Basic); !ok || k.Info()&types.IsString == 0 {
			return 0
		}
		for _, elt := range lit.Elts {
			kv, ok := elt.(*ast.KeyValueExpr)
			if !ok {
				continue
			}
			tv, ok := info.Types[kv.Key]
			if !ok || tv.Value == nil || tv.Value.Kind() != constant.String || !c.bodyKeys.fields.Has(constant.StringVal(tv.Value)) {
				continue
			}
			v := kv.Value
			if inner, ok := v.(*ast.CompositeLit); ok && len(inner.Elts) == 1 {
				v = inner.Elts[0] // url.Values{"client_token": {tok}}
			}
			b |= c.bodyKeyValue(scope, v)
		}
	}
	return b
}

// A keyStore is a store into a key field of a local struct or map
// (msg.DedupKey = k, m["dedup_key"] = k), or an assignment of the whole
// variable, which replaces the key it held: what a use after it finds.
type keyStore struct {
	at  token.Pos
	key flow.Bits // see bodyKeyValue; 0 for no key (and for a whole assignment)
}

type keyStoreList []keyStore

// before returns the last store that ends before pos, or nil; a whole
// assignment of the variable after the store hides it.
func (l keyStoreList) before(pos token.Pos) *keyStore {
	var last *keyStore
	for i := range l {
		if l[i].at < pos && (last == nil || l[i].at > last.at) {
			last = &l[i]
		}
	}
	return last
}

// keyStores returns, for each local variable of scope that a key field
// is stored into, its stores and its whole assignments after the first
// such store, in the order of the source.
func (c *checker) keyStores(scope ast.Node) map[*types.Var]keyStoreList {
	info := c.pass.TypesInfo
	var out map[*types.Var]keyStoreList
	whole := map[*types.Var][]token.Pos{}
	visit := func(n ast.Node) {
		if call, ok := n.(*ast.CallExpr); ok {
			// delete(m, "dedup_key") takes the key out.
			if analysisutil.IsBuiltinCall(info, call, "delete") && len(call.Args) == 2 {
				if name, ok := httpmodel.ConstString(info, call.Args[1]); ok && c.bodyKeys.fields.Has(name) {
					if id, _ := flow.WriteRoot(call.Args[0]); id != nil {
						if v, ok := info.Uses[id].(*types.Var); ok {
							if out == nil {
								out = map[*types.Var]keyStoreList{}
							}
							out[v] = append(out[v], keyStore{at: call.End()})
						}
					}
				}
			}
			return
		}
		as, ok := n.(*ast.AssignStmt)
		if !ok || as.Tok != token.ASSIGN || len(as.Lhs) != len(as.Rhs) {
			return
		}
		for i, l := range as.Lhs {
			switch l := ast.Unparen(l).(type) {
			case *ast.Ident:
				if v, ok := info.Uses[l].(*types.Var); ok {
					whole[v] = append(whole[v], as.End())
				}
				continue
			case *ast.SelectorExpr:
				sel, ok := info.Selections[l]
				if !ok || sel.Kind() != types.FieldVal {
					continue
				}
				c.recordTags(sel.Recv())
				if field, ok := sel.Obj().(*types.Var); !ok || !c.isKeyField(field) {
					continue
				}
			case *ast.IndexExpr:
				name, ok := httpmodel.ConstString(info, l.Index)
				if !ok || !c.bodyKeys.fields.Has(name) {
					continue
				}
				if t := info.TypeOf(l.X); t == nil {
					continue
				} else if _, isMap := t.Underlying().(*types.Map); !isMap {
					continue
				}
			default:
				continue
			}
			id, _ := flow.WriteRoot(l)
			if id == nil {
				continue
			}
			v, ok := info.Uses[id].(*types.Var)
			if !ok {
				continue
			}
			if out == nil {
				out = map[*types.Var]keyStoreList{}
			}
			out[v] = append(out[v], keyStore{at: as.End(), key: c.bodyKeyValue(scope, as.Rhs[i])})
		}
	}
	if fd, ok := scope.(*ast.FuncDecl); ok {
		for _, n := range c.calls.Nodes(fd) {
			visit(n)
		}
	} else if _, body := flow.FuncParts(scope); body != nil {
		ast.Inspect(body, func(n ast.Node) bool {
			visit(n)
			return true
		})
	}
	for v, list := range out {
		for _, at := range whole[v] {
			list = append(list, keyStore{at: at})
		}
		out[v] = list
	}
	return out
}

// bodyKeyed returns the argument of s's call, or of the call that built
// its request, that carries a body with a key, and the index of the
// parameter of scope the key comes from (-1 for a key of scope's own);
// nil when none does.
func (c *checker) bodyKeyed(scope ast.Node, s send) (ast.Expr, int) {
	if c.bodyKeys.table == nil || scope == nil {
		return nil, -1
	}
	f := c.bodyFlow(scope)
	calls := []*ast.CallExpr{s.call}
	if b, ok := ast.Unparen(s.build).(*ast.CallExpr); ok {
		calls = append(calls, b)
	}
	for _, call := range calls {
		for _, a := range call.Args {
			b := f.Expr(a)
			if b&flow.Source != 0 {
				return a, -1
			}
			if b&flow.Tag != 0 {
				if ps := b.Params(); len(ps) > 0 {
					return a, ps[0]
				}
			}
		}
	}
	return nil, -1
}
