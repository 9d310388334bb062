package authlog

import (
	"go/ast"
	"go/token"
	"go/types"
	"sort"

	"github.com/retrylint/retrylint/internal/logsink"
)

// DefaultDebugWriters returns the names of the fields, parameters and
// variables that hold a debug or trace output by default: the names SDKs
// and HTTP clients give the io.Writer a user sets to see requests.
func DefaultDebugWriters() []string {
	return []string{
		"Debug", "DebugOut", "DebugOutput", "DebugWriter", "DebugLog",
		"Trace", "TraceOut", "TraceOutput", "TraceWriter", "TraceLog",
		"Log", "Logger", "LogOut", "LogOutput", "LogWriter", "LogFile",
	}
}

// writerSink recognises a write (fmt.Fprint, Fprintf and Fprintln,
// io.WriteString, io.Copy, a Write or WriteString method) whose
// destination is a debug or trace writer (see logsink.DebugWriter), a
// writer set to the terminal (terminal.go), or, for the writes that the
// table of logs does not know, os.Stdout or os.Stderr.
func (c *checker) writerSink(call *ast.CallExpr, fn *types.Func) (sinkCall, bool) {
	info := c.pass.TypesInfo
	w, ok := logsink.WriterCall(info, call, fn)
	if !ok {
		return sinkCall{}, false
	}
	_, debug := logsink.DebugWriter(info, w.Dest, c.debugWriters, c.sinks)
	debug = debug || c.ownWriter(call, w.Dest) || c.terminalWriter(w.Dest) || c.logWriter(w.Dest)
	if !debug && (!w.Method && fn.Pkg().Path() == "fmt" || !logsink.IsStdStream(info, w.Dest)) {
		return sinkCall{}, false // fmt to a standard stream is in the table
	}
	dest := types.ExprString(w.Dest)
	s := logsink.Sink{Format: -1, Writer: -1, All: true, Dest: dest}
	switch {
	case w.Source != nil:
		s.Name = types.ExprString(w.Source) + "." + fn.Name() + " to " + dest
		s.Writer, s.Source = 0, true
	case w.Method:
		s.Name = dest + "." + fn.Name()
	default:
		s.Name = logsink.Name(fn, c.pass.Pkg) + " to " + dest
		s.Writer = 0
		if fn.Name() == "Fprintf" {
			s.Format, s.Verbs = 1, 2
		}
	}
	return sinkCall{Sink: s}, true
}

// logWriter reports whether dest is a log's own writer (see
// logsink.LogWriter), or a local variable given one once (w :=
// logger.Writer()).
func (c *checker) logWriter(dest ast.Expr) bool {
	info := c.pass.TypesInfo
	if logsink.LogWriter(info, dest) {
		return true
	}
	id, ok := ast.Unparen(dest).(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok {
		return false
	}
	if c.defs == nil {
		c.defs, c.again = localDefs(c.calls, info)
	}
	rhs, ok := c.defs[v]
	return ok && logsink.LogWriter(info, rhs)
}

// ownWriter reports whether dest is a field of the receiver of the
// method that holds call, and that method is a logging method of a
// concrete type whose name says it logs (logsink.LoggerMethod): a logger
// of the project's own that writes to the writer it was given, such as
// fmt.Fprintf(l.out, format, args...) in (*stdLogger).Debugf.
func (c *checker) ownWriter(call *ast.CallExpr, dest ast.Expr) bool {
	info := c.pass.TypesInfo
	sel, ok := ast.Unparen(dest).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	if s, ok := info.Selections[sel]; !ok || s.Kind() != types.FieldVal {
		return false
	}
	id, ok := ast.Unparen(sel.X).(*ast.Ident)
	if !ok {
		return false
	}
	recv, ok := info.Uses[id].(*types.Var)
	if !ok {
		return false
	}
	fd := c.enclosing(call.Pos())
	if fd == nil || fd.Recv == nil || len(fd.Recv.List) != 1 || len(fd.Recv.List[0].Names) != 1 ||
		info.Defs[fd.Recv.List[0].Names[0]] != recv {
		return false
	}
	fn, _ := info.Defs[fd.Name].(*types.Func)
	return (logsink.LoggerMethod(fn) || loggerHTTPMethod(fn)) && logsink.IsWriter(info.TypeOf(dest))
}

// enclosing returns the method declaration of this package around pos,
// or nil.
func (c *checker) enclosing(pos token.Pos) *ast.FuncDecl {
	if c.methods == nil {
		for _, f := range c.calls.Funcs() {
			if f.Decl.Recv != nil && f.Decl.Body != nil {
				c.methods = append(c.methods, f.Decl)
			}
		}
		sort.Slice(c.methods, func(i, j int) bool { return c.methods[i].Pos() < c.methods[j].Pos() })
		if c.methods == nil {
			c.methods = []*ast.FuncDecl{} // looked, and found none
		}
	}
	i := sort.Search(len(c.methods), func(i int) bool { return c.methods[i].End() > pos })
	if i < len(c.methods) && c.methods[i].Pos() <= pos {
		return c.methods[i]
	}
	return nil
}

// isLogCall is isLog with the call at hand: a write to a debug writer is
// a log too.
func (c *checker) isLogCall(call *ast.CallExpr, fn *types.Func) bool {
	if fn == nil {
		_, ok := c.funcValueSink(call)
		return ok
	}
	if c.isLog(fn) {
		return true
	}
	if _, ok := c.heldLogger(call, fn); ok {
		return true
	}
	_, ok := c.writerSink(call, fn)
	return ok
}

// mayLogName reports whether a call of a function named name may be a
// log, a write to a debug writer, or a wrapper of one (wrappers holds the
// names of the wrappers that facts describe): a cheap test before
// isLogCall.
func (c *checker) mayLogName(name string, wrappers map[string]bool) bool {
	return wrappers[name] || logsink.MayMatch(name, c.sinks) || logsink.FuncValueName(name) || name == "Write" || name == "WriteProxy" || name == "WriteString" || name == "Copy" || name == "CopyN" || name == "CopyBuffer" || name == "WriteTo"
}

// factName is the log function that a fact of a function that passes a
// parameter to s names: the ultimate log, named with its package.
func (s sinkCall) factName() string {
	switch {
	case s.via != "":
		return s.via
	case s.qualified != "":
		return s.qualified
	}
	return s.Name
}
