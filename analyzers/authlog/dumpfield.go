package authlog

import (
	"go/ast"
	"go/types"
	"slices"

	"github.com/retrylint/retrylint/internal/callindex"
)

// dumpFields finds the fields of text type to which a function of the
// package stores a request dump that holds credentials (t.last, _ =
// httputil.DumpRequestOut(req, true); c.lastReq = string(dump);
// &failure{dump: string(b)}): a debug client that keeps the last request
// and logs it from another method, when the call fails, logs the dump.
// A read of such a field carries the dump wherever the package reads it
// (see eval0); the fix dumps a redacted clone where the dump is made,
// when that is in the file of the log, and drops the field from the log
// otherwise.
//
// Only the functions that both take a dump and store into a text field
// are analysed, after the summaries are solved (a redacting helper of the
// package is known by then): the dump is taken where it is stored. A
// function of the package that returns such a field is not followed: its
// summary was solved before. It reports whether it found a field.
func (c *checker) findDumpFields(decls []decl) bool {
	c.dumpFields = map[*types.Var]creds{}
	c.dumpStores = map[*types.Var][]*ast.CallExpr{}
	info := c.pass.TypesInfo
	for _, d := range decls {
		if d.fd.Body == nil || isTestFile(c.pass, d.file) {
			continue
		}
		// A dump first, from the call index; the walk for the stores
		// only in the few functions that make one.
		if !slices.ContainsFunc(c.calls.Calls(d.fd), func(call callindex.Call) bool { return isDump(info, call.Expr) }) {
			continue
		}
		stores := false
		ast.Inspect(d.fd.Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				for _, l := range n.Lhs {
					stores = stores || textField(info, l) != nil
				}
			case *ast.KeyValueExpr:
				if k, ok := n.Key.(*ast.Ident); ok {
					stores = stores || fieldKey(info, k) != nil
				}
			}
			return true
		})
		if !stores {
			continue
		}
		st := c.analyze(d.fd)
		note := func(f *types.Var, v val, rhs ast.Expr) {
			if f == nil || f.Pkg() != c.pass.Pkg || v.c&credDump == 0 {
				return
			}
			c.dumpFields[f] |= credDump
			// The dumps stored, for the fix: only when each is found
			// and none redacted in part (judged here, where the
			// request is).
			calls, ok := st.dumpOrigins(rhs, map[ast.Node]bool{})
			if known, seen := c.dumpStores[f]; seen && known == nil {
				return
			}
			if !ok || len(calls) == 0 || st.dumpRemoved(calls) != 0 {
				c.dumpStores[f] = nil
				return
			}
			c.dumpStores[f] = append(c.dumpStores[f], calls...)
		}
		ast.Inspect(d.fd.Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				for i, l := range n.Lhs {
					f := textField(info, l)
					switch {
					case f == nil:
					case len(n.Lhs) == len(n.Rhs):
						note(f, st.eval(n.Rhs[i]), n.Rhs[i])
					case len(n.Rhs) == 1:
						if t := st.tupleExpr(n.Rhs[0]); i < len(t) {
							note(f, t[i], n.Rhs[0])
						}
					}
				}
			case *ast.KeyValueExpr:
				if k, ok := n.Key.(*ast.Ident); ok {
					note(fieldKey(info, k), st.eval(n.Value), n.Value)
				}
			}
			return true
		})
	}
	return len(c.dumpFields) > 0
}

// readsDumpField reports whether the body of fd reads a field of
// dumpFields.
func (c *checker) readsDumpField(fd *ast.FuncDecl) bool {
	found := false
	ast.Inspect(fd, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok && !found {
			if f := textField(c.pass.TypesInfo, sel); f != nil && c.dumpFields[f] != 0 {
				found = true
			}
		}
		return !found
	})
	return found
}

// fieldKey returns the field of text type that the key of a struct
// literal's element names, or nil.
func fieldKey(info *types.Info, k *ast.Ident) *types.Var {
	v, ok := info.Uses[k].(*types.Var)
	if !ok || !v.IsField() {
		return nil
	}
	return textVar(v)
}
