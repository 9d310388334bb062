// Package catalog names its entries: its Info is no log.
package catalog

var entries []string

// Info records an entry of the catalog.
func Info(msg string, args ...any) {
	entries = append(entries, msg)
}
