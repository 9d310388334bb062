// Package hclog is a minimal stub of github.com/hashicorp/go-hclog for the
// tests.
package hclog

type Logger interface {
	Debug(msg string, args ...any)
	Info(msg string, args ...any)
	Error(msg string, args ...any)
	With(args ...any) Logger
}

type LoggerOptions struct{ Name string }

func New(opts *LoggerOptions) Logger { return nil }
func Default() Logger                { return nil }
