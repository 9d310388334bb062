package flow_test

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"maps"
	"slices"
	"testing"

	"github.com/retrylint/retrylint/internal/flow"
)

func TestConstSets(t *testing.T) {
	const src = `package p

var bools = map[int]bool{500: true, 502: true, 429: false}
var set = map[int]struct{}{429: {}, 503: {}}
var list = []int{502, 504}
var changed = map[int]bool{500: true}
var appended = []int{500}
var taken = []int{500}
var notConst = []int{f()}

func f() int { return 1 }

func use(code int) bool {
	changed[code] = true
	appended = append(appended, code)
	p := &taken
	_ = p
	_, ok := set[code]
	return bools[code] || ok || len(list) > 0
}
`
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}}
	if _, err := (&types.Config{Importer: importer.Default()}).Check("p", fset, []*ast.File{file}, info); err != nil {
		t.Fatal(err)
	}
	got := map[string][]int64{}
	for v, s := range flow.ConstSets(info, []*ast.File{file}) {
		got[v.Name()] = slices.Sorted(maps.Keys(s))
	}
	want := map[string][]int64{"bools": {500, 502}, "set": {429, 503}, "list": {502, 504}}
	if len(got) != len(want) {
		t.Fatalf("sets: got %v, want %v", got, want)
	}
	for name, w := range want {
		if !slices.Equal(got[name], w) {
			t.Errorf("%s: got %v, want %v", name, got[name], w)
		}
	}
}
