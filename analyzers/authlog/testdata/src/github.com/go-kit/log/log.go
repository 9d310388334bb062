// Package log is a minimal stub of github.com/go-kit/log for the tests.
package log

// Logger is the go-kit logger: a log by its shape.
type Logger interface {
	Log(keyvals ...any) error
}

func With(logger Logger, keyvals ...any) Logger       { return logger }
func WithPrefix(logger Logger, keyvals ...any) Logger { return logger }
func WithSuffix(logger Logger, keyvals ...any) Logger { return logger }
