package callindex_test

import (
	"go/ast"
	"go/token"
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/retrylint/retrylint/internal/callindex"
)

// loadStd loads a few large standard packages from source, with types,
// for the benchmark and for TestMatchesInspect.
func loadStd(tb testing.TB) []*packages.Package {
	tb.Helper()
	cfg := &packages.Config{Mode: packages.LoadSyntax}
	pkgs, err := packages.Load(cfg, "net/http", "go/types", "encoding/json", "crypto/tls", "slices", "iter", "sync/atomic", "text/template/parse")
	if err != nil {
		tb.Fatal(err)
	}
	for _, p := range pkgs {
		if len(p.Errors) > 0 {
			tb.Fatal(p.Errors)
		}
	}
	return pkgs
}

// BenchmarkIndex indexes every function of the packages: the one walk of
// each body that the analyzers share.
func BenchmarkIndex(b *testing.B) {
	pkgs := loadStd(b)
	b.ResetTimer()
	for b.Loop() {
		for _, p := range pkgs {
			ix := callindex.New(p.Fset, p.Syntax, p.TypesInfo)
			for _, f := range ix.Funcs() {
				ix.Calls(f.Decl)
			}
		}
	}
}

// TestMatchesInspect checks the index of real code against what a plain
// ast.Inspect of each body finds.
func TestMatchesInspect(t *testing.T) {
	if testing.Short() {
		t.Skip("loads packages from source")
	}
	for _, p := range loadStd(t) {
		ix := callindex.New(p.Fset, p.Syntax, p.TypesInfo)
		for _, f := range ix.Funcs() {
			var calls, nodes, lits []ast.Node
			var returns int
			ast.Inspect(f.Decl.Body, func(n ast.Node) bool {
				switch n.(type) {
				case *ast.CallExpr:
					calls = append(calls, n)
					nodes = append(nodes, n)
				case *ast.AssignStmt, *ast.ValueSpec, *ast.RangeStmt, *ast.IndexExpr, *ast.TypeSwitchStmt:
					nodes = append(nodes, n)
				case *ast.CompositeLit:
					lits = append(lits, n)
				}
				return true
			})
			ast.Inspect(f.Decl.Body, func(n ast.Node) bool {
				switch n.(type) {
				case *ast.FuncLit:
					return false
				case *ast.ReturnStmt:
					returns++
				}
				return true
			})
			got := ix.Calls(f.Decl)
			if len(got) != len(calls) {
				t.Fatalf("%s: %d calls, ast.Inspect finds %d", p.Fset.Position(f.Decl.Pos()), len(got), len(calls))
			}
			for i, c := range got {
				if c.Expr != calls[i] {
					t.Fatalf("%s: call %d differs", p.Fset.Position(c.Expr.Pos()), i)
				}
			}
			gotNodes := ix.Nodes(f.Decl)
			if len(gotNodes) != len(nodes) {
				t.Fatalf("%s: %d nodes, ast.Inspect finds %d", p.Fset.Position(f.Decl.Pos()), len(gotNodes), len(nodes))
			}
			for i := range nodes {
				if gotNodes[i] != nodes[i] {
					t.Fatalf("%s: node %d differs", p.Fset.Position(nodes[i].Pos()), i)
				}
			}
			gotLits := ix.CompositeLits(f.Decl)
			if len(gotLits) != len(lits) {
				t.Fatalf("%s: %d composite literals, ast.Inspect finds %d", p.Fset.Position(f.Decl.Pos()), len(gotLits), len(lits))
			}
			for i := range lits {
				if gotLits[i] != lits[i] {
					t.Fatalf("%s: composite literal %d differs", p.Fset.Position(lits[i].Pos()), i)
				}
			}
			if len(ix.Returns(f.Decl)) != returns {
				t.Fatalf("%s: %d returns, ast.Inspect finds %d", p.Fset.Position(f.Decl.Pos()), len(ix.Returns(f.Decl)), returns)
			}
		}
	}
}

// TestVisitMatchesInspect checks Visit against a plain ast.Inspect of
// every file: the same nodes in the same order.
func TestVisitMatchesInspect(t *testing.T) {
	if testing.Short() {
		t.Skip("loads packages from source")
	}
	for _, p := range loadStd(t) {
		ix := callindex.New(p.Fset, p.Syntax, p.TypesInfo)
		var want, got []ast.Node
		for _, file := range p.Syntax {
			for _, d := range file.Decls {
				if gd, ok := d.(*ast.GenDecl); ok && gd.Tok != token.VAR {
					continue // constants and types hold no stores
				}
				if fd, ok := d.(*ast.FuncDecl); ok && fd.Body == nil {
					continue
				}
				ast.Inspect(d, func(n ast.Node) bool {
					switch n := n.(type) {
					case *ast.FuncDecl:
						if n.Body != nil {
							ast.Inspect(n.Body, func(m ast.Node) bool {
								if m != n.Body {
									want = appendStore(want, m)
								}
								return true
							})
						}
						return false
					default:
						want = appendStore(want, n)
					}
					return true
				})
			}
		}
		ix.Visit(nil, func(n ast.Node) { got = append(got, n) })
		if len(got) != len(want) {
			t.Fatalf("%s: Visit finds %d nodes, ast.Inspect %d", p.PkgPath, len(got), len(want))
		}
		for i := range want {
			if got[i] != want[i] {
				t.Fatalf("%s: node %d differs: %T at %s, ast.Inspect has %T at %s", p.PkgPath, i, got[i], p.Fset.Position(got[i].Pos()), want[i], p.Fset.Position(want[i].Pos()))
			}
		}
	}
}

func appendStore(list []ast.Node, n ast.Node) []ast.Node {
	switch n := n.(type) {
	case *ast.AssignStmt, *ast.ValueSpec, *ast.RangeStmt, *ast.CallExpr, *ast.IndexExpr, *ast.CompositeLit, *ast.TypeSwitchStmt:
		return append(list, n)
	case *ast.UnaryExpr:
		if n.Op == token.AND {
			return append(list, n)
		}
	}
	return list
}
