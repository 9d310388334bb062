package callindex_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"strings"
	"testing"

	"github.com/retrylint/retrylint/internal/callindex"
)

const fieldSrc = `package p

type C struct {
	do    func(m string) int // bound: only viaDo is stored, by literal and assignment
	two   func(m string) int // two functions stored: not bound
	lit   func(m string) int // a literal stored: not bound
	addr  func(m string) int // its address taken: not bound
	pos   func(m string) int // bound, stored by a positional literal
	Pub   func(m string) int // exported: other packages may store in it
	faked func(m string) int // bound in the package; the test file stores a fake
	cp    func(m string) int // bound: copied from do
	cpTwo func(m string) int // copied from two, which is not bound
	opt   func(m string) int // bound: the option that stores a parameter is used by tests only
	esc   func(m string) int // read as a value: not bound
	ptr   func(m string) int // stored two functions, one by an elided &C literal: not bound
	mv    func(m string) int // bound: a method value of a concrete type
	mvi   func(m string) int // a method value of an interface: not bound
}

type impl struct{}

func (impl) via(m string) int { return 0 }

type viaer interface{ via(m string) int }

func viaEsc(m string) int { return 0 }
func viaPtr(m string) int { return 0 }

func run(f func(m string) int) { f("POST") }

type options struct{ opt func(m string) int }

func withOpt(f func(m string) int) func(*options) {
	return func(o *options) { o.opt = f }
}

func viaDo(m string) int    { return 0 }
func viaTwo(m string) int   { return 0 }
func otherTwo(m string) int { return 0 }
func viaLit(m string) int   { return 0 }
func viaAddr(m string) int  { return 0 }
func viaPos(m string) int   { return 0 }
func viaPub(m string) int   { return 0 }
func viaFaked(m string) int { return 0 }

func New() *C {
	c := &C{do: viaDo, two: viaTwo, lit: viaLit, addr: viaAddr, Pub: viaPub, faked: viaFaked}
	c.do = viaDo
	c.two = otherTwo
	c.lit = func(m string) int { return viaLit(m) }
	_ = &c.addr
	_ = C{nil, nil, nil, nil, viaPos, nil, nil, nil, nil, nil, nil, nil, nil, nil}
	c.mv = impl{}.via
	var vi viaer = impl{}
	c.mvi = vi.via
	c.esc = viaEsc
	run(c.esc)
	c.ptr = viaPtr
	_ = []*C{{ptr: viaEsc}}
	c.cp = c.do
	c.cpTwo = c.two
	o := options{opt: viaDo}
	c.opt = o.opt
	return c
}

func (c *C) calls() {
	c.do("GET")
	c.two("GET")
	c.lit("GET")
	c.addr("GET")
	c.pos("GET")
	c.Pub("GET")
	c.faked("GET")
	c.cp("GET")
	c.cpTwo("GET")
	c.opt("GET")
	c.esc("GET")
	c.ptr("GET")
	c.mv("GET")
	c.mvi("GET")
}
`

const fieldTestSrc = `package p

func fake(m string) int { return 1 }

func init() { New().faked = fake; _ = withOpt(fake) }
`

func TestBoundFields(t *testing.T) {
	fset := token.NewFileSet()
	var files []*ast.File
	for name, src := range map[string]string{"p.go": fieldSrc, "p_test.go": fieldTestSrc} {
		file, err := parser.ParseFile(fset, name, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, file)
	}
	info := &types.Info{Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}, Types: map[ast.Expr]types.TypeAndValue{}, Selections: map[*ast.SelectorExpr]*types.Selection{}}
	pkg, err := new(types.Config).Check("p", fset, files, info)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		fset  *token.FileSet
		want  string // the callees of calls(), "-" for none
		viaDo int    // the calls of viaDo through fields, -1 when they are not all it gets
	}{
		{fset, "viaDo - - - viaPos - viaFaked viaDo - viaDo - - via -", 3},
		// No file set: the test file's stores count, and withOpt's
		// store of its parameter too (options.opt, which holds viaDo,
		// is then no bound field).
		{nil, "viaDo - - - viaPos - - viaDo - - - - via -", -1},
	} {
		ix := callindex.New(c.fset, files, info)
		var got []string
		for _, f := range ix.Funcs() {
			if f.Decl.Name.Name != "calls" {
				continue
			}
			for _, call := range ix.Calls(f.Decl) {
				name := "-"
				if call.Callee != nil {
					name = call.Callee.Name()
				}
				got = append(got, name)
			}
		}
		if g := strings.Join(got, " "); g != c.want {
			t.Errorf("file set %v: callees %s, want %s", c.fset != nil, g, c.want)
		}
		// A function stored only in a bound field is not taken, and its
		// calls through the field are all it gets.
		for name, taken := range map[string]bool{"viaDo": c.viaDo < 0, "viaPos": false, "viaTwo": true, "viaLit": true, "viaAddr": true, "viaPub": true, "viaEsc": true} {
			fn := pkg.Scope().Lookup(name).(*types.Func)
			if got := ix.AddressTaken(fn); got != taken {
				t.Errorf("AddressTaken(%s) = %v, want %v", name, got, taken)
			}
		}
		fn := pkg.Scope().Lookup("viaDo").(*types.Func)
		args, ok := ix.ParamArgs(fn, fn.Signature().Params().At(0))
		if c.viaDo < 0 && ok || c.viaDo >= 0 && (!ok || len(args) != c.viaDo) {
			t.Errorf("ParamArgs(viaDo) = %d args, %v; want %d", len(args), ok, c.viaDo)
		}
	}
}

const ctorSrc = `package p

type W struct {
	sink  func(b []byte) error // bound: the constructor's parameter, handed one function
	both  func(b []byte) error // the constructor is handed two functions: not bound
	again func(b []byte) error // the parameter is handed on from another parameter: not bound
	dry   func(b []byte) error // the constructor assigns its parameter: not bound
}

type exporter struct{}

func (e *exporter) export(b []byte) error { return nil }
func (e *exporter) other(b []byte) error  { return nil }

func newW(sink func(b []byte) error) *W { return &W{sink: sink} }

func newBoth(f func(b []byte) error) *W { return &W{both: f} }

func newAgain(f func(b []byte) error) *W { return &W{again: f} }

func relay(f func(b []byte) error) *W { return newAgain(f) }

func newDry(f func(b []byte) error, dryRun bool) *W {
	if dryRun {
		f = (&exporter{}).other
	}
	return &W{dry: f}
}

func Start() {
	e := &exporter{}
	w := newW(e.export)
	_ = newBoth(e.export)
	_ = newBoth(e.other)
	_ = relay(e.export)
	_ = newDry(e.export, true)
	w.run()
}

func (w *W) run() {
	w.sink(nil)
	w.both(nil)
	w.again(nil)
	w.dry(nil)
}
`

// TestBoundFieldsFromConstructors: a field given a constructor's
// parameter holds what the constructor's calls hand it.
func TestBoundFieldsFromConstructors(t *testing.T) {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "p.go", ctorSrc, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}, Types: map[ast.Expr]types.TypeAndValue{}, Selections: map[*ast.SelectorExpr]*types.Selection{}}
	if _, err := new(types.Config).Check("p", fset, []*ast.File{file}, info); err != nil {
		t.Fatal(err)
	}
	ix := callindex.New(fset, []*ast.File{file}, info)
	var got []string
	for _, f := range ix.Funcs() {
		if f.Decl.Name.Name != "run" {
			continue
		}
		for _, call := range ix.Calls(f.Decl) {
			name := "-"
			if call.Callee != nil {
				name = call.Callee.Name()
			}
			got = append(got, name)
		}
	}
	if g, want := strings.Join(got, " "), "export - - -"; g != want {
		t.Errorf("callees %s, want %s", g, want)
	}
}
