package logsink_test

import (
	"flag"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"reflect"
	"strings"
	"testing"

	"github.com/retrylint/retrylint/internal/logsink"
)

var _ flag.Value = (*logsink.Funcs)(nil)

func TestVerbs(t *testing.T) {
	tests := []struct {
		format string
		want   string // the verbs of each argument, separated by |
		ok     bool
	}{
		{"", "", true},
		{"plain", "", true},
		{"%s=%v", "s|v", true},
		{"100%% %d", "d", true},
		{"%+v %#v %-8.3f % x %#x", "v|#|f|x|x", true},
		{"%*d", "*|d", true},
		{"%.*s", "*|s", true},
		{"%6.2f%%", "f", true},
		{"%[2]s %[1]T", "T|s", true},
		{"%[1]T %[1]p %v", "Tp|v", true},
		{"%[2]*[1]d", "d|*", true},
		{"%[x]d", "", false},
		{"%[0]d", "", false},
		{"%[1d", "", false},
		{"%é", "é", true},
		{"trailing %", "", true},
	}
	for _, tt := range tests {
		verbs, ok := logsink.Verbs(tt.format)
		var parts []string
		for _, v := range verbs {
			parts = append(parts, string(v))
		}
		if got := strings.Join(parts, "|"); ok != tt.ok || (ok && got != tt.want) {
			t.Errorf("Verbs(%q) = %q, %v; want %q, %v", tt.format, got, ok, tt.want, tt.ok)
		}
	}
}

func TestReveals(t *testing.T) {
	str := types.Typ[types.String]
	ptr := types.NewPointer(str)
	for _, tt := range []struct {
		verb rune
		t    types.Type
		want bool
	}{
		{'v', str, true}, {'s', str, true}, {'d', str, true}, {'?', str, true},
		{'T', str, false}, {'T', ptr, false},
		{'p', ptr, false}, {'p', types.NewSlice(str), false}, {'p', types.NewMap(str, str), false},
		{'p', str, true}, {'p', nil, true},
	} {
		if got := logsink.Reveals(tt.verb, tt.t); got != tt.want {
			t.Errorf("Reveals(%q, %v) = %v", tt.verb, tt.t, got)
		}
	}
}

func TestParseFunc(t *testing.T) {
	good := map[string]logsink.Func{
		"log.Printf":                                  {Pkg: "log", Name: "Printf"},
		"example.com/mylog.Infof":                     {Pkg: "example.com/mylog", Name: "Infof"},
		"(*example.com/mylog.Logger).Infof":           {Pkg: "example.com/mylog", Recv: "Logger", Ptr: true, Name: "Infof"},
		"(example.com/mylog.Logger).Infof":            {Pkg: "example.com/mylog", Recv: "Logger", Name: "Infof"},
		"gopkg.in/x.v2/log.Print":                     {Pkg: "gopkg.in/x.v2/log", Name: "Print"},
		"example.com/a-b/c_d.E2":                      {Pkg: "example.com/a-b/c_d", Name: "E2"},
		"(*k8s.io/klog/v2.Verbose).InfoS":             {Pkg: "k8s.io/klog/v2", Recv: "Verbose", Ptr: true, Name: "InfoS"},
		"github.com/rs/zerolog/log.Printf":            {Pkg: "github.com/rs/zerolog/log", Name: "Printf"},
		"(github.com/hashicorp/go-hclog.Logger).Info": {Pkg: "github.com/hashicorp/go-hclog", Recv: "Logger", Name: "Info"},
	}
	for in, want := range good {
		got, err := logsink.ParseFunc(in)
		if err != nil || got != want {
			t.Errorf("ParseFunc(%q) = %+v, %v; want %+v", in, got, err, want)
			continue
		}
		if in[0] != '(' || got.Ptr {
			if got.String() != in {
				t.Errorf("%+v.String() = %q, want %q", got, got.String(), in)
			}
		}
	}
	for _, bad := range []string{
		"", "Printf", "log.", ".Printf", "log.Print f", "log.1f", "log/.Printf", "/log.Printf",
		"(*log.Logger.Printf", "(*log).Printf", "(*log.Logger).", "(log.Log-ger).Printf",
		"example.com//x.F", "exa mple.com/x.F", "(*.Logger).Printf", "log.Printf()",
	} {
		if f, err := logsink.ParseFunc(bad); err == nil {
			t.Errorf("ParseFunc(%q) = %+v, want an error", bad, f)
		} else if !strings.Contains(err.Error(), "invalid function name") {
			t.Errorf("ParseFunc(%q): unclear error %q", bad, err)
		}
	}
}

func TestFuncsFlag(t *testing.T) {
	var l logsink.Funcs
	if err := l.Set(" log.Printf , (*example.com/m.L).Info "); err != nil {
		t.Fatal(err)
	}
	if got := l.String(); got != "log.Printf,(*example.com/m.L).Info" {
		t.Errorf("String() = %q", got)
	}
	if err := l.Set("log.Printf,,log.Print"); err == nil {
		t.Error("empty element accepted")
	}
	if len(l) != 2 {
		t.Errorf("a failed Set changed the list to %v", l)
	}
	if err := l.Set(""); err != nil || len(l) != 0 {
		t.Errorf(`Set("") = %v, list %v`, err, l)
	}
}

const src = `package p

import (
	"fmt"
	"io"
	"log"
	"log/slog"
	"os"
)

type printer struct{}

func (printer) Printf(format string, args ...any) {}

func f(w io.Writer, l *log.Logger, tok string, args []any) {
	log.Printf("%s %T", tok, tok)
	l.Println(tok)
	fmt.Fprintf(os.Stderr, "%v", tok)
	fmt.Fprintf(w, "%v", tok)
	printer{}.Printf("%s", tok)
	slog.Info("m", slog.String("k", tok), slog.Group("g", "k2", tok))
	log.Printf("%s", args...)
	(*log.Logger).Print(l, tok)
}
`

func TestMatchAndArgs(t *testing.T) {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{
		Types:      map[ast.Expr]types.TypeAndValue{},
		Uses:       map[*ast.Ident]types.Object{},
		Defs:       map[*ast.Ident]types.Object{},
		Selections: map[*ast.SelectorExpr]*types.Selection{},
	}
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
	pkg, err := conf.Check("p", fset, []*ast.File{file}, info)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	ast.Inspect(file, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		fn, _ := typeutilCallee(info, call)
		s, ok := logsink.Match(fn, nil, pkg)
		if !ok {
			return true
		}
		args, ok := logsink.Args(info, call, s)
		if !ok {
			got = append(got, s.Name+": not a log")
			return true
		}
		var parts []string
		for _, a := range args {
			for _, x := range logsink.Expand(info, a) {
				parts = append(parts, types.ExprString(x.Expr)+"/"+string(x.Verb)+"/"+types.TypeString(x.Type, nil))
			}
		}
		got = append(got, s.Name+": "+strings.Join(parts, " "))
		return true
	})
	want := []string{
		`log.Printf: "%s %T"/v/string tok/s/any tok/T/any`,
		`(*log.Logger).Println: tok/v/any`,
		`fmt.Fprintf: "%v"/v/string tok/v/any`,
		`fmt.Fprintf: not a log`,
		`slog.Info: "m"/v/string "k"/v/string tok/v/string "g"/v/string "k2"/v/any tok/v/any`,
		`log.Printf: "%s"/v/string args/?/[]any`,
		`(*log.Logger).Print: tok/v/any`,
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got\n\t%s\nwant\n\t%s", strings.Join(got, "\n\t"), strings.Join(want, "\n\t"))
	}
}

// typeutilCallee is typeutil.Callee for functions and methods, without
// the dependency.
func typeutilCallee(info *types.Info, call *ast.CallExpr) (*types.Func, bool) {
	var id *ast.Ident
	switch fun := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		id = fun
	case *ast.SelectorExpr:
		if sel, ok := info.Selections[fun]; ok {
			fn, ok := sel.Obj().(*types.Func)
			return fn, ok
		}
		id = fun.Sel
	}
	if id == nil {
		return nil, false
	}
	fn, ok := info.Uses[id].(*types.Func)
	return fn, ok
}

func TestName(t *testing.T) {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "p.go", `package p; import ("log"; "log/slog"); var _ = log.Printf; var _ = (*slog.Logger).Info; func F() {}`, 0)
	if err != nil {
		t.Fatal(err)
	}
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
	pkg, err := conf.Check("p", fset, []*ast.File{file}, nil)
	if err != nil {
		t.Fatal(err)
	}
	logPkg := pkg.Imports()[0]
	slogPkg := pkg.Imports()[1]
	printf := logPkg.Scope().Lookup("Printf").(*types.Func)
	logger := slogPkg.Scope().Lookup("Logger").(*types.TypeName)
	info, _, _ := types.LookupFieldOrMethod(types.NewPointer(logger.Type()), false, slogPkg, "Info")
	for fn, want := range map[*types.Func]string{
		printf:                                "log.Printf",
		info.(*types.Func):                    "(*slog.Logger).Info",
		pkg.Scope().Lookup("F").(*types.Func): "F",
	} {
		if got := logsink.Name(fn, pkg); got != want {
			t.Errorf("Name(%v) = %q, want %q", fn, got, want)
		}
	}
}
