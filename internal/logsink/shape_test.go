package logsink_test

import (
	"flag"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"strings"
	"testing"

	"github.com/retrylint/retrylint/internal/logsink"
)

var _ flag.Value = (*logsink.Names)(nil)

func TestLoggerTypeName(t *testing.T) {
	for name, want := range map[string]bool{
		"Logger": true, "logger": true, "Log": true, "StdLogger": true, "LeveledLoggerInterface": true,
		"LogSink": true, "HTTPLogger": true, "ILogger": true, "debug_log": true, "loggerV2": true, "Logging": true,
		"Catalog": false, "Blogger": false, "Dialog": false, "Printer": false, "TB": false, "Logo": false,
		"Login": false, "Changelog": false, "": false,
	} {
		if got := logsink.LoggerTypeName(name); got != want {
			t.Errorf("LoggerTypeName(%q) = %v, want %v", name, got, want)
		}
	}
}

func TestShape(t *testing.T) {
	const src = `package p

import "context"

type Logger interface {
	Debugf(format string, args ...any)
	Logf(level int, format string, args ...any)
	Log(keyvals ...any) error
	Info(msg string, keyvals ...any)
	ErrorContext(ctx context.Context, msg string, keyvals ...any)
	Warning(msg string)
	Noticef(ctx context.Context, format string, args ...interface{})

	Infof(format string)
	Tracef(args ...any)
	Errorw(a, b, msg string, keyvals ...any)
	Print(args ...string)
	Write(p []byte) (int, error)
	Named(name string) Logger
	Info2(msg string, keyvals ...any)
	Warn(n int)
}

type Printer interface {
	Printf(format string, args ...any)
}

type StdLogger struct{}

func (StdLogger) Printf(format string, args ...any) {}
`
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
	pkg, err := conf.Check("p", fset, []*ast.File{file}, nil)
	if err != nil {
		t.Fatal(err)
	}
	method := func(typ, name string) *types.Func {
		obj, _, _ := types.LookupFieldOrMethod(pkg.Scope().Lookup(typ).Type(), true, pkg, name)
		return obj.(*types.Func)
	}
	for _, tt := range []struct {
		typ, name string
		want      bool
		format    int
	}{
		{"Logger", "Debugf", true, 0},
		{"Logger", "Logf", true, 1},
		{"Logger", "Log", true, -1},
		{"Logger", "Info", true, -1},
		{"Logger", "ErrorContext", true, -1},
		{"Logger", "Warning", true, -1},
		{"Logger", "Noticef", true, 1},
		{"Logger", "Infof", false, 0},     // a printf verb without a printf signature
		{"Logger", "Tracef", false, 0},    // no format
		{"Logger", "Errorw", false, 0},    // three leading parameters
		{"Logger", "Print", false, 0},     // ...string, not ...any
		{"Logger", "Write", false, 0},     // no logging verb
		{"Logger", "Named", false, 0},     // no logging verb
		{"Logger", "Info2", false, 0},     // no logging verb
		{"Logger", "Warn", false, 0},      // no message
		{"Printer", "Printf", false, 0},   // the type's name does not say it logs
		{"StdLogger", "Printf", false, 0}, // not an interface: its body says what it does
	} {
		s, ok := logsink.Shape(method(tt.typ, tt.name), pkg)
		if ok != tt.want || ok && s.Format != tt.format {
			t.Errorf("Shape(%s.%s) = %+v, %v; want format %d, %v", tt.typ, tt.name, s, ok, tt.format, tt.want)
		}
		if ok && (s.Name != tt.typ+"."+tt.name || !s.All) {
			t.Errorf("Shape(%s.%s) = %+v", tt.typ, tt.name, s)
		}
	}
	if !logsink.DeclaresLogger(pkg) {
		t.Error("DeclaresLogger: false for a package that declares Logger")
	}
}

func TestLeveledShape(t *testing.T) {
	const src = `package p

import "context"

type Leveled interface {
	Debugf(format string, args ...any)
	Errorf(format string, args ...any)
	Warn(msg string)
	Info(level int, msg string, kv ...any)
	Printf(format string, args ...any)
	Tracef(format string, args ...any) string
}

type Kit interface{ Log(keyvals ...any) error }

type Errs interface{ Errorf(format string, args ...any) error }

type Reporter interface {
	Errorf(format string, args ...any)
	Fatalf(format string, args ...any)
}

type TB interface {
	Logf(format string, args ...any)
	Helper()
}

type Notifier interface{ Warn(subject, body string) }

type TestInterface interface {
	Errorf(format string, args ...any)
	Logf(format string, args ...any)
}

type Tracer interface{ Trace(ctx context.Context, name string) }

type Out struct{}

func (*Out) Debugf(format string, args ...any) {}
func (*Out) Infof(format string, args ...any)  {}

type Report struct{}

func (*Report) Errorf(format string, args ...any) {}
`
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
	pkg, err := conf.Check("p", fset, []*ast.File{file}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		typ, name string
		want      bool
		format    int
	}{
		{"Leveled", "Debugf", true, 0},
		{"Leveled", "Errorf", true, 0},  // an Error level beside Debug
		{"Leveled", "Warn", true, -1},   // a message alone, in an interface of several levels
		{"Leveled", "Info", true, -1},   // logr's shape
		{"Kit", "Log", true, -1},        // go-kit's Log returns an error
		{"Leveled", "Printf", false, 0}, // Print is no level
		{"Leveled", "Tracef", false, 0}, // returns its text
		{"Errs", "Errorf", false, 0},    // an error builder
		{"Reporter", "Errorf", false, 0},
		{"TB", "Logf", false, 0},
		{"TestInterface", "Errorf", false, 0}, // testing.TB's shape
		{"TestInterface", "Logf", false, 0},
		{"Notifier", "Warn", false, 0},
		{"Tracer", "Trace", false, 0},
	} {
		obj, _, _ := types.LookupFieldOrMethod(pkg.Scope().Lookup(tt.typ).Type(), true, pkg, tt.name)
		fn := obj.(*types.Func)
		format, ok := logsink.LeveledShape(fn)
		if ok != tt.want || ok && format != tt.format {
			t.Errorf("LeveledShape(%s.%s) = %d, %v; want %d, %v", tt.typ, tt.name, format, ok, tt.format, tt.want)
		}
		if got := logsink.ByLevelOnly(fn); got != tt.want {
			t.Errorf("ByLevelOnly(%s.%s) = %v", tt.typ, tt.name, got)
		}
	}
	// A concrete type by its levels: Out's Debugf beside Infof, not
	// Report's Errorf alone.
	for typ, want := range map[string]bool{"Out": true, "Report": false} {
		name := map[string]string{"Out": "Debugf", "Report": "Errorf"}[typ]
		obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(pkg.Scope().Lookup(typ).Type()), true, pkg, name)
		if got := logsink.LoggerMethod(obj.(*types.Func)); got != want {
			t.Errorf("LoggerMethod(%s.%s) = %v, want %v", typ, name, got, want)
		}
	}
}

func TestFuncValue(t *testing.T) {
	str := types.Typ[types.String]
	anys := types.NewSlice(types.NewInterfaceType(nil, nil))
	param := func(t types.Type) *types.Var { return types.NewParam(0, nil, "", t) }
	printf := types.NewSignatureType(nil, nil, nil, types.NewTuple(param(str), param(anys)), nil, true)
	sprintf := types.NewSignatureType(nil, nil, nil, types.NewTuple(param(str), param(anys)), types.NewTuple(param(str)), true)
	msg := types.NewSignatureType(nil, nil, nil, types.NewTuple(param(str)), nil, false)
	for _, tt := range []struct {
		name string
		sig  *types.Signature
		want bool
	}{
		{"Logf", printf, true},
		{"LogFunc", printf, true},
		{"logFn", printf, true},
		{"debugLog", printf, true},
		{"OnDebug", printf, true},
		{"traceHook", printf, true},
		{"errorLog", printf, true},
		{"logLine", msg, true},
		{"Transform", printf, false},
		{"catalogFn", printf, false},
		{"onError", printf, false}, // Error alone is no level only logs use
		{"debugText", sprintf, false},
		{"onDebug", msg, false}, // a message alone needs the word log
		{"loginFn", printf, false},
	} {
		if _, ok := logsink.FuncValue(tt.name, tt.sig); ok != tt.want {
			t.Errorf("FuncValue(%s, %v) = %v, want %v", tt.name, tt.sig, ok, tt.want)
		}
		if tt.want && !logsink.FuncValueName(tt.name) {
			t.Errorf("FuncValueName(%s) = false", tt.name)
		}
	}
}

func TestNames(t *testing.T) {
	var l logsink.Names
	if err := l.Set(" Debug , traceOut"); err != nil || l.String() != "Debug,traceOut" {
		t.Errorf("Set: %v, %q", err, l.String())
	}
	for _, bad := range []string{"a b", "Debug,", ",", "x.y", "9x"} {
		if err := l.Set(bad); err == nil {
			t.Errorf("Set(%q): no error", bad)
		}
	}
	if err := l.Set(""); err != nil || len(l) != 0 {
		t.Errorf("Set(\"\"): %v, %v", err, l)
	}
}

func TestWriterCall(t *testing.T) {
	const src = `package p

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"os"
)

var out io.Writer

func f(buf *bytes.Buffer, r *http.Request, h http.Header) {
	r.Write(out)
	r.WriteProxy(out)
	h.Write(out)
	h.WriteSubset(out, nil)
	fmt.Fprintf(out, "%s", "x")
	io.WriteString(out, "x")
	io.Copy(out, buf)
	io.CopyN(out, buf, 10)
	out.Write(nil)
	os.Stderr.WriteString("x")
	io.ReadAll(buf)
	fmt.Sprint(out)
	buf.WriteTo(out)
	buf.WriteString("x")
}
`
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Uses: map[*ast.Ident]types.Object{}, Selections: map[*ast.SelectorExpr]*types.Selection{}, Types: map[ast.Expr]types.TypeAndValue{}}
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
	if _, err := conf.Check("p", fset, []*ast.File{file}, info); err != nil {
		t.Fatal(err)
	}
	var got []string
	ast.Inspect(file, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		var fn *types.Func
		switch f := call.Fun.(type) {
		case *ast.SelectorExpr:
			fn, _ = info.Uses[f.Sel].(*types.Func)
		}
		if w, ok := logsink.WriterCall(info, call, fn); ok {
			from := ""
			if w.Source != nil {
				from = "(" + types.ExprString(w.Source) + ")"
			}
			got = append(got, types.ExprString(call.Fun)+from+"->"+types.ExprString(w.Dest))
		}
		return true
	})
	want := []string{"r.Write(r)->out", "r.WriteProxy(r)->out", "h.Write(h)->out", "fmt.Fprintf->out", "io.WriteString->out", "io.Copy->out", "io.CopyN->out", "out.Write->out", "os.Stderr.WriteString->os.Stderr", "buf.WriteTo(buf)->out", "buf.WriteString->buf"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("WriterCall found %v, want %v", got, want)
	}
}

func TestContextAndFieldShapes(t *testing.T) {
	const src = `package p

import "context"

type Fields map[string]any

type Field struct {
	Key   string
	Value any
}

type Logger interface {
	WithFields(f Fields) Logger
	WithField(key string, value any) Logger
	With(args ...any) Logger
	WithValues(fs ...Field) Logger
	Debug(args ...any)
	Infow(msg string, fields Fields)
	Trace(ctx context.Context, msg string, fields ...map[string]any)
	Warn(msg string, fields ...Field)
	Errorf(format string, fs ...Field)
	Info(msg string, fields map[string]string)
}

type Entry struct{}

func (*Entry) Debugf(format string, args ...any) {}

type EntryLogger interface {
	WithField(key string, value any) *Entry
	Info(args ...any)
}

type Option func()

type API interface {
	With(opts ...Option) API
	WithField(key string, value any) API
	Get(url string) error
}

type client struct{}

func (*client) debugf(format string, args ...any) {}
func (*client) printf(format string, args ...any) {}
func (*client) output(s string)                   {}
`
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
	pkg, err := conf.Check("p", fset, []*ast.File{file}, nil)
	if err != nil {
		t.Fatal(err)
	}
	method := func(typ, name string) *types.Func {
		obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(pkg.Scope().Lookup(typ).Type()), true, pkg, name)
		if obj == nil {
			obj, _, _ = types.LookupFieldOrMethod(pkg.Scope().Lookup(typ).Type(), true, pkg, name)
		}
		return obj.(*types.Func)
	}
	for _, tt := range []struct {
		typ, name string
		want      bool
	}{
		{"Logger", "WithFields", true},     // a field map
		{"Logger", "WithField", true},      // a key and a value
		{"Logger", "With", true},           // key-value pairs
		{"Logger", "WithValues", true},     // typed fields
		{"Logger", "Infow", true},          // a message and a field map
		{"Logger", "Trace", true},          // tflog's shape
		{"Logger", "Warn", true},           // a message and typed fields
		{"Logger", "Errorf", false},        // a format takes values, not fields
		{"Logger", "Info", false},          // map[string]string holds no value of any type
		{"EntryLogger", "WithField", true}, // returns a concrete entry that logs
		{"API", "With", false},             // options of a client that does not log
		{"API", "WithField", false},
	} {
		if _, ok := logsink.Shape(method(tt.typ, tt.name), pkg); ok != tt.want {
			t.Errorf("Shape(%s.%s) = %v, want %v", tt.typ, tt.name, ok, tt.want)
		}
	}
	for name, want := range map[string]bool{"debugf": true, "printf": false, "output": false} {
		if got := logsink.LoggerMethod(method("client", name)); got != want {
			t.Errorf("LoggerMethod(client.%s) = %v, want %v", name, got, want)
		}
	}
}

func TestLogPackageName(t *testing.T) {
	for name, want := range map[string]bool{
		"log": true, "logger": true, "logging": true, "tflog": true, "xlog": true, "hclog": true, "syslog": true, "logx": true, "applog": true,
		"catalog": false, "productcatalog": false, "dialog": false, "filedialog": false, "gitchangelog": false, "changelog": false,
		"blog": false, "devblog": false, "login": false, "logic": false, "logo": false, "analog": false, "prolog": false, "backlog": false, "logistics": false,
	} {
		if got := logsink.LogPackageName(name); got != want {
			t.Errorf("LogPackageName(%q) = %v, want %v", name, got, want)
		}
	}
}
