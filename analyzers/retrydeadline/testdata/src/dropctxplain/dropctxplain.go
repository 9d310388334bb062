// Package dropctxplain drops a request's new context in a package that
// sends once and never retries: out of the analyzer's scope.
package dropctxplain

import (
	"context"
	"net/http"
)

func get(ctx context.Context, hc *http.Client, req *http.Request) (*http.Response, error) {
	req.WithContext(ctx)
	return hc.Do(req)
}
