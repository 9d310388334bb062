// Package logiface declares a logger interface and imports nothing: its
// wrappers are logs for the packages that call them all the same.
package logiface

// Logger is the logger an SDK client is configured with.
type Logger interface {
	Debugf(format string, args ...any)
	Logf(level int, format string, args ...any)
	Log(keyvals ...any) error
	Info(msg string, keyvals ...any)
	Warnw(msg string, keyvals ...any)
	// A context method: its fields are written with every line the
	// logger it returns logs.
	With(fields ...any) Logger
	// Not logging methods: no logging verb, or no logging signature.
	SetLevel(level int)
	Infof(format string)
}

// Printer has a printf method, but its name does not say it logs.
type Printer interface {
	Printf(format string, args ...any)
}

// Debug passes its format and arguments to the logger.
func Debug(l Logger, format string, args ...any) { // want Debug:`authlog\(sink=logiface.Logger.Debugf values=p1 printf=p1:p2\)`
	l.Debugf(format, args...)
}

// Show passes them to a Printer, which is no log.
func Show(p Printer, format string, args ...any) {
	p.Printf(format, args...)
}

// Configure sets the level, which logs nothing, and attaches fields,
// which every line of the logger it returns shows.
func Configure(l Logger, level int, fields ...any) Logger { // want Configure:`authlog\(sink=logiface.Logger.With values=p2\)`
	l.SetLevel(level)
	return l.With(fields...)
}
