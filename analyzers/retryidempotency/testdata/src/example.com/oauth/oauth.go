// Package oauth declares the error answer of an OAuth server.
package oauth

// Error is an OAuth error answer (RFC 6749, section 5.2).
type Error struct {
	Code string `json:"error"`
}

func (e *Error) Error() string { return "oauth: " + e.Code }
