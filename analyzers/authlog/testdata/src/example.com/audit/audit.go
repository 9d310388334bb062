// Package audit is a log of its own, named to the analyzer with -sinks.
package audit

type Trail struct{ entries []string }

// Record writes an audit line.
func Record(event string, detail any) {}

// Add appends to the trail.
func (t *Trail) Add(entry string) { t.entries = append(t.entries, entry) }

// Count is not a log.
func Count(entry string) int { return len(entry) }
