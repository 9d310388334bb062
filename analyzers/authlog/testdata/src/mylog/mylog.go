// Package mylog wraps log functions; it does not import net/http, yet its
// wrappers are logs for the packages that call them.
package mylog

import (
	"fmt"
	"log"
	"log/slog"
	"os"
)

// Infof formats like log.Printf.
func Infof(format string, args ...any) { // want Infof:`authlog\(sink=log.Printf values=p0 printf=p0:p1\)`
	log.Printf("INFO "+format, args...)
}

// Debugf passes its arguments on to another wrapper.
func Debugf(format string, args ...any) { // want Debugf:`authlog\(sink=log.Printf values=p0 printf=p0:p1\)`
	if os.Getenv("DEBUG") != "" {
		Infof(format, args...)
	}
}

// Field logs one key and value with slog.
func Field[V any](key string, v V) { // want Field:`authlog\(sink=slog.Info values=p0,p1\)`
	slog.Info("field", slog.Any(key, v))
}

// Logger is a leveled logger.
type Logger struct{ prefix string }

// Print writes its arguments to standard error.
func (l *Logger) Print(args ...any) { // want Print:`authlog\(sink=fmt.Fprintln values=p0\)`
	fmt.Fprintln(os.Stderr, append([]any{l.prefix}, args...)...)
}

// Count does not log its argument.
func Count(args ...any) int {
	log.Printf("%d values", len(args))
	return len(args)
}

// Kind logs only the type of its argument.
func Kind(v any) {
	log.Printf("kind %T", v)
}
