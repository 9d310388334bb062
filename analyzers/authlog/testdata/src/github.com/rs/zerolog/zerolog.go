// Package zerolog is a minimal stub of github.com/rs/zerolog for the tests.
package zerolog

import "io"

type Logger struct{}

type Event struct{}

type Context struct{}

func New(w io.Writer) Logger                           { return Logger{} }
func (l Logger) Info() *Event                          { return &Event{} }
func (l Logger) Debug() *Event                         { return &Event{} }
func (l Logger) With() Context                         { return Context{} }
func (l Logger) Printf(format string, v ...any)        {}
func (e *Event) Str(key, val string) *Event            { return e }
func (e *Event) Strs(key string, vals []string) *Event { return e }
func (e *Event) Int(key string, i int) *Event          { return e }
func (e *Event) Interface(key string, i any) *Event    { return e }
func (e *Event) Hex(key string, val []byte) *Event     { return e }
func (e *Event) Fields(fields any) *Event              { return e }
func (e *Event) Msg(msg string)                        {}
func (e *Event) Msgf(format string, v ...any)          {}
func (e *Event) Send()                                 {}
func (c Context) Str(key, val string) Context          { return c }
func (c Context) Logger() Logger                       { return Logger{} }
