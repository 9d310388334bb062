// Package pkglog logs requests through logging packages of functions.
package pkglog

import (
	"context"
	"net/http"
	"net/http/httputil"

	"pkglog/catalog"
	"pkglog/log"
	"pkglog/tflog"
)

func debugHeaders(req *http.Request) {
	log.Debugf("sending %s with headers %v", req.URL, req.Header) // want `http.Header \(may hold Authorization, Proxy-Authorization, ...\) reaches pkglog/log.Debugf`
}

func infoAuth(req *http.Request) {
	log.Info("sending", "auth", req.Header.Get("Authorization")) // want `Authorization header value reaches pkglog/log.Info`
}

func traceDump(ctx context.Context, req *http.Request) {
	dump, err := httputil.DumpRequestOut(req, true)
	if err != nil {
		return
	}
	tflog.Debug(ctx, "Sending HTTP Request", map[string]any{"dump": string(dump)}) // want `request dump \(includes every header\) reaches tflog.Debug`
}

// The URL alone: silent.
func debugURL(req *http.Request) {
	log.Debugf("sending %s %s", req.Method, req.URL)
}

// An error built, not logged: silent.
func wrap(req *http.Request) error {
	return log.Errorf("bad header %v", req.Header)
}

// A catalog's Info records, it does not log: silent.
func record(req *http.Request) {
	catalog.Info("request", req.Header)
}
