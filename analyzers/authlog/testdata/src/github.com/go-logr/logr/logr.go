// Package logr is a minimal stub of github.com/go-logr/logr for the tests.
package logr

type Logger struct{}

func Discard() Logger                                              { return Logger{} }
func (l Logger) V(level int) Logger                                { return l }
func (l Logger) Enabled() bool                                     { return false }
func (l Logger) Info(msg string, keysAndValues ...any)             {}
func (l Logger) Error(err error, msg string, keysAndValues ...any) {}
func (l Logger) WithValues(keysAndValues ...any) Logger            { return l }
func (l Logger) WithName(name string) Logger                       { return l }
