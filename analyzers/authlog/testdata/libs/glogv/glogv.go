// Package glogv logs through glog, whose V(level) gates a message on the
// verbosity: a verbose message is a log like any other.
package glogv

import (
	"context"
	"net/http"

	"github.com/golang/glog"
)

func verbose(req *http.Request) {
	glog.V(2).Infof("auth %s", req.Header.Get("Authorization")) // want `Authorization header value reaches glog.Verbose.Infof`
}

func depth(ctx context.Context, req *http.Request) {
	glog.InfoContextDepthf(ctx, 1, "cookie %s", req.Header.Get("Cookie")) // want `Cookie header value reaches glog.InfoContextDepthf`
}

// Silent: what the verbose log prints holds no credential.
func status(resp *http.Response) {
	glog.V(2).Infof("status %d from %s", resp.StatusCode, resp.Request.URL.Redacted())
	glog.V(1).InfoDepth(1, "done")
}
