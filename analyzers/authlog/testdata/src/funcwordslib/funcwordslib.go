// Package funcwordslib is an SDK whose client takes its log as func
// values, named by words that say log or a level.
package funcwordslib

// LogFunc is the type of a client's log.
type LogFunc func(format string, args ...interface{})

// Hook is a callback of any kind: its name says nothing.
type Hook func(format string, args ...interface{})

type Client struct {
	LogFunc  func(format string, args ...interface{})
	OnDebug  Hook
	ErrorLog LogFunc
	hook     LogFunc
}

// Tracef passes its format and arguments to the client's log: a printf
// wrapper for the callers in other packages.
func (c *Client) Tracef(format string, args ...interface{}) {
	if c.LogFunc != nil {
		c.LogFunc(format, args...)
	}
}
