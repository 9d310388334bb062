// Package logwrap wraps a logger interface of another package; it imports
// no log package, no net/http, and no package that exports a fact.
package logwrap

import "loggerdecl"

// Warn passes a message and key/value pairs to the logger.
func Warn(l loggerdecl.LeveledLogger, msg string, keyvals ...any) { // want Warn:`authlog\(sink=loggerdecl.LeveledLogger.Warnw values=p1,p2\)`
	l.Warnw(msg, keyvals...)
}

// Ready logs only constants.
func Ready(l loggerdecl.LeveledLogger) {
	l.Warnw("ready", "level", 0)
}
