// Package log is a project's logger of functions, writing through an
// emitter set at start-up that nothing here can follow.
package log

import "fmt"

// Emitter receives the lines.
type Emitter interface{ Emit(string) }

var out Emitter

// SetEmitter sets where the lines go.
func SetEmitter(e Emitter) { out = e }

// Debugf logs at debug level.
func Debugf(format string, args ...any) {
	if out != nil {
		out.Emit(fmt.Sprintf(format, args...))
	}
}

// Info logs a message with key/value pairs.
func Info(msg string, keyvals ...any) {
	if out != nil {
		out.Emit(fmt.Sprint(append([]any{msg}, keyvals...)...))
	}
}

// Errorf builds an error: not a log.
func Errorf(format string, args ...any) error { return fmt.Errorf(format, args...) }
