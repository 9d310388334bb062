package logsink

import (
	"go/ast"
	"go/types"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
	"weak"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/httpmodel"
)

// Sinks by shape: a project's own logger interface, and writers
// configured as debug output.
//
// A logger interface is recognised when three things hold together, so
// that no one of them alone turns a Printf into a log:
//
//   - the method belongs to a named interface type whose name has the
//     word Log, Logger, Logging or Logs in it, split at case changes,
//     digits and underscores (Logger, StdLogger, LeveledLoggerInterface,
//     LogSink, logger; not Catalog, Blogger, Printer, TB), or says it
//     debugs or traces (Tracer, DebugPrinter) for a method that takes a
//     variadic list (see debugPrint);
//   - the method's name is a logging verb (Print, Log, Trace, Debug, Info,
//     Notice, Warn, Warning, Error, Critical, Fatal, Panic, ...) with an
//     optional suffix f, ln, w, S, Context or Ctx, or Output (as
//     *log.Logger's Output(calldepth, s));
//   - its parameters are a logging signature: (args ...any),
//     (msg string, keyvals ...any), a printf signature (format string,
//     args ...any) for a verb ending in f, each optionally after one
//     leading parameter (a level or a context), or a message alone (msg
//     string), also optionally after one leading parameter.
//
// A concrete type's methods have bodies: a method that passes its
// parameters to a log is a log through facts. What the rule adds for them
// (LoggerMethod) is that a logging method of a type whose name says it
// logs writes to a log when it writes to a writer its receiver holds.

var loggerWords = map[string]bool{"log": true, "logger": true, "logging": true, "logs": true, "loggers": true}

var verbBases = []string{
	"Print", "Log", "Trace", "Debug", "Info", "Notice", "Warn", "Warning",
	"Error", "Critical", "Crit", "Alert", "Emergency", "Fatal", "Panic", "DPanic", "Verbose",
}

// methodVerbs are logging verbs for a method only, not for a func value
// (an Output func(string) field is a callback of any kind): Output, as
// *log.Logger's Output(calldepth int, s string) error.
var methodVerbs = map[string]bool{"Output": true}

var verbSuffixes = []string{"", "f", "ln", "w", "S", "Context", "Ctx"}

// logVerbs holds every logging verb: a base and a suffix.
var logVerbs = map[string]bool{}

func init() {
	for _, b := range verbBases {
		for _, s := range verbSuffixes {
			logVerbs[b+s] = true
		}
	}
}

// LoggerTypeName reports whether a type named name says that it logs: one
// of its words is log, logs, logger, loggers or logging.
func LoggerTypeName(name string) bool {
	for _, w := range words(name) {
		if loggerWords[strings.ToLower(w)] {
			return true
		}
	}
	return false
}

// words splits an identifier at underscores, digits and case changes:
// HTTPLogger is HTTP and Logger, leveledLoggerV2 is leveled, Logger and V.
func words(name string) []string {
	var out []string
	start := -1
	flush := func(end int) {
		if start >= 0 && end > start {
			out = append(out, name[start:end])
		}
		start = -1
	}
	prev := rune(0)
	for i, r := range name {
		switch {
		case r == '_' || unicode.IsDigit(r):
			flush(i)
		case unicode.IsUpper(r):
			next, _ := utf8.DecodeRuneInString(name[i+utf8.RuneLen(r):])
			// A new word starts at an upper-case letter after a lower-case
			// one, or before a lower-case one in a run of capitals.
			if start < 0 || unicode.IsLower(prev) || unicode.IsUpper(prev) && unicode.IsLower(next) {
				flush(i)
				start = i
			}
		default:
			if start < 0 {
				start = i
			}
		}
		prev = r
	}
	flush(len(name))
	return out
}

// IsLogVerb reports whether name is the name of a logging method of a
// logger interface (Debugf, Info, Logf, Printf, Warnw, ErrorS, ...).
func IsLogVerb(name string) bool { return logVerbs[name] }

// Shape reports whether fn is a method of a logger interface by its shape
// (see the package documentation of the rule), or a leveled logging
// method of any interface (see leveledMethod), and how it logs.
func Shape(fn *types.Func, from *types.Package) (Sink, bool) {
	format, ok := loggerMethod(fn, true)
	if !ok {
		format, ok = leveledMethod(fn)
	}
	if !ok && contextMethod(fn) {
		format, ok = -1, true
	}
	if !ok {
		return Sink{}, false
	}
	return shapeSink(fn, from, format), true
}

// PackageFunc reports whether fn is a function of a logging package by
// its shape (see below), and how it logs. A client asks it after the
// facts: a function whose body is seen to pass its arguments to a log is
// described better by its fact.
func PackageFunc(fn *types.Func, from *types.Package) (Sink, bool) {
	format, ok := logPackageFunc(fn, from)
	if !ok {
		return Sink{}, false
	}
	return shapeSink(fn, from, format), true
}

// ConcreteMethod reports whether fn, a method of a concrete type, logs
// by its shape: the type's name says it logs, the method's name and
// signature are a logging method's (see Shape), and it returns nothing.
// A client asks it after the facts, as it asks PackageFunc: a logger of
// another module (charmbracelet/log's *Logger, op/go-logging's) or of
// the project writes through handlers, backends, buffers and channels
// that facts do not follow to the writer. The client tells a method whose
// body it has and that does not use what it is handed (a no-op logger)
// apart itself. A type of the standard library is in the table or none.
func ConcreteMethod(fn *types.Func, from *types.Package) (Sink, bool) {
	if fn == nil || fn.Pkg() == nil || fn.Pkg() != from && analysisutil.IsStdPath(fn.Pkg().Path()) {
		return Sink{}, false
	}
	sig := fn.Signature()
	if sig.Recv() == nil || types.IsInterface(sig.Recv().Type()) || sig.Results().Len() != 0 {
		return Sink{}, false
	}
	format, ok := loggerMethod(fn, false)
	if !ok || !endsLogger(recvNamed(sig.Recv().Type()).Name()) {
		return Sink{}, false
	}
	return shapeSink(fn, from, format), true
}

// endsLogger reports whether a type named name is a logger by its last
// word (Logger, asyncLogger, EventLog), not only one of its words
// (LogParser, LogLevel).
func endsLogger(name string) bool {
	w := words(name)
	return len(w) > 0 && loggerWords[strings.ToLower(w[len(w)-1])]
}

// Quiet reports whether body, of a function with parameters params,
// hands none of them to a call but a builtin (append, len, copy): a
// no-op logger, or one that keeps its records in memory or counts them,
// writes nothing out.
func Quiet(info *types.Info, body *ast.BlockStmt, params *types.Tuple) bool {
	if body == nil {
		return false
	}
	ps := slices.Collect(params.Variables())
	// mentions reports whether e uses a parameter.
	mentions := func(e ast.Node) bool {
		found := false
		ast.Inspect(e, func(m ast.Node) bool {
			if id, ok := m.(*ast.Ident); ok {
				if v, isVar := info.Uses[id].(*types.Var); isVar && slices.Contains(ps, v) {
					found = true
				}
			}
			return !found
		})
		return found
	}
	quiet := true
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			if id, ok := ast.Unparen(n.Fun).(*ast.Ident); ok {
				if _, builtin := info.Uses[id].(*types.Builtin); builtin {
					return true
				}
			}
			quiet = !slices.ContainsFunc(n.Args, func(a ast.Expr) bool { return mentions(a) })
		case *ast.SendStmt:
			quiet = !mentions(n.Value)
		}
		return quiet
	})
	return quiet
}

// Functions of a logging package.
//
// A project's logger is often a package of functions, not a type:
// internal/log's Debugf(format string, args ...any), terraform's
// tflog.Debug(ctx, msg string, fields ...map[string]any), a logger
// package's Info(msg string, keyvals ...any). Its body may write through
// anything (a logger the package holds, a library not in the table, a
// field-masking layer) that facts cannot follow. A function of another
// package is a log by its shape when
//
//   - its package's name says it logs: one of its words is log, logs,
//     logger, loggers or logging, or it is "log" with a prefix or suffix
//     of at most three letters (tflog, xlog, hclog, syslog, applog, logx),
//     but for the words that only look so (catalog, dialog, backlog,
//     blog, analog, prolog, epilog, login, logic, logo); a longer name
//     (productcatalog, gitchangelog, devblog) is a compound of another
//     word;
//   - its name is a logging verb (see Shape) and it returns nothing (an
//     Errorf that returns an error builds one);
//   - its parameters are a logging signature (see Shape).

var notLogPackages = map[string]bool{"catalog": true, "dialog": true, "backlog": true, "blog": true, "analog": true, "prolog": true, "epilog": true, "login": true, "logic": true, "logo": true}

// logPackageName reports whether a package named name says it logs (see
// above).
func logPackageName(name string) bool {
	if LoggerTypeName(name) {
		return true
	}
	name = strings.ToLower(name)
	if notLogPackages[name] || len(name) > len("log")+3 {
		return false
	}
	return strings.HasSuffix(name, "log") || strings.HasPrefix(name, "log")
}

// logPackageFunc applies the rule above to fn, called from package from.
func logPackageFunc(fn *types.Func, from *types.Package) (format int, ok bool) {
	if fn == nil || fn.Pkg() == nil || fn.Pkg() == from || !logVerbs[fn.Name()] {
		return -1, false
	}
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || sig.Recv() != nil || sig.Results().Len() != 0 {
		return -1, false
	}
	if !logPackageName(fn.Pkg().Name()) {
		return -1, false
	}
	return logSignature(sig, strings.HasSuffix(fn.Name(), "f"))
}

// Context methods of logger interfaces.
//
// A logger interface often gives its users a method that returns a logger
// with fields attached (logrus's WithField and WithFields, hclog's and
// zap's With, logr's WithValues), and a project's own interface copies
// it: WithFields(f Fields) Logger, WithField(key string, value any)
// Logger. What it is given is written with every line the returned logger
// logs, so it is a log of its arguments when
//
//   - it is a method of an interface named With, WithField, WithFields,
//     WithValues or WithAttrs;
//   - its interface and the type it returns (the same interface, another,
//     or a concrete entry type) each have a logging method by the rule of
//     Shape or leveledMethod (a concrete type's by LoggerMethod);
//   - its parameters hold fields: (key string, value any), one field
//     carrier (a map from string to any, such as a Fields type, or a
//     struct with a field of type any, such as a project's Field), or a
//     variadic list of any or of field carriers.
//
// A With(opts ...Option) Client of an API client has no logging method
// and takes no fields: it is no log.

var contextVerbs = map[string]bool{"With": true, "WithField": true, "WithFields": true, "WithValues": true, "WithAttrs": true}

// contextMethod reports whether fn is a context method of a logger
// interface (see above).
func contextMethod(fn *types.Func) bool {
	if fn == nil || !contextVerbs[fn.Name()] {
		return false
	}
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || sig.Recv() == nil || !types.IsInterface(sig.Recv().Type()) || sig.Results().Len() != 1 {
		return false
	}
	return fieldsSignature(sig) && logsByShape(sig.Recv().Type()) && logsByShape(sig.Results().At(0).Type())
}

// fieldsSignature reports whether sig's parameters hold log fields (see
// contextMethod).
func fieldsSignature(sig *types.Signature) bool {
	ps := sig.Params()
	switch n := ps.Len(); {
	case sig.Variadic():
		sl, _ := ps.At(n - 1).Type().(*types.Slice)
		return n == 1 && sl != nil && (isEmptyInterface(sl.Elem()) || fieldCarrier(sl.Elem()))
	case n == 1:
		return fieldCarrier(ps.At(0).Type())
	case n == 2:
		b, ok := ps.At(0).Type().Underlying().(*types.Basic)
		return ok && b.Kind() == types.String && isEmptyInterface(ps.At(1).Type())
	}
	return false
}

// logsByShape reports whether a value of type t logs: t has a method that
// logs by the rule of Shape (an interface's) or of LoggerMethod (a
// concrete type's).
func logsByShape(t types.Type) bool {
	iface := types.IsInterface(t)
	if !iface && recvNamed(t) == nil {
		return false
	}
	ms := types.NewMethodSet(t)
	if !iface {
		if _, isPtr := types.Unalias(t).(*types.Pointer); !isPtr {
			ms = types.NewMethodSet(types.NewPointer(t))
		}
	}
	for i := range ms.Len() {
		m, _ := ms.At(i).Obj().(*types.Func)
		if m == nil || !logVerbs[m.Name()] && !methodVerbs[m.Name()] {
			continue
		}
		if iface {
			if _, ok := loggerMethod(m, true); ok {
				return true
			}
			if _, ok := leveledMethod(m); ok {
				return true
			}
		} else if LoggerMethod(m) {
			return true
		}
	}
	return false
}

// isEmptyInterface reports whether t is any.
func isEmptyInterface(t types.Type) bool {
	it, ok := t.Underlying().(*types.Interface)
	return ok && it.Empty()
}

// fieldCarrier reports whether t holds log fields of any value: a map
// from text to any (map[string]any, a Fields type), or a struct with a
// field of type any (a project's Field{Key string; Value any}), or a
// pointer to one.
func fieldCarrier(t types.Type) bool {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	switch u := t.Underlying().(type) {
	case *types.Map:
		b, ok := u.Key().Underlying().(*types.Basic)
		return ok && b.Kind() == types.String && isEmptyInterface(u.Elem())
	case *types.Struct:
		for f := range u.Fields() {
			if isEmptyInterface(f.Type()) {
				return true
			}
		}
	}
	return false
}

// Leveled logging methods of interfaces whatever their names.
//
// A project's logger interface is often named for something else
// (Leveled, KV, Reporter, an unnamed interface) and held under any name
// (l, out, c.lg). Its method is a log by its verb and signature alone
// when the verb names a log level that nothing but a log uses:
//
//   - the verb is Trace, Debug, Info, Notice, Warn, Warning, Verbose or
//     Log (with a suffix: Debugf, Infow, WarnContext), the method returns
//     nothing, or, for Log, only an error (go-kit's Log(keyvals ...any)
//     error), and its parameters are a logging signature (see Shape);
//   - Error, Critical, Fatal and Panic are verbs of error builders
//     (Errorf(...) error) and test reporters (Errorf, Fatalf) as much as
//     of logs: an interface with a method named for them is a log only
//     when it also has a method of a level other than Log (Debug, Info,
//     Warn, ...), since testing.TB's shape has Errorf beside Logf;
//   - a method that takes a message alone (Warn(subject, body string),
//     Trace(ctx, name string)) logs only when its interface has methods
//     of two levels (Debug and Info, Info and Error): one such method
//     alone is a notifier or a tracer as likely as a log;
//   - an interface with a method of testing.TB's (FailNow, Helper,
//     SkipNow) reports a test, and is no log.
//
// Print and Output keep needing a name that says log: printers are not
// logs.

// levelBases are the verbs that only logs use.
var levelBases = []string{"Trace", "Debug", "Info", "Notice", "Warning", "Warn", "Verbose", "Log"}

// severeBases are the verbs that error builders and test reporters share
// with logs.
var severeBases = []string{"Error", "Critical", "Crit", "Alert", "Emergency", "Fatal", "DPanic", "Panic"}

// levelOf returns the base of name, a logging verb (Debugf: Debug), and
// whether it is one of levelBases; "" when name is no such verb.
func levelOf(name string) (base string, unambiguous bool) {
	if !logVerbs[name] {
		return "", false
	}
	for i, bs := range [][]string{levelBases, severeBases} {
		for _, b := range bs {
			if rest, ok := strings.CutPrefix(name, b); ok && slices.Contains(verbSuffixes, rest) {
				return b, i == 0
			}
		}
	}
	return "", false
}

// ByLevelOnly reports whether fn logs by leveledMethod alone: the name of
// its interface does not say it logs, so that messages name it as the
// code calls it (c.lg.Debugf) rather than by a type that says nothing.
func ByLevelOnly(fn *types.Func) bool {
	if _, named := loggerMethod(fn, true); named {
		return false
	}
	_, ok := leveledMethod(fn)
	return ok
}

// leveledMethod reports whether fn, a method of an interface whatever its
// name, is a leveled logging method (see above), and the index of its
// format, or -1.
func leveledMethod(fn *types.Func) (format int, ok bool) {
	if fn == nil || !logVerbs[fn.Name()] {
		return -1, false
	}
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || sig.Recv() == nil {
		return -1, false
	}
	iface, _ := sig.Recv().Type().Underlying().(*types.Interface)
	if iface == nil {
		return -1, false
	}
	return leveledShape(fn.Name(), sig, func(yield func(string) bool) {
		for m := range iface.Methods() {
			if !yield(m.Name()) {
				return
			}
		}
	})
}

// leveledShape applies the rule of leveledMethod to a method named name,
// of signature sig, whose type has the methods named by methods.
func leveledShape(name string, sig *types.Signature, methods func(yield func(string) bool)) (format int, ok bool) {
	base, unambiguous := levelOf(name)
	if base == "" {
		return -1, false
	}
	switch res := sig.Results(); {
	case res.Len() == 0:
	case res.Len() == 1 && base == "Log" && analysisutil.IsError(res.At(0).Type()):
	default:
		return -1, false
	}
	format, ok = logSignature(sig, strings.HasSuffix(name, "f"))
	if !ok {
		return -1, false
	}
	// What the interface's methods say: a level that only logs use
	// (Log aside: testing.TB has Log and Logf), a severe one.
	levels := map[string]bool{}
	leveled, severe := false, false
	for m := range methods {
		switch m {
		case "FailNow", "Helper", "SkipNow", "Fail":
			return -1, false // a test reporter
		}
		if b, u := levelOf(upperFirst(m)); b != "" {
			levels[b] = true
			leveled = leveled || u && b != "Log"
			severe = severe || !u
		}
	}
	switch {
	case severe && !leveled:
		// Errorf beside Logf alone, as testing.TB's: a test reporter
		// (TestInterface{Errorf; Logf}), or an error builder.
		return -1, false
	case !unambiguous && !leveled, !sig.Variadic() && len(levels) < 2:
		return -1, false
	}
	return format, true
}

// HeldShape reports whether fn, a method of an interface whose name does
// not say it logs (Leveled, KV, an unnamed interface), logs by its shape
// when called on a value held in a field, variable or parameter named
// holder: the holder's name says it logs (Logger, log, httpLogger, by the
// words of LoggerTypeName) or, for a method taking a variadic list,
// debugs or traces (c.Tracer.Printf; see debugPrint), and fn's name and signature are a logging
// method's (see Shape). The holder's name is the evidence that the
// interface's name gives Shape: c.Logger.Debugf(format, args...) of a
// field Logger Leveled logs, c.printer.Printf does not.
func HeldShape(fn *types.Func, holder string, from *types.Package) (Sink, bool) {
	if fn == nil || !logVerbs[fn.Name()] && !methodVerbs[fn.Name()] {
		return Sink{}, false
	}
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || sig.Recv() == nil || !types.IsInterface(sig.Recv().Type()) || !LoggerTypeName(holder) && !debugPrint(holder, sig) {
		return Sink{}, false
	}
	format, ok := logSignature(sig, strings.HasSuffix(fn.Name(), "f"))
	if !ok {
		return Sink{}, false
	}
	return shapeSink(fn, from, format), true
}

// LoggerMethod reports whether fn is a method of a concrete type that has
// the shape of a logger interface's: the type's name says it logs, and
// the method's name and signature are a logging method's (see Shape). A
// write such a method makes to a writer its receiver holds is a log.
//
// A concrete type whose name says nothing (Out, stdout) counts when its
// method set has the levels of leveledMethod's rule: Debugf beside Infof
// writing to the writer its receiver holds is a logger whatever its name.
//
// An unexported method counts by its name with the first letter in upper
// case: a client's own debugf(format string, args ...any) that writes to
// the writer the client holds (fmt.Fprintf(c.out, format, args...)) logs
// as a Debugf method does. Its type's other methods count so too (logf
// beside debugf); print and output do not, as Print and Output do not.
func LoggerMethod(fn *types.Func) bool {
	if fn == nil {
		return false
	}
	if _, ok := loggerMethodNamed(fn, upperFirst(fn.Name()), false); ok {
		return true
	}
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || sig.Recv() == nil || types.IsInterface(sig.Recv().Type()) {
		return false
	}
	obj := recvNamed(sig.Recv().Type())
	if obj == nil {
		return false
	}
	ms := types.NewMethodSet(types.NewPointer(obj.Type()))
	_, ok := leveledShape(upperFirst(fn.Name()), sig, func(yield func(string) bool) {
		for i := range ms.Len() {
			if !yield(ms.At(i).Obj().Name()) {
				return
			}
		}
	})
	return ok
}

// loggerMethod applies the rule of Shape to a method of an interface
// (iface) or of a concrete type, and returns the format's index.
func loggerMethod(fn *types.Func, iface bool) (format int, ok bool) {
	if fn == nil {
		return -1, false
	}
	return loggerMethodNamed(fn, fn.Name(), iface)
}

// loggerMethodNamed is loggerMethod of fn taken as named name.
func loggerMethodNamed(fn *types.Func, name string, iface bool) (format int, ok bool) {
	if !logVerbs[name] && !methodVerbs[name] {
		return -1, false
	}
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || sig.Recv() == nil {
		return -1, false
	}
	rt := sig.Recv().Type()
	obj := recvNamed(rt)
	if obj == nil || types.IsInterface(rt) != iface || !LoggerTypeName(obj.Name()) && !debugPrint(obj.Name(), sig) {
		return -1, false
	}
	return logSignature(sig, strings.HasSuffix(name, "f"))
}

// debugPrint reports whether a method of signature sig of a type (or
// held in a field, variable or parameter) named name prints debug
// output: name says debug or trace (Tracer, DebugPrinter, c.Debug,
// c.trace; see debugWords) and the method takes a variadic list of
// values (Printf(format string, args ...any), Println(args ...any)). A
// method that takes a message alone (Trace(ctx, name string)) is a
// tracing API's span as likely as a log.
func debugPrint(name string, sig *types.Signature) bool {
	if !sig.Variadic() {
		return false
	}
	for _, w := range words(name) {
		if w = strings.ToLower(w); debugWords[w] || w == "tracer" {
			return true
		}
	}
	return false
}

// upperFirst returns name with its first letter in upper case: debugf is
// Debugf.
func upperFirst(name string) string {
	r, size := utf8.DecodeRuneInString(name)
	if r == utf8.RuneError || unicode.IsUpper(r) {
		return name
	}
	return string(unicode.ToUpper(r)) + name[size:]
}

// FuncValue reports whether a func value named name, a struct field or a
// variable (Logf func(format string, args ...any), debugf), logs by its
// shape: its name, with the first letter in upper case, is a logging verb
// and its signature a logging signature (see Shape), or its name's words
// say it logs (see funcValueByWords: LogFunc, logFn, traceHook). The name
// is the evidence that the type name gives a method: a field named
// Transform or Format with the same signature is no log. It returns the
// index of the format of a printf signature, or -1.
func FuncValue(name string, sig *types.Signature) (format int, ok bool) {
	if name == "" || sig == nil {
		return -1, false
	}
	r, size := utf8.DecodeRuneInString(name)
	upper := string(unicode.ToUpper(r)) + name[size:]
	if logVerbs[upper] {
		return logSignature(sig, strings.HasSuffix(upper, "f"))
	}
	return funcValueByWords(name, sig)
}

// funcValueByWords applies the rule of FuncValue to a func value whose
// name is no logging verb but has a word that says it logs: LogFunc,
// logFn, debugLog, errorLogger (a word of LoggerTypeName), OnDebug,
// traceHook, infoFn (a verb of levelBases: Debug, Trace, Info, Notice,
// Warn, Warning, Verbose). The func value must return nothing (a
// Sprintf-shaped formatter returns its text, an error builder its
// error), and a message alone (logFunc func(msg string)) counts only
// with a log word: OnDebug func(name string) is an event hook. A
// message before the variadic parameter (LogFunc func(format string,
// args ...any)) is taken as a format: a kv logger's message has no verbs,
// and its other arguments are written as %v.
func funcValueByWords(name string, sig *types.Signature) (format int, ok bool) {
	if sig.Results().Len() != 0 {
		return -1, false
	}
	logWord, levelWord := nameSaysLog(name)
	if !logWord && !levelWord {
		return -1, false
	}
	if format, ok := logSignature(sig, true); ok {
		return format, true
	}
	format, ok = logSignature(sig, false)
	if !ok || !sig.Variadic() && !logWord {
		return -1, false
	}
	return format, true
}

// FuncValueName reports whether a func value named name may log by its
// name (see FuncValue): a cheap test by name before the signature.
func FuncValueName(name string) bool {
	if name == "" {
		return false
	}
	r, size := utf8.DecodeRuneInString(name)
	if logVerbs[string(unicode.ToUpper(r))+name[size:]] {
		return true
	}
	// Words cost an allocation: most names have none of the letters.
	if !hasLog(name) && !slices.ContainsFunc(levelBases, func(b string) bool { return containsFold(name, b) }) {
		return false
	}
	logWord, levelWord := nameSaysLog(name)
	return logWord || levelWord
}

// nameSaysLog reports whether a word of name is a word of LoggerTypeName
// (LogFunc, errorLogger), and whether one is a verb of levelBases but Log
// (OnDebug, traceHook, infoFn).
func nameSaysLog(name string) (logWord, levelWord bool) {
	for _, w := range words(name) {
		if loggerWords[strings.ToLower(w)] {
			logWord = true
		}
		u := string(unicode.ToUpper(rune(w[0]))) + w[1:]
		if b, unambiguous := levelOf(u); unambiguous && b == u && b != "Log" {
			levelWord = true
		}
	}
	return logWord, levelWord
}

// IsWriter reports whether a destination of type t may be a log: it is
// an io.Writer, and not an http.ResponseWriter, a bytes.Buffer or a
// strings.Builder.
func IsWriter(t types.Type) bool { return !notLog(t) }

// logSignature reports whether sig is a logging signature; format is the
// index of the format parameter of a printf signature, or -1.
func logSignature(sig *types.Signature, printf bool) (format int, ok bool) {
	ps := sig.Params()
	n := ps.Len()
	isString := func(i int) bool {
		b, ok := ps.At(i).Type().Underlying().(*types.Basic)
		return ok && b.Kind() == types.String
	}
	if !sig.Variadic() {
		// A message and its fields (msg string, fields Fields), after
		// at most one leading parameter.
		if !printf && n >= 2 && n <= 3 && isString(n-2) && fieldCarrier(ps.At(n-1).Type()) {
			return -1, true
		}
		// A message alone, after at most one leading parameter.
		if printf || n < 1 || n > 2 || !isString(n-1) {
			return -1, false
		}
		return -1, true
	}
	sl, _ := ps.At(n - 1).Type().(*types.Slice)
	if sl == nil {
		return -1, false
	}
	// The arguments: any, or fields (...map[string]any as terraform's
	// tflog takes, ...Field of a project's own structured logger) after
	// a message.
	if !isEmptyInterface(sl.Elem()) && (printf || n < 2 || !isString(n-2) || !fieldCarrier(sl.Elem())) {
		return -1, false
	}
	pre := n - 1
	switch {
	case pre > 2:
		return -1, false
	case printf:
		if pre < 1 || !isString(n-2) {
			return -1, false
		}
		return n - 2, true
	case pre == 2 && !isString(n-2):
		// (level, msg string, keyvals ...any): two leading parameters
		// only with a message.
		return -1, false
	}
	return -1, true
}

// A Writer is a call that writes to an io.Writer: fmt.Fprint, Fprintf
// and Fprintln, io.WriteString, a Write or WriteString method, or the
// WriteTo method of an io.WriterTo (buf.WriteTo(os.Stderr)).
type Writer struct {
	// Dest is the destination writer.
	Dest ast.Expr
	// Method is true for a Write or WriteString method of Dest.
	Method bool
	// Source, for a WriteTo method, is its receiver: what it holds is
	// written to Dest, the argument.
	Source ast.Expr
}

// WriterCall reports whether call, a call of fn, writes to an io.Writer,
// and to which: fmt.Fprint, Fprintf and Fprintln, io.WriteString, a Write
// or WriteString method, and io.Copy, CopyN and CopyBuffer, which write
// what their reader holds (a buffer a dump was written into), as the
// WriteTo(w io.Writer) (int64, error) method of io.WriterTo writes what
// its receiver holds (b.WriteTo(os.Stderr), of a bytes.Buffer, a
// strings.Reader or a type of the project's own).
func WriterCall(info *types.Info, call *ast.CallExpr, fn *types.Func) (Writer, bool) {
	if fn == nil || fn.Pkg() == nil {
		return Writer{}, false
	}
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil {
		return Writer{}, false
	}
	if sig.Recv() == nil {
		path, name := fn.Pkg().Path(), fn.Name()
		if path == "fmt" && (name == "Fprint" || name == "Fprintf" || name == "Fprintln") ||
			path == "io" && (name == "WriteString" || name == "Copy" || name == "CopyN" || name == "CopyBuffer") {
			if len(call.Args) > 0 {
				return Writer{Dest: call.Args[0]}, true
			}
		}
		return Writer{}, false
	}
	if fn.Name() == "WriteTo" {
		return writeToCall(info, call, sig)
	}
	if httpWrite(fn) {
		// req.Write(os.Stderr): a dump of the request, as WriteTo
		// writes what its receiver holds.
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok || len(call.Args) != 1 {
			return Writer{}, false
		}
		return Writer{Dest: call.Args[0], Source: sel.X}, true
	}
	if fn.Name() != "Write" && fn.Name() != "WriteString" {
		return Writer{}, false
	}
	// Write(p []byte) (int, error) or WriteString(s string) (int, error).
	if sig.Params().Len() != 1 || sig.Results().Len() != 2 {
		return Writer{}, false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return Writer{}, false
	}
	if s, ok := info.Selections[sel]; !ok || s.Kind() != types.MethodVal {
		return Writer{}, false
	}
	return Writer{Dest: sel.X, Method: true}, true
}

// httpWrite reports whether fn writes its receiver, with every header,
// to the writer it is given: (*http.Request).Write and WriteProxy, and
// (http.Header).Write. WriteSubset leaves out what its caller chooses,
// and (*http.Response).Write holds what the server sent; neither is taken
// to write a credential to a log by itself.
func httpWrite(fn *types.Func) bool {
	sig := fn.Type().(*types.Signature)
	obj := recvNamed(sig.Recv().Type())
	if obj == nil || obj.Pkg() == nil || obj.Pkg().Path() != "net/http" {
		return false
	}
	switch obj.Name() + "." + fn.Name() {
	case "Request.Write", "Request.WriteProxy", "Header.Write":
		return true
	}
	return false
}

// writeToCall recognises a call of the WriteTo method of io.WriterTo:
// WriteTo(w io.Writer) (n int64, err error), called on a value.
func writeToCall(info *types.Info, call *ast.CallExpr, sig *types.Signature) (Writer, bool) {
	if sig.Params().Len() != 1 || sig.Results().Len() != 2 || len(call.Args) != 1 ||
		!httpmodel.IsNamed(sig.Params().At(0).Type(), "io", "Writer") {
		return Writer{}, false
	}
	if b, ok := sig.Results().At(0).Type().(*types.Basic); !ok || b.Kind() != types.Int64 {
		return Writer{}, false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return Writer{}, false
	}
	if s, ok := info.Selections[sel]; !ok || s.Kind() != types.MethodVal {
		return Writer{}, false
	}
	return Writer{Dest: call.Args[0], Source: sel.X}, true
}

// A Names is a list of identifiers compared case-insensitively, usable as
// a flag.Value (comma-separated).
type Names []string

func (l *Names) String() string {
	if l == nil {
		return ""
	}
	return strings.Join(*l, ",")
}

// Set parses a comma-separated list of identifiers; the empty string is
// the empty list.
func (l *Names) Set(s string) error {
	if strings.TrimSpace(s) == "" {
		*l = nil
		return nil
	}
	var out Names
	for part := range strings.SplitSeq(s, ",") {
		part = strings.TrimSpace(part)
		if !isIdent(part) {
			return &nameError{s: part, why: "not an identifier"}
		}
		out = append(out, part)
	}
	*l = out
	return nil
}

func (l Names) has(name string) bool {
	for _, n := range l {
		if strings.EqualFold(n, name) {
			return true
		}
	}
	return false
}

// DebugWriter reports whether e, the destination of a write, is a writer
// configured as debug or trace output: a variable, parameter or field
// whose name is one of names (case-insensitively), a package variable
// or field that one of extra names ((example.com/sdk.Config).Trace,
// example.com/sdk.DebugOut), or a field of a type there to debug, trace
// or log (see debugOwner). It returns the name that matched. An
// http.ResponseWriter, a bytes.Buffer or a strings.Builder is never one:
// the first is the response, the others are text kept in memory.
func DebugWriter(info *types.Info, e ast.Expr, names Names, extra Funcs) (string, bool) {
	var v *types.Var
	var owner types.Type // the type whose field v is
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		v, _ = info.Uses[x].(*types.Var)
	case *ast.SelectorExpr:
		if s, ok := info.Selections[x]; ok {
			if s.Kind() != types.FieldVal {
				return "", false
			}
			v, _ = s.Obj().(*types.Var)
			owner = s.Recv()
		} else {
			v, _ = info.Uses[x.Sel].(*types.Var) // a package variable
		}
	}
	if v == nil || !names.has(v.Name()) && !namedBy(v, owner, extra) && !debugOwner(v, owner) {
		return "", false
	}
	// The type last: a method set costs more than a name.
	if notLog(v.Type()) {
		return "", false
	}
	return v.Name(), true
}

// debugWords are the words that say a type or a package is there to
// debug or trace: its writers are debug output, whatever their names.
var debugWords = map[string]bool{"debug": true, "debugger": true, "debugging": true, "trace": true, "tracer": true, "tracing": true, "dump": true, "dumper": true, "verbose": true}

// debugOwner reports whether v is a field of a type whose name says it is
// there to debug or trace (DebugTransport, traceWriter, requestDumper,
// tracer),
// or of a type of a package so named (debug, httpdebug, tracing): its
// writer (Out, Output, W) is debug output. A logger's name is not enough:
// a logger writes to its writer in its logging methods only (see Shape),
// and may render pages or export files there too.
func debugOwner(v *types.Var, owner types.Type) bool {
	obj := recvNamed(owner)
	if !v.IsField() || obj == nil {
		return false
	}
	for _, w := range words(obj.Name()) {
		if debugWords[strings.ToLower(w)] {
			return true
		}
	}
	if obj.Pkg() == nil {
		return false
	}
	name := obj.Pkg().Name()
	for w := range debugWords {
		if strings.HasSuffix(name, w) || strings.HasPrefix(name, w) {
			return true
		}
	}
	return false
}

// namedBy reports whether one of extra names v, a package variable or a
// field of owner.
func namedBy(v *types.Var, owner types.Type, extra Funcs) bool {
	for _, f := range extra {
		if f.Name != v.Name() {
			continue
		}
		if f.Recv == "" {
			if !v.IsField() && v.Pkg() != nil && v.Pkg().Path() == f.Pkg && v.Parent() == v.Pkg().Scope() {
				return true
			}
			continue
		}
		if obj := recvNamed(owner); obj != nil && v.IsField() && obj.Name() == f.Recv && obj.Pkg() != nil && obj.Pkg().Path() == f.Pkg {
			return true
		}
	}
	return false
}

// notLog reports whether a writer of type t is no log whatever its name:
// not an io.Writer at all, an http.ResponseWriter, or text in memory.
func notLog(t types.Type) bool {
	if t == nil {
		return true
	}
	if obj := recvNamed(t); obj != nil && obj.Pkg() != nil {
		switch obj.Pkg().Path() + "." + obj.Name() {
		case "net/http.ResponseWriter", "bytes.Buffer", "strings.Builder":
			return true
		}
	}
	// An http.ResponseWriter by its methods: Header, Write and WriteHeader.
	ms := types.NewMethodSet(t)
	if ms.Lookup(nil, "WriteHeader") != nil && ms.Lookup(nil, "Header") != nil {
		return true
	}
	return ms.Lookup(nil, "Write") == nil && !hasPtrWrite(t)
}

func hasPtrWrite(t types.Type) bool {
	if _, ok := t.Underlying().(*types.Pointer); ok {
		return false
	}
	if types.IsInterface(t) {
		return false
	}
	return types.NewMethodSet(types.NewPointer(t)).Lookup(nil, "Write") != nil
}

// DeclaresLogger reports whether pkg, or a package it imports directly,
// declares a named interface type whose name says it logs: a package
// that calls no known log may still wrap such a logger.
func DeclaresLogger(pkg *types.Package) bool {
	if declaresLogger(pkg) {
		return true
	}
	for _, imp := range pkg.Imports() {
		if declaresLogger(imp) {
			return true
		}
	}
	return false
}

// loggerDecls memoizes declaresLogger: a package's scope is read (and its
// names sorted) once per run, however many packages import it. The key is
// a weak pointer, so that the memo keeps no package alive.
var loggerDecls sync.Map // weak.Pointer[types.Package] -> bool

func declaresLogger(pkg *types.Package) bool {
	key := weak.Make(pkg)
	if v, ok := loggerDecls.Load(key); ok {
		return v.(bool)
	}
	d := scanLoggerDecls(pkg)
	loggerDecls.Store(key, d)
	return d
}

func scanLoggerDecls(pkg *types.Package) bool {
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		if !hasLog(name) {
			continue
		}
		if tn, ok := scope.Lookup(name).(*types.TypeName); ok && types.IsInterface(tn.Type()) && LoggerTypeName(name) {
			return true
		}
	}
	return false
}

// containsFold reports whether name contains word, ASCII letters
// compared without case, without an allocation.
func containsFold(name, word string) bool {
	for i := 0; i+len(word) <= len(name); i++ {
		j := 0
		for j < len(word) && name[i+j]|0x20 == word[j]|0x20 {
			j++
		}
		if j == len(word) {
			return true
		}
	}
	return false
}

// hasLog reports whether name contains "log" in any case, without the
// allocation of strings.ToLower.
func hasLog(name string) bool {
	for i := 0; i+3 <= len(name); i++ {
		if name[i]|0x20 == 'l' && name[i+1]|0x20 == 'o' && name[i+2]|0x20 == 'g' {
			return true
		}
	}
	return false
}

// shapeSink is the sink of fn, a method that logs by its shape, whose
// format parameter is at format (-1: none, every argument is printed).
func shapeSink(fn *types.Func, from *types.Package, format int) Sink {
	s := Sink{Name: Name(fn, from), Format: -1, Writer: -1, All: true}
	if format >= 0 {
		s.Format, s.Verbs = format, format+1
	}
	return s
}
