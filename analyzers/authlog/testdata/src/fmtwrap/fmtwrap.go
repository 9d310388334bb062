// Package fmtwrap: a project logger whose printf methods format the
// message first and then write the text; it imports no net/http.
package fmtwrap

import (
	"bytes"
	"fmt"
	"log"
)

type Logger struct {
	out    *log.Logger
	prefix string
}

// Debugf formats, then logs the text: its callers' verbs say what is
// shown.
func (l *Logger) Debugf(format string, args ...any) { // want Debugf:`authlog\(sink=\(\*log.Logger\).Println printf=p0:p1\)`
	msg := fmt.Sprintf(format, args...)
	l.out.Println(l.prefix, msg)
}

// Errorf formats an error and logs its text.
func (l *Logger) Errorf(format string, args ...any) { // want Errorf:`authlog\(sink=log.Print printf=p0:p1\)`
	err := fmt.Errorf(format, args...)
	log.Print(err.Error())
}

// Tracef formats, but also logs the arguments as they are: every
// argument is shown whatever its verb.
func (l *Logger) Tracef(format string, args ...any) { // want Tracef:`authlog\(sink=\(\*log.Logger\).Println values=p0,p1\)`
	msg := fmt.Sprintf(format, args...)
	l.out.Println(msg, args)
}

// Infof formats with a format of its own: the callers' format is an
// argument, and its arguments are shown as they are.
func (l *Logger) Infof(format string, args ...any) { // want Infof:`authlog\(sink=\(\*log.Logger\).Println values=p0,p1\)`
	msg := fmt.Sprintf("%s %v", format, args)
	l.out.Println(msg)
}

// Logf takes a level first, and builds the line in a buffer.
func (l *Logger) Logf(level int, format string, args ...any) { // want Logf:`authlog\(sink=\(\*log.Logger\).Printf printf=p1:p2\)`
	if level < 2 {
		return
	}
	var b bytes.Buffer
	b.WriteString("[DEBUG] ")
	b.WriteString(fmt.Sprintf(format, args...))
	l.out.Printf("%s", b.String())
}
