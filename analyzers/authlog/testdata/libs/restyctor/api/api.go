// Package api makes the resty clients the rest of the module shares.
package api

import (
	restyv2 "github.com/go-resty/resty/v2"
	"resty.dev/v3"
)

// Tokened returns a v2 client that sends a bearer token.
func Tokened(token string) *restyv2.Client {
	return restyv2.New().SetAuthToken(token)
}

// Session returns a v3 client that sends a session cookie, which v3
// does not mask in its debug log.
func Session(cookie string) *resty.Client {
	return resty.New().SetHeader("Cookie", "session="+cookie)
}

// Debugging returns a v2 client whose debug log is on.
func Debugging() *restyv2.Client {
	c := restyv2.New()
	c.SetDebug(true)
	return c
}

// DebugV3 returns a v3 client whose debug log is on.
func DebugV3() *resty.Client {
	return resty.New().SetDebug(true)
}

// Verbose returns a v2 client that logs its own token: reported here.
func Verbose(token string) *restyv2.Client {
	return restyv2.New().SetAuthToken(token).SetDebug(true) // want `resty debug log is switched on for a client whose Authorization header is set by SetAuthToken`
}

// CurlDebug returns a v2 client whose debug log is on and holds the
// curl command.
func CurlDebug() *restyv2.Client {
	return restyv2.New().SetDebug(true).EnableGenerateCurlOnDebug()
}

// CurlToken returns a v2 client with a token and the curl command in its
// debug log, which is off, and a hook that drops the token from the
// logged headers but not from the curl command.
func CurlToken(token string) *restyv2.Client {
	return restyv2.New().SetAuthToken(token).EnableGenerateCurlOnDebug().OnRequestLog(func(rl *restyv2.RequestLog) error {
		rl.Header.Del("Authorization")
		return nil
	})
}

// CurlV3 returns a v3 client whose debug log is on and holds the curl
// command.
func CurlV3() *resty.Client {
	return resty.New().SetDebug(true).SetCurlCmdGenerate(true).SetCurlCmdDebugLog(true)
}

// ---- what the callers' look-alikes use ----

// Accept returns a v2 client that sets a header that is no credential.
func Accept() *restyv2.Client {
	return restyv2.New().SetHeader("Accept", "application/json")
}

// Logged returns a v2 client with a token whose debug log drops it.
func Logged(token string) *restyv2.Client {
	return restyv2.New().SetAuthToken(token).OnRequestLog(func(rl *restyv2.RequestLog) error {
		rl.Header.Del("Authorization")
		return nil
	})
}

// TokenV3 returns a v3 client with a token, which v3 masks.
func TokenV3(token string) *resty.Client {
	return resty.New().SetAuthToken(token)
}

// Flagged returns a v2 client whose debug log is the caller's choice.
func Flagged(debug bool) *restyv2.Client {
	c := restyv2.New()
	c.SetDebug(debug)
	return c
}
