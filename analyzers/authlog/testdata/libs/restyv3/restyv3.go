// Package restyv3 is resty.dev/v3, whose debug log and curl command mask
// the headers whose name holds authorization, auth, token, api-key or
// secret (util.go:283-307), and no other.
package restyv3

import (
	"os"

	"resty.dev/v3"
)

func session(cookie string) *resty.Client {
	c := resty.New().SetHeader("Cookie", "session="+cookie)
	if os.Getenv("API_DEBUG") != "" {
		c.SetDebug(true) // want `resty debug log is switched on for a client whose Cookie header is set by SetHeader`
	}
	return c
}

// SetAuthToken writes the header that SetHeaderAuthorizationKey names.
func renamed(token string) *resty.Client {
	return resty.New().
		SetHeaderAuthorizationKey("X-Session").
		SetAuthToken(token).
		SetDebug(true) // want `whose X-Session header is set by SetAuthToken`
}

// The curl command holds the Cookie header too, and no hook edits it.
func curl(cookie string) *resty.Client {
	c := resty.New().SetHeader("Cookie", "session="+cookie).SetDebug(true).OnDebugLog(func(dl *resty.DebugLog) {
		dl.Request.Header.Del("Cookie")
	})
	c.SetCurlCmdGenerate(true).SetCurlCmdDebugLog(true) // want `resty debug log holds a curl command with the Cookie header of this client unmasked`
	return c
}

// ---- must stay silent ----

// v3 masks the Authorization header in the debug log.
func token(token string) *resty.Client {
	return resty.New().SetAuthToken(token).SetDebug(true)
}

func basic(user, pass string) *resty.Client {
	return resty.New().SetBasicAuth(user, pass).SetDebug(true)
}

// X-Api-Key holds api-key: masked.
func apiKey(key string) *resty.Client {
	return resty.New().SetHeader("X-Api-Key", key).SetDebug(true)
}

func noDebug(cookie string) *resty.Client {
	return resty.New().SetHeader("Cookie", "session="+cookie).SetDebug(false)
}

// The curl command of a client whose credentials are all masked.
func curlToken(token string) *resty.Client {
	return resty.New().SetAuthToken(token).SetDebug(true).SetCurlCmdGenerate(true).SetCurlCmdDebugLog(true)
}

// The curl command generated but not logged.
func curlNotLogged(cookie string) *resty.Client {
	return resty.New().SetHeader("Cookie", "session="+cookie).SetDebug(true).OnDebugLog(func(dl *resty.DebugLog) {
		dl.Request.Header.Del("Cookie")
	}).SetCurlCmdGenerate(true)
}

// SetBasicAuth writes Authorization whatever SetHeaderAuthorizationKey
// says (middleware.go:287-290): masked.
func basicRenamed(user, pass string) *resty.Client {
	return resty.New().SetHeaderAuthorizationKey("X-Session").SetBasicAuth(user, pass).SetDebug(true)
}

// SetHeader("Authorization") is masked as SetAuthToken is.
func authorizationHeader(token string) *resty.Client {
	return resty.New().SetHeader("Authorization", "Bearer "+token).SetDebug(true)
}
