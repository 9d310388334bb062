// Package dumpsend holds retry loops that dump each attempt for
// debugging: httputil.DumpRequestOut writes the request into memory, so
// its error is no transport error and the dump sends nothing.
package dumpsend

import (
	"log"
	"net/http"
	"net/http/httputil"
)

// ---- must stay silent ----

// dumped logs the dump's error and goes on to the send, whose transport
// error ends the loop; only a 429, a rejection, is retried.
func dumped(hc *http.Client, req *http.Request) (*http.Response, error) {
	for n := 1; ; n++ {
		dump, err := httputil.DumpRequestOut(req, true)
		if err == nil {
			log.Printf("%d bytes", len(dump))
		} else {
			log.Printf("dump: %v", err)
		}
		resp, err := hc.Do(req)
		if err != nil {
			return nil, err
		}
		if n >= 3 || resp.StatusCode != http.StatusTooManyRequests {
			return resp, nil
		}
		resp.Body.Close()
	}
}

// ---- must flag ----

// dumpedAndResent re-sends any request after a transport error: the
// dump beside it changes nothing.
func dumpedAndResent(hc *http.Client, req *http.Request) (*http.Response, error) {
	var lastErr error
	for n := 0; n < 3; n++ {
		if dump, err := httputil.DumpRequestOut(req, false); err == nil {
			log.Printf("%d bytes", len(dump))
		}
		resp, err := hc.Do(req) // want `a request of any method is re-sent after a transport error`
		if err != nil {
			lastErr = err
			continue
		}
		return resp, nil
	}
	return nil, lastErr
}
