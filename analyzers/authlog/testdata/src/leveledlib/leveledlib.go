// Package leveledlib declares a leveled logger interface whose name does
// not say it logs.
package leveledlib

// Reporter is what a client is given to report its requests.
type Reporter interface {
	Debugf(format string, args ...interface{})
	Infof(format string, args ...interface{})
	Errorf(format string, args ...interface{})
}

// Options configure a client.
type Options struct {
	Out Reporter
}
