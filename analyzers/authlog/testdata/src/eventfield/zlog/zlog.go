// Package zlog is a zerolog-shaped event logger: Bytes and Str add a
// field to the event, Msg writes the fields.
package zlog

import (
	"fmt"
	"os"
	"strings"
)

type Event struct {
	fields []string
	count  int
}

func Debug() *Event { return &Event{} }

func (e *Event) Bytes(key string, val []byte) *Event { // want Bytes:`authlog\(sink=fmt.Fprintf values=p0,p1\)`
	e.fields = append(e.fields, fmt.Sprintf("%s=%q", key, val))
	return e
}

func (e *Event) Str(key, val string) *Event { // want Str:`authlog\(sink=fmt.Fprintf values=p0,p1\)`
	e.fields = append(e.fields, key+"="+val)
	return e
}

// Int counts: the count is not written.
func (e *Event) Int(key string, n int) *Event {
	e.count += n
	return e
}

func (e *Event) Msg(msg string) { // want Msg:`authlog\(sink=fmt.Fprintf values=p0\)`
	fmt.Fprintf(os.Stderr, "level=debug %s message=%q\n", strings.Join(e.fields, " "), msg)
}
