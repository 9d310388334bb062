// Package logwrap wraps a logger interface of another package; it imports
// no log package and no net/http.
package logwrap

import "logiface"

// Warn passes a message and key/value pairs to the logger.
func Warn(l logiface.Logger, msg string, keyvals ...any) { // want Warn:`authlog\(sink=logiface.Logger.Warnw values=p1,p2\)`
	l.Warnw(msg, keyvals...)
}

// Ready logs only constants.
func Ready(l logiface.Logger) {
	l.Logf(0, "ready")
}
