// Package mid wraps core's client: its Send hands the request it is
// given to core's Do, and so re-sends it as Do does.
package mid

import (
	"net/http"

	"wrapsender/core"
)

type API struct {
	C *core.Client
}

func (a *API) Send(req *http.Request) (*http.Response, error) { // want Send:`sends\(param 0\)` Send:`resends\(param 0 after a transport error or status 500\)`
	if req.URL.Path == "" {
		return nil, http.ErrMissingFile
	}
	return a.C.Do(req)
}
