// Package chanlog is a logger of another module whose methods hand each
// record to a goroutine over a channel, a road facts do not follow to the
// writer (as charmbracelet/log's handlers and op/go-logging's backends).
package chanlog

import (
	"fmt"
	"io"
)

type record struct {
	level string
	text  string
}

// Logger writes records to its writer from a goroutine.
type Logger struct {
	records chan record
}

// New returns a logger writing to w.
func New(w io.Writer) *Logger {
	l := &Logger{records: make(chan record, 64)}
	go func() {
		for r := range l.records {
			io.WriteString(w, r.level+" "+r.text+"\n")
		}
	}()
	return l
}

// Debugf logs at debug level.
func (l *Logger) Debugf(format string, args ...any) {
	l.records <- record{"DEBUG", fmt.Sprintf(format, args...)}
}

// Info logs a message with key/value pairs.
func (l *Logger) Info(msg string, keyvals ...any) {
	l.records <- record{"INFO", fmt.Sprint(append([]any{msg}, keyvals...)...)}
}

// Errorf builds an error; it logs nothing.
func (l *Logger) Errorf(format string, args ...any) error {
	return fmt.Errorf(format, args...)
}

// NopLogger logs nothing.
type NopLogger struct{}

// Debugf does nothing.
func (NopLogger) Debugf(format string, args ...any) {}

// EventLog keeps its events in memory.
type EventLog struct {
	events []string
}

// Log keeps msg.
func (l *EventLog) Log(msg string) {
	l.events = append(l.events, msg)
}

// LogParser collects the warnings of a parse: its name ends in Parser.
type LogParser struct {
	warnings []string
}

// Warnf collects a warning.
func (p *LogParser) Warnf(format string, args ...any) {
	p.warnings = append(p.warnings, fmt.Sprintf(format, args...))
}
