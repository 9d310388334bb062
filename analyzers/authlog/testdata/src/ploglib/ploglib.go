// Package ploglib is an SDK's logging package: a logger interface with
// context methods and typed fields, and helpers that log through it.
package ploglib

import (
	"context"
	"net/http"
)

// Fields are the fields of a structured log line.
type Fields map[string]any

// Logger is what users configure the SDK with.
type Logger interface {
	WithFields(f Fields) Logger
	WithField(key string, value any) Logger
	Debug(args ...any)
	Info(args ...any)
}

// Field is a typed field of FieldLogger.
type Field struct {
	Key   string
	Value any
}

// F makes a Field.
func F(key string, value any) Field { return Field{Key: key, Value: value} } // want F:`authlog\(result0<-p0,p1\)`

// FieldLogger takes typed fields.
type FieldLogger interface {
	Debug(msg string, fields ...Field)
	Info(msg string, fields ...Field)
}

// CtxLogger logs with a context and field maps.
type CtxLogger interface {
	Debug(ctx context.Context, msg string, additionalFields ...map[string]any)
	Trace(ctx context.Context, msg string, additionalFields ...map[string]any)
}

// LogHeaders writes the headers as a field of every line l logs.
func LogHeaders(l Logger, h http.Header) { // want LogHeaders:`authlog\(sink=ploglib.Logger.WithFields values=p1\)`
	l.WithFields(Fields{"headers": h}).Debug("request")
}

// LogMethod writes the method alone.
func LogMethod(l Logger, r *http.Request) {
	l.WithField("method", r.Method).Debug("request")
}
