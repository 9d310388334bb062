// Package logsink recognises the calls that write their arguments to a log:
// the standard log, fmt printing to os.Stdout or os.Stderr, log/slog, and
// the loggers Go teams use (go.uber.org/zap, github.com/sirupsen/logrus,
// github.com/rs/zerolog, github.com/hashicorp/go-hclog, k8s.io/klog/v2,
// github.com/go-logr/logr, github.com/go-kit/log), plus functions a user
// names by qualified name.
//
// Every recogniser of the table matches through the type checker (the
// called *types.Func, its package path and receiver type), never through
// the spelling of an identifier: a local type with a Printf method is not
// a logger. Two rules go by shape instead, each narrowed so that one
// spelling alone never makes a log (see shape.go): a method of a logger
// interface (Shape: the interface's name, the method's name and its
// signature together), and a write to a writer configured as debug or
// trace output (WriterCall and DebugWriter: a configured name, and a type
// that is an io.Writer but not an http.ResponseWriter or a buffer).
package logsink

import (
	"go/ast"
	"go/constant"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/httpmodel"
)

// A Sink describes how a function writes its arguments to a log.
type Sink struct {
	// Name is the function as messages name it: log.Printf,
	// (*slog.Logger).Info, hclog.Logger.Info.
	Name string
	// Format is the index, among the arguments proper (the receiver
	// excluded), of a printf format, or -1.
	Format int
	// Verbs is the index of the first argument that the format's verbs
	// apply to; meaningful only when Format >= 0.
	Verbs int
	// Writer is the index of a destination argument that must be os.Stdout
	// or os.Stderr for the call to be a log (fmt.Fprintf), or -1.
	Writer int
	// Params, when All is false, is the set of parameters (bit i for
	// parameter i) whose arguments are written; a variadic parameter
	// covers every argument bound to it.
	Params uint64
	// All is true when every argument but the writer is written.
	All bool
	// Dest, when not "", names the writer of a call that writes to one
	// (fmt.Fprintf, io.WriteString, w.Write) that the caller found to be a
	// debug or trace output (see DebugWriter): Args then does not require
	// os.Stdout or os.Stderr.
	Dest string
	// Source is true for the WriteTo method of an io.WriterTo: its
	// receiver is the value written, to the argument Writer.
	Source bool
}

type entry struct {
	format, verbs, writer int
}

// funcKey identifies a function: its package path, the name of its
// receiver's type ("" for a function) and its name.
type funcKey struct{ pkg, recv, name string }

func key(pkg, recv, name string) funcKey { return funcKey{pkg, recv, name} }

var (
	sinks        = map[funcKey]entry{}
	constructors = map[funcKey]bool{}
	// Packages holds the import paths of every logging package the
	// built-in table knows.
	packages = map[string]bool{}
	// names holds the names of the table's functions and methods.
	names = map[string]bool{}
)

func add(pkg, recv string, e entry, fnames ...string) {
	packages[pkg] = true
	for _, n := range fnames {
		names[n] = true
		sinks[key(pkg, recv, n)] = e
	}
}

var (
	plain = entry{format: -1, writer: -1}
	fmt0  = entry{format: 0, verbs: 1, writer: -1}
	fmt1  = entry{format: 1, verbs: 2, writer: -1}
)

// family adds base, base+"f" (printf at formatAt) and base+"ln" for each
// base.
func family(pkg, recv string, formatAt int, bases ...string) {
	for _, b := range bases {
		add(pkg, recv, plain, b, b+"ln")
		add(pkg, recv, entry{format: formatAt, verbs: formatAt + 1, writer: -1}, b+"f")
	}
}

func init() {
	// log: the package functions and *log.Logger.
	for _, recv := range []string{"", "Logger"} {
		family("log", recv, 0, "Print", "Fatal", "Panic")
		add("log", recv, plain, "Output")
	}
	// fmt to the standard streams.
	add("fmt", "", plain, "Print", "Println")
	add("fmt", "", fmt0, "Printf")
	add("fmt", "", entry{format: -1, writer: 0}, "Fprint", "Fprintln")
	add("fmt", "", entry{format: 1, verbs: 2, writer: 0}, "Fprintf")

	// log/slog.
	slogNames := []string{
		"Debug", "Info", "Warn", "Error",
		"DebugContext", "InfoContext", "WarnContext", "ErrorContext",
		"Log", "LogAttrs", "With",
	}
	add("log/slog", "", plain, slogNames...)
	add("log/slog", "Logger", plain, slogNames...)
	for _, n := range []string{"String", "Any", "Group", "StringValue", "AnyValue", "GroupValue"} {
		constructors[key("log/slog", "", n)] = true
	}

	// go.uber.org/zap.
	const zap = "go.uber.org/zap"
	add(zap, "Logger", plain, "Debug", "Info", "Warn", "Error", "DPanic", "Panic", "Fatal", "Log", "With")
	for _, b := range []string{"Debug", "Info", "Warn", "Error", "DPanic", "Panic", "Fatal"} {
		add(zap, "SugaredLogger", plain, b, b+"w", b+"ln")
		add(zap, "SugaredLogger", fmt0, b+"f")
	}
	add(zap, "SugaredLogger", plain, "With")
	for _, n := range []string{"String", "Strings", "ByteString", "ByteStrings", "Binary", "Any", "Reflect", "Stringer", "Stringers", "Error", "NamedError", "Errors", "Dict"} {
		constructors[key(zap, "", n)] = true
	}

	// github.com/sirupsen/logrus: the package functions, *Logger, *Entry
	// and the logger interfaces.
	const logrus = "github.com/sirupsen/logrus"
	for _, recv := range []string{"", "Logger", "Entry", "FieldLogger", "Ext1FieldLogger", "StdLogger"} {
		family(logrus, recv, 0, "Trace", "Debug", "Info", "Print", "Warn", "Warning", "Error", "Fatal", "Panic")
		add(logrus, recv, plain, "WithField", "WithFields", "WithError", "Log", "Logln")
		add(logrus, recv, fmt1, "Logf")
	}

	// github.com/rs/zerolog: fields on an *Event or a Context, the
	// message, and the print functions.
	const zerolog = "github.com/rs/zerolog"
	fields := []string{"Str", "Strs", "Bytes", "Hex", "Interface", "Any", "Fields", "Stringer", "Stringers", "Err", "AnErr", "Errs", "RawJSON"}
	add(zerolog, "Event", plain, fields...)
	add(zerolog, "Event", plain, "Msg")
	add(zerolog, "Event", fmt0, "Msgf")
	add(zerolog, "Context", plain, fields...)
	add(zerolog, "Logger", plain, "Print", "Println")
	add(zerolog, "Logger", fmt0, "Printf")
	add(zerolog+"/log", "", plain, "Print")
	add(zerolog+"/log", "", fmt0, "Printf")

	// github.com/hashicorp/go-hclog: the Logger interface.
	const hclog = "github.com/hashicorp/go-hclog"
	add(hclog, "Logger", plain, "Trace", "Debug", "Info", "Warn", "Error", "Log", "With")

	// github.com/go-logr/logr: the Logger's messages and the key-value
	// pairs it keeps for later messages (klog.FromContext returns one).
	const logr = "github.com/go-logr/logr"
	add(logr, "Logger", plain, "Info", "Error", "WithValues")

	// github.com/go-kit/log (and its former home in go-kit/kit): the
	// Logger interface is a log by its shape (Log(keyvals ...any) error);
	// With, WithPrefix and WithSuffix keep key-value pairs that every
	// later Log writes.
	for _, kit := range []string{"github.com/go-kit/log", "github.com/go-kit/kit/log"} {
		add(kit, "", plain, "With", "WithPrefix", "WithSuffix")
	}

	// k8s.io/klog/v2: the package functions and Verbose.
	const klog = "k8s.io/klog/v2"
	family(klog, "", 0, "Info", "Warning", "Error", "Fatal", "Exit")
	add(klog, "", plain, "InfoDepth", "WarningDepth", "ErrorDepth", "FatalDepth", "ExitDepth",
		"InfoS", "ErrorS", "InfoSDepth", "ErrorSDepth")
	family(klog, "Verbose", 0, "Info")
	add(klog, "Verbose", plain, "InfoS", "InfoDepth", "InfoSDepth", "ErrorS")

	// github.com/golang/glog: the package functions and Verbose (what
	// glog.V(level) returns), each with its Depth and Context forms
	// (glog.go v1.2.5).
	const glog = "github.com/golang/glog"
	for recv, bases := range map[string][]string{"": {"Info", "Warning", "Error", "Fatal", "Exit"}, "Verbose": {"Info"}} {
		family(glog, recv, 0, bases...)
		for _, b := range bases {
			add(glog, recv, plain, b+"Depth", b+"Context", b+"ContextDepth")
			add(glog, recv, fmt1, b+"Depthf", b+"Contextf")
			add(glog, recv, entry{format: 2, verbs: 3, writer: -1}, b+"ContextDepthf")
		}
	}
}

// logWriters are the functions and methods whose result is a writer into
// a log: log.Writer, (*log.Logger).Writer, and logrus's Writer and
// WriterLevel of a Logger or an Entry, whose pipe writes each line as a
// message.
var logWriters = map[funcKey]bool{
	key("log", "", "Writer"):       true,
	key("log", "Logger", "Writer"): true,
}

func init() {
	for _, recv := range []string{"Logger", "Entry"} {
		for _, n := range []string{"Writer", "WriterLevel"} {
			logWriters[key("github.com/sirupsen/logrus", recv, n)] = true
		}
	}
}

// LogWriter reports whether e, the destination of a write, is a log's
// own writer: a call of a function of the table that returns one
// (log.Writer(), l.Writer() of a *log.Logger, logger.WriterLevel(...) of
// logrus), or io.MultiWriter of writers one of which is os.Stdout,
// os.Stderr or such a writer.
func LogWriter(info *types.Info, e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	fn := httpmodel.Callee(info, call)
	if fn == nil {
		return false
	}
	if httpmodel.IsPkgFunc(fn, "io", "MultiWriter") {
		for _, a := range call.Args {
			if IsStdStream(info, a) || LogWriter(info, a) {
				return true
			}
		}
		return false
	}
	k, ok := lookupKey(fn.Origin())
	return ok && logWriters[k]
}

// lookupKey returns the table key of fn: its package path, the name of
// its receiver's named type when it is a method, and its name.
func lookupKey(fn *types.Func) (funcKey, bool) {
	// A method is declared in the package of its receiver's type: a
	// function of a package the table does not know is in no table.
	if fn == nil || fn.Pkg() == nil || !packages[fn.Pkg().Path()] {
		return funcKey{}, false
	}
	sig, ok := fn.Type().(*types.Signature)
	if !ok {
		return funcKey{}, false
	}
	if sig.Recv() == nil {
		return key(fn.Pkg().Path(), "", fn.Name()), true
	}
	obj := recvNamed(sig.Recv().Type())
	if obj == nil || obj.Pkg() == nil {
		return funcKey{}, false
	}
	return key(obj.Pkg().Path(), obj.Name(), fn.Name()), true
}

func recvNamed(t types.Type) *types.TypeName {
	t = types.Unalias(t)
	if p, ok := t.(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	if n, ok := t.(*types.Named); ok {
		return n.Origin().Obj()
	}
	return nil
}

// Match reports whether fn writes its arguments to a log, from the
// built-in table, because it is one of extra, or by its shape: a logging
// method of a logger interface (see Shape). from is the package whose
// messages name the sink (its own functions are named unqualified).
func Match(fn *types.Func, extra Funcs, from *types.Package) (Sink, bool) {
	if fn == nil {
		return Sink{}, false
	}
	fn = fn.Origin()
	if k, ok := lookupKey(fn); ok {
		if e, ok := sinks[k]; ok {
			return Sink{Name: Name(fn, from), Format: e.format, Verbs: e.verbs, Writer: e.writer, All: true}, true
		}
	}
	for _, f := range extra {
		if f.Matches(fn) {
			return Sink{Name: Name(fn, from), Format: -1, Writer: -1, All: true}, true
		}
	}
	return Shape(fn, from)
}

// MayMatch reports whether a function named name may be a log of the
// table or of extra: a cheap test by name before Match, which checks the
// package and the receiver.
func MayMatch(name string, extra Funcs) bool {
	if names[name] || logVerbs[name] {
		return true
	}
	for _, f := range extra {
		if f.Name == name {
			return true
		}
	}
	return false
}

// IsConstructor reports whether fn builds a log field or attribute from
// its arguments (slog.String, slog.Any, slog.Group, zap.String, ...): the
// arguments are written when the field is.
func IsConstructor(fn *types.Func) bool {
	if fn == nil {
		return false
	}
	k, ok := lookupKey(fn.Origin())
	return ok && constructors[k]
}

// ImportsSink reports whether pkg imports a logging package of the table,
// or the package of one of extra, directly, or whether it or a package it
// imports declares a logger interface (see DeclaresLogger).
func ImportsSink(pkg *types.Package, extra Funcs) bool {
	if importsSink(pkg, extra) {
		return true
	}
	return DeclaresLogger(pkg)
}

func importsSink(pkg *types.Package, extra Funcs) bool {
	for _, imp := range pkg.Imports() {
		if packages[imp.Path()] {
			return true
		}
		for _, f := range extra {
			if f.Pkg == imp.Path() {
				return true
			}
		}
	}
	return false
}

// Name returns fn as messages name it: pkg.F for a function, (*pkg.T).M
// for a method with a pointer receiver and pkg.T.M otherwise; the package
// is left out for the package from.
func Name(fn *types.Func, from *types.Package) string {
	qual := func(p *types.Package, name string) string {
		if p == nil || p == from {
			return name
		}
		pkg := p.Name()
		if pkg == "log" && p.Path() != "log" {
			// github.com/rs/zerolog/log.Printf is not log.Printf.
			elems := strings.Split(p.Path(), "/")
			if len(elems) >= 2 {
				pkg = elems[len(elems)-2] + "/" + pkg
			}
		}
		return pkg + "." + name
	}
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || sig.Recv() == nil {
		return qual(fn.Pkg(), fn.Name())
	}
	t := types.Unalias(sig.Recv().Type())
	_, ptr := t.(*types.Pointer)
	obj := recvNamed(t)
	if obj == nil {
		return fn.Name()
	}
	if ptr {
		return "(*" + qual(obj.Pkg(), obj.Name()) + ")." + fn.Name()
	}
	return qual(obj.Pkg(), obj.Name()) + "." + fn.Name()
}

// An Arg is one value that a call writes to a log.
type Arg struct {
	Expr ast.Expr
	// Type is the type the value is passed as: the parameter's type, or
	// its element type for the arguments of a variadic parameter.
	Type types.Type
	// Verb is the printf verb that formats the value, 'v' when it is
	// printed as with %v, and '?' when the verb is not known (a format
	// that is not a constant, a spread argument list).
	Verb rune
	// Source is true for the receiver of a WriteTo method, whose bytes
	// are written as they are (no String method plays a part).
	Source bool
	// Key is, for the value of a map literal's entry (Expand), the key it
	// is printed beside ({"password": p} prints password:...), which says
	// what the value is.
	Key ast.Expr
	// Nested is true for an element of a composite literal (Expand),
	// which fmt prints at a depth where a pointer prints as its address.
	Nested bool
}

// Args returns the values that call, a call of a function that logs as s,
// writes. ok is false when the call is not a log after all: fmt.Fprint to
// a writer other than os.Stdout and os.Stderr.
func Args(info *types.Info, call *ast.CallExpr, s Sink) (out []Arg, ok bool) {
	var sig *types.Signature
	if fn := httpmodel.Callee(info, call); fn != nil {
		sig, _ = fn.Type().(*types.Signature)
	} else if tv, ok := info.Types[call.Fun]; ok && tv.IsValue() {
		// A func value: a field or variable (Logf func(string, ...any)).
		sig, _ = tv.Type.Underlying().(*types.Signature)
	}
	if sig == nil {
		return nil, false
	}
	recv, args := httpmodel.Receiver(info, call)
	if s.Writer >= 0 && (s.Writer >= len(args) || s.Dest == "" && !IsStdStream(info, args[s.Writer])) {
		return nil, false
	}
	if s.Source {
		if recv == nil {
			return nil, false
		}
		return []Arg{{Expr: recv, Type: info.TypeOf(recv), Verb: 'v', Source: true}}, true
	}
	var verbs [][]rune
	verbsKnown := false
	if s.Format >= 0 && s.Format < len(args) {
		if tv, ok := info.Types[args[s.Format]]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
			verbs, verbsKnown = Verbs(constant.StringVal(tv.Value))
		}
	}
	np := sig.Params().Len()
	spread := call.Ellipsis.IsValid()
	for i, a := range args {
		if i == s.Writer {
			continue
		}
		pi := i
		if sig.Variadic() && i >= np-1 {
			pi = np - 1
		}
		if pi >= np {
			continue
		}
		if !s.All && (pi >= 64 || s.Params&(1<<pi) == 0) {
			continue
		}
		t := sig.Params().At(pi).Type()
		isSpread := spread && i == len(args)-1
		if sig.Variadic() && pi == np-1 && !isSpread {
			if sl, ok := t.Underlying().(*types.Slice); ok {
				t = sl.Elem()
			}
		}
		verb := 'v'
		if s.Format >= 0 && i >= s.Verbs {
			switch {
			case isSpread || !verbsKnown:
				verb = '?'
			case i-s.Verbs < len(verbs) && len(verbs[i-s.Verbs]) > 0:
				// The verb that shows the most: one that reveals the
				// value if any does.
				vs := verbs[i-s.Verbs]
				verb = vs[0]
				for _, v := range vs {
					if Reveals(v, info.TypeOf(a)) {
						verb = v
						break
					}
				}
			}
		}
		out = append(out, Arg{Expr: a, Type: t, Verb: verb})
	}
	return out, true
}

// Expand returns the values that writing a writes: the arguments of a
// field or attribute constructor written in place (slog.String("k", v)
// writes v), the elements of a composite literal, recursively; a itself
// otherwise.
func Expand(info *types.Info, a Arg) []Arg {
	switch e := ast.Unparen(a.Expr).(type) {
	case *ast.CallExpr:
		fn := httpmodel.Callee(info, e)
		if !IsConstructor(fn) {
			break
		}
		s := Sink{Format: -1, Writer: -1, All: true}
		args, ok := Args(info, e, s)
		if !ok {
			break
		}
		var out []Arg
		for _, x := range args {
			out = append(out, Expand(info, x)...)
		}
		return out
	case *ast.CompositeLit:
		tv, ok := info.Types[e]
		if !ok {
			break
		}
		if name, _ := PrintMethod(nil, tv.Type); name != "" {
			break // printed by its own method, not element by element
		}
		_, isMap := tv.Type.Underlying().(*types.Map)
		var out []Arg
		for i, elt := range e.Elts {
			val, key := elt, ast.Expr(nil)
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				val = kv.Value
				if isMap {
					key = kv.Key
				}
			}
			more := Expand(info, Arg{Expr: val, Type: elemType(tv.Type, elt, i), Verb: 'v'})
			for j := range more {
				if key != nil && more[j].Key == nil {
					more[j].Key = key
				}
				more[j].Nested = true
			}
			out = append(out, more...)
		}
		return out
	}
	return []Arg{a}
}

// elemType returns the type an element of a composite literal of type t is
// assigned to.
func elemType(t types.Type, elt ast.Expr, i int) types.Type {
	switch u := t.Underlying().(type) {
	case *types.Struct:
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok {
				for j := range u.NumFields() {
					if u.Field(j).Name() == id.Name {
						return u.Field(j).Type()
					}
				}
			}
			return nil
		}
		if i < u.NumFields() {
			return u.Field(i).Type()
		}
	case *types.Slice:
		return u.Elem()
	case *types.Array:
		return u.Elem()
	case *types.Map:
		return u.Elem()
	case *types.Pointer:
		return elemType(u.Elem(), elt, i)
	}
	return nil
}

// IsStdStream reports whether e is os.Stdout or os.Stderr.
func IsStdStream(info *types.Info, e ast.Expr) bool {
	var id *ast.Ident
	switch x := ast.Unparen(e).(type) {
	case *ast.SelectorExpr:
		id = x.Sel
	case *ast.Ident:
		id = x
	default:
		return false
	}
	v, ok := info.Uses[id].(*types.Var)
	return ok && v.Pkg() != nil && v.Pkg().Path() == "os" && v.Parent() == v.Pkg().Scope() &&
		(v.Name() == "Stdout" || v.Name() == "Stderr")
}

// GoSyntax is the verb that Verbs and Args give %#v, which prints a value
// as Go syntax, fields and all: through its GoString method if it has
// one, never through String or Error.
const GoSyntax = '#'

// Verbs returns, for each argument that the printf format consumes, the
// verbs that print it ('*' for a width or precision taken from an
// argument, GoSyntax for %#v), following explicit argument indexes ([n])
// as fmt does. ok is false when an index is malformed.
func Verbs(format string) (verbs [][]rune, ok bool) {
	ok = Directives(format, func(arg int, verb rune, _ int) {
		for len(verbs) <= arg {
			verbs = append(verbs, nil)
		}
		verbs[arg] = append(verbs[arg], verb)
	})
	if !ok {
		return nil, false
	}
	return verbs, true
}

// Directives calls f for each argument that a directive of the printf
// format consumes, in order: the argument's index (following explicit
// indexes, [n], as fmt does), the verb that prints it (see Verbs), and
// the offset in format of the directive's '%', so that the text before
// it says what the value is ("&api_key=%s"). It reports false when an
// index is malformed.
func Directives(format string, f func(arg int, verb rune, at int)) bool {
	i, arg, at := 0, 0, 0
	use := func(r rune) {
		f(arg, r, at)
		arg++
	}
	// index consumes an explicit argument index, [n].
	index := func() bool {
		if i >= len(format) || format[i] != '[' {
			return true
		}
		end := strings.IndexByte(format[i:], ']')
		if end < 0 {
			return false
		}
		n, err := strconv.Atoi(format[i+1 : i+end])
		if err != nil || n < 1 {
			return false
		}
		arg = n - 1
		i += end + 1
		return true
	}
	// number consumes a width or a precision: digits, or a star that takes
	// an argument.
	number := func() bool {
		if !index() {
			return false
		}
		if i < len(format) && format[i] == '*' {
			use('*')
			i++
			return true
		}
		for i < len(format) && format[i] >= '0' && format[i] <= '9' {
			i++
		}
		return true
	}
	for i < len(format) {
		if format[i] != '%' {
			i++
			continue
		}
		at = i
		i++
		sharp := false
		for i < len(format) && strings.IndexByte("+-# 0", format[i]) >= 0 {
			sharp = sharp || format[i] == '#'
			i++
		}
		if !number() {
			return false
		}
		if i < len(format) && format[i] == '.' {
			i++
			if !number() {
				return false
			}
		}
		if !index() {
			return false
		}
		if i >= len(format) {
			break
		}
		r, size := utf8.DecodeRuneInString(format[i:])
		i += size
		if r == '%' {
			continue
		}
		if r == 'v' && sharp {
			r = GoSyntax
		}
		use(r)
	}
	return true
}

// Reveals reports whether printing a value of type t with verb shows its
// content: every verb does (a verb that does not suit the type prints
// %!d(string=...)), except %T, and %p of a pointer, map, slice, channel or
// function, which print only its address.
func Reveals(verb rune, t types.Type) bool {
	switch verb {
	case 'T':
		return false
	case 'p':
		if t == nil {
			return true
		}
		switch t.Underlying().(type) {
		case *types.Pointer, *types.Map, *types.Slice, *types.Chan, *types.Signature:
			return false
		}
	}
	return true
}

// A Func is a function or method named by qualified name, as in
// example.com/mylog.Infof or (*example.com/mylog.Logger).Infof.
type Func struct {
	Pkg  string // import path
	Recv string // receiver's type name for a method, "" for a function
	Ptr  bool   // written with a pointer receiver, (*T).M
	Name string
}

func (f Func) String() string {
	if f.Recv == "" {
		return f.Pkg + "." + f.Name
	}
	star := ""
	if f.Ptr {
		star = "*"
	}
	return "(" + star + f.Pkg + "." + f.Recv + ")." + f.Name
}

// Matches reports whether fn is f. A method matches whether it was named
// with a pointer receiver or not: (*T).M and (T).M both name M of T.
func (f Func) Matches(fn *types.Func) bool {
	if fn == nil || fn.Pkg() == nil || fn.Name() != f.Name {
		return false
	}
	if f.Recv == "" {
		return httpmodel.IsPkgFunc(fn, f.Pkg)
	}
	obj := recvNamed(recvType(fn))
	return obj != nil && obj.Name() == f.Recv && obj.Pkg() != nil && obj.Pkg().Path() == f.Pkg
}

func recvType(fn *types.Func) types.Type {
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || sig.Recv() == nil {
		return nil
	}
	return sig.Recv().Type()
}

// Funcs is a comma-separated list of qualified function names, usable as
// a flag.Value whose Set rejects a malformed entry. The empty string is
// the empty list.
type Funcs []Func

func (l *Funcs) String() string {
	if l == nil {
		return ""
	}
	var parts []string
	for _, f := range *l {
		parts = append(parts, f.String())
	}
	return strings.Join(parts, ",")
}

// Set parses a comma-separated list of qualified names.
func (l *Funcs) Set(s string) error {
	if strings.TrimSpace(s) == "" {
		*l = nil
		return nil
	}
	var out Funcs
	for part := range strings.SplitSeq(s, ",") {
		f, err := ParseFunc(strings.TrimSpace(part))
		if err != nil {
			return err
		}
		out = append(out, f)
	}
	*l = out
	return nil
}

// ParseFuncs parses each of names with ParseFunc.
func ParseFuncs(names []string) (Funcs, error) {
	var out Funcs
	for _, n := range names {
		f, err := ParseFunc(strings.TrimSpace(n))
		if err != nil {
			return nil, err
		}
		out = append(out, f)
	}
	return out, nil
}

// ParseFunc parses a qualified name: importpath.Func, (*importpath.Type).Method
// or (importpath.Type).Method.
func ParseFunc(s string) (Func, error) {
	bad := func(why string) (Func, error) {
		return Func{}, &nameError{s: s, why: why}
	}
	if s == "" {
		return bad("empty name")
	}
	var f Func
	qualified := s
	if strings.HasPrefix(s, "(") {
		end := strings.Index(s, ").")
		if end < 0 {
			return bad(`a method is written (*importpath.Type).Method or (importpath.Type).Method`)
		}
		inner := s[1:end]
		f.Name = s[end+2:]
		if strings.HasPrefix(inner, "*") {
			f.Ptr = true
			inner = inner[1:]
		}
		pkg, typ, ok := splitQualified(inner)
		if !ok {
			return bad("the receiver type is not written importpath.Type")
		}
		if !isIdent(typ) {
			return bad("the receiver type " + strconv.Quote(typ) + " is not an identifier")
		}
		f.Pkg, f.Recv = pkg, typ
	} else {
		pkg, name, ok := splitQualified(qualified)
		if !ok {
			return bad("a function is written importpath.Func")
		}
		f.Pkg, f.Name = pkg, name
	}
	if !isIdent(f.Name) {
		return bad("the function name " + strconv.Quote(f.Name) + " is not an identifier")
	}
	if err := checkImportPath(f.Pkg); err != "" {
		return bad(err)
	}
	return f, nil
}

type nameError struct{ s, why string }

func (e *nameError) Error() string {
	return "invalid function name " + strconv.Quote(e.s) + ": " + e.why
}

// splitQualified splits importpath.Name at the last dot after the last
// slash.
func splitQualified(s string) (pkg, name string, ok bool) {
	slash := strings.LastIndex(s, "/")
	dot := strings.LastIndex(s[slash+1:], ".")
	if dot < 0 {
		return "", "", false
	}
	dot += slash + 1
	return s[:dot], s[dot+1:], s[:dot] != "" && s[dot+1:] != ""
}

func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		switch {
		case r == '_', r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z':
		case i > 0 && r >= '0' && r <= '9':
		default:
			return false
		}
	}
	return true
}

// checkImportPath returns why path is not an import path, or "".
func checkImportPath(path string) string {
	if path == "" {
		return "empty import path"
	}
	for _, elem := range strings.Split(path, "/") {
		if elem == "" || elem == "." || elem == ".." {
			return "import path " + strconv.Quote(path) + " has an empty or relative element"
		}
		for _, r := range elem {
			switch {
			case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9':
			case strings.ContainsRune("-._~+", r):
			default:
				return "import path " + strconv.Quote(path) + " contains " + strconv.QuoteRune(r)
			}
		}
	}
	return ""
}

// PrintMethod returns the method through which fmt, and the loggers that
// format with it, print a value of static type t: "Error", "Format",
// "String" or "LogValue" (slog's LogValuer), with the method ("Error"
// aside, which an interface that implements error gets too); "" when they
// print it field by field, or when t is another interface, whose dynamic
// type decides. Method sets come from cache when it is not nil (the
// question is asked for the same types again and again).
func PrintMethod(cache *typeutil.MethodSetCache, t types.Type) (string, *types.Func) {
	if t == nil {
		return "", nil
	}
	if types.Implements(t, analysisutil.ErrorInterface) {
		return "Error", nil // an error interface too: fmt prints any error by Error
	}
	if types.IsInterface(t) {
		return "", nil
	}
	var ms *types.MethodSet
	if cache != nil {
		ms = cache.MethodSet(t)
	} else {
		ms = types.NewMethodSet(t)
	}
	for _, name := range []string{"Format", "String", "LogValue"} {
		sel := ms.Lookup(nil, name)
		if sel == nil {
			continue
		}
		fn, ok := sel.Obj().(*types.Func)
		if !ok {
			continue
		}
		sig := fn.Type().(*types.Signature)
		switch {
		case name == "Format" && sig.Params().Len() == 2 && sig.Results().Len() == 0,
			name == "String" && sig.Params().Len() == 0 && sig.Results().Len() == 1 && isStringType(sig.Results().At(0).Type()),
			name == "LogValue" && sig.Params().Len() == 0 && sig.Results().Len() == 1:
			return name, fn
		}
	}
	return "", nil
}

func isStringType(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}
