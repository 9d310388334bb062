// Package clientctor sends through clients that constructor functions
// return, of this package and of another.
package clientctor

import (
	"net/http"
	"time"

	"clientctor/httpx"
)

func newHTTP() *http.Client { // want newHTTP:`clienttimeout`
	hc := &http.Client{}
	hc.Timeout = 20 * time.Second
	return hc
}

type API struct {
	hc    *http.Client
	plain *http.Client
	mixed *http.Client
}

func New() *API {
	return &API{hc: httpx.NewWrapped(), plain: httpx.NewPlain(), mixed: httpx.NewEither(true)}
}

// Ping sends through a client whose constructor, in another package, sets
// a Timeout.
func (a *API) Ping(u string) error {
	var err error
	for i := 0; i < 3; i++ {
		req, rerr := http.NewRequest(http.MethodGet, u, nil)
		if rerr != nil {
			return rerr
		}
		resp, e := a.hc.Do(req) // want `per-attempt timeout \(http.Client.Timeout\) inside retry loop but no overall deadline`
		if e == nil {
			resp.Body.Close()
			return nil
		}
		err = e
		time.Sleep(time.Second)
	}
	return err
}

// Local sends through a client of this package's constructor.
func Local(u string) error {
	hc := newHTTP()
	var err error
	for i := 0; i < 3; i++ {
		req, rerr := http.NewRequest(http.MethodGet, u, nil)
		if rerr != nil {
			return rerr
		}
		resp, e := hc.Do(req) // want `per-attempt timeout \(http.Client.Timeout\) inside retry loop but no overall deadline`
		if e == nil {
			resp.Body.Close()
			return nil
		}
		err = e
		time.Sleep(time.Second)
	}
	return err
}

// Plain's client has no Timeout.
func (a *API) Plain(u string) error {
	var err error
	for i := 0; i < 3; i++ {
		req, rerr := http.NewRequest(http.MethodGet, u, nil)
		if rerr != nil {
			return rerr
		}
		resp, e := a.plain.Do(req)
		if e == nil {
			resp.Body.Close()
			return nil
		}
		err = e
		time.Sleep(time.Second)
	}
	return err
}

// Mixed's constructor may return a client without a Timeout.
func (a *API) Mixed(u string) error {
	var err error
	for i := 0; i < 3; i++ {
		req, rerr := http.NewRequest(http.MethodGet, u, nil)
		if rerr != nil {
			return rerr
		}
		resp, e := a.mixed.Do(req)
		if e == nil {
			resp.Body.Close()
			return nil
		}
		err = e
		time.Sleep(time.Second)
	}
	return err
}
