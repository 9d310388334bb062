package fixes_test

import (
	"fmt"
	"go/ast"
	"go/format"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"

	"github.com/retrylint/retrylint/internal/fixes"
)

// stdImporter reads the standard library's export data; it is shared so that
// each package is loaded once per test binary.
var stdImporter = importer.Default()

// mapImporter serves the packages type-checked from source by the test and
// falls back to the standard library.
type mapImporter map[string]*types.Package

func (m mapImporter) Import(path string) (*types.Package, error) {
	if p, ok := m[path]; ok {
		return p, nil
	}
	return stdImporter.Import(path)
}

type checked struct {
	fset *token.FileSet
	src  string
	file *ast.File
	pkg  *types.Package
	info *types.Info
}

// check type-checks src as package path "p" after type-checking each of
// deps (alternating import path and source), which src may import.
func check(t *testing.T, src string, deps ...string) *checked {
	t.Helper()
	c, err := typeCheck(src, deps...)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func typeCheck(src string, deps ...string) (*checked, error) {
	fset := token.NewFileSet()
	imp := mapImporter{}
	one := func(path, src string) (*checked, error) {
		f, err := parser.ParseFile(fset, path+".go", src, parser.ParseComments)
		if err != nil {
			return nil, fmt.Errorf("parse %s: %v", path, err)
		}
		info := &types.Info{
			Types:      map[ast.Expr]types.TypeAndValue{},
			Defs:       map[*ast.Ident]types.Object{},
			Uses:       map[*ast.Ident]types.Object{},
			Implicits:  map[ast.Node]types.Object{},
			Selections: map[*ast.SelectorExpr]*types.Selection{},
			Scopes:     map[ast.Node]*types.Scope{},
		}
		conf := types.Config{Importer: imp}
		pkg, err := conf.Check(path, fset, []*ast.File{f}, info)
		if err != nil {
			return nil, fmt.Errorf("type-check %s: %v", path, err)
		}
		imp[path] = pkg
		return &checked{fset: fset, src: src, file: f, pkg: pkg, info: info}, nil
	}
	for i := 0; i+1 < len(deps); i += 2 {
		if _, err := one(deps[i], deps[i+1]); err != nil {
			return nil, err
		}
	}
	return one("p", src)
}

// text returns the source text of n.
func (c *checked) text(n ast.Node) string {
	tf := c.fset.File(n.Pos())
	return c.src[tf.Offset(n.Pos()):tf.Offset(n.End())]
}

// find returns the first node of type T whose source text is text.
func find[T ast.Node](t *testing.T, c *checked, text string) T {
	t.Helper()
	var found T
	ok := false
	ast.Inspect(c.file, func(n ast.Node) bool {
		if x, isT := n.(T); isT && !ok && c.text(n) == text {
			found, ok = x, true
		}
		return !ok
	})
	if !ok {
		t.Fatalf("no %T with text %q in source", found, text)
	}
	return found
}

// marker returns the position of the comment /*name*/ in the source.
func (c *checked) marker(t *testing.T, name string) token.Pos {
	t.Helper()
	off := strings.Index(c.src, "/*"+name+"*/")
	if off < 0 {
		t.Fatalf("no /*%s*/ marker in source", name)
	}
	return c.fset.File(c.file.Pos()).Pos(off)
}

// useArg returns the argument of the first call to use in the source.
func (c *checked) useArg(t *testing.T) ast.Expr {
	t.Helper()
	var arg ast.Expr
	ast.Inspect(c.file, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && arg == nil {
			if id, ok := call.Fun.(*ast.Ident); ok && id.Name == "use" {
				arg = call.Args[0]
			}
		}
		return arg == nil
	})
	if arg == nil {
		t.Fatalf("no call to use in source")
	}
	return arg
}

// apply returns the source after the edits, which must not overlap.
func (c *checked) apply(t *testing.T, edits []analysis.TextEdit) string {
	t.Helper()
	tf := c.fset.File(c.file.Pos())
	edits = slices.Clone(edits)
	slices.SortStableFunc(edits, func(a, b analysis.TextEdit) int { return int(a.Pos - b.Pos) })
	var out strings.Builder
	last := 0
	for _, e := range edits {
		start, end := tf.Offset(e.Pos), tf.Offset(e.Pos)
		if e.End.IsValid() {
			end = tf.Offset(e.End)
		}
		if start < last || end < start {
			t.Fatalf("overlapping or inverted edit at offset %d", start)
		}
		out.WriteString(c.src[last:start])
		out.Write(e.NewText)
		last = end
	}
	out.WriteString(c.src[last:])
	return out.String()
}

// checkGofmt reports an error when src is not as gofmt writes it.
func checkGofmt(t *testing.T, src string) {
	t.Helper()
	formatted, err := format.Source([]byte(src))
	if err != nil {
		t.Errorf("result does not parse: %v\n%s", err, src)
		return
	}
	if string(formatted) != src {
		t.Errorf("result is not gofmt-clean:\n%s\ngofmt writes:\n%s", src, formatted)
	}
}

const importGroup = `package p

import (
	"fmt"
	"strings"
)

var _ = fmt.Sprint
var _ = strings.ToUpper

func f() {
	/*HERE*/
}
`

func TestImport(t *testing.T) {
	const lib = "package lib\n\nfunc F() {}\n"
	tests := []struct {
		name     string
		src      string
		path     string
		wantName string
		wantOK   bool
		want     string // the file after the edits; "" when there are none
	}{
		{
			name: "into a group, middle", src: importGroup, path: "strconv", wantName: "strconv", wantOK: true,
			want: strings.Replace(importGroup, "\t\"fmt\"\n", "\t\"fmt\"\n\t\"strconv\"\n", 1),
		},
		{
			name: "into a group, first", src: importGroup, path: "bytes", wantName: "bytes", wantOK: true,
			want: strings.Replace(importGroup, "\t\"fmt\"\n", "\t\"bytes\"\n\t\"fmt\"\n", 1),
		},
		{
			name: "into a group, last", src: importGroup, path: "unicode", wantName: "unicode", wantOK: true,
			want: strings.Replace(importGroup, "\t\"strings\"\n", "\t\"strings\"\n\t\"unicode\"\n", 1),
		},
		{
			name: "nested path", src: importGroup, path: "net/http", wantName: "http", wantOK: true,
			want: strings.Replace(importGroup, "\t\"fmt\"\n", "\t\"fmt\"\n\t\"net/http\"\n", 1),
		},
		{
			name: "before a doc comment",
			src:  "package p\n\nimport (\n\t// fmt prints.\n\t\"fmt\"\n)\n\nvar _ = fmt.Sprint\n\nfunc f() {\n\t/*HERE*/\n}\n",
			path: "bytes", wantName: "bytes", wantOK: true,
			want: "package p\n\nimport (\n\t\"bytes\"\n\t// fmt prints.\n\t\"fmt\"\n)\n\nvar _ = fmt.Sprint\n\nfunc f() {\n\t/*HERE*/\n}\n",
		},
		{
			name: "no import declaration",
			src:  "package p\n\nfunc f() {\n\t/*HERE*/\n}\n",
			path: "strconv", wantName: "strconv", wantOK: true,
			want: "package p\n\nimport \"strconv\"\n\nfunc f() {\n\t/*HERE*/\n}\n",
		},
		{
			name: "single import declaration",
			src:  "package p\n\nimport \"fmt\"\n\nvar _ = fmt.Sprint\n\nfunc f() {\n\t/*HERE*/\n}\n",
			path: "strconv", wantName: "strconv", wantOK: true,
			want: "package p\n\nimport \"fmt\"\nimport \"strconv\"\n\nvar _ = fmt.Sprint\n\nfunc f() {\n\t/*HERE*/\n}\n",
		},
		{
			name: "already imported",
			src:  "package p\n\nimport (\n\t\"fmt\"\n\t\"strconv\"\n)\n\nvar _ = fmt.Sprint\nvar _ = strconv.Itoa\n\nfunc f() {\n\t/*HERE*/\n}\n",
			path: "strconv", wantName: "strconv", wantOK: true,
		},
		{
			name: "already imported under another name",
			src:  "package p\n\nimport sc \"strconv\"\n\nvar _ = sc.Itoa\n\nfunc f() {\n\t/*HERE*/\n}\n",
			path: "strconv", wantName: "sc", wantOK: true,
		},
		{
			name: "already imported, name is not the last path element",
			src:  "package p\n\nimport \"math/rand/v2\"\n\nvar _ = rand.IntN\n\nfunc f() {\n\t/*HERE*/\n}\n",
			path: "math/rand/v2", wantName: "rand", wantOK: true,
		},
		{
			name: "only a blank import of the path",
			src:  "package p\n\nimport (\n\t\"fmt\"\n\t_ \"strconv\"\n)\n\nvar _ = fmt.Sprint\n\nfunc f() {\n\t/*HERE*/\n}\n",
			path: "strconv", wantName: "strconv", wantOK: true,
			want: "package p\n\nimport (\n\t\"fmt\"\n\t\"strconv\"\n\t_ \"strconv\"\n)\n\nvar _ = fmt.Sprint\n\nfunc f() {\n\t/*HERE*/\n}\n",
		},
		{
			name: "shadowed by a local",
			src:  "package p\n\nfunc f() {\n\tstrconv := 1\n\t_ = strconv\n\t/*HERE*/\n}\n",
			path: "strconv",
		},
		{
			name: "shadowed by a parameter",
			src:  "package p\n\nfunc f(strconv int) {\n\t/*HERE*/\n}\n",
			path: "strconv",
		},
		{
			name: "clashes with a package-level declaration",
			src:  "package p\n\nvar strconv = 1\n\nfunc f() {\n\t/*HERE*/\n}\n",
			path: "strconv",
		},
		{
			name: "clashes with another import's name",
			src:  "package p\n\nimport strconv \"strings\"\n\nvar _ = strconv.ToUpper\n\nfunc f() {\n\t/*HERE*/\n}\n",
			path: "strconv",
		},
		{
			name: "local of another function",
			src:  "package p\n\nfunc g() {\n\tstrconv := 1\n\t_ = strconv\n}\n\nfunc f() {\n\t/*HERE*/\n}\n",
			path: "strconv", wantName: "strconv", wantOK: true,
			want: "package p\n\nimport \"strconv\"\n\nfunc g() {\n\tstrconv := 1\n\t_ = strconv\n}\n\nfunc f() {\n\t/*HERE*/\n}\n",
		},
		{
			name: "local declared after the position",
			src:  "package p\n\nfunc f() {\n\t/*HERE*/\n\tstrconv := 1\n\t_ = strconv\n}\n",
			path: "strconv", wantName: "strconv", wantOK: true,
			want: "package p\n\nimport \"strconv\"\n\nfunc f() {\n\t/*HERE*/\n\tstrconv := 1\n\t_ = strconv\n}\n",
		},
		{
			name: "standard path into a file with a third-party group",
			src:  "package p\n\nimport (\n\t\"fmt\"\n\n\t\"example.com/lib\"\n)\n\nvar _ = fmt.Sprint\nvar _ = lib.F\n\nfunc f() {\n\t/*HERE*/\n}\n",
			path: "strconv", wantName: "strconv", wantOK: true,
			want: "package p\n\nimport (\n\t\"fmt\"\n\t\"strconv\"\n\n\t\"example.com/lib\"\n)\n\nvar _ = fmt.Sprint\nvar _ = lib.F\n\nfunc f() {\n\t/*HERE*/\n}\n",
		},
		{
			name: "empty import group",
			src:  "package p\n\nimport ()\n\nfunc f() {\n\t/*HERE*/\n}\n",
			path: "strconv", wantName: "strconv", wantOK: true,
			want: "package p\n\nimport (\n\t\"strconv\"\n)\n\nfunc f() {\n\t/*HERE*/\n}\n",
		},
		{
			name: "path whose last element is not the package name",
			src:  "package p\n\nfunc f() {\n\t/*HERE*/\n}\n",
			path: "math/rand/v2", wantName: "rand", wantOK: true,
			want: "package p\n\nimport \"math/rand/v2\"\n\nfunc f() {\n\t/*HERE*/\n}\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := check(t, tt.src, "example.com/lib", lib)
			name, edits, ok := fixes.Import(c.info, c.pkg, c.file, tt.path, c.marker(t, "HERE"))
			if name != tt.wantName || ok != tt.wantOK {
				t.Fatalf("Import = %q, %v; want %q, %v", name, ok, tt.wantName, tt.wantOK)
			}
			if tt.want == "" {
				if len(edits) != 0 {
					t.Fatalf("Import returned %d edits, want none", len(edits))
				}
				return
			}
			got := c.apply(t, edits)
			if got != tt.want {
				t.Errorf("after the edits:\n%s\nwant:\n%s", got, tt.want)
			}
			checkGofmt(t, got)
			// The new import is usable under the returned name.
			use := strings.Replace(got, "/*HERE*/", "_ = "+name+".X", 1)
			if _, err := typeCheck(use, "example.com/lib", lib); err == nil || !strings.Contains(err.Error(), "undefined: "+name+".X") {
				t.Errorf("using %s.X after the edits: error %v, want only undefined: %s.X", name, err, name)
			}
		})
	}
}

const otherPkg = `package other

type T struct{ X int }

type Arr [2]int

type priv struct{ x int }

type privInt int

type privPtr *int

type Pair[K comparable, V any] struct {
	K K
	V V
}

func NewPriv() priv       { return priv{} }
func NewPrivInt() privInt { return 0 }
func NewPrivPtr() privPtr { return nil }
`

const zeroSrc = `package p

import (
	o "example.com/other"
	"unsafe"
)

type (
	MyInt    int
	MyStr    string
	MyBool   bool
	MyFloat  float64
	MyUnsafe unsafe.Pointer
	S        struct{ a int }
	s        struct{ a int }
	Arr      [2]int
	F        func()
	I        interface{ M() }
	Ch       chan int
	Alias    = S
	IntAlias = int
	Pair[K comparable, V any] struct {
		k K
		v V
	}
)

var (
	vInt         int
	vStr         string
	vBool        bool
	vFloat       float64
	vComplex     complex128
	vRune        rune
	vUnsafe      unsafe.Pointer
	vMyInt       MyInt
	vMyStr       MyStr
	vMyBool      MyBool
	vMyFloat     MyFloat
	vMyUnsafe    MyUnsafe
	vPtr         *int
	vSlice       []int
	vMap         map[string]int
	vChan        chan int
	vCh          Ch
	vFunc        func()
	vF           F
	vAny         any
	vI           I
	vErr         error
	vS           S
	vLocalPriv   s
	vPtrS        *S
	vAnon        struct{ x int }
	vArr         [3]int
	vNamedArr    Arr
	vAlias       Alias
	vIntAlias    IntAlias
	vPair        Pair[int, string]
	vOther       o.T
	vOtherPtr    *o.T
	vOtherArr    o.Arr
	vOtherPair   o.Pair[string, int]
	vOtherPriv   = o.NewPriv()
	vOtherPrivI  = o.NewPrivInt()
	vOtherPrivP  = o.NewPrivPtr()
)

func gen[T any, PT *T]() {}
`

func TestZeroValue(t *testing.T) {
	c := check(t, zeroSrc, "example.com/other", otherPkg)
	qual := fixes.Qualifier(c.file, c.pkg, c.info)
	tparams := c.pkg.Scope().Lookup("gen").Type().(*types.Signature).TypeParams()
	tests := []struct {
		v    string // a package-level var, or a type parameter of gen
		want string
	}{
		{"vInt", "0"},
		{"vStr", `""`},
		{"vBool", "false"},
		{"vFloat", "0"},
		{"vComplex", "0"},
		{"vRune", "0"},
		{"vUnsafe", "nil"},
		{"vMyInt", "0"},
		{"vMyStr", `""`},
		{"vMyBool", "false"},
		{"vMyFloat", "0"},
		{"vMyUnsafe", "nil"},
		{"vPtr", "nil"},
		{"vSlice", "nil"},
		{"vMap", "nil"},
		{"vChan", "nil"},
		{"vCh", "nil"},
		{"vFunc", "nil"},
		{"vF", "nil"},
		{"vAny", "nil"},
		{"vI", "nil"},
		{"vErr", "nil"},
		{"vS", "S{}"},
		{"vLocalPriv", "s{}"},
		{"vPtrS", "nil"},
		{"vAnon", "struct{x int}{}"},
		{"vArr", "[3]int{}"},
		{"vNamedArr", "Arr{}"},
		{"vAlias", "Alias{}"},
		{"vIntAlias", "0"},
		{"vPair", "Pair[int, string]{}"},
		{"vOther", "o.T{}"},
		{"vOtherPtr", "nil"},
		{"vOtherArr", "o.Arr{}"},
		{"vOtherPair", "o.Pair[string, int]{}"},
		{"vOtherPriv", ""}, // an unexported struct of another package cannot be written
		{"vOtherPrivI", "0"},
		{"vOtherPrivP", "nil"},
		{"T", "*new(T)"},
		{"PT", "*new(PT)"},
	}
	var checks strings.Builder
	checks.WriteString("\nfunc _[T any, PT *T]() {\n")
	for i, tt := range tests {
		var typ types.Type
		if obj := c.pkg.Scope().Lookup(tt.v); obj != nil {
			typ = obj.Type()
			fmt.Fprintf(&checks, "\tx%d := %s\n", i, tt.v)
		} else {
			for tp := range tparams.TypeParams() {
				if tp.Obj().Name() == tt.v {
					typ = tp
				}
			}
			fmt.Fprintf(&checks, "\tvar x%d %s\n", i, tt.v)
		}
		if typ == nil {
			t.Fatalf("no var or type parameter %s", tt.v)
		}
		got := fixes.ZeroValue(c.pkg, qual, typ)
		if got != tt.want {
			t.Errorf("ZeroValue(%s) = %q, want %q", typ, got, tt.want)
		}
		if got != "" {
			fmt.Fprintf(&checks, "\tx%d = %s\n", i, got)
		}
		fmt.Fprintf(&checks, "\t_ = x%d\n", i)
	}
	checks.WriteString("}\n")
	// Every zero value that was written is assignable where it was asked for.
	if _, err := typeCheck(zeroSrc+checks.String(), "example.com/other", otherPkg); err != nil {
		t.Errorf("the zero values do not compile: %v\n%s", err, checks.String())
	}

	// Another qualifier writes other packages its own way.
	byName := func(p *types.Package) string { return p.Name() }
	other := c.pkg.Scope().Lookup("vOther").Type()
	if got := fixes.ZeroValue(c.pkg, byName, other); got != "other.T{}" {
		t.Errorf("ZeroValue(o.T) qualified by package name = %q, want %q", got, "other.T{}")
	}
}

// lineSrc wraps body as the body of f.
func lineSrc(body string) string {
	return "package p\n\nfunc a() {}\nfunc b() {}\nfunc c() {}\n\nfunc f() {\n" + body + "}\n"
}

func TestLineDelete(t *testing.T) {
	const refuse = "refuse"
	tests := []struct {
		name string
		body string
		stmt string // source text of the statement to delete
		want string // the body after the edit, or refuse
	}{
		{"middle", "\ta()\n\tb()\n\tc()\n", "b()", "\ta()\n\tc()\n"},
		{"first", "\tb()\n\ta()\n", "b()", "\ta()\n"},
		{"last", "\ta()\n\tb()\n", "b()", "\ta()\n"},
		{"only", "\tb()\n", "b()", ""},
		{"between blank lines", "\ta()\n\n\tb()\n\n\tc()\n", "b()", "\ta()\n\n\tc()\n"},
		{"after a blank line", "\ta()\n\n\tb()\n\tc()\n", "b()", "\ta()\n\n\tc()\n"},
		{"before a blank line", "\ta()\n\tb()\n\n\tc()\n", "b()", "\ta()\n\n\tc()\n"},
		{"last after a blank line", "\ta()\n\n\tb()\n", "b()", "\ta()\n\n"},
		{"multi-line statement", "\tif true {\n\t\tb()\n\t}\n\ta()\n", "if true {\n\t\tb()\n\t}", "\ta()\n"},
		{"nested statement", "\tif true {\n\t\tb()\n\t}\n", "b()", "\tif true {\n\t}\n"},
		{"code before on the line", "\ta(); b()\n", "b()", refuse},
		{"code after on the line", "\tb(); a()\n", "b()", refuse},
		{"trailing comment", "\tb() // why\n", "b()", refuse},
		{"leading comment on the line", "\t/* why */ b()\n", "b()", refuse},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := check(t, lineSrc(tt.body))
			edit, ok := fixes.LineDelete(c.fset, []byte(c.src), find[ast.Stmt](t, c, tt.stmt))
			if ok != (tt.want != refuse) {
				t.Fatalf("LineDelete ok = %v, want %v", ok, tt.want != refuse)
			}
			if !ok {
				if edit.Pos.IsValid() || edit.End.IsValid() || edit.NewText != nil {
					t.Errorf("LineDelete refused with a non-zero edit %+v", edit)
				}
				return
			}
			got := c.apply(t, []analysis.TextEdit{edit})
			want := lineSrc(tt.want)
			if got != want {
				t.Errorf("after the edit:\n%s\nwant:\n%s", got, want)
			}
			// Every accepted case starts gofmt-clean, so the result must be.
			checkGofmt(t, c.src)
			checkGofmt(t, got)
		})
	}
	// No source, no edit.
	c := check(t, lineSrc("\tb()\n"))
	if _, ok := fixes.LineDelete(c.fset, nil, find[ast.Stmt](t, c, "b()")); ok {
		t.Errorf("LineDelete without source text succeeded")
	}
}

func TestPure(t *testing.T) {
	tests := []struct {
		expr string
		want bool
	}{
		{"x", true},
		{"42", true},
		{`"s"`, true},
		{"(x)", true},
		{"s.f", true},
		{"ps.f", true},
		{"time.Second", true},
		{"x + y*2", true},
		{"-x", true},
		{"!ok", true},
		{"&x", true},
		{"int64(x)", true},
		{"time.Duration(x) * time.Second", true},
		{"s.m", false}, // a method value
		{"s.m()", false},
		{"S.m", false}, // a method expression
		{"*p", false},
		{"<-ch", false},
		{"len(m)", false},
		{`m["k"]`, false},
		{"g(x)", false},
		{"int64(g(x))", false},
		{"x + g(x)", false},
		{"[]int{x}", false},
		{"func() {}", false},
	}
	var body strings.Builder
	for _, tt := range tests {
		fmt.Fprintf(&body, "\t_ = %s\n", tt.expr)
	}
	c := check(t, `package p

import "time"

type S struct{ f int }

func (S) m() int { return 0 }

func g(int) int { return 0 }

func f(x, y int, ok bool, s S, ps *S, p *int, ch chan int, m map[string]int) {
`+body.String()+"}\n")
	var exprs []ast.Expr
	ast.Inspect(c.file, func(n ast.Node) bool {
		if as, isAssign := n.(*ast.AssignStmt); isAssign {
			exprs = append(exprs, as.Rhs[0])
		}
		return true
	})
	for i, tt := range tests {
		if got := fixes.Pure(c.info, exprs[i]); got != tt.want {
			t.Errorf("Pure(%s) = %v, want %v", tt.expr, got, tt.want)
		}
	}
}

func TestVisibleAt(t *testing.T) {
	tests := []struct {
		name string
		src  string // the expression is the argument of the first call to use
		want bool
	}{
		{"parameter", `func f(a int) {
	/*HERE*/
	use(a + 1)
}`, true},
		{"local declared before", `func f() {
	c := 1
	/*HERE*/
	use(c)
}`, true},
		{"local declared after", `func f() {
	/*HERE*/
	c := 1
	use(c)
}`, false},
		{"local of an inner block", `func f() {
	{
		c := 1
		use(c)
	}
	/*HERE*/
}`, false},
		{"shadowed at the position", `func f(a int) {
	use(a)
	{
		a := "s"
		_ = a
		/*HERE*/
	}
}`, false},
		{"builtin", `func f(a []int) {
	/*HERE*/
	use(len(a))
}`, true},
		{"shadowed builtin", `func f(a []int) {
	use(len(a))
	len := 0
	_ = len
	/*HERE*/
}`, false},
		{"field of a visible var", `func f(s S) {
	/*HERE*/
	use(s.x)
}`, true},
		{"method call on a visible var", `func f(s S) {
	/*HERE*/
	use(s.m())
}`, true},
		{"field of a var declared after", `func f() {
	/*HERE*/
	s := S{}
	use(s.x)
}`, false},
		{"keyed composite literal", `func f(a int) {
	/*HERE*/
	use(S{x: a})
}`, true},
		{"package-level var", `func f() {
	/*HERE*/
	use(g)
}`, true},
		{"package-level var shadowed", `func f() {
	use(g)
	g := 1
	_ = g
	/*HERE*/
}`, false},
		{"package name shadowed", `func f() {
	use(time.Second)
	time := 1
	_ = time
	/*HERE*/
}`, false},
		{"qualified identifier", `func f() {
	/*HERE*/
	use(time.Second)
}`, true},
		{"arithmetic with a qualified identifier", `func f(a int) {
	/*HERE*/
	use(time.Duration(a) * time.Second)
}`, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := check(t, `package p

import "time"

type S struct{ x int }

func (S) m() int { return 0 }

var g = 1

var _ = time.Second

func use(any) {}

`+tt.src+"\n")
			if got := fixes.VisibleAt(c.info, c.file, c.useArg(t), c.marker(t, "HERE")); got != tt.want {
				t.Errorf("VisibleAt = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestFreeName(t *testing.T) {
	c := check(t, `package p

import "strconv"

var pkgLevel int

var _ = strconv.Itoa

func g() {
	y := 1
	_ = y
	/*G*/
}

func f(param int) {
	x := 1
	x2 := 2
	_, _ = x, x2
	/*HERE*/
	later := 3
	_ = later
}
`)
	here, inG := c.marker(t, "HERE"), c.marker(t, "G")
	tests := []struct {
		name  string
		taken []string
		pos   []token.Pos
		want  string
	}{
		{"fresh", nil, []token.Pos{here}, "fresh"},
		{"x", nil, []token.Pos{here}, "x3"},
		{"x2", nil, []token.Pos{here}, "x22"},
		{"param", nil, []token.Pos{here}, "param2"},
		{"pkgLevel", nil, []token.Pos{here}, "pkgLevel2"},
		{"strconv", nil, []token.Pos{here}, "strconv2"},
		{"f", nil, []token.Pos{here}, "f2"},
		{"len", nil, []token.Pos{here}, "len2"},
		{"y", nil, []token.Pos{here}, "y"},          // a local of another function
		{"later", nil, []token.Pos{here}, "later2"}, // declared later in the same block
		{"y", nil, []token.Pos{here, inG}, "y2"},
		{"x", nil, []token.Pos{inG, here}, "x3"},
		{"fresh", []string{"fresh"}, []token.Pos{here}, "fresh2"},
		{"x", []string{"x3", "x4"}, []token.Pos{here}, "x5"},
		{"fresh", []string{"fresh"}, nil, "fresh2"},
		{"x", nil, nil, "x"},
	}
	for _, tt := range tests {
		var taken map[string]bool
		if tt.taken != nil {
			taken = map[string]bool{}
			for _, n := range tt.taken {
				taken[n] = true
			}
		}
		got := fixes.FreeName(c.info, c.file, tt.name, taken, tt.pos...)
		if got != tt.want {
			t.Errorf("FreeName(%q, taken %v, %d positions) = %q, want %q", tt.name, tt.taken, len(tt.pos), got, tt.want)
		}
		if taken != nil && (!taken[got] || len(taken) != len(tt.taken)+1) {
			t.Errorf("FreeName(%q) did not add %q to taken: %v", tt.name, got, taken)
		}
	}
	// Successive calls sharing taken give distinct names.
	taken := map[string]bool{}
	a := fixes.FreeName(c.info, c.file, "v", taken, here)
	b := fixes.FreeName(c.info, c.file, "v", taken, here)
	if a != "v" || b != "v2" {
		t.Errorf("two FreeName(v) calls sharing taken = %q, %q; want v, v2", a, b)
	}
}

func TestReturnsErrorAndResultTypes(t *testing.T) {
	c := check(t, `package p

type myErr error

type E = error

type T struct{}

func none()                          {}
func onlyErr() error                 { return nil }
func pair() (int, error)             { return 0, nil }
func named() (n, m int, err error)   { return }
func notLast() (error, int)          { return nil, 0 }
func noErr() int                     { return 0 }
func definedErr() myErr              { return nil }
func aliasErr() E                    { return nil }
func structs() (T, *T, error)        { return T{}, nil, nil }
`)
	tests := []struct {
		fn      string
		want    bool
		results string
	}{
		{"none", false, ""},
		{"onlyErr", true, "error"},
		{"pair", true, "int, error"},
		{"named", true, "int, int, error"},
		{"notLast", false, "error, int"},
		{"noErr", false, "int"},
		{"definedErr", false, "p.myErr"},
		{"aliasErr", true, "p.E"},
		{"structs", true, "p.T, *p.T, error"},
	}
	for _, tt := range tests {
		decl, ok := c.pkg.Scope().Lookup(tt.fn).(*types.Func)
		if !ok {
			t.Fatalf("no func %s", tt.fn)
		}
		ft := funcType(c, decl)
		if got := fixes.ReturnsError(c.info, ft); got != tt.want {
			t.Errorf("ReturnsError(%s) = %v, want %v", tt.fn, got, tt.want)
		}
		var names []string
		for _, typ := range fixes.ResultTypes(c.info, ft) {
			names = append(names, typ.String())
		}
		if got := strings.Join(names, ", "); got != tt.results {
			t.Errorf("ResultTypes(%s) = %s, want %s", tt.fn, got, tt.results)
		}
	}
	if fixes.ReturnsError(c.info, nil) {
		t.Errorf("ReturnsError(nil) = true")
	}
}

// funcType returns the syntax of the declared function fn's type.
func funcType(c *checked, fn *types.Func) *ast.FuncType {
	for _, d := range c.file.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && c.info.Defs[fd.Name] == fn {
			return fd.Type
		}
	}
	return nil
}

func TestDeleteImportIfUnused(t *testing.T) {
	group := func(specs ...string) string {
		return "package p\n\nimport (\n\t" + strings.Join(specs, "\n\t") + "\n)\n\nvar _ = fmt.Sprint\nvar _ = strings.ToUpper\n\nfunc f() {\n\t_ = strconv.Itoa(1)\n}\n"
	}
	tests := []struct {
		name    string
		src     string
		sel     string // the package-qualified selector
		removed string // source text of the statement being removed
		want    string // the file after the edit; "" when there is none
	}{
		{
			name: "middle of a group", src: group(`"fmt"`, `"strconv"`, `"strings"`),
			sel: "strconv.Itoa", removed: "_ = strconv.Itoa(1)",
			want: strings.Replace(group(`"fmt"`, `"strconv"`, `"strings"`), "\t\"strconv\"\n", "", 1),
		},
		{
			name: "first of a group", src: group(`"strconv"`, `"fmt"`, `"strings"`),
			sel: "strconv.Itoa", removed: "_ = strconv.Itoa(1)",
			want: strings.Replace(group(`"strconv"`, `"fmt"`, `"strings"`), "\t\"strconv\"\n", "", 1),
		},
		{
			name: "last of a group", src: group(`"fmt"`, `"strings"`, `"strconv"`),
			sel: "strconv.Itoa", removed: "_ = strconv.Itoa(1)",
			want: strings.Replace(group(`"fmt"`, `"strings"`, `"strconv"`), "\t\"strconv\"\n", "", 1),
		},
		{
			name: "renamed import", src: strings.ReplaceAll(group(`"fmt"`, `sc "strconv"`, `"strings"`), "strconv.Itoa", "sc.Itoa"),
			sel: "sc.Itoa", removed: "_ = sc.Itoa(1)",
			want: strings.Replace(strings.ReplaceAll(group(`"fmt"`, `sc "strconv"`, `"strings"`), "strconv.Itoa", "sc.Itoa"), "\tsc \"strconv\"\n", "", 1),
		},
		{
			name: "two uses in the removed statement",
			src:  strings.ReplaceAll(group(`"fmt"`, `"strconv"`, `"strings"`), "strconv.Itoa(1)", "strconv.Itoa(1) + strconv.Quote(\"\")"),
			sel:  "strconv.Itoa", removed: "_ = strconv.Itoa(1) + strconv.Quote(\"\")",
			want: strings.Replace(strings.ReplaceAll(group(`"fmt"`, `"strconv"`, `"strings"`), "strconv.Itoa(1)", "strconv.Itoa(1) + strconv.Quote(\"\")"), "\t\"strconv\"\n", "", 1),
		},
		{
			name: "used elsewhere",
			src:  group(`"fmt"`, `"strconv"`, `"strings"`) + "\nvar _ = strconv.Quote\n",
			sel:  "strconv.Itoa", removed: "_ = strconv.Itoa(1)",
		},
		{
			name: "removed statement does not hold the use",
			src:  strings.Replace(group(`"fmt"`, `"strconv"`, `"strings"`), "func f() {\n", "func f() {\n\t_ = fmt.Sprint()\n", 1),
			sel:  "strconv.Itoa", removed: "_ = fmt.Sprint()",
		},
		{
			name: "not a package selector",
			src:  strings.Replace(group(`"fmt"`, `"strconv"`, `"strings"`), "func f() {\n", "type S struct{ x int }\n\nfunc f() {\n\t_ = S{}.x\n", 1),
			sel:  "S{}.x", removed: "_ = S{}.x",
		},
		{
			name: "first of a second group",
			src:  "package p\n\nimport (\n\t\"strings\"\n\n\t\"example.com/a\"\n\t\"example.com/b\"\n)\n\nvar _ = strings.ToUpper\nvar _ = b.B\n\nfunc f() {\n\t_ = a.A\n}\n",
			sel:  "a.A", removed: "_ = a.A",
			want: "package p\n\nimport (\n\t\"strings\"\n\n\t\"example.com/b\"\n)\n\nvar _ = strings.ToUpper\nvar _ = b.B\n\nfunc f() {\n\t_ = a.A\n}\n",
		},
		{
			name: "only spec of a group",
			src:  "package p\n\nimport (\n\t\"strconv\"\n)\n\nfunc f() {\n\t_ = strconv.Itoa(1)\n}\n",
			sel:  "strconv.Itoa", removed: "_ = strconv.Itoa(1)",
			want: "package p\n\nfunc f() {\n\t_ = strconv.Itoa(1)\n}\n",
		},
		{
			name: "single import declaration",
			src:  "package p\n\nimport \"strconv\"\n\nfunc f() {\n\t_ = strconv.Itoa(1)\n}\n",
			sel:  "strconv.Itoa", removed: "_ = strconv.Itoa(1)",
			want: "package p\n\nfunc f() {\n\t_ = strconv.Itoa(1)\n}\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := check(t, tt.src, "example.com/a", "package a\n\nvar A int\n", "example.com/b", "package b\n\nvar B int\n")
			sel := find[*ast.SelectorExpr](t, c, tt.sel)
			removed := find[ast.Stmt](t, c, tt.removed)
			edits := fixes.DeleteImportIfUnused(c.fset, []byte(c.src), c.info, c.file, sel, removed)
			if tt.want == "" {
				if edits != nil {
					t.Fatalf("DeleteImportIfUnused = %v, want nil", edits)
				}
				return
			}
			if len(edits) != 1 {
				t.Fatalf("DeleteImportIfUnused returned %d edits, want 1", len(edits))
			}
			got := c.apply(t, edits)
			if got != tt.want {
				t.Errorf("after the edit:\n%s\nwant:\n%s", got, tt.want)
			}
			checkGofmt(t, got)
		})
	}
}

func TestImportsLeftUnused(t *testing.T) {
	tests := []struct {
		name, src, removed, want string
		newText                  string // the edit's replacement text
	}{
		{
			name:    "used by the edit's new text",
			src:     "package p\n\nimport \"strconv\"\n\nfunc f() {\n\t_ = strconv.Itoa(1)\n}\n",
			removed: "_ = strconv.Itoa(1)",
			newText: "_ = strconv.Quote(\"x\")",
		},
		{
			name:    "last spec of a group of its own",
			src:     "package p\n\nimport (\n\t\"strings\"\n\n\t\"example.com/a\"\n)\n\nvar _ = strings.ToUpper\n\nfunc f() {\n\t_ = a.A\n}\n",
			removed: "_ = a.A",
			want:    "package p\n\nimport (\n\t\"strings\"\n)\n\nvar _ = strings.ToUpper\n\nfunc f() {\n\t_ = a.A\n}\n",
		},
		{
			name:    "every spec of the declaration",
			src:     "package p\n\nimport (\n\t\"strconv\"\n\t\"strings\"\n)\n\nfunc f() {\n\t_ = strconv.Itoa(len(strings.Fields(\"\")))\n}\n",
			removed: "_ = strconv.Itoa(len(strings.Fields(\"\")))",
			want:    "package p\n\nfunc f() {\n\t_ = strconv.Itoa(len(strings.Fields(\"\")))\n}\n",
		},
		{
			name:    "used elsewhere",
			src:     "package p\n\nimport \"strconv\"\n\nvar _ = strconv.Quote\n\nfunc f() {\n\t_ = strconv.Itoa(1)\n}\n",
			removed: "_ = strconv.Itoa(1)",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := check(t, tt.src, "example.com/a", "package a\n\nvar A int\n")
			removed := find[ast.Stmt](t, c, tt.removed)
			edits := fixes.ImportsLeftUnused(c.fset, []byte(c.src), c.info, c.file, []analysis.TextEdit{{Pos: removed.Pos(), End: removed.End(), NewText: []byte(tt.newText)}})
			if tt.want == "" {
				if len(edits) != 0 {
					t.Fatalf("ImportsLeftUnused = %v, want none", edits)
				}
				return
			}
			got := c.apply(t, edits)
			if got != tt.want {
				t.Errorf("after the edits:\n%s\nwant:\n%s", got, tt.want)
			}
			checkGofmt(t, got)
		})
	}
}

func TestIndentTextLineEnd(t *testing.T) {
	c := check(t, "package p\n\nfunc f() {\n\tif true {\n\t\t_ = 1 + 2 // sum\n\t}\n}\n")
	as := find[*ast.AssignStmt](t, c, "_ = 1 + 2")
	src := []byte(c.src)
	if got := fixes.Indent(c.fset, src, as.Pos()); got != "\t\t" {
		t.Errorf("Indent = %q, want two tabs", got)
	}
	if got := fixes.Indent(c.fset, src, as.Rhs[0].Pos()); got != "\t\t" {
		t.Errorf("Indent inside the line = %q, want two tabs", got)
	}
	if got := fixes.Text(c.fset, src, as.Rhs[0]); got != "1 + 2" {
		t.Errorf("Text = %q, want %q", got, "1 + 2")
	}
	if got := fixes.Text(c.fset, nil, as.Rhs[0]); got != "1 + 2" {
		t.Errorf("Text without source = %q, want the formatted %q", got, "1 + 2")
	}
	end := c.fset.Position(fixes.LineEnd(c.fset, src, as.Pos())).Offset
	if want := strings.Index(c.src, "// sum\n") + len("// sum"); end != want {
		t.Errorf("LineEnd offset = %d, want %d", end, want)
	}
}

func TestStmtInBlockAndEnclosingFunc(t *testing.T) {
	c := check(t, `package p

func f(x int) int {
	if x > 0 {
		return x + 1
	}
	switch {
	case x < 0:
		x = -x
	}
	g := func() int { return x * 2 }
	return g()
}
`)
	tests := []struct {
		expr     string // an expression inside the statement
		stmt     string // the statement StmtInBlock must find; "" for none
		funcName string // "f" or "lit" for the function literal
	}{
		{"x + 1", "return x + 1", "f"},
		{"x > 0", "if x > 0 {\n\t\treturn x + 1\n\t}", "f"},
		{"-x", "x = -x", "f"},
		{"x * 2", "return x * 2", "lit"},
		{"g()", "return g()", "f"},
	}
	for _, tt := range tests {
		e := find[ast.Expr](t, c, tt.expr)
		path, _ := astutil.PathEnclosingInterval(c.file, e.Pos(), e.End())
		slices.Reverse(path) // from the file down
		s, i := fixes.StmtInBlock(path)
		if s == nil || c.text(s) != tt.stmt || path[i] != s {
			t.Errorf("StmtInBlock(%s) = %v at %d, want %q", tt.expr, s, i, tt.stmt)
		}
		fn, ft := fixes.EnclosingFunc(path)
		var got string
		switch fn := fn.(type) {
		case *ast.FuncDecl:
			got = fn.Name.Name
			if ft != fn.Type {
				t.Errorf("EnclosingFunc(%s) type is not the declaration's", tt.expr)
			}
		case *ast.FuncLit:
			got = "lit"
			if ft != fn.Type {
				t.Errorf("EnclosingFunc(%s) type is not the literal's", tt.expr)
			}
		}
		if got != tt.funcName {
			t.Errorf("EnclosingFunc(%s) = %s, want %s", tt.expr, got, tt.funcName)
		}
	}
	if s, i := fixes.StmtInBlock([]ast.Node{c.file}); s != nil || i != -1 {
		t.Errorf("StmtInBlock(file only) = %v, %d; want nil, -1", s, i)
	}
}

func TestCoalesceJoinsInsertionsAtOnePlace(t *testing.T) {
	edits := []analysis.TextEdit{
		{Pos: 10, End: 10, NewText: []byte("\n\t\"net/url\"")},
		{Pos: 20, End: 25, NewText: []byte("x")},
		{Pos: 10, End: 10, NewText: []byte("\n\t\"strings\"")},
		{Pos: 30, End: 30, NewText: []byte("y")},
	}
	got := fixes.Coalesce(edits)
	if len(got) != 3 {
		t.Fatalf("Coalesce gave %d edits, want 3: %+v", len(got), got)
	}
	if string(got[0].NewText) != "\n\t\"net/url\"\n\t\"strings\"" || got[0].Pos != 10 {
		t.Errorf("first edit = %q at %d, want both imports at 10", got[0].NewText, got[0].Pos)
	}
	if string(got[1].NewText) != "x" || string(got[2].NewText) != "y" {
		t.Errorf("other edits changed: %+v", got[1:])
	}
	if string(edits[0].NewText) != "\n\t\"net/url\"" {
		t.Errorf("Coalesce changed its input: %q", edits[0].NewText)
	}
}

// TestArgText checks that an expression moved among the arguments of a
// call is written as gofmt writes it there.
func TestArgText(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"c.base + path", "c.base+path"},
		{"base + \"/v1/\" + name", "base+\"/v1/\"+name"},
		{"(a + b)", "(a + b)"},
		{"u", "u"},
		{"f(a + b)", "f(a + b)"},
		{"x * (a + b)", "x*(a+b)"},
	} {
		src := "package p\n\nvar _ = g(" + tc.src + ")\n"
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, "p.go", src, 0)
		if err != nil {
			t.Fatal(err)
		}
		call := f.Decls[0].(*ast.GenDecl).Specs[0].(*ast.ValueSpec).Values[0].(*ast.CallExpr)
		if got := fixes.ArgText(fset, []byte(src), call.Args[0]); got != tc.want {
			t.Errorf("ArgText(%s) = %q, want %q", tc.src, got, tc.want)
		}
	}
}
