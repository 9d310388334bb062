package restydebug

import (
	"os"

	"github.com/go-resty/resty/v2"
)

type API struct {
	rc *resty.Client
}

func New(token string) *API {
	rc := resty.New().SetAuthToken(token)
	if os.Getenv("API_DEBUG") != "" {
		rc.SetDebug(true) // want `resty debug log is switched on for a client whose Authorization header is set by SetAuthToken`
	}
	return &API{rc: rc}
}

func chained(user, pass string) *resty.Client {
	return resty.New().
		SetBasicAuth(user, pass).
		SetDebug(true) // want `whose Authorization header is set by SetBasicAuth`
}

func header(key string) *resty.Client {
	c := resty.New().SetDebug(true) // want `whose X-Api-Key header is set by SetHeader`
	c.SetHeader("X-Api-Key", key)
	return c
}

type holder struct {
	client *resty.Client
}

func field(token string) *holder {
	h := &holder{client: resty.New().SetDebug(true)} // want `whose Authorization header is set by SetHeader`
	h.client.SetHeader("Authorization", "Bearer "+token)
	return h
}

// curl: the curl command of the debug log is not edited by OnRequestLog.
func curl(token string) *resty.Client {
	c := resty.New().SetAuthToken(token).SetDebug(true).OnRequestLog(func(rl *resty.RequestLog) error {
		rl.Header.Del("Authorization")
		return nil
	})
	c.EnableGenerateCurlOnDebug() // want `resty debug log holds a curl command with every header, including the Authorization header`
	return c
}

// ---- must stay silent ----

func curlNoCreds() *resty.Client {
	return resty.New().SetDebug(true).EnableGenerateCurlOnDebug()
}

func curlOff(token string) *resty.Client {
	c := resty.New().SetAuthToken(token).SetDebug(true).EnableGenerateCurlOnDebug().OnRequestLog(func(rl *resty.RequestLog) error {
		rl.Header.Del("Authorization")
		return nil
	})
	c.DisableGenerateCurlOnDebug()
	return c
}

func noCreds() *resty.Client {
	return resty.New().SetDebug(true).SetHeader("Accept", "application/json")
}

func debugOff(token string) *resty.Client {
	return resty.New().SetAuthToken(token).SetDebug(false)
}

func redacted(token string) *resty.Client {
	return resty.New().SetAuthToken(token).SetDebug(true).OnRequestLog(func(rl *resty.RequestLog) error {
		rl.Header.Del("Authorization")
		return nil
	})
}

func otherClient(token string) (*resty.Client, *resty.Client) {
	a := resty.New().SetAuthToken(token)
	b := resty.New().SetDebug(true)
	return a, b
}

// flagged: a debug flag that is not the constant false may switch it on,
// and either constructor may make the client.
type monitor struct {
	rc *resty.Client
}

func newMonitor(custom bool, token string, debug bool) *monitor {
	m := &monitor{}
	if custom {
		m.rc = resty.NewWithClient(nil)
	} else {
		m.rc = resty.New()
	}
	m.rc.SetHeader("Authorization", "Bearer "+token)
	m.setDebug(debug)
	return m
}

func (m *monitor) setDebug(debug bool) {
	m.rc.SetDebug(debug) // want `whose Authorization header is set by SetHeader`
}
