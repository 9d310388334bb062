// Package headeralias redacts a request's headers through a variable that
// holds the header map: h := r.Header; h.Set(...) changes r.Header.
package headeralias

import (
	"context"
	"log"
	"net/http"
	"net/http/httputil"
)

func newRequest(url, token string) (*http.Request, error) {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Add("X-Auth-Token", token)
	return req, nil
}

// dumpMasked masks the one credential the package sends on a clone,
// through an alias of the clone's header: silent.
func dumpMasked(req *http.Request) {
	r := req.Clone(context.TODO())
	h := r.Header
	if len(h.Get("X-Auth-Token")) != 0 {
		h.Set("X-Auth-Token", "**REDACTED**")
	}
	o, _ := httputil.DumpRequestOut(r, false)
	log.Printf("request:\n%s", o)
}

// dumpOther masks the header of another clone than the one it dumps.
func dumpOther(req *http.Request) {
	r := req.Clone(context.TODO())
	masked := req.Clone(context.TODO())
	h := masked.Header
	h.Set("X-Auth-Token", "**REDACTED**")
	o, _ := httputil.DumpRequestOut(r, false)
	log.Printf("request:\n%s", o) // want `request dump \(includes every header\) reaches log.Printf`
	_ = masked
}

func send(url, token string) {
	req, err := newRequest(url, token)
	if err != nil {
		return
	}
	dumpMasked(req)
	dumpOther(req)
}
