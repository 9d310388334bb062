// Package clientgetter holds retry loops that send through a client a
// call returns where it is used: a getter of a client a sync.Once fills,
// or a constructor without arguments.
package clientgetter

import (
	"net/http"
	"sync"
	"time"
)

var (
	sharedOnce sync.Once
	shared     *http.Client // want shared:"clienttimeout 30s"
)

func newHTTPClient() *http.Client { // want newHTTPClient:"clienttimeout 30s"
	return &http.Client{Timeout: 30 * time.Second}
}

func sharedClient() *http.Client { // want sharedClient:"clienttimeout 30s"
	sharedOnce.Do(func() { shared = newHTTPClient() })
	return shared
}

// The getter's client bounds each attempt at 30 s, and nothing bounds
// the three.
func viaGetter(url string) (*http.Response, error) {
	var resp *http.Response
	var err error
	for i := 0; i < 3; i++ {
		resp, err = sharedClient().Get(url) // want `per-attempt timeout \(http.Client.Timeout\) inside retry loop but no overall deadline`
		if err == nil {
			return resp, nil
		}
	}
	return nil, err
}

// A new client for each attempt, from a constructor.
func viaConstructor(url string) (*http.Response, error) {
	var resp *http.Response
	var err error
	for i := 0; i < 3; i++ {
		resp, err = newHTTPClient().Get(url) // want `per-attempt timeout \(http.Client.Timeout\) inside retry loop but no overall deadline`
		if err == nil {
			return resp, nil
		}
	}
	return nil, err
}

// Agent holds the client its constructor makes.
type Agent struct {
	client *http.Client
	plain  *http.Client
}

func NewAgent() *Agent {
	return &Agent{client: &http.Client{Timeout: 3 * time.Second}, plain: &http.Client{}}
}

// Client is a getter of the field.
func (a *Agent) Client() *http.Client { return a.client } // want Client:"clienttimeout 3s"

// Plain is a getter of a field that holds a client without a Timeout.
func (a *Agent) Plain() *http.Client { return a.plain }

// A method getter of a field the constructor fills with a client with a
// Timeout.
func (a *Agent) head(url string) (resp *http.Response, err error) {
	for try := 0; ; try++ {
		resp, err = a.Client().Head(url) // want `per-attempt timeout \(http.Client.Timeout\) inside retry loop but no overall deadline`
		if err == nil || try >= 2 {
			return resp, err
		}
	}
}

// ---- must stay silent ----

// The getter's field holds no Timeout.
func (a *Agent) headPlain(url string) (resp *http.Response, err error) {
	for try := 0; ; try++ {
		resp, err = a.Plain().Head(url)
		if err == nil || try >= 2 {
			return resp, err
		}
	}
}

var (
	plainOnce sync.Once
	plain     *http.Client
)

func plainClient() *http.Client {
	plainOnce.Do(func() { plain = &http.Client{} })
	return plain
}

// No Timeout: nothing bounds an attempt, which is not this check's.
func viaPlainGetter(url string) (*http.Response, error) {
	var resp *http.Response
	var err error
	for i := 0; i < 3; i++ {
		resp, err = plainClient().Get(url)
		if err == nil {
			return resp, nil
		}
	}
	return nil, err
}

// One request for each URL: iteration, not a retry.
func each(urls []string) {
	for _, u := range urls {
		resp, err := sharedClient().Get(u)
		if err != nil {
			continue
		}
		resp.Body.Close()
	}
}
