// Package loggerdecl only declares a logger interface: it exports no
// fact, so a package that imports it learns of the interface from its
// type alone.
package loggerdecl

// LeveledLogger logs messages with key/value pairs.
type LeveledLogger interface {
	Warnw(msg string, keyvals ...any)
}
