// Package logrus is a minimal stub of github.com/sirupsen/logrus for the
// tests.
package logrus

import "io"

type Fields map[string]any

type Level uint32

const DebugLevel Level = 5

type Logger struct{}

type Entry struct{}

type FieldLogger interface {
	WithField(key string, value any) *Entry
	Infof(format string, args ...any)
	Info(args ...any)
}

func New() *Logger                                      { return &Logger{} }
func StandardLogger() *Logger                           { return &Logger{} }
func WithField(key string, value any) *Entry            { return &Entry{} }
func WithFields(fields Fields) *Entry                   { return &Entry{} }
func WithError(err error) *Entry                        { return &Entry{} }
func Info(args ...any)                                  {}
func Infof(format string, args ...any)                  {}
func Warnf(format string, args ...any)                  {}
func (*Logger) WithField(key string, value any) *Entry  { return &Entry{} }
func (*Logger) Infof(format string, args ...any)        {}
func (*Logger) Info(args ...any)                        {}
func (e *Entry) WithField(key string, value any) *Entry { return e }
func (*Entry) Info(args ...any)                         {}
func (*Entry) Infof(format string, args ...any)         {}
func (*Logger) Writer() *io.PipeWriter                  { return nil }
func (*Logger) WriterLevel(level Level) *io.PipeWriter  { return nil }
