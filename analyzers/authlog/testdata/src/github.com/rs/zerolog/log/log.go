// Package log is a minimal stub of github.com/rs/zerolog/log for the tests.
package log

import "github.com/rs/zerolog"

var Logger zerolog.Logger

func Info() *zerolog.Event           { return Logger.Info() }
func Printf(format string, v ...any) {}
