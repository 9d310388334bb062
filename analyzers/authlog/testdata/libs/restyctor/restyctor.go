// Package restyctor sends through resty clients that package api makes:
// the debug log is switched on on one side, the credential set on the
// other.
package restyctor

import (
	"os"

	"libs/restyctor/api"
)

// The caller switches the debug log on; the constructor set the token.
func Orders(token string) error {
	c := api.Tokened(token)
	if os.Getenv("API_DEBUG") != "" {
		c.SetDebug(true) // want `resty debug log is switched on for a client whose Authorization header is set by its constructor api.Tokened`
	}
	_, err := c.R().Get("https://api.example.com/orders")
	return err
}

// The constructor switched the debug log on; the caller sets the token.
func Payments(token string) error {
	c := api.Debugging()
	c.SetAuthToken(token) // want `SetAuthToken sets the Authorization header of a client whose constructor api.Debugging switched the resty debug log on`
	_, err := c.R().Get("https://api.example.com/payments")
	return err
}

// The constructor logs its token (reported in api); the caller adds the
// curl command, which OnRequestLog does not edit.
func Verbose(token string) error {
	c := api.Verbose(token)
	c.EnableGenerateCurlOnDebug() // want `resty debug log holds a curl command with every header, including the Authorization header`
	_, err := c.R().Get("https://api.example.com/orders")
	return err
}

// The constructor switched the debug log and its curl command on: the
// fix drops the token from the log and switches the curl command off.
func Refunds(token string) error {
	c := api.CurlDebug()
	c.SetAuthToken(token) // want `SetAuthToken sets the Authorization header of a client whose constructor api.CurlDebug switched the resty debug log on`
	_, err := c.R().Get("https://api.example.com/refunds")
	return err
}

// The constructor's hook edits the logged headers, not its curl command.
func Invoices(token string) error {
	_, err := api.CurlToken(token).SetDebug(true).R().Get("https://api.example.com/invoices") // want `resty debug log holds the curl command that the constructor api.CurlToken switched on, with the Authorization header`
	return err
}

// ---- must stay silent ----

// The caller switches the constructor's curl command off.
func CurlOff(token string) error {
	_, err := api.CurlToken(token).DisableGenerateCurlOnDebug().SetDebug(true).R().Get("https://api.example.com/invoices")
	return err
}

// The curl command without a credential.
func CurlPlain() error {
	_, err := api.CurlDebug().SetHeader("Accept", "application/json").R().Get("https://api.example.com/status")
	return err
}

// The token without the debug log.
func Quiet(token string) error {
	_, err := api.Tokened(token).R().Get("https://api.example.com/orders")
	return err
}

// The debug log without a credential.
func Plain() error {
	_, err := api.Debugging().SetHeader("Accept", "application/json").R().Get("https://api.example.com/status")
	return err
}

// The constructor's header is no credential.
func Accepting() error {
	_, err := api.Accept().SetDebug(true).R().Get("https://api.example.com/status")
	return err
}

// The constructor's hook drops the token from the debug log.
func Logged(token string) error {
	_, err := api.Logged(token).SetDebug(true).R().Get("https://api.example.com/orders")
	return err
}

// The caller switches the constructor's debug log off.
func Off(token string) error {
	_, err := api.Debugging().SetDebug(false).SetAuthToken(token).R().Get("https://api.example.com/orders")
	return err
}

// The constructor does both, and is reported in its package.
func Both(token string) error {
	_, err := api.Verbose(token).R().Get("https://api.example.com/orders")
	return err
}

// The constructor's debug log follows a flag it is handed: not taken for
// one switched on.
func FlaggedOff(token string) error {
	_, err := api.Flagged(false).SetAuthToken(token).R().Get("https://api.example.com/orders")
	return err
}
