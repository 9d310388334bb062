// Package klog is a minimal stub of k8s.io/klog/v2 for the tests.
package klog

type Verbose struct{ enabled bool }

func V(level int) Verbose                                { return Verbose{} }
func (v Verbose) Infof(format string, args ...any)       {}
func (v Verbose) InfoS(msg string, keysAndValues ...any) {}
func Info(args ...any)                                   {}
func Infof(format string, args ...any)                   {}
func InfoS(msg string, keysAndValues ...any)             {}
func ErrorS(err error, msg string, keysAndValues ...any) {}
