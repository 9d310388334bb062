// Package funcfieldlib is an SDK whose client logs through a func field
// that its user sets.
package funcfieldlib

// Client logs through Logf when it is set.
type Client struct {
	// Logf, when set, receives the client's debug log (log.Printf,
	// t.Logf, ...).
	Logf func(format string, args ...any)
	// Transform rewrites a message; it is no log.
	Transform func(format string, args ...any) string
}

// Debugf logs through the client's Logf: a printf wrapper of it.
func (c *Client) Debugf(format string, args ...any) { // want Debugf:`authlog\(sink=\(funcfieldlib.Client\).Logf printf=p0:p1\)`
	if c.Logf != nil {
		c.Logf(format, args...)
	}
}
