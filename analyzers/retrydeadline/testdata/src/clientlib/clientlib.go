// Package clientlib holds shared clients.
package clientlib

import (
	"net/http"
	"time"
)

// Default bounds each request.
var Default = &http.Client{Timeout: 30 * time.Second} // want Default:`clienttimeout`

// Pooled gets its Timeout after it is made.
var Pooled = newPooled() // want Pooled:`clienttimeout`

func newPooled() *http.Client {
	return &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 8}}
}

func init() {
	Pooled.Timeout = 10 * time.Second
}

// Plain has no Timeout.
var Plain = &http.Client{}
